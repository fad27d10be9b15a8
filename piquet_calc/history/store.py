"""The history's file: opened only when it is ours and whole, brought up to this code's schema, written one
decision a transaction; the mistakes schedule on it (a Leitner system of five boxes).

Every failure of the file is a ``HistoryError`` of one line naming it: not ours, newer than this code, corrupt,
locked, read-only. A refused file is left as it was found: nothing is written before the checks pass.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

from ..cards import quote_path
from .schema import APPLICATION_ID, COLUMNS, MIGRATIONS, SCHEMA_VERSION, SOURCES, DecisionRow
from .stats import Stats, read_stats

BUSY_TIMEOUT = 2.0  # seconds another process may hold the file before we say it is locked
MAX_BOX = 5  # the last box of the schedule: a decision found five times running is served every 16 rounds
SQLITE_MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file
_SELECT = ", ".join(f"d.{c}" for c in COLUMNS)


class HistoryError(Exception):
    """The practice database cannot be used; the message is one line naming the file."""


def default_path() -> Path:
    """Where the history lives unless ``--db`` says otherwise: the user's data folder (platformdirs)."""
    from platformdirs import user_data_dir  # only when no --db is given

    return Path(user_data_dir("piquet-calc", appauthor=False)) / "practice.sqlite3"


def _why(error: sqlite3.Error) -> str:
    """What an SQLite error says about the file, in the words of a HistoryError."""
    text = str(error)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return "is locked by another process"
    if "readonly" in low or "read-only" in low:
        return "is read-only"
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return f"is corrupt ({text})"
    return f"cannot be used ({text})"


