"""The command line: parse arguments, call analysis, call report; nothing else.

Errors in what the user typed become one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

try:  # typer >= 0.22 carries its own copy of click, with Abort moved to typer.exceptions
    from typer._click import decorators as click_decorators
    from typer._click import exceptions as click_errors
    from typer._click.core import ParameterSource
    from typer._click.utils import PacifyFlushWrapper
    from typer.exceptions import Abort
except ImportError:  # pragma: no cover - older typer depends on click itself
    from click import decorators as click_decorators
    from click import exceptions as click_errors
    from click.core import ParameterSource
    from click.exceptions import Abort
    from click.utils import PacifyFlushWrapper

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..analysis.defaults import DEFAULT_SAMPLES, DEFAULT_SEED
from ..cards import DECK, HAND_SIZE, QUOTE_LIMIT, Card, CardError, parse_cards, parse_hand, quote
from ..game.deal_check import check_exchange_seen
from ..kernels.cache import MAX_THREADS, SetupError
from ..rules import PRESETS, RulesError, RuleSet, get_rules, span
from . import streams
from .why import AgainstOption, WhyOption, chosen_discards, deal_why_text, exact_why_text, keep_deals, normand_why_text

PROG = "piquet-calc"
MAX_SAMPLES = 100_000  # --samples: 2 to this many fresh deals per discard (100 times the default)
MAX_SEED = 2**32 - 1  # --seed: 0 to this (numpy's seeds are unsigned)


USER_ERRORS = (CardError, RulesError, SetupError, streams.OutputError)  # one line each, exit 2


class _OneLineErrors(TyperGroup):
    """Every error is one line (``piquet-calc: error: ...``, exit 2) instead of a panel or a traceback:
    usage errors, CardError and RulesError from any command, an unusable numba environment, output that
    cannot be written. A reader that goes away ends the run quietly (streams.PIPE_STATUS)."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        streams.prepare()
        try:
            if sys.stdout is None:
                raise streams.OutputError("stdout is closed: nowhere to write the output")
            rv = super().main(args=args, prog_name=prog_name or PROG, complete_var=complete_var,
                              standalone_mode=False, **extra)
            if sys.stdout is not None:
                sys.stdout.flush()
        except click_errors.NoArgsIsHelpError as e:
            if e.ctx is not None:
                streams.write_out(e.ctx.get_help() + "\n")
            rv = _error(f"missing command: one of {', '.join(self.commands)} (the help above says more)")
        except click_errors.ClickException as e:
            rv = _error(e.format_message() or type(e).__name__, e.exit_code)
        except USER_ERRORS as e:
            rv = _error(str(e))
        except Abort:
            streams.write_err(f"{PROG}: aborted")
            rv = 130
        except (streams.ReaderGone, BrokenPipeError):
            streams.silence(sys.stdout)
            rv = streams.PIPE_STATUS
        except SystemExit as e:  # typer's and rich's own answer to a closed pipe while they printed the help
            if e.code == 1 and (isinstance(sys.stdout, PacifyFlushWrapper) or streams.is_null(sys.stdout)):
                rv = streams.PIPE_STATUS
            else:
                raise
        except OSError as e:  # the help written to a full disk, say: no command gets here with a file's error
            streams.silence(sys.stdout)
            rv = _error(f"{e.strerror or e}: {e.filename}" if e.filename else
                        f"cannot write the output: {e.strerror or e}")
        if standalone_mode:
            sys.exit(rv if isinstance(rv, int) else 0)
        return rv


def _error(message: str, status: int = 2) -> int:
    """Print ``piquet-calc: error: MESSAGE`` as one line on stderr (if it can be written); the exit status."""
    streams.write_err(f"{PROG}: error: {streams.one_line(message) or 'invalid input'}")
    return status


def _echo_help(message: Any = None, file: Any = None, nl: bool = True, err: bool = False, color: Any = None) -> None:
    """The help page (``--help``), written as every output is: streams.write_out, with its ASCII fallback."""
    streams.write_out(f"{message}\n" if nl else str(message))


# plain help pages, without rich (importing rich took most of a --help's time), on stdout as the output is
click_decorators.echo = _echo_help
app = typer.Typer(cls=_OneLineErrors, no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                  pretty_exceptions_enable=False, help="Exact discard odds for Piquet (docs/rules.md).")


@app.callback()
def main() -> None:
    """piquet-calc: exact chances and expected scores for every discard of a Piquet hand."""


