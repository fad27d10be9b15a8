"""A deal record of three or four players checked (``check_table``), and what it implies: plain Python.

docs/rules.md, "Three and four players". Piquet Normand: three seats (elder, middle, dealer), ten cards each and a
talon of two that only the dealer may take, both or none, for two of his own; nobody else sees it or his discards.
Piquet for four: four seats (elder, second, third, dealer), eight cards each, no talon, no exchange. The checks,
each one ``RecordError`` line naming the field, in this order: each part's size for the game (``dealt.middle: a
hand has 10 cards under normand, not 8``; the talon 2, four none); a card twice across the parts (the dealt hands
and the talon are the pack; the final hands and the discards are out of each other); the exchange (who may
exchange how many: ``rules.exchange``; the dealer's taken cards are the talon's); the final hands against the
dealt hands, the discards and the talon; the talon cards seen (only a seat that may exchange sees the talon,
and only what he did not take); what each seat announced (the combinations he named, each one his hand holds:
``announced``); the tricks (each card the seat's to move, following suit: game/play_normand.py, game/play_four.py).

A seat that may not exchange (Normand's elder and middle, every seat of four) holds his dealt hand at the first
lead: either one given gives the other. Under the announcing model (``announced`` absent for a seat) a seat
names in full the combinations of every class his party wins (as game/seating.py's ``score_seating`` scores
them) and his carte blanche; every seat hears what the others announced.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards import Card, CardError, Rank, Suit
from ..game.declarations import (
    RANK_NAMES,
    RANK_PLURALS,
    RUN_NAMES,
    SUIT_NAMES,
    Declaration,
    is_carte_blanche,
    suit_cards,
)
from ..game.play import PlayError
from ..game.seating import SeatingScore, parties_of, score_seating
from ..rules import RulesError, RuleSet, span
from .record import DealRecord, RecordError

Hands = list  # one list of cards (or None) per seat


def table_rules(rules: RuleSet) -> None:
    """RulesError unless the play of these rules is one the record can score (game/play_normand.py, play_four.py)."""
    if rules.table.partnerships:
        from ..game.play_four import points_four

        points_four(rules)
    else:
        from ..game.play_normand import check_play_normand

        check_play_normand(rules)


def _sizes(r: DealRecord, rules: RuleSet) -> None:
    shape = rules.table
    for key in ("dealt", "final"):
        for s, cards in zip(shape.seats, getattr(r, key) or (), strict=False):
            if cards is not None and len(cards) != shape.hand_size:
                raise RecordError(f"{key}.{s}: a hand has {shape.hand_size} cards under {rules.name}, not {len(cards)}")
    if r.talon is not None and len(r.talon) != shape.talon:
        raise RecordError(f"talon: {shape.talon} cards under {rules.name}, not {len(r.talon)}" if shape.talon else
                          f"talon: {rules.name} has no talon (every card is dealt)")


def _counts(r: DealRecord, rules: RuleSet) -> None:
    """Each seat's discards as many as the rules let him exchange (Normand: the dealer none or two; four: none)."""
    for s, (name, cards) in enumerate(zip(rules.table.seats, r.discards or (), strict=False)):
        if cards is not None and len(cards) not in rules.exchange[s]:
            may = ("may not exchange" if rules.exchange[s] == (0,)
                   else f"may exchange {span(rules.exchange[s])} cards")
            raise RecordError(f"discards.{name}: {name} {may} under {rules.name}, not {len(cards)}")


def twice(parts: list[tuple[str, Sequence[Card] | None]]) -> None:
    """No card in two of ``parts`` (name, cards)."""
    where: dict[Card, str] = {}
    for name, cards in parts:
        for c in cards or ():
            if c in where:
                raise RecordError(f"{name}: {c} is also in {where[c]}")
            where[c] = name


def seat_discards(name: str, dealt: Sequence[Card] | None, discards: Sequence[Card] | None,
                  final: Sequence[Card] | None) -> tuple[Card, ...] | None:
    """One seat's discards checked against his dealt and final hands (in the dealt, not in the final), or made
    from them (the dealt less the final) when not given; None when not known. Every game's records."""
    if discards is not None and dealt is not None:
        out = [c for c in discards if c not in dealt]
        if out:
            raise RecordError(f"discards.{name}: {out[0]} is not in {name}'s dealt hand")
    if discards is not None and final is not None:
        kept = [c for c in discards if c in final]
        if kept:
            raise RecordError(f"discards.{name}: {kept[0]} is in {name}'s final hand (a discard is out of play)")
    if discards is None and dealt is not None and final is not None:
        return tuple(c for c in dealt if c not in final)
    return None if discards is None else tuple(discards)


