"""What a seat of three or four hears at the table (Piquet Normand, piquet for four): each class's winner and
what was shown, read from the ``--heard`` text, written back, and checked against a layout of every hand.

docs/rules.md, "The seat view for three and four", states the model: carte blanche is shown (the whole dealt
hand); in each class (point, sequences, sets) the best combination at the table is announced and its holders
known; the party that scores the class (game/seating.py: one seat, or a partnership) names every combination
of it in full with its suits (the point: each holder's, with its suit; sequences and sets: every one its
seats hold, a partner who names none holds none); on a tie between parties nobody scores, the best is known
and who holds it, no suit; of every other seat only that his best is lower. Nobody sinks (the two-handed
model's rule 5). ``score_seating`` remains the one place that scores: nothing is counted here.

Public API (plain Python):

``table_heard(hands, rules, blanche=None) -> TableHeard``
    What every seat hears when the final ``hands`` are declared (``blanche``: each seat's carte blanche shown,
    its dealt hand; None: read off the final hands).
``heard_fits(heard, hands, rules, blanche) -> bool``
    ``hands`` (every seat's final hand) would make exactly those announcements; ``blanche``: each seat's dealt
    hand when he showed carte blanche, else None (the caller settles the Normand dealer's, who exchanged).
``parse_table_heard(text, rules) -> TableHeard`` and ``table_heard_text(heard, rules) -> str``
    The notation (docs/rules.md): clauses separated by commas or semicolons, each may begin with the seat
    that speaks (the seat named last speaks on): ``second point 5 49 in spades; third quint to the king in
    hearts, tierce to the queen in clubs; elder fourteen aces, three kings without the spade``; a tie
    ``elder and middle equal point 5 49``; nobody ``no sequence``; ``dealer carte blanche 7S 8S ...``.
``check_own(heard, seat, hand, rules, own_blanche)``
    HeardError (one line) where the announcements contradict the seat's own hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, CardError, Rank, Suit, format_cards, parse_cards, sort_hand
from ..game.declarations import NO_KEY, RANK_NAMES, SUIT_NAMES, Declaration, is_carte_blanche, suit_cards
from ..game.seating import parties_of, point_key
from ..rules import RuleSet
from .heard import HeardError, _run_text, _set_text, parse_heard

CLASSES = ("point", "sequence", "sets")
Combo = tuple[int, int, int]  # point: (suit, length, pips); sequence: (suit, length, top); sets: (rank, size, suits)


@dataclass(frozen=True)
class ClassHeard:
    """One class as the table announced it: the best key (None: nobody holds one), the seats holding it, and
    (one party scored) every combination of the class each seat of that party named."""

    best: tuple[int, int] | None
    holders: frozenset[int]
    shown: tuple[tuple[int, frozenset[Combo]], ...] = ()  # (seat, its combinations), seats in order


@dataclass(frozen=True)
class TableHeard:
    """The announcements of one deal at a table of three or four."""

    classes: tuple[ClassHeard, ClassHeard, ClassHeard]  # point, sequence, sets
    blanche: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (seat, the dealt hand he showed)

    def shown_blanche(self, seat: int) -> tuple[Card, ...] | None:
        return dict(self.blanche).get(seat)


def _set_suits(hand: Sequence[Card], rank: Rank) -> int:
    return sum(1 << c.suit for c in hand if c.rank == rank)


def combos(cls: str, hand: Sequence[Card], d: Declaration) -> frozenset[Combo]:
    """Every combination of class ``cls`` a hand names when its party scores the class (the point: its best)."""
    if cls == "point":
        return frozenset({(int(d.point.suit), d.point.length, d.point.pips)})
    if cls == "sequence":
        return frozenset((int(r.suit), r.length, int(r.top)) for r in d.runs)
    return frozenset((int(s.rank), s.size, _set_suits(hand, s.rank)) for s in d.sets)


def class_key(cls: str, d: Declaration, rules: RuleSet) -> tuple[int, int]:
    return point_key(d, rules) if cls == "point" else d.sequence_key if cls == "sequence" else d.set_key


def table_heard(hands: Sequence[Sequence[Card]], rules: RuleSet,
                blanche: Sequence[tuple[Card, ...] | None] | None = None) -> TableHeard:
    """What the table announces from every seat's final hand (module docstring)."""
    decl = [Declaration.of(h, rules) for h in hands]
    party_of = {s: p for p, seats in enumerate(parties_of(rules)) for s in seats}
    out = []
    for cls in CLASSES:
        keys = [class_key(cls, d, rules) for d in decl]
        best = max(keys)
        if best == NO_KEY:
            out.append(ClassHeard(None, frozenset()))
            continue
        holders = frozenset(s for s, k in enumerate(keys) if k == best)
        parties = {party_of[s] for s in holders}
        shown: tuple[tuple[int, frozenset[Combo]], ...] = ()
        if len(parties) == 1:
            seats = sorted(holders) if cls == "point" else parties_of(rules)[parties.pop()]
            shown = tuple((s, combos(cls, hands[s], decl[s])) for s in seats)
        out.append(ClassHeard(best, holders, shown))
    if blanche is None:
        blanche = [tuple(h) if is_carte_blanche(h, rules) else None for h in hands]
    shown_cb = tuple((s, tuple(sort_hand(b))) for s, b in enumerate(blanche) if b is not None)
    return TableHeard((out[0], out[1], out[2]), shown_cb)


