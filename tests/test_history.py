"""The practice history (piquet_calc/history): decisions saved whole and served again with their position, the
Leitner schedule, migrations from an older file, the stats; every file it must refuse (not ours, text, locked,
read-only, newer, corrupt) refused in one line naming it, its bytes unchanged; a writer killed by SIGKILL leaves
every committed decision whole and no half row."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import pytest

from piquet_calc.cards import quote_path
from piquet_calc.history import (
    APPLICATION_ID,
    MAX_BOX,
    MIGRATIONS,
    SCHEMA_VERSION,
    DecisionRow,
    History,
    HistoryError,
    default_path,
)
from piquet_calc.history.schema import COLUMNS

ROOT = Path(__file__).resolve().parent.parent
WEDNESDAY = 1739361600.0  # 2025-02-12 12:00 UTC: a Wednesday noon, in ISO week 2025-W07 in every time zone
WEEK = 7 * 86400.0
POSITION = {"hand": "AS KS QS JS TS AH KH QH AD KD 7C 8C", "seat": "elder", "rules": "rubicon",
            "tricks": ["AS 9S", "KS 8S"], "heard": "point good, sequence good, sets good", "score": [0, 0]}


def decision(cost: float = 2.5, *, deal: str = "deal-1", stage: str = "exchange", when: float = WEDNESDAY,
             position: dict | None = None, source: str = "practice") -> DecisionRow:
    return DecisionRow(id=None, deal=deal, stage=stage, seat="elder", rules="rubicon",
                       position=POSITION if position is None else position, answer="7C 8C", best="7C 8C AD",
                       cost=cost, dd_cost=None if stage != "card" else cost / 2, hint=False, time=when, source=source)


def refused(path: Path, **kwargs: object) -> str:
    """The one-line message History.open gives for ``path``, checked to name it and to leave it unchanged."""
    before = path.read_bytes()
    with pytest.raises(HistoryError) as info:
        History.open(path, **kwargs)  # type: ignore[arg-type]
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"practice database {quote_path(str(path))} "), message
    assert path.read_bytes() == before
    return message


# --- decisions and their positions -------------------------------------------------------------------------


def test_a_decision_is_saved_whole_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "practice.sqlite3"  # the folders are made
    card = decision(0.75, stage="card", position={**POSITION, "nested": {"a": [1, 2.5, None, True]}, "sym": "T♥"})
    with History.open(path) as h:
        first, second = h.add(decision()), h.add(card)
        assert (first, second) == (1, 2)
        assert h.get(second) == DecisionRow(**{**card.__dict__, "id": second})
        assert [d.id for d in h.decisions()] == [1, 2] and h.count() == 2
        assert [d.id for d in h.decisions("deal-1")] == [1, 2] and h.decisions("other") == []
    with History.open(path, readonly=True) as h:
        assert h.get(2).position == card.position and h.get(2).dd_cost == 0.375
        with pytest.raises(HistoryError, match="opened read-only"):
            h.add(decision())
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_a_bad_decision_is_the_callers_bug(tmp_path: Path) -> None:
    with History.open(tmp_path / "h.sqlite3") as h:
        for bad in (DecisionRow(**{**decision().__dict__, "stage": "play"}),
                    DecisionRow(**{**decision().__dict__, "source": "web"}),
                    DecisionRow(**{**decision().__dict__, "cost": float("nan")})):
            with pytest.raises(ValueError, match="decision"):
                h.add(bad)
        with pytest.raises(HistoryError, match="holds no decision 9"):
            h.get(9)
        assert h.count() == 0


def test_the_default_path_is_in_the_users_data_folder() -> None:
    from platformdirs import user_data_dir

    assert default_path() == Path(user_data_dir("piquet-calc", appauthor=False)) / "practice.sqlite3"


# --- the mistakes schedule -----------------------------------------------------------------------------------


def test_a_mistake_is_served_with_its_position_and_moved_by_the_schedule(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History.open(path) as h:
        small, big, other = h.add(decision(0.5)), h.add(decision(4.0)), h.add(decision(2.0, stage="announce"))
    with History.open(path) as h:  # served in a later run: the position is the one saved
        served = h.due()  # round 1: every mistake of cost >= 1, the costliest first
        assert [d.id for d in served] == [big, other] and small not in [d.id for d in served]
        assert served[0].position == POSITION and served[0].best == "7C 8C AD"
        assert h.served(big, correct=True) == 2  # found: box 2, served every second round
        assert h.served(other, correct=False) == 1  # missed: box 1, back next round
    with History.open(path) as h:
        assert [d.id for d in h.due()] == [other]  # round 2: the found one rests
        h.served(other, correct=True)
        assert [d.id for d in h.due()] == [big]  # round 3: due again after two rounds
        assert h.round == 3 and h.box(big) == 2 and h.box(other) == 2
        assert h.served(big, correct=True) == 3  # box 3: due in round 3 + 4
        assert [d.id for d in h.due(min_cost=0.25)] == [other, small]  # round 4: a lower bar brings the small one
        assert h.due(count=0) == []
        assert [d.id for d in h.due(count=1)] == [other]  # round 6: not served, still due; big rests until 7
        assert [d.id for d in h.due()] == [big, other]  # round 7


def test_the_boxes_stop_at_the_last(tmp_path: Path) -> None:
    with History.open(tmp_path / "h.sqlite3") as h:
        i = h.add(decision(3.0))
        boxes = []
        for _ in range(MAX_BOX + 2):
            while i not in [d.id for d in h.due()]:
                pass
            boxes.append(h.served(i, correct=True))
        assert boxes == [2, 3, 4, 5, 5, 5, 5]
        start = h.round
        assert [i in [d.id for d in h.due()] for _ in range(16)] == [False] * 15 + [True]  # every 2**4 rounds
        assert h.round == start + 16
        assert h.served(i, correct=False) == 1 and [d.id for d in h.due()] == [i]
        with pytest.raises(HistoryError, match="holds no decision 99"):
            h.served(99, correct=True)


# --- migrations ------------------------------------------------------------------------------------------


def test_a_version_1_file_is_migrated_with_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path, isolation_level=None)
    con.executescript(MIGRATIONS[0][1])  # the version-1 schema, as the first release wrote it
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("PRAGMA user_version = 1")
    row = decision(3.0).row()[:12]  # the version-1 columns (later steps added taken_back, model, se, samples, seed)
    con.execute("INSERT INTO decisions (deal, stage, seat, rules, position, answer, best, cost, dd_cost, hint, "
                "time, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
    con.close()
    assert MIGRATIONS[0][0] == 1 and SCHEMA_VERSION > 1
    assert "is at schema version 1" in refused(path, readonly=True)  # reading alone does not upgrade it
    with History.open(path) as h:
        assert h.count() == 1 and h.get(1).position == POSITION
        assert h.get(1).taken_back is False  # step 3's column, its default for the old rows
        assert h.settings() == {}  # step 3's table
        assert (h.get(1).model, h.get(1).se) == ("declarations", None)  # step 5: an exchange's old judge
        assert [d.id for d in h.due()] == [1]  # the schedule's tables are there
        h.add(decision(1.0))
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert con.execute("SELECT count(*) FROM decisions").fetchone()[0] == 2
    con.close()


def test_settings_are_kept_and_a_decision_taken_back_keeps_its_grade(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History.open(path) as h:
        h.set_settings({"hints": "on", "play_forced": "off"})
        h.set_settings({"hints": "off"})  # the last value kept
        first = h.add(decision(4.0))
        h.take_back(first)
        with pytest.raises(HistoryError, match="holds no decision 99"):
            h.take_back(99)
    with History.open(path, readonly=True) as h:
        assert h.settings() == {"hints": "off", "play_forced": "off"}
        d = h.get(first)
        assert d.taken_back and d.cost == 4.0  # the first answer's grade stays
        assert h.stats().points_lost == 4.0  # a take-back does not erase a mistake


def test_a_version_5_file_gains_serves_and_a_row_serving_again_is_never_due(tmp_path: Path) -> None:
    """Step 6 on a file at version 5 (steps 1 to 5 as released): its rows kept, ``serves`` NULL in each; a row
    that serves a decision again (--mistakes) is kept and counted in the stats, but ``due`` serves only the
    decision it serves, never the row itself, however costly."""
    path = tmp_path / "v5.sqlite3"
    con = sqlite3.connect(path, isolation_level=None)
    for _, sql in MIGRATIONS[:5]:
        con.executescript(sql)
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("PRAGMA user_version = 5")
    row = decision(3.0).row()[:-1]  # the version-5 columns (step 6 added serves)
    con.execute(f"INSERT INTO decisions ({', '.join(COLUMNS[1:-1])}) VALUES ({', '.join('?' * len(row))})", row)
    con.close()
    with History.open(path) as h:
        assert h.get(1).serves is None and h.get(1).cost == 3.0
        again = h.add(replace(decision(5.0), serves=1))
        assert h.get(again).serves == 1
        assert [d.id for d in h.due(min_cost=1.0)] == [1]  # the row serving it again is not a new mistake
        h.served(1, False)  # missed: box 1, due next round; the row serving it still never is
        assert [d.id for d in h.due(min_cost=1.0)] == [1]
        assert h.stats().decisions == 2  # his answer when served again is a decision of his
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    con.close()


def test_the_migrations_are_numbered_one_by_one() -> None:
    assert [v for v, _ in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))


# --- the stats ---------------------------------------------------------------------------------------------


def test_lost_by_stage_is_one_sum_by_stage() -> None:
    """history/stats.py's lost_by_stage, the one sum of practice's deal, review and --stats: each stage's costs
    added, every stage present, a stage not graded None."""
    from piquet_calc.history import lost_by_stage

    costs = [("card", 1.5), ("exchange", 2.0), ("card", 0.25), ("announce", 0.0), ("exchange", 1.0)]
    assert lost_by_stage(costs) == {"exchange": 3.0, "announce": 0.0, "card": 1.75}
    assert lost_by_stage([]) == {"exchange": 0.0, "announce": 0.0, "card": 0.0}
    assert lost_by_stage([("card", 2.0)], ungraded=("exchange",)) == {"exchange": None, "announce": 0.0, "card": 2.0}


def test_the_stats_by_stage_by_week_and_by_deal(tmp_path: Path) -> None:
    with History.open(tmp_path / "h.sqlite3") as h:
        assert h.stats().decisions == 0 and h.stats().deals == 0 and h.stats().per_deal == 0.0
        for deal, when, costs in (("a", WEDNESDAY, (1.0, 0.0, 2.0)), ("b", WEDNESDAY + 60, (0.5, 0.0, 0.0)),
                                  ("c", WEDNESDAY + WEEK, (3.0, 1.5, 0.25))):
            for stage, cost in zip(("exchange", "announce", "card"), costs, strict=True):
                h.add(decision(cost, deal=deal, stage=stage, when=when))
        h.add(decision(9.0, deal="r", source="review", when=WEDNESDAY + 2 * WEEK))
        s = h.stats(last=2, sources=("practice", "drill"))
        full = h.stats()
    assert (s.decisions, s.deals, s.points_lost, s.per_deal) == (9, 3, 8.25, 2.75)
    assert [(x.stage, x.decisions, x.points_lost, x.per_deal) for x in s.by_stage] == [
        ("exchange", 3, 4.5, 1.5), ("announce", 3, 1.5, 0.5), ("card", 3, 2.25, 0.75)]
    assert [(w.week, w.deals, w.decisions, w.points_lost, w.per_deal) for w in s.by_week] == [
        ("2025-W07", 2, 6, 3.5, 1.75), ("2025-W08", 1, 3, 4.75, 4.75)]
    assert [(d.deal, d.decisions, d.points_lost) for d in s.last_deals] == [("b", 3, 0.5), ("c", 3, 4.75)]
    assert s.last_deals[0].time == WEDNESDAY + 60
    assert (full.decisions, full.deals, full.points_lost) == (10, 4, 17.25) and len(full.last_deals) == 4
    assert full.by_week[-1].week == "2025-W09"


# --- files refused, left as they were ---------------------------------------------------------------------


def test_a_foreign_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    con.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
    con.commit()
    con.close()
    assert refused(other).endswith("is not a piquet-calc history (no application_id; tables: moz_places)")
    con = sqlite3.connect(other)
    con.execute("PRAGMA application_id = 1234")
    con.commit()
    con.close()
    assert "is not a piquet-calc history (application_id 1234," in refused(other)
    assert "is not a piquet-calc history" in refused(other, readonly=True)


def test_a_text_file_is_refused_as_corrupt(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("my practice notes\n" * 100)
    assert refused(text).endswith("is corrupt (not an SQLite database)")
    garbled = tmp_path / "garbled.sqlite3"
    garbled.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    assert "is corrupt (" in refused(garbled)


def test_a_damaged_history_is_refused_as_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History.open(path) as h:
        for i in range(200):
            h.add(decision(float(i), deal=f"deal-{i}"))
    data = bytearray(path.read_bytes())
    page = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    data[page * 2: page * 3] = b"\x07" * page  # a page of the decisions' tree overwritten
    path.write_bytes(bytes(data))
    assert "is corrupt (" in refused(path)


def test_a_locked_database_is_refused_after_the_busy_timeout(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History.open(path) as h:
        h.add(decision())
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start = time.monotonic()
        assert refused(path, timeout=0.3).endswith("is locked by another process")
        assert time.monotonic() - start >= 0.3
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with History.open(path) as h:
        assert h.count() == 1


def test_a_history_locked_while_open_fails_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History.open(path, timeout=0.2) as h:
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(HistoryError, match=r"is locked by another process$"):
            h.add(decision())
        holder.execute("ROLLBACK")
        holder.close()
        assert h.add(decision()) == 1  # nothing half done by the failed one


def test_a_read_only_file_is_refused_for_writing(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History.open(path) as h:
        h.add(decision())
    path.chmod(0o444)
    try:
        if os.access(path, os.W_OK):
            pytest.skip("this user (root) may write a file of mode 0444 anyway")
        assert refused(path).endswith("is read-only")
        with History.open(path, readonly=True) as h:  # reading it is fine
            assert h.count() == 1
    finally:
        path.chmod(0o644)


NOBODY = """
import sys
import tempfile
from piquet_calc.history import History, HistoryError
try:
    History.open(sys.argv[1])
