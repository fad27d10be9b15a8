"""Every hand the opponent can hold, given what one seat knows after the announcements (and the play so far):
the one finder, for ``declare --dialogue`` and for the play as a player sees it (``play --seat``).

docs/rules.md, "Announcing: what each player learns" and "What each player knows", states the model. Each
consistent hand is weighted equally; the enumeration is exact (every 12-card hand of the unseen cards is
counted, none sampled).

Public API:

``hand_masks(knowledge, played=()) -> np.ndarray`` and ``consistent_hands(knowledge, played=())``
    Every final hand the opponent can hold (the opponent's cards already played included): as sorted int64
    masks, or as a sorted list of sorted card tuples. A hand is consistent when (1) its cards are unseen by
    ``knowledge.seat`` (not in his hand or discards; not talon cards the dealer saw); (2) the talon allows
    it: elder's seen leftovers hold as many of the dealer's cards as the dealer took of them (module
    ``Knowledge``); a carte blanche shown means the other kept ``12 - exchanged`` cards of that dealt hand
    (any count the rules allow when ``exchanged`` is not known); (3) the announcements made with it are the
    ones heard (``seat.knowledge.matches``: ``seat.dialogue.announcements`` replayed with this hand); (4) the
    play agrees: ``played`` is the tricks so far, each ``(leader's card, follower's card)``, elder leading
    the first, the winner of each the next; the opponent's played cards are in the hand, and a player who
    did not follow suit held no other card of the suit led. How: the cards he must hold (those his scoring
    combinations name, those he played) set aside, the hands of (1), (2) and (4) are built as masks (numpy),
    filtered at once by what each clause heard implies of his best point, sequence and set (per-suit
    tables), and the survivors checked exactly with ``matches``. Raises ``InconsistentError`` when no hand is
    left, naming the clause no hand satisfies; more than ``MAX_CANDIDATES`` hands before the announcements
    are refused before any is built (with the exchange checked, no legal position reaches it: at most
    C(20, 12) = 125,970, a player who kept his whole hand).

``count_hands(knowledge) -> int``
    How many hands (1) and (2) leave with the cards his scoring combinations name: a sum of products of
    binomials, exact, computed before any hand is built.

``unseen_cards(knowledge) -> tuple[Card, ...]``: the cards the opponent's hand is drawn from;
``heard_clauses(knowledge)``: each clause heard in the --heard notation, for the messages.
``InconsistentError`` is a subclass of ``CardError``: the command line prints it as one line, exit status 2.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import comb

import numpy as np

from ..cards import DECK, HAND_SIZE, Card, CardError, Suit, cards_of, mask_of
from ..game.declarations import NO_KEY, SUIT_NAMES
from ..game.play import follower_wins
from ..rules import RuleSet
from .dialogue import EQUAL, GOOD, NOT_GOOD, Knowledge, run_words, set_words
from .knowledge import matches

MAX_CANDIDATES = 200_000


class InconsistentError(CardError):
    """What was heard (or played) fits no hand of the unseen cards; one line for the user."""


def unseen_cards(k: Knowledge) -> tuple[Card, ...]:
    """The cards the opponent's hand is drawn from: all but the seat's hand and discards (and, for the
    dealer, the talon cards he saw: nobody takes after him)."""
    out = set(k.hand) | set(k.discards) | (set(k.seen) if k.seat == "dealer" else set())
    return tuple(c for c in DECK if c not in out)


def _leftover_bounds(k: Knowledge) -> tuple[int, int]:
    """How many of elder's ``seen`` leftovers the dealer can hold (docs/rules.md, The deal and the exchange:
    the dealer takes elder's leftovers first; refusing the talon, elder leaves him only his own share)."""
    seen = len(k.seen)
    if k.seat != "elder" or not seen:
        return 0, seen
    took = len(k.discards)
    left = max(k.rules.table.talon_shares[0] - took, seen)
    if k.opponent_exchanged is None:
        return 0, seen
    taken = 0 if took == 0 else min(k.opponent_exchanged, left)
    return max(0, taken - (left - seen)), min(seen, taken)