def _combo_fits(cls: str, hand: Sequence[Card], d: Declaration, told: frozenset[Combo]) -> bool:
    if cls != "point":
        return combos(cls, hand, d) == told
    (suit, length, pips), = told  # a holder with two equal best suits may name either
    cs = suit_cards(hand, Suit(suit))
    return len(cs) == length and sum(c.rank.pips for c in cs) == pips


def heard_fits(heard: TableHeard, hands: Sequence[Sequence[Card]], rules: RuleSet,
               decls: Sequence[Declaration] | None = None) -> bool:
    """Would ``hands`` (every seat's final hand) make the class announcements of ``heard``? (Carte blanche is
    the caller's: seat/layouts.py.)"""
    decl = decls or [Declaration.of(h, rules) for h in hands]
    for cls, ch in zip(CLASSES, heard.classes, strict=True):
        keys = [class_key(cls, d, rules) for d in decl]
        best = max(keys)
        if (None if best == NO_KEY else best) != ch.best:
            return False
        if ch.best is not None and frozenset(s for s, k in enumerate(keys) if k == best) != ch.holders:
            return False
        for s, told in ch.shown:
            if not _combo_fits(cls, hands[s], decl[s], told):
                return False
    return True


# --- the notation ---------------------------------------------------------------------------------------------

_CLASS_OF = {"point": "point", "sequence": "sequence", "sequences": "sequence", "sets": "sets", "set": "sets"}


def _speakers(raw: str, seats: tuple[str, ...]) -> tuple[list[int], str]:
    """The seats a clause begins with ("elder and middle ...", "second: ..."), and the rest of it."""
    names = "|".join(sorted(seats, key=len, reverse=True))
    m = re.match(rf"\s*((?:(?:{names})\b\s*(?:and\b|&)?\s*)+):?", raw, re.IGNORECASE)
    if not m:
        return [], raw
    said = [seats.index(w.lower()) for w in re.findall(rf"\b(?:{names})\b", m.group(1), re.IGNORECASE)]
    return said, raw[m.end():]


class _Clauses:
    """The clauses of a table --heard text sorted by class: shown combinations, ties, nobody, carte blanche."""

    def __init__(self) -> None:
        self.shown: dict[str, dict[int, set[Combo]]] = {c: {} for c in CLASSES}
        self.tied: dict[str, tuple[list[int], tuple[int, int]]] = {}
        self.nobody: set[str] = set()
        self.blanche: dict[int, tuple[Card, ...]] = {}


