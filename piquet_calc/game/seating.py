"""Three and four players: one deal's declarations scored at the table, plain Python, the readable reference.

docs/rules.md, "Three and four players". Piquet Normand: three seats, each scoring for himself. Piquet
for four: two partnerships (elder and third against second and dealer), each side scoring for both
partners. The conventions the analyses and their checks rely on:

* carte blanche is not compared: each holder scores it for his party, counted first;
* the best combination of a class at the table wins it; its party scores the class: the point is the
  one best point (its length); sequences and sets are every one its party's seats hold; a tie for the
  best (between two parties) scores nobody, and a lower third gets nothing;
* repique is tested after each class in counting order: a party at the threshold, all others at
  nothing; four: both partners holding carte blanche is a repique whatever the other side holds;
* pique: the party of elder, who leads, reaching the threshold with his pique run (``seating_pique_run``),
  all others at nothing and no repique of his own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardError, Suit
from ..rules import RulesError, RuleSet
from .declarations import NO_KEY, Declaration, cashable_against, is_carte_blanche, suit_cards

CLASSES = ("carte_blanche", "point", "sequence", "sets")


def parties_of(rules: RuleSet) -> tuple[tuple[int, ...], ...]:
    """The scoring parties as tuples of seat numbers: each seat alone, or the two partnerships."""
    return rules.game.sides


def party_names(rules: RuleSet) -> tuple[str, ...]:
    """"elder", "middle", "dealer"; or "elder+third" and "second+dealer"."""
    seats = rules.table.seats
    return tuple("+".join(seats[s] for s in party) for party in parties_of(rules))


def point_key(d: Declaration, rules: RuleSet) -> tuple[int, int]:
    """A hand's point key; no point at all when its best suit has fewer pips than the rules ask (four: 30)."""
    return d.point.key if d.point.pips >= rules.table_rules.point_min_pips else NO_KEY


def check_seating_hands(hands: Sequence[Sequence[Card]], rules: RuleSet) -> None:
    """CardError unless there is one hand of the right size per seat and no card twice."""
    shape = rules.game
    if shape.two_handed:
        raise RulesError(f"{rules.name} is a game for two: score two hands, elder's and the dealer's")
    if len(hands) != shape.players:
        raise CardError(f"{rules.name} has {shape.players} seats ({', '.join(shape.seats)}): "
                        f"give {shape.players} hands, not {len(hands)}")
    seen: dict[Card, str] = {}
    for seat, hand in zip(shape.seats, hands, strict=True):
        if len(hand) != shape.hand_size or len(set(hand)) != len(hand):
            raise CardError(f"{seat}'s hand must have exactly {shape.hand_size} different cards under "
                            f"{rules.name}, got {len(set(hand))}")
        for c in hand:
            if c in seen:
                raise CardError(f"{c} is in both {seen[c]}'s and {seat}'s hands")
            seen[c] = seat


def cashable_against_all(elder: Sequence[Card], others: Sequence[Sequence[Card]]) -> list[Card]:
    """Elder's cashable winners in one suit against several opponents (docs/rules.md, Pique at the table):
    the two-hand rule against the opponents' highest card of the suit and their longest holding of it.
    Each opponent must follow while he can, so once elder has led as many winners as the longest
    holding, every opponent is out of the suit."""
    top = max((c.rank for cs in others for c in cs), default=None)
    return cashable_against(elder, top, max((len(cs) for cs in others), default=0))


def overtaken_at(cashed: Sequence[Card], partner: Sequence[Card]) -> int:
    """Four: the trick (1, 2, ...) of elder's cashed cards of a suit, led from the highest down, that his
    partner must win, following with his lowest card of the suit; 0 if none. A partner whose lowest
    card left is above elder's card has only higher ones."""
    left = sorted(c.rank for c in partner)
    for j, card in enumerate(sorted(cashed, key=lambda c: -c.rank), start=1):
        if not left:
            return 0
        if left[0] > card.rank:
            return j
        left.pop(0)
    return 0


@dataclass(frozen=True)
class SeatingRun:
    """The leading party's run in the play before another party can score: the cards elder cashes,
    whether it ends on a trick his partner must take from him (four: 1, else 0) and the points."""

    cashed: tuple[Card, ...]
    overtaken: int
    points: int


def seating_pique_run(hands: Sequence[Sequence[Card]], rules: RuleSet) -> SeatingRun:
    """A lower bound on what elder's party scores in the play before another party scores.

    Normand: elder cashes, suit by suit, his winners against middle and dealer (``cashable_against_all``).
    Four: against second and dealer; in a suit where his partner (third) must win one of elder's
    cashed cards (``overtaken_at``), elder leads only the cards before that one; after every suit, one
    such trick if there is one: the side wins it, but the lead has passed and the run ends. Points: a lead point for
    each trick led, ``win_own_lead`` for each elder wins himself (a partner winning his partner's lead adds
    nothing, 002), then the lead of the next trick if tricks are left, else the last trick's points.
    """
    elder = list(hands[0])
    partner = list(hands[2]) if rules.game.partnerships else []
    opponents = [list(hands[s]) for s in range(1, rules.game.players) if rules.game.side_of(s) != 0]
    cashed: list[Card] = []
    taken: list[Card] = []  # the first of elder's cards his partner must take, in each suit that has one
    for suit in Suit:
        ordered = sorted(cashable_against_all(suit_cards(elder, suit), [suit_cards(o, suit) for o in opponents]),
                         key=lambda c: -c.rank)
        j = overtaken_at(ordered, suit_cards(partner, suit))
        cashed += ordered if j == 0 else ordered[:j - 1]
        taken += ordered[j - 1:j] if j else []
    overtaken = 1 if taken else 0
    cashed += taken[:overtaken]  # one such trick, the last of the run
    play = rules.play
    w = len(cashed)
    points = w * play.lead + (w - overtaken) * play.win_own_lead
    points += play.lead if w < rules.table.hand_size else play.last_trick
    return SeatingRun(tuple(cashed), overtaken, points)


