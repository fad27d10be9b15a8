"""Public API: what practice's session speaks (analysis/practice_session.py has the whole story): the player's
answer, a deal's result, the events, the aids, what a graded decision leaves behind (``Keeper``, ``decision_row``:
the one place a decision becomes a history row), and one question asked until it is answered (``ask``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from ..cards import DECK, HAND_SIZE
from ..game.play import SEAT_NAMES
from ..history.stats import lost_by_stage
from ..record.record import DealRecord, content_key, read_pqn, write_pqn
from ..record.record_check import check_record
from .practice import (
    AnswerError,
    PlayerAnswer,
    Question,
    begin_exchange,
    hint,
    hint_judge,
    parse_answer,
    position_data,
)

LAST_STEP = 4 + 2 * HAND_SIZE  # the exchanges (2), the announcements (2), the cards (24)
QUIT, UNDO = "quit", "undo"


# --- the player's answer and a deal's result ----------------------------------------------------------------------


@dataclass(frozen=True)
class Answered:
    """The player's answer, whether he took a hint first, and his time in seconds."""

    value: PlayerAnswer
    hint: bool = False
    seconds: float = 0.0


@dataclass
class DealResult:
    """One deal as played: its record (as far as it went), every grade (position, grade, answer; taken back
    ones too, their indices in ``taken_back``), the totals (None when stopped), the engine's decision times."""

    record: DealRecord
    seat: int
    grades: list[tuple[Question, Any, Answered]] = field(default_factory=list)
    totals: tuple[int, int] | None = None
    stopped: bool = False
    engine_seconds: list[float] = field(default_factory=list)
    taken_back: set[int] = field(default_factory=set)

    def costliest(self, n: int = 3) -> list[tuple[int, str]]:
        """The review's three costliest decisions of the player (analysis/review.py's ``costliest``)."""
        from .review import Review

        exchange = tuple(g.detail for _, g, _ in self.grades if g.stage == "exchange")
        cards = tuple(g.detail for _, g, _ in self.grades if g.stage == "card")
        r = Review(check_record(self.record), (self.seat,), exchange, (), cards, (), 0.0)
        return r.costliest(n)

    @property
    def lost_by_stage(self) -> dict[str, float | None]:
        """Points lost by stage (history/stats.py's ``lost_by_stage``, as review and ``--stats`` sum them)."""
        return lost_by_stage((g.stage, g.cost) for _, g, _ in self.grades)


# --- the events ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    kind: ClassVar[str] = "ask"
    position: Question
    number: int | None
    again: bool = False


@dataclass(frozen=True)
class HintGiven:
    kind: ClassVar[str] = "hint"
    position: Question
    best: str
    price: str
    judge: dict[str, Any] = field(default_factory=dict)  # its judge: model; a sampled one's seed, samples


@dataclass(frozen=True)
class AnswerRefused:
    kind: ClassVar[str] = "error"
    message: str


@dataclass(frozen=True)
class Graded:
    kind: ClassVar[str] = "graded"
    position: Question
    grade: Any
    answered: Answered
    was: str | None = None  # --mistakes: his answer before
    id: int | None = None  # --mistakes: the decision served again
    again: bool = False  # an answer to a decision taken back: not kept again (its first answer's grade stands)


@dataclass(frozen=True)
class EnginePlayed:
    kind: ClassVar[str] = "engine"
    position: Question
    answer: PlayerAnswer
    seconds: float


@dataclass(frozen=True)
class PlayedForYou:
    kind: ClassVar[str] = "forced"
    position: Question
    answer: PlayerAnswer
    why: str


@dataclass(frozen=True)
class TakenBack:
    kind: ClassVar[str] = "undone"
    position: Question
    answer: str


@dataclass(frozen=True)
class ScoreLine:
    """``after``: announcements, trick, end or undo; ``points`` (elder, dealer) since the last score event,
    ``totals`` the deal's so far; ``classes`` (after the announcements): (class, elder's, the dealer's, the seats
    that sank something in it); ``needs``: what elder still needs for a pique (0: not live); ``seat``: the
    player's."""

    kind: ClassVar[str] = "score"
    after: str
    trick: int | None
    points: tuple[int, int]
    totals: tuple[int, int]
    classes: tuple[tuple[str, int, int, tuple[int, ...]], ...]
    needs: int
    seat: int


@dataclass(frozen=True)
class DealEnded:
    kind: ClassVar[str] = "deal"
    result: DealResult
    record: str
    number: int
    partie: dict[str, Any] | None


@dataclass(frozen=True)
class NothingDue:
    kind: ClassVar[str] = "none"
    message: str


Event = (Asked | HintGiven | AnswerRefused | Graded | EnginePlayed | PlayedForYou | TakenBack | ScoreLine | DealEnded
         | NothingDue)
Session = Generator[Event, "str | None", Any]


def drive(session: Session, answer: Callable[[Asked], str | None]) -> list[Event]:
    """Run ``session`` to its end, ``answer(ask)`` giving each line (None: quit); every event, in order."""
    events: list[Event] = []
    reply: str | None = None
    while True:
        try:
            event = session.send(reply)
        except StopIteration:
            return events
        events.append(event)
        reply = answer(event) if isinstance(event, Asked) else None


# --- the aids -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Aids:
    """The aids, each a toggle (module docstring); kept in the history's settings as ``on``/``off``."""

    play_forced: bool = True
    hints: bool = True
    announce_in_full: bool = False

    KEYS: ClassVar[tuple[str, ...]] = ("play_forced", "hints", "announce_in_full")

    @classmethod
    def from_settings(cls, saved: dict[str, str], given: dict[str, bool | None] | None = None) -> Aids:
        """The aids saved (``on``/``off``; anything else: the default), then those ``given`` (None: not given)."""
        values = {k: saved[k] == "on" for k in cls.KEYS if saved.get(k) in ("on", "off")}
        values.update({k: v for k, v in (given or {}).items() if v is not None and k in cls.KEYS})
        return cls(**values)

    def settings(self) -> dict[str, str]:
        return {k: "on" if getattr(self, k) else "off" for k in self.KEYS}