def _clause(raw: str, who: list[int], c: _Clauses, rules: RuleSet) -> None:
    text = raw.strip()
    low = re.sub(r"\s+", " ", text.lower())
    seats = rules.table.seats
    if low.startswith("carte blanche"):
        if len(who) != 1:
            raise HeardError(f"--heard: {text!r}: say whose carte blanche it was (e.g. 'second carte blanche ...')")
        try:
            cards = parse_cards(text[len("carte blanche"):].strip(" :"), rules.table.hand_size,
                                f"{seats[who[0]]}'s carte blanche")
        except CardError as e:
            raise HeardError(f"--heard: {e}") from None
        if who[0] in c.blanche:
            raise HeardError(f"--heard: {seats[who[0]]}'s carte blanche given twice")
        c.blanche[who[0]] = tuple(cards)
        return
    words = low.replace(":", " ").split()
    if len(words) == 2 and words[0] == "no" and words[1] in _CLASS_OF:
        c.nobody.add(_CLASS_OF[words[1]])
        return
    if words and words[0] == "equal":
        h = parse_heard(" ".join(words[1:]))
        if len(who) < 2:
            raise HeardError(f"--heard: {text!r}: name the seats that tied (elder and middle equal point 5 49)")
        if h.point and h.point[1] is not None and not h.runs and not h.sets:
            c.tied["point"] = (who, (h.point[0], h.point[1]))
        elif len(h.runs) == 1 and h.point is None and not h.sets:
            c.tied["sequence"] = (who, (h.runs[0][0], int(h.runs[0][1])))
        else:
            raise HeardError(f"--heard: {text!r}: a tie is a point with its pips or a sequence (equal point 5 49, "
                             "equal quart to the ace); sets are never equal")
        return
    if len(who) != 1:
        raise HeardError(f"--heard: {text!r}: begin with the seat that announced it ({', '.join(seats)})")
    s = who[0]
    h = parse_heard(text)
    if h.answers or h.no or h.rouge or h.blanche is not None:
        raise HeardError(f"--heard: {text!r}: at a table of {rules.game.players} write what each seat showed "
                         "(docs/rules.md, 'The seat view for three and four')")
    if h.point is not None:
        length, pips, suit = h.point
        if pips is None or suit is None:
            raise HeardError(f"--heard: {text!r}: a point that scored is named with its pips and suit "
                             "(point 5 49 in spades)")
        c.shown["point"].setdefault(s, set()).add((int(suit), length, pips))
    for length, top, suit in h.runs:
        if suit is None:
            raise HeardError(f"--heard: {text!r}: a sequence that scored is named with its suit "
                             f"({_run_text(length, top, Suit.SPADES)})")
        c.shown["sequence"].setdefault(s, set()).add((int(suit), length, int(top)))
    for size, rank, missing in h.sets:
        if size == 3 and missing is None:
            raise HeardError(f"--heard: {text!r}: a trio that scored is named with the suit it lacks "
                             f"({_set_text(3, rank, (Suit.SPADES,))})")
        if rank < rules.set_min_rank:
            raise HeardError(f"--heard: {RANK_NAMES[rank]}s make no set under {rules.name}")
        suits = 15 if size == 4 else 15 & ~(1 << int(missing))  # type: ignore[arg-type]
        c.shown["sets"].setdefault(s, set()).add((int(rank), size, suits))


def _best_of(cls: str, combo: Combo) -> tuple[int, int]:
    if cls == "point":
        return combo[1], combo[2]
    if cls == "sequence":
        return combo[1], combo[2]
    return combo[1], combo[0]


def _class_heard(cls: str, c: _Clauses, rules: RuleSet) -> ClassHeard:
    seats = rules.table.seats
    shown, given = c.shown[cls], [cls in c.tied, cls in c.nobody, bool(c.shown[cls])]
    if sum(given) != 1:
        example = {"point": "second point 5 49 in spades", "sequence": "third quint to the king in hearts",
                   "sets": "elder fourteen aces"}[cls]
        raise HeardError(f"--heard: say once who scored the {cls} (e.g. '{example}', a tie 'elder and "
                         f"{seats[1]} equal ...', or 'no {cls}')")
    if cls in c.nobody:
        return ClassHeard(None, frozenset())
    parties = parties_of(rules)
    party_of = {s: p for p, ss in enumerate(parties) for s in ss}
    if cls in c.tied:
        who, key = c.tied[cls]
        if len({party_of[s] for s in who}) < 2:
            raise HeardError(f"--heard: {' and '.join(seats[s] for s in who)}: a tie is between parties "
                             "(partners who tie score the class)")
        return ClassHeard(key, frozenset(who))
    scorers = {party_of[s] for s in shown}
    if len(scorers) > 1:
        raise HeardError(f"--heard: {' and '.join(seats[s] for s in sorted(shown))} both scored the {cls}: one "
                         "party scores a class (a tie between parties is 'equal ...')")
    tops = {s: max(_best_of(cls, x) for x in combos) for s, combos in shown.items()}
    best = max(tops.values())
    if cls == "point":
        if any(len(v) > 1 for v in shown.values()) or len(set(tops.values())) > 1:
            raise HeardError("--heard: the point is the one best at the table: each holder names one, all equal")
        return ClassHeard(best, frozenset(shown), tuple((s, frozenset(shown[s])) for s in sorted(shown)))
    holders = frozenset(s for s, k in tops.items() if k == best)
    party = parties[scorers.pop()]
    return ClassHeard(best, holders, tuple((s, frozenset(shown.get(s, ()))) for s in party))


def parse_table_heard(text: str, rules: RuleSet) -> TableHeard:
    """The announcements of a table of three or four in the notation (module docstring); HeardError (one line)
    for a clause that does not read or a class said twice or not at all."""
    c = _Clauses()
    who: list[int] = []
    for raw in re.split(r"[,;]", text):
        if not raw.strip():
            continue
        said, rest = _speakers(raw, rules.table.seats)
        who = said or who
        _clause(rest, who, c, rules)
    classes = tuple(_class_heard(cls, c, rules) for cls in CLASSES)
    return TableHeard((classes[0], classes[1], classes[2]), tuple(sorted(c.blanche.items())))