class _Progress:
    """Progress on stderr once a run has taken more than a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), -1.0, False
        try:
            self.tty = sys.stderr.isatty()
        except (AttributeError, OSError, ValueError):
            self.tty = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.start < 1.0:
            return
        step = 0.01 if self.tty else 0.25
        if done / total - self.last < step and done < total:
            return
        self.last, self.shown = done / total, True
        end = "\n" if (done >= total or not self.tty) else ""
        try:
            sys.stderr.write(f"\r{PROG}: {done:,} of {total:,} deals ({100 * done / total:.0f}%)"
                             f" in {now - self.start:.1f}s" + end)
            sys.stderr.flush()
        except (OSError, ValueError):  # stderr closed or gone: the run goes on without progress
            streams.silence(sys.stderr)
            self.enabled = False


class _DealProgress:
    """Progress of a whole-deal analysis on stderr: the stage it is in (the race's round, the order, the final
    round) and the time left, at most: the rate so far times the work the stages to come can still need
    (analysis.deal.plan_rows, an upper bound that only comes down as the race drops discards)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), 0.0, False
        self.first: tuple[float, int] | None = None
        self.tty = sys.stderr.isatty()
        self.where = "starting"

    def stage(self, text: str) -> None:
        self.where = text

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.first is None:  # the rate is measured from the first piece on (loading the kernels is behind)
            self.first = (now, done)
        if not self.enabled or now - self.start < 1.0 or now - self.last < (0.2 if self.tty else 2.0):
            return
        t0, d0 = self.first
        if done <= d0 or now <= t0:
            return
        self.last, self.shown = now, True
        left = (now - t0) * (total - done) / (done - d0)
        line = (f"{PROG}: {self.where}; {done:,} of at most {total:,} deals judged in {now - self.start:.0f}s, "
                f"at most {left:.0f}s left")
        if self.tty:  # one line, rewritten in place: never wider than the window
            width = shutil.get_terminal_size().columns - 1
            line = "\r" + (line if len(line) <= width else line[:width - 3] + "...").ljust(width)
        sys.stderr.write(line + ("" if self.tty else "\n"))
        sys.stderr.flush()

    def finish(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write(f"\r{PROG}: done in {time.monotonic() - self.start:.0f}s" + " " * 40 + "\n")
            sys.stderr.flush()


RulesOption = Annotated[str, typer.Option(help=f"Rules: a preset ({', '.join(PRESETS)}) or a house-rules .toml file "
                                               "(see `piquet-calc rules`).")]


@app.command()
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
    top: Annotated[int, typer.Option(help="Show the best N discards; 0 shows all.")] = 10,
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q",
                                        help="No progress on stderr (nor the first run's compiling line).")] = False,
    play: Annotated[bool, typer.Option("--play", help="Rank by the whole deal, sampled: both exchanges (the "
                                       "opponent's by the exchange policy), the declarations and the play "
                                       "solved double dummy (README, The whole deal).")] = False,
    samples: Annotated[int, typer.Option(help=f"With --play: fresh deals per discard in the final round, 2 to "
                                         f"{MAX_SAMPLES:,}.")] = DEFAULT_SAMPLES,
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
        if elder_took is not None:
            raise click_errors.UsageError(f"--elder-took is for two players: under {ruleset.name} elder takes nothing")
        given = _given(ctx, "play", "samples", "seed", "also", "threads")
        if given:
            raise click_errors.UsageError(f"{', '.join(given)}: --play and its options are for two players, "
                                          f"not {ruleset.name}")
        _discard_table(hand, ruleset, elder, younger, dealer, elder_blanche, top, as_json, quiet, why, against, wide)
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
    from .partie import advice_rules, emit_score_aware, score_state  # issue 23: --score (cli/partie.py)

    partie_rules = advice_rules(ruleset)
    partie_state = score_state(score, deal_number, partie_rules, play, elder)
    if why is not None and partie_state is not None:
        raise click_errors.UsageError("--why with --score: the partie value is not split by source yet; "
                                      "leave out --score")
    with _user_errors():  # issue 31: --why and --against checked before any long work
        chosen = chosen_discards(cards, ruleset.dealer_discards(elder_took) if younger else
                                 ruleset.elder_discards, why, against)
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
        if partie_state is not None:  # issue 23: also ranked by the expected partie value
            emit_score_aware(deal, partie_state, as_json, partie_rules)
            return
        if chosen is not None:
            data, text = deal_why_text(deal, chosen, inputs)
            _emit(as_json, lambda: data, lambda: report.deal_table(deal) + "\n\n" + text, wide)
            return
        _emit(as_json, lambda: report.deal_data(deal), lambda: report.deal_table(deal), wide)
        return
    from ..analysis import analyse_discards

    result = analyse_discards(cards, "elder" if elder else "younger", ruleset, elder_took=elder_took,
                              elder_blanche=elder_blanche, progress=_Progress(not quiet))
    if chosen is not None:
        data, text = exact_why_text(result, chosen, as_json, inputs)
        _emit(as_json, lambda: data, lambda: report.table(result, top) + "\n\n" + text, wide)
        return
    _emit(as_json, lambda: report.analysis_data(result, top), lambda: report.table(result, top), wide)


