"""The history's tables, written as the migrations that build them, and one decision as the code sees it.

``MIGRATIONS`` is a list of ``(version, SQL)`` steps: step ``v`` brings a file at version ``v - 1`` to ``v``,
and the file's ``PRAGMA user_version`` says which it has passed. A new file runs them all; an older file the ones
above its version, one transaction each. A step is never edited once released: a change is a new step.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

APPLICATION_ID = 0x5071436C  # "PqCl": PRAGMA application_id, how a file says it is a piquet-calc history
STAGES = ("exchange", "announce", "card")
SEATS = ("elder", "dealer")
SOURCES = ("practice", "drill", "review")
MODELS = ("whole", "declarations", "seat")

_V1 = """
CREATE TABLE decisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    deal TEXT NOT NULL,
    stage TEXT NOT NULL CHECK (stage IN ('exchange', 'announce', 'card')),
    seat TEXT NOT NULL CHECK (seat IN ('elder', 'dealer')),
    rules TEXT NOT NULL,
    position TEXT NOT NULL,
    answer TEXT NOT NULL,
    best TEXT NOT NULL,
    cost REAL NOT NULL,
    dd_cost REAL,
    hint INTEGER NOT NULL CHECK (hint IN (0, 1)),
    time REAL NOT NULL,
    source TEXT NOT NULL CHECK (source IN ('practice', 'drill', 'review'))
);
CREATE INDEX decisions_by_deal ON decisions (deal);
"""

# 2: the mistakes schedule. A decision without a row is in box 1 and due now; next_round is the first round
# (state 'round') in which it is due again.
_V2 = """
CREATE TABLE schedule (
    decision INTEGER PRIMARY KEY REFERENCES decisions (id) ON DELETE CASCADE,
    box INTEGER NOT NULL DEFAULT 1 CHECK (box >= 1),
    next_round INTEGER NOT NULL DEFAULT 0,
    served INTEGER NOT NULL DEFAULT 0,
    found INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE state (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
INSERT INTO state (key, value) VALUES ('round', 0);
CREATE INDEX decisions_by_cost ON decisions (cost DESC);
"""

# 3 (issue 49, practice at the table): the player's settings (the aids, each a toggle: key and value as text),
# and the mark of a decision taken back (``undo``): its grade stays, as answered first.
_V3 = """
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
ALTER TABLE decisions ADD COLUMN taken_back INTEGER NOT NULL DEFAULT 0 CHECK (taken_back IN (0, 1));
"""

# 4: the deals kept, by their content (issue 49): a deal saved again (review --save run twice, or a practice deal
# then review --save of its own record) is found here and not added twice. ``key`` is the content key of the
# deal's record (record/record.py's ``content_key``: a hash of its canonical data, never the file's name);
# ``deal`` the name its decisions carry. Self-contained: a new table, nothing else touched.
_V4 = """
CREATE TABLE saved_deals (
    key TEXT PRIMARY KEY,
    deal TEXT NOT NULL,
    time REAL NOT NULL
);
CREATE INDEX saved_deals_by_deal ON saved_deals (deal);
"""

# 5: every grade says its judge (issue 48): model ('whole': the exchange on the whole deal, sampled;
# 'declarations': the exchange by the exact declarations; 'seat': the announcements and the cards, exact) and a
# sampled grade its cost's standard error, its report deals and its seed. Every row before was the declarations'
# (an exchange) or the seat's.
_V5 = """
ALTER TABLE decisions ADD COLUMN model TEXT NOT NULL DEFAULT 'declarations'
    CHECK (model IN ('whole', 'declarations', 'seat'));
ALTER TABLE decisions ADD COLUMN se REAL;
ALTER TABLE decisions ADD COLUMN samples INTEGER;
ALTER TABLE decisions ADD COLUMN seed INTEGER;
UPDATE decisions SET model = 'seat' WHERE stage <> 'exchange';
"""

# 6 (issue 50): a decision served again by ``--mistakes`` is kept as a row of its own, ``serves`` naming the
# decision it serves again (NULL: a decision met in a deal or a drill). Such a row is the answer to an old mistake,
# not a new one: the schedule moves the decision it serves, and ``due`` never serves the row itself. Self-contained:
# one column (NULL in every row before) and its index, nothing else touched.
_V6 = """
ALTER TABLE decisions ADD COLUMN serves INTEGER REFERENCES decisions (id);
CREATE INDEX decisions_by_serves ON decisions (serves);
"""

MIGRATIONS: list[tuple[int, str]] = [(1, _V1), (2, _V2), (3, _V3), (4, _V4), (5, _V5), (6, _V6)]
SCHEMA_VERSION = MIGRATIONS[-1][0]

COLUMNS = ("id", "deal", "stage", "seat", "rules", "position", "answer", "best", "cost", "dd_cost", "hint", "time",
           "source", "taken_back", "model", "se", "samples", "seed", "serves")


@dataclass(frozen=True)
class DecisionRow:
    """One decision of a player, priced. ``deal`` names the deal it belongs to (a record's file name, a uuid);
    ``position`` is whatever serves it again (hands, seat, tricks so far, what was heard), JSON-able; ``cost`` is
    the points of the deal lost against ``best`` (``dd_cost`` the same double dummy, for a card); ``hint``: the
    player asked for the tool's answer first; ``time`` in epoch seconds; ``taken_back``: the player took it back
    (``undo``), its grade kept as he answered first. ``id`` is None until it is saved.
    ``model``: the judge (MODELS); a sampled grade's ``se`` (the cost's standard error), ``samples``, ``seed``.
    ``serves``: the id of the decision this one serves again (``--mistakes``; None: met in a deal or a drill)."""

    id: int | None
    deal: str
    stage: str
    seat: str
    rules: str
    position: dict[str, Any]
    answer: str
    best: str
    cost: float
    dd_cost: float | None
    hint: bool
    time: float
    source: str
    taken_back: bool = False
    model: str = "declarations"
    se: float | None = None
    samples: int | None = None
    seed: int | None = None
    serves: int | None = None

    def check(self) -> None:
        """Raise ValueError if a field is not one the history keeps (a bug of the caller, not the user's)."""
        for name, value, allowed in (("stage", self.stage, STAGES), ("seat", self.seat, SEATS),
                                     ("source", self.source, SOURCES), ("model", self.model, MODELS)):
            if value not in allowed:
                raise ValueError(f"decision {name} {value!r}: one of {', '.join(allowed)}")
        if not isinstance(self.position, dict):
            raise ValueError(f"decision position: a dict, not {type(self.position).__name__}")
        for name, number in (("cost", self.cost), ("time", self.time), ("dd_cost", self.dd_cost), ("se", self.se)):
            if number is not None and not math.isfinite(number):
                raise ValueError(f"decision {name} {number!r}: a finite number")

    def row(self) -> tuple[Any, ...]:
        """The values of the columns but ``id``, in ``COLUMNS`` order (the position as JSON text)."""
        position = json.dumps(self.position, sort_keys=True, ensure_ascii=False, allow_nan=False)
        return (self.deal, self.stage, self.seat, self.rules, position, self.answer, self.best, float(self.cost),
                None if self.dd_cost is None else float(self.dd_cost), int(bool(self.hint)), float(self.time),
                self.source, int(bool(self.taken_back)), self.model, None if self.se is None else float(self.se),
                None if self.samples is None else int(self.samples), None if self.seed is None else int(self.seed),
                None if self.serves is None else int(self.serves))

    @classmethod
    def from_row(cls, row: tuple[Any, ...]) -> DecisionRow:
        """A decision from a row of the columns in ``COLUMNS`` order."""
        values = dict(zip(COLUMNS, row, strict=True))
        values["position"] = json.loads(values["position"])
        values["hint"] = bool(values["hint"])
        values["taken_back"] = bool(values["taken_back"])
        return cls(**values)