except HistoryError as e:
    print(e)
with History.open(sys.argv[1], readonly=True) as h:
    print(h.count())
"""


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="as root, with setpriv")
def test_a_read_only_file_is_refused_to_another_user() -> None:
    """As root, the read-only file's refusal by a process of user nobody (setpriv), where mode 0444 holds."""
    folder = Path(tempfile.mkdtemp(prefix="piquet-history-"))
    try:
        folder.chmod(0o777)  # nobody may make the -shm beside it for reading; the file itself stays 0444
        path = folder / "h.sqlite3"
        with History.open(path) as h:
            h.add(decision())
        path.chmod(0o444)
        before = path.read_bytes()
        out = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
                              NOBODY, str(path)], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert out.stdout.splitlines() == [f"practice database {quote_path(str(path))} is read-only", "1"]
        assert path.read_bytes() == before
    finally:
        shutil.rmtree(folder)


def test_a_file_the_process_may_not_write_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same refusal where the test runs as root: os.access is what the history asks."""
    path = tmp_path / "h.sqlite3"
    History.open(path).close()
    monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK)
    assert refused(path).endswith("is read-only")


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    History.open(path).close()
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    assert refused(path).endswith(
        f"was written by a newer piquet-calc (schema version {SCHEMA_VERSION + 1}; this one knows "
        f"{SCHEMA_VERSION} at most)")


def test_a_missing_file_read_only_and_a_folder(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match=r"'.*nothing.sqlite3' does not exist"):
        History.open(tmp_path / "nothing.sqlite3", readonly=True)
    assert not (tmp_path / "nothing.sqlite3").exists()
    with pytest.raises(HistoryError, match="is not a file"):
        History.open(tmp_path)


def test_an_empty_file_becomes_a_history(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    path.touch()
    with History.open(path) as h:
        assert h.add(decision()) == 1


# --- a writer killed -----------------------------------------------------------------------------------------

CHILD = """
import sys
import tempfile
from piquet_calc.history import DecisionRow, History
with History.open(sys.argv[1]) as h:
    for i in range(100000):
        position = {"i": i, "hand": "AS KS QS JS TS AH KH QH AD KD 7C 8C", "pad": "x" * (i % 7 * 900)}
        d = DecisionRow(None, f"deal-{i // 10}", ("exchange", "announce", "card")[i % 3], "elder", "rubicon",
                        position, f"answer {i}", f"best {i}", i / 4, None, i % 2 == 0, 1.7e9 + i, "practice")
        print(h.add(d), flush=True)
