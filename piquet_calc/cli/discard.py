"""`piquet-calc discard`: every legal discard of a hand, best first (--play: by the whole deal);
``discard_document``, its --json document (batch's too), on ``discard_answer``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from ..analysis.defaults import DEFAULT_SAMPLES, DEFAULT_SEED
from ..cards import parse_cards, parse_hand
from ..kernels.cache import MAX_THREADS
from ..rules import RuleSet, get_rules, span
from .common import (
    PROG,
    Answer,
    JsonOption,
    RulesOption,
    WideOption,
    _given,
    _number,
    _one_position,
    _silence,
    _user_errors,
    _younger_only,
    click_errors,
)
from .progress import _DealProgress, _Progress
from .why import AgainstOption, WhyOption, chosen_discards, exact_why_data, sampled_why_data, why_answer

MAX_SAMPLES = 100_000  # --samples: 2 to this many fresh deals per discard (100 times the default)
MAX_SEED = 2**32 - 1  # --seed: 0 to this (numpy's seeds are unsigned)
DEFAULT_TOP = 10
# the options that mean something only when given: None in discard_document when not given
GIVEN_ONLY = ("top", "samples", "seed", "threads")


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
                                          "given).")] = DEFAULT_TOP,
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
    deal: Annotated[int | None, typer.Option("--deal", help="With --score: this deal's number in the "
                                                    "partie, from 1.", show_default=False)] = None,
    why: WhyOption = None,  # issue 31: why this discard and not #1 (cli/why.py)
    against: AgainstOption = None,
    wide: WideOption = False,
) -> None:
    """Every legal discard of HAND with exact chances and expected scores, best first (--play: by the whole deal)."""
    _silence(quiet)  # no first-run line either (docs/engine.md, The first run)
    typed = {"top": top, "samples": samples, "seed": seed, "threads": threads}
    given = set(_given(ctx, *GIVEN_ONLY))
    options = {k: (v if "--" + k in given else None) for k, v in typed.items()}
    given_options = DiscardOptions(hand, elder=elder, younger=younger, dealer=dealer, elder_took=elder_took,
                                   elder_blanche=elder_blanche, rules=rules, play=play, also=tuple(also or ()),
                                   score=score, deal=deal, why=why, against=against, **options)
    try:
        answer = discard_answer(given_options, progress=not quiet)
    except KeyboardInterrupt:  # --play: the worker threads stop after the piece they are on
        if not play:
            raise
        typer.echo(f"\n{PROG}: interrupted: nothing printed", err=True)
        raise typer.Exit(130) from None
    answer.emit(as_json)


def discard_document(hand: str, *, elder: bool = False, younger: bool = False, dealer: bool = False,
                     elder_took: int | None = None, elder_blanche: bool = False, rules: str = "rubicon",
                     top: int | None = None, play: bool = False, samples: int | None = None, seed: int | None = None,
                     also: Sequence[str] = (), threads: int | None = None, score: str | None = None,
                     deal: int | None = None, why: str | None = None, against: str | None = None) -> dict[str, Any]:
    """``discard HAND --json``'s document (no progress written); a usage error (one line) for bad options.
    ``top``, ``samples``, ``seed``, ``threads``: None when not given (the command's defaults: 10, or 5 under
    normand --play; DEFAULT_SAMPLES, or 200 under normand; DEFAULT_SEED; 0, one thread per core)."""
    return discard_answer(DiscardOptions(hand, elder=elder, younger=younger, dealer=dealer, elder_took=elder_took,
                                         elder_blanche=elder_blanche, rules=rules, top=top, play=play,
                                         samples=samples, seed=seed, also=tuple(also), threads=threads, score=score,
                                         deal=deal, why=why, against=against), progress=False).data()


@dataclass(frozen=True)
class DiscardOptions:
    """discard's options as given: None (or false, or empty) when not given."""

    hand: str
    elder: bool = False
    younger: bool = False
    dealer: bool = False
    elder_took: int | None = None
    elder_blanche: bool = False
    rules: str = "rubicon"
    top: int | None = None
    play: bool = False
    samples: int | None = None
    seed: int | None = None
    also: tuple[str, ...] = ()
    threads: int | None = None
    score: str | None = None
    deal: int | None = None
    why: str | None = None
    against: str | None = None

    def given(self, *names: str) -> list[str]:
        """The options among ``names`` that were given, as typed (common._given's words)."""
        unsaid = [n for n in names if getattr(self, n) is None or getattr(self, n) is False or getattr(self, n) == ()]
        return ["--" + n.replace("_", "-") for n in names if n not in unsaid]


def discard_answer(o: DiscardOptions, progress: bool) -> Answer:
    """The options checked and the discards analysed (every road: exact, --play, --why, --score, normand's
    dealer), for the document and the table; ``progress``: the analysis's progress on stderr."""
    with _user_errors():
        ruleset = get_rules(o.rules)
    top = DEFAULT_TOP if o.top is None else o.top
    if top < 0:
        raise click_errors.UsageError(f"--top must be 0 (all) or more, not {top}")
    if not ruleset.game.two_handed:
        return _discard_table(o, ruleset, progress)
    return _two_handed(o, ruleset, top, progress)


