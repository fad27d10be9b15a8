"""The whole-deal analysis's defaults, apart so that the command line reads them without importing numpy."""

DEFAULT_SEED = 20261201
DEFAULT_SAMPLES = 1000
