"""Drawing odds, exact; said in the books' words by piquet_calc/wording.py ("3 to 1 against", "5 to 4 on").

>>> at_least(3, 5, 20, 2)
Fraction(8, 57)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..wording import odds_words


def at_least(named: int, take: int, unseen: int, j: int = 1) -> Fraction:
    """P(at least ``j`` of ``named`` particular cards among ``take`` drawn from ``unseen``): hypergeometric."""
    if not 0 <= named <= unseen or not 0 <= take <= unseen:
        raise ValueError(f"cannot take {take} and name {named} of {unseen} unseen cards")
    total = math.comb(unseen, take)
    hits = sum(math.comb(named, i) * math.comb(unseen - named, take - i) for i in range(j, min(named, take) + 1))
    return Fraction(hits, total)


def odds_rows(named: int, take: int, unseen: int, js: Sequence[int]) -> list[dict[str, Any]]:
    """For each j in ``js``: the exact chance of drawing at least j of ``named`` cards, as a fraction,
    a float and the odds in words (what ``piquet-calc odds`` prints)."""
    rows = []
    for j in js:
        p = at_least(named, take, unseen, j)
        rows.append({"at_least": j, "numerator": p.numerator, "denominator": p.denominator,
                     "probability": float(p), "odds": odds_words(p) if 0 < p < 1 else ("certain" if p else "none")})
    return rows