def fitted_final(name: str, final: Sequence[Card] | None, derived: tuple[Card, ...], why: str = "") -> tuple[
        Card, ...]:
    """A seat's final hand: the one derived from his dealt hand, discards and talon cards, which the one given (if
    any) must equal as a set (``why``: how the talon was shared, said in the error)."""
    if final is None:
        return derived
    if set(final) != set(derived):
        odd = sorted(set(final) ^ set(derived))[0]
        raise RecordError(f"final.{name}: {odd} does not fit the dealt hand, the discards and the talon{why}")
    return tuple(final)


def kept_in_final(name: str, kept: Sequence[Card], final: Sequence[Card]) -> None:
    """What a seat kept of his dealt hand is in his final hand."""
    missing = [c for c in kept if c not in final]
    if missing:
        raise RecordError(f"final.{name}: {missing[0]} of {name}'s dealt hand was not discarded, so it is in his "
                          "final hand")


def _exchange(r: DealRecord, rules: RuleSet) -> tuple[Hands, Hands, Hands, list[int | None]]:
    """(dealt, discards, final, took) by seat: a seat that may not exchange holds his dealt hand; the discards
    checked against the dealt and final hands and the rules' counts."""
    seats = rules.table.seats
    n = len(seats)
    dealt, disc, final = (list(getattr(r, k) or (None,) * n) for k in ("dealt", "discards", "final"))
    took: list[int | None] = [None] * n
    for s, name in enumerate(seats):
        if rules.exchange[s] == (0,):  # he keeps his hand: dealt and final are one
            dealt[s] = dealt[s] if dealt[s] is not None else final[s]
            final[s] = final[s] if final[s] is not None else dealt[s]
        disc[s] = seat_discards(name, dealt[s], disc[s], final[s])
        if disc[s] is None and rules.exchange[s] == (0,):
            disc[s] = ()
        if disc[s] is not None:
            took[s] = len(disc[s])
            if took[s] not in rules.exchange[s]:
                may = ("may not exchange" if rules.exchange[s] == (0,)
                       else f"may exchange {span(rules.exchange[s])} cards")
                raise RecordError(f"discards.{name}: {name} {may} under {rules.name}, not {took[s]}")
    return dealt, disc, final, took


def _finals(r: DealRecord, rules: RuleSet, dealt: Hands, disc: Hands, final: Hands, took: list[int | None]) -> None:
    """The final hands: dealt less discards plus the talon cards taken (in seat order from the top), each
    checked against the one given."""
    seats = rules.table.seats
    start = 0
    for s, name in enumerate(seats):
        if dealt[s] is None or disc[s] is None:
            start = None if took[s] is None or start is None else start + took[s]
            continue
        kept = tuple(c for c in dealt[s] if c not in disc[s])
        if r.talon is not None and start is not None and took[s] is not None:
            derived = kept + tuple(r.talon[start:start + took[s]])
            final[s] = fitted_final(name, final[s], derived)
        elif final[s] is not None:
            kept_in_final(name, kept, final[s])
            if r.talon is not None:
                odd = [c for c in final[s] if c not in dealt[s] and c not in r.talon]
                if odd:
                    raise RecordError(f"final.{name}: {odd[0]} is in neither {name}'s dealt hand nor the talon")
        start = None if start is None or took[s] is None else start + took[s]
    twice([(f"final.{seats[s]}", final[s]) for s in range(len(seats))])


def _seen(r: DealRecord, rules: RuleSet, final: Hands, disc: Hands) -> tuple[tuple[Card, ...], ...]:
    """The talon cards each seat saw and did not take: given (only a seat that may exchange, and only talon
    cards), else none."""
    seats = rules.table.seats
    out: list[tuple[Card, ...]] = []
    for s, name in enumerate(seats):
        given = r.seen[s] if r.seen is not None else None
        if not given:
            out.append(())
            continue
        if rules.exchange[s] == (0,):
            raise RecordError(f"seen.{name}: only a seat that may exchange sees the talon; under {rules.name} "
                              f"{name} does not")
        mine = set(final[s] or ()) | set(disc[s] or ())
        odd = [c for c in given if c in mine or r.talon is not None and c not in r.talon]
        if odd:
            raise RecordError(f"seen.{name}: {odd[0]} is not a talon card {name} could see and not take")
        out.append(given)
    return tuple(out)