def _combo_text(cls: str, x: Combo) -> str:
    if cls == "point":
        return f"point {x[1]} {x[2]} in {SUIT_NAMES[Suit(x[0])]}"
    if cls == "sequence":
        return _run_text(x[1], Rank(x[2]), Suit(x[0]))
    return _set_text(x[1], Rank(x[0]), tuple(s for s in Suit if not x[2] >> s & 1))


def table_heard_text(heard: TableHeard, rules: RuleSet) -> str:
    """``heard`` in the notation ``parse_table_heard`` reads."""
    seats, parts = rules.table.seats, []
    for s, cards in heard.blanche:
        parts.append(f"{seats[s]} carte blanche {format_cards(sort_hand(cards))}")
    for cls, ch in zip(CLASSES, heard.classes, strict=True):
        if ch.best is None:
            parts.append(f"no {cls}")
        elif not ch.shown:
            what = f"point {ch.best[0]} {ch.best[1]}" if cls == "point" else _run_text(ch.best[0], Rank(ch.best[1]))
            parts.append(f"{' and '.join(seats[s] for s in sorted(ch.holders))} equal {what}")
        else:
            for s, told in ch.shown:
                named = sorted(told, key=lambda x: _best_of(cls, x), reverse=True)
                if named:
                    parts.append(f"{seats[s]} " + ", ".join(_combo_text(cls, x) for x in named))
    return "; ".join(parts)


def check_own(heard: TableHeard, seat: int, hand: Sequence[Card], rules: RuleSet, own_blanche: bool) -> None:
    """HeardError (one line) where ``heard`` contradicts the seat's own hand: a class whose best he beats, a
    holder he is not (or is), what he named himself, a combination of another's that holds his cards."""
    d = Declaration.of(hand, rules)
    name, mine = rules.table.seats[seat], set(hand)
    for cls, ch in zip(CLASSES, heard.classes, strict=True):
        key = class_key(cls, d, rules)
        held = key != NO_KEY
        if held and (ch.best is None or key > ch.best):
            raise HeardError(f"--heard: your {cls} ({_key_words(cls, key)}) beats what the table announced")
        if (ch.best is not None and key == ch.best) != (seat in ch.holders):
            raise HeardError(f"--heard: you {'hold' if key == ch.best else 'do not hold'} the best {cls} "
                             f"({_key_words(cls, ch.best) if ch.best else 'none'})")
        for s, told in ch.shown:
            if s == seat and not _combo_fits(cls, hand, d, told):
                raise HeardError(f"--heard: what {name} named for the {cls} is not what your hand holds")
            if s != seat:
                for x in told:
                    clash = sorted(set(_combo_cards(cls, x)) & mine)
                    if clash:
                        raise HeardError(f"--heard: {rules.table.seats[s]}'s {_combo_text(cls, x)} has {clash[0]}, "
                                         "which you hold")
    shown = heard.shown_blanche(seat)
    if (shown is not None) != own_blanche:
        raise HeardError(f"--heard: you {'hold' if own_blanche else 'showed no'} carte blanche")
    for s, cards in heard.blanche:
        clash = sorted(set(cards) & mine) if s != seat else []
        if clash:
            raise HeardError(f"--heard: {rules.table.seats[s]}'s carte blanche has {clash[0]}, which you hold")
        if any(c.rank in rules.blanche_ranks for c in cards):
            raise HeardError(f"--heard: {rules.table.seats[s]}'s hand shown is no carte blanche under {rules.name}")


def _key_words(cls: str, key: tuple[int, int]) -> str:
    if cls == "point":
        return f"{key[0]} cards, {key[1]} pips"
    if cls == "sequence":
        return _run_text(key[0], Rank(key[1]))
    return _set_text(key[0], Rank(key[1]))


def _combo_cards(cls: str, x: Combo) -> tuple[Card, ...]:
    """The cards a combination names exactly (a point names its suit's length, not its cards)."""
    if cls == "sequence":
        return tuple(Card(Rank(r), Suit(x[0])) for r in range(x[2] - x[1] + 1, x[2] + 1))
    if cls == "sets":
        return tuple(Card(Rank(x[0]), s) for s in Suit if x[2] >> s & 1)
    return ()


def named_cards(heard: TableHeard) -> dict[Card, int]:
    """Every card a shown sequence or set names, with its seat (a shown carte blanche's are the caller's)."""
    out: dict[Card, int] = {}
    for cls, ch in zip(CLASSES, heard.classes, strict=True):
        for s, told in ch.shown:
            for x in told:
                for card in _combo_cards(cls, x):
                    out[card] = s
    return out


__all__ = ["CLASSES", "ClassHeard", "TableHeard", "check_own", "heard_fits", "named_cards", "parse_table_heard",
           "table_heard", "table_heard_text"]
