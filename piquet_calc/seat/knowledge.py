"""What a player knows after the announcements: his ``Knowledge`` (seat/dialogue.py) built from what he typed
in the ``--heard`` notation (seat/heard.py), and whether a hand of the opponent fits it (``matches``).

docs/rules.md, "Announcing: what each player learns" and "What each player knows", states the model.

Public API:


``knowledge_from_heard(seat, hand, discards, heard, rules, *, seen=(), opponent_exchanged=None,
                       own_blanche=False, point_call="cards", own_said=None) -> Knowledge``
    The ``Knowledge`` of ``seat`` ("elder" or "dealer"; "younger" is the dealer) from his final hand, his
    discards, the talon cards he saw and did not take, and ``heard``, the text of what the other said
    (below). His own announcements are read off his hand. ``opponent_exchanged``: how many cards the
    other took (None: not known, no constraint from it). ``own_said``: his own declaration as he announced it
    when he sank (seat/announced.py); the other's answers are then read against it. Bad text is a
    ``HeardError`` naming the clause; announcements no hand of the unseen cards can make are found by
    ``consistent_hands``.

``matches(knowledge, hand) -> bool``
    The announcements replayed with ``hand`` as the opponent's are the ones heard (seat/hands.py,
    condition 3, for one hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards import HAND_SIZE, Card, Rank, Suit
from ..game.declarations import RANK_NAMES, Declaration, Point, Run, compare, is_carte_rouge
from ..rules import TWO_HANDED_SEATS, RuleSet
from .dialogue import (
    EQUAL,
    GOOD,
    NOT_GOOD,
    Announcements,
    Knowledge,
    PointCall,
    Scoring,
    ShownSet,
    announcements,
)
from .heard import HeardError, _Heard, parse_heard


def _opponent_heard(k: Knowledge, a: Announcements) -> tuple:
    """The part of the announcements that the opponent said (the rest follows from one's own hand)."""
    if k.seat == "elder":
        return (a.point_asked, a.point_answer, a.sequence_answer, a.sets_answer, a.dealer)
    return (a.elder_point, a.elder_sequence, a.elder_set, a.elder)


def matches(k: Knowledge, hand: Sequence[Card], own: Declaration | None = None) -> bool:
    """The announcements replayed with ``hand`` as the opponent's are the ones ``k`` heard (seat/hands.py's
    docstring, condition 3). ``own``: the seat's declaration, if already made."""
    rules = k.rules
    own = own or k.own_declaration
    theirs = Declaration.of(hand, rules)
    opp_point = k.said.scoring(k.opponent).point
    own_point = k.said.scoring(k.seat).point
    if k.seat == "elder":
        e, d, decls = k.hand, hand, (own, theirs)
        named = (own_point.suit if own_point else None, opp_point.suit if opp_point else None)
        blanche = (k.own_blanche, k.opponent_dealt is not None)
    else:
        e, d, decls = hand, k.hand, (theirs, own)
        named = (opp_point.suit if opp_point else None, own_point.suit if own_point else None)
        blanche = (k.opponent_dealt is not None, k.own_blanche)
    heard = _opponent_heard(k, k.said)
    if rules.carte_rouge_points:  # carte rouge needs the whole deal scored: only for a hand that fits the rest
        plain = replace(k.said, elder=replace(k.said.elder, carte_rouge=False),
                        dealer=replace(k.said.dealer, carte_rouge=False))
        replay = announcements(e, d, rules, k.point_call, named, decls, blanche, carte_rouge=False)
        if _opponent_heard(k, replay) != _opponent_heard(k, plain):
            return False
    replay = announcements(e, d, rules, k.point_call, named, decls, blanche)
    return _opponent_heard(k, replay) == heard


def _scoring_sets(decl: Declaration, hand: Sequence[Card]) -> tuple[ShownSet, ...]:
    return tuple(ShownSet(s.rank, tuple(sorted(c.suit for c in hand if c.rank == s.rank))) for s in decl.sets)


def _own_scoring(hand: Sequence[Card], decl: Declaration, rules: RuleSet, point: bool, seq: bool,
                 sets: bool) -> Scoring:
    """One's own scoring combinations once one knows which classes one won; carte rouge as score_deal has it
    (a class won with no points has not scored)."""
    won = {name for name, w, pts in (("point", point, decl.point.score), ("sequence", seq, decl.sequence_score),
                                     ("sets", sets, decl.set_score)) if w and pts > 0}
    rouge = bool(rules.carte_rouge_points) and is_carte_rouge(hand, won, rules, decl)
    return Scoring(decl.point if point else None, decl.runs if seq else (),
                   _scoring_sets(decl, hand) if sets else (), rouge)


def _opponent_scoring(h: _Heard, who: str,
                      rules: RuleSet) -> tuple[Point | None, tuple[Run, ...], tuple[ShownSet, ...]]:
    point = None
    if h.point is not None and h.point[2] is not None:
        length, pips, suit = h.point
        if pips is None:
            raise HeardError(f"--heard: the {who}'s point named with its suit needs its pips too "
                             "(point 5 49 in hearts)")
        point = Point(suit, length, pips)
    runs = tuple(sorted((Run(s, n, t) for n, t, s in h.runs if s is not None), key=lambda r: r.key, reverse=True))
    sets = []
    for size, rank, missing in h.sets:
        if size == 3 and missing is None:
            continue
        if rank < rules.set_min_rank:
            raise HeardError(f"--heard: {RANK_NAMES[rank]}s make no set under {rules.name}")
        sets.append(ShownSet(rank, tuple(s for s in Suit if s != missing)))
    return point, runs, tuple(sorted(sets, key=lambda s: (s.size, s.rank), reverse=True))


def knowledge_from_heard(seat: str, hand: Sequence[Card], discards: Sequence[Card], heard: str, rules: RuleSet, *,
                         seen: Sequence[Card] = (), opponent_exchanged: int | None = None, own_blanche: bool = False,
                         point_call: PointCall = "cards", own_said: Declaration | None = None) -> Knowledge:
    """What ``seat`` knows, from what he typed (module docstring)."""
    rules.require_two_handed("what a player heard")
    seat = "dealer" if seat == "younger" else seat
    if seat not in TWO_HANDED_SEATS:
        raise HeardError(f"no seat {seat!r}: elder or dealer (younger)")
    hand, discards, seen = tuple(hand), tuple(discards), tuple(seen)
    if len(hand) != HAND_SIZE:
        raise HeardError(f"the hand must have {HAND_SIZE} cards, got {len(hand)}")
    for what, cards in (("the discards", discards), ("the seen cards", seen)):
        both = sorted(set(cards) & set(hand))
        if both:
            raise HeardError(f"{both[0]} is in the hand and in {what}")
    if set(discards) & set(seen):
        raise HeardError(f"{sorted(set(discards) & set(seen))[0]} is in the discards and in the seen cards")
    h = parse_heard(heard)
    other = "dealer" if seat == "elder" else "elder"
    own = own_said or Declaration.of(hand, rules)
    p_point, p_runs, p_sets = _opponent_scoring(h, other, rules)
    if seat == "elder":
        said = _elder_heard(h, hand, own, rules, point_call, p_point, p_runs, p_sets)
    else:
        said = _dealer_heard(h, hand, own, rules, point_call, p_point, p_runs, p_sets)
    if h.blanche is not None:
        clash = sorted(set(h.blanche) & (set(hand) | set(discards) | (set(seen) if seat == "dealer" else set())))
        if clash:
            raise HeardError(f"--heard: the carte blanche shown has {clash[0]}, which you hold or saw")
        if any(c.rank in rules.blanche_ranks for c in h.blanche):
            raise HeardError(f"--heard: the hand shown is no carte blanche under {rules.name}")
    return Knowledge(seat, rules, hand, discards, seen, opponent_exchanged, h.blanche, own_blanche, said, point_call,
                     own_said)


_EXAMPLES = {"point": "point 5 49 in spades", "sequence": "quint to the king in spades", "sets": "fourteen tens"}


def _elder_heard(h: _Heard, hand: tuple[Card, ...], own: Declaration, rules: RuleSet, point_call: PointCall,
                 p_point: Point | None, p_runs: tuple[Run, ...], p_sets: tuple[ShownSet, ...]) -> Announcements:
    """Elder heard the dealer's answers and what the dealer announced."""
    if h.no or any(n is None for *_, n in h.runs) or (h.point is not None and p_point is None) or \
            any(size == 3 and m is None for size, _, m in h.sets):
        raise HeardError("--heard: as elder, write the dealer's answers (point good, ...) and each combination "
                         "he announced with its suit (point 5 49 in spades, quint to the king in spades, "
                         "three jacks without the club)")
    for cls, has in (("point", True), ("sequence", bool(own.runs)), ("sets", bool(own.sets))):
        if has and cls not in h.answers:
            raise HeardError(f"--heard: the dealer's answer to your {cls} is missing (say {cls} good, "
                             f"{'equal, ' if cls != 'sets' else ''}or not good)")
        if not has and cls in h.answers:
            raise HeardError(f"--heard: you have no {cls} to announce, so the dealer gave no answer to it")
    if h.answers.get("sets", ("",))[0] == EQUAL:
        raise HeardError("--heard: sets are never equal: sets good or not good")
    answer, asked = h.answers["point"]
    if asked and point_call != "cards":
        raise HeardError("--heard: 'how much' is for a point announced by its number of cards")
    if p_point is not None and point_call == "cards":  # his point named: whether he asked follows from it
        if asked and p_point.length != own.point.length:
            raise HeardError(f"--heard: 'point how much?': the dealer asks only with as many cards as you "
                             f"({own.point.length}), and his point has {p_point.length}")
        asked = p_point.length == own.point.length
    for cls, shown, has in (("point", p_point is not None, True), ("sequence", bool(p_runs), bool(own.runs)),
                            ("sets", bool(p_sets), bool(own.sets))):
        said_not_good = has and h.answers[cls][0] == NOT_GOOD
        if said_not_good and not shown:
            raise HeardError(f"--heard: {cls} not good: say what the dealer announced for it (e.g. "
                             f"{_EXAMPLES[cls]})")
        if shown and has and not said_not_good:
            raise HeardError(f"--heard: the dealer announced a {cls} that scored, but answered "
                             f"{h.answers[cls][0]} to yours")
    if p_point is not None and compare(p_point.key, own.point.key) <= 0:
        raise HeardError(f"--heard: the dealer's point {p_point.length} ({p_point.pips}) does not beat yours "
                         f"({own.point.length}, {own.point.pips})")
    if p_runs and own.runs and compare(p_runs[0].key, own.runs[0].key) <= 0:
        raise HeardError("--heard: the dealer's sequences do not beat yours")
    if p_sets and own.sets and compare((p_sets[0].size, int(p_sets[0].rank)), own.set_key) <= 0:
        raise HeardError("--heard: the dealer's sets do not beat yours")
    asked = bool(asked) or (answer == EQUAL and point_call == "cards")  # an equal point has as many cards: asked
    pips_said = asked or point_call == "pips"
    seq_answer = h.answers.get("sequence", (None,))[0]
    sets_answer = h.answers.get("sets", (None,))[0]
    mine = _own_scoring(hand, own, rules, answer == GOOD, seq_answer == GOOD, sets_answer == GOOD)
    return Announcements((own.point.length, own.point.pips if pips_said else None), asked, answer,
                         (own.runs[0].length, own.runs[0].top) if own.runs else None, seq_answer,
                         (own.sets[0].size, own.sets[0].rank) if own.sets else None, sets_answer,
                         mine, Scoring(p_point, p_runs, p_sets, h.rouge))


def _dealer_heard(h: _Heard, hand: tuple[Card, ...], own: Declaration, rules: RuleSet, point_call: PointCall,
                  p_point: Point | None, p_runs: tuple[Run, ...], p_sets: tuple[ShownSet, ...]) -> Announcements:
    """The dealer heard elder's announcements; his own answers follow from his hand."""
    if h.point is None:
        raise HeardError("--heard: elder's point is missing (e.g. point five, or point 5 49 when you asked)")
    length, pips, suit = h.point
    asked = point_call == "cards" and length == own.point.length
    if point_call == "pips" and pips is None:
        raise HeardError("--heard: elder names his point's value under this call (point 41)")
    if asked and pips is None:
        raise HeardError(f"--heard: you hold {length} cards too, so you asked the value: give elder's pips "
                         f"(point {length} 49)")
    if point_call == "pips" and pips is not None and length != _length_of_pips(pips):
        raise HeardError(f"--heard: {pips} pips are not {length} cards")
    elder_key = (length, pips if pips is not None else 0)
    point_c = compare(elder_key, own.point.key) if pips is not None else compare((length,), (own.point.length,))
    if point_c > 0 and (suit is None or pips is None):
        raise HeardError(f"--heard: elder's point beats yours, so he named its pips and suit (point {length} "
                         f"{pips or 49} in hearts)")
    if point_c <= 0 and suit is not None:
        raise HeardError("--heard: elder names his point's suit only when it is good")
    if point_c == 0 and point_call == "cards" and not asked:
        raise HeardError("--heard: equal points need as many cards")
    if not asked and point_call == "cards" and pips is not None and suit is None:
        raise HeardError("--heard: elder names his pips only when you ask (as many cards) or when his point is good")
    elder_point = (length, pips if asked or point_call == "pips" else None)
    runs = sorted(h.runs, key=lambda r: (r[0], r[1]), reverse=True)
    sets = sorted(h.sets, key=lambda s: (s[0], s[1]), reverse=True)
    best_run = (runs[0][0], runs[0][1]) if runs else None
    best_set = (sets[0][0], sets[0][1]) if sets else None
    for cls, items, best, key in (("sequence", runs, best_run, own.sequence_key), ("sets", sets, best_set,
                                                                                     own.set_key)):
        if cls in h.no and items:
            raise HeardError(f"--heard: no {cls}, and one named")
        if best is None:
            continue
        good = compare((best[0], int(best[1])), key) > 0
        named = [s for *_, s in items if s is not None]
        if good and len(named) != len(items) and cls == "sequence":
            raise HeardError("--heard: elder's sequence beats yours, so he named the suit of each he counts "
                             "(quint to the king in hearts)")
        if good and cls == "sets" and any(n == 3 and s is None for n, _, s in items):
            raise HeardError("--heard: elder's sets beat yours, so he named the suit each trio lacks "
                             "(three kings without the spade)")
        if not good and (named or len(items) > 1):
            raise HeardError(f"--heard: elder's {cls} is not good against yours: he named only his best, "
                             "without suits")
    if best_set is not None and best_set[1] < rules.set_min_rank:
        raise HeardError(f"--heard: {RANK_NAMES[best_set[1]]}s make no set under {rules.name}")
    seq_c = compare((best_run[0], int(best_run[1])) if best_run else (0, -1), own.sequence_key)
    set_c = compare((best_set[0], int(best_set[1])) if best_set else (0, -1), own.set_key)
    answers = {"point": (GOOD, EQUAL, NOT_GOOD)[1 - point_c],
               "sequence": (GOOD, EQUAL, NOT_GOOD)[1 - seq_c] if best_run else None,
               "sets": (GOOD, EQUAL, NOT_GOOD)[1 - set_c] if best_set else None}
    for cls, (given, _) in h.answers.items():
        if given != answers[cls]:
            raise HeardError(f"--heard: {cls} {given}: with your hand the answer is "
                             f"{answers[cls] or 'none (elder announced no ' + cls + ')'}")
    mine = _own_scoring(hand, own, rules, point_c < 0, seq_c < 0, set_c < 0)
    p_sets = p_sets if set_c > 0 else ()  # a quatorze named without suits is only elder's best when not good
    return Announcements(elder_point, asked, answers["point"], best_run, answers["sequence"], best_set,
                         answers["sets"], Scoring(p_point, p_runs, p_sets, h.rouge), mine)


def _length_of_pips(pips: int) -> int:
    """The number of cards a point of ``pips`` has: n + 1 cards of a suit always outweigh n (docs/rules.md)."""
    for n in range(3, 9):
        if pips <= sum(sorted((r.pips for r in Rank), reverse=True)[:n]):
            return n
    return 8


__all__ = ["knowledge_from_heard", "matches"]
