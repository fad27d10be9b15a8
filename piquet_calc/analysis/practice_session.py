"""Public API: practice's session as one generator (issues 49 and 50): the deals of a partie, the drills and the
mistakes served again, each a generator of events that takes the player's answers, driven alike by the terminal,
the line protocol and a test.

A session yields events (the classes below, each with its ``kind``: the line protocol's ``event``); an ``ask``
takes the player's line back by ``send`` (None: the end of his input, he quits), every other event takes
nothing (``next``, or ``send(None)``). ``drive(session, answer)`` runs one with a function that answers.

* ``ask`` (``Asked``): a decision of the player's; ``again``: the same question after an error, a hint or an
  empty line (the terminal shows only its prompt). His line: an answer (cards, ``none`` or ``-`` for the dealer's
  empty discard, ``full`` for the announcements in full, or what the other hears), ``hint``, ``undo`` or
  ``quit``; an empty line asks again;
* ``hint`` (``HintGiven``): the tool's best and its price (the decision is kept as a hint taken);
* ``error`` (``AnswerRefused``): a line that does not answer (the question follows again);
* ``graded`` (``Graded``): his answer graded (analysis/practice.py's ``grade``: an opaque object here) and kept;
  ``again``: his answer to a decision he took back, shown but not kept again (its first answer's grade stands,
  in the history and in the deal's points lost: a take-back does not erase a mistake, nor counts it twice);
* ``engine`` (``EnginePlayed``): the engine's decision, timed;
* ``forced`` (``PlayedForYou``): a decision the aids made for him (a card with one legal choice, his sure
  winners, the announcements in full): neither graded nor kept;
* ``undone`` (``TakenBack``): ``undo``: his last decision taken back with the engine's replies after it; the
  history keeps its grade and marks it taken back;
* ``score`` (``ScoreLine``): after the announcements each side's points by class, as scored; after each trick
  the totals and what elder still needs for a pique; at the end the cards, capot and the deal bonus; after an
  undo the totals as they are again. Each carries its ``points`` (what changed since the last), so a deal's
  score events sum to its totals;
* ``deal`` (``DealEnded``): a deal's end (its ``DealResult``, the record's path, the partie so far);
* ``none`` (``NothingDue``): ``--mistakes`` found nothing due.

The aids (``Aids``), each a toggle kept in the history's settings: ``play_forced`` (a card with one legal
choice, and his sure winners: he has the lead and every card he holds is the best unplayed of its suit as he
knows it), ``hints``, ``announce_in_full`` (off by default: sinking is part of the game).

``Keeper`` is what a graded decision leaves behind, the one place that turns it into a history row
(``decision_row``, review ``--save``'s too): the row, the mark of a take-back, the record rewritten.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Generator, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..cards import HAND_SIZE, Card
from ..game.play import DEALER, ELDER, SEAT_NAMES, finish
from ..record.record import DealRecord
from ..record.record_check import check_record
from .practice import PlayerAnswer, Question, begin_exchange, engine_answer, grade, play_context, with_answer
from .practice_events import (
    QUIT,
    UNDO,
    Aids,
    Answered,
    AnswerRefused,
    Asked,
    DealEnded,
    DealResult,
    EnginePlayed,
    Event,
    Graded,
    HintGiven,
    Keeper,
    NothingDue,
    PlayedForYou,
    ScoreLine,
    Session,
    TakenBack,
    ask,
    decision_row,
    drive,
    forced,
    lost_by_stage,
    sure_winners,
)

LAST_STEP = 4 + 2 * HAND_SIZE  # the exchanges (2), the announcements (2), the cards (24)


# --- one deal -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Mark:
    """Where the deal stood when he was asked: the step, the record, the card led, his first grade's index, its
    row, his last answer."""

    step: int
    record: DealRecord
    lead: Card | None
    index: int
    row: int | None
    answer: str


def _position(record: DealRecord, step: int, lead: Card | None) -> Question:
    """The decision at ``step``: the exchanges (elder's first), the announcements (elder's first), the cards."""
    if step < 2:
        return Question(record, "exchange", step)
    if step < 4:
        return Question(record, "announce", step - 2)
    leader = play_context(check_record(record)).state(record.tricks or ()).leader
    return Question(record, "card", leader) if lead is None else Question(record, "card", 1 - leader, lead)


def announced_score(record: DealRecord, seat: int) -> ScoreLine:
    """The score after the announcements: each class as scored from what each announced (seat/announced.py), the
    seats that sank something in it; the totals at the first lead as the play starts from (a pique at once)."""
    from ..seat.announced import announced, score_announced, sunk

    d = check_record(record)
    assert d.final is not None
    first = play_context(d).start
    scored = score_announced(d.final, d.rules, d.given_heard, d.blanche)
    said = announced(d.final, d.rules, d.given_heard)
    sank: dict[str, list[int]] = {}
    for s in (ELDER, DEALER):
        won = frozenset(name for name, *pts in scored.classes if pts[s] > 0)
        for words in sunk(d.final[s], said[s], d.rules, won):
            sank.setdefault(words.split(":")[0], []).append(s)
    classes = [(name, e, dl, tuple(sank.get(name, ()))) for name, e, dl in scored.classes if name != "pique"]
    if first.pique:
        classes.append(("pique", d.rules.pique_bonus, 0, ()))
    return ScoreLine("announcements", None, first.totals, first.totals, tuple(classes), _needs(first, d.rules), seat)


def _needs(state: Any, rules: Any) -> int:
    return max(0, rules.pique_threshold - state.totals[ELDER]) if state.pique_live else 0


def _apply(result: DealResult, step: int, lead: Card | None, p: Question, answer: PlayerAnswer) -> Card | None:
    """His or the engine's ``answer`` at ``p`` into the record; the card led now (None between tricks)."""
    if step < 4:
        result.record = with_answer(p, answer)
        return None
    if lead is None:
        return answer
    result.record = replace(result.record, tricks=(*(result.record.tricks or ()), (lead, answer)))
    return None