def _discard_table(hand: str, ruleset: RuleSet, elder: bool, younger: bool, dealer: bool, elder_blanche: bool,
                   top: int, as_json: bool, quiet: bool, why: str | None = None, against: str | None = None,
                   wide: bool = False) -> None:
    """discard for three or four players: only normand's dealer exchanges."""
    shape = ruleset.table
    if shape.talon == 0 or ruleset.exchange[-1] == (0,):
        raise click_errors.UsageError(f"nobody exchanges under {ruleset.name}: use declare (--seat)")
    if elder or younger or not dealer:
        raise click_errors.UsageError(f"under {ruleset.name} only the dealer exchanges: say --dealer")
    if elder_blanche:
        raise click_errors.UsageError("--elder-blanche is for two players: under "
                                      f"{ruleset.name} nobody shows carte blanche before the exchange")
    from ..analysis.table import analyse_normand_exchange

    with _user_errors():
        cards = parse_cards(hand, shape.hand_size, "the hand")
        chosen = chosen_discards(cards, (shape.talon,) if shape.talon in ruleset.exchange[-1] else (), why, against,
                                 keep_allowed=True)
    from .. import report

    with _user_errors():
        result = analyse_normand_exchange(cards, ruleset, progress=_Progress(not quiet))
    if chosen is not None:
        data, text = normand_why_text(result, chosen, {})
        _emit(as_json, lambda: data, lambda: report.normand_exchange_table(result, top) + "\n\n" + text, wide)
        return
    _emit(as_json, lambda: report.normand_exchange_data(result, top),
          lambda: report.normand_exchange_table(result, top), wide)


JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (schema: docs/json.md) instead of a table.")]
WideOption = Annotated[bool, typer.Option("--wide", help="On a terminal, show every column even when the table is "
                                          "wider than the window (piped output is never cut).")]
