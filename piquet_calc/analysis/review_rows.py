"""A review's graded decisions as practice's history rows (``review --save``): every graded exchange and card,
each with its position (analysis/practice_deal.py's ``record_positions``), made by practice's one maker of rows
(analysis/practice_events.py's ``decision_row``), so that ``practice --mistakes`` serves them again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .practice import Grade
from .practice_deal import record_positions
from .practice_events import decision_row

if TYPE_CHECKING:
    from ..history import DecisionRow
    from .review import Review


def review_decisions(result: Review, deal: str, now: float) -> list[DecisionRow]:
    """The decisions graded in ``result``, in the record's order, as history rows of the deal named ``deal`` (the
    record's path, or "-"), saved at ``now`` (epoch seconds), each with its judge (``model``; a sampled exchange's
    ``se``, ``samples``, ``seed``); announcements are not among them."""
    exchange = {e.seat: e for e in result.exchange}
    cards = iter(result.cards)
    rows = []
    for p, answer in record_positions(result.deal.record, result.seats):
        if p.stage == "exchange":
            if p.seat not in exchange:
                continue
            e = exchange[p.seat]
            sampled = e.play if e.model == "whole" else None
            g = Grade("exchange", p.seat, " ".join(map(str, answer)), " ".join(map(str, e.best)), e.cost, None, (), e,
                      e.model, e.se, sampled and sampled.samples, sampled and sampled.seed)
        else:
            c = next(cards)
            g = Grade("card", p.seat, str(c.played), str(c.best), c.cost, c.dd_cost, (), c, "seat")
        rows.append((p, g))
    return [decision_row(p, g, False, deal, "review", now) for p, g in rows]


__all__ = ["review_decisions"]
