"""The rule model: every number the scoring, the enumeration and the play read, in frozen dataclasses.

A ``RuleSet`` carries the table's shape (seats, cards each, the talon and each seat's share of it),
how many cards each seat may exchange, the declarations' values and bonuses, and the play's points; its
``game`` (a ``Game``) says which game that makes: the seats and their names (defined here once), the sides,
who exchanges, the suffix of the game's rooms. ``docs/rules.md`` states every rule in words; ``presets.py``
holds the presets, each citing its book.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..cards import Rank, quote

PACK = 32


class RulesError(ValueError):
    """An unknown preset or an impossible rule value; the message is one line for the user."""


TWO_HANDED_SEATS = ("elder", "dealer")
"""The two-handed game's seats in play order: elder leads, the dealer (also called younger) deals."""
NORMAND_SEATS = ("elder", "middle", "dealer")
"""Piquet Normand's three seats, each for himself."""
FOUR_SEATS = ("elder", "second", "third", "dealer")
"""Piquet for four's seats: elder and third one side, second and the dealer the other (partners opposite)."""
YOUNGER = "younger"
"""The two-handed dealer's other name (--younger, the exact analyses' position): the same seat as "dealer"."""
ElderOrYounger = Literal["elder", "younger"]
"""The two-handed seat as the exact analyses name it (--elder, --younger): ``YOUNGER`` is the dealer."""

SUFFIXES = {TWO_HANDED_SEATS: "", NORMAND_SEATS: "_normand", FOUR_SEATS: "_four"}
"""The suffix of each game's rooms, by its seats: a glob such as ``**/*_normand*`` finds every room of a game."""


@dataclass(frozen=True)
class Seating:
    """Who sits at the table and how the pack is dealt (docs/rules.md, The deal and the exchange).

    ``seats`` in the order of play (the first leads to the first trick); the last is the dealer.
    ``talon_shares[i]`` is how many talon cards are seat ``i``'s own: two-handed, elder's five on
    top and the dealer's three below.
    """

    seats: tuple[str, ...] = TWO_HANDED_SEATS
    hand_size: int = 12
    talon: int = 8
    talon_shares: tuple[int, ...] = (5, 3)
    partnerships: bool = False  # four players: seats 0 and 2 against 1 and 3

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat(self, name: str) -> int:
        """A seat's number by its name; RulesError naming the seats the game has."""
        try:
            return self.seats.index(name)
        except ValueError:
            raise RulesError(f"no seat {quote(name)} at this table: seats are {', '.join(self.seats)}") from None


TWO_HANDED = Seating()


@dataclass(frozen=True)
class Game:
    """One game of piquet as data (docs/rules.md, The deal and the exchange; Three and four players).

    ``seats``: the seat names in play order, the first leading to the first trick, the last the dealer.
    ``sides``: the seats each side scores for, in order (each seat alone, or four's partnerships 0+2, 1+3).
    ``hand_size``, ``talon``: cards dealt to each seat and to the talon; ``talon_shares[i]``: how many talon
    cards are seat ``i``'s own (two-handed: elder's five, the dealer's three).
    ``exchange[i]``: how many cards seat ``i`` may exchange (0: none); ``dealer_after_elder``: the dealer takes
    from what elder left (two-handed), else from the whole talon (Normand's dealer).
    ``suffix``: "" (two players), "_normand" (three), "_four" (four in partnerships), as the house names rooms.
    """

    seats: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]
    hand_size: int
    talon: int
    talon_shares: tuple[int, ...]
    exchange: tuple[tuple[int, ...], ...]
    dealer_after_elder: bool
    suffix: str

    @property
    def players(self) -> int:
        """How many seats (for a message or a count; ask the suffix or the seats which game it is)."""
        return len(self.seats)

    @property
    def name(self) -> str:
        """The game in a word, as the kernel families and the schemas name it: "two", "normand" or "four"."""
        return self.suffix.lstrip("_") or "two"

    @property
    def two_handed(self) -> bool:
        """The two-handed game: elder and the dealer, both exchanging (every analysis of the exchange)."""
        return self.suffix == ""

    @property
    def normand(self) -> bool:
        """Piquet Normand: three seats each for himself, only the dealer exchanging."""
        return self.suffix == "_normand"

    @property
    def four(self) -> bool:
        """Piquet for four: two partnerships, no talon."""
        return self.suffix == "_four"

    @property
    def partnerships(self) -> bool:
        return any(len(side) > 1 for side in self.sides)

    @property
    def exchanging(self) -> tuple[int, ...]:
        """The seats that may take from the talon, in play order (two-handed: both; Normand: the dealer)."""
        return tuple(i for i, counts in enumerate(self.exchange) if any(counts))

    def side_of(self, seat: int) -> int:
        """The side seat ``seat`` scores for (its own, or its partnership)."""
        return next(k for k, side in enumerate(self.sides) if seat in side)

    def seat(self, name: str) -> int:
        """A seat's number by its name ("younger" is the two-handed dealer); RulesError naming the seats."""
        if name == YOUNGER and self.two_handed:
            return len(self.seats) - 1
        try:
            return self.seats.index(name)
        except ValueError:
            raise RulesError(f"no seat {quote(name)} at this table: seats are {', '.join(self.seats)}") from None