ElderOption = Annotated[bool, typer.Option("--elder", help="You are elder (non-dealer).")]
YoungerOption = Annotated[bool, typer.Option("--younger", help="You are younger (the dealer).")]


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn what the user typed wrong into one-line usage errors."""
    try:
        yield
    except (CardError, RulesError) as e:
        raise click_errors.UsageError(str(e)) from None


def _given(ctx: typer.Context, *names: str) -> list[str]:
    """The options among ``names`` (parameter names) that the user gave, whatever their value, as typed."""
    defaults = (ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
    return ["--" + name.replace("_", "-") for name in names if ctx.get_parameter_source(name) not in (None, *defaults)]


def _number(value: int) -> str:
    """A whole number the user gave, for a message: cut to about 40 digits."""
    text = str(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def _one_position(elder: bool, younger: bool) -> None:
    if elder == younger:
        raise click_errors.UsageError("say exactly one of --elder or --younger")


def _younger_only(elder: bool, **given: bool) -> None:
    """Options that say what elder did mean nothing when the player is elder: an error, not silence."""
    named = [name for name, was_given in given.items() if was_given]
    if elder and named:
        raise click_errors.UsageError(f"{' and '.join(named)}: for --younger only (what elder did), "
                                      "not with --elder")


def _json_safe(obj: Any) -> Any:
    """``obj`` with every NaN or infinite number as null: JSON has no such numbers, and a strict parser
    refuses Python's NaN and Infinity."""
    if isinstance(obj, float):
        return obj if obj == obj and obj not in (float("inf"), float("-inf")) else None
    if isinstance(obj, dict):
        return {k: _json_safe(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_json_safe(v) for v in obj]
    return obj


def _emit(as_json: bool, data: Callable[[], Any], table: Callable[[], str], wide: bool = False) -> None:
    """The one way a command writes its result: JSON (escaped to ASCII when stdout cannot show the text)
    or the table, fitted to the terminal's width when stdout is one (report/fit.py; not with ``wide``);
    a failed write is streams.OutputError or streams.ReaderGone, handled in main."""
    if as_json:
        obj = _json_safe(data())
        text = json.dumps(obj, indent=1, ensure_ascii=False, allow_nan=False)
        if not streams.can_show(text):
            text = json.dumps(obj, indent=1, allow_nan=False)
    else:
        text = table()
        width = streams.terminal_width() if not wide else None
        if width is not None:
            from ..report.fit import fit_text

            text = fit_text(text, width)
    streams.write_out(text + "\n")


@app.command()
def declare(
    hand: Annotated[str, typer.Argument(help="Your cards after the exchange (twelve; normand ten, four eight).")],
    discards: Annotated[str, typer.Option(help="The cards you discarded (they are out of play).")] = "",
    seen: Annotated[str, typer.Option(help="Talon cards you saw and did not take.")] = "",
    elder: ElderOption = False,
    younger: YoungerOption = False,
    dealer: Annotated[bool, typer.Option("--dealer", help="You are the dealer (two players: as --younger).")] = False,
    seat: Annotated[str | None, typer.Option(help="Your seat: normand elder, middle or dealer; four elder, second, "
                                                  "third or dealer.")] = None,
    carte_blanche: Annotated[bool, typer.Option("--carte-blanche", help="You showed carte blanche.")] = False,
    elder_blanche: Annotated[bool, typer.Option("--elder-blanche",
                                                help="Younger only: elder showed carte blanche.")] = False,
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr (nor the first run's "
                                                              "compiling line).")] = False,
    dialogue: Annotated[bool, typer.Option("--dialogue", help="Two players: HAND is elder's final hand and "
                                           "DEALER_HAND the dealer's: the announcements in the table's words and "
                                           "what each then knows (docs/rules.md, Announcing).")] = False,
    dealer_hand: Annotated[str | None, typer.Argument(help="With --dialogue: the dealer's final hand.",
                                                      show_default=False)] = None,
    elder_dealt: Annotated[str, typer.Option(help="With --dialogue: elder's dealt hand (carte blanche, "
                                             "his discards).")] = "",
    dealer_dealt: Annotated[str, typer.Option(help="With --dialogue: the dealer's dealt hand.")] = "",
) -> None:
    """What to declare: each class's chance of being good, what is good against the cards, what can be sunk."""
    if dialogue or dealer_hand is not None or elder_dealt or dealer_dealt:
        others = bool(discards or seen or elder or younger or dealer or seat or carte_blanche or elder_blanche)
        _declare_dialogue(hand, dealer_hand, elder_dealt, dealer_dealt, rules, as_json, dialogue, others)
        return
    if quiet:
        from ..engine import first_run

        first_run.silence()
    with _user_errors():
        ruleset = get_rules(rules)
        thrown = parse_cards(discards, what="the discards")
        looked = parse_cards(seen, what="the seen cards")
    seat = seat.strip().lower() if seat is not None else None  # case-blind, as presets and cards
    if ruleset.table.players > 2:
        _declare_table(hand, ruleset, seat, elder, younger, dealer, thrown, looked, carte_blanche, elder_blanche,
                       as_json, quiet)
        return
    if seat is not None:
        if seat not in ("elder", "younger", "dealer"):
            raise click_errors.UsageError(f"no seat {quote(seat)} at this table: seats are elder, dealer (younger)")
        elder, younger = elder or seat == "elder", younger or seat != "elder"
    younger = younger or dealer
    with _user_errors():
        cards = parse_hand(hand)
    _one_position(elder, younger)
    _younger_only(elder, **{"--elder-blanche": elder_blanche})
    with _user_errors():
        check_exchange_seen("elder" if elder else "younger", len(thrown), len(looked), ruleset)
    from .. import report
    from ..analysis import analyse_declaration

    with _user_errors():
        result = analyse_declaration(cards, "elder" if elder else "younger", thrown, looked, ruleset,
                                     carte_blanche=carte_blanche, elder_blanche=elder_blanche)
    _emit(as_json, lambda: report.declaration_data(result), lambda: report.declaration_table(result))