"""


def test_a_writer_killed_by_sigkill_leaves_every_committed_decision_whole(tmp_path: Path) -> None:
    """The child prints each decision's id once add() returned (committed). We read those lines until 300, kill
    it with SIGKILL, and read what was still in the pipe: P ids printed. The database then holds P or P + 1 rows
    (the last commit may have finished before its id was printed), ids 1..count with no gap, each row whole
    (every field the one the child built for it); it passes integrity_check and the next open adds the next."""
    path = tmp_path / "killed.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout is not None
    printed = []
    while len(printed) < 300:
        line = child.stdout.readline()
        assert line, f"the child stopped after {len(printed)} decisions"
        printed.append(int(line))
    child.send_signal(signal.SIGKILL)
    printed += [int(x) for x in child.stdout.read().split()]  # committed and printed before the kill
    assert child.wait() == -signal.SIGKILL
    assert printed == list(range(1, len(printed) + 1))
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    con.close()
    with History.open(path) as h:
        rows = h.decisions()
        assert len(printed) <= len(rows) <= len(printed) + 1
        for n, d in enumerate(rows):
            assert d.id == n + 1 and d.position["i"] == n and len(d.position["pad"]) == n % 7 * 900
            assert (d.answer, d.best, d.cost, d.hint, d.time) == (f"answer {n}", f"best {n}", n / 4, n % 2 == 0,
                                                                  1.7e9 + n)
        assert h.add(decision()) == len(rows) + 1


# --- the report: practice --stats --------------------------------------------------------------------------


def test_the_stats_report_is_valid_and_drawn_in_plain_characters(tmp_path: Path) -> None:
    from piquet_calc.report.practice_stats import stats_data, stats_table
    from piquet_calc.schemas import validator

    with History.open(tmp_path / "h.sqlite3") as h:
        empty = stats_data(h.stats())
        for n, cost in enumerate((1.0, 0.0, 4.0)):
            h.add(decision(cost, deal=f"deal-{n}.pqn", stage="card", when=WEDNESDAY + n * 3600))
        data = stats_data(h.stats())
    for d in (empty, data):
        validator("practice-stats").validate(d)
    assert list(data)[:4] == ["schema_version", "schema", "decisions", "deals"]
    assert (data["decisions"], data["points_lost"], empty["decisions"], empty["points_lost"]) == (3, 5.0, 0, 0.0)
    assert data["lost_by_stage"] == {"exchange": 0.0, "announce": 0.0, "card": 5.0}
    assert "no decision saved yet" in stats_table(empty)
    text = stats_table(data)
    assert text.startswith("Practice history: 3 decisions over 3 deals, 5.00 points lost (1.67 a deal)")
    assert "2025-W07" in text and "▃▁█" in text
    chart = text.splitlines()[-3:]
    assert [line.split()[2] for line in chart] == ["deal-0.pqn", "deal-1.pqn", "deal-2.pqn"]
    assert chart[0].count("█") == 8 and chart[2].count("█") == 32 and chart[2].endswith("4.00")
    plain = stats_table(data, ascii_only=True)
    assert plain.isascii() and plain.splitlines()[-1].count("#") == 32