def sure_winners(p: Question) -> bool:
    """He has the lead and every card he holds is the best unplayed of its suit as he knows it (the higher cards
    all his, played, or his own discards): every trick left is his, in any order."""
    if p.stage != "card" or p.led is not None:
        return False
    d = p.checked
    known = set(p.hand) | {c for trick in d.tricks for c in trick} | set(d.discards[p.seat] or ())
    return all(x in known for c in p.hand for x in DECK if x.suit == c.suit and x.rank > c.rank)


def forced(p: Question, aids: Aids) -> tuple[PlayerAnswer, str] | None:
    """The decision the aids make for him at ``p``, and why; None: he is asked."""
    if p.stage == "announce" and aids.announce_in_full:
        return None, "announced in full"
    if p.stage != "card" or not aids.play_forced:
        return None
    legal = p.legal
    if len(legal) == 1:
        return legal[0], "the only legal card"
    if sure_winners(p):
        return max(legal, key=lambda c: (c.rank, -int(c.suit))), "your sure winners"
    return None


# --- what a decision leaves behind --------------------------------------------------------------------------------


def decision_row(p: Question, g: Any, took_hint: bool, deal: str, source: str, when: float | None = None,
                 serves: int | None = None):
    """A graded decision as the history's row (history/schema.py's ``DecisionRow``): practice's, its drills',
    ``--mistakes``' (``serves``: the id of the decision served again) and review ``--save``'s."""
    from ..history import DecisionRow

    return DecisionRow(None, deal, g.stage, SEAT_NAMES[g.seat], p.rules.name, position_data(p), g.answer, g.best,
                    float(g.cost), None if g.dd_cost is None else float(g.dd_cost), bool(took_hint),
                    time.time() if when is None else when, source, model=g.model, se=g.se, samples=g.samples,
                    seed=g.seed, serves=serves)


class Keeper:
    """The history (None: nothing kept) and the record's file; ``source``: practice, drill or review; ``deal``:
    the name the rows are kept under."""

    def __init__(self, history: Any, source: str, deal: str = "") -> None:
        self.history, self.source, self.deal = history, source, deal
        self.path: Path | None = None

    def start(self, path: Path | None) -> None:
        """A new deal: its record's file (its name is the deal's)."""
        self.path = path
        self.deal = str(path) if path is not None else self.deal

    def keep(self, p: Question, g: Any, a: Answered, serves: int | None = None) -> int | None:
        """The graded decision added to the history, one transaction: its id. ``serves``: the id of the decision
        it serves again (``--mistakes``: the row is his new answer, never due itself)."""
        if self.history is None:
            return None
        return self.history.add(decision_row(p, g, a.hint, self.deal, self.source, serves=serves))

    def take_back(self, decision_id: int | None) -> None:
        if self.history is not None and decision_id is not None:
            self.history.take_back(decision_id)

    def served(self, decision_id: int, found: bool) -> None:
        """A mistake served again: the schedule moves it (history/store.py's ``served``)."""
        if self.history is not None:
            self.history.served(decision_id, found)

    def save(self, record: DealRecord) -> None:
        """The record so far, written whole (a temporary file renamed over the last)."""
        if self.path is None:
            return
        import os

        tmp = self.path.with_suffix(".pqn.tmp")
        text = write_pqn(record)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.path)
        if self.history is not None:  # the deal's content as it now stands: review --save of it adds nothing
            self.history.keep_deal(content_key(read_pqn(text)), self.deal)


# --- one question -------------------------------------------------------------------------------------------------


def _typed(p: Question, line: str) -> str:
    """His line as parse_answer reads it: ``none`` or ``-`` the empty discard, ``full`` the announcements."""
    word = line.strip()
    if p.stage == "exchange" and word.lower() in ("none", "-"):
        return "-"
    return word


def ask(p: Question, number: int | None, aids: Aids, undoable: bool) -> Generator[Event, str | None, Any]:
    """Ask ``p`` until he answers: an ``Answered``, or QUIT, or UNDO (only when ``undoable``)."""
    if p.stage == "exchange":
        begin_exchange(p)  # the ranking begins while he thinks
    took_hint = False
    t = time.monotonic()
    line = yield Asked(p, number)
    while True:
        if line is None:
            return QUIT
        word = line.strip().lower()
        if word in ("quit", "q"):
            return QUIT
        if word == "undo":
            if undoable:
                return UNDO
            yield AnswerRefused("nothing to take back")
        elif word == "hint":
            if aids.hints:
                best, price = hint(p)
                took_hint = True
                yield HintGiven(p, best, price, hint_judge(p))
            else:
                yield AnswerRefused("hints are off (practice --hints turns them on)")
        elif word:
            try:
                return Answered(parse_answer(p, _typed(p, line)), took_hint, time.monotonic() - t)
            except AnswerError as e:
                yield AnswerRefused(" ".join(str(e).split()))
        line = yield Asked(p, number, again=True)


__all__ = ["QUIT", "UNDO", "AnswerRefused", "Answered", "Aids", "Asked", "DealEnded", "DealResult", "EnginePlayed",
           "Event", "Graded", "HintGiven", "Keeper", "NothingDue", "PlayedForYou", "ScoreLine", "Session",
           "TakenBack", "ask", "decision_row", "drive", "forced", "lost_by_stage", "sure_winners"]