def _declare_dialogue(elder_hand: str, dealer_hand: str | None, elder_dealt: str, dealer_dealt: str, rules: str,
                      as_json: bool, dialogue: bool, other_options: bool) -> None:
    """declare --dialogue ELDER DEALER: the announcements of both final hands and what each seat knows."""
    if not dialogue:
        raise click_errors.UsageError("a second hand and --elder-dealt/--dealer-dealt are for --dialogue")
    if other_options:
        raise click_errors.UsageError("--dialogue takes both final hands (and --elder-dealt, --dealer-dealt, "
                                      "--rules, --json), not --discards, --seen, a seat or carte blanche")
    from ..game.deal_check import check_two_handed_deal
    from ..game.dialogue import dialogue as make_dialogue
    from ..game.dialogue import knowledge
    from ..game.knowledge import consistent_hands
    from ..report.dialogue import dialogue_data, dialogue_table

    with _user_errors():
        ruleset = get_rules(rules)
        ruleset.require_two_handed("--dialogue")
        if dealer_hand is None:
            raise CardError("--dialogue: give elder's final hand, then the dealer's hand")
        e = parse_cards(elder_hand, HAND_SIZE, "elder's hand")
        d = parse_cards(dealer_hand, HAND_SIZE, "the dealer's hand")
        if set(e) & set(d):
            raise CardError(f"{sorted(set(e) & set(d))[0]} is in both hands")
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if elder_dealt else None
        d_dealt = parse_cards(dealer_dealt, HAND_SIZE, "the dealer's dealt hand") if dealer_dealt else None
        check_two_handed_deal(e, d, e_dealt, d_dealt, ruleset)
        said = make_dialogue(e, d, ruleset, e_dealt, d_dealt)
        knows = {}
        both = e_dealt is not None and d_dealt is not None
        for seat in ("elder", "dealer"):
            seen: tuple[Card, ...] = ()
            if both and seat == "dealer":  # what neither took: the dealer may look at it (docs/rules.md, Announcing)
                taken = set(e) | set(d) | set(e_dealt) | set(d_dealt)
                seen = tuple(c for c in DECK if c not in taken)
            k = knowledge(said, seat, e_dealt, d_dealt, seen)
            knows[seat] = (k, len(consistent_hands(k)) if both else None)
    _emit(as_json, lambda: dialogue_data(said, knows), lambda: dialogue_table(dialogue_data(said, knows)))


def _declare_table(hand: str, ruleset: RuleSet, seat: str | None, elder: bool, younger: bool, dealer: bool,
                   thrown: tuple, looked: tuple, carte_blanche: bool, elder_blanche: bool, as_json: bool,
                   quiet: bool) -> None:
    """declare for three or four players: any seat, by --seat (or --elder, --dealer)."""
    shape = ruleset.table
    if younger:
        raise click_errors.UsageError(f"{ruleset.name} has no younger hand: say --seat ({', '.join(shape.seats)})")
    named = [s for s, flag in (("elder", elder), ("dealer", dealer)) if flag] + ([seat] if seat else [])
    if len(set(named)) != 1:
        raise click_errors.UsageError(f"say which seat you hold, once: --seat ({', '.join(shape.seats)})")
    (who,) = set(named)
    if elder_blanche or looked:
        raise click_errors.UsageError(f"--elder-blanche and --seen are for two players, not {ruleset.name}")
    with _user_errors():
        shape.seat(who)
        cards = parse_cards(hand, shape.hand_size, "the hand")
    from .. import report

    if shape.players == 4:
        from ..analysis.four import analyse_four_declaration

        if thrown or carte_blanche:
            raise click_errors.UsageError(f"nobody exchanges under {ruleset.name}: no --discards or --carte-blanche "
                                          "(each hand's carte blanche is read off it)")
        with _user_errors():
            four = analyse_four_declaration(cards, who, ruleset, progress=_Progress(not quiet))
        _emit(as_json, lambda: report.four_declaration_data(four), lambda: report.four_declaration_table(four))
        return
    from ..analysis.table import analyse_normand_declaration

    with _user_errors():
        result = analyse_normand_declaration(cards, who, ruleset, thrown, carte_blanche=carte_blanche,
                                             progress=_Progress(not quiet))
    _emit(as_json, lambda: report.normand_declaration_data(result), lambda: report.normand_declaration_table(result))


