"""What a hand declares and how one deal's declarations score: plain Python, the readable reference.

Every rule of docs/rules.md's "Declarations" and "Elder's pique run" lives here once. The numba kernels
read tables built from these functions (``engine/rule_arrays.py``) and are tested against ``score_deal``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Card, Rank, Suit
from ..rules import RuleSet

NO_KEY = (0, -1)  # key of an absent sequence or set: below every real one
RUN_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
RANK_NAMES = {Rank.SEVEN: "seven", Rank.EIGHT: "eight", Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack",
              Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace"}
RANK_PLURALS = {r: n + ("es" if n.endswith("x") else "s") for r, n in RANK_NAMES.items()}
SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}


@dataclass(frozen=True)
class Point:
    suit: Suit
    length: int
    pips: int

    @property
    def key(self) -> tuple[int, int]:
        """More cards wins; equal length, more pips (docs/rules.md, Point)."""
        return (self.length, self.pips)

    @property
    def score(self) -> int:
        return self.length

    @property
    def words(self) -> str:
        return f"{self.length} {SUIT_NAMES[self.suit]} ({self.pips})"


@dataclass(frozen=True)
class Run:
    """A sequence: ``length`` cards of ``suit`` in unbroken rank order up to ``top``."""

    suit: Suit
    length: int
    top: Rank

    @property
    def key(self) -> tuple[int, int]:
        """Longer wins; equal length, the higher top card (docs/rules.md, Sequences)."""
        return (self.length, int(self.top))

    @property
    def words(self) -> str:
        name = RUN_NAMES.get(self.length, f"{self.length}-card sequence")
        return f"{name} to the {RANK_NAMES[self.top]} ({SUIT_NAMES[self.suit]})"


@dataclass(frozen=True)
class CardSet:
    """A trio (3) or quatorze (4) of ``rank``."""

    rank: Rank
    size: int

    @property
    def key(self) -> tuple[int, int]:
        """Any quatorze beats any trio; among equals the higher rank (docs/rules.md, Sets)."""
        return (self.size, int(self.rank))

    @property
    def words(self) -> str:
        return f"{'four' if self.size == 4 else 'three'} {RANK_PLURALS[self.rank]}"

    def points(self, rules: RuleSet) -> int:
        return rules.quatorze_points if self.size == 4 else rules.trio_points


def suit_cards(hand: Iterable[Card], suit: Suit) -> list[Card]:
    return sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)


def point_of(hand: Iterable[Card]) -> Point:
    """The best suit for the point (any one of equal best suits)."""
    hand = list(hand)
    suits = [Point(s, len(cs), sum(c.rank.pips for c in cs)) for s in Suit for cs in [suit_cards(hand, s)]]
    return max(suits, key=lambda p: p.key)


def runs_of(hand: Iterable[Card]) -> list[Run]:
    """Every sequence of three or more cards (maximal runs of each suit), best first."""
    hand = list(hand)
    runs = []
    for suit in Suit:
        ranks = {c.rank for c in hand if c.suit == suit}
        length = 0
        for rank in Rank:
            length = length + 1 if rank in ranks else 0
            ends = rank == Rank.ACE or Rank(rank + 1) not in ranks
            if length >= 3 and ends and rank in ranks:
                runs.append(Run(suit, length, rank))
    return sorted(runs, key=lambda r: r.key, reverse=True)


def sets_of(hand: Iterable[Card], rules: RuleSet) -> list[CardSet]:
    """Every trio and quatorze of a rank that counts under ``rules``, best first."""
    hand = list(hand)
    sets = []
    for rank in Rank:
        n = sum(1 for c in hand if c.rank == rank)
        if rank >= rules.set_min_rank and n >= 3:
            sets.append(CardSet(rank, n))
    return sorted(sets, key=lambda s: s.key, reverse=True)


def is_carte_blanche(dealt: Iterable[Card], rules: RuleSet) -> bool:
    """A dealt hand with none of the ranks the rules call court cards (docs/rules.md, Carte blanche)."""
    return not any(c.rank in rules.blanche_ranks for c in dealt)


def is_carte_rouge(hand: Iterable[Card], won: set[str], rules: RuleSet,
                   declaration: Declaration | None = None) -> bool:
    """Carte rouge (docs/rules.md, Declarations 5): every card of ``hand`` lies in a combination that scored
    for its player, who won the classes named in ``won`` ("point", "sequence", "sets"). With two
    equal best suits he may count either for the point. A combination that scores 0 (a house rule's
    ``trio_points = 0``, say) has not scored. ``declaration``: the hand's, if already made."""
    hand = list(hand)
    d = declaration or Declaration.of(hand, rules)
    covered: set[Card] = set()
    if "sequence" in won:
        covered |= {c for r in d.runs for c in hand if c.suit == r.suit and r.top - r.length < c.rank <= r.top}
    if "sets" in won:
        covered |= {c for s in d.sets for c in hand if c.rank == s.rank and s.points(rules) > 0}
    if "point" not in won:
        return len(covered) == len(hand)
    best = [s for s in Suit
            if Point(s, len(cs := suit_cards(hand, s)), sum(c.rank.pips for c in cs)).key == d.point.key]
    return any(len(covered | set(suit_cards(hand, s))) == len(hand) for s in best)