def _two_handed(o: DiscardOptions, ruleset: RuleSet, top: int, progress: bool) -> Answer:
    """discard for two players: the exact table, or --play by the whole deal; --why, --score."""
    elder, younger = o.elder, o.younger or o.dealer
    with _user_errors():
        cards = parse_hand(o.hand)
    _one_position(elder, younger)
    _younger_only(elder, **{"--elder-took": o.elder_took is not None, "--elder-blanche": o.elder_blanche})
    elder_took = 5 if o.elder_took is None else o.elder_took
    if younger and elder_took not in ruleset.elder_discards:
        raise click_errors.UsageError(f"--elder-took must be {span(ruleset.elder_discards)} under {ruleset.name}, "
                                      f"not {elder_took}")
    given = o.given("samples", "seed", "also", "threads")
    if not o.play and given:
        raise click_errors.UsageError(f"{', '.join(given)}: {'needs' if len(given) == 1 else 'need'} --play")
    from .. import report
    from ..analysis.partie_score import advice_rules
    from .partie import score_aware_answer, score_aware_text, score_state  # issue 23: --score

    partie_rules = advice_rules(ruleset)
    partie_state = score_state(o.score, o.deal, partie_rules, o.play, elder, ruleset)
    chosen = chosen_discards(cards, ruleset.dealer_discards(elder_took) if younger else ruleset.elder_discards, o.why,
                             o.against)  # issue 31: checked before any long work, as the partie state is
    samples = DEFAULT_SAMPLES if o.samples is None else o.samples
    seed = DEFAULT_SEED if o.seed is None else o.seed
    inputs = {"elder_took": elder_took if younger else None, "elder_blanche": o.elder_blanche if younger else None,
              "play": o.play, "samples": samples if o.play else None, "seed": seed if o.play else None}
    seat = "elder" if elder else "younger"
    if o.play:
        threads = o.threads or 0
        for name, value, low, high in (("--samples", samples, 2, MAX_SAMPLES), ("--seed", seed, 0, MAX_SEED),
                                       ("--threads", threads, 0, MAX_THREADS)):
            if not low <= value <= high:
                raise click_errors.UsageError(f"{name} must be {low} to {high:,}, not {_number(value)}")
        with _user_errors():
            forced = [parse_cards(text, what="--also") for text in o.also]
        from ..analysis.deal import analyse_deal
        from ..analysis.why_chosen import keep_deals

        stages = _DealProgress(progress)
        with _user_errors():
            deal = analyse_deal(cards, seat, ruleset, elder_took=elder_took, elder_blanche=o.elder_blanche,
                                samples=samples, seed=seed, top=top, also=forced, threads=threads or None,
                                progress=stages, keep_deals=keep_deals(chosen), stage=stages.stage)
        stages.finish()
        if chosen is not None:  # issue 31: with --score, the partie value's difference too
            ranking = (lambda: report.deal_table(deal)) if partie_state is None else (
                lambda: score_aware_text(deal, partie_state, partie_rules))
            return why_answer(sampled_why_data(deal, chosen, inputs, partie_state, partie_rules), ranking)
        if partie_state is not None:  # issue 23: also ranked by the expected partie value
            return score_aware_answer(deal, partie_state, partie_rules)
        return Answer(lambda: report.deal_data(deal), lambda: report.deal_table(deal))
    from ..analysis import analyse_discards

    result = analyse_discards(cards, seat, ruleset, elder_took=elder_took, elder_blanche=o.elder_blanche,
                              progress=_Progress(progress))
    if chosen is not None:
        return why_answer(exact_why_data(result, chosen, inputs), lambda: report.table(result, top))
    return Answer(lambda: report.analysis_data(result, top), lambda: report.table(result, top))


def _discard_table(o: DiscardOptions, ruleset: RuleSet, progress: bool) -> Answer:
    """discard for three or four players: only normand's dealer exchanges, exactly or (--play, normand) by the
    whole deal (cli/discard_normand.py)."""
    from .discard_normand import deal_normand_answer, exchange_normand_answer
    from .partie import refuse_score

    refuse_score(ruleset, o.score, o.deal)
    if o.elder_took is not None:
        raise click_errors.UsageError(f"--elder-took is for two players: under {ruleset.name} elder takes nothing")
    given = o.given("play", "samples", "seed", "also", "threads")
    if given and not (o.play and ruleset.game.normand):  # issue 36: normand's dealer has --play
        raise click_errors.UsageError(f"{', '.join(given)}: --play and its options are for two players, "
                                      f"not {ruleset.name}")
    seats = (o.elder, o.younger, o.dealer, o.elder_blanche)
    if o.play:
        return deal_normand_answer(o.hand, ruleset, seats, o.top, o.samples, DEFAULT_SEED if o.seed is None else o.seed,
                                   o.threads or 0, o.also, o.why, o.against, progress)
    return exchange_normand_answer(o.hand, ruleset, seats, DEFAULT_TOP if o.top is None else o.top, o.why, o.against,
                                   progress)
