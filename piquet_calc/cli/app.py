"""The command line: parse arguments, call analysis, call report; nothing else.

Errors in what the user typed become one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

try:  # typer >= 0.22 carries its own copy of click, with Abort moved to typer.exceptions
    from typer._click import decorators as click_decorators
    from typer._click import exceptions as click_errors
    from typer._click.utils import PacifyFlushWrapper
    from typer.exceptions import Abort
except ImportError:  # pragma: no cover - older typer depends on click itself
    from click import decorators as click_decorators
    from click import exceptions as click_errors
    from click.exceptions import Abort
    from click.utils import PacifyFlushWrapper

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..analysis.defaults import DEFAULT_SAMPLES, DEFAULT_SEED
from ..cards import DECK, HAND_SIZE, Card, CardError, parse_cards, parse_hand
from ..kernels.cache import SetupError
from ..rules import PRESETS, RulesError, RuleSet, get_rules, span
from . import streams

PROG = "piquet-calc"


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
    """Progress of a whole-deal analysis on stderr, with an estimate of the time left."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), 0.0, False
        self.first: tuple[float, int] | None = None
        self.tty = sys.stderr.isatty()

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
        sys.stderr.write(f"\r{PROG}: {done:,} of about {total:,} deals judged in {now - self.start:.0f}s, "
                         f"about {left:.0f}s left  " + ("" if self.tty else "\n"))
        sys.stderr.flush()

    def finish(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write(f"\r{PROG}: done in {time.monotonic() - self.start:.0f}s" + " " * 40 + "\n")
            sys.stderr.flush()


RulesOption = Annotated[str, typer.Option(help=f"Rules: a preset ({', '.join(PRESETS)}) or a house-rules .toml file "
                                               "(see `piquet-calc rules`).")]


@app.command()
def discard(
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
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (schema in README) instead of a table.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q",
                                        help="No progress on stderr (nor the first run's compiling line).")] = False,
    play: Annotated[bool, typer.Option("--play", help="Rank by the whole deal, sampled: both exchanges (the "
                                       "opponent's by the exchange policy), the declarations and the play "
                                       "solved double dummy (README, The whole deal).")] = False,
    samples: Annotated[int, typer.Option(help="With --play: fresh deals per discard in the final round.")]
    = DEFAULT_SAMPLES,
    seed: Annotated[int, typer.Option(help="With --play: the seed the deals are drawn from.")] = DEFAULT_SEED,
    also: Annotated[list[str] | None, typer.Option(help="With --play: put this discard in the final round "
                                                   "(repeatable), e.g. --also \"QS TS 9S 8S 7S\".")] = None,
    threads: Annotated[int, typer.Option(help="With --play: worker threads (0: one per core); the figures "
                                         "do not depend on it.")] = 0,
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
        if play or also or samples != DEFAULT_SAMPLES or seed != DEFAULT_SEED or threads:
            raise click_errors.UsageError(f"--play (and --samples, --seed, --also, --threads) is for two players, "
                                          f"not {ruleset.name}")
        _discard_table(hand, ruleset, elder, younger, dealer, elder_blanche, top, as_json, quiet)
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
    if not play and (also or samples != DEFAULT_SAMPLES or seed != DEFAULT_SEED or threads):
        raise click_errors.UsageError("--samples, --seed, --also and --threads need --play")
    from .. import report

    if play:
        if samples < 2:
            raise click_errors.UsageError(f"--samples must be at least 2, not {samples}")
        if threads < 0:
            raise click_errors.UsageError(f"--threads must be 0 (one per core) or more, not {threads}")
        with _user_errors():
            forced = [parse_cards(text, what="--also") for text in also or []]
        from ..analysis.deal import analyse_deal

        progress = _DealProgress(not quiet)
        try:
            with _user_errors():
                deal = analyse_deal(cards, "elder" if elder else "younger", ruleset, elder_took=elder_took,
                                    elder_blanche=elder_blanche, samples=samples, seed=seed, top=top,
                                    also=forced, threads=threads or None, progress=progress)
        except KeyboardInterrupt:  # the worker threads stop after the piece they are on
            typer.echo(f"\n{PROG}: interrupted: nothing printed", err=True)
            raise typer.Exit(130) from None
        progress.finish()
        _emit(as_json, lambda: report.deal_data(deal), lambda: report.deal_table(deal))
        return
    from ..analysis import analyse_discards

    result = analyse_discards(cards, "elder" if elder else "younger", ruleset, elder_took=elder_took,
                              elder_blanche=elder_blanche, progress=_Progress(not quiet))
    _emit(as_json, lambda: report.analysis_data(result, top), lambda: report.table(result, top))


def _discard_table(hand: str, ruleset: RuleSet, elder: bool, younger: bool, dealer: bool, elder_blanche: bool,
                   top: int, as_json: bool, quiet: bool) -> None:
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
    from .. import report

    with _user_errors():
        result = analyse_normand_exchange(cards, ruleset, progress=_Progress(not quiet))
    _emit(as_json, lambda: report.normand_exchange_data(result, top),
          lambda: report.normand_exchange_table(result, top))


JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (schema in README) instead of a table.")]
ElderOption = Annotated[bool, typer.Option("--elder", help="You are elder (non-dealer).")]
YoungerOption = Annotated[bool, typer.Option("--younger", help="You are younger (the dealer).")]


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn what the user typed wrong into one-line usage errors."""
    try:
        yield
    except (CardError, RulesError) as e:
        raise click_errors.UsageError(str(e)) from None


def _one_position(elder: bool, younger: bool) -> None:
    if elder == younger:
        raise click_errors.UsageError("say exactly one of --elder or --younger")


def _younger_only(elder: bool, **given: bool) -> None:
    """Options that say what elder did mean nothing when the player is elder: an error, not silence."""
    named = [name for name, was_given in given.items() if was_given]
    if elder and named:
        raise click_errors.UsageError(f"{' and '.join(named)}: for --younger only (what elder did), "
                                      "not with --elder")


def _emit(as_json: bool, data: Callable[[], Any], table: Callable[[], str]) -> None:
    """The one way a command writes its result: JSON (escaped to ASCII when stdout cannot show the text)
    or the table; a failed write is streams.OutputError or streams.ReaderGone, handled in main."""
    if as_json:
        text = json.dumps(data(), indent=1, ensure_ascii=False)
        if not streams.can_show(text):
            text = json.dumps(data(), indent=1)
    else:
        text = table()
    streams.write_out(text + "\n")


def _check_exchange_seen(position: str, thrown: int, seen: int, ruleset: RuleSet) -> None:
    """--discards (when given) must be a count the rules let this position exchange, and --seen at most the
    talon cards it can have looked at: elder the rest of his share, the dealer the rest of what elder left."""
    shape = ruleset.table
    if position == "elder":  # (cards exchanged, talon cards then left to look at)
        ways = [(k, shape.talon_shares[0] - k) for k in ruleset.elder_discards]
    else:  # elder refusing leaves the dealer only his own share (docs/rules.md, The deal and the exchange)
        ways = [(m, (shape.talon - k if k else shape.talon_shares[-1]) - m)
                for k in ruleset.elder_discards for m in ruleset.dealer_discards(k)]
    legal = sorted({n for n, _ in ways} - {0})
    if thrown and thrown not in legal:
        raise click_errors.UsageError(f"--discards: {position} may exchange {span(legal)} cards under "
                                      f"{ruleset.name}, not {thrown}")
    most_seen = max(rest for n, rest in ways if n == thrown or not thrown)
    if seen > most_seen:
        after = f" after exchanging {thrown}" if thrown else ""
        raise click_errors.UsageError(f"--seen: {position} can have seen at most {most_seen} talon cards{after} "
                                      f"under {ruleset.name}, not {seen}")


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
) -> None:
    """What to declare: each class's chance of being good, what is good against the cards, what can be sunk."""
    if quiet:
        from ..engine import first_run

        first_run.silence()
    with _user_errors():
        ruleset = get_rules(rules)
        thrown = parse_cards(discards, what="the discards")
        looked = parse_cards(seen, what="the seen cards")
    if ruleset.table.players > 2:
        _declare_table(hand, ruleset, seat, elder, younger, dealer, thrown, looked, carte_blanche, elder_blanche,
                       as_json, quiet)
        return
    if seat is not None:
        if seat not in ("elder", "younger", "dealer"):
            raise click_errors.UsageError(f"no seat {seat!r} at this table: seats are elder, dealer (younger)")
        elder, younger = elder or seat == "elder", younger or seat != "elder"
    younger = younger or dealer
    with _user_errors():
        cards = parse_hand(hand)
    _one_position(elder, younger)
    _younger_only(elder, **{"--elder-blanche": elder_blanche})
    _check_exchange_seen("elder" if elder else "younger", len(thrown), len(looked), ruleset)
    from .. import report
    from ..analysis import analyse_declaration

    with _user_errors():
        result = analyse_declaration(cards, "elder" if elder else "younger", thrown, looked, ruleset,
                                     carte_blanche=carte_blanche, elder_blanche=elder_blanche)
    _emit(as_json, lambda: report.declaration_data(result), lambda: report.declaration_table(result))


