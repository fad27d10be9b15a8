"""`piquet-calc discard HAND --rules normand --dealer --play`: the dealer's exchange by the whole deal."""

from __future__ import annotations

import typer

from ..cards import parse_cards
from ..kernels.cache import MAX_THREADS
from ..rules import RuleSet
from .common import PROG, _emit, _given, _number, _user_errors, click_errors
from .progress import _DealProgress
from .why import chosen_discards

MAX_SAMPLES = 100_000
MAX_SEED = 2**32 - 1


def discard_normand_play(ctx: typer.Context, hand: str, ruleset: RuleSet, seats: tuple[bool, bool, bool, bool],
                         top: int, samples: int, seed: int, threads: int, why: str | None, against: str | None,
                         as_json: bool, quiet: bool, wide: bool) -> None:
    """Keep or which two, each judged on sampled whole deals (analysis/deal_normand.py), ``--why`` for one."""
    from ..analysis.deal_normand import NORMAND_DEFAULT_SAMPLES, NORMAND_DEFAULT_TOP, analyse_deal_normand, why_deal
    from ..report.deal_normand import deal_normand_data, deal_normand_table

    elder, younger, dealer, elder_blanche = seats
    if elder or younger or not dealer:
        raise click_errors.UsageError(f"under {ruleset.name} only the dealer exchanges: say --dealer")
    if elder_blanche:
        raise click_errors.UsageError(f"--elder-blanche is for two players, not {ruleset.name}")
    if _given(ctx, "also"):
        raise click_errors.UsageError("--also: for two players; under normand --why puts an option in the final round")
    if "--samples" not in _given(ctx, "samples"):
        samples = NORMAND_DEFAULT_SAMPLES
    if "--top" not in _given(ctx, "top"):
        top = NORMAND_DEFAULT_TOP
    for name, value, low, high in (("--samples", samples, 2, MAX_SAMPLES), ("--seed", seed, 0, MAX_SEED),
                                   ("--threads", threads, 0, MAX_THREADS)):
        if not low <= value <= high:
            raise click_errors.UsageError(f"{name} must be {low} to {high:,}, not {_number(value)}")
    shape = ruleset.table
    with _user_errors():
        cards = parse_cards(hand, shape.hand_size, "the hand")
    chosen = chosen_discards(cards, (shape.talon,) if shape.talon in ruleset.exchange[-1] else (), why, against,
                             keep_allowed=True)
    also = [] if chosen is None else [c for c in chosen if c is not False]
    progress = _DealProgress(not quiet)
    try:
        with _user_errors():
            result = analyse_deal_normand(cards, ruleset, samples=samples, seed=seed, top=top, also=also,
                                          threads=threads or None, progress=progress, stage=progress.stage)
    except KeyboardInterrupt:
        typer.echo(f"\n{PROG}: interrupted: nothing printed", err=True)
        raise typer.Exit(130) from None
    progress.finish()
    data = deal_normand_data(result, None if chosen is None else why_deal(result, *chosen))
    _emit(as_json, lambda: data, lambda: deal_normand_table(data), wide)
