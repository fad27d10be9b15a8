"""A review's graded decisions as practice's history rows (``review --save``): every graded exchange and card,
each with its position (analysis/practice_deal.py's ``record_positions``), as practice saves its own, so that
``practice --mistakes`` serves them again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.play import SEAT_NAMES
from ..history import Decision
from .practice import Grade, position_data
from .practice_deal import record_positions

if TYPE_CHECKING:
    from .review import Review


def review_decisions(result: Review, deal: str, now: float) -> list[Decision]:
    """The decisions graded in ``result``, in the record's order, as history rows of the deal named ``deal`` (the
    record's path, or "-"), saved at ``now`` (epoch seconds); announcements are not among them."""
    exchange = {e.seat: e for e in result.exchange}
    cards = iter(result.cards)
    rows = []
    for p, answer in record_positions(result.deal.record, result.seats):
        if p.stage == "exchange":
            if p.seat not in exchange:
                continue
            e = exchange[p.seat]
            g = Grade("exchange", p.seat, " ".join(map(str, answer)), " ".join(map(str, e.best)), e.cost, None, (), e)
        else:
            c = next(cards)
            g = Grade("card", p.seat, str(c.played), str(c.best), c.cost, c.dd_cost, (), c)
        rows.append((p, g))
    return [Decision(None, deal, g.stage, SEAT_NAMES[g.seat], p.rules.name, position_data(p), g.answer, g.best,
                     float(g.cost), None if g.dd_cost is None else float(g.dd_cost), False, now, "review")
            for p, g in rows]


__all__ = ["review_decisions"]
