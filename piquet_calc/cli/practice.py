"""`piquet-calc practice`: deals played against the engine from your seat, drills, your own mistakes served
again, every decision priced as `review` prices it. Thin: the options checked, the history opened, the aids read
and saved, then one session (analysis/practice_session.py) driven by one of the two faces (cli/practice_io.py);
the output: report/practice.py; the history: piquet_calc/history/."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer

from ..analysis.defaults import DEFAULT_SAMPLES
from ..rules.model import TWO_HANDED_SEATS
from . import streams
from .common import PROG, JsonOption, RulesOption, _emit, _number, click_errors

DRILLS = ("discard", "lead")
MOST = 1_000  # --deals and --count at most
MAX_SAMPLES = 100_000  # --samples at most, as review's


def practice(
    deals: Annotated[int | None, typer.Option(help="Deals to play (default: a partie of the preset's length).",
                                              show_default=False)] = None,
    seat: Annotated[str | None, typer.Option(help="Your seat in the first deal (elder or dealer, then they "
                                                  "alternate; default elder); a drill's (default: both in turn).",
                                             show_default=False)] = None,
    seed: Annotated[int | None, typer.Option(help="The seed the deals are drawn from (default: a new one, "
                                                  "written in each record).", show_default=False)] = None,
    rules: RulesOption = "rubicon",
    drill: Annotated[str | None, typer.Option(help="Drill positions instead of whole deals: discard (the "
                                                   "exchange) or lead (elder's first lead).", show_default=False)]
    = None,
    mistakes: Annotated[bool, typer.Option("--mistakes", help="Your costliest past decisions served again, the "
                                                              "answer hidden (a Leitner schedule).")] = False,
    min_cost: Annotated[float, typer.Option(help="With --mistakes: decisions that cost at least this many "
                                                 "points.")] = 1.0,
    count: Annotated[int, typer.Option(help="Drill positions, or mistakes served.")] = 10,
    from_: Annotated[list[str] | None, typer.Option("--from", help="Drill positions from deal records (.pqn or "
                                                    ".json, repeatable): discard where the dealt hands are known, "
                                                    "else lead.", show_default=False)] = None,
    stats: Annotated[bool, typer.Option("--stats", help="What you lose a deal, by stage, over time (with --json: "
                                                        "decisions and points_lost).")] = False,
    db: Annotated[Path | None, typer.Option(help="The history database (default: in your data folder).",
                                            show_default=False)] = None,
    folder: Annotated[Path | None, typer.Option(help="Where each deal's record is saved (default: practice/ "
                                                     "beside the database).", show_default=False)] = None,
    play_forced: Annotated[bool | None, typer.Option(
        "--play-forced/--no-play-forced", help="Aid: a card with one legal choice, and your sure winners (your lead, "
        "every card the best unplayed of its suit), played for you (kept; default on).", show_default=False)] = None,
    hints: Annotated[bool | None, typer.Option("--hints/--no-hints", help="Aid: hint answers the tool's best "
                                               "(kept; default on).", show_default=False)] = None,
    announce_in_full: Annotated[bool | None, typer.Option(
        "--announce-in-full/--no-announce-in-full", help="Aid: your announcements made in full without asking "
        "(kept; default off: sinking is part of the game).", show_default=False)] = None,
    settings: Annotated[bool, typer.Option("--settings", help="Show the aids as kept (with the toggles given: "
                                                              "save them first).")] = False,
    deal: Annotated[str | None, typer.Option("--deal", help="Play this deal (a deal record, .pqn or .json, with the "
                                                        "dealt hands and the talon; its rules) from --seat, the "
                                                        "engine in the other.", show_default=False)] = None,
    model: Annotated[str, typer.Option(help="The judge of your exchange (the hint, the grade, drills, --mistakes): "
                                            "whole (the whole deal, as discard --play --why) or declarations (exact, "
                                            "as discard --why).")] = "whole",
    engine: Annotated[str, typer.Option(help="How the engine exchanges: whole (#1 of the whole deal) or "
                                             "declarations (#1 of the exact declarations).")] = "whole",
    samples: Annotated[int, typer.Option(help="The whole deal: report deals per discard (its seed is discard "
                                              "--play's default).")] = DEFAULT_SAMPLES,
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No first-run compiling line.")] = False,
) -> None:
    """Play deals against the engine from your seat, drill discards and leads, meet your own mistakes again:
    every decision graded as review grades it. A line protocol (one JSON event a line) when stdin is not a
    terminal, or with --json."""
    from ..history import History, HistoryError, default_path

    _apart(stats=stats, drill=drill is not None, mistakes=mistakes, from_=bool(from_))
    ruleset = _check(seat, drill, deals, count, min_cost, seed, rules)
    if not (stats or settings) and _closed(sys.stdin):
        raise click_errors.UsageError("stdin is closed: practice reads your answers from it")
    _judges(model, engine, samples)
    dealt = _given(deal, drill, mistakes, from_, stats)
    if dealt is not None:
        from ..rules import get_rules

        ruleset = get_rules(dealt.rules)
    if quiet:
        from ..engine import first_run

        first_run.silence()
    path = db if db is not None else default_path()
    given = {"play_forced": play_forced, "hints": hints, "announce_in_full": announce_in_full}
    try:
        if settings:
            _settings(path, given, as_json)
            return
        if stats:
            if not path.exists():  # no decision kept yet: the stats of an empty history, nothing written here
                with tempfile.TemporaryDirectory() as empty, History.open(Path(empty) / "empty.sqlite3") as h:
                    _stats(h, as_json)
                return
            with History.open(path, readonly=True) as h:
                _stats(h, as_json)
            return
        records = [_record(s) for s in from_ or []]
        with History.open(path) as h:
            _run(h, ruleset, seat, deals, seed, drill, mistakes, min_cost, count, records,
                 folder or path.parent / "practice", as_json or not _tty(), given, dealt)
    except HistoryError as e:
        raise click_errors.UsageError(str(e)) from None


_ONLY_SHOWS = "--stats only shows the history"
TOGETHER_NOT = (("stats", "drill", _ONLY_SHOWS), ("stats", "mistakes", _ONLY_SHOWS), ("stats", "from_", _ONLY_SHOWS),
                ("drill", "mistakes", "one drills new positions, the other serves your past ones"),
                ("mistakes", "from_", "--mistakes serves your past decisions, not a record's"))


def _apart(**given: bool) -> None:
    """Options that cannot go together refused (one line), none silently dropped."""
    for a, b, why in TOGETHER_NOT:
        if given[a] and given[b]:
            raise click_errors.UsageError(f"--{a.rstrip('_')} and --{b.rstrip('_')} cannot go together ({why})")


def _closed(stream: Any) -> bool:
    """Is stdin closed (``<&-``: Python then has no sys.stdin) or unreadable?"""
    if stream is None:
        return True
    try:
        stream.fileno()
    except (AttributeError, OSError, ValueError):
        return not hasattr(stream, "readline")  # a stream of the test runner's, with no file behind it
    return False


def _check(seat: str | None, drill: str | None, deals: int | None, count: int, min_cost: float, seed: int | None,
           rules: str):
    """The options checked (one line each); the rules, two-handed."""
    from ..game.partie import partie_name
    from ..rules import get_rules

    if seat is not None and seat.lower() not in TWO_HANDED_SEATS:
        raise click_errors.UsageError(f"--seat must be elder or dealer, not {seat!r}")
    if drill is not None and drill.lower() not in DRILLS:
        raise click_errors.UsageError(f"--drill must be discard or lead, not {drill!r}")
    for name, value in (("--deals", deals), ("--count", count)):
        if value is not None and not 1 <= value <= MOST:
            raise click_errors.UsageError(f"{name} must be 1 to {MOST:,}, not {_number(value)}")
    if not 0 <= min_cost <= 1000:
        raise click_errors.UsageError(f"--min-cost must be 0 to 1000 points, not {min_cost}")
    if seed is not None and not 0 <= seed <= 2**32 - 1:
        raise click_errors.UsageError(f"--seed must be 0 to {2**32 - 1:,}, not {_number(seed)}")
    ruleset = get_rules(rules)
    ruleset.require_two_handed("practice")
    partie_name(ruleset)
    if rules.lower().endswith(".toml"):  # the records and the history name the file, whence they read it again
        from dataclasses import replace

        ruleset = replace(ruleset, name=str(Path(rules).resolve()))
    return ruleset


def _judges(model: str, engine: str, samples: int) -> None:
    """--model, --engine and --samples checked (one line each) and set for this run (analysis/practice.py)."""
    from ..analysis.judge import MODELS
    from ..analysis.practice import set_judging

    for name, value in (("--model", model), ("--engine", engine)):
        if value not in MODELS:
            raise click_errors.UsageError(f"{name} must be whole or declarations, not {value!r}")
    if not 2 <= samples <= MAX_SAMPLES:
        raise click_errors.UsageError(f"--samples must be 2 to {MAX_SAMPLES:,}, not {_number(samples)}")
    set_judging(model=model, engine=engine, samples=samples)


def _given(source: str | None, drill: str | None, mistakes: bool, from_: list[str] | None, stats: bool):
    """--deal's record: read and checked, with the dealt hands and the talon (one line each), before the deal's
    record is begun from them; None without --deal."""
    if source is None:
        return None
    if drill or mistakes or from_ or stats:
        raise click_errors.UsageError("--deal plays one deal: not with --drill, --mistakes, --from or --stats")
    from ..rules import get_rules
    from .record import read_deal

    r = read_deal(source).record
    if r.dealt is None or r.dealt[0] is None or r.dealt[1] is None or not r.talon:
        raise click_errors.UsageError(f"--deal {source}: the record has not both dealt hands and the talon")
    if not get_rules(r.rules).game.two_handed:
        raise click_errors.UsageError(f"--deal {source}: a deal of two players, not {r.rules}")
    return r


def _tty() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _record(source: str):
    """A record of ``--from``, read and checked (its own one-line error)."""
    from ..record.record import read_record
    from ..record.record_check import check_record
    from .record import read_source

    text, form = read_source(source)
    return check_record(read_record(text, form)).record


def _stats(h: Any, as_json: bool) -> None:
    from ..report.practice_stats import stats_data, stats_table

    data = stats_data(h.stats())
    _emit(as_json, lambda: data, lambda: stats_table(data))


def _expect(drill: str | None) -> None:
    """The first run's line; the seat view and the solver compile in a second process while the player thinks
    over his exchange (engine/first_run.py's aside). The families as engine/families.py names them."""
    from ..engine import first_run
    from ..engine.families import DECLARATIONS, PLAY, SEEN

    if drill == "discard":
        first_run.expect(DECLARATIONS.name)
    elif drill == "lead":
        first_run.expect(SEEN.name, PLAY.name)
    else:
        first_run.expect(DECLARATIONS.name, SEEN.name, PLAY.name, here=(DECLARATIONS.name,))


def _aids(h: Any, given: dict[str, bool | None]) -> Any:
    """The aids as kept in the history, the toggles given saved first."""
    from ..analysis.practice_events import Aids

    aids = Aids.from_settings(h.settings(), given)
    if any(v is not None for v in given.values()):
        h.set_settings(aids.settings())
    return aids


def _settings(path: Path, given: dict[str, bool | None], as_json: bool) -> None:
    """``--settings``: the aids as kept (the defaults while there is no history; nothing written then unless a
    toggle is given)."""
    from ..analysis.practice_events import Aids
    from ..history import History
    from ..report.practice import settings_event, settings_text

    if path.exists() or any(v is not None for v in given.values()):
        with History.open(path) as h:  # an older file is brought up to this schema (its settings table)
            aids = _aids(h, given)
    else:
        aids = Aids()
    _emit(as_json, lambda: settings_event(aids), lambda: settings_text(aids, str(path)))


def _run(h: Any, ruleset: Any, seat: str | None, deals: int | None, seed: int | None, drill: str | None,
         mistakes: bool, min_cost: float, count: int, records: list, folder: Path, lines: bool,
         given: dict[str, bool | None], dealt: Any = None) -> None:
    """One session (a partie, a given deal, drills or the mistakes due) driven by the line protocol or the
    terminal."""
    from ..analysis import practice_session as ps
    from .practice_io import run_lines, run_terminal

    aids = _aids(h, given)
    seed = random.randrange(2**31) if seed is None else seed
    keeper = ps.Keeper(h, "drill" if (drill or records or mistakes) else "practice")
    if mistakes:
        _expect(None)
        session = ps.mistakes(_due(h, min_cost, count), min_cost, aids, keeper)
    elif drill or records:
        kind = (drill or "").lower() or ("discard" if all(r.dealt is not None for r in records) else "lead")
        s = None if seat is None else TWO_HANDED_SEATS.index(seat.lower())
        if records:
            _some_position(kind, ruleset.name, seed, count, s, records, seat)
        _expect(kind)
        keeper.deal = f"drill {kind} seed {seed}"
        session = ps.drills(kind, ruleset.name, seed, count, s, records, aids, keeper)
    else:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=folder):  # a record can be written there: known before the first question
                pass
        except OSError as e:
            raise click_errors.UsageError(f"cannot write in the practice folder {folder}: {e.strerror or e}") from None
        _expect(None)
        first = 0 if (seat or "elder").lower() == "elder" else 1
        session = ps.partie(ruleset, first, deals, seed, folder, aids, keeper) if dealt is None else \
            ps.given_deal(dealt, first, folder, aids, keeper)
    (run_lines if lines else run_terminal)(session)


