"""`piquet-calc warm`: compile every kernel once into numba's cache."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from . import streams
from .common import click_errors


def warm(
    only: Annotated[list[str] | None, typer.Option(help="Only this kernel family (repeatable): "
                                                   "declarations, play, deal, seen, normand-exchange, "
                                                   "normand-declare, four, normand-play, normand-deal.")] = None,
) -> None:
    """Compile every kernel once into numba's cache (after an install, or in a CI image): no later command waits."""
    from .. import warmup
    from ..engine import first_run

    names = list(only or [])
    unknown = [n for n in names if n not in first_run.FAMILIES]
    if unknown:
        raise click_errors.UsageError(f"--only: no kernel family {unknown[0]!r}: one of "
                                      f"{', '.join(first_run.FAMILIES)}")
    start = time.monotonic()
    done = warmup.warm(names)
    rest = [n for n in (names or first_run.FAMILIES) if n not in done]
    streams.write_out(f"compiled: {', '.join(done) or 'nothing'} ({time.monotonic() - start:.0f} s); "
                      f"already compiled: {', '.join(rest) or 'nothing'}\n")