@dataclass(frozen=True)
class Declaration:
    """What one final hand can declare, before comparing with the opponent."""

    point: Point
    runs: tuple[Run, ...]
    sets: tuple[CardSet, ...]
    rules: RuleSet

    @classmethod
    def of(cls, hand: Iterable[Card], rules: RuleSet) -> Declaration:
        hand = list(hand)
        return cls(point_of(hand), tuple(runs_of(hand)), tuple(sets_of(hand, rules)), rules)

    @property
    def sequence_key(self) -> tuple[int, int]:
        return self.runs[0].key if self.runs else NO_KEY

    @property
    def sequence_score(self) -> int:
        """All one's sequences, scored when one holds the best (docs/rules.md, Sequences)."""
        return sum(self.rules.sequence_points(r.length) for r in self.runs)

    @property
    def set_key(self) -> tuple[int, int]:
        return self.sets[0].key if self.sets else NO_KEY

    @property
    def set_score(self) -> int:
        return sum(s.points(self.rules) for s in self.sets)


def best_against(unseen: Iterable[Card], rules: RuleSet) -> Declaration:
    """The best point, sequence and set any opponent holding drawn from ``unseen`` could show.

    Every combination needs at most 8 cards, so with 12 or more unseen cards any one of them can be
    in a 12-card holding: the best of all the unseen cards is what "good against the cards" is
    measured against.
    """
    return Declaration.of(unseen, rules)


def cashable_against(elder: Sequence[Card], dealer_top: Rank | None, dealer_count: int) -> list[Card]:
    """Elder's cashable winners in one suit (docs/rules.md, Elder's pique run), given the dealer's highest
    card of the suit and how many he holds (nothing else of his suit matters).

    All of elder's cards if the dealer holds none of the suit; otherwise elder's cards above the
    dealer's highest, and all of elder's cards when those are at least as many as the dealer's.
    """
    if dealer_count == 0:
        return list(elder)
    above = [c for c in elder if dealer_top is not None and c.rank > dealer_top]
    return list(elder) if len(above) >= dealer_count else above


def cashable_in_suit(elder: Sequence[Card], dealer: Sequence[Card]) -> list[Card]:
    """cashable_against, from the dealer's cards of the suit."""
    return cashable_against(elder, max((c.rank for c in dealer), default=None), len(dealer))


@dataclass(frozen=True)
class PiqueRun:
    cashed: tuple[Card, ...]
    points: int


def pique_run(elder: Iterable[Card], dealer: Iterable[Card], rules: RuleSet) -> PiqueRun:
    """Elder's points in the play before the dealer can score (docs/rules.md, Elder's pique run).

    A lower bound on what perfect play cashes: the dealer's discards when void may unguard a suit.
    """
    elder, dealer = list(elder), list(dealer)
    cashed = [c for s in Suit for c in cashable_in_suit(suit_cards(elder, s), suit_cards(dealer, s))]
    return PiqueRun(tuple(cashed), run_points(cashed, [c for c in elder if c not in cashed], rules))


def run_points(cashed: Sequence[Card], left: Sequence[Card], rules: RuleSet) -> int:
    """Points for leading and winning the cashed tricks, then one more lead or the last trick.

    A card below ``play.scoring_rank`` scores nothing when led or when it wins. Elder orders his
    cashed cards as suits him: a scoring card to the last lead when he cashes all twelve.
    """
    play = rules.play
    scoring = [c for c in cashed if c.rank >= play.scoring_rank]
    points = len(scoring) * (play.lead + play.win_own_lead)
    if len(cashed) >= 7:  # the seventh trick won (encyclopedia: 10 at once)
        points += play.seventh_trick
    if left:  # the dealer wins the next trick; elder leads his best-scoring card to it
        if any(c.rank >= play.scoring_rank for c in left):
            points += play.last_lead if len(cashed) == 11 else play.lead
    else:
        points += play.last_trick + (play.last_lead - play.lead if scoring else 0)
    return points


def repique_reached(mine: Sequence[int], theirs: Sequence[int], threshold: int) -> bool:
    """Repique (docs/rules.md, Repique): counting class by class in order, carte blanche first, one
    side's running total (``mine``) reaches ``threshold`` at a step where the other's (``theirs``) is
    still nothing. A tie in a class scores nobody, so it does not save the opponent.

    >>> repique_reached([0, 5, 20, 34], [0, 0, 0, 0], 30), repique_reached([0, 5, 20, 34], [0, 0, 3, 3], 30)
    (True, False)
    """
    return any(m >= threshold and o == 0 for m, o in zip(mine, theirs, strict=True))


