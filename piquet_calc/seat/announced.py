"""A deal's declarations as they were announced: sinking scored (docs/rules.md, Announcing, and docs/record.md).

A player may announce less than he holds (docs/rules.md, "Announcing"; sources 000 and
002): a shorter or lower point, a shorter sequence, a lower or smaller set, or nothing in a class. What he sinks
does not score, and "an announcement answered good stays good" even where the other held better. So the deal
is scored from what each *announced*, class by class, with ``game.declarations.score_deal`` (the one place for
the counting: carte blanche, the three classes, carte rouge, repique, pique) given the two declarations as
announced in place of the hands'.

What each announced is read from the record's two ``heard`` texts (seat/heard.py's notation): what the dealer
heard is elder's words; what elder heard is the dealer's answers and the combinations he announced. A text
not given means its speaker announced in full (the announcing model), so ``announced(final, rules, (None,
None))`` is each hand's whole declaration and ``score_announced`` is ``score_deal``.

Public API (plain Python):

``elder_said(hand, words, rules) -> Declaration``
    Elder's declaration as the dealer heard it: his point (its number of cards; its pips and suit where he
    named them, else his best of that many cards), his sequences and sets as named (a suit not named: one in
    which he holds it), nothing in a class he said he had none of.
``dealer_said(hand, words, elder, rules) -> Declaration``
    The dealer's, from elder's text, against ``elder``'s declaration as announced: in a class he answered
    "not good", the combinations he named; "equal", elder's best; "good", his own when it is indeed lower,
    else nothing (he sank it); a class elder did not announce, what he named.
``announced(final, rules, heard) -> (Declaration, Declaration)``
    Both, ``heard`` being (what elder heard, what the dealer heard), either None.
``score_announced(final, rules, heard, blanche) -> DealScore``
    ``score_deal`` of the declarations as announced.
``sunk(hand, said, rules, won=frozenset()) -> tuple[str, ...]``
    What ``said`` leaves out of ``hand``'s declaration, in words, class by class ("point: 5 spades (45)
    announced as 4 cards (35)"; in a class he scored, a combination not counted); empty when he announced
    in full.
``same_declaration(a, b) -> bool``
    The two declare the same point, best sequence and best set (what each class's comparison reads).

The claims themselves (a combination the speaker does not hold, an answer his hand does not make) are checked
by record/record_check.py before any of this is asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card, Rank, Suit
from ..game.declarations import CardSet, DealScore, Declaration, Point, Run, score_deal, suit_cards
from ..rules import RuleSet
from .dialogue import EQUAL, GOOD
from .heard import parse_heard

NOTHING = Point(Suit.SPADES, 0, 0)  # a point not announced: below every real one


def _point(hand: Sequence[Card], length: int, pips: int | None, suit: Suit | None, full: Point) -> Point:
    """The point announced as ``length`` cards (``pips``, ``suit`` where named)."""
    if suit is None:
        longest = [s for s in Suit if len(suit_cards(hand, s)) >= length]
        suit = full.suit if full.length >= length or not longest else longest[0]
    if pips is None:
        pips = sum(c.rank.pips for c in suit_cards(hand, suit)[:length])
    return Point(suit, length, pips)


def _run_suit(hand: Sequence[Card], length: int, top: Rank) -> Suit:
    """A suit in which ``hand`` holds the run (the first; spades when none: the check refuses that earlier)."""
    for s in Suit:
        if all(Card(Rank(int(top) - i), s) in hand for i in range(length)):
            return s
    return Suit.SPADES


def _by_key(items: list) -> tuple:
    return tuple(sorted(items, key=lambda x: x.key, reverse=True))


def elder_said(hand: Sequence[Card], words: str, rules: RuleSet) -> Declaration:
    """Elder's declaration as announced (module docstring)."""
    hand = tuple(hand)
    h = parse_heard(words)
    full = Declaration.of(hand, rules)
    point = full.point if h.point is None else _point(hand, *h.point, full.point)
    runs = [Run(s if s is not None else _run_suit(hand, n, top), n, top) for n, top, s in h.runs]
    sets = [CardSet(rank, size) for size, rank, _ in h.sets]
    return Declaration(point, _by_key(runs), _by_key(sets), rules)


