"""`piquet-calc practice`: deals played against the engine from your seat, drills, your own mistakes served
again, every decision priced as `review` prices it (analysis/practice.py, practice_deal.py; report/practice.py;
the faces: cli/practice_io.py; the history: piquet_calc/history/)."""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from ..analysis.practice_deal import DealResult
from . import streams
from .common import PROG, JsonOption, RulesOption, _emit, _number, click_errors

DRILLS = ("discard", "lead")
MOST = 1_000  # --deals and --count at most


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
    as_json: JsonOption = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No first-run compiling line.")] = False,
) -> None:
    """Play deals against the engine from your seat, drill discards and leads, meet your own mistakes again:
    every decision graded as review grades it. A line protocol (one JSON event a line) when stdin is not a
    terminal, or with --json."""
    from ..history import History, HistoryError, default_path

    _apart(stats=stats, drill=drill is not None, mistakes=mistakes, from_=bool(from_))
    ruleset = _check(seat, drill, deals, count, min_cost, seed, rules)
    if not stats and _closed(sys.stdin):
        raise click_errors.UsageError("stdin is closed: practice reads your answers from it")
    if quiet:
        from ..engine import first_run

        first_run.silence()
    path = db if db is not None else default_path()
    try:
        if stats:
            if not path.exists():  # no decision kept yet: the stats of an empty history, nothing written here
                import tempfile

                with tempfile.TemporaryDirectory() as empty, History.open(Path(empty) / "empty.sqlite3") as h:
                    _stats(h, as_json)
                return
            with History.open(path, readonly=True) as h:
                _stats(h, as_json)
            return
        records = [_record(s) for s in from_ or []]
        with History.open(path) as h:
            _run(h, ruleset, seat, deals, seed, drill, mistakes, min_cost, count, records,
                 folder or path.parent / "practice", as_json or not _tty(), quiet)
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

    if seat is not None and seat.lower() not in ("elder", "dealer"):
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
    over his exchange (engine/first_run.py's aside)."""
    from ..engine import first_run

    if drill == "discard":
        first_run.expect("declarations")
    elif drill == "lead":
        first_run.expect("seen", "play")
    else:
        first_run.expect("declarations", "seen", "play", here=("declarations",))


def _run(h: Any, ruleset: Any, seat: str | None, deals: int | None, seed: int | None, drill: str | None, mistakes: bool,
         min_cost: float, count: int, records: list, folder: Path, lines: bool, quiet: bool) -> None:
    from .practice_io import LineSide, Recorder, TerminalSide

    seed = random.randrange(2**31) if seed is None else seed
    source = "drill" if (drill or records or mistakes) else "practice"
    recorder = Recorder(h, source)
    side = (LineSide if lines else TerminalSide)(recorder, quiet)
    if mistakes:
        _expect(None)
        _mistakes(h, side, min_cost, count)
        return
    if drill or records:
        kind = (drill or "").lower() or ("discard" if all(r.dealt is not None for r in records) else "lead")
        _expect(kind)
        recorder.start(None)
        recorder.deal = f"drill {kind} seed {seed}"
        _drill(side, kind, ruleset.name, seed, count, seat, records)
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):  # a record can be written there: known before the first question
            pass
    except OSError as e:
        raise click_errors.UsageError(f"cannot write in the practice folder {folder}: {e.strerror or e}") from None
    _expect(None)
    _partie(side, recorder, ruleset, (seat or "elder").lower(), deals, seed, folder)


