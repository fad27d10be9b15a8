"""The seat view's start: what one player knows of the exchange, his own carte blanche, and every hand the
opponent can hold, counted before it is built (``play --seat``; docs/rules.md, "What each player knows").

``game.knowledge`` reads what a player heard into a ``Knowledge`` and says whether one hand fits it
(``matches``); ``game.hands`` finds every hand that fits, for ``declare --dialogue``; this module is the fast
road to *every* hand that fits, for the play as a player sees it:

``check_exchange(seat, thrown, other_took, seen, rules)``
    The seat's discards, the number of cards the other took (None: not given) and the talon cards he saw
    (their counts) are ones the rules allow: elder exchanges ``rules.elder_discards``; the dealer, once
    elder took k, ``rules.dealer_discards(k)``; elder can have seen at most his share less what he took,
    the dealer at most what is left of the talon after both took. One ``RulesError`` line otherwise
    ("--discards: elder may exchange 1 to 5 cards under rubicon, not 6").

``own_blanche(hand, discards, rules, shown=False) -> bool``
    Carte blanche belongs to the *dealt* hand, which is the final hand less what was taken plus the
    discards: a court among the discards, none; no court in the hand nor the discards, one (it was shown:
    nobody sinks it); courts only in the final hand, only if the player says he showed it (``shown``, which is
    refused when the courts held outnumber the cards taken).

``count_hands(k) -> int``
    How many hands the unseen cards leave once the exchange is taken into account (the cards the other's
    scoring combinations name, the carte blanche he showed and how many of its cards he kept): a sum of
    products of binomials, exact, computed before any hand is built.

``seat_hands(k) -> np.ndarray``
    Every hand (int64 masks, sorted) of those that the announcements leave: the counted hands are built as
    masks, filtered at once by what each clause heard implies of the other's best point, sequence and set
    (numpy, per-suit tables), and the survivors checked exactly with ``game.knowledge.matches``. A clause no
    hand satisfies is named in one ``InconsistentError`` line. More than ``MAX_CANDIDATES`` counted hands
    are refused before any is built (with the exchange checked, no legal position reaches it: at most
    C(20, 12) = 125,970, a player who kept his whole hand).
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np

from ..cards import HAND_SIZE, Card, mask_of
from ..rules import RulesError, RuleSet, span
from .declarations import NO_KEY, SUIT_NAMES, Declaration
from .dialogue import EQUAL, GOOD, NOT_GOOD, Knowledge, run_words, set_words
from .hands import InconsistentError, _leftover_bounds, unseen_cards
from .heard import HeardError
from .knowledge import matches

MAX_CANDIDATES = 200_000


# --- the exchange as the seat knows it ------------------------------------------------------------------------


def check_exchange(seat: str, thrown: int, other_took: int | None, seen: int, rules: RuleSet) -> None:
    """RulesError (one line) unless the counts are ones the rules allow (module docstring)."""
    shape, name = rules.table, rules.name

    def left(k: int) -> int:  # the talon cards left after elder took k (refusing leaves the dealer his own 3)
        return shape.talon_shares[-1] if k == 0 else shape.talon - k

    if seat == "elder":
        legal = rules.elder_discards
        if thrown not in legal:
            raise RulesError(f"--discards: elder may exchange {span(legal)} cards under {name}, not {thrown}"
                             + (" (give the cards you discarded)" if thrown == 0 else ""))
        if other_took is not None and other_took not in rules.dealer_discards(thrown):
            raise RulesError(f"--other-took: the dealer may exchange {span(rules.dealer_discards(thrown))} cards "
                             f"under {name} after elder took {thrown}, not {other_took}")
        most, after = shape.talon_shares[0] - thrown, f"after taking {thrown}"
    else:
        if other_took is not None and other_took not in rules.elder_discards:
            raise RulesError(f"--other-took: elder may exchange {span(rules.elder_discards)} cards under {name}, "
                             f"not {other_took}")
        ks = [other_took] if other_took is not None else list(rules.elder_discards)
        legal = sorted({m for k in ks for m in rules.dealer_discards(k)})
        if thrown not in legal:
            raise RulesError(f"--discards: the dealer may exchange {span(legal)} cards under {name}"
                             + (f" after elder took {other_took}" if other_took is not None else "")
                             + f", not {thrown}")
        most = max(left(k) - thrown for k in ks if thrown in rules.dealer_discards(k))
        after = f"after taking {thrown}" + (f" and elder {other_took}" if other_took is not None else "")
    if seen > most:
        raise RulesError(f"--seen: {seat} can have seen at most {most} talon cards {after} under {name}, not {seen}")


def own_blanche(hand: tuple[Card, ...], discards: tuple[Card, ...], rules: RuleSet, shown: bool = False) -> bool:
    """The seat's own carte blanche, from his dealt hand (module docstring)."""
    courts = rules.blanche_ranks
    thrown = [c for c in discards if c.rank in courts]
    held = sum(1 for c in hand if c.rank in courts)
    if shown and thrown:
        raise HeardError(f"--carte-blanche: {thrown[0]} is among your discards, so your dealt hand had a court card")
    if shown and held > len(discards):
        raise HeardError(f"--carte-blanche: you hold {held} court cards but took only {len(discards)}, so your "
                         "dealt hand had one")
    return shown or (not thrown and not held)


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


