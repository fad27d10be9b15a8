"""Progress on stderr for the long commands (discard, declare for three or four players)."""

from __future__ import annotations

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
    """Progress of a whole-deal analysis on stderr, with an estimate of the time left."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), 0.0, False
        self.first: tuple[float, int] | None = None
        self.tty = sys.stderr.isatty()

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
        sys.stderr.write(f"\r{PROG}: {done:,} of about {total:,} deals judged in {now - self.start:.0f}s, "
                         f"about {left:.0f}s left  " + ("" if self.tty else "\n"))
        sys.stderr.flush()

    def finish(self) -> None:
        if self.shown and self.tty:
            sys.stderr.write(f"\r{PROG}: done in {time.monotonic() - self.start:.0f}s" + " " * 40 + "\n")
            sys.stderr.flush()
