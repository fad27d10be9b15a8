"""Public API: practice's deals and drills as positions (issue 45): a seeded deal's record before any decision
(``new_record``), the drills' positions (``drill_positions``) and the positions of a record (``review``'s
decisions, for ``review --save``). The deal played through, the drills and the mistakes asked: the session
(analysis/practice_session.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from ..cards import DECK, HAND_SIZE, Card, mask_of
from ..game.play import DEALER, ELDER
from ..record.record import DealRecord
from ..record.record_check import check_record
from .practice import (
    Question,
    with_answer,
)


def deal_cards(seed: int) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """A shuffled pack from ``seed``: elder's twelve, the dealer's twelve, the talon (the top first)."""
    pack = list(DECK)
    random.Random(seed).shuffle(pack)
    return tuple(pack[:HAND_SIZE]), tuple(pack[HAND_SIZE:2 * HAND_SIZE]), tuple(pack[2 * HAND_SIZE:])


def new_record(rules: str, seed: int, number: int | None = None, score: tuple[int, int] | None = None,
               comment: str | None = None) -> DealRecord:
    """A deal's record before any decision: the dealt hands and the talon from ``seed``."""
    elder, dealer, talon = deal_cards(seed)
    return DealRecord(rules=rules, dealt=(elder, dealer), talon=talon, deal=number, score=score,
                      comment=comment or f"piquet-calc practice, seed {seed}")


# --- drills ------------------------------------------------------------------------------------------------------


def _policy_exchange(record: DealRecord, s: int) -> DealRecord:
    """The exchange policy's discard for seat ``s`` (game/exchange.py: fast, for the drills' other seats)."""
    from ..game.exchange import choose_exchange

    d = check_record(record)
    hand = d.dealt[s]
    assert hand is not None
    ex = choose_exchange(mask_of(hand), "elder" if s == ELDER else "dealer", d.rules,
                         elder_took=d.took[ELDER] if s == DEALER else None, elder_blanche=d.blanche[ELDER])
    return with_answer(Question(record, "exchange", s), ex.cards)


def drill_position(kind: str, record: DealRecord, seat: int) -> Question:
    """The drill's position in a deal: ``discard``, the seat's exchange (elder's before by the exchange policy);
    ``lead``, elder's first lead after both exchanges (the policy's where the record has none) and the
    announcements by the model."""
    d = check_record(record)
    if kind == "discard":
        r = record
        if seat == DEALER and d.took[ELDER] is None:
            r = _policy_exchange(r, ELDER)
        if d.discards[seat] is not None:  # a record's own: the player is asked it again
            pair = list(r.discards or (None, None))
            pair[seat] = None
            r = replace(r, discards=(pair[0], pair[1]))
        if seat == ELDER and r.discards is not None:
            r = replace(r, discards=None)
        return Question(replace(r, final=None, heard=None, tricks=None, seen=None), "exchange", seat)
    r = replace(record, tricks=None)
    if d.final is None or d.final[0] is None:
        for s in (ELDER, DEALER):
            if check_record(r).discards[s] is None:
                r = _policy_exchange(r, s)
    return Question(r, "card", ELDER)


def drill_positions(kind: str, rules: str, seed: int, count: int, seat: int | None = None,
                    records: list[DealRecord] | None = None) -> Iterator[Question]:
    """``count`` drill positions: from the records given (each in turn), else seeded deals; the seat ``seat`` or
    (None) elder and the dealer in turn (a lead is always elder's)."""
    for i in range(count):
        s = ELDER if kind == "lead" else seat if seat is not None else (ELDER if i % 2 == 0 else DEALER)
        if records:
            record = records[i % len(records)]
            if kind == "discard" and check_record(record).dealt[s] is None:
                continue
        else:
            record = new_record(rules, seed + i, comment=f"piquet-calc practice --drill {kind}, seed {seed + i}")
        yield drill_position(kind, record, s)


# --- a record's decisions (review --save) ------------------------------------------------------------------------


def record_positions(record: DealRecord, seats: tuple[int, ...]) -> list[tuple[Question, Any]]:
    """Every decision of ``seats`` in a record whose review grades it: (the position, the answer recorded)."""
    d = check_record(record)
    out: list[tuple[Question, Any]] = []
    bare = replace(record, final=None, heard=None, tricks=None)
    for s in seats:
        if d.dealt[s] is not None and d.discards[s] is not None and (s == ELDER or d.took[ELDER] is not None):
            pair = list(bare.discards or (None, None))
            pair[s] = None
            if s == ELDER:
                pair[DEALER] = None
            r = replace(bare, discards=(pair[0], pair[1]) if any(x is not None for x in pair) else None)
            if s == DEALER and r.discards is None:
                continue
            out.append((Question(r, "exchange", s), tuple(d.discards[s])))
    if d.final is None:
        return out
    from ..game.play import play_trick, start

    state = start(d.final[0], d.final[1], d.rules, 0, 0, False)
    for n, (lead, reply) in enumerate(d.tricks, 1):
        before = replace(record, tricks=d.tricks[:n - 1])
        if state.leader in seats:
            out.append((Question(before, "card", state.leader), lead))
        if 1 - state.leader in seats:
            out.append((Question(before, "card", 1 - state.leader, lead), reply))
        state = play_trick(state, lead, reply, d.rules, n)
    return out


__all__ = ["deal_cards", "drill_position", "drill_positions", "new_record", "record_positions"]