def game_of(seats: tuple[str, ...], partnerships: bool, hand_size: int, talon: int, talon_shares: tuple[int, ...],
            exchange: tuple[tuple[int, ...], ...]) -> Game:
    """The game a rule set's table and exchange make; RulesError for a table no game of the house has."""
    suffix = SUFFIXES.get(seats)
    if suffix is None or partnerships != (suffix == "_four"):
        raise RulesError(f"no game has the seats {', '.join(seats)}" + (" in partnerships" if partnerships else ""))
    sides = ((0, 2), (1, 3)) if partnerships else tuple((i,) for i in range(len(seats)))
    return Game(seats, sides, hand_size, talon, talon_shares, exchange, suffix == "", suffix)


@dataclass(frozen=True)
class SeatingRules:
    """What only three and four players have (docs/rules.md, Three and four players); the two-handed
    presets keep the defaults, which no two-handed code reads.

    ``point_min_pips``: a best suit of fewer pips is no point at all (four: 30, book 002).
    ``cards``: the points for the most tricks; ``cards_tricks``: tricks a seat (a side) needs for them,
    0 meaning "more than any other" (Normand); ``cards_shared``: each of two seats tied for the most.
    ``capot``: all the tricks to one seat (side); ``capot_shared``: two seats sharing all of them, the
    third none (Normand). ``double_blanche_repique``: both partners holding carte blanche is a repique
    whatever the other side holds (book 002). A partner's carte blanche always counts for the side.
    """

    point_min_pips: int = 0
    cards: int = 10
    cards_tricks: int = 0
    cards_shared: int = 0
    capot: int = 40
    capot_shared: int = 0
    double_blanche_repique: bool = False


@dataclass(frozen=True)
class PlayPoints:
    """Points in the play and after it (docs/rules.md, The play; Pique in the play).

    Trick by trick: the lead point when a card is led, then the winner's points when the trick is won
    (a card below ``scoring_rank`` scores nothing led or winning; the last trick's extra and the
    seventh trick's bonus do not look at the card). These count towards pique. After the twelfth
    trick, in this order and never towards pique: the cards (``cards`` to the side with 7 tricks or
    more), or capot (``capot`` to the side with all twelve, in place of the cards when
    ``capot_replaces_cards``, and of the last trick's extra when ``capot_replaces_last_trick``);
    then ``deal_bonus`` to the side with the higher total for the deal (encyclopedia: 100).
    """

    lead: int = 1  # leading a card
    last_lead: int = 1  # leading to the twelfth trick (encyclopedia: 2)
    win_opponent_lead: int = 1  # winning a trick the opponent led (never part of elder's pique run)
    win_own_lead: int = 0  # winning a trick one led
    last_trick: int = 1  # extra for winning the twelfth trick, over its ordinary points
    seventh_trick: int = 0  # at once on winning one's seventh trick (encyclopedia: 10)
    scoring_rank: Rank = Rank.SEVEN  # a card below this scores nothing when led or when it wins
    cards: int = 10  # the cards: 7 tricks or more, scored after the play (russian: the leza)
    capot: int = 40  # all twelve tricks (0: no capot)
    capot_replaces_cards: bool = True  # capot is scored instead of the cards
    capot_replaces_last_trick: bool = False  # capot is scored instead of the last trick's extra
    deal_bonus: int = 0  # to the higher total for the deal, declarations and play (encyclopedia: 100)


