"""Public API: the two discards ``discard --why DISCARD [--against OTHER]`` compares, read and checked against
the hand before any long work (``chosen_discards``), and the discards whose report deals the whole-deal
analysis must keep for the comparison (``keep_deals``). The comparison itself: analysis/why.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import Card, CardError, format_cards, parse_cards

KEEP = "keep"
Chosen = tuple[tuple[Card, ...] | None, "tuple[Card, ...] | None | bool"]
"""The discard asked about, then the one it is compared with (False: #1); None: normand's dealer keeping."""


def _read(text: str, what: str, keep_allowed: bool) -> tuple[Card, ...] | None:
    if keep_allowed and text.strip().lower() == KEEP:
        return None
    return parse_cards(text, what=what)


def chosen_discards(hand: Sequence[Card], sizes: Sequence[int], why: str | None, against: str | None = None,
                    keep_allowed: bool = False) -> Chosen | None:
    """``why`` and ``against`` (as typed) read and checked against the hand and the seat's legal sizes: a
    CardError (one line) naming the option; None without ``why``. The second is False when ``against`` is None
    (compare with #1). ``keep_allowed``: normand's dealer, whose "keep" is read as None (no exchange)."""
    from .why import check_discard

    if why is None:
        if against is not None:
            raise CardError("--against needs --why (the discard to compare)")
        return None
    out: list[Any] = []
    for text, what in ((why, "--why"), (against, "--against")):
        if text is None:
            out.append(False)
            continue
        try:
            cards = _read(text, what, keep_allowed)
        except CardError as e:  # named once: "duplicate card AS in --why" names the option already
            raise CardError(str(e) if what in str(e) else f"{what}: {e}") from None
        if cards is not None:
            check_discard(hand, cards, sizes, what)
        out.append(cards)
    if out[1] is not False and _same(out[0], out[1]):
        raise CardError(f"--against is the --why discard ({_text_of(out[0])}): name another, or leave --against out "
                        "to compare with #1")
    return out[0], out[1]


def _same(a: tuple[Card, ...] | None, b: tuple[Card, ...] | None) -> bool:
    return (None if a is None else frozenset(a)) == (None if b is None else frozenset(b))


def _text_of(d: tuple[Card, ...] | None) -> str:
    return KEEP if d is None else format_cards(d)


def keep_deals(chosen: Chosen | None) -> list[tuple[Card, ...]]:
    """The discards whose report deals analyse_deal must keep for the comparison."""
    if chosen is None:
        return []
    return [d for d in chosen if isinstance(d, tuple)]


__all__ = ["KEEP", "Chosen", "chosen_discards", "keep_deals"]