def pique_live(elder_total: int, dealer_total: int, rules: RuleSet, most_in_play: int) -> bool:
    """Elder can pique (docs/rules.md, Pique): the dealer has scored nothing, elder's declarations are
    short of a repique (never both), and ``most_in_play`` more points in the play reach the threshold.

    With the dealer at nothing in every class, elder repiqued exactly when his total reached the
    repique threshold, so the totals alone decide it.
    """
    return (dealer_total == 0 and elder_total < rules.repique_threshold
            and elder_total + most_in_play >= rules.pique_threshold)


def compare(mine: tuple[int, int], theirs: tuple[int, int]) -> int:
    return (mine > theirs) - (mine < theirs)


@dataclass(frozen=True)
class DealScore:
    """The declarations of one deal, elder and dealer, in counting order (docs/rules.md)."""

    classes: tuple[tuple[str, int, int], ...]  # (class, elder's points, dealer's points)
    shown: tuple[tuple[str, str], ...]  # (class, what its winner showed, in words)
    elder_repique: bool
    dealer_repique: bool
    elder_pique: bool
    run: PiqueRun

    def total(self, elder: bool) -> int:
        """Declarations plus the repique and pique bonuses (not the play)."""
        return sum(e if elder else d for _, e, d in self.classes)

    def winner(self, name: str) -> str | None:
        for cls, e, d in self.classes:
            if cls == name:
                return "elder" if e > d else "dealer" if d > e else None
        raise KeyError(name)


def score_deal(elder: Sequence[Card], dealer: Sequence[Card], rules: RuleSet,
               elder_blanche: bool | None = None, dealer_blanche: bool | None = None,
               decls: tuple[Declaration, Declaration] | None = None) -> DealScore:
    """Score the declarations of elder's and the dealer's final hands.

    Carte blanche is a property of the dealt hand; when it is not given, the final hand stands for it
    (as in the analysis model, where the dealer's holding is both). ``decls``: what each declared, when
    not his whole hand's (a player who sank: seat/announced.py); each class is then compared between them.
    """
    rules.require_two_handed("scoring a deal of two hands")
    if elder_blanche is None:
        elder_blanche = is_carte_blanche(elder, rules)
    if dealer_blanche is None:
        dealer_blanche = is_carte_blanche(dealer, rules)
    e, d = decls or (Declaration.of(elder, rules), Declaration.of(dealer, rules))
    classes = [("carte_blanche", rules.blanche_points * elder_blanche, rules.blanche_points * dealer_blanche)]
    shown = [("carte_blanche", " and ".join(w for w, b in (("elder", elder_blanche), ("dealer", dealer_blanche)) if b))]
    for name, ek, dk, es, ds, ew, dw in (
        ("point", e.point.key, d.point.key, e.point.score, d.point.score, e.point.words, d.point.words),
        ("sequence", e.sequence_key, d.sequence_key, e.sequence_score, d.sequence_score,
         ", ".join(r.words for r in e.runs), ", ".join(r.words for r in d.runs)),
        ("sets", e.set_key, d.set_key, e.set_score, d.set_score,
         ", ".join(x.words for x in e.sets), ", ".join(x.words for x in d.sets)),
    ):
        c = compare(ek, dk)
        classes.append((name, es if c > 0 else 0, ds if c < 0 else 0))
        shown.append((name, ew if c > 0 else dw if c < 0 else ""))

    if rules.carte_rouge_points:  # a class won with 0 points has not scored (nor has any of its combinations)
        won_e = {name for name, pe, pd in classes[1:] if pe > 0}
        won_d = {name for name, pe, pd in classes[1:] if pd > 0}
        rouge_e, rouge_d = is_carte_rouge(elder, won_e, rules, e), is_carte_rouge(dealer, won_d, rules, d)
        classes.append(("carte_rouge", rules.carte_rouge_points * rouge_e, rules.carte_rouge_points * rouge_d))
        shown.append(("carte_rouge", " and ".join(w for w, b in (("elder", rouge_e), ("dealer", rouge_d)) if b)))

    running_e = list(itertools.accumulate(pe for _, pe, _ in classes))
    running_d = list(itertools.accumulate(pd for _, _, pd in classes))
    elder_repique = repique_reached(running_e, running_d, rules.repique_threshold)
    dealer_repique = repique_reached(running_d, running_e, rules.repique_threshold)
    run = pique_run(elder, dealer, rules)
    elder_pique = pique_live(running_e[-1], running_d[-1], rules, run.points)
    classes.append(("repique", rules.repique_bonus * elder_repique, rules.repique_bonus * dealer_repique))
    classes.append(("pique", rules.pique_bonus * elder_pique, 0))
    return DealScore(tuple(classes), tuple(shown), elder_repique, dealer_repique, elder_pique, run)