# --- what each seat announced ----------------------------------------------------------------------------------


def _run_words(length: int, top: Rank, suit: Suit) -> str:
    return f"{RUN_NAMES[length]} to the {RANK_NAMES[top]} in {SUIT_NAMES[suit]}"


def _set_words(size: int, rank: Rank, hand: Sequence[Card]) -> str:
    if size == 4:
        return f"fourteen {RANK_PLURALS[rank]}"
    lacks = next(s for s in Suit if Card(rank, s) not in hand)
    return f"three {RANK_PLURALS[rank]} without the {SUIT_NAMES[lacks][:-1]}"


def model_announced(score: SeatingScore, final: Sequence[Sequence[Card]], blanche: Sequence[bool],
                    rules: RuleSet) -> tuple[str, ...]:
    """What each seat announces under the model: in full, the combinations of every class his party wins
    (the point: the seat holding the best one), and his carte blanche; "nothing" when none."""
    parties = parties_of(rules)
    party_of = {s: p for p, seats in enumerate(parties) for s in seats}
    out = []
    for s, hand in enumerate(final):
        d = Declaration.of(hand, rules)
        words = ["carte blanche"] if blanche[s] else []
        if score.winner("point") == party_of[s] and score.shown[1][1].startswith(f"{rules.table.seats[s]}:"):
            words.append(f"point {d.point.length} {d.point.pips} in {SUIT_NAMES[d.point.suit]}")
        if score.winner("sequence") == party_of[s]:
            words += [_run_words(x.length, x.top, x.suit) for x in d.runs]
        if score.winner("sets") == party_of[s]:
            words += [_set_words(x.size, x.rank, hand) for x in d.sets]
        out.append(", ".join(words) or "nothing")
    return tuple(out)


def check_announced(text: str, seat: str, hand: Sequence[Card], dealt: Sequence[Card] | None,
                    rules: RuleSet) -> None:
    """RecordError unless ``text`` reads as combinations named (seat/heard.py's clauses; "carte blanche" alone)
    and ``hand`` holds each; carte blanche only of a dealt hand without a court card (when it is known)."""
    from ..seat.heard import parse_heard

    what = f"announced.{seat}"
    clauses = [c for c in text.replace(";", ",").split(",")]
    blanche = [c for c in clauses if c.strip().lower() == "carte blanche"]
    try:
        h = parse_heard(", ".join(c for c in clauses if c.strip().lower() != "carte blanche"))
    except CardError as e:
        raise RecordError(f"{what}: {str(e).removeprefix('--heard: ')}") from None
    if h.answers or h.blanche is not None or h.rouge:
        raise RecordError(f"{what}: name the combinations {seat} announced (point 5 49 in spades, quint to the "
                          "king in hearts, fourteen tens, carte blanche), not answers")
    if blanche and dealt is not None and not is_carte_blanche(dealt, rules):
        raise RecordError(f"{what}: carte blanche, but {seat}'s dealt hand holds a court card")
    if h.point is not None:
        length, pips, suit = h.point
        suits = [suit] if suit is not None else list(Suit)
        if not any(len(cs := suit_cards(hand, x)) >= length and (pips is None or any(
                sum(c.rank.pips for c in k) == pips for k in combinations(cs, length))) for x in suits):
            raise RecordError(f"{what}: a point of {length}" + (f" ({pips})" if pips else "")
                              + f", which {seat}'s hand does not make")
    for length, top, suit in h.runs:
        if not any(all(Card(Rank(int(top) - i), x) in hand for i in range(length))
                   for x in ([suit] if suit is not None else list(Suit))):
            raise RecordError(f"{what}: {RUN_NAMES[length]} to the {RANK_NAMES[top]}, which {seat} does not hold")
    for size, rank, missing in h.sets:
        held = [x for x in Suit if Card(rank, x) in hand and x != missing]
        if len(held) < size or rank < rules.set_min_rank:
            raise RecordError(f"{what}: {'fourteen' if size == 4 else 'three'} {RANK_PLURALS[rank]}, which {seat} "
                              "does not hold (or which do not count)")


# --- the play ----------------------------------------------------------------------------------------------------


