"""`piquet-calc practice`'s two faces: the line protocol (one JSON event a line on stdout, one answer a line on
stdin: when stdin is not a terminal, or --json) and the terminal (the hand in suit symbols and colour, a prompt),
both the player's ``Side`` of analysis/practice_deal.py; and what each decision leaves behind: its row in the
history (one transaction each) and the deal's record rewritten in the practice folder."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from ..analysis.practice import AnswerError, Grade, Position, hint, hint_judge, parse_answer, position_data
from ..analysis.practice_deal import Answered, Quit
from ..game.play import SEAT_NAMES
from ..record.record import DealRecord, write_pqn
from ..report import practice as out
from . import streams


class Recorder:
    """The history (None: not kept) and the record's file; ``source``: practice, drill or review."""

    def __init__(self, history: Any, source: str) -> None:
        self.history, self.source = history, source
        self.path: Path | None = None
        self.deal = ""

    def start(self, path: Path | None) -> None:
        self.path = path
        self.deal = str(path) if path is not None else self.deal

    def decision(self, p: Position, g: Grade, a: Answered) -> int | None:
        """The graded decision added to the history, one transaction."""
        if self.history is None:
            return None
        from ..history import Decision

        return self.history.add(Decision(None, self.deal, g.stage, SEAT_NAMES[g.seat], p.rules.name,
                                         position_data(p), g.answer, g.best, float(g.cost),
                                         None if g.dd_cost is None else float(g.dd_cost), a.hint,
                                         time.time(), self.source, g.model, g.se, g.samples, g.seed))

    def save(self, record: DealRecord) -> None:
        """The record so far, written whole (a temporary file renamed over the last)."""
        if self.path is None:
            return
        tmp = self.path.with_suffix(".pqn.tmp")
        tmp.write_text(write_pqn(record), encoding="utf-8")
        os.replace(tmp, self.path)


class LineSide:
    """The line protocol: events on stdout, answers on stdin; ``quit`` (or the end of stdin) stops."""

    def __init__(self, recorder: Recorder, quiet: bool = False) -> None:
        self.recorder, self.quiet, self.number = recorder, quiet, None

    def emit(self, event: dict[str, Any]) -> None:
        streams.write_out(json.dumps(event, ensure_ascii=not streams.can_show(json.dumps(event, ensure_ascii=False)))
                          + "\n")
        sys.stdout.flush()

    def ask(self, p: Position) -> Answered:
        event = out.ask_event(p, self.number)
        took_hint = False
        t = time.monotonic()
        self.emit(event)
        while True:
            line = sys.stdin.readline()
            if not line or line.strip().lower() == "quit":
                raise Quit
            if line.strip().lower() == "hint":
                best, price = hint(p)
                took_hint = True
                self.emit(out.hint_event(best, price, **hint_judge(p)))
                self.emit(event)
                continue
            try:
                return Answered(parse_answer(p, line), took_hint, time.monotonic() - t)
            except AnswerError as e:
                self.emit(out.error_event(streams.one_line(str(e))))
                self.emit(event)

    def graded(self, p: Position, g: Grade, a: Answered) -> None:
        self.recorder.decision(p, g, a)
        self.emit(out.graded_event(p, g, a))

    def engine(self, p: Position, answer: Any, seconds: float) -> None:
        self.emit(out.engine_event(p, answer, seconds))

    def saved(self, record: DealRecord) -> None:
        self.recorder.save(record)

    def deal_end(self, data: dict[str, Any]) -> None:
        self.emit(data)


def _colour() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


class TerminalSide:
    """The terminal: the hand in suit symbols (ASCII where the terminal cannot show them) and colour, a prompt;
    a typo is one line and the question again."""

    def __init__(self, recorder: Recorder, quiet: bool = False) -> None:
        self.recorder, self.quiet, self.number = recorder, quiet, None
        self.colour = _colour()

    def say(self, text: str) -> None:
        if not streams.can_show(text):
            text = streams.ascii_text(text)
        streams.write_out(text + "\n")
        sys.stdout.flush()

    def ask(self, p: Position) -> Answered:
        self.say(out.question_text(p, self.number, self.colour))
        took_hint = False
        t = time.monotonic()
        while True:
            try:
                line = input("> ")
            except EOFError:
                raise Quit from None
            word = line.strip().lower()
            if word in ("quit", "q"):
                raise Quit
            if word == "hint":
                best, price = hint(p)
                took_hint = True
                self.say(f"  hint: {best} ({price})")
                continue
            try:
                return Answered(parse_answer(p, line), took_hint, time.monotonic() - t)
            except AnswerError as e:
                self.say(f"  {streams.one_line(str(e))}: try again")

    def graded(self, p: Position, g: Grade, a: Answered) -> None:
        self.recorder.decision(p, g, a)
        self.say(out.graded_text(g))

    def engine(self, p: Position, answer: Any, seconds: float) -> None:
        self.say(out.engine_text(p, answer, self.colour))

    def saved(self, record: DealRecord) -> None:
        self.recorder.save(record)

    def deal_end(self, data: dict[str, Any]) -> None:
        self.say(out.deal_text(data))


__all__ = ["LineSide", "Recorder", "TerminalSide"]