@dataclass(frozen=True)
class SeatingScore:
    """One deal's declarations at a table of three or four, by party, in counting order."""

    rules: RuleSet
    parties: tuple[str, ...]
    classes: tuple[tuple[str, tuple[int, ...]], ...]  # (class, points of each party)
    shown: tuple[tuple[str, str], ...]  # (class, what scored, in words)
    repique: tuple[bool, ...]
    pique: tuple[bool, ...]
    run: SeatingRun

    def points(self, name: str) -> tuple[int, ...]:
        return dict(self.classes)[name]

    def total(self, party: int) -> int:
        """Declarations plus the repique and pique bonuses (not the play)."""
        return sum(pts[party] for _, pts in self.classes)

    def winner(self, name: str) -> int | None:
        """The party that scored a class, or None."""
        pts = self.points(name)
        return next((p for p, x in enumerate(pts) if x and all(y == 0 for q, y in enumerate(pts) if q != p)), None)


def score_seating(hands: Sequence[Sequence[Card]], rules: RuleSet,
                blanche: Sequence[bool] | None = None) -> SeatingScore:
    """Score the declarations of every seat's final hand, in seat order (elder first, the dealer last).

    ``blanche``: each seat's carte blanche on his dealt hand; when not given, the final hand stands
    for it (only the dealer of Normand can change his hand).
    """
    check_seating_hands(hands, rules)
    parties = parties_of(rules)
    party_of = {s: p for p, seats in enumerate(parties) for s in seats}
    n_parties = len(parties)
    if blanche is None:
        blanche = [is_carte_blanche(h, rules) for h in hands]
    decl = [Declaration.of(h, rules) for h in hands]

    cb = [0] * n_parties
    for s, b in enumerate(blanche):
        cb[party_of[s]] += rules.blanche_points * bool(b)
    classes: list[tuple[str, tuple[int, ...]]] = [("carte_blanche", tuple(cb))]
    seats = rules.table.seats
    shown = [("carte_blanche", " and ".join(seats[s] for s, b in enumerate(blanche) if b))]

    for name, key, score, words in (
        ("point", lambda d: point_key(d, rules), lambda d: d.point.score, lambda d: d.point.words),
        ("sequence", lambda d: d.sequence_key, lambda d: d.sequence_score,
         lambda d: ", ".join(r.words for r in d.runs)),
        ("sets", lambda d: d.set_key, lambda d: d.set_score, lambda d: ", ".join(x.words for x in d.sets)),
    ):
        keys = [key(d) for d in decl]
        best = max(keys)
        holders = {party_of[s] for s, k in enumerate(keys) if k == best}
        pts = [0] * n_parties
        said = ""
        if best != NO_KEY and len(holders) == 1:
            (p,) = holders
            if name == "point":  # the one best point, whichever partner holds it
                holder = next(s for s, k in enumerate(keys) if k == best)
                pts[p] = score(decl[holder])
                said = f"{seats[holder]}: {words(decl[holder])}"
            else:  # every combination of the class its party holds
                pts[p] = sum(score(decl[s]) for s in parties[p])
                said = "; ".join(f"{seats[s]}: {words(decl[s])}" for s in parties[p] if words(decl[s]))
        classes.append((name, tuple(pts)))
        shown.append((name, said))

    repique = [False] * n_parties
    if rules.game.partnerships and rules.table_rules.double_blanche_repique:
        for p, party in enumerate(parties):
            repique[p] |= all(blanche[s] for s in party)
    cum = [0] * n_parties
    for _, pts in classes:
        cum = [c + x for c, x in zip(cum, pts, strict=True)]
        for p in range(n_parties):
            others = sum(cum) - cum[p]
            repique[p] |= cum[p] >= rules.repique_threshold and others == 0
    run = seating_pique_run(hands, rules)
    lead = party_of[0]
    pique = [False] * n_parties
    pique[lead] = (not repique[lead] and sum(cum) == cum[lead]
                   and cum[lead] + run.points >= rules.pique_threshold)
    classes.append(("repique", tuple(rules.repique_bonus * r for r in repique)))
    classes.append(("pique", tuple(rules.pique_bonus * p for p in pique)))
    return SeatingScore(rules, party_names(rules), tuple(classes), tuple(shown), tuple(repique), tuple(pique), run)
