"""The kernel families, each declared once here: its name, its entry kernels, its compile estimate, what to call it.

A family is the entry kernels of one part of kernels/ (those the engine calls from Python, each with its own
index file in numba's cache, named ``module:function``: a family may span several kernel modules, as the play
solver's rooms do) and an estimate of their compile time on 2 cores. A new family is one ``register(...)``
line below and one warm-up call keyed by it in piquet_calc/warmup.py (``piquet-calc warm``: the registry that
knows the analyses lives above them; tests/test_first_run.py holds the two to one each); engine/first_run.py
(the first run's lines), cli/warm.py (``warm --only``'s names and help) and the engine drivers (their
``first_run.starting(...)``) read the names from here. Names follow the games' rule: the two-handed game's
unsuffixed, the others suffixed ``-normand``, ``-four``. Plain Python: nothing here imports numba.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    """One family of kernels as the engine calls them."""

    name: str
    # the kernels called from Python (or whose index shows the family compiled), each "module:function" with
    # the module's path below piquet_calc/kernels/ ("play/line:solve_line"); its index files start with the
    # module's last part ("line.solve_line-")
    entries: tuple[str, ...]
    seconds: int  # compile time on 2 free cores, rounded up (benchmarks/RESULTS.md, Start-up)
    what: str  # for the user: "the play solver"
    # other families' kernels that this one's first call compiles as well: (family, those kernels)
    includes: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def modules(self) -> tuple[str, ...]:
        """The kernel modules holding the entry kernels, in order."""
        return tuple(dict.fromkeys(entry.split(":")[0] for entry in self.entries))


FAMILIES: dict[str, Family] = {}


def register(name: str, entries: tuple[str, ...], seconds: int, what: str,
             includes: tuple[tuple[str, tuple[str, ...]], ...] = ()) -> Family:
    """Add a kernel family (one line per family, below)."""
    FAMILIES[name] = Family(name, entries, seconds, what, includes)
    return FAMILIES[name]


# fmt: off
DECLARATIONS = register("declarations",
    ("declarations/holdings:binomials", "declarations/holdings:every_holding", "declarations/count:kept_and_columns",
     "declarations/count:count_draws", "declarations/count:add_totals", "declarations/plain:holding_count"),
    20, "the declaration counts")
PLAY = register("play", ("play/transposition:begin", "play/search:position_value", "play/line:solve_line"), 45,
    "the play solver")
DEAL = register("deal", ("deal:declare_deals", "deal:play_deals", "deal:play_values"), 5, "the whole-deal sampler",
    includes=(("play", ("play/transposition:begin", "play/line:solve_line", "play/search:position_value")),))
SEEN = register("seen", ("seen:batch_values",), 20, "the card values as a player sees them",
    includes=(("play", ("play/transposition:begin",)),))
EXCHANGE_NORMAND = register("exchange-normand", ("declarations_normand:dealer_exchange",), 6,
    "normand's exchange counts")
DECLARATIONS_NORMAND = register("declarations-normand", ("declarations_normand:count_seat",), 4,
    "normand's declaration counts")
DECLARATIONS_FOUR = register("declarations-four", ("declarations_four/fast:count_chunk_fast",), 10,
    "the four-player counts")
PLAY_FOUR = register("play-four",
    ("play_four/search:position_value", "play_four/search:at_least", "play_four/search:card_values"), 30,
    "the four-player play solver", includes=(("play", ("play/transposition:begin",)),))
PLAY_NORMAND = register("play-normand",
    ("play_normand/step:begin_normand", "play_normand/search:card_values_normand", "play_normand/search:value_normand",
     "play_normand/search:at_least_normand"), 40,
    "the Normand play solver")
DEAL_NORMAND = register("deal-normand", ("play_normand/search:value_normand",), 35,
    "the Normand whole-deal solve")  # begin_normand is tiny
# fmt: on
