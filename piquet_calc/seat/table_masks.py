"""seat/table.py's ``heard_fits`` on card masks (bit ``suit * 8 + rank``), for the many layouts the seat view tries:
the same answers (tests/test_seat_table.py holds them equal on random deals), per suit byte tables in place of
``Declaration``. Plain Python, no numba.

``MaskFitter(heard, rules).fits(masks)``: would the final hands ``masks`` (every seat's, in seat order) make the
class announcements of ``heard``?
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import RuleSet
from .table import CLASSES, TableHeard

_PIPS = (7, 8, 9, 10, 10, 10, 10, 11)  # seven to ace (cards.Rank.pips)


def _point(b: int) -> tuple[int, int]:
    return bin(b).count("1"), sum(_PIPS[r] for r in range(8) if b >> r & 1)


def _runs(b: int) -> tuple[tuple[int, int], ...]:
    """Every maximal run of three or more in one suit's byte: (length, top)."""
    out, length = [], 0
    for r in range(8):
        length = length + 1 if b >> r & 1 else 0
        if length >= 3 and (r == 7 or not b >> (r + 1) & 1):
            out.append((length, r))
    return tuple(out)


POINT = tuple(_point(b) for b in range(256))
RUNS = tuple(_runs(b) for b in range(256))
NONE = (0, -1)


class MaskFitter:
    """``heard``'s class announcements checked on masks (module docstring)."""

    def __init__(self, heard: TableHeard, rules: RuleSet) -> None:
        self.heard = heard
        self.min_pips = rules.table_rules.point_min_pips
        self.set_ranks = tuple(range(int(rules.set_min_rank), 8))
        self.checks = tuple(zip(CLASSES, heard.classes, strict=True))

    def keys(self, mask: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """(point, sequence, set) keys of one hand, as ``seat.table.class_key``."""
        point, run = NONE, NONE
        for s in range(4):
            b = mask >> 8 * s & 255
            p = POINT[b]
            if p > point:
                point = p
            for r in RUNS[b]:
                if r > run:
                    run = r
        if point[1] < self.min_pips:
            point = NONE
        best_set = NONE
        for r in self.set_ranks:
            n = (mask >> r & 1) + (mask >> (8 + r) & 1) + (mask >> (16 + r) & 1) + (mask >> (24 + r) & 1)
            if n >= 3:
                best_set = max(best_set, (n, r))
        return point, run, best_set

    def fits(self, masks: Sequence[int]) -> bool:
        keys = [self.keys(m) for m in masks]
        for i, (cls, ch) in enumerate(self.checks):
            mine = [k[i] for k in keys]
            best = max(mine)
            if (None if best == NONE else best) != ch.best:
                return False
            if ch.best is not None and frozenset(s for s, k in enumerate(mine) if k == best) != ch.holders:
                return False
            for s, told in ch.shown:
                if combos_of(cls, masks[s], self.set_ranks) != told if cls != "point" else \
                        not _point_named(masks[s], told):
                    return False
        return True


def _point_named(mask: int, told: frozenset) -> bool:
    (suit, length, pips), = told
    return POINT[mask >> 8 * suit & 255] == (length, pips)


def combos_of(cls: str, mask: int, set_ranks: Sequence[int]) -> frozenset:
    """A hand's sequences (suit, length, top) or sets (rank, size, suits), as ``seat.table.combos``."""
    if cls == "sequence":
        return frozenset((s, length, top) for s in range(4) for length, top in RUNS[mask >> 8 * s & 255])
    out = set()
    for r in set_ranks:
        suits = sum(1 << s for s in range(4) if mask >> (8 * s + r) & 1)
        n = bin(suits).count("1")
        if n >= 3:
            out.add((r, n, suits))
    return frozenset(out)


__all__ = ["MaskFitter", "combos_of"]
