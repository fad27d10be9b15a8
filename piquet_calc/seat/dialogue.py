"""The announcements of one two-handed deal as the sources tell them, and what each player knows after them.

docs/rules.md, "Announcing: what each player learns", states the model in words; sources 000 ("Объявление")
and 002 ("ОБЪЯВЛЕНИЕ" and the rubicon chapter). Who wins each class comes from ``game.declarations``
(``Declaration`` keys and ``compare``; the totals from ``score_deal``): nothing is scored twice here.

Public API (plain Python, no numba):

``announcements(elder, dealer, rules, point_call="cards", named_suits=(None, None), decls=None,
               blanche=(False, False), carte_rouge=True) -> Announcements``
    The facts the dialogue makes public, from both final hands: elder's best in each class, the dealer's
    answers, and every combination that scores for either (named with its suits). ``point_call``:
    ``"cards"`` (the model: elder names his point's number of cards, and its pips only when the dealer
    holds as many cards and asks, 000 and the rubicon chapter of 002; the rubicon chapter names only the
    last digit, the model keeps the whole value) or ``"pips"`` (002's piquet au cent: elder names the
    value at once, "forty-one"). ``named_suits``: the suit elder's and the dealer's point is named in
    when a player holds two best suits of equal length and pips (default: the first in S H D C order).
    ``decls``: both declarations if already made; ``blanche``: whether each holds carte blanche (it
    counts in carte rouge's deal score); ``carte_rouge=False`` leaves carte rouge out (both False).

``dialogue(elder, dealer, rules, elder_dealt=None, dealer_dealt=None, point_call="cards",
          named_suits=(None, None), blanche=None) -> Dialogue``
    The same, with carte blanche (read off the dealt hands; absent, the final hands stand for them), the
    totals each player starts the play with, and the words said at the table, line by line
    (``Dialogue.lines``: ``(speaker, words)``; ``Dialogue.text()`` prints them). ``blanche`` overrides
    carte blanche read off the dealt hands (a replay that knows only whether each was shown).

Both hands are twelve distinct cards each, disjoint (the caller checks: the CLI with one-line errors);
``rules`` must be two-handed (``RulesError`` otherwise).

``knowledge(dialogue, seat, elder_dealt=None, dealer_dealt=None, seen=()) -> Knowledge``
    What ``seat`` ("elder" or "dealer") knows after the dialogue: his own final hand and discards (when
    his dealt hand is given), how many cards the other exchanged (when both dealt hands are given), the
    talon cards he saw (``seen``), carte blanche shown, every scoring combination of both, elder's best
    in each class, and the dealer's answers. ``seat.hands.consistent_hands`` turns it into every hand
    the other can hold; ``seat.knowledge.knowledge_from_heard`` builds the same object from what a player
    typed (the ``--heard`` notation, which ``heard_text`` prints).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..cards import Card, Rank, Suit
from ..game.declarations import (
    RANK_NAMES,
    RANK_PLURALS,
    RUN_NAMES,
    SUIT_NAMES,
    Declaration,
    Point,
    Run,
    compare,
    is_carte_blanche,
    score_deal,
    suit_cards,
)
from ..rules import TWO_HANDED_SEATS, RuleSet

SEATS = TWO_HANDED_SEATS
GOOD, EQUAL, NOT_GOOD = "good", "equal", "not good"
ANSWERS = (GOOD, EQUAL, NOT_GOOD)
PointCall = Literal["cards", "pips"]


@dataclass(frozen=True, order=True)
class ShownSet:
    """A trio or quatorze named with its suits (a trio's missing suit is what a player learns from it)."""

    rank: Rank
    suits: tuple[Suit, ...]

    @property
    def size(self) -> int:
        return len(self.suits)

    @property
    def missing(self) -> tuple[Suit, ...]:
        return tuple(s for s in Suit if s not in self.suits)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(self.rank, s) for s in self.suits)


