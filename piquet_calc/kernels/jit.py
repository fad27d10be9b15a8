"""The jit options every kernel module compiles with, set in one place; importing it readies numba's cache.

``JIT``: no GIL (the engine runs kernels from worker threads), cached (kernels/cache.py chooses where, or
turns caching off when no folder can hold it), numpy's error model (no checks for division by zero).
``INLINED``: the same, inlined by numba itself wherever the function is called: for small functions
called once per hand, holding, entry or node, where the call measured slower (12% less time in the
declaration counts for about a second more compiling); each inlined copy costs compile time.
``called(kernel)``: an INLINED kernel compiled once more as a function that is called, not inlined, for
the few places that run it a few times a solve (one body, two ways of calling it).
Every kernel module imports this one before it defines a kernel: kernels/cache.py's stamp is installed
here.
"""

from __future__ import annotations

from typing import Any

from . import cache

cache.configure()
cache.stamp_with_package()  # before any kernel is defined: every kernel stamped with all of kernels/

import numba  # noqa: E402

JIT = dict(nogil=True, cache=cache.ENABLED, error_model="numpy")
INLINED = dict(JIT, inline="always")


def called(kernel: Any) -> Any:
    """The INLINED ``kernel``'s own body compiled as a called function (JIT), for the places that run it a few
    times a solve: each inlined copy costs numba seconds of compiling (benchmarks/RESULTS.md, Start-up) and
    none of them is hot. The callers that run it in the search's loop inline ``kernel`` itself."""
    return numba.njit(**JIT)(kernel.py_func)