def _due(h: Any, min_cost: float, count: int) -> list:
    """The decisions due, those whose position no longer reads skipped (counted in ``h.damaged``, said once)."""
    from ..analysis.practice import position_from_data

    due = []
    from ..analysis.judge import MISTAKE_Z

    for d in h.due(min_cost=min_cost, count=count, z=MISTAKE_Z):  # the mistake rule: a sampled cost out of the noise
        try:
            position_from_data(d.position)
        except (ValueError, KeyError, TypeError, IndexError):  # a RecordError is a ValueError
            h.damaged += 1
            continue
        due.append(d)
    if h.damaged:
        streams.write_err(f"{PROG}: {h.damaged} damaged decision{'s' if h.damaged > 1 else ''} in the history "
                          f"skipped")
    return due


def _some_position(kind: str, rules: str, seed: int, count: int, s: int | None, records: list,
                   seat: str | None) -> None:
    """``--from``: the records yield a position to drill, or one line saying why not."""
    from ..analysis.practice_deal import drill_positions

    if next(iter(drill_positions(kind, rules, seed, count, s, records)), None) is None:
        whose = f"the {seat.lower()}'s" if seat is not None else "a"
        raise click_errors.UsageError(f"--from: no position to drill in the records given (a {kind} drill needs "
                                      f"{whose} dealt hand; none is known)")


__all__ = ["practice"]
