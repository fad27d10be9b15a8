"""Progress on stderr for the long commands (discard, declare for three or four players)."""

from __future__ import annotations

import shutil
import sys
import time

from . import streams
from .common import PROG


class _Progress:
    """Progress on stderr once a run has taken more than a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), -1.0, False
        try:
            self.tty = sys.stderr.isatty()
        except (AttributeError, OSError, ValueError):
            self.tty = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.start < 1.0:
            return
        step = 0.01 if self.tty else 0.25
        if done / total - self.last < step and done < total:
            return
        self.last, self.shown = done / total, True
        end = "\n" if (done >= total or not self.tty) else ""
        try:
            sys.stderr.write(f"\r{PROG}: {done:,} of {total:,} deals ({100 * done / total:.0f}%)"
                             f" in {now - self.start:.1f}s" + end)
            sys.stderr.flush()
        except (OSError, ValueError):  # stderr closed or gone: the run goes on without progress
            streams.silence(sys.stderr)
            self.enabled = False


class _DealProgress:
    """Progress of a whole-deal analysis on stderr: the stage it is in (the race's round, the order, the final
    round) and the time left, at most: the rate so far times the work the stages to come can still need
    (analysis.deal.plan_rows, an upper bound that only comes down as the race drops discards)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), 0.0, False
        self.first: tuple[float, int] | None = None
        self.tty = sys.stderr.isatty()
        self.where = "starting"

    def stage(self, text: str) -> None:
        """What the run starts on, in words (analyse_deal's ``stage``)."""
        self.where = text

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.first is None:  # the rate is measured from the first piece on (loading the kernels is behind)
            self.first = (now, done)
        if not self.enabled or now - self.start < 1.0 or now - self.last < (0.2 if self.tty else 2.0):
            return
        t0, d0 = self.first
        if done <= d0 or now <= t0:
            return
        self.last, self.shown = now, True
        left = (now - t0) * (total - done) / (done - d0)
        sys.stderr.write(progress_line(self.where, done, total, now - self.start, left,
                                       shutil.get_terminal_size().columns - 1 if self.tty else None))
        sys.stderr.flush()

    def finish(self) -> None:
        if self.shown and self.tty:
            done = f"{PROG}: done in {time.monotonic() - self.start:.0f}s"  # over the whole last line
            sys.stderr.write("\r" + done.ljust(shutil.get_terminal_size().columns - 1) + "\n")
            sys.stderr.flush()


def progress_line(where: str, done: int, total: int, elapsed: float, left: float, width: int | None) -> str:
    """One progress line of a whole-deal analysis: its stage, the deals judged of at most ``total``, the time
    left at most. ``width``: a terminal's, where the line is rewritten in place (cut to fit, padded to cover
    the last one); None: a line of its own.

    >>> progress_line("the race, round 2: 397 discards to 64 deals", 35600, 227904, 18.2, 35.4, None)
    'piquet-calc: the race, round 2: 397 discards to 64 deals; 35,600 of at most 227,904 deals judged in 18s, \
at most 35s left\\n'
    >>> len(progress_line("the final round", 1, 2, 1, 1, 40))
    41
    """
    line = (f"{PROG}: {where}; {done:,} of at most {total:,} deals judged in {elapsed:.0f}s, "
            f"at most {left:.0f}s left")
    if width is None:
        return line + "\n"
    return "\r" + (line if len(line) <= width else line[:width - 3] + "...").ljust(width)
