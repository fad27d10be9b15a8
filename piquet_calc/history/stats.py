"""What a player loses, read from the history: decisions and points lost, by stage, by ISO week (a deal counts
in the week of its first decision, local time), and deal by deal over the last deals."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from .schema import STAGES


@dataclass(frozen=True)
class StageStats:
    """One stage (exchange, announce, card): its decisions, the points they lost (``lost_by_stage``'s), and those
    a deal."""

    stage: str
    decisions: int
    points_lost: float
    per_deal: float


@dataclass(frozen=True)
class WeekStats:
    """One ISO week (``2025-W07``) with deals in it: the deals, their decisions and points lost, a deal."""

    week: str
    deals: int
    decisions: int
    points_lost: float
    per_deal: float


@dataclass(frozen=True)
class DealStats:
    """One deal: when its first decision was made (epoch seconds), its decisions and the points they lost."""

    deal: str
    time: float
    decisions: int
    points_lost: float


@dataclass(frozen=True)
class Stats:
    """The whole history's account: ``by_stage`` every stage in order, ``by_week`` oldest first, ``last_deals``
    the last deals (by their first decision) oldest first."""

    decisions: int
    deals: int
    points_lost: float
    per_deal: float
    by_stage: tuple[StageStats, ...]
    by_week: tuple[WeekStats, ...]
    last_deals: tuple[DealStats, ...]


def lost_by_stage(costs: Iterable[tuple[str, float]], ungraded: Iterable[str] = ()) -> dict[str, float | None]:
    """Points lost by stage: the one sum, each stage of STAGES (exchange, announce, card) with its ``costs``
    ((stage, points) pairs) added; a stage ``ungraded`` is None. The same figures under the same key,
    ``lost_by_stage``, in practice's deal event, review's summary (a player's) and ``--stats`` (every decision
    kept; one taken back counts: a take-back does not erase a mistake)."""
    out: dict[str, float | None] = {s: 0.0 for s in STAGES}
    for stage, cost in costs:
        out[stage] = (out[stage] or 0.0) + float(cost)
    for stage in ungraded:
        out[stage] = None
    return out


def iso_week(time: float) -> str:
    """The ISO week of an epoch time, local time: ``2025-W07``."""
    year, week, _ = datetime.fromtimestamp(time).isocalendar()
    return f"{year}-W{week:02d}"


def _per(points: float, deals: int) -> float:
    return points / deals if deals else 0.0


def read_stats(conn: sqlite3.Connection, last: int, sources: tuple[str, ...]) -> Stats:
    """The stats of the decisions of ``sources``, the last ``last`` deals listed one by one."""
    marks = ", ".join("?" * len(sources))
    rows = conn.execute(
        f"SELECT deal, stage, MIN(time), MIN(id), COUNT(*), TOTAL(cost) FROM decisions WHERE source IN ({marks}) "
        "GROUP BY deal, stage", tuple(sources)).fetchall()
    deals: dict[str, list[float]] = {}  # deal -> [first time, first id, decisions, points]
    counts = {s: 0 for s in STAGES}
    for deal, stage, first_time, first_id, n, points in rows:
        held = deals.setdefault(deal, [first_time, first_id, 0, 0.0])
        held[0], held[1] = min(held[0], first_time), min(held[1], first_id)
        held[2] += n
        held[3] += points
        counts[stage] += n
    lost = lost_by_stage((stage, points) for _, stage, _, _, _, points in rows)
    ordered = sorted(deals.items(), key=lambda kv: (kv[1][0], kv[1][1]))
    weeks: dict[str, list[float]] = {}  # week -> [deals, decisions, points]
    for _, (first_time, _, n, points) in ordered:
        week = weeks.setdefault(iso_week(first_time), [0, 0, 0.0])
        week[0] += 1
        week[1] += n
        week[2] += points
    count = len(ordered)
    total = sum(v[3] for _, v in ordered)
    return Stats(
        decisions=int(sum(v[2] for _, v in ordered)), deals=count, points_lost=total, per_deal=_per(total, count),
        by_stage=tuple(StageStats(s, int(n), lost[s] or 0.0, _per(lost[s] or 0.0, count)) for s, n in counts.items()),
        by_week=tuple(WeekStats(w, int(d), int(n), p, _per(p, int(d))) for w, (d, n, p) in sorted(weeks.items())),
        last_deals=tuple(DealStats(deal, t, int(n), p) for deal, (t, _, n, p) in ordered[-last:] if last > 0))