@dataclass(frozen=True)
class RuleSet:
    """One rule system. Field names say what they are at the table; docs/rules.md gives each rule."""

    name: str
    source: str
    table: Seating = TWO_HANDED
    # how many cards each seat may exchange, in seat order; two-handed the dealer's are further
    # limited to what elder left (``dealer_discards``); 0 is taking nothing (elder: refusing)
    exchange: tuple[tuple[int, ...], ...] = ((1, 2, 3, 4, 5), tuple(range(9)))
    blanche_ranks: frozenset[Rank] = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})  # a dealt hand without these
    blanche_points: int = 10
    set_min_rank: Rank = Rank.TEN  # lowest rank that makes a trio or quatorze
    trio_points: int = 3
    quatorze_points: int = 14
    carte_rouge_points: int = 0  # every card in a combination that scored (0: no carte rouge)
    repique_bonus: int = 60
    repique_threshold: int = 30  # declarations to reach, the opponent at nothing
    pique_bonus: int = 30
    pique_threshold: int = 30  # declarations and play to reach, the opponent at nothing
    play: PlayPoints = field(default_factory=PlayPoints)
    table_rules: SeatingRules = field(default_factory=SeatingRules)  # three and four players only
    # the preset a house-rules file builds on (rules/house.py sets it; the file cannot): what decides the
    # partie (game/partie.py), whatever the file's free-text name and source say; "" for a preset itself
    base: str = ""

    @functools.cached_property
    def game(self) -> Game:
        """Which game these rules play (``Game``): what the code asks instead of how many players there are."""
        t = self.table
        return game_of(t.seats, t.partnerships, t.hand_size, t.talon, t.talon_shares, self.exchange)

    @property
    def elder_discards(self) -> tuple[int, ...]:
        """How many cards elder may exchange (two-handed); 0 is refusing the talon."""
        return self.exchange[0]

    @property
    def dealer_discards_allowed(self) -> tuple[int, ...]:
        """How many cards the dealer may exchange, before the limit of what elder left."""
        return self.exchange[-1]

    def require_two_handed(self, what: str) -> None:
        """RulesError unless these rules are for two players: ``what`` says what needs them."""
        if not self.game.two_handed:
            raise RulesError(f"{what} is for two players; {self.name} is a game for {self.game.players} "
                             f"(seats {', '.join(self.table.seats)})")

    def with_exchange(self, **seats: tuple[int, ...]) -> RuleSet:
        """These rules with some seats' exchange limits changed: ``RUBICON.with_exchange(elder=(1, 2))``."""
        exchange = list(self.exchange)
        for seat, counts in seats.items():
            exchange[self.table.seat(seat)] = tuple(counts)
        return dataclasses.replace(self, exchange=tuple(exchange))

    def sequence_points(self, length: int) -> int:
        """Tierce 3, quart 4, then 10 + length from the quint up (docs/rules.md, Sequences)."""
        if length < 3:
            return 0
        return length if length < 5 else 10 + length

    def dealer_discards(self, elder_took: int) -> tuple[int, ...]:
        """How many cards the dealer may exchange once elder has taken ``elder_took``: what the rules
        allow, up to all that is left of the talon; when elder refused it (0), only his own share."""
        shape = self.table
        left = shape.talon_shares[-1] if elder_took == 0 else shape.talon - elder_took
        return tuple(m for m in self.dealer_discards_allowed if m <= left)

    def settings(self) -> dict[str, Any]:
        """Every field as plain JSON-ready values (ranks by symbol), in field order (``base`` apart: a house
    file's ``base`` is in its source)."""
        out = {f.name: _plain(getattr(self, f.name)) for f in dataclasses.fields(self) if f.name != "base"}
        out["exchange"] = dict(zip(self.table.seats, out["exchange"], strict=True))  # by seat, as in a rules file
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, PlayPoints | Seating | SeatingRules):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Rank):
        return value.symbol
    if isinstance(value, frozenset):
        return [r.symbol for r in sorted(value, reverse=True)]
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def span(counts: Sequence[int]) -> str:
    """Card counts in words, runs joined: "1 to 5", "0, 3 to 5".

    >>> span([0, 3, 4, 5]), span([2]), span(range(9))
    ('0, 3 to 5', '2', '0 to 8')
    """
    parts = []
    for _, step in itertools.groupby(enumerate(sorted(counts)), lambda t: t[1] - t[0]):  # consecutive runs
        run = [n for _, n in step]
        parts.append(f"{run[0]} to {run[-1]}" if len(run) > 1 else f"{run[0]}")
    return ", ".join(parts)
