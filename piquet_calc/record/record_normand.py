"""A played Normand deal as a partie reads it: the JSON ``play ELDER MIDDLE DEALER --rules normand --json``
writes, turned into the deal's points in counting order (game/partie.py's ``DealTotals`` steps)."""

from __future__ import annotations

from ..cards import quote
from ..game.partie import DEAL_MOST, DealTotals, PartieError
from ..game.play_normand import SEATS


def deal_from_play_normand(record: dict, dealer: int, number: int = 1) -> DealTotals:
    """A deal from a Normand play record, player ``dealer`` (1 to 3) dealing: elder is the player after him,
    then middle. Steps in counting order (002): the declaration classes as the record lists them, the totals
    before the play, the running totals after each trick (the leader's points first: the lead scores before
    the trick is won), then the deal's total (the cards, capot). Every number is a whole number from 0 to
    ``DEAL_MOST`` and the running totals never go down; PartieError otherwise (the caller checks the record
    against play-normand.schema.json first)."""
    where = f"deal {number}"

    def three(x: object) -> tuple[int, ...]:
        if not isinstance(x, dict):
            raise TypeError
        values = tuple(x[s] for s in SEATS)
        for v in values:
            if type(v) is not int or not 0 <= v <= DEAL_MOST:
                raise PartieError(f"{where}: the play record's totals are whole numbers from 0 to {DEAL_MOST:,}, "
                                  f"not {quote(repr(v))}")
        return values

    try:
        checkpoints: list[tuple[tuple[int, ...], int]] = []  # running totals, who scores first (a seat)
        run = (0, 0, 0)
        for c in record["declarations"]:
            pts = three(c["points"])
            run = tuple(r + p for r, p in zip(run, pts, strict=True))
            checkpoints.append((run, 0))
        checkpoints.append((three(record["before_play"]), 0))
        for t in record["line"]:
            checkpoints.append((three(t["totals"]), SEATS.index(t["leader"])))
        checkpoints.append((three(record["total"]), 0))
    except (KeyError, TypeError, AttributeError, ValueError):
        raise PartieError(f"{where}: not a record written by `piquet-calc play --rules normand --json`") from None
    players = [(dealer + s) % 3 for s in range(3)]  # seat (elder, middle, dealer) -> player index from 0
    steps: list[tuple[int, int]] = []
    prev = (0, 0, 0)
    for totals, first in checkpoints:
        delta = [t - p for t, p in zip(totals, prev, strict=True)]
        if min(delta) < 0:
            raise PartieError(f"{where}: the play record's running totals go down ({prev} then {totals})")
        for k in range(3):
            seat = (first + k) % 3
            if delta[seat]:
                steps.append((players[seat], delta[seat]))
        prev = totals
    return DealTotals.from_steps(steps, 3)
