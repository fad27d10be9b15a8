"""Public API: practice's deals and drills as plain functions (issue 45): a seeded deal played through against the
engine (``play_deal``), the drills' positions (``drill_positions``) and the positions of a record (``review``'s
decisions, for ``review --save``).

``play_deal(record, seat, side)`` plays one deal: the exchanges (elder's first), the announcements (elder
speaks first), the twelve tricks. At each of the player's decisions it asks ``side.ask(position)`` for his
answer, grades it (analysis/practice.py) and tells ``side.graded``; at each of the engine's it tells
``side.engine``; ``side.saved(record)`` after each decision gets the record so far (the CLI writes it: a deal
stopped at any moment is saved as far as it went). ``Quit`` from ``ask`` ends the deal there.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..cards import DECK, HAND_SIZE, Card, mask_of
from ..game.play import DEALER, ELDER, finish
from ..record.record import DealRecord
from ..record.record_check import check_record
from .practice import (
    Answer,
    Grade,
    Position,
    begin_exchange,
    engine_answer,
    grade,
    play_context,
    with_answer,
)


class Quit(Exception):
    """The player stopped: the deal ends where it is, saved."""


@dataclass(frozen=True)
class Answered:
    """The player's answer, whether he took a hint first, and his time in seconds."""

    value: Answer
    hint: bool = False
    seconds: float = 0.0


class Side(Protocol):
    """The player's side of the table: the CLI's terminal or its line protocol, a test's driver."""

    def ask(self, position: Position) -> Answered: ...

    def graded(self, position: Position, grade: Grade, answered: Answered) -> None: ...

    def engine(self, position: Position, answer: Answer, seconds: float) -> None: ...

    def saved(self, record: DealRecord) -> None: ...


@dataclass
class DealResult:
    """One deal as played: its record (as far as it went), every grade (position, grade, answer), the totals
    (None when stopped), the engine's decision times."""

    record: DealRecord
    seat: int
    grades: list[tuple[Position, Grade, Answered]] = field(default_factory=list)
    totals: tuple[int, int] | None = None
    stopped: bool = False
    engine_seconds: list[float] = field(default_factory=list)

    def costliest(self, n: int = 3) -> list[tuple[int, str]]:
        """The review's three costliest decisions of the player (analysis/review.py's ``costliest``)."""
        from .review import Review

        exchange = tuple(g.detail for _, g, _ in self.grades if g.stage == "exchange")
        cards = tuple(g.detail for _, g, _ in self.grades if g.stage == "card")
        r = Review(check_record(self.record), (self.seat,), exchange, (), cards, (), 0.0)
        return r.costliest(n)

    @property
    def lost(self) -> dict[str, float]:
        """Points lost by stage."""
        out = {"exchange": 0.0, "announce": 0.0, "card": 0.0}
        for _, g, _ in self.grades:
            out[g.stage] += g.cost
        return out


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


def _decide(p: Position, seat: int, side: Side, result: DealResult) -> Answer:
    """The answer at ``p``: the player's (graded) or the engine's (timed)."""
    if p.seat == seat:
        if p.stage == "exchange":  # his ranking (and, dealer, the engine's) begins as he is asked
            begin_exchange(p, engine_deals=True)
        answered = side.ask(p)
        g = grade(p, answered.value)
        result.grades.append((p, g, answered))
        side.graded(p, g, answered)
        return answered.value
    t = time.perf_counter()
    answer = engine_answer(p)
    spent = time.perf_counter() - t
    result.engine_seconds.append(spent)
    side.engine(p, answer, spent)
    return answer


def play_deal(record: DealRecord, seat: int, side: Side) -> DealResult:
    """One deal against the engine, the player at ``seat`` (module docstring)."""
    result = DealResult(record, seat)
    try:
        _play(result, side)
    except Quit:
        result.stopped = True
    side.saved(result.record)
    return result


def _play(result: DealResult, side: Side) -> None:
    seat = result.seat
    for s in (ELDER, DEALER):
        p = Position(result.record, "exchange", s)
        result.record = with_answer(p, _decide(p, seat, side, result))
        side.saved(result.record)
    for s in (ELDER, DEALER):
        p = Position(result.record, "announce", s)
        result.record = with_answer(p, _decide(p, seat, side, result))
        side.saved(result.record)
    deal = check_record(result.record)
    ctx = play_context(deal)
    state = ctx.start
    tricks: list[tuple[Card, Card]] = []
    for n in range(1, HAND_SIZE + 1):
        leader = state.leader
        lead = _decide(Position(result.record, "card", leader), seat, side, result)
        reply = _decide(Position(result.record, "card", 1 - leader, lead), seat, side, result)
        tricks.append((lead, reply))
        result.record = replace(result.record, tricks=tuple(tricks))
        from ..game.play import play_trick

        state = play_trick(state, lead, reply, deal.rules, n)
        side.saved(result.record)
    result.totals = finish(state, deal.rules).totals


# --- drills ------------------------------------------------------------------------------------------------------


def _policy_exchange(record: DealRecord, s: int) -> DealRecord:
    """The exchange policy's discard for seat ``s`` (game/exchange.py: fast, for the drills' other seats)."""
    from ..game.exchange import choose_exchange

    d = check_record(record)
    hand = d.dealt[s]
    assert hand is not None
    ex = choose_exchange(mask_of(hand), "elder" if s == ELDER else "dealer", d.rules,
                         elder_took=d.took[ELDER] if s == DEALER else None, elder_blanche=d.blanche[ELDER])
    return with_answer(Position(record, "exchange", s), ex.cards)


def drill_position(kind: str, record: DealRecord, seat: int) -> Position:
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
        return Position(replace(r, final=None, heard=None, tricks=None, seen=None), "exchange", seat)
    r = replace(record, tricks=None)
    if d.final is None or d.final[0] is None:
        for s in (ELDER, DEALER):
            if check_record(r).discards[s] is None:
                r = _policy_exchange(r, s)
    return Position(r, "card", ELDER)


def drill_positions(kind: str, rules: str, seed: int, count: int, seat: int | None = None,
                    records: list[DealRecord] | None = None) -> Iterator[Position]:
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


def record_positions(record: DealRecord, seats: tuple[int, ...]) -> list[tuple[Position, Any]]:
    """Every decision of ``seats`` in a record whose review grades it: (the position, the answer recorded)."""
    d = check_record(record)
    out: list[tuple[Position, Any]] = []
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
            out.append((Position(r, "exchange", s), tuple(d.discards[s])))
    if d.final is None:
        return out
    from ..game.play import play_trick, start

    state = start(d.final[0], d.final[1], d.rules, 0, 0, False)
    for n, (lead, reply) in enumerate(d.tricks, 1):
        before = replace(record, tricks=d.tricks[:n - 1])
        if state.leader in seats:
            out.append((Position(before, "card", state.leader), lead))
        if 1 - state.leader in seats:
            out.append((Position(before, "card", 1 - state.leader, lead), reply))
        state = play_trick(state, lead, reply, d.rules, n)
    return out


__all__ = ["Answered", "DealResult", "Quit", "Side", "deal_cards", "drill_position", "drill_positions",
           "new_record", "play_deal", "record_positions"]
