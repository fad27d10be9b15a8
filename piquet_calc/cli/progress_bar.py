"""The progress bar on a terminal (cli/progress.py's reporters draw it): rich's bar redrawn in place, one line fitted
to the window (``fit``), on a stderr whose failed writes silence it (``_Safe``); ``clock`` writes the times.
rich is imported only when a bar is shown.
"""

from __future__ import annotations

import atexit
import sys
import time
from typing import Any

from . import streams

BAR_MOST, BAR_LEAST = 24, 8  # the bar's widths: at most, and the least worth showing
STAGE_LEAST, STAGE_SHORTEST = 16, 4  # the stage's width before the bar gives way; the least worth showing


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
