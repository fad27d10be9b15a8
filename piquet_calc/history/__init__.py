"""The practice history: every decision a player made in ``practice`` (and ``review --save``), priced, kept in
an SQLite file of the user's data folder; the mistakes schedule that serves the costly ones again; the stats.

* ``store.py``: ``History`` (open, checks, migrations, ``add``, ``get``, ``due``, ``served``, ``stats``),
  ``HistoryError`` (one line naming the file), ``default_path``.
* ``schema.py``: the tables as a list of migrations, the file's application id and schema version, ``DecisionRow``.
* ``stats.py``: ``Stats``, what a player loses a deal, by stage, by week and over the last deals;
  ``lost_by_stage``, the one sum of points lost by stage (practice's deal, review's summary, ``--stats``).

A room of plain Python and the standard library's sqlite3 (platformdirs for the default folder): it may import
only cards (for the quoting of a path) and the standard library, and nothing above them; the cli opens
the history, report/practice_stats.py shows its stats.
"""

from __future__ import annotations

from .schema import APPLICATION_ID, MIGRATIONS, MODELS, SCHEMA_VERSION, SEATS, SOURCES, STAGES, DecisionRow
from .stats import DealStats, StageStats, Stats, WeekStats, lost_by_stage
from .store import BUSY_TIMEOUT, MAX_BOX, History, HistoryError, default_path

__all__ = ["APPLICATION_ID", "BUSY_TIMEOUT", "MAX_BOX", "MIGRATIONS", "MODELS", "SCHEMA_VERSION", "SEATS", "SOURCES",
           "STAGES",
           "DealStats", "DecisionRow", "History", "HistoryError", "StageStats", "Stats", "WeekStats", "default_path",
           "lost_by_stage"]