def start_state(final: Sequence[Sequence[Card]], rules: RuleSet, score: SeatingScore | None = None):
    """The position before the first lead, the declarations at the table with repique before it (the play
    decides pique: game/play_normand.py's ``before_play_normand``; four: the same by side). ``score``: None
    checks the play only (nothing scored before it)."""
    n = rules.game.players
    if rules.table.partnerships:
        from ..game.play_four import start_four

        if score is None:
            return start_four(final, rules, (0, 0), False)
        before = tuple(sum(p[i] for name, p in score.classes if name != "pique") for i in range(2))
        return start_four(final, rules, before, not score.repique[0] and before[1] == 0)  # type: ignore[arg-type]
    from ..game.play_normand import before_play_normand, start_normand

    if score is None:
        return start_normand(final, rules, (0,) * n, False)
    before, live = before_play_normand(score)
    return start_normand(final, rules, before, live)


def play_cards(state, rules: RuleSet, tricks: Sequence[Sequence[Card]]) -> list:
    """The state after each card of ``tricks`` (each from its leader); RecordError naming the trick for a
    card out of turn or not following suit."""
    from ..game.play_four import play_card as play_four
    from ..game.play_normand import play_card as play_normand

    play = play_four if rules.table.partnerships else play_normand
    states = [state]
    for n, trick in enumerate(tricks, 1):
        if states[-1].number != n or states[-1].trick:
            raise RecordError(f"tricks: trick {n}: the trick before it is not complete")
        for card in trick:
            try:
                states.append(play(states[-1], card, rules))
            except PlayError as e:
                raise RecordError(f"tricks: {e}") from None
    return states


def check_table(r: DealRecord, rules: RuleSet) -> tuple:
    """The record of three or four checked (module docstring): (dealt, discards, took, seen, final, blanche,
    tricks) by seat, final None where a hand is not known."""
    seats = rules.table.seats
    n = len(seats)
    if r.heard is not None and any(h is not None for h in r.heard):
        raise RecordError(f"heard: a record of {n} hands gives what each seat announced (announced); each seat "
                          "heard the others'")
    _sizes(r, rules)
    _counts(r, rules)
    twice([*((f"dealt.{s}", h) for s, h in zip(seats, r.dealt or (None,) * n, strict=True)), ("talon", r.talon)])
    disc_given = r.discards or (None,) * n
    twice([*((f"final.{s}", h) for s, h in zip(seats, r.final or (None,) * n, strict=True)),
           *((f"discards.{s}", h) for s, h in zip(seats, disc_given, strict=True))])
    dealt, disc, final, took = _exchange(r, rules)
    twice([*((f"dealt.{s}", h) for s, h in zip(seats, dealt, strict=True)), ("talon", r.talon)])
    _finals(r, rules, dealt, disc, final, took)
    seen = _seen(r, rules, final, disc)
    whole = None if any(h is None for h in final) else tuple(tuple(h) for h in final)
    blanche = tuple(is_carte_blanche(dealt[s], rules) if dealt[s] is not None else False for s in range(n))
    if r.announced is not None and any(a is not None for a in r.announced):
        for s, text in enumerate(r.announced):
            if text is None:
                continue
            if final[s] is None:
                raise RecordError(f"announced.{seats[s]}: {seats[s]}'s final hand is not known, so what he announced "
                                  "cannot be checked")
            check_announced(text, seats[s], final[s], dealt[s], rules)
    tricks = tuple(tuple(t) for t in r.tricks or ())
    if tricks:
        if whole is None:
            raise RecordError("tricks: the final hands are not known (give final, or dealt, talon and discards)")
        if len(tricks) > rules.table.hand_size:
            raise RecordError(f"tricks: {len(tricks)} tricks, a deal of {rules.name} has {rules.table.hand_size}")
        try:
            play_cards(start_state(whole, rules), rules, tricks)
        except (PlayError, RulesError) as e:
            raise RecordError(f"tricks: {e}") from None
    return tuple(dealt), tuple(disc), tuple(took), seen, whole, blanche, tricks


def table_score(final: Sequence[Sequence[Card]], blanche: Sequence[bool], rules: RuleSet) -> SeatingScore:
    """The declarations at the table, each seat's carte blanche on his dealt hand."""
    return score_seating(final, rules, blanche)


__all__ = ["check_announced", "check_table", "model_announced", "play_cards", "start_state", "table_rules",
           "table_score", "twice"]
