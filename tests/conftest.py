"""What every test shares: a user's own default rules (PIQUET_CALC_RULES, issue 40) are not the tests'; the
tests that read the variable set it themselves, in the processes they start."""

import os

os.environ.pop("PIQUET_CALC_RULES", None)