def play_deal(record: DealRecord, seat: int, aids: Aids, keeper: Keeper,
              number: int | None = None) -> Generator[Event, str | None, DealResult]:
    """One deal against the engine, the player at ``seat`` (module docstring); its result (``stopped`` when he
    quit: the record saved as far as it went)."""
    result = DealResult(record, seat)
    step, lead = 0, None
    marks: list[_Mark] = []
    undone: dict[tuple, _Mark] = {}  # (step, record, lead) of a decision taken back: its mark
    shown = (0, 0)  # the totals of the last score event
    while step < LAST_STEP:
        p = _position(result.record, step, lead)
        if p.seat != seat:
            t = time.perf_counter()
            answer = engine_answer(p)
            spent = time.perf_counter() - t
            result.engine_seconds.append(spent)
            yield EnginePlayed(p, answer, spent)
        elif (made := forced(p, aids)) is not None:
            answer = made[0]
            yield PlayedForYou(p, answer, made[1])
        else:
            if p.stage == "exchange":  # his ranking begins as he is asked; elder's: the engine's, dealer, too
                begin_exchange(p, engine_deals=True)
            out = yield from ask(p, number, aids, undoable=bool(marks))
            if out == QUIT:
                result.stopped = True
                break
            if out == UNDO:
                m = marks.pop()
                undone[(m.step, m.record, m.lead)] = m
                result.taken_back.add(m.index)
                keeper.take_back(m.row)
                step, lead, result.record = m.step, m.lead, m.record
                keeper.save(result.record)
                yield TakenBack(_position(m.record, m.step, m.lead), m.answer)
                now = _totals_at(result.record, step)
                if now != shown:
                    yield _score_change("undo", None, shown, now, result.record, step, seat)
                    shown = now
                continue
            g = grade(p, out.value)
            first = undone.get((step, result.record, lead))
            if first is None:
                marks.append(_Mark(step, result.record, lead, len(result.grades), keeper.keep(p, g, out), g.answer))
                result.grades.append((p, g, out))
            else:  # a decision taken back, answered again: its first grade stands
                marks.append(replace(first, answer=g.answer))
            yield Graded(p, g, out, again=first is not None)
            answer = out.value
        lead = _apply(result, step, lead, p, answer)
        step += 1
        if step <= 4 or lead is None:
            keeper.save(result.record)
        if step == 4:
            line = announced_score(result.record, seat)
            yield replace(line, points=(line.totals[0] - shown[0], line.totals[1] - shown[1]))
            shown = line.totals
        elif step > 4 and lead is None:
            now = _totals_at(result.record, step)
            yield _score_change("trick", len(result.record.tricks or ()), shown, now, result.record, step, seat)
            shown = now
    if not result.stopped:
        d = check_record(result.record)
        end = finish(play_context(d).state(d.tricks), d.rules).totals
        result.totals = end
        yield ScoreLine("end", None, (end[0] - shown[0], end[1] - shown[1]), end, (), 0, seat)
    keeper.save(result.record)
    return result