def _check_deal(elder: tuple[Card, ...], dealer: tuple[Card, ...], elder_dealt: tuple[Card, ...] | None,
                dealer_dealt: tuple[Card, ...] | None, ruleset: RuleSet) -> None:
    """Dealt hands consistent with the final ones: a discard is out of play, so no card of a dealt hand ends
    in the other player's final hand; the two dealt hands are disjoint; each exchange is one the rules allow."""
    if elder_dealt is not None and dealer_dealt is not None:
        both = sorted(set(elder_dealt) & set(dealer_dealt))
        if both:
            raise CardError(f"{both[0]} is in both dealt hands")
    took = {}
    for who, other, dealt, final, other_final in (("elder", "younger", elder_dealt, elder, dealer),
                                                  ("younger", "elder", dealer_dealt, dealer, elder)):
        if dealt is None:
            continue
        gone = sorted(set(dealt) & set(other_final))
        if gone:
            raise CardError(f"{gone[0]} is in {who}'s dealt hand and in {other}'s final hand: "
                            "a discarded card is out of play")
        took[who] = len(set(final) - set(dealt))
    if "elder" in took and took["elder"] not in ruleset.elder_discards:
        raise CardError(f"elder exchanged {took['elder']} cards (dealt against final hand); "
                        f"{ruleset.name} allows {span(ruleset.elder_discards)}")
    if "younger" in took:
        elder_took = [took["elder"]] if "elder" in took else list(ruleset.elder_discards)
        legal = sorted({m for k in elder_took for m in ruleset.dealer_discards(k)})
        if took["younger"] not in legal:
            after = f" after elder took {took['elder']}" if "elder" in took else ""
            raise CardError(f"younger exchanged {took['younger']} cards (dealt against final hand); "
                            f"{ruleset.name} allows {span(legal)}{after}")


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
    from ..game.declarations import is_carte_blanche, score_deal

    with _user_errors():
        ruleset = get_rules(rules)
    if ruleset.table.players > 2:
        _score_table(hands, ruleset, dealer_dealt, elder_dealt or younger_dealt, as_json)
        return
    if dealer_dealt:
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
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if elder_dealt else e
        d_dealt = parse_cards(younger_dealt, HAND_SIZE, "younger's dealt hand") if younger_dealt else d
        _check_deal(e, d, e_dealt if elder_dealt else None, d_dealt if younger_dealt else None, ruleset)
    from .. import report

    result = score_deal(e, d, ruleset, elder_blanche=is_carte_blanche(e_dealt, ruleset),
                        dealer_blanche=is_carte_blanche(d_dealt, ruleset))
    _emit(as_json, lambda: report.score_data(e, d, result, ruleset),
          lambda: report.score_table(e, d, result, ruleset))


def _score_table(hands: list[str], ruleset: RuleSet, dealer_dealt: str, two_handed_dealt: str, as_json: bool) -> None:
    """score for three or four players."""
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
        if dealer_dealt:
            if shape.talon == 0 or 0 in ruleset.exchange[-1] and len(ruleset.exchange[-1]) == 1:
                raise RulesError(f"--dealer-dealt: nobody exchanges under {ruleset.name}, so the dealt hands "
                                 "are the final ones")
            dealt = parse_cards(dealer_dealt, shape.hand_size, "the dealer's dealt hand")
            others = {c for h in cards[:-1] for c in h}
            if others & set(dealt):
                raise CardError(f"{sorted(others & set(dealt))[0]} is in the dealer's dealt hand and another's")
            if len(set(dealt) - set(cards[-1])) not in ruleset.exchange[-1]:
                raise RulesError(f"--dealer-dealt: the dealer exchanges {span(ruleset.exchange[-1])} cards under "
                                 f"{ruleset.name}, not {len(set(dealt) - set(cards[-1]))}")
            blanche[-1] = is_carte_blanche(dealt, ruleset)
    from .. import report

    result = score_table(cards, ruleset, blanche)
    _emit(as_json, lambda: report.table_score_data(cards, result), lambda: report.table_score_table(cards, result))


@app.command()
def play(
    elder_hand: Annotated[str, typer.Argument(help="Elder's twelve cards after the exchange.")],
    dealer_hand: Annotated[str, typer.Argument(help="The dealer's twelve cards after the exchange.")],
    tricks: Annotated[str, typer.Option(help='Tricks already played, each the leader\'s card then the follower\'s, '
                                             'e.g. "AH TC, KH JC"; the rest is solved.')] = "",
    elder_dealt: Annotated[str, typer.Option(help="Elder's dealt hand, for carte blanche.")] = "",
    dealer_dealt: Annotated[str, typer.Option(help="The dealer's dealt hand, for carte blanche.")] = "",
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
) -> None:
    """The declarations, then the best play of the deal with both hands seen (double dummy), trick by trick."""
    from ..analysis.play import analyse_play, parse_tricks
    from ..game.play import PlayError

    with _user_errors():
        e = parse_cards(elder_hand, HAND_SIZE, "elder's hand")
        d = parse_cards(dealer_hand, HAND_SIZE, "the dealer's hand")
        ruleset = get_rules(rules)
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if elder_dealt else None
        d_dealt = parse_cards(dealer_dealt, HAND_SIZE, "the dealer's dealt hand") if dealer_dealt else None
        played = parse_tricks(tricks)
        try:
            result = analyse_play(e, d, ruleset, played, e_dealt, d_dealt)
        except PlayError as err:
            raise CardError(f"--tricks: {err}") from None
    from .. import report

    _emit(as_json, lambda: report.play_data(result), lambda: report.play_table(result))


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
    _emit(as_json, lambda: {"cards": [str(c) for c in named], "take": take, "unseen": unseen, "rows": rows},
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
    _emit(as_json, lambda: report.rules_data(shown)[shown[0].name] if name is not None else report.rules_data(shown),
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
