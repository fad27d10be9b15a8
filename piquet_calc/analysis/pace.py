"""The time left of a long run, measured on finished work only (issue 49): review's exact analysis and its cards,
and batch's lines (cli/progress.py) say "about Ns left" from a ``Pace``.

What came before the first piece of work was done is not the work's pace: the kernels compiled into an empty
cache (minutes), the tables loaded. A rate taken from the start of the run counted that time as the first piece's,
and the first line said "about 269548s left" at 0%. A ``Pace`` starts its clock when the first piece is done and
gives a time left only once more pieces are done after it, over at least ``MEASURED`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable

MEASURED = 1.0  # seconds of finished work (after the first piece) before a time left is given


class Pace:
    """``left(done, total)``: the seconds left at the rate of the work finished since the first piece was done,
    or None while it is not measured (nothing done yet, nothing done since, or less than ``MEASURED`` seconds of
    it). ``rate(done)``: pieces a second on the same measure, or None.

    >>> clock = iter([0.0, 120.0, 121.0, 122.0]).__next__  # a first piece after 120 s of compiling
    >>> pace = Pace(clock)
    >>> pace.left(0, 100), pace.left(1, 100)  # nothing done; the first piece: the clock starts
    (None, None)
    >>> pace.left(11, 100), pace.left(21, 100)  # ten a second since
    (8.9, 7.9)
    """

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.clock = clock or (lambda: time.monotonic())  # read at each call (a test may set the clock)
        self.first: tuple[float, int] | None = None  # (when, done) at the first report with work done

    def rate(self, done: int, now: float | None = None) -> float | None:
        now = self.clock() if now is None else now
        if done <= 0:
            return None
        if self.first is None or done < self.first[1]:  # the first piece done (or a count that started again)
            self.first = (now, done)
            return None
        t1, d1 = self.first
        if done == d1 or now - t1 < MEASURED:
            return None
        return (done - d1) / (now - t1)

    def left(self, done: int, total: int, now: float | None = None) -> float | None:
        rate = self.rate(done, now)
        return None if rate is None else max(0, total - done) / rate


__all__ = ["MEASURED", "Pace"]