class History:
    """An open practice history. ``History.open(path)``; a context manager that closes it."""

    def __init__(self, conn: sqlite3.Connection, path: Path, *, readonly: bool) -> None:
        self._conn = conn
        self.path = path
        self.readonly = readonly
        self._name = f"practice database {quote_path(str(path))}"
        self.damaged = 0  # damaged rows left out so far (``due``)

    # --- opening -----------------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, *, readonly: bool = False, timeout: float = BUSY_TIMEOUT) -> History:
        """The history at ``path``, created if missing (not when ``readonly``) and migrated to this code's
        schema. Raises HistoryError, the file untouched, if it is not ours, newer, corrupt, locked or read-only."""
        path = Path(path)
        name = f"practice database {quote_path(str(path))}"
        _precheck(path, name, readonly)
        try:
            if readonly:  # only read: nothing written beside it (no -wal, no -shm) unless a writer's log is there
                live = Path(str(path) + "-wal").exists()
                uri = "file:" + urllib.parse.quote(str(path.resolve())) + ("?mode=ro" if live else
                                                                          "?mode=ro&immutable=1")
                conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
            else:
                conn = sqlite3.connect(str(path), timeout=timeout, isolation_level=None)
        except sqlite3.Error as e:
            raise HistoryError(f"{name} {_why(e)}") from None
        history = cls(conn, path, readonly=readonly)
        try:
            version = history._check()
            if readonly and version < SCHEMA_VERSION:
                raise history._error(f"is at schema version {version}, older than this piquet-calc's "
                                     f"{SCHEMA_VERSION}: a practice run upgrades it")
            if not readonly:
                history._migrate()
        except BaseException:
            conn.close()
            raise
        return history

    def _error(self, what: str) -> HistoryError:
        return HistoryError(f"{self._name} {what}")

    def _check(self) -> int:
        """The file's schema version, once it is known to be ours (or empty), not newer, and whole."""
        try:
            app = self._conn.execute("PRAGMA application_id").fetchone()[0]
            version = self._conn.execute("PRAGMA user_version").fetchone()[0]
            tables = [r[0] for r in self._conn.execute(
                "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")]
        except sqlite3.Error as e:
            raise self._error(_why(e)) from None
        if app != APPLICATION_ID:
            if app:
                raise self._error(f"is not a piquet-calc history (application_id {app}, not {APPLICATION_ID})")
            if tables or version:
                shown = ", ".join(tables[:4]) + (", ..." if len(tables) > 4 else "")
                raise self._error(f"is not a piquet-calc history (no application_id; tables: {shown or 'none'})")
        if version > SCHEMA_VERSION:
            raise self._error(f"was written by a newer piquet-calc (schema version {version}; this one knows "
                              f"{SCHEMA_VERSION} at most)")
        try:
            quick = [r[0] for r in self._conn.execute("PRAGMA quick_check")]
        except sqlite3.Error as e:
            raise self._error(_why(e)) from None
        if quick != ["ok"]:
            raise self._error(f"is corrupt (quick_check: {quick[0]}{', ...' if len(quick) > 1 else ''})")
        missing = [t for t in _tables_of(version) if t not in tables]
        if missing:
            raise self._error(f"is damaged: table{'s' if len(missing) > 1 else ''} {', '.join(missing)} missing "
                              f"(schema version {version})")
        return version

    def _migrate(self) -> None:
        """Write-ahead logging, then the steps above the file's version, one transaction each (a kill between
        two leaves it at the last step done); the first transaction is also the lock's test."""
        try:
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as e:
            raise self._error(_why(e)) from None
        while True:
            with self._transaction() as c:
                version = c.execute("PRAGMA user_version").fetchone()[0]
                if version >= SCHEMA_VERSION:
                    return
                if version == 0:  # another process may have created it since the checks: ask again
                    if c.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                        raise self._error("is not a piquet-calc history (tables appeared while opening)")
                    c.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                step, sql = next((v, s) for v, s in MIGRATIONS if v > version)
                for statement in _statements(sql):
                    c.execute(statement)
                c.execute(f"PRAGMA user_version = {step}")

    # --- the file's life -----------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file (the write-ahead log is folded back into it when the last connection closes)."""
        self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (BEGIN IMMEDIATE: a lock is met here, not halfway)."""
        if self.readonly:
            raise self._error("was opened read-only")
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise self._error(_why(e)) from None
        try:
            yield self._conn
            self._conn.execute("COMMIT")
        except BaseException as e:
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("ROLLBACK")
            if isinstance(e, sqlite3.Error):
                raise self._error(_why(e)) from None
            raise

    def _read(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as e:
            raise self._error(_why(e)) from None

    # --- decisions -----------------------------------------------------------------------------------------

    def add(self, decision: DecisionRow) -> int:
        """Save ``decision`` (its ``id`` ignored) in a transaction of its own; its new id."""
        decision.check()
        row = decision.row()
        marks = ", ".join("?" * len(row))
        with self._transaction() as c:
            cursor = c.execute(f"INSERT INTO decisions ({', '.join(COLUMNS[1:])}) VALUES ({marks})", row)
        return int(cursor.lastrowid or 0)

    def get(self, decision_id: int) -> DecisionRow:
        """The decision saved as ``decision_id``."""
        rows = self._read(f"SELECT {_SELECT} FROM decisions d WHERE d.id = ?", (decision_id,))
        if not rows:
            raise self._error(f"holds no decision {decision_id}")
        return DecisionRow.from_row(rows[0])

    def decisions(self, deal: str | None = None) -> list[DecisionRow]:
        """Every decision saved (of ``deal`` only, if given), in the order they were saved."""
        where, params = ("WHERE d.deal = ?", (deal,)) if deal is not None else ("", ())
        return [DecisionRow.from_row(r) for r in self._read(f"SELECT {_SELECT} FROM decisions d {where} ORDER BY d.id",
                                                         params)]

    def take_back(self, decision_id: int) -> None:
        """Mark a decision taken back (the player's ``undo``): it stays, graded as he answered first."""
        with self._transaction() as c:
            if not c.execute("UPDATE decisions SET taken_back = 1 WHERE id = ?", (decision_id,)).rowcount:
                raise self._error(f"holds no decision {decision_id}")

    def count(self) -> int:
        """How many decisions the history holds."""
        return int(self._read("SELECT count(*) FROM decisions")[0][0])  # type: ignore[call-overload]

    # --- the deals kept, by their content --------------------------------------------------------------------

    def add_deal(self, key: str, deal: str, decisions: list[DecisionRow]) -> str | None:
        """A deal's decisions saved in one transaction, unless a deal of the same content ``key`` is held: then
        nothing is added and the name it is held under is returned (None: added)."""
        for d in decisions:
            d.check()
        with self._transaction() as c:
            held = c.execute("SELECT deal FROM saved_deals WHERE key = ?", (key,)).fetchone()
            if held:
                return str(held[0])
            c.execute("INSERT INTO saved_deals (key, deal, time) VALUES (?, ?, ?)", (key, deal, time.time()))
            for d in decisions:
                row = d.row()
                c.execute(f"INSERT INTO decisions ({', '.join(COLUMNS[1:])}) VALUES ({', '.join('?' * len(row))})",
                          row)
        return None

    def keep_deal(self, key: str, deal: str) -> None:
        """The content ``key`` of the deal named ``deal`` as it now stands (practice's record, rewritten after each
        decision): the key it had before is dropped."""
        with self._transaction() as c:
            c.execute("DELETE FROM saved_deals WHERE deal = ?", (deal,))
            c.execute("INSERT OR REPLACE INTO saved_deals (key, deal, time) VALUES (?, ?, ?)", (key, deal, time.time()))

    def deal_of(self, key: str) -> str | None:
        """The name of the deal held under content ``key``, None if none is."""
        rows = self._read("SELECT deal FROM saved_deals WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    # --- the mistakes schedule -----------------------------------------------------------------------------

    @property
    def round(self) -> int:
        """The rounds of mistakes begun so far (``due`` begins one)."""
        return int(self._read("SELECT value FROM state WHERE key = 'round'")[0][0])  # type: ignore[call-overload]

    def box(self, decision_id: int) -> int:
        """The schedule's box of a decision: 1 (every round) to MAX_BOX (every 2**(MAX_BOX - 1) rounds)."""
        rows = self._read("SELECT box FROM schedule WHERE decision = ?", (decision_id,))
        return int(rows[0][0]) if rows else 1  # type: ignore[call-overload]

    def due(self, min_cost: float = 1.0, count: int = 10, z: float = 0.0) -> list[DecisionRow]:
        """Begin a round of mistakes: the decisions that cost at least ``min_cost`` and are due in it (box k is
        due once every 2**(k-1) rounds; one never served is due at once), the costliest first, at most ``count``.
        A damaged row (its position no longer JSON, a field of the wrong kind) is left out and counted in
        ``damaged``. ``z``: a sampled cost must also stand more than ``z`` standard errors out of the noise (the
        mistake rule, analysis/judge.py). A row that serves a decision again (``serves``) is never due itself:
        the schedule moves the decision it serves."""
        with self._transaction() as c:
            c.execute("UPDATE state SET value = value + 1 WHERE key = 'round'")
            now = c.execute("SELECT value FROM state WHERE key = 'round'").fetchone()[0]
            rows = c.execute(
                f"SELECT {_SELECT} FROM decisions d LEFT JOIN schedule s ON s.decision = d.id "
                "WHERE d.serves IS NULL AND d.cost >= ? AND (d.se IS NULL OR d.cost > ? * d.se) "
                "AND COALESCE(s.next_round, 0) <= ? "
                "ORDER BY d.cost DESC, d.id LIMIT ?", (float(min_cost), float(z), now, max(0, int(count)))).fetchall()
        out = []
        for r in rows:
            try:
                decision = DecisionRow.from_row(r)
                decision.check()
            except (ValueError, TypeError):  # json's errors are ValueErrors
                self.damaged += 1
                continue
            out.append(decision)
        return out

    def served(self, decision_id: int, correct: bool) -> int:
        """Record a mistake served again: found (``correct``) moves it a box further back (up to MAX_BOX),
        missed brings it back to box 1, due next round. Its new box."""
        with self._transaction() as c:
            if not c.execute("SELECT 1 FROM decisions WHERE id = ?", (decision_id,)).fetchone():
                raise self._error(f"holds no decision {decision_id}")
            now = c.execute("SELECT value FROM state WHERE key = 'round'").fetchone()[0]
            held = c.execute("SELECT box FROM schedule WHERE decision = ?", (decision_id,)).fetchone()
            box = min((held[0] if held else 1) + 1, MAX_BOX) if correct else 1
            c.execute("INSERT INTO schedule (decision, box, next_round, served, found) VALUES (?, ?, ?, 1, ?) "
                      "ON CONFLICT (decision) DO UPDATE SET box = excluded.box, next_round = excluded.next_round, "
                      "served = served + 1, found = found + excluded.found",
                      (decision_id, box, now + 2 ** (box - 1), int(bool(correct))))
        return box

    # --- the player's settings ---------------------------------------------------------------------------

    def settings(self) -> dict[str, str]:
        """The settings saved (key: value, as text); none saved: {}."""
        return {str(k): str(v) for k, v in self._read("SELECT key, value FROM settings ORDER BY key")}

    def set_settings(self, values: dict[str, str]) -> None:
        """Save ``values`` (each key's last value kept), one transaction."""
        with self._transaction() as c:
            for key, value in values.items():
                c.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET "
                          "value = excluded.value", (str(key), str(value)))

    # --- the stats -----------------------------------------------------------------------------------------

    def stats(self, last: int = 30, *, sources: tuple[str, ...] = SOURCES) -> Stats:
        """What the player loses: decisions and points, by stage, by ISO week, over the last ``last`` deals
        (the decisions of ``sources`` only: all of them unless told)."""
        try:
            return read_stats(self._conn, last, sources)
        except sqlite3.Error as e:
            raise self._error(_why(e)) from None


def _precheck(path: Path, name: str, readonly: bool) -> None:
    """What the file system says before SQLite opens the file: there, a file, an SQLite file, writable."""
    if not path.exists():
        if readonly:
            raise HistoryError(f"{name} does not exist (no decision saved yet)")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise HistoryError(f"{name} cannot be created ({e.strerror})") from None
        return
    if not path.is_file():
        raise HistoryError(f"{name} is not a file")
    try:
        with path.open("rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as e:
        raise HistoryError(f"{name} cannot be read ({e.strerror})") from None
    if head and head != SQLITE_MAGIC:
        raise HistoryError(f"{name} is corrupt (not an SQLite database)")
    if not readonly and not os.access(path, os.W_OK):
        raise HistoryError(f"{name} is read-only")


def _tables_of(version: int) -> list[str]:
    """The tables a file at schema ``version`` holds: those its migrations create (run here on an empty file in
    memory, so that a new step is counted without being named twice)."""
    with contextlib.closing(sqlite3.connect(":memory:")) as mem:
        for step, sql in MIGRATIONS:
            if step <= version:
                for statement in _statements(sql):
                    mem.execute(statement)
        return [r[0] for r in mem.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                          "'sqlite_%' ORDER BY name")]


def _statements(script: str) -> Iterator[str]:
    """The statements of an SQL script, one by one (executescript would commit the transaction first)."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            yield pending.strip()
            pending = ""
    if pending.strip():
        raise ValueError(f"an incomplete SQL statement: {pending.strip()[:40]!r}")
