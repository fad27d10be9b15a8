"""The practice history's stats (history/stats.py's Stats) -> JSON-ready data -> the player's tables and a chart
of the points lost deal by deal, drawn with plain characters (block elements, or ASCII where they cannot show)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tabulate import tabulate

from ..history import Stats
from ..schemas import header as schema_header

BAR_WIDTH = 32  # the chart's longest bar, in characters
LABEL_WIDTH = 18  # a deal's name in the chart, cut to this
_EIGHTHS = " ▏▎▍▌▋▊▉"  # a bar's last cell, by eighths
_SPARKS = "▁▂▃▄▅▆▇█"
_ASCII_SPARKS = "_.-:=+*#"


def stats_data(stats: Stats) -> dict[str, Any]:
    """The stats (schemas/practice-stats.schema.json): the totals, by stage, by ISO week, the last deals."""
    return {
        **schema_header("practice-stats"),
        "decisions": stats.decisions,
        "deals": stats.deals,
        "points_lost": stats.points_lost,
        "per_deal": stats.per_deal,
        "lost_by_stage": {s.stage: s.points_lost for s in stats.by_stage},  # history/stats.py's lost_by_stage
        "by_stage": [{"stage": s.stage, "decisions": s.decisions, "per_deal": s.per_deal} for s in stats.by_stage],
        "by_week": [{"week": w.week, "deals": w.deals, "decisions": w.decisions, "points_lost": w.points_lost,
                     "per_deal": w.per_deal} for w in stats.by_week],
        "last_deals": [{"deal": d.deal, "time": d.time, "decisions": d.decisions, "points_lost": d.points_lost}
                       for d in stats.last_deals],
    }


def bar(value: float, top: float, *, ascii_only: bool = False, width: int = BAR_WIDTH) -> str:
    """A bar of ``value`` on a scale whose ``top`` fills ``width`` cells, to an eighth of a cell (a whole cell
    ``ascii_only``).

    >>> bar(3, 4, width=4), bar(3, 4, width=4, ascii_only=True), bar(0.1, 4, width=4), bar(0, 0)
    ('███', '###', '▏', '')
    """
    if top <= 0 or value <= 0:
        return ""
    eighths = max(1, round(min(value, top) / top * width * 8))
    if ascii_only:
        return "#" * max(1, round(eighths / 8))
    return "█" * (eighths // 8) + _EIGHTHS[eighths % 8].strip()


def sparkline(values: list[float], *, ascii_only: bool = False) -> str:
    """One character a value, its height on the scale from 0 to the largest.

    >>> sparkline([0, 1, 2, 4]), sparkline([0, 1, 2, 4], ascii_only=True)
    ('▁▃▅█', '_-=#')
    """
    marks = _ASCII_SPARKS if ascii_only else _SPARKS
    top = max(values, default=0.0)
    if top <= 0:
        return marks[0] * len(values)
    return "".join(marks[min(len(marks) - 1, round(max(v, 0.0) / top * (len(marks) - 1)))] for v in values)


def _label(deal: str) -> str:
    return deal if len(deal) <= LABEL_WIDTH else "..." + deal[-(LABEL_WIDTH - 3):]


def _chart(deals: list[dict[str, Any]], *, ascii_only: bool) -> list[str]:
    """The points lost deal by deal, oldest first: a sparkline, then a bar a deal with its figure."""
    values = [d["points_lost"] for d in deals]
    top = max(values, default=0.0)
    lines = [f"Points lost a deal, the last {len(deals)} deals (oldest first): "
             f"{sparkline(values, ascii_only=ascii_only)}", ""]
    for n, d in enumerate(deals, 1):
        day = datetime.fromtimestamp(d["time"]).strftime("%Y-%m-%d")
        lines.append(f"{n:>3}  {day}  {_label(d['deal']):<{LABEL_WIDTH}}  "
                     f"{bar(d['points_lost'], top, ascii_only=ascii_only):<{BAR_WIDTH}}  {d['points_lost']:6.2f}")
    return lines


def stats_table(data: dict[str, Any], *, ascii_only: bool = False) -> str:
    """The stats for a player: the totals, points lost a deal by stage and by week, and the chart of the last
    deals (``ascii_only``: a stream that cannot show the block elements)."""
    if not data["decisions"]:
        return "Practice history: no decision saved yet (piquet-calc practice)."
    lines = [f"Practice history: {data['decisions']} decisions over {data['deals']} deals, "
             f"{data['points_lost']:.2f} points lost ({data['per_deal']:.2f} a deal)", ""]
    stages = [[s["stage"], s["decisions"], f"{data['lost_by_stage'][s['stage']]:.2f}", f"{s['per_deal']:.2f}"]
              for s in data["by_stage"]]
    stages.append(["all", data["decisions"], f"{data['points_lost']:.2f}", f"{data['per_deal']:.2f}"])
    lines += [tabulate(stages, headers=["stage", "decisions", "points lost", "a deal"], disable_numparse=True,
                       colalign=("left", "right", "right", "right")), ""]
    weeks = [[w["week"], w["deals"], w["decisions"], f"{w['points_lost']:.2f}", f"{w['per_deal']:.2f}"]
             for w in data["by_week"]]
    lines += [tabulate(weeks, headers=["week", "deals", "decisions", "points lost", "a deal"],
                       disable_numparse=True, colalign=("left", "right", "right", "right", "right")), ""]
    lines += _chart(data["last_deals"], ascii_only=ascii_only)
    return "\n".join(lines)