@dataclass(frozen=True)
class Scoring:
    """The combinations that score for one player, in full and with their suits."""

    point: Point | None = None
    runs: tuple[Run, ...] = ()
    sets: tuple[ShownSet, ...] = ()
    carte_rouge: bool = False

    @property
    def cards(self) -> frozenset[Card]:
        """The cards these combinations name exactly (a point names its suit's length, not its cards)."""
        out = {Card(Rank(r), run.suit) for run in self.runs for r in range(run.top - run.length + 1, run.top + 1)}
        return frozenset(out | {c for s in self.sets for c in s.cards})


@dataclass(frozen=True)
class Announcements:
    """What the dialogue makes public (docs/rules.md, Announcing), apart from carte blanche.

    ``elder_point``: (cards, pips) as elder named them; pips is None when he did not name them (the dealer
    answered on the number of cards). ``point_asked``: the dealer asked the value (he had as many cards).
    ``elder_sequence``: his best sequence's (length, top card), None if he has none; ``elder_set``: his
    best set's (number, rank). An answer is good, equal or not good, the dealer's best compared with
    elder's; None where elder had nothing to announce in the class.
    """

    elder_point: tuple[int, int | None]
    point_asked: bool
    point_answer: str
    elder_sequence: tuple[int, Rank] | None
    sequence_answer: str | None
    elder_set: tuple[int, Rank] | None
    sets_answer: str | None
    elder: Scoring
    dealer: Scoring

    def scoring(self, seat: str) -> Scoring:
        return self.elder if seat == "elder" else self.dealer


def _answer(elder_key: tuple[int, int], dealer_key: tuple[int, int]) -> str:
    return (GOOD, EQUAL, NOT_GOOD)[1 - compare(elder_key, dealer_key)]


def _point_named(decl: Declaration, hand: Sequence[Card], suit: Suit | None) -> Point:
    """The player's point, in the suit he names when two suits tie for it (``suit``, if it is one of them)."""
    if suit is not None:
        cs = suit_cards(hand, suit)
        p = Point(suit, len(cs), sum(c.rank.pips for c in cs))
        if p.key == decl.point.key:
            return p
    return decl.point


def _shown_sets(decl: Declaration, hand: Sequence[Card]) -> tuple[ShownSet, ...]:
    return tuple(ShownSet(s.rank, tuple(sorted(c.suit for c in hand if c.rank == s.rank))) for s in decl.sets)


def announcements(elder: Sequence[Card], dealer: Sequence[Card], rules: RuleSet, point_call: PointCall = "cards",
                  named_suits: tuple[Suit | None, Suit | None] = (None, None),
                  decls: tuple[Declaration, Declaration] | None = None,
                  blanche: tuple[bool, bool] = (False, False), carte_rouge: bool = True) -> Announcements:
    """The public facts of the dialogue (see the module docstring). ``decls``: both hands' declarations, if
    already made; ``blanche``: carte blanche held (``score_deal`` needs it for carte rouge, asked only
    under rules with carte rouge, and not at all with ``carte_rouge=False``: both then stand at False)."""
    e, d = decls or (Declaration.of(elder, rules), Declaration.of(dealer, rules))
    asked = point_call == "cards" and e.point.length == d.point.length
    point_answer = _answer(e.point.key, d.point.key)
    elder_point = (e.point.length, e.point.pips if asked or point_call == "pips" else None)
    seq = (e.runs[0].length, e.runs[0].top) if e.runs else None
    seq_answer = _answer(e.sequence_key, d.sequence_key) if e.runs else None
    best_set = (e.sets[0].size, e.sets[0].rank) if e.sets else None
    sets_answer = _answer(e.set_key, d.set_key) if e.sets else None
    seq_c, set_c = compare(e.sequence_key, d.sequence_key), compare(e.set_key, d.set_key)
    rouge = (False, False)
    if rules.carte_rouge_points and carte_rouge:
        s = score_deal(elder, dealer, rules, *blanche)
        rouge = next((pe > 0, pd > 0) for name, pe, pd in s.classes if name == "carte_rouge")
    es = Scoring(_point_named(e, elder, named_suits[0]) if point_answer == GOOD else None,
                 e.runs if seq_c > 0 else (), _shown_sets(e, elder) if set_c > 0 else (), rouge[0])
    ds = Scoring(_point_named(d, dealer, named_suits[1]) if point_answer == NOT_GOOD else None,
                 d.runs if seq_c < 0 else (), _shown_sets(d, dealer) if set_c < 0 else (), rouge[1])
    return Announcements(elder_point, asked, point_answer, seq, seq_answer, best_set, sets_answer, es, ds)


