"""`piquet-calc warm`: compile every kernel once into numba's cache; and the second process a first run
compiles a family in, beside the command (``aside``, engine/first_run.py)."""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from ..engine.families import FAMILIES
from . import streams
from .common import QuietOption, _silence, click_errors


def warm(
    only: Annotated[list[str] | None, typer.Option(help="Only this kernel family (repeatable): "
                                                   f"{', '.join(FAMILIES)}. Renamed: the families of three and "
                                                   "four players end with the game (exchange-normand was "
                                                   "normand-exchange, declarations-normand normand-declare, "
                                                   "declarations-four four, play-normand normand-play, "
                                                   "deal-normand normand-deal).")] = None,
    quiet: QuietOption = False,
) -> None:
    """Compile every kernel once into numba's cache (after an install, or in a CI image): no later command waits."""
    from .. import warmup
    from ..engine import first_run

    _silence(quiet)
    names = list(only or [])
    unknown = [n for n in names if n not in FAMILIES]
    if unknown:
        raise click_errors.UsageError(f"--only: no kernel family {unknown[0]!r}: one of "
                                      f"{', '.join(FAMILIES)}")
    first_run.compile_aside(None)  # this is the second process, or the user's warm: everything here
    start = time.monotonic()
    done = warmup.warm(names)
    rest = [n for n in (names or FAMILIES) if n not in done]
    streams.write_out(f"compiled: {', '.join(done) or 'nothing'} ({time.monotonic() - start:.0f} s); "
                      f"already compiled: {', '.join(rest) or 'nothing'}\n")


def aside(family: str) -> Callable[[], object] | None:
    """Start ``piquet-calc warm --only FAMILY`` in a second process (the same Python, environment and cache),
    silent; the function that waits for it. None on one core (nothing to gain) or if it cannot start. A
    process still running when this one ends (the command needed none of its kernels, or failed) is
    stopped: numba writes each cache file whole, so a stopped compile leaves nothing half-written."""
    if (os.cpu_count() or 1) < 2:
        return None
    try:  # run from the folder holding this package: `-m` finds this one first, whatever the user's folder holds
        process = subprocess.Popen([sys.executable, "-m", "piquet_calc", "warm", "--only", family],
                                   cwd=Path(__file__).resolve().parents[2], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        return None
    atexit.register(_stop, process)
    return process.wait


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