def _tricks(k: Knowledge, played: Sequence[tuple[Card, Card]]) -> tuple[set[Card], list[tuple[Suit, set[Card]]]]:
    """The opponent's played cards, and each suit he showed out of with the cards of it he had played then."""
    mine, theirs, voids = set(k.hand), set(), []
    leader = "elder"
    for n, (lead, reply) in enumerate(played, 1):
        cards = {"elder": lead, "dealer": reply} if leader == "elder" else {"dealer": lead, "elder": reply}
        own, other = cards[k.seat], cards[k.opponent]
        if own not in mine:
            raise InconsistentError(f"trick {n}: {own} is not in {k.seat}'s hand (or was played already)")
        if other in set(k.hand) | set(k.discards) or other in theirs:
            raise InconsistentError(f"trick {n}: {other} cannot be the {k.opponent}'s: "
                                    f"{'it was played already' if other in theirs else 'you hold or discarded it'}")
        mine.discard(own)
        follower = "dealer" if leader == "elder" else "elder"
        if cards[follower].suit != lead.suit:
            if follower == k.seat and any(c.suit == lead.suit for c in mine):
                raise InconsistentError(f"trick {n}: {k.seat} did not follow {SUIT_NAMES[lead.suit]} "
                                        "with one in his hand")
            if follower == k.opponent:
                voids.append((lead.suit, {c for c in theirs if c.suit == lead.suit}))
        theirs.add(other)
        leader = follower if follower_wins(lead, reply) else leader
    return theirs, voids


# --- the hands, counted then built -----------------------------------------------------------------------------


def _kept_counts(k: Knowledge) -> list[int] | None:
    """How many cards of his shown carte blanche the other can have kept (None: he showed none)."""
    if k.opponent_dealt is None:
        return None
    if k.opponent_exchanged is not None:
        took = [k.opponent_exchanged]
    elif k.seat == "dealer":
        took = list(k.rules.elder_discards)
    else:
        took = list(k.rules.dealer_discards(len(k.discards)))
    return sorted({HAND_SIZE - t for t in took})


def _parts(k: Knowledge, played: Sequence[tuple[Card, Card]] = (),
           ) -> tuple[set[Card], list[Card], list[Card], list[int] | None]:
    """(the cards he must hold: those his scoring combinations name and those he played; the other unseen
    cards of his dealt hand shown, the rest, both without the cards of a suit he showed out of; the counts
    of his dealt hand he can have kept)."""
    pool = unseen_cards(k)
    theirs_played, voids = _tricks(k, played)
    forced = set(k.said.scoring(k.opponent).cards) | theirs_played
    missing = sorted(forced - set(pool))
    if missing:
        saw = k.seat == "dealer" and missing[0] in set(k.seen)
        raise InconsistentError(f"the {k.opponent} cannot hold {missing[0]}: "
                                + ("you saw it in the talon" if saw else "you hold or discarded it"))
    excluded = {c for suit, had in voids for c in pool if c.suit == suit and c not in had}
    clash = sorted(forced & excluded)
    if clash:
        raise InconsistentError(f"the {k.opponent} showed out of {SUIT_NAMES[clash[0].suit]} but holds {clash[0]}")
    dealt = set(k.opponent_dealt or ())
    free = [c for c in pool if c not in forced and c not in excluded]
    return forced, [c for c in free if c in dealt], [c for c in free if c not in dealt], _kept_counts(k)


def _ways(k: Knowledge, forced: set[Card], in_dealt: list[Card], rest: list[Card],
          kept: list[int] | None) -> list[tuple[int, int]]:
    """(cards to choose of ``in_dealt``, of ``rest``) for each way the hand can be made."""
    need = HAND_SIZE - len(forced)
    if kept is None:
        return [(0, need)] if need >= 0 else []
    dealt = set(k.opponent_dealt or ())
    fd = sum(1 for c in forced if c in dealt)
    return [(n - fd, need - (n - fd)) for n in kept if 0 <= n - fd and 0 <= need - (n - fd)]


def count_hands(k: Knowledge) -> int:
    """The hands the exchange and the combinations' cards leave (module docstring): exact, nothing built."""
    forced, in_dealt, rest, kept = _parts(k)
    return sum(comb(len(in_dealt), a) * comb(len(rest), b) for a, b in _ways(k, forced, in_dealt, rest, kept))


def _combo_masks(cards: list[Card], n: int) -> np.ndarray:
    bits = np.array([1 << c.index for c in cards], dtype=np.int64)
    if n == 0:
        return np.zeros(1, dtype=np.int64)
    idx = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(len(cards)), n)), dtype=np.int64)
    return bits[idx.reshape(-1, n)].sum(axis=1)


