"""Cards and the only place text becomes cards.

Card indices used by the kernels: ``suit * 8 + rank`` with ranks 7 8 9 T J Q K A as 0..7 and suits
spades, hearts, diamonds, clubs as 0..3, so a hand is a 32-bit mask whose byte ``s`` is suit ``s``.

>>> [str(c) for c in parse_cards("AH 10h, 7♠")]
['AH', 'TH', '7S']
>>> parse_cards("AH 1H")
Traceback (most recent call last):
...
piquet_calc.cards.CardError: unknown card '1H': expected a rank (7 8 9 T/10 J Q K A) then a suit (S H D C or ♠♥♦♣)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

HAND_SIZE = 12


class CardError(ValueError):
    """Text that does not name the cards asked for; the message is one line for the user."""


class Rank(IntEnum):
    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7

    @property
    def symbol(self) -> str:
        return "789TJQKA"[self]

    @property
    def pips(self) -> int:
        """Value for the point (docs/rules.md, Cards): A 11, K Q J 10 count 10, 9 8 7 their face value."""
        return (7, 8, 9, 10, 10, 10, 10, 11)[self]


class Suit(IntEnum):
    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        return "SHDC"[self]


@dataclass(frozen=True, order=True)
class Card:
    rank: Rank
    suit: Suit

    @property
    def index(self) -> int:
        """Position in the 32-card deck and bit in a hand mask: suit * 8 + rank."""
        return self.suit * 8 + self.rank

    @classmethod
    def from_index(cls, index: int) -> Card:
        return cls(Rank(index % 8), Suit(index // 8))

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol


DECK: tuple[Card, ...] = tuple(Card.from_index(i) for i in range(32))

_RANKS = {"7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "T": Rank.TEN, "10": Rank.TEN,
          "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
_SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
          "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
          "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
_SYMBOLS = frozenset(s for s in _SUITS if not s.isascii())
_EMOJI_SELECTOR = "\ufe0f"  # what emoji keyboards put after a suit symbol (♥️)
_SEPARATORS = re.compile(r"[\s,]+")
QUOTE_LIMIT = 40  # an error message quotes at most this many characters of what the user typed


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a one-line message (escapes and all), cut to ``limit`` characters with ``...`` after.

    >>> quote("1H"), quote("A" * 50)
    ("'1H'", "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...'")
    """
    shown = repr(text)
    if len(shown) <= limit + 2:
        return shown
    cut = ""  # the longest start of text whose quoted form (escapes and all) stays within the limit
    for ch in text:
        if len(repr(cut + ch)) > limit + 2:
            break
        cut += ch
    shown = repr(cut)
    return shown[:-1] + "..." + shown[-1]


def quote_path(path: str, limit: int = QUOTE_LIMIT) -> str:
    """A path quoted for a one-line message: a long one by its last ``limit`` characters, where its name is.

    >>> quote_path("house.toml"), quote_path("/" + "x" * 50 + "/house.toml", 20)
    ("'house.toml'", "'...xxxxxxxxx/house.toml'")
    """
    return repr(path) if len(path) <= limit else "'..." + repr(path[-limit:])[1:]


def _ascii_upper(text: str) -> str:
    """Upper case for ASCII text only: ``"ſ".upper()`` is ``"S"``, and no such spelling is a card."""
    return text.upper() if text.isascii() else text


def parse_card(token: str) -> Card:
    """One card from a token such as ``AH``, ``10h``, ``t♥`` or ``Q♧`` (``♥️``, with the emoji selector, too).

    >>> parse_card("Aſ")
    Traceback (most recent call last):
    ...
    piquet_calc.cards.CardError: unknown card 'Aſ': expected a rank (7 8 9 T/10 J Q K A) then a suit (S H D C or ♠♥♦♣)
    """
    text = token.strip()
    if text.endswith(_EMOJI_SELECTOR) and text[-2:-1] in _SYMBOLS:
        text = text[:-1]
    rank, suit = _RANKS.get(_ascii_upper(text[:-1])), _SUITS.get(_ascii_upper(text[-1:]))
    if rank is None or suit is None:
        raise CardError(f"unknown card {quote(token)}: expected a rank (7 8 9 T/10 J Q K A) "
                        "then a suit (S H D C or ♠♥♦♣)")
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str], count: int | None = None, what: str = "cards") -> tuple[Card, ...]:
    """Cards from text separated by spaces and/or commas (or from an iterable of tokens).

    Raises CardError naming the bad token, the repeated card, or the wrong number of cards.
    """
    tokens = [t for t in _SEPARATORS.split(text) if t] if isinstance(text, str) else list(text)
    cards = tuple(parse_card(t) for t in tokens)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card {card} in {what}")
        seen.add(card)
    if count is not None and len(cards) != count:
        raise CardError(f"{what} must have exactly {count} cards, got {len(cards)}")
    return cards


def parse_hand(text: str | Iterable[str]) -> tuple[Card, ...]:
    """A twelve-card hand, in the order typed."""
    return parse_cards(text, HAND_SIZE, "the hand")


def mask_of(cards: Iterable[Card]) -> int:
    """32-bit hand mask: bit ``card.index`` set for each card."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in deck order (spades 7 first)."""
    return tuple(DECK[i] for i in range(32) if mask >> i & 1)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Display order: by suit (S H D C), high cards first."""
    return tuple(sorted(cards, key=lambda c: (c.suit, -c.rank)))