@app.command()
def score(
    ctx: typer.Context,
    hands: Annotated[list[str], typer.Argument(
        help="The final hands in seat order: two players elder's and younger's (the dealer's) twelve; normand "
             "elder's, middle's and the dealer's ten; four elder's, second's, third's and the dealer's eight.",
        show_default=False)],
    elder_dealt: Annotated[str, typer.Option(help="Two players: elder's dealt hand, for carte blanche.")] = "",
    younger_dealt: Annotated[str, typer.Option(help="Two players: younger's dealt hand, for carte blanche.")] = "",
    dealer_dealt: Annotated[str, typer.Option(help="Normand: the dealer's dealt hand, for carte blanche.")] = "",
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
) -> None:
    """Score the declarations of one deal in counting order, with repique and elder's pique run."""
    from ..game.deal_check import check_two_handed_deal
    from ..game.declarations import is_carte_blanche, score_deal

    with _user_errors():
        ruleset = get_rules(rules)
    given = _given(ctx, "elder_dealt", "younger_dealt", "dealer_dealt")  # given, even empty, is given
    if ruleset.table.players > 2:
        _score_table(hands, ruleset, dealer_dealt if "--dealer-dealt" in given else None,
                     [g for g in given if g != "--dealer-dealt"], as_json)
        return
    if "--dealer-dealt" in given:
        raise click_errors.UsageError("--dealer-dealt is for normand; two players give --younger-dealt")
    if len(hands) != 2:
        raise click_errors.UsageError(f"{ruleset.name} is a game for two: give elder's and younger's hands, "
                                      f"not {len(hands)}")
    with _user_errors():
        e = parse_cards(hands[0], HAND_SIZE, "elder's hand")
        d = parse_cards(hands[1], HAND_SIZE, "younger's hand")
        both = set(e) & set(d)
        if both:
            raise CardError(f"{sorted(both)[0]} is in both hands")
        e_given, d_given = "--elder-dealt" in given, "--younger-dealt" in given
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if e_given else e
        d_dealt = parse_cards(younger_dealt, HAND_SIZE, "younger's dealt hand") if d_given else d
        check_two_handed_deal(e, d, e_dealt if e_given else None, d_dealt if d_given else None, ruleset)
    from .. import report

    result = score_deal(e, d, ruleset, elder_blanche=is_carte_blanche(e_dealt, ruleset),
                        dealer_blanche=is_carte_blanche(d_dealt, ruleset))
    _emit(as_json, lambda: report.score_data(e, d, result, ruleset),
          lambda: report.score_table(e, d, result, ruleset))


def _score_table(hands: list[str], ruleset: RuleSet, dealer_dealt: str | None, two_handed_dealt: list[str],
                 as_json: bool) -> None:
    """score for three or four players."""
    from ..game.deal_check import check_table_deal
    from ..game.declarations import is_carte_blanche
    from ..game.table import check_table_hands, score_table

    shape = ruleset.table
    if two_handed_dealt:
        raise click_errors.UsageError(f"--elder-dealt and --younger-dealt are for two players; {ruleset.name} "
                                      "reads only --dealer-dealt (normand)")
    if len(hands) != shape.players:
        raise click_errors.UsageError(f"{ruleset.name} has {shape.players} seats ({', '.join(shape.seats)}): "
                                      f"give {shape.players} hands in that order, not {len(hands)}")
    with _user_errors():
        cards = [parse_cards(h, shape.hand_size, f"{seat}'s hand") for seat, h in zip(shape.seats, hands, strict=True)]
        check_table_hands(cards, ruleset)
        blanche = [is_carte_blanche(h, ruleset) for h in cards]
        if dealer_dealt is not None:
            dealt = parse_cards(dealer_dealt, shape.hand_size, "the dealer's dealt hand")
            check_table_deal(cards, dealt, ruleset)
            blanche[-1] = is_carte_blanche(dealt, ruleset)
    from .. import report

    result = score_table(cards, ruleset, blanche)
    _emit(as_json, lambda: report.table_score_data(cards, result), lambda: report.table_score_table(cards, result))