def _build(k: Knowledge, played: Sequence[tuple[Card, Card]]) -> np.ndarray:
    forced, in_dealt, rest, kept = _parts(k, played)
    ways = _ways(k, forced, in_dealt, rest, kept)
    total = sum(comb(len(in_dealt), a) * comb(len(rest), b) for a, b in ways)
    if total > MAX_CANDIDATES:
        raise InconsistentError(f"{total:,} hands of the {len(unseen_cards(k))} cards you cannot see are left "
                                f"before the announcements, more than the {MAX_CANDIDATES:,} this tool sorts")
    base = np.int64(mask_of(forced))
    parts = [(_combo_masks(in_dealt, a)[:, None] | _combo_masks(rest, b)[None, :]).ravel()
             for a, b in ways if comb(len(in_dealt), a) and comb(len(rest), b)]
    masks = np.concatenate(parts) | base if parts else np.zeros(0, dtype=np.int64)
    if k.seen and k.seat == "elder":  # how many of his seen leftovers the dealer can hold
        lo, hi = _leftover_bounds(k)
        n = _popcount(masks & np.int64(mask_of(k.seen)))
        masks = masks[(n >= lo) & (n <= hi)]
    return masks


def _popcount(masks: np.ndarray) -> np.ndarray:
    return np.unpackbits(masks.astype(np.uint64).view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1).astype(np.int64)


# Per 8-bit suit (bit r: rank r, the seven 0): its point code (cards * 100 + pips) and best run code
# (length * 8 + top card, -1 for none): codes ordered as game.declarations' keys.
_PIPS = (7, 8, 9, 10, 10, 10, 10, 11)


def _suit_codes(b: int) -> tuple[int, int]:
    point = bin(b).count("1") * 100 + sum(_PIPS[r] for r in range(8) if b >> r & 1)
    run, length = -1, 0
    for r in range(8):
        length = length + 1 if b >> r & 1 else 0
        if length >= 3:
            run = max(run, length * 8 + r)
    return point, run


_POINT_CODE = np.array([_suit_codes(b)[0] for b in range(256)], dtype=np.int64)
_RUN_CODE = np.array([_suit_codes(b)[1] for b in range(256)], dtype=np.int64)


def _code(key: tuple[int, int], point: bool = False) -> int:
    if tuple(key) == NO_KEY:
        return -1
    return key[0] * 100 + key[1] if point else key[0] * 8 + int(key[1])


def _signatures(masks: np.ndarray, rules: RuleSet) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(point code, best run code, best set code, suit bytes [hand, suit]) of each mask."""
    suits = np.stack([(masks >> (8 * s)) & 255 for s in range(4)], axis=1)
    point = _POINT_CODE[suits].max(axis=1)
    run = _RUN_CODE[suits].max(axis=1)
    best_set = np.full(len(masks), -1, dtype=np.int64)
    for r in range(int(rules.set_min_rank), 8):
        n = ((suits >> r) & 1).sum(axis=1)
        best_set = np.where(n >= 3, np.maximum(best_set, n * 8 + r), best_set)
    return point, run, best_set, suits


def _conditions(k: Knowledge, masks: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """What each clause heard says of the other's best point, sequence and set, as (the clause, the masks
    that satisfy it): each necessary for ``matches``."""
    a, rules = k.said, k.rules
    point, run, best_set, suits = _signatures(masks, rules)
    words = heard_clauses(k)
    out: list[tuple[str, np.ndarray]] = []
    theirs = a.scoring(k.opponent)
    if k.seat == "dealer":  # elder's best in every class is revealed
        length, pips = a.elder_point
        out.append((words["point"], point // 100 == length if pips is None else point == length * 100 + pips))
        out.append((words["sequence"], run == (-1 if a.elder_sequence is None else _code(a.elder_sequence))))
        out.append((words["sets"], best_set == (-1 if a.elder_set is None else _code(a.elder_set))))
    else:  # the dealer's answers compare his best with elder's
        own = k.own_declaration
        for cls, mine, his, answer in (("point", _code(own.point.key, True), point, a.point_answer),
                                       ("sequence", _code(own.sequence_key), run, a.sequence_answer),
                                       ("sets", _code(own.set_key), best_set, a.sets_answer)):
            if answer is None:  # elder had none: the dealer's, if any, scored and was announced
                cond = his > mine if (theirs.runs if cls == "sequence" else theirs.sets) else his == -1
            else:
                cond = {GOOD: his < mine, EQUAL: his == mine, NOT_GOOD: his > mine}[answer]
            if cls == "point" and k.point_call == "cards":
                cond = cond & ((his // 100 == own.point.length) == a.point_asked)
            out.append((words[cls], cond))
    if theirs.point is not None:
        p = theirs.point
        byte = suits[:, int(p.suit)]
        out.append((words["scored point"], (point == p.length * 100 + p.pips) & (_POINT_CODE[byte] == point)))
    if theirs.runs:
        out.append((words["scored sequence"], run == _code(theirs.runs[0].key)))
    if theirs.sets:
        out.append((words["scored sets"], best_set == theirs.sets[0].size * 8 + int(theirs.sets[0].rank)))
    return out


def hand_masks(k: Knowledge, played: Sequence[tuple[Card, Card]] = ()) -> np.ndarray:
    """Every hand the other can hold (module docstring), as sorted int64 masks."""
    masks = _build(k, played)
    n_unseen = len(unseen_cards(k))
    if len(masks) == 0:
        raise InconsistentError(_empty_words(k, n_unseen, played))
    keep = np.ones(len(masks), dtype=bool)
    for words, cond in _conditions(k, masks):
        if not cond.any():
            raise InconsistentError(f"no hand of the {n_unseen} cards you cannot see fits {words!r}"
                                    + _exchange_words(k, played))
        if not (keep & cond).any():
            raise InconsistentError(f"no hand of the {n_unseen} cards you cannot see fits {words!r} together with "
                                    "the clauses before it" + _exchange_words(k, played))
        keep &= cond
    own = k.own_declaration
    out = [int(m) for m in masks[keep] if matches(k, cards_of(int(m)), own)]
    if not out:
        raise InconsistentError(f"no hand of the {n_unseen} cards you cannot see fits the combinations heard with "
                                f"their suits ({', '.join(w for w in _scored_words(k))})" + _exchange_words(k, played))
    return np.array(sorted(out), dtype=np.int64)


def consistent_hands(k: Knowledge, played: Sequence[tuple[Card, Card]] = ()) -> list[tuple[Card, ...]]:
    """Every hand the opponent can hold (module docstring), each once, its cards sorted, the list sorted:
    ``hand_masks``'s hands as cards."""
    return sorted(tuple(sorted(cards_of(int(m)))) for m in hand_masks(k, played))


