"""Drawing odds, exact, and the odds as the old books state them ("3 to 1 against", "5 to 4 on").

>>> odds_words(Fraction(1, 4))
'3 to 1 against'
>>> odds_words(Fraction(3, 20))
'17 to 3 against'
>>> odds_words(Fraction(1, 2))
'evens'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

TOLERANCE = 0.02  # the books round to the simplest odds within about 2 per cent
MAX_TERM = 40


def at_least(named: int, take: int, unseen: int, j: int = 1) -> Fraction:
    """P(at least ``j`` of ``named`` particular cards among ``take`` drawn from ``unseen``): hypergeometric."""
    if not 0 <= named <= unseen or not 0 <= take <= unseen:
        raise ValueError(f"cannot take {take} and name {named} of {unseen} unseen cards")
    total = math.comb(unseen, take)
    hits = sum(math.comb(named, i) * math.comb(unseen - named, take - i) for i in range(j, min(named, take) + 1))
    return Fraction(hits, total)


def simplest_odds(p: Fraction) -> tuple[int, int, str]:
    """(a, b, side): odds of a to b "against" (p < 1/2), "on" (p > 1/2) or "evens", in the smallest
    terms within TOLERANCE of the exact odds (exact when they are small already)."""
    if p <= 0 or p >= 1:
        raise ValueError("odds need a probability strictly between 0 and 1")
    side = "against" if p < Fraction(1, 2) else "on"
    ratio = (1 - p) / p if side == "against" else p / (1 - p)
    best: tuple[int, int] | None = None
    for total in range(2, 2 * MAX_TERM + 1):
        for b in range(1, total // 2 + 1):
            a = total - b
            if abs(Fraction(a, b) - ratio) <= TOLERANCE * ratio:
                best = (a, b)
                break
        if best:
            break
    if best is None:
        best = (ratio.numerator, ratio.denominator) if ratio.denominator <= MAX_TERM else (round(float(ratio)), 1)
    a, b = best
    return a, b, "evens" if a == b else side


def odds_words(p: Fraction) -> str:
    a, b, side = simplest_odds(p)
    return "evens" if side == "evens" else f"{a} to {b} {side}"


def odds_rows(named: int, take: int, unseen: int, js: Sequence[int]) -> list[dict[str, Any]]:
    """For each j in ``js``: the exact chance of drawing at least j of ``named`` cards, as a fraction,
    a float and the odds in words (what ``piquet-calc odds`` prints)."""
    rows = []
    for j in js:
        p = at_least(named, take, unseen, j)
        rows.append({"at_least": j, "numerator": p.numerator, "denominator": p.denominator,
                     "probability": float(p), "odds": odds_words(p) if 0 < p < 1 else ("certain" if p else "none")})
    return rows