def _partie(side: Any, recorder: Any, ruleset: Any, seat: str, deals: int | None, seed: int, folder: Path) -> None:
    """Deals against the engine, elder and dealer alternating, until the partie ends (or ``deals``)."""
    from ..analysis.practice_deal import new_record, play_deal
    from ..game.partie import DealTotals, score_partie

    first = 0 if seat == "elder" else 1  # the player's seat in deal 1: player 1 is elder there
    played: list[DealTotals] = []
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for k in range(deals or 20):
        me = (first + k) % 2  # his seat this deal: 0 elder
        before = score_partie(ruleset, played) if played else None
        score = None
        if before is not None:  # player 1 is elder in odd deals
            t = before.totals
            score = (t[0], t[1]) if k % 2 == 0 else (t[1], t[0])
        record = new_record(ruleset.name, seed + k, k + 1, score)
        path = folder / f"practice-{stamp}-{seed + k}.pqn"
        recorder.start(path)
        side.number = k + 1
        result = play_deal(record, me, side)
        sheet = None
        if result.totals is not None:
            e, d = result.totals
            played.append(DealTotals((e, d) if k % 2 == 0 else (d, e)))
            p = score_partie(ruleset, played)
            you = first  # player index of the player
            sheet = {"you": p.totals[you], "engine": p.totals[1 - you], "finished": p.finished, "deals": len(played)}
        side.deal_end(_deal_data(result, str(path), k + 1, sheet))
        if result.stopped or (sheet is not None and sheet["finished"] and deals is None):
            return


def _deal_data(result: DealResult, path: str, number: int, sheet: dict | None) -> dict:
    from ..report.practice import deal_event

    return deal_event(result, path, number, sheet)


def _ask(side: Any, n: int, p: Any) -> Any:
    """Position ``p`` put to the player as question ``n`` (an exchange begun first): his answer, None when he
    quits."""
    from ..analysis.practice import begin_exchange
    from ..analysis.practice_deal import Quit

    side.number = n
    if p.stage == "exchange":
        begin_exchange(p)
    try:
        return side.ask(p)
    except Quit:
        return None


def _drill(side: Any, kind: str, rules: str, seed: int, count: int, seat: str | None, records: list) -> None:
    """Drill positions, each asked, graded and kept."""
    from ..analysis.practice import grade
    from ..analysis.practice_deal import drill_positions

    s = None if seat is None else ("elder", "dealer").index(seat.lower())
    n = 0
    for n, p in enumerate(drill_positions(kind, rules, seed, count, s, records), 1):
        if (a := _ask(side, n, p)) is None:
            return
        side.graded(p, grade(p, a.value), a)
    if n == 0 and records:
        whose = f"the {seat.lower()}'s" if seat is not None else "a"
        raise click_errors.UsageError(f"--from: no position to drill in the records given (a {kind} drill needs "
                                      f"{whose} dealt hand; none is known)")


def _mistakes(h: Any, side: Any, min_cost: float, count: int) -> None:
    """The decisions due (the history's Leitner round) served again: found again (no cost) moves back."""
    from ..analysis.practice import grade, position_from_data
    from ..report.practice import graded_event, graded_text

    due = []
    for d in h.due(min_cost=min_cost, count=count):
        try:
            due.append((d, position_from_data(d.position)))
        except (ValueError, KeyError, TypeError, IndexError):  # a RecordError is a ValueError
            h.damaged += 1
    if h.damaged:
        streams.write_err(f"{PROG}: {h.damaged} damaged decision{'s' if h.damaged > 1 else ''} in the history "
                          f"skipped")
    if not due:
        _say(side, {"event": "none", "message": f"no decision that cost {min_cost:g} points or more is due"},
             f"{PROG}: no decision that cost {min_cost:g} points or more is due")
        return
    for n, (d, p) in enumerate(due, 1):
        if (a := _ask(side, n, p)) is None:
            return
        g = grade(p, a.value)
        h.served(d.id, g.cost <= 1e-9)
        _say(side, {**graded_event(p, g, a), "was": d.answer, "id": d.id}, graded_text(g))


def _say(side: Any, event: dict, text: str) -> None:
    from .practice_io import LineSide

    if isinstance(side, LineSide):
        from ..schemas import header

        side.emit({**header("practice-event"), **event} if "schema" not in event else event)
    else:
        side.say(text)


__all__ = ["practice"]