def heard_clauses(k: Knowledge) -> dict[str, str]:
    """The clause of each class heard, in the --heard notation, for the messages: "point", "sequence", "sets"
    (elder's best, or the dealer's answer) and "scored point", "scored sequence", "scored sets" (the other's
    scoring combinations, the best of each class)."""
    a, out = k.said, {}
    if k.seat == "dealer":
        length, pips = a.elder_point
        out["point"] = f"point {length}" + (f" {pips}" if pips is not None else "") + \
            (f" in {SUIT_NAMES[a.elder.point.suit]}" if a.elder.point is not None else "")
        out["sequence"] = run_words(*a.elder_sequence)[2:] if a.elder_sequence else "no sequence"
        out["sets"] = set_words(*a.elder_set) if a.elder_set else "no sets"
    else:
        out["point"] = "point " + ("how much? " if a.point_asked else "") + a.point_answer
        for cls, answer, shown in (("sequence", a.sequence_answer, a.dealer.runs),
                                   ("sets", a.sets_answer, a.dealer.sets)):
            out[cls] = f"{cls} {answer}" if answer else f"the dealer announced {'a ' if shown else 'no '}{cls}"
    theirs = a.scoring(k.opponent)
    if theirs.point is not None:
        p = theirs.point
        out["scored point"] = f"point {p.length} {p.pips} in {SUIT_NAMES[p.suit]}"
    if theirs.runs:
        r = theirs.runs[0]
        out["scored sequence"] = run_words(r.length, r.top, r.suit)[2:]
    if theirs.sets:
        x = theirs.sets[0]
        out["scored sets"] = set_words(x.size, x.rank, x.missing)
    return out


def _scored_words(k: Knowledge) -> list[str]:
    words = heard_clauses(k)
    return [words[w] for w in ("scored point", "scored sequence", "scored sets") if w in words] or ["none"]


def _exchange_words(k: Knowledge, played: Sequence[tuple[Card, Card]] = ()) -> str:
    bits = []
    if k.opponent_dealt is not None:
        bits.append("the carte blanche shown")
    if k.opponent_exchanged is not None:
        bits.append(f"the {k.opponent} taking {k.opponent_exchanged}")
    if k.seen:
        bits.append(f"the {len(k.seen)} talon cards seen")
    if played:
        bits.append(f"the {len(played)} trick{'s' * (len(played) != 1)} played")
    return f" (with {' and '.join(bits)})" if bits else ""


def _empty_words(k: Knowledge, n_unseen: int, played: Sequence[tuple[Card, Card]]) -> str:
    if played:
        return f"no hand of the {n_unseen} cards you cannot see fits the cards played" + _exchange_words(k, played)
    if k.opponent_dealt is not None:
        return (f"no hand of the {n_unseen} cards you cannot see keeps as many cards of the carte blanche shown as "
                f"the {k.opponent} can have kept" + _exchange_words(k, played))
    return f"no hand of the {n_unseen} cards you cannot see fits the talon cards seen" + _exchange_words(k)


__all__ = ["MAX_CANDIDATES", "InconsistentError", "consistent_hands", "count_hands", "hand_masks", "heard_clauses",
           "unseen_cards"]