def _state_at(record: DealRecord, step: int) -> Any:
    """The play's position at ``step`` (None before the play)."""
    if step < 4:
        return None
    d = check_record(record)
    return play_context(d).state(d.tricks)


def _totals_at(record: DealRecord, step: int) -> tuple[int, int]:
    """The deal's totals at ``step`` (before the play: nothing yet)."""
    state = _state_at(record, step)
    return (0, 0) if state is None else state.totals


def _score_change(after: str, trick: int | None, shown: tuple[int, int], now: tuple[int, int], record: DealRecord,
                  step: int, seat: int) -> ScoreLine:
    """A score event from ``shown`` to ``now``, with what elder still needs for a pique."""
    state = _state_at(record, step)
    needs = 0 if state is None else _needs(state, check_record(record).rules)
    return ScoreLine(after, trick, (now[0] - shown[0], now[1] - shown[1]), now, (), needs, seat)


# --- a partie, the drills, the mistakes --------------------------------------------------------------------------


def partie(rules: Any, seat: int, deals: int | None, seed: int, folder: Path, aids: Aids,
           keeper: Keeper) -> Generator[Event, str | None, None]:
    """Deals against the engine, elder and dealer alternating (``seat``: his in deal 1), until the partie ends
    (or ``deals``); each deal's record saved in ``folder``."""
    from ..game.partie import DealTotals, score_partie
    from .practice_deal import new_record

    played: list[DealTotals] = []
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for k in range(deals or 20):
        me = (seat + k) % 2  # his seat this deal: player 1 is elder in odd deals
        score = None
        if played:
            t = score_partie(rules, played).totals
            score = (t[0], t[1]) if k % 2 == 0 else (t[1], t[0])
        path = folder / f"practice-{stamp}-{seed + k}.pqn"
        keeper.start(path)
        result = yield from play_deal(new_record(rules.name, seed + k, k + 1, score), me, aids, keeper, k + 1)
        sheet = None
        if result.totals is not None:
            e, d = result.totals
            played.append(DealTotals((e, d) if k % 2 == 0 else (d, e)))
            p = score_partie(rules, played)
            sheet = {"you": p.totals[seat], "engine": p.totals[1 - seat], "finished": p.finished,
                     "deals": len(played)}
        yield DealEnded(result, str(path), k + 1, sheet)
        if result.stopped or (sheet is not None and sheet["finished"] and deals is None):
            return


