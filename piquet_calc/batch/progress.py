"""Progress of a batch on stderr: lines done of the total, failed, the rate, the time left.

On a terminal one line is rewritten in place (at most 5 times a second); else a line of its own every
EVERY seconds, so that a log of a long run stays short. The time left is the rate so far times the lines
still to run; unknown (not shown) when the input is a pipe, whose length is known only at its end.
"""

from __future__ import annotations

import time
from typing import TextIO

from .run import Tally

PROG = "piquet-calc"
EVERY = 10.0  # seconds between progress lines when stderr is not a terminal
TTY_EVERY = 0.2


def progress_line(done: int, failed: int, total: int | None, elapsed: float) -> str:
    """What the run has done, in one line.

    >>> progress_line(120, 3, 200, 6.0)
    'piquet-calc: batch: 120 of 200 lines, 3 failed, 20.0 lines/s, about 4s left'
    >>> progress_line(5, 0, None, 2.0)
    'piquet-calc: batch: 5 lines, 0 failed, 2.5 lines/s'
    """
    rate = done / elapsed if elapsed > 0 else 0.0
    line = f"{PROG}: batch: {done:,}{f' of {total:,}' if total is not None else ''} lines, {failed:,} failed, "
    line += f"{rate:,.1f} lines/s"
    if total is not None and rate > 0:
        line += f", about {(total - done) / rate:,.0f}s left"
    return line


class Progress:
    """Calls ``(tally)`` after each line written; ``finish(tally)`` says the summary."""

    def __init__(self, stream: TextIO, total: int | None, quiet: bool) -> None:
        self.stream, self.total, self.quiet = stream, total, quiet
        self.start = self.last = time.monotonic()
        try:
            self.tty = stream.isatty()
        except (AttributeError, OSError, ValueError):
            self.tty = False
        self.shown = False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # stderr gone: the run goes on without progress
            self.quiet = True

    def __call__(self, tally: Tally) -> None:
        now = time.monotonic()
        if self.quiet or now - self.last < (TTY_EVERY if self.tty else EVERY):
            return
        self.last, self.shown = now, True
        todo = None if self.total is None else self.total - tally.skipped
        line = progress_line(tally.done, tally.failed, todo, now - self.start)
        self._write(f"\r{line}\033[K" if self.tty else line + "\n")

    def finish(self, tally: Tally) -> None:
        """The summary: always when a line failed (with --quiet too), else unless --quiet."""
        elapsed = time.monotonic() - self.start
        if self.quiet and not tally.failed:
            return
        skipped = f", {tally.skipped:,} already written" if tally.skipped else ""
        line = (f"{PROG}: batch: {tally.done:,} lines in {elapsed:.1f}s ({tally.done / max(elapsed, 1e-9):,.1f} "
                f"lines/s){skipped}; {tally.failed:,} failed")
        self._write(("\r" if self.tty and self.shown else "") + line + ("\033[K" if self.tty else "") + "\n")
