"""practice (issues 45, 49): a seeded deal through the line protocol graded as review grades its saved record; the
running score (its events sum to the deal's totals; after the announcements, `score`'s for the final hands), a
take-back, empty answers; a kill mid-deal leaves the history whole; --mistakes serves a saved decision again and
moves it by the schedule; the aids kept; bad answers, a bad --db, a bad --from."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from piquet_calc import schemas

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}


FAST = ("--model", "declarations", "--engine", "declarations")  # the exact judges: these tests are not theirs
# (every run of ``start`` begins with them; a test of the whole deal gives --model whole after them)


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "piquet_calc", "practice", "-q", *FAST, *args], cwd=ROOT, env=ENV,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "piquet_calc", "practice", "-q", *args], cwd=ROOT, env=ENV,
                          input=stdin, capture_output=True, text=True, timeout=300)


def answer(event: dict, poor: bool) -> str:
    """The driver: a poor discard (the highest cards) on purpose, announcements in full, the last legal card."""
    if event["stage"] == "exchange":
        hand, n = event["hand"], max(event["sizes"])
        return " ".join(hand[:n]) if poor else " ".join(hand[-n:])
    if event["stage"] == "announce":
        return "full"
    return event["legal"][-1]


def drive(p: subprocess.Popen, stop_after: int | None = None, typo: bool = True) -> list[dict]:
    """Answer every ask (one typo first), checking each event against the schema; stop (no answer) after
    ``stop_after`` graded events."""
    check = schemas.validator("practice-event")
    events: list[dict] = []
    graded = 0
    assert p.stdout is not None and p.stdin is not None
    for line in p.stdout:
        e = json.loads(line)
        check.validate(e)
        events.append(e)
        graded += e["event"] == "graded"
        if e["event"] == "ask":
            if stop_after is not None and graded >= stop_after:
                return events
            text = "ZZ" if typo else answer(e, poor=True)
            typo = False
            p.stdin.write(text + "\n")
            p.stdin.flush()
    return events


def test_seeded_deal_graded_as_review(tmp_path: Path) -> None:
    from piquet_calc.analysis.review import analyse_review
    from piquet_calc.record.record import read_record
    from piquet_calc.record.record_check import check_record

    db = tmp_path / "h.db"
    p = start("--deals", "1", "--seed", "7", "--seat", "elder", "--db", str(db), "--folder", str(tmp_path),
              "--no-play-forced")  # every card asked, as review grades every card
    events = drive(p)
    assert p.wait(timeout=60) == 0, p.stderr.read() if p.stderr else ""
    kinds = [e["event"] for e in events]
    assert kinds.index("error") < kinds.index("graded")  # the typo: an error, the question again
    assert events[kinds.index("error") + 1]["event"] == "ask"
    end = events[-1]
    assert end["event"] == "deal" and end["totals"] is not None and Path(end["record"]).exists()
    graded = [e for e in events if e["event"] == "graded"]
    assert graded[0]["stage"] == "exchange" and graded[0]["cost"] > 0  # the poor discard, priced
    deal = check_record(read_record(Path(end["record"]).read_text()))
    r = analyse_review(deal, (0,), model="declarations")
    ex = [e for e in graded if e["stage"] == "exchange"]
    assert [e["cost"] for e in ex] == pytest.approx([g.cost for g in r.exchange], abs=1e-9)
    cards = [e for e in graded if e["stage"] == "card"]
    assert len(cards) == len(r.cards) == 12
    for mine, theirs in zip(cards, r.cards, strict=True):
        assert mine["answer"] == str(theirs.played)
        assert mine["cost"] == pytest.approx(theirs.cost, abs=1e-9)
        assert mine["dd_cost"] == theirs.dd_cost
    said = [e for e in graded if e["stage"] == "announce"]
    a = r.announcements[0]
    assert said[0]["cost"] == pytest.approx(max(0.0, a.sinking[1] - a.sinking[0]), abs=1e-9)
    assert end["points_lost"] == pytest.approx(sum(e["cost"] for e in graded), abs=1e-9)
    stats = run("--stats", "--json", "--db", str(db))
    assert stats.returncode == 0, stats.stderr
    data = json.loads(stats.stdout)
    schemas.validator("practice-stats").validate(data)
    assert data["decisions"] == len(graded)
    assert data["points_lost"] == pytest.approx(sum(e["cost"] for e in graded), abs=1e-6)
    # one sum of points lost by stage, under one key, in the three documents: the deal's end, the review of its
    # record (his seat) and --stats; each the graded events' costs added by stage
    from piquet_calc.report.review import review_data

    reviewed = review_data(r)
    schemas.validator("review").validate(reviewed)
    by_hand = {s: sum(e["cost"] for e in graded if e["stage"] == s) for s in ("exchange", "announce", "card")}
    mine = reviewed["summary"]["lost_by_stage"]["elder"]
    for lost in (end["lost_by_stage"], {s: mine[s] for s in by_hand}, data["lost_by_stage"]):
        assert lost == pytest.approx(by_hand, abs=1e-6)


def test_kill_mid_deal_leaves_whole_decisions(tmp_path: Path) -> None:
    db = tmp_path / "h.db"
    p = start("--deals", "1", "--seed", "11", "--seat", "dealer", "--db", str(db), "--folder", str(tmp_path), *FAST)
    events = drive(p, stop_after=4, typo=False)
    graded = sum(e["event"] == "graded" for e in events)
    p.send_signal(signal.SIGKILL)
    p.wait(timeout=30)
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert c.execute("SELECT count(*) FROM decisions").fetchone()[0] == graded
    again = run("--deals", "1", "--seed", "11", "--db", str(db), "--folder", str(tmp_path), *FAST, stdin="quit\n")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout.splitlines()[-1])["event"] == "deal"


def test_mistakes_served_with_position_and_scheduled(tmp_path: Path) -> None:
    from piquet_calc.history import History

    db = tmp_path / "h.db"
    first = start("--drill", "discard", "--count", "1", "--seed", "3", "--seat", "dealer", "--db", str(db), *FAST)
    events = drive(first, typo=False)  # the highest cards: a poor discard
    assert first.wait(timeout=60) == 0
    ask, graded = events[0], events[-1]
    assert graded["event"] == "graded" and graded["cost"] >= 0.5, graded
    again = run("--mistakes", "--min-cost", "0.5", "--count", "1", "--db", str(db), *FAST,
                stdin=graded["best"] + "\n")
    assert again.returncode == 0, again.stderr
    lines = [json.loads(x) for x in again.stdout.splitlines()]
    assert lines[0]["event"] == "ask" and lines[0]["hand"] == ask["hand"] and lines[0]["elder_took"] == ask[
        "elder_took"]
    assert lines[-1]["event"] == "graded" and lines[-1]["cost"] == 0 and lines[-1]["was"] == graded["answer"]
    with History.open(db) as h:  # found: box 2, not due in the next round
        assert h.due(min_cost=0.5, count=5) == []
    third = run("--mistakes", "--min-cost", "0.5", "--db", str(db), *FAST)
    assert json.loads(third.stdout.splitlines()[-1])["event"] == "ask"  # due again two rounds on


def test_mistakes_served_again_are_kept_as_rows_never_due_themselves(tmp_path: Path) -> None:
    """--mistakes through the line protocol: each decision served again is a row of the history, as
    ``decision_row`` writes it (its position, his answer, its grade; ``serves`` naming the decision served
    again), and ``due`` never serves that row as a new mistake: missed again, only the first is due."""
    from piquet_calc.analysis.practice import grade, parse_answer, position_from_data
    from piquet_calc.analysis.practice_events import decision_row
    from piquet_calc.history import History

    db = tmp_path / "h.db"
    first = start("--drill", "discard", "--count", "1", "--seed", "3", "--seat", "dealer", "--db", str(db))
    events = drive(first, typo=False)  # the highest cards: a poor discard
    assert first.wait(timeout=60) == 0
    graded = events[-1]
    assert graded["event"] == "graded" and graded["cost"] >= 0.5, graded
    with History.open(db) as h:
        (kept,) = h.decisions()
    served = run("--mistakes", "--min-cost", "0.5", "--db", str(db), *FAST, stdin=graded["answer"] + "\n")
    assert served.returncode == 0, served.stderr
    again = [json.loads(x) for x in served.stdout.splitlines()][-1]
    assert again["event"] == "graded" and again["answer"] == graded["answer"] and again["cost"] > 0  # missed
    with History.open(db) as h:
        rows = h.decisions()
        assert len(rows) == 2
        row = rows[1]
        p = position_from_data(kept.position)
        from piquet_calc.analysis.practice import set_judging

        set_judging(model="declarations", engine="declarations")
        expected = decision_row(p, grade(p, parse_answer(p, graded["answer"])), False, row.deal, "drill",
                                when=row.time, serves=kept.id)
        assert row == replace(expected, id=row.id)
        assert row.deal == "mistakes round 1"
        assert [d.id for d in h.due(min_cost=0.5, count=10)] == [kept.id]  # missed: due again; his row never
        assert h.box(kept.id) == 1


def test_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "not.db"
    bad.write_text("not a database\n")
    r = run("--drill", "discard", "--count", "1", "--db", str(bad), stdin="quit\n")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and r.stderr.startswith("piquet-calc: error: ")
    assert bad.read_text() == "not a database\n"
    rec = tmp_path / "bad.pqn"
    rec.write_text('[Rules "rubicon"]\n[Elder "AS AS"]\n')
    r = run("--from", str(rec), "--db", str(tmp_path / "h.db"))
    assert r.returncode == 2 and "Elder (line 2)" in r.stderr and r.stderr.count("\n") == 1
    for args in (["--seat", "middle"], ["--drill", "trick"], ["--rules", "normand"], ["--count", "0"]):
        r = run(*args, "--db", str(tmp_path / "h.db"))
        assert r.returncode == 2 and r.stderr.count("\n") == 1, (args, r.stderr)


def test_answers_parsed() -> None:
    from piquet_calc.analysis.practice import AnswerError, Question, parse_answer
    from piquet_calc.analysis.practice_deal import new_record

    p = Question(new_record("rubicon", 7), "exchange", 0)
    hand = p.hand
    assert parse_answer(p, " ".join(str(c).lower() for c in hand[:3])) == hand[:3]
    for text, why in (("ZZ", "unknown card"), (str(hand[0]) * 1 + " " + str(hand[0]), "duplicate"),
                      (" ".join(map(str, hand[:6])), "discard 1 to 5 cards")):
        with pytest.raises(AnswerError, match=why):
            parse_answer(p, text)


def test_review_save_then_served(tmp_path: Path) -> None:
    from piquet_calc.history import History

    db = tmp_path / "h.db"
    r = subprocess.run([sys.executable, "-m", "piquet_calc", "review", "-q", str(ROOT / "tests/data/deal_004.pqn"),
                        "--seat", "dealer", "--save", "--db", str(db), "--json", "--model", "declarations"], cwd=ROOT,
                       env=ENV,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    review = json.loads(r.stdout)
    with History.open(db) as h:
        saved = h.decisions()
    assert {d.source for d in saved} == {"review"}
    assert sum(d.stage == "card" for d in saved) == len(review["cards"])
    costliest = max(saved, key=lambda d: d.cost)
    served = run("--mistakes", "--count", "1", "--min-cost", "0", "--db", str(db), *FAST,
                 stdin=costliest.answer + "\n")
    lines = [json.loads(x) for x in served.stdout.splitlines()]
    assert lines[-1]["event"] == "graded" and lines[-1]["cost"] == pytest.approx(costliest.cost, abs=1e-9)


def test_running_score_take_back_and_empty_answers(tmp_path: Path) -> None:
    """Seed 4, the player dealer: the engine (elder) threatens a pique. An empty line and an `undo` with nothing
    to take back ask again; his first card is taken back and asked again as it was; the score events sum to the
    deal's totals; after the announcements they are `score`'s for the final hands (both in full); the history
    keeps the card taken back, marked, with its first grade (his answer again is shown, not kept again)."""
    from piquet_calc.cli.score import score_document
    from piquet_calc.history import History
    from piquet_calc.record.record import read_record
    from piquet_calc.record.record_check import check_record

    db = tmp_path / "h.db"
    p = start("--deals", "1", "--seed", "4", "--seat", "dealer", "--db", str(db), "--folder", str(tmp_path))
    check = schemas.validator("practice-event")
    events: list[dict] = []
    script = iter(["", "undo"])  # the first ask: asked again twice
    undo_at: dict | None = None  # the ask his first card answered
    assert p.stdout is not None and p.stdin is not None
    for line in p.stdout:
        e = json.loads(line)
        check.validate(e)
        events.append(e)
        if e["event"] != "ask":
            continue
        text = next(script, None)
        if text is None:
            text = answer(e, poor=False)
            if e["stage"] == "card" and undo_at is None:
                undo_at = e
                script = iter([text, "undo"])  # his card, then at the next ask: take it back
                text = next(script)
        p.stdin.write(text + "\n")
        p.stdin.flush()
    assert p.wait(timeout=60) == 0, p.stderr.read() if p.stderr else ""
    kinds = [e["event"] for e in events]
    first = kinds.index("ask")  # after the engine's exchange
    assert kinds[first:first + 4] == ["ask", "ask", "error", "ask"]  # the empty line: asked again, no error; undo
    assert events[first + 2]["message"] == "nothing to take back"
    k = kinds.index("undone")
    assert events[k]["stage"] == "card" and events[k]["answer"] == answer(undo_at, poor=False)
    again = next(e for e in events[k:] if e["event"] == "ask")
    assert again == undo_at  # the hand, the trick and the card led as they were
    end = events[-1]
    scores = [e for e in events if e["event"] == "score"]
    assert [sum(s["points"][x] for s in scores) for x in ("elder", "dealer")] == [end["totals"]["elder"],
                                                                                   end["totals"]["dealer"]]
    assert scores[-1]["after"] == "end" and scores[-1]["totals"] == end["totals"]
    said = next(s for s in scores if s["after"] == "announcements")
    assert said["threat"] == f"he needs {said['pique_needs']} more for a pique" and said["pique_needs"] > 0
    deal = check_record(read_record(Path(end["record"]).read_text()))
    data = score_document([" ".join(map(str, h)) for h in deal.final], elder_dealt=" ".join(map(str, deal.dealt[0])),
                          younger_dealt=" ".join(map(str, deal.dealt[1])))
    assert [(c["class"], c["elder"], c["dealer"]) for c in said["classes"]] == [
        (c["class"], c["elder"], c["dealer"]) for c in data["classes"] if c["class"] != "pique"]
    assert said["totals"]["elder"] == sum(c["elder"] for c in said["classes"])
    graded = [e for e in events if e["event"] == "graded"]
    assert [e for e in graded if e.get("again")] == [graded[3]]  # his card answered again: shown, not kept again
    kept = [e for e in graded if not e.get("again")]
    assert end["taken_back"] == 1 and end["decisions"] == len(kept)
    assert end["points_lost"] == pytest.approx(sum(e["cost"] for e in kept), abs=1e-9)
    with History.open(db) as h:
        rows = h.decisions()
    assert [d.taken_back for d in rows] == [d is rows[2] for d in rows]  # the exchange, the announcements, the card
    assert rows[2].stage == "card" and rows[2].answer == answer(undo_at, poor=False)
    assert [d.cost for d in rows] == pytest.approx([e["cost"] for e in kept], abs=1e-9)


def test_drill_undo_none_and_the_aids_kept(tmp_path: Path) -> None:
    """A drill of two: the second asked, `undo` takes the first back (marked in the history, its first grade kept)
    and asks it again (graded, not kept again); `none` and `-` are the dealer's empty discard; --no-hints is kept
    and refuses a hint."""
    from piquet_calc.history import History

    db = tmp_path / "h.db"
    lines = ["7S", "undo", "hint", "", "none", "-"]
    r = run("--drill", "discard", "--count", "2", "--seed", "3", "--seat", "dealer", "--no-hints", "--db", str(db),
            stdin="\n".join(lines) + "\n")
    assert r.returncode == 0, r.stderr
    events = [json.loads(x) for x in r.stdout.splitlines()]
    check = schemas.validator("practice-event")
    for e in events:
        check.validate(e)
    kinds = [e["event"] for e in events]
    assert kinds == ["ask", "graded", "ask", "undone", "ask", "error", "ask", "ask", "graded", "ask", "graded"]
    assert events[3]["answer"] == "7S" and events[4]["hand"] == events[0]["hand"]
    assert "hints are off" in events[5]["message"]
    assert events[8]["answer"] == events[10]["answer"] == ""
    assert events[8]["again"] is True and "again" not in events[10]  # the first asked again: not kept again
    with History.open(db) as h:
        rows = h.decisions()
        assert [(d.answer, d.taken_back) for d in rows] == [("7S", True), ("", False)]  # its first grade stands
        assert h.settings() == {"announce_in_full": "off", "hints": "off", "play_forced": "on"}
    shown = run("--settings", "--json", "--db", str(db))
    check.validate(json.loads(shown.stdout))
    assert json.loads(shown.stdout)["settings"] == {"play_forced": True, "hints": False, "announce_in_full": False}


def test_the_score_after_sunk_announcements() -> None:
    """tests/test_announced.py's hand-made deals (as test_review's by hand): elder sinks his point, his
    declarations 3 and the dealer's 14 (the dealer's point 4, sequence 10; elder's sets 3), the point marked sunk
    by elder; the dealer sinks his sequences, elder 11 (point 5, sequence 3, sets 3) and the dealer 0, the
    sequence marked sunk by the dealer, and pique live: elder needs 30 - 11 = 19 more."""
    from piquet_calc.analysis.practice_session import announced_score
    from piquet_calc.record.record import DealRecord
    from piquet_calc.report.practice import score_event, score_text
    from tests.test_announced import FINAL, SINK_POINT, SINK_RUNS

    point = announced_score(DealRecord(rules="rubicon", final=FINAL, heard=SINK_POINT), 0)
    assert point.totals == point.points == (3, 14) and point.needs == 0
    assert {name: (e, d, sank) for name, e, d, sank in point.classes if e or d or sank} == {
        "point": (0, 4, (0,)), "sequence": (0, 10, ()), "sets": (3, 0, ())}
    assert score_text(point) == ("  score after the announcements: you (elder) 3 (point 0 (sunk), sets 3); the engine "
                                 "(dealer) 14 (point 4, sequence 10)")
    runs = announced_score(DealRecord(rules="rubicon", final=FINAL, heard=SINK_RUNS), 1)
    assert runs.totals == (11, 0) and runs.needs == 19
    assert {name: (e, d, sank) for name, e, d, sank in runs.classes if e or d or sank} == {
        "point": (5, 0, ()), "sequence": (3, 0, (1,)), "sets": (3, 0, ())}
    data = score_event(runs)
    schemas.validator("practice-event").validate(data)
    assert data["threat"] == "he needs 19 more for a pique"
