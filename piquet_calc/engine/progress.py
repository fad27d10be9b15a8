"""The shapes of the progress callbacks the analyses take, each defined once (the CLI's bars in cli/progress.py
are such callables; review's, which also names its stage, is analysis/review.py's ``ProgressByStage``)."""

from __future__ import annotations

from collections.abc import Callable

ProgressCount = Callable[[int], None]
"""``progress(done)``: how many pieces (deals, samples) are done so far."""
ProgressOfTotal = Callable[[int, int], None]
"""``progress(done, total)``: how many are done of how many in all."""

__all__ = ["ProgressCount", "ProgressOfTotal"]