def given_deal(given: DealRecord, seat: int, folder: Path, aids: Aids,
               keeper: Keeper) -> Generator[Event, str | None, None]:
    """``practice --deal``: a given deal's dealt hands and talon played from ``seat``, the engine in the other
    (the same deal again with the seats swapped: the other ``seat``); its record saved in ``folder``."""
    said = f"piquet-calc practice --deal, {SEAT_NAMES[seat]}" + (f": {given.comment}" if given.comment else "")
    record = DealRecord(rules=given.rules, dealt=given.dealt, talon=given.talon, deal=given.deal, score=given.score,
                        comment=said)
    path = folder / f"practice-{time.strftime('%Y%m%d-%H%M%S')}-deal-{SEAT_NAMES[seat]}.pqn"
    keeper.start(path)
    result = yield from play_deal(record, seat, aids, keeper, 1)
    yield DealEnded(result, str(path), 1, None)


@dataclass(frozen=True)
class Serving:
    """A position served alone (a drill, a mistake): its number; for a mistake, his answer before and its id."""

    position: Question
    number: int
    was: str | None = None
    id: int | None = None


def serve(items: Iterable[Serving], aids: Aids, keeper: Keeper) -> Generator[Event, str | None, None]:
    """Each position asked, graded and kept as a row (a mistake's row names the decision it serves again, which
    the schedule moves by his first answer to it); ``undo`` takes back the last one answered and asks it again."""
    pending: deque[Serving] = deque()
    source = iter(items)
    done: list[tuple[Serving, int | None, str]] = []  # served, its row, his last answer
    undone: dict[int, int | None] = {}  # id() of a position taken back: its row
    moved: set[int] = set()  # mistakes whose schedule moved
    while True:
        item = pending.popleft() if pending else next(source, None)
        if item is None:
            return
        out = yield from ask(item.position, item.number, aids, undoable=bool(done))
        if out == QUIT:
            return
        if out == UNDO:
            last, row, answered = done.pop()
            undone[id(last)] = row
            keeper.take_back(row)
            pending.extendleft((item, last))
            yield TakenBack(last.position, answered)
            continue
        g = grade(item.position, out.value)
        again = id(item) in undone
        if again:  # its first grade stands
            row = undone[id(item)]
        else:
            row = keeper.keep(item.position, g, out, serves=item.id)
            if item.id is not None and item.id not in moved:
                keeper.served(item.id, g.cost <= 1e-9)
                moved.add(item.id)
        done.append((item, row, g.answer))
        yield Graded(item.position, g, out, item.was, item.id, again)


def drills(kind: str, rules: str, seed: int, count: int, seat: int | None, records: list[DealRecord], aids: Aids,
           keeper: Keeper) -> Generator[Event, str | None, None]:
    """``count`` drill positions (analysis/practice_deal.py's ``drill_positions``), served."""
    from .practice_deal import drill_positions

    positions = drill_positions(kind, rules, seed, count, seat, records)
    yield from serve((Serving(p, n) for n, p in enumerate(positions, 1)), aids, keeper)


def mistakes(due: list[Any], min_cost: float, aids: Aids, keeper: Keeper) -> Generator[Event, str | None, None]:
    """The history's decisions ``due`` (its Leitner round) served again, the answer hidden: found (no cost) moves
    one back a box, missed brings it to box 1. Each answer is kept as a row serving the decision again (kept under
    ``mistakes round N`` unless the keeper names its deal)."""
    from .practice import position_from_data

    if keeper.history is not None and not keeper.deal:
        keeper.deal = f"mistakes round {keeper.history.round}"
    if not due:
        yield NothingDue(f"no decision that cost {min_cost:g} points or more is due")
        return
    yield from serve((Serving(position_from_data(d.position), n, d.answer, d.id) for n, d in enumerate(due, 1)),
                     aids, keeper)


__all__ = ["LAST_STEP", "QUIT", "UNDO", "AnswerRefused", "Answered", "Aids", "Asked", "DealEnded", "DealResult",
           "EnginePlayed", "Event", "Graded", "HintGiven", "Keeper", "NothingDue", "PlayedForYou", "ScoreLine",
           "Serving", "Session", "TakenBack", "announced_score", "ask", "decision_row", "drills", "drive", "forced",
           "given_deal", "lost_by_stage", "mistakes", "partie", "play_deal", "serve", "sure_winners"]