def _parts(k: Knowledge) -> tuple[set[Card], list[Card], list[Card], list[int] | None]:
    """(the cards his scoring combinations name, the other unseen cards of his dealt hand shown, the rest,
    the counts of his dealt hand he can have kept)."""
    pool = unseen_cards(k)
    forced = set(k.said.scoring(k.opponent).cards)
    missing = sorted(forced - set(pool))
    if missing:
        raise InconsistentError(f"the {k.opponent} cannot hold {missing[0]}: you hold, discarded or saw it")
    dealt = set(k.opponent_dealt or ())
    free = [c for c in pool if c not in forced]
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


def _build(k: Knowledge) -> np.ndarray:
    forced, in_dealt, rest, kept = _parts(k)
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
        own = Declaration.of(k.hand, rules)
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


def seat_hands(k: Knowledge) -> np.ndarray:
    """Every hand the other can hold (module docstring), as sorted int64 masks."""
    masks = _build(k)
    n_unseen = len(unseen_cards(k))
    if len(masks) == 0:
        raise InconsistentError(_empty_words(k, n_unseen))
    keep = np.ones(len(masks), dtype=bool)
    for words, cond in _conditions(k, masks):
        if not cond.any():
            raise InconsistentError(f"no hand of the {n_unseen} cards you cannot see fits {words!r}"
                                    + _exchange_words(k))
        if not (keep & cond).any():
            raise InconsistentError(f"no hand of the {n_unseen} cards you cannot see fits {words!r} together with "
                                    "the clauses before it" + _exchange_words(k))
        keep &= cond
    own = Declaration.of(k.hand, k.rules)
    out = [int(m) for m in masks[keep] if matches(k, _cards(int(m)), own)]
    if not out:
        raise InconsistentError(f"no hand of the {n_unseen} cards you cannot see fits the combinations heard with "
                                f"their suits ({', '.join(w for w in _scored_words(k))})" + _exchange_words(k))
    return np.array(sorted(out), dtype=np.int64)


def _cards(mask: int) -> tuple[Card, ...]:
    return tuple(Card.from_index(i) for i in range(32) if mask >> i & 1)


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


def _exchange_words(k: Knowledge) -> str:
    bits = []
    if k.opponent_dealt is not None:
        bits.append("the carte blanche shown")
    if k.opponent_exchanged is not None:
        bits.append(f"the {k.opponent} taking {k.opponent_exchanged}")
    if k.seen:
        bits.append(f"the {len(k.seen)} talon cards seen")
    return f" (with {' and '.join(bits)})" if bits else ""


def _empty_words(k: Knowledge, n_unseen: int) -> str:
    if k.opponent_dealt is not None:
        return (f"no hand of the {n_unseen} cards you cannot see keeps as many cards of the carte blanche shown as "
                f"the {k.opponent} can have kept" + _exchange_words(k))
    return f"no hand of the {n_unseen} cards you cannot see fits the talon cards seen" + _exchange_words(k)


__all__ = ["MAX_CANDIDATES", "check_exchange", "count_hands", "heard_clauses", "own_blanche", "seat_hands"]
