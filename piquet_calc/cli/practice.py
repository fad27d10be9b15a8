"""`piquet-calc practice`: deals played against the engine from your seat, drills, your own mistakes served
again, every decision priced as `review` prices it (analysis/practice.py, practice_deal.py; report/practice.py;
the faces: cli/practice_io.py; the history: piquet_calc/history/)."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from ..analysis.defaults import DEFAULT_SAMPLES
from ..analysis.practice_deal import DealResult
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

    ruleset = _check(seat, drill, deals, count, min_cost, seed, rules)
    _judges(model, engine, samples)
    given = _given(deal, drill, mistakes, from_, stats)
    if given is not None:
        from ..rules import get_rules

        ruleset = get_rules(given.rules)
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
                 folder or path.parent / "practice", as_json or not _tty(), quiet, given)
    except HistoryError as e:
        raise click_errors.UsageError(str(e)) from None


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
    if get_rules(r.rules).table.players != 2:
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
    over his exchange (engine/first_run.py's aside)."""
    from ..engine import first_run

    if drill == "discard":
        first_run.expect("declarations")
    elif drill == "lead":
        first_run.expect("seen", "play")
    else:
        first_run.expect("declarations", "seen", "play", here=("declarations",))


def _run(h: Any, ruleset: Any, seat: str | None, deals: int | None, seed: int | None, drill: str | None, mistakes: bool,
         min_cost: float, count: int, records: list, folder: Path, lines: bool, quiet: bool, given: Any = None) -> None:
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
    _expect(None)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise click_errors.UsageError(f"cannot make the practice folder {folder}: {e.strerror or e}") from None
    if given is not None:
        _given_deal(side, recorder, given, (seat or "elder").lower(), folder)
        return
    _partie(side, recorder, ruleset, (seat or "elder").lower(), deals, seed, folder)


def _given_deal(side: Any, recorder: Any, given: Any, seat: str, folder: Path) -> None:
    """--deal: its dealt hands and talon played from ``seat``, the engine in the other (the same deal again with
    the seats swapped: --seat)."""
    from ..analysis.practice_deal import play_deal
    from ..record.record import DealRecord

    said = f"piquet-calc practice --deal, {seat}" + (f": {given.comment}" if given.comment else "")
    record = DealRecord(rules=given.rules, dealt=given.dealt, talon=given.talon, deal=given.deal, score=given.score,
                        comment=said)
    path = folder / f"practice-{time.strftime('%Y%m%d-%H%M%S')}-deal-{seat}.pqn"
    recorder.start(path)
    side.number = 1
    result = play_deal(record, 0 if seat == "elder" else 1, side)
    side.deal_end(_deal_data(result, str(path), 1, None))


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
    for n, p in enumerate(drill_positions(kind, rules, seed, count, s, records), 1):
        if (a := _ask(side, n, p)) is None:
            return
        side.graded(p, grade(p, a.value), a)


def _mistakes(h: Any, side: Any, min_cost: float, count: int) -> None:
    """The decisions due (the history's Leitner round) served again: found again (no cost) moves back."""
    from ..analysis.judge import MISTAKE_Z
    from ..analysis.practice import grade, position_from_data
    from ..report.practice import graded_event, graded_text

    due = h.due(min_cost=min_cost, count=count, z=MISTAKE_Z)  # the mistake rule: a sampled cost out of the noise
    if not due:
        _say(side, {"event": "none", "message": f"no decision that cost {min_cost:g} points or more is due"},
             f"{PROG}: no decision that cost {min_cost:g} points or more is due")
        return
    for n, d in enumerate(due, 1):
        p = position_from_data(d.position)
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
