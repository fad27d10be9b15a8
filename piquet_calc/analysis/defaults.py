"""The whole-deal analysis's defaults, apart so that the command line reads them without importing numpy."""

DEFAULT_SEED = 20261201
DEFAULT_SAMPLES = 1000
ODDS_MIN_DEALS = 100  # fewer report deals: no odds (a normal approximation of a handful of deals says nothing)
