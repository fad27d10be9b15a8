"""Progress on stderr for the long commands (discard, declare for three or four players, discard --play).

Once a run has taken more than a second:

* on a terminal, rich's progress bar, redrawn in place (cli/progress_bar.py): the stage, the bar, done of
  total, the time taken and the time left, on one line fitted to the window (``fit``: the stage is shortened
  first, then the bar, the count and the time taken go; the time left stays);
* piped or to a file, a plain line now and then (``progress_line``);
* with ``--quiet`` (``enabled=False``), nothing.

What the commands call (and other commands may): ``_Progress(enabled)`` and ``_DealProgress(enabled)``, each a
``progress(done, total)`` callable for an analysis; ``_DealProgress`` also takes ``stage(words)`` and
``finish()``. The time left is the work left at the recent rate (``TimeLeft``). rich is imported only when a
bar is shown: ``--help`` and the short runs do without it.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections import deque
from typing import TYPE_CHECKING, Any, TextIO

from ..analysis.pace import Pace
from . import streams
from .common import PROG
from .progress_bar import _Bar, _terminal, clock

if TYPE_CHECKING:
    from ..batch.run import Tally

SHOW_AFTER = 1.0  # seconds: a shorter run shows no progress
PIPED_EVERY = 2.0  # seconds between two plain lines of a whole-deal analysis on a pipe
PIPED_STEP = 0.25  # the fraction done between two plain lines of an exact analysis on a pipe
WINDOW = 5.0  # seconds of recent progress the rate is measured on
SAMPLE_GAP = 0.05  # seconds: reports closer than this count as one point of the rate's line
MEASURED = 1.0  # seconds of progress before a time left is given
TTY_EVERY = 0.2  # seconds between two rewrites of review's and batch's line on a terminal
BATCH_EVERY = 10.0  # seconds between two lines of a batch on a pipe


class TimeLeft:
    """The time left: the work left at the recent rate, the slope of a straight line fitted to the progress of
    the last ``WINDOW`` seconds, from the first piece done on (loading the kernels, before it, is not the
    work's pace). None until ``MEASURED`` seconds of work have been seen.

    Why a fitted slope: pieces finish in bursts, one on each worker thread at about the same moment (the
    first ones all together, after the kernels are loaded). A rate measured from the first report, as it was,
    counted the second thread's first piece as done in no time: the time left came out too short, then rose
    (1 s, then 2 s, in the race's first round); measured from a point that moves with a window, it would
    saw-tooth as that point falls before or after a burst. A line through all the recent reports is steady
    through both. A recent rate also follows the stages of a whole-deal analysis, whose rows cost more as
    fewer discards share each deal (docs/engine.md, "Progress")."""

    def __init__(self) -> None:
        self.seen: deque[tuple[float, int]] = deque()

    def __call__(self, now: float, done: int, total: int) -> float | None:
        if done <= 0:  # nothing done yet (the kernels compiling): not a point of the work's pace
            return None
        seen = self.seen
        if len(seen) > 1 and now - seen[-2][0] < SAMPLE_GAP:
            seen[-1] = (now, done)  # reports closer than SAMPLE_GAP: the last one stands for them
        else:
            seen.append((now, done))
        while len(seen) > 2 and now - seen[0][0] > WINDOW:
            seen.popleft()
        if now - seen[0][0] < MEASURED:
            return None
        t_mean = sum(t for t, _ in seen) / len(seen)
        d_mean = sum(d for _, d in seen) / len(seen)
        rate = (sum((t - t_mean) * (d - d_mean) for t, d in seen) / sum((t - t_mean) ** 2 for t, _ in seen))
        return max(0.0, (total - done) / rate) if rate > 0 else None


class Reporter:
    """What every progress on stderr shares: off with ``--quiet`` (``enabled`` False), timed from its start, a
    write that fails (stderr closed or gone) silences it and the run goes on. ``stream``: where it writes
    (None: ``sys.stderr`` as it is at each write; batch passes the stderr it found, as each line's run swaps it)."""

    def __init__(self, enabled: bool, stream: TextIO | None = None) -> None:
        self.enabled, self._stream = enabled, stream
        self.start, self.last, self.shown = time.monotonic(), 0.0, False

    @property
    def stream(self) -> TextIO:
        return self._stream or sys.stderr

    def interactive(self) -> bool:
        """Is the stream a terminal (a line is then rewritten in place)?"""
        try:
            return self.stream.isatty()
        except (AttributeError, OSError, ValueError):
            return False

    def _paced(self, now: float, every: float) -> bool:
        """Is a line due, ``every`` seconds after the last (then it counts as written now)?"""
        if now - self.last < every:
            return False
        self.last = now
        return True

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
            self.shown = True
        except (OSError, ValueError):  # stderr closed or gone: the run goes on without progress
            streams.silence(self.stream)
            self.enabled = False


class _Shown(Reporter):
    """What both kinds of progress share: shown after a second, a bar on a terminal, plain lines elsewhere."""

    _COUNT = "{done:,} of {total:,} deals"  # the bar's count
    _END_AT_TOTAL = True  # the bar ends when done reaches total

    def __init__(self, enabled: bool) -> None:
        super().__init__(enabled)
        self.left = TimeLeft()
        self.bar: _Bar | None = None
        self.console: Any = None
        self.tty: bool | None = None  # decided when first shown
        self.where = ""

    def _show(self, done: int, total: int, count: str, left: float | None) -> bool:
        """Update the bar (True), or say a plain line is due (False)."""
        if self.tty is None:
            self.console = _terminal()
            self.tty = self.console is not None
        if not self.tty:
            return False
        if self.bar is None:
            self.bar = _Bar(self.console, self.start, self.where, done, total, count, left)
        else:
            self.bar.update(self.where, done, total, count, left)
        self.shown = True
        if self.console.file.broken:
            self.enabled = False
            self.bar.stop()
        return True

    def _stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def _due(self, done: int, total: int) -> tuple[float, float | None] | None:
        """The start of every progress call: None when nothing more is to do (progress off, the first second not
        over, or the bar updated, and ended when all are done where ``_END_AT_TOTAL``), else (now, the time left)
        for a plain line that may be due."""
        if not self.enabled:
            return None
        now = time.monotonic()
        left = self.left(now, done, total)  # from the first piece on, shown or not
        if now - self.start < SHOW_AFTER:
            return None
        if self._show(done, total, self._COUNT.format(done=done, total=total), left):
            if self._END_AT_TOTAL and done >= total:
                self._stop()
            return None
        return now, left


class _Progress(_Shown):
    """Progress of an exact analysis (``progress(done, total)``, deals): the bar ends when all are done."""

    def __init__(self, enabled: bool) -> None:
        super().__init__(enabled)
        self.last = -1.0

    def __call__(self, done: int, total: int) -> None:
        due = self._due(done, total)
        if due is None:
            return
        now = due[0]
        if done / total - self.last < PIPED_STEP and done < total:
            return
        self.last = done / total
        self._write(f"{PROG}: {done:,} of {total:,} deals ({100 * done / total:.0f}%) in {now - self.start:.1f}s\n")


class _DealProgress(_Shown):
    """Progress of a whole-deal analysis: the stage it is in (the race's round, the order, the final round),
    the (deal, discard) rows judged of at most ``total`` (analysis.deal.plan_rows, an upper bound that only
    comes down as the race drops discards), the time left at the recent rate (``TimeLeft``)."""

    _COUNT = "{done:,} of at most {total:,} deals"
    _END_AT_TOTAL = False  # finish() ends the bar

    def __init__(self, enabled: bool) -> None:
        super().__init__(enabled)
        self.last = 0.0
        self.where = "starting"

    def stage(self, text: str) -> None:
        """What the run starts on, in words (analyse_deal's ``stage``)."""
        self.where = text

    def __call__(self, done: int, total: int) -> None:
        due = self._due(done, total)
        if due is None:
            return
        now, left = due
        if now - self.last < PIPED_EVERY or left is None:
            return
        self.last = now
        self._write(progress_line(self.where, done, total, now - self.start, left))

    def finish(self) -> None:
        """The run is over: the bar gives way to one line saying how long it took."""
        if self.bar is not None:
            self._stop()
            streams.write_err(f"{PROG}: done in {clock(time.monotonic() - self.start)}")


def progress_line(where: str, done: int, total: int, elapsed: float, left: float) -> str:
    """One plain progress line of a whole-deal analysis (stderr piped or a file): its stage, the deals judged
    of at most ``total``, the time taken and the time left.

    >>> progress_line("the race, round 2: 397 discards to 64 deals", 35600, 227904, 18.2, 35.4)
    'piquet-calc: the race, round 2: 397 discards to 64 deals; 35,600 of at most 227,904 deals judged in 18s, \
about 35s left\\n'
    """
    return (f"{PROG}: {where}; {done:,} of at most {total:,} deals judged in {elapsed:.0f}s, "
            f"about {left:.0f}s left\n")


class ReviewProgress(Reporter):
    """Progress of ``review`` once it has taken a second: the decision it is on, how many of all, the time
    taken (analysis/review.py's stage words); on a terminal one line rewritten in place, padded to the window."""

    def __init__(self, enabled: bool) -> None:
        super().__init__(enabled)
        self.tty = self.interactive()

    def __call__(self, where: str, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.start < SHOW_AFTER or not self._paced(now, TTY_EVERY if self.tty else
                                                                                  PIPED_EVERY):
            return
        line = f"{PROG}: review: {where} ({done} of {total} decisions) in {now - self.start:.0f}s"
        if self.tty:
            width = shutil.get_terminal_size().columns - 1
            self._write("\r" + line[:width].ljust(width))
        else:
            self._write(line + "\n")

    def finish(self) -> None:
        """The review is over: on a terminal, its line gives way to how long it took."""
        if self.shown and self.tty and self.enabled:
            width = shutil.get_terminal_size().columns - 1
            self._write("\r" + f"{PROG}: review done in {time.monotonic() - self.start:.0f}s".ljust(width) + "\n")


def batch_line(done: int, failed: int, total: int | None, rate: float | None) -> str:
    """What a batch has done, in one line; the rate (lines a second, analysis/pace.py: None while it is not
    measured on finished lines) and the time left once it is.

    >>> batch_line(120, 3, 200, 20.0)
    'piquet-calc: batch: 120 of 200 lines, 3 failed, 20.0 lines/s, about 4s left'
    >>> batch_line(5, 0, None, 2.5)
    'piquet-calc: batch: 5 lines, 0 failed, 2.5 lines/s'
    >>> batch_line(1, 0, 200, None)
    'piquet-calc: batch: 1 of 200 lines, 0 failed'
    """
    line = f"{PROG}: batch: {done:,}{f' of {total:,}' if total is not None else ''} lines, {failed:,} failed"
    if rate is not None and rate > 0:
        line += f", {rate:,.1f} lines/s"
        if total is not None:
            line += f", about {max(0, total - done) / rate:,.0f}s left"
    return line


class BatchProgress(Reporter):
    """Progress of ``batch`` (batch/run.py's ``drive`` calls it with the tally after each line written): lines done
    of the total, failed, the rate and the time left (the lines still to run at the rate since the first line was
    done, analysis/pace.py: the first line's compiling is not the pace; unknown when the input is a pipe).
    On a terminal one line rewritten in place at most 5 times a second; else a line of its own every
    ``BATCH_EVERY`` seconds, so that a long run's log stays short. ``finish(tally)`` says the summary."""

    def __init__(self, stream: TextIO, total: int | None, quiet: bool) -> None:
        super().__init__(not quiet, stream)
        self.total, self.last, self.tty = total, self.start, self.interactive()
        self.pace = Pace()

    def __call__(self, tally: Tally) -> None:
        now = time.monotonic()
        rate = self.pace.rate(tally.done, now)  # every line counts, shown or not
        if not self.enabled or not self._paced(now, TTY_EVERY if self.tty else BATCH_EVERY):
            return
        todo = None if self.total is None else self.total - tally.skipped
        line = batch_line(tally.done, tally.failed, todo, rate)
        self._write(f"\r{line}\033[K" if self.tty else line + "\n")

    def finish(self, tally: Tally) -> None:
        """The summary: always when a line failed (with --quiet too), else unless --quiet."""
        elapsed = time.monotonic() - self.start
        if not self.enabled and not tally.failed:
            return
        skipped = f", {tally.skipped:,} already written" if tally.skipped else ""
        line = (f"{PROG}: batch: {tally.done:,} lines in {elapsed:.1f}s ({tally.done / max(elapsed, 1e-9):,.1f} "
                f"lines/s){skipped}; {tally.failed:,} failed")
        self._write(("\r" if self.tty and self.shown else "") + line + ("\033[K" if self.tty else "") + "\n")