# --- words -------------------------------------------------------------------------------------------

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n: int) -> str:
    """English words for 0 to 999: ``number_words(49) == "forty-nine"``."""
    if n < 20:
        return _UNITS[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _UNITS[n % 10] if n % 10 else "")
    rest = n % 100
    return _UNITS[n // 100] + " hundred" + (" and " + number_words(rest) if rest else "")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def run_words(length: int, top: Rank, suit: Suit | None = None) -> str:
    """``a quint to the king`` (and ``in hearts`` when the suit is named)."""
    name = RUN_NAMES.get(length, f"{length}-card sequence")
    return f"a {name} to the {RANK_NAMES[top]}" + (f" in {SUIT_NAMES[suit]}" if suit is not None else "")


def set_words(size: int, rank: Rank, missing: Sequence[Suit] | None = None) -> str:
    """``fourteen aces``, ``three kings`` (and ``without the spade`` when a trio's suits are named)."""
    text = f"{'fourteen' if size == 4 else 'three'} {RANK_PLURALS[rank]}"
    if missing and size == 3:
        text += f" without the {SUIT_NAMES[missing[0]][:-1]}"
    return text


def point_words(p: Point) -> str:
    """A scoring point in full: ``point of five, forty-nine, in spades``."""
    return f"point of {number_words(p.length)}, {number_words(p.pips)}, in {SUIT_NAMES[p.suit]}"


@dataclass(frozen=True)
class Dialogue:
    """One deal's announcements: the facts (``said``), carte blanche shown (the dealt hand, or None), the
    totals each starts the play with (declarations and repique, from ``score_deal``), and the words."""

    rules: RuleSet
    elder: tuple[Card, ...]
    dealer: tuple[Card, ...]
    said: Announcements
    elder_blanche: tuple[Card, ...] | None
    dealer_blanche: tuple[Card, ...] | None
    totals: tuple[int, int]
    repique: tuple[bool, bool]
    point_call: PointCall
    lines: tuple[tuple[str, str], ...] = field(default=())

    def text(self) -> str:
        return "\n".join(f'{_cap(who)}: "{words}"' for who, words in self.lines)


def _lines(a: Announcements, elder_blanche: bool, dealer_blanche: bool, totals: tuple[int, int],
           repique: tuple[bool, bool]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []

    def say(who: str, words: str) -> None:
        out.append((who, _cap(words) + ("" if words.endswith(("?", ".")) else ".")))

    if elder_blanche:
        say("elder", "carte blanche")
    if dealer_blanche:
        say("dealer", "carte blanche")
    length, pips = a.elder_point
    if a.point_asked:  # 000: "Четыре." "Сколько?" "Тридцать семь."
        say("elder", number_words(length))
        say("dealer", "how much?")
        say("elder", number_words(pips or 0))
    else:
        say("elder", number_words(pips if pips is not None else length))
    # 000: "Не подходит. Тридцать девять." (the dealer names his value when he won on it)
    if a.point_answer == NOT_GOOD and a.point_asked and a.dealer.point is not None:
        say("dealer", f"not good. {_cap(number_words(a.dealer.point.pips))}")
    else:
        say("dealer", a.point_answer)
    if a.elder.point is not None:  # the rubicon chapter: a good point's suit is named at once
        p = a.elder.point
        say("elder", (f"in {SUIT_NAMES[p.suit]}" if pips is not None else
                      f"{number_words(p.pips)}, in {SUIT_NAMES[p.suit]}"))
    if a.elder_sequence is None:
        say("elder", "no sequence")
    else:
        say("elder", run_words(*a.elder_sequence))
        say("dealer", a.sequence_answer or "")
        if a.elder.runs:
            first, *others = a.elder.runs
            say("elder", "; ".join([f"in {SUIT_NAMES[first.suit]}"] +
                                   [f"and {run_words(r.length, r.top, r.suit)}" for r in others]))
    if a.elder_set is None:
        say("elder", "no sets")
    else:
        say("elder", set_words(*a.elder_set))
        say("dealer", a.sets_answer or "")
        if a.elder.sets:
            first, *others = a.elder.sets
            words = ([f"without the {SUIT_NAMES[first.missing[0]][:-1]}"] if first.size == 3 else []) + \
                    [f"and {set_words(s.size, s.rank, s.missing)}" for s in others]
            if words:
                say("elder", "; ".join(words))
    if a.elder.carte_rouge:
        say("elder", "carte rouge")
    if totals[0]:
        say("elder", f"I start with {number_words(totals[0])}" + (" (repique)" if repique[0] else ""))
    d = a.dealer  # before his first card (002): each combination good in his hand, then the total
    named = ([point_words(d.point)] if d.point is not None else []) + \
            [run_words(r.length, r.top, r.suit) for r in d.runs] + \
            [set_words(s.size, s.rank, s.missing) for s in d.sets] + (["carte rouge"] if d.carte_rouge else [])
    if named:
        say("dealer", "; ".join(named))
    if totals[1]:
        say("dealer", f"I start with {number_words(totals[1])}" + (" (repique)" if repique[1] else ""))
    return tuple(out)


def dialogue(elder: Sequence[Card], dealer: Sequence[Card], rules: RuleSet,
             elder_dealt: Sequence[Card] | None = None, dealer_dealt: Sequence[Card] | None = None,
             point_call: PointCall = "cards", named_suits: tuple[Suit | None, Suit | None] = (None, None),
             blanche: tuple[bool, bool] | None = None) -> Dialogue:
    """The dialogue of one deal (module docstring). ``blanche`` overrides carte blanche read off the dealt
    hands (a replay that knows only whether each was shown)."""
    rules.require_two_handed("the dialogue of the announcements")
    elder, dealer = tuple(elder), tuple(dealer)
    e_dealt = tuple(elder_dealt) if elder_dealt is not None else elder
    d_dealt = tuple(dealer_dealt) if dealer_dealt is not None else dealer
    if blanche is None:
        blanche = (is_carte_blanche(e_dealt, rules), is_carte_blanche(d_dealt, rules))
    said = announcements(elder, dealer, rules, point_call, named_suits, blanche=blanche)
    score = score_deal(elder, dealer, rules, *blanche)
    totals = tuple(sum(pts[i] for name, *pts in score.classes if name != "pique") for i in (0, 1))
    repique = (score.elder_repique, score.dealer_repique)
    lines = _lines(said, blanche[0], blanche[1], (totals[0], totals[1]), repique)
    return Dialogue(rules, elder, dealer, said, e_dealt if blanche[0] else None, d_dealt if blanche[1] else None,
                    (totals[0], totals[1]), repique, point_call, lines)


# --- what each player knows --------------------------------------------------------------------------


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows after the announcements (docs/rules.md, Announcing: the model).

    ``hand``: his final hand; ``discards``: his own discards (out of play); ``seen``: talon cards he saw
    and did not take. The dealer's are out of play. Elder's are among the leftovers of his five (their
    number is his share less what he took), of which the dealer took the first ``min(m, leftovers)``
    when he took ``m``: the model keeps how many of them the dealer took, not which (the talon's order
    is not an input);
    ``opponent_exchanged``: how many cards the other took (None: not known);
    ``opponent_dealt``: the other's dealt hand when he showed carte blanche; ``own_blanche``: this seat
    showed carte blanche; ``said``: the public facts; ``own_said``: his own declaration as he announced it,
    when he sank (seat/announced.py; None: his hand's, in full).
    """

    seat: str
    rules: RuleSet
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    seen: tuple[Card, ...]
    opponent_exchanged: int | None
    opponent_dealt: tuple[Card, ...] | None
    own_blanche: bool
    said: Announcements
    point_call: PointCall = "cards"
    own_said: Declaration | None = None

    @property
    def own_declaration(self) -> Declaration:
        """What he declared: as announced (``own_said``), else his hand's."""
        return self.own_said or Declaration.of(self.hand, self.rules)

    @property
    def opponent(self) -> str:
        return "dealer" if self.seat == "elder" else "elder"

    def constraints(self) -> list[str]:
        """What is known of the opponent's best in each class he did not score, in words."""
        a, out = self.said, []
        length, pips = a.elder_point
        if self.seat == "elder":  # the dealer lost or tied these classes: only the comparison is known
            if a.point_answer in (GOOD, EQUAL):
                worse = "worse than" if a.point_answer == GOOD else "equal to"
                ep = a.elder.point.pips if a.elder.point else pips
                out.append(f"point: {worse} {length} cards of {ep} pips"
                           + (" (as many cards: he asked)" if a.point_asked else ""))
            for name, best, answer, words in (("sequence", a.elder_sequence, a.sequence_answer, run_words),
                                              ("sets", a.elder_set, a.sets_answer, set_words)):
                if best is None and not a.dealer.runs and name == "sequence" or \
                        best is None and not a.dealer.sets and name == "sets":
                    out.append(f"{name}: none")
                elif answer == GOOD:
                    out.append(f"{name}: none better than {words(*best)}")  # type: ignore[operator]
                elif answer == EQUAL:
                    out.append(f"{name}: the best is {words(*best)}, as elder's")  # type: ignore[operator]
        else:  # elder's best in each class is known even where it lost
            if a.elder.point is None:
                out.append(f"point: {length} cards" + (f" of {pips} pips" if pips is not None else "") + ", not good")
            if not a.elder.runs:
                out.append("sequence: " + (f"{run_words(*a.elder_sequence)} at best, not good"
                                           if a.elder_sequence else "none"))
            if not a.elder.sets:
                out.append("sets: " + (f"{set_words(*a.elder_set)} at best, not good" if a.elder_set else "none"))
        return out


def knowledge(d: Dialogue, seat: str, elder_dealt: Sequence[Card] | None = None,
              dealer_dealt: Sequence[Card] | None = None, seen: Sequence[Card] = ()) -> Knowledge:
    """What ``seat`` knows after the dialogue ``d``. With the dealt hands, his discards and the number of
    cards the other exchanged come from them (dealt minus final); without, they are not known."""
    if seat not in SEATS:
        raise ValueError(f"seat must be elder or dealer, not {seat!r}")
    mine, theirs = (0, 1) if seat == "elder" else (1, 0)
    hands, dealt = (d.elder, d.dealer), (elder_dealt, dealer_dealt)
    own_dealt, opp_dealt = dealt[mine], dealt[theirs]
    discards = tuple(sorted(set(own_dealt) - set(hands[mine]))) if own_dealt is not None else ()
    exchanged = len(set(hands[theirs]) - set(opp_dealt)) if opp_dealt is not None else None
    blanches = (d.elder_blanche, d.dealer_blanche)
    return Knowledge(seat, d.rules, hands[mine], discards, tuple(seen), exchanged, blanches[theirs],
                     blanches[mine] is not None, d.said, d.point_call)

