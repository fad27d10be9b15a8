"""`piquet-calc discard`: every legal discard of a hand, best first (--play: by the whole deal)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..analysis.defaults import DEFAULT_SAMPLES, DEFAULT_SEED
from ..cards import parse_cards, parse_hand
from ..kernels.cache import MAX_THREADS
from ..rules import RuleSet, get_rules, span
from .common import (
    PROG,
    JsonOption,
    RulesOption,
    WideOption,
    _emit,
    _given,
    _number,
    _one_position,
    _user_errors,
    _younger_only,
    click_errors,
)
from .progress import _DealProgress, _Progress
from .why import (
    AgainstOption,
    WhyOption,
    chosen_discards,
    emit_why,
    exact_why_data,
    keep_deals,
    sampled_why_data,
    why_normand_data,
)

MAX_SAMPLES = 100_000  # --samples: 2 to this many fresh deals per discard (100 times the default)
MAX_SEED = 2**32 - 1  # --seed: 0 to this (numpy's seeds are unsigned)


def discard(
    ctx: typer.Context,
    hand: Annotated[str, typer.Argument(help='Twelve cards, e.g. "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C" '
                                             "(10 or T, any case, ♠♥♦♣ too).")],
    elder: Annotated[bool, typer.Option("--elder", help="Analyse as elder (non-dealer).")] = False,
    younger: Annotated[bool, typer.Option("--younger", help="Analyse as younger (the dealer).")] = False,
    dealer: Annotated[bool, typer.Option("--dealer", help="The dealer: normand's only exchanging seat "
                                                          "(two players: as --younger).")] = False,
    elder_took: Annotated[int | None, typer.Option(help="Younger only: how many cards elder took (default 5).",
                                                   show_default=False)] = None,
    elder_blanche: Annotated[bool, typer.Option("--elder-blanche",
                                                help="Younger only: elder showed carte blanche.")] = False,
    rules: RulesOption = "rubicon",
    top: Annotated[int, typer.Option(help="Show the best N discards; 0 shows all (normand --play: 5 unless "
                                          "given).")] = 10,
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q",
                                        help="No progress on stderr (nor the first run's compiling line).")] = False,
    play: Annotated[bool, typer.Option("--play", help="Rank by the whole deal, sampled: both exchanges (the "
                                       "opponent's by the exchange policy), the declarations and the play "
                                       "solved double dummy (README, The whole deal).")] = False,
    samples: Annotated[int, typer.Option(help=f"With --play: fresh deals per discard in the final round, 2 to "
                                         f"{MAX_SAMPLES:,} (normand: 200 unless given).")] = DEFAULT_SAMPLES,
    seed: Annotated[int, typer.Option(help=f"With --play: the seed the deals are drawn from, 0 to {MAX_SEED:,}.")]
    = DEFAULT_SEED,
    also: Annotated[list[str] | None, typer.Option(help="With --play: put this discard in the final round "
                                                   "(repeatable), e.g. --also \"QS TS 9S 8S 7S\".")] = None,
    threads: Annotated[int, typer.Option(help=f"With --play: worker threads, 0 (one per core) to {MAX_THREADS}; "
                                         "the figures do not depend on it.")] = 0,
    # issue 23: the partie score (cli/partie.py)
    score: Annotated[str | None, typer.Option(help='With --play: the partie score before this deal, "ME OPP"; '
                                              "also ranks by the expected partie value (README, The partie).")]
    = None,
    deal_number: Annotated[int | None, typer.Option("--deal", help="With --score: this deal's number in the "
                                                    "partie, from 1.", show_default=False)] = None,
    why: WhyOption = None,  # issue 31: why this discard and not #1 (cli/why.py)
    against: AgainstOption = None,
    wide: WideOption = False,
) -> None:
    """Every legal discard of HAND with exact chances and expected scores, best first (--play: by the whole deal)."""
    with _user_errors():
        ruleset = get_rules(rules)
    if top < 0:
        raise click_errors.UsageError(f"--top must be 0 (all) or more, not {top}")
    if quiet:  # no first-run line either (docs/engine.md, The first run)
        from ..engine import first_run

        first_run.silence()
    if ruleset.table.players > 2:
        from .partie import refuse_score

        refuse_score(ruleset, score, deal_number)
        if elder_took is not None:
            raise click_errors.UsageError(f"--elder-took is for two players: under {ruleset.name} elder takes nothing")
        given = _given(ctx, "play", "samples", "seed", "also", "threads")
        if given and not (play and ruleset.table.players == 3):  # issue 36: normand's dealer has --play
            raise click_errors.UsageError(f"{', '.join(given)}: --play and its options are for two players, "
                                          f"not {ruleset.name}")
        _discard_table(hand, ruleset, elder, younger, dealer, elder_blanche, top, as_json, quiet, why, against, wide,
                       (ctx, play, samples, seed, threads))
        return
    younger = younger or dealer
    with _user_errors():
        cards = parse_hand(hand)
    _one_position(elder, younger)
    _younger_only(elder, **{"--elder-took": elder_took is not None, "--elder-blanche": elder_blanche})
    elder_took = 5 if elder_took is None else elder_took
    if younger and elder_took not in ruleset.elder_discards:
        raise click_errors.UsageError(f"--elder-took must be {span(ruleset.elder_discards)} under {ruleset.name}, "
                                      f"not {elder_took}")
    given = _given(ctx, "samples", "seed", "also", "threads")
    if not play and given:
        raise click_errors.UsageError(f"{', '.join(given)}: {'needs' if len(given) == 1 else 'need'} --play")
    from .. import report
    from .partie import advice_rules, emit_score_aware, score_aware_text, score_state  # issue 23: --score

    partie_rules = advice_rules(ruleset)
    partie_state = score_state(score, deal_number, partie_rules, play, elder, ruleset)
    chosen = chosen_discards(cards, ruleset.dealer_discards(elder_took) if younger else ruleset.elder_discards, why,
                             against)  # issue 31: checked before any long work, as the partie state is
    inputs = {"elder_took": elder_took if younger else None, "elder_blanche": elder_blanche if younger else None,
              "play": play, "samples": samples if play else None, "seed": seed if play else None}
    if play:
        for name, value, low, high in (("--samples", samples, 2, MAX_SAMPLES), ("--seed", seed, 0, MAX_SEED),
                                       ("--threads", threads, 0, MAX_THREADS)):
            if not low <= value <= high:
                raise click_errors.UsageError(f"{name} must be {low} to {high:,}, not {_number(value)}")
        with _user_errors():
            forced = [parse_cards(text, what="--also") for text in also or []]
        from ..analysis.deal import analyse_deal

        progress = _DealProgress(not quiet)
        try:
            with _user_errors():
                deal = analyse_deal(cards, "elder" if elder else "younger", ruleset, elder_took=elder_took,
                                    elder_blanche=elder_blanche, samples=samples, seed=seed, top=top,
                                    also=forced, threads=threads or None, progress=progress,
                                    keep_deals=keep_deals(chosen), stage=progress.stage)
        except KeyboardInterrupt:  # the worker threads stop after the piece they are on
            typer.echo(f"\n{PROG}: interrupted: nothing printed", err=True)
            raise typer.Exit(130) from None
        progress.finish()
        if chosen is not None:  # issue 31: with --score, the partie value's difference too
            ranking = (lambda: report.deal_table(deal)) if partie_state is None else (
                lambda: score_aware_text(deal, partie_state, partie_rules))
            emit_why(as_json, sampled_why_data(deal, chosen, inputs, partie_state, partie_rules), ranking, wide)
            return
        if partie_state is not None:  # issue 23: also ranked by the expected partie value
            emit_score_aware(deal, partie_state, as_json, partie_rules)
            return
        _emit(as_json, lambda: report.deal_data(deal), lambda: report.deal_table(deal), wide)
        return
    from ..analysis import analyse_discards

    result = analyse_discards(cards, "elder" if elder else "younger", ruleset, elder_took=elder_took,
                              elder_blanche=elder_blanche, progress=_Progress(not quiet))
    if chosen is not None:
        emit_why(as_json, exact_why_data(result, chosen, inputs), lambda: report.table(result, top), wide)
        return
    _emit(as_json, lambda: report.analysis_data(result, top), lambda: report.table(result, top), wide)


def _discard_table(hand: str, ruleset: RuleSet, elder: bool, younger: bool, dealer: bool, elder_blanche: bool,
                   top: int, as_json: bool, quiet: bool, why: str | None = None, against: str | None = None,
                   wide: bool = False, whole: tuple = (None, False, 0, 0, 0)) -> None:
    """discard for three or four players: only normand's dealer exchanges. ``whole``: (the context, --play,
    --samples, --seed, --threads): with --play, by the whole deal (cli/discard_normand.py)."""
    ctx, play, samples, seed, threads = whole
    if play:
        from .discard_normand import discard_normand_play

        discard_normand_play(ctx, hand, ruleset, (elder, younger, dealer, elder_blanche), top, samples, seed, threads,
                             why, against, as_json, quiet, wide)
        return
    shape = ruleset.table
    if shape.talon == 0 or ruleset.exchange[-1] == (0,):
        raise click_errors.UsageError(f"nobody exchanges under {ruleset.name}: use declare (--seat)")
    if elder or younger or not dealer:
        raise click_errors.UsageError(f"under {ruleset.name} only the dealer exchanges: say --dealer")
    if elder_blanche:
        raise click_errors.UsageError("--elder-blanche is for two players: under "
                                      f"{ruleset.name} nobody shows carte blanche before the exchange")
    from ..analysis.declarations_normand import analyse_exchange_normand

    with _user_errors():
        cards = parse_cards(hand, shape.hand_size, "the hand")
    chosen = chosen_discards(cards, (shape.talon,) if shape.talon in ruleset.exchange[-1] else (), why, against,
                             keep_allowed=True)
    from .. import report

    with _user_errors():
        result = analyse_exchange_normand(cards, ruleset, progress=_Progress(not quiet))
    if chosen is not None:
        emit_why(as_json, why_normand_data(result, chosen), lambda: report.exchange_normand_table(result, top), wide)
        return
    _emit(as_json, lambda: report.exchange_normand_data(result, top),
          lambda: report.exchange_normand_table(result, top), wide)