def dealer_said(hand: Sequence[Card], words: str, elder: Declaration, rules: RuleSet) -> Declaration:
    """The dealer's declaration as announced, against elder's as announced (module docstring)."""
    hand = tuple(hand)
    h = parse_heard(words)
    full = Declaration.of(hand, rules)
    answers = {cls: answer for cls, (answer, _) in h.answers.items()}
    if h.point is not None and h.point[2] is not None and h.point[1] is not None:
        point = Point(h.point[2], h.point[0], h.point[1])
    elif answers.get("point") == EQUAL:
        point = Point(full.point.suit, elder.point.length, elder.point.pips)
    else:
        point = full.point if full.point.key < elder.point.key and answers.get("point") == GOOD else NOTHING
    named_runs = [Run(s, n, top) for n, top, s in h.runs if s is not None]
    if named_runs:
        runs = _by_key(named_runs)
    elif answers.get("sequence") == EQUAL:
        runs = (elder.runs[0],)
    else:
        runs = full.runs if elder.runs and full.sequence_key < elder.sequence_key else ()
    named_sets = [CardSet(rank, size) for size, rank, missing in h.sets if size == 4 or missing is not None]
    if named_sets:
        sets = _by_key(named_sets)
    else:
        sets = full.sets if elder.sets and full.set_key < elder.set_key else ()
    return Declaration(point, runs, sets, rules)


def announced(final: tuple[Sequence[Card], Sequence[Card]], rules: RuleSet,
              heard: tuple[str | None, str | None]) -> tuple[Declaration, Declaration]:
    """(elder's, the dealer's) declarations as announced; ``heard``: (what elder heard, what the dealer heard),
    None where not given (the speaker announced in full)."""
    elder = Declaration.of(final[0], rules) if heard[1] is None else elder_said(final[0], heard[1], rules)
    dealer = Declaration.of(final[1], rules) if heard[0] is None else dealer_said(final[1], heard[0], elder, rules)
    return elder, dealer


def score_announced(final: tuple[Sequence[Card], Sequence[Card]], rules: RuleSet,
                    heard: tuple[str | None, str | None], blanche: tuple[bool, bool]) -> DealScore:
    """The declarations scored as announced (module docstring): ``score_deal`` with both as announced."""
    return score_deal(final[0], final[1], rules, *blanche, decls=announced(final, rules, heard))


def same_declaration(a: Declaration, b: Declaration) -> bool:
    """The same point, best sequence and best set: what the comparison of each class reads (a class's loser names
    only his best)."""
    return a.point.key == b.point.key and a.sequence_key == b.sequence_key and a.set_key == b.set_key


def _point_words(p: Point) -> str:
    return f"{p.length} cards ({p.pips})" if p.length else "nothing"


def sunk(hand: Sequence[Card], said: Declaration, rules: RuleSet, won: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """What ``said`` leaves out of the hand's declaration, class by class, in words (module docstring): a best
    announced lower than held, or nothing; and in a class he scored (``won``: "sequence", "sets"), a
    combination held and not counted."""
    full = Declaration.of(hand, rules)
    out = []
    if said.point.key < full.point.key:
        out.append(f"point: {full.point.words} announced as {_point_words(said.point)}")
    for name, have, told in (("sequence", full.runs, said.runs), ("sets", full.sets, said.sets)):
        if not have:
            continue
        if not told or told[0].key < have[0].key:
            shown = ", ".join(t.words for t in told) or "nothing"
            out.append(f"{name}: {', '.join(x.words for x in have)} announced as {shown}")
        elif name in won:
            left = [x for x in have if x.key not in {t.key for t in told}]
            if left:
                out.append(f"{name}: {', '.join(x.words for x in left)} not counted")
    return tuple(out)


__all__ = ["NOTHING", "announced", "dealer_said", "elder_said", "same_declaration", "score_announced", "sunk"]