@app.command()
def play(
    ctx: typer.Context,
    elder_hand: Annotated[str, typer.Argument(help="Elder's twelve cards after the exchange (with --seat: yours).")],
    dealer_hand: Annotated[str, typer.Argument(help="The dealer's twelve cards after the exchange (not with "
                                                    "--seat).")] = "",
    tricks: Annotated[str, typer.Option(help='Tricks already played, each the leader\'s card then the follower\'s, '
                                             'e.g. "AH TC, KH JC"; the rest is solved. With --seat the last may be '
                                             'one card: the card led to you.')] = "",
    elder_dealt: Annotated[str, typer.Option(help="Elder's dealt hand, for carte blanche.")] = "",
    dealer_dealt: Annotated[str, typer.Option(help="The dealer's dealt hand, for carte blanche.")] = "",
    seat: Annotated[str | None, typer.Option(help="Play as a player sees it: you are elder or dealer, HAND is your "
                                                  "twelve; every card you may play now is valued over every hand the "
                                                  "other may hold.")] = None,
    discards: Annotated[str, typer.Option(help="With --seat: the cards you discarded (out of play).")] = "",
    heard: Annotated[str, typer.Option(help="With --seat: what was announced (needs the announcements model).")] = "",
    threads: Annotated[int, typer.Option(help="With --seat: worker threads (0: one per core); the figures do not "
                                              "depend on it.")] = 0,
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No first run's compiling line on stderr.")] = False,
) -> None:
    """The declarations, then the best play of the deal with both hands seen (double dummy), trick by trick;
    with --seat, the card to play as you see the cards."""
    from ..analysis.play import analyse_play, parse_tricks
    from ..game.play import PlayError

    if quiet:
        from ..engine import first_run

        first_run.silence()
    if seat is not None:
        _play_seen(elder_hand, dealer_hand, seat.lower(), discards, heard, tricks,
                   bool(_given(ctx, "elder_dealt", "dealer_dealt")), threads, rules, as_json)
        return
    if not dealer_hand:
        raise click_errors.UsageError("give both hands, elder's then the dealer's (or --seat and your own hand)")
    seat_only = _given(ctx, "discards", "heard", "threads")
    if seat_only:
        raise click_errors.UsageError(f"{', '.join(seat_only)}: for --seat")
    with _user_errors():
        ruleset = get_rules(rules)
        ruleset.require_two_handed("play")
        e = parse_cards(elder_hand, HAND_SIZE, "elder's hand")
        d = parse_cards(dealer_hand, HAND_SIZE, "the dealer's hand")
        given = _given(ctx, "elder_dealt", "dealer_dealt")  # given, even empty, is given
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if "--elder-dealt" in given else None
        d_dealt = parse_cards(dealer_dealt, HAND_SIZE, "the dealer's dealt hand") if "--dealer-dealt" in given else None
        played = parse_tricks(tricks)
        try:
            result = analyse_play(e, d, ruleset, played, e_dealt, d_dealt)
        except PlayError as err:
            raise CardError(f"--tricks: {err}") from None
    from .. import report

    _emit(as_json, lambda: report.play_data(result), lambda: report.play_table(result))


# --- play --seat: the play as a player sees it (issue 22; analysis/seen.py, report/seen.py) -------------------


def _play_seen(hand: str, other: str, seat: str, discards: str, heard: str, tricks: str, dealt: bool, threads: int,
               rules: str, as_json: bool) -> None:
    """``play --seat``: every legal card of the player valued over the hands the opponent may hold."""
    from ..analysis.seen import analyse_seen, opponent_hands, parse_seen_tricks
    from ..game.play import SEAT_NAMES, PlayError

    if seat not in SEAT_NAMES:
        raise click_errors.UsageError(f"--seat must be elder or dealer, not {seat!r}")
    if other:
        raise click_errors.UsageError("with --seat give only your own hand (the other's is what the tool counts)")
    if dealt:
        raise click_errors.UsageError("--elder-dealt and --dealer-dealt are not for --seat")
    if not 0 <= threads <= MAX_THREADS:
        raise click_errors.UsageError(f"--threads must be 0 (one per core) to {MAX_THREADS}, not {_number(threads)}")
    with _user_errors():
        ruleset = get_rules(rules)
        mine = parse_cards(hand, HAND_SIZE, "your hand")
        thrown = parse_cards(discards, what="--discards") if discards else []
        both = set(mine) & set(thrown)
        if both:
            raise CardError(f"--discards: {sorted(both)[0]} is in your hand")
        played, led = parse_seen_tricks(tricks)
        me = SEAT_NAMES.index(seat)
        hands = opponent_hands(mine, thrown, me, heard, ruleset)
        try:
            result = analyse_seen(mine, me, ruleset, hands.masks, played, led, hands.before, threads=threads)
        except PlayError as err:
            raise CardError(f"--tricks: {err}") from None
    from ..report.seen import seen_data, seen_table

    inputs = {"seat": seat, "hand": hand, "discards": discards, "heard": heard, "tricks": tricks, "rules": rules}
    data = seen_data(result, inputs, hands.source)
    _emit(as_json, lambda: data, lambda: seen_table(data))


# --- end of play --seat --------------------------------------------------------------------------------------


