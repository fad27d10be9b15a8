"""`piquet-calc practice`'s two faces, each a driver of the one session (analysis/practice_session.py): the line
protocol (one JSON event a line on stdout, one answer a line on stdin: when stdin is not a terminal, or --json)
and the terminal (the hand in suit symbols and colour, a prompt). Neither decides anything: each shows the
session's events and gives it the player's lines."""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from ..report import practice as out
from . import streams
from .common import PROG


def _run(session: Any, show: Any, read: Any) -> None:
    """Drive ``session``: every event shown; an ask answered by ``read(ask)`` (None: the end of input)."""
    reply: str | None = None
    while True:
        try:
            event = session.send(reply)
        except StopIteration:
            return
        show(event)
        reply = read(event) if event.kind == "ask" else None


def emit(event: dict[str, Any]) -> None:
    """One line of the protocol."""
    text = json.dumps(event, ensure_ascii=False)
    streams.write_out(json.dumps(event, ensure_ascii=not streams.can_show(text)) + "\n")
    sys.stdout.flush()


def run_lines(session: Any) -> None:
    """The line protocol: events on stdout, answers on stdin (the end of stdin quits)."""

    def read(_: Any) -> str | None:
        line = sys.stdin.readline() if sys.stdin is not None else ""
        return line.rstrip("\r\n") if line else None

    _run(session, lambda e: emit(out.event_data(e)), read)


def _colour() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def say(text: str) -> None:
    if not streams.can_show(text):
        text = streams.ascii_text(text)
    streams.write_out(text + "\n")
    sys.stdout.flush()


def run_terminal(session: Any) -> None:
    """The terminal: a question in full when first asked, then only its prompt; a typo is one line."""
    colour = _colour()

    def show(e: Any) -> None:
        if e.kind == "ask":
            if not e.again:
                say(out.question_text(e.position, e.number, colour))
        elif e.kind == "none":
            say(f"{PROG}: {e.message}")
        else:
            say(out.event_text(e, colour))

    def read(_: Any) -> str | None:
        try:
            return input("> ")
        except EOFError:
            return None

    _run(session, show, read)


__all__ = ["emit", "run_lines", "run_terminal", "say"]
