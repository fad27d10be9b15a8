"""Progress on stderr for the long commands (discard, declare for three or four players, discard --play).

Once a run has taken more than a second:

* on a terminal, rich's progress bar, redrawn in place: the stage, the bar, done of total, the time taken
  and the time left, on one line fitted to the window (``fit``: the stage is shortened first, then the bar,
  the count and the time taken go; the time left stays);
* piped or to a file, a plain line now and then (``progress_line``);
* with ``--quiet`` (``enabled=False``), nothing.

What the commands call (and other commands may): ``_Progress(enabled)`` and ``_DealProgress(enabled)``, each a
``progress(done, total)`` callable for an analysis; ``_DealProgress`` also takes ``stage(words)`` and
``finish()``. The time left is the work left at the recent rate (``TimeLeft``). rich is imported only when a
bar is shown: ``--help`` and the short runs do without it.
"""

from __future__ import annotations

import atexit
import sys
import time
from collections import deque
from typing import Any

from . import streams
from .common import PROG

SHOW_AFTER = 1.0  # seconds: a shorter run shows no progress
PIPED_EVERY = 2.0  # seconds between two plain lines of a whole-deal analysis on a pipe
PIPED_STEP = 0.25  # the fraction done between two plain lines of an exact analysis on a pipe
WINDOW = 5.0  # seconds of recent progress the rate is measured on
SAMPLE_GAP = 0.05  # seconds: reports closer than this count as one point of the rate's line
MEASURED = 1.0  # seconds of progress before a time left is given
BAR_MOST, BAR_LEAST = 24, 8  # the bar's widths: at most, and the least worth showing
STAGE_LEAST, STAGE_SHORTEST = 16, 4  # the stage's width before the bar gives way; the least worth showing


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


def clock(seconds: float | None) -> str:
    """Seconds as a clock, ``m:ss`` or ``h:mm:ss``; ``-:--`` when unknown.

    >>> clock(5.4), clock(75), clock(3725), clock(None)
    ('0:05', '1:15', '1:02:05', '-:--')
    """
    if seconds is None:
        return "-:--"
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def fit(width: int, stage: int, count: int, taken: int, left: int) -> tuple[int, int, bool, bool]:
    """How one progress line fits a ``width``-column terminal, its parts one space apart: the stage's width
    (of ``stage`` characters; 0: not shown), the bar's (0: not shown), and whether the count and the time
    taken are shown. The stage is shortened first (to STAGE_LEAST), then the bar (to BAR_LEAST, then gone),
    then the stage again; then the count goes, then the time taken; the time left is always shown. The last
    column stays free (a line as wide as the terminal wraps on some).

    >>> fit(200, 44, 31, 4, 9)
    (44, 24, True, True)
    >>> fit(100, 44, 31, 4, 9)
    (27, 24, True, True)
    >>> fit(80, 44, 31, 4, 9)
    (16, 15, True, True)
    >>> fit(70, 44, 31, 4, 9)
    (22, 0, True, True)
    >>> fit(40, 44, 31, 4, 9)
    (24, 0, False, True)
    >>> fit(12, 44, 31, 4, 9)
    (0, 0, False, False)
    """
    room = width - 1 - left - (count + 1) - (taken + 1)
    shown_count = shown_taken = True
    if room < 0:
        shown_count, room = False, room + count + 1
    if room < 0:
        shown_taken, room = False, room + taken + 1
    bar = min(BAR_MOST, room - min(stage, STAGE_LEAST) - 2 if stage else room - 1)
    if bar < BAR_LEAST:
        bar = 0
    stage_w = min(stage, room - (bar + 1 if bar else 0) - 1)
    return (stage_w if stage_w >= STAGE_SHORTEST else 0), bar, shown_count, shown_taken


class _Bar:
    """rich's progress on the terminal, one task, redrawn in place (rich.live) until ``stop``; gone when
    stopped (the command's output, or a last line, comes next). Lines written to stderr meanwhile (the first
    run's notice, an error) appear above it; the output is written after it is gone (streams.BEFORE_OUTPUT)."""

    def __init__(self, console: Any, started: float, stage: str, done: int, total: int, count: str,
                 left: float | None) -> None:
        from rich.progress import BarColumn, Progress
        from rich.table import Table
        from rich.text import Text

        class _Line(Progress):
            """One line: the stage, the bar, the count, the time taken and the time left, as ``fit`` says."""

            def make_tasks_table(self, tasks: Any) -> Table:
                table = Table.grid(padding=(0, 1))
                for task in tasks:
                    f = task.fields
                    count, taken, left = f["count"], clock(time.monotonic() - started), f"{clock(f['left'])} left"
                    stage_w, bar_w, show_count, show_taken = fit(self.console.width, len(f["stage"]), len(count),
                                                                 len(taken), len(left))
                    cells: list[Any] = [Text(f["stage"], no_wrap=True, overflow="ellipsis")] if stage_w else []
                    if bar_w:
                        bar.bar_width = bar_w
                        cells.append(bar(task))
                    cells += [count] * show_count + [taken] * show_taken + [left]
                    for j in range(len(cells)):
                        table.add_column(no_wrap=True, width=stage_w if stage_w and j == 0 else None)
                    table.add_row(*cells)
                return table

        bar = BarColumn()
        self.progress = _Line(console=console, transient=True, refresh_per_second=5, redirect_stdout=False,
                              redirect_stderr=True)
        self.task = self.progress.add_task("", completed=done, total=total, stage=stage, count=count, left=left)
        self.progress.start()
        streams.BEFORE_OUTPUT.append(self.stop)
        atexit.register(self.stop)  # a run that ends in an error still gives the terminal its cursor back

    def update(self, stage: str, done: int, total: int, count: str, left: float | None) -> None:
        self.progress.update(self.task, completed=done, total=total, stage=stage, count=count, left=left)

    def stop(self) -> None:
        if self.progress.live.is_started:
            self.progress.stop()
        if self.stop in streams.BEFORE_OUTPUT:
            streams.BEFORE_OUTPUT.remove(self.stop)
        atexit.unregister(self.stop)


class _Safe:
    """stderr for rich: a write that fails (the terminal gone) silences it and the run goes on."""

    def __init__(self, stream: Any) -> None:
        self.stream, self.broken = stream, False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                return self.stream.write(text)
            except (OSError, ValueError):
                self.broken = True
                streams.silence(self.stream)
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self.broken = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _terminal() -> Any:
    """A rich console on stderr if stderr is an interactive terminal (not TERM=dumb), else None."""
    try:
        if not sys.stderr.isatty():
            return None
    except (AttributeError, OSError, ValueError):
        return None
    from rich.console import Console

    console = Console(file=_Safe(sys.stderr), markup=False, emoji=False, highlight=False)
    return console if console.is_interactive else None


class _Shown:
    """What both kinds of progress share: shown after a second, a bar on a terminal, plain lines elsewhere."""

    _COUNT = "{done:,} of {total:,} deals"  # the bar's count
    _END_AT_TOTAL = True  # the bar ends when done reaches total

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.shown = enabled, time.monotonic(), False
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

    def _plain(self, line: str) -> None:
        try:
            sys.stderr.write(line)
            sys.stderr.flush()
            self.shown = True
        except (OSError, ValueError):  # stderr closed or gone: the run goes on without progress
            streams.silence(sys.stderr)
            self.enabled = False

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
        self._plain(f"{PROG}: {done:,} of {total:,} deals ({100 * done / total:.0f}%) in {now - self.start:.1f}s\n")


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
        self._plain(progress_line(self.where, done, total, now - self.start, left))

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