@app.command()
def odds(
    cards: Annotated[str, typer.Argument(help='The cards you want, e.g. "AH KH".')],
    take: Annotated[int | None, typer.Option(help="How many cards you take (elder 5, younger 3 by default).")] = None,
    at_least: Annotated[int | None, typer.Option(help="Only the chance of at least this many.")] = None,
    unseen: Annotated[int, typer.Option(help="How many cards you cannot see.")] = len(DECK) - HAND_SIZE,
    elder: ElderOption = False,
    younger: YoungerOption = False,
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
) -> None:
    """The chance of drawing at least j of the named cards, exact, with the odds as the old books give them."""
    with _user_errors():
        named = parse_cards(cards, what="the named cards")
        ruleset = get_rules(rules)
    if not named:
        raise click_errors.UsageError("name at least one card you want, e.g. \"AH KH\"")
    most_unseen = len(DECK) - ruleset.table.hand_size  # all but one's own hand
    if not 1 <= unseen <= most_unseen:
        raise click_errors.UsageError(f"--unseen must be 1 to {most_unseen} (a {len(DECK)}-card pack less your "
                                      f"{ruleset.table.hand_size}), not {unseen}")
    if elder and younger:
        raise click_errors.UsageError("say at most one of --elder or --younger")
    if (elder or younger) and ruleset.table.players > 2:
        raise click_errors.UsageError(f"--elder and --younger are for two players; under {ruleset.name} give --take "
                                      "and --unseen")
    # what the rules let each hand take (elder's 0 is refusing: nothing to draw)
    legal = (set(ruleset.elder_discards) if elder
             else {m for k in ruleset.elder_discards for m in ruleset.dealer_discards(k)} if younger else None)
    if take is None:
        if not (elder or younger):
            raise click_errors.UsageError("give --take, or one of --elder (takes 5) or --younger (takes 3)")
        take = 5 if elder else 3
    if legal is not None and take not in legal - {0}:
        raise click_errors.UsageError(f"--take: {'elder' if elder else 'younger'} may take {span(sorted(legal - {0}))} "
                                      f"cards under {ruleset.name}, not {take}")
    most_take = min(unseen, ruleset.table.talon)
    if not 1 <= take <= most_take:
        raise click_errors.UsageError(f"--take must be 1 to {most_take} (the talon has {ruleset.table.talon} cards, "
                                      f"{unseen} unseen), not {take}")
    if len(named) > unseen:
        raise click_errors.UsageError(f"{len(named)} named cards, but only {unseen} are unseen")
    js = [at_least] if at_least is not None else list(range(1, min(len(named), take) + 1))
    if any(not 1 <= j <= len(named) for j in js):
        raise click_errors.UsageError(f"--at-least must be 1 to {len(named)}")
    from .. import report
    from ..analysis.odds import odds_rows

    rows = odds_rows(len(named), take, unseen, js)
    _emit(as_json, lambda: report.odds_data(named, take, unseen, rows),
          lambda: report.odds_table(named, take, unseen, rows))


@app.command("rules")
def rules_command(
    name: Annotated[str | None, typer.Argument(help="A preset or a .toml file; all presets when omitted.")] = None,
    as_json: JsonOption = False,
) -> None:
    """The rule presets and their settings (docs/rules.md); house rules are a .toml file naming a base preset."""
    from .. import report

    with _user_errors():
        shown = [get_rules(name)] if name is not None else list(PRESETS.values())
    _emit(as_json, lambda: report.rules_data(shown),
          lambda: report.rules_table(shown))


@app.command()
def warm(
    only: Annotated[list[str] | None, typer.Option(help="Only this kernel family (repeatable): "
                                                   "declarations, play, deal, normand-exchange, normand-declare, "
                                                   "four.")] = None,
) -> None:
    """Compile every kernel once into numba's cache (after an install, or in a CI image): no later command waits."""
    from ..engine import first_run

    names = list(only or [])
    unknown = [n for n in names if n not in first_run.FAMILIES]
    if unknown:
        raise click_errors.UsageError(f"--only: no kernel family {unknown[0]!r}: one of "
                                      f"{', '.join(first_run.FAMILIES)}")
    start = time.monotonic()
    done = first_run.warm(names)
    rest = [n for n in (names or first_run.FAMILIES) if n not in done]
    streams.write_out(f"compiled: {', '.join(done) or 'nothing'} ({time.monotonic() - start:.0f} s); "
                      f"already compiled: {', '.join(rest) or 'nothing'}\n")


def run() -> None:
    """Console-script entry point."""
    app(prog_name=PROG)


from . import partie as _partie  # noqa: E402, F401  (registers `partie`: the command lives in cli/partie.py)
