"""`piquet-calc discard HAND --rules normand --dealer [--play]`: the dealer's exchange, exact on the declarations
or by the whole deal; each an Answer for cli/discard.py's ``discard_answer``."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import parse_cards
from ..kernels.cache import MAX_THREADS
from ..rules import RuleSet
from .common import Answer, _number, _user_errors, click_errors
from .progress import _DealProgress, _Progress
from .why import chosen_discards, why_answer, why_normand_data

MAX_SAMPLES = 100_000
MAX_SEED = 2**32 - 1


def _check_seats(ruleset: RuleSet, seats: tuple[bool, bool, bool, bool], blanche_message: str) -> None:
    """Only the dealer exchanges: --dealer alone, and no --elder-blanche."""
    elder, younger, dealer, elder_blanche = seats
    if elder or younger or not dealer:
        raise click_errors.UsageError(f"under {ruleset.name} only the dealer exchanges: say --dealer")
    if elder_blanche:
        raise click_errors.UsageError(blanche_message)


def exchange_normand_answer(hand: str, ruleset: RuleSet, seats: tuple[bool, bool, bool, bool], top: int,
                            why: str | None, against: str | None, progress: bool) -> Answer:
    """Keep or which two, each exact on the declarations (analysis/declarations_normand.py), ``--why`` for one.
    ``seats``: --elder, --younger, --dealer, --elder-blanche."""
    shape = ruleset.table
    if shape.talon == 0 or ruleset.exchange[-1] == (0,):
        raise click_errors.UsageError(f"nobody exchanges under {ruleset.name}: use declare (--seat)")
    _check_seats(ruleset, seats, "--elder-blanche is for two players: under "
                 f"{ruleset.name} nobody shows carte blanche before the exchange")
    from .. import report
    from ..analysis.declarations_normand import analyse_exchange_normand

    with _user_errors():
        cards = parse_cards(hand, shape.hand_size, "the hand")
    chosen = chosen_discards(cards, (shape.talon,) if shape.talon in ruleset.exchange[-1] else (), why, against,
                             keep_allowed=True)
    with _user_errors():
        result = analyse_exchange_normand(cards, ruleset, progress=_Progress(progress))
    if chosen is not None:
        return why_answer(why_normand_data(result, chosen), lambda: report.exchange_normand_table(result, top))
    return Answer(lambda: report.exchange_normand_data(result, top), lambda: report.exchange_normand_table(result, top))


def deal_normand_answer(hand: str, ruleset: RuleSet, seats: tuple[bool, bool, bool, bool], top: int | None,
                        samples: int | None, seed: int, threads: int, also: Sequence[str], why: str | None,
                        against: str | None, progress: bool) -> Answer:
    """Keep or which two, each judged on sampled whole deals (analysis/deal_normand.py), ``--why`` for one.
    ``top``, ``samples``: None when not given (normand's own defaults)."""
    from ..analysis.deal_normand import NORMAND_DEFAULT_SAMPLES, NORMAND_DEFAULT_TOP, analyse_deal_normand, why_deal
    from ..report.deal_normand import deal_normand_data, deal_normand_table

    _check_seats(ruleset, seats, f"--elder-blanche is for two players, not {ruleset.name}")
    if also:
        raise click_errors.UsageError("--also: for two players; under normand --why puts an option in the final round")
    samples = NORMAND_DEFAULT_SAMPLES if samples is None else samples
    top = NORMAND_DEFAULT_TOP if top is None else top
    for name, value, low, high in (("--samples", samples, 2, MAX_SAMPLES), ("--seed", seed, 0, MAX_SEED),
                                   ("--threads", threads, 0, MAX_THREADS)):
        if not low <= value <= high:
            raise click_errors.UsageError(f"{name} must be {low} to {high:,}, not {_number(value)}")
    shape = ruleset.table
    with _user_errors():
        cards = parse_cards(hand, shape.hand_size, "the hand")
    chosen = chosen_discards(cards, (shape.talon,) if shape.talon in ruleset.exchange[-1] else (), why, against,
                             keep_allowed=True)
    forced = [] if chosen is None else [c for c in chosen if c is not False]
    stages = _DealProgress(progress)
    with _user_errors():
        result = analyse_deal_normand(cards, ruleset, samples=samples, seed=seed, top=top, also=forced,
                                      threads=threads or None, progress=stages, stage=stages.stage)
    stages.finish()
    data = deal_normand_data(result, None if chosen is None else why_deal(result, *chosen))
    return Answer(lambda: data, lambda: deal_normand_table(data))
