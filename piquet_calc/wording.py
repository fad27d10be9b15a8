"""What the tool says in a player's words, shared by the analyses that keep a sentence and the reports that
print one: odds as the old books state them ("3 to 1 against", "5 to 4 on", evens), the sources of a
difference by name ("the point", "the tricks"), and the sentences that explain why one discard is worth less
than another (``words``: the largest sources first, each with the chance behind it). Plain Python at the
bottom of the house: it reads the results it words by their fields, and imports none of them.

>>> odds_words(Fraction(1, 4))
'3 to 1 against'
>>> odds_words(Fraction(3, 20))
'17 to 3 against'
>>> odds_words(Fraction(1, 2))
'evens'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

TOLERANCE = 0.02  # the books round to the simplest odds within about 2 per cent
MAX_TERM = 40
SOURCE_WORDS = {"carte_blanche": "carte blanche", "point": "the point", "sequence": "the sequence",
                "sets": "the sets", "carte_rouge": "carte rouge", "repique": "repique", "pique": "pique",
                "tricks": "the tricks", "cards": "the cards", "capot": "capot", "deal_bonus": "the deal bonus"}


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


def words(why: Any, lines: int = 3) -> list[str]:
    """Up to ``lines`` sentences in a player's words, the largest sources first, each with its figure; the last
    names the partie value when it turns the points' verdict (``partie_words``)."""
    out = []
    turn = partie_words(why)
    ranked = sorted((s for s in why.sources if abs(s.mean) >= 0.005), key=lambda s: -abs(s.mean))
    for s in ranked[:lines - (turn is not None)]:
        plural = s.name in ("sets", "tricks", "cards")
        verb = ("cost" if plural else "costs") + " you" if s.mean < 0 else ("gain" if plural else "gains") + " you"
        text = f"{SOURCE_WORDS[s.name].capitalize()} {verb} {abs(s.mean):.2f} points a deal"
        if s.se > 0:
            text += f" (± {s.se:.2f})"
        out.append(text + _reason(s) + ".")
    if not out:
        out.append("The two discards are worth the same, source by source.")
    return out + ([turn] if turn else [])


def _percent(x: float) -> str:
    """A chance as the tables print it (report/why.py): one decimal."""
    return f"{100 * x:.1f}%"


def _reason(s: Any) -> str:
    """The chance behind a source's difference, in words: the one that moved most in the direction of the
    difference (a good thing more often for a gain, less often for a cost); where none did (a class won as
    often or more often, yet for fewer points), the points said to be what moved."""
    moved = [c for c in s.chances if abs(c.mine - c.theirs) >= 0.0005
             and _sign((c.mine - c.theirs) * (1 if c.good else -1)) == _sign(s.mean)]
    if moved:
        c = max(moved, key=lambda c: abs(c.mine - c.theirs))
        return f": {c.what} {_percent(c.mine)} of the time instead of {_percent(c.theirs)}"
    if s.chances and s.name in ("point", "sequence", "sets"):
        c = s.chances[0]
        often = (f"as often ({_percent(c.mine)})" if abs(c.mine - c.theirs) < 0.0005 else
                 f"{_percent(c.mine)} of the time against {_percent(c.theirs)}")
        return f": {c.what} {often}, but for {'more' if s.mean > 0 else 'fewer'} points"
    return ""


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def partie_words(why: Any) -> str | None:
    """With a partie state: a sentence naming the partie value's difference when it turns the verdict (the
    points favour one discard, or neither, and the partie value the other); else None."""
    p = why.partie
    if p is None or _sign(p.difference.mean) in (0, _sign(why.total.mean)):
        return None
    d = p.difference
    favoured = "your discard" if d.mean > 0 else f"#{why.theirs_rank}"
    s = p.state
    text = (f"Yet at {s.me} to {s.opponent}, deal {s.deal}, the partie value favours {favoured}: {d.mean:+.2f} "
            f"{p.unit} of the partie's result (± {d.se:.2f})")
    win = d.chances[0]
    return text + f"; {win.what} {_percent(win.mine)} of the time instead of {_percent(win.theirs)}."
