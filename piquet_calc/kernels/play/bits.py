"""Bit tricks on 32-bit card masks (bit ``suit * 8 + rank``), shared by the play solver's rooms.

``_bit_index``: the index of a single set bit (de Bruijn multiplication); ``_popcount``: the bits set (SWAR);
``_TOP8``: the highest rank held in a suit's byte; ``_PACK8``: a byte's bits packed down to their places
among another byte's bits (x86's pext on one byte), for the transposition table's keys by relative rank.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import JIT  # noqa: E402

# de Bruijn table: the index of a single set bit below 2**32
_DEBRUIJN = np.array([0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
                      31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9], dtype=np.int64)
def _compaction_table() -> np.ndarray:
    """``[ls << 8 | es]``: the bits of ``es`` (a subset of ``ls``) packed down to their places among ``ls``'s
    bits (x86's pext on one byte), for the table's keys by relative rank."""
    t = np.zeros(1 << 16, dtype=np.uint8)
    for ls in range(256):
        places = [r for r in range(8) if ls >> r & 1]
        for es in range(256):
            if es & ~ls == 0:
                t[ls << 8 | es] = sum(1 << k for k, r in enumerate(places) if es >> r & 1)
    return t


_PACK8 = _compaction_table()
_TOP8 = np.array([-1] + [int(b).bit_length() - 1 for b in range(1, 256)], dtype=np.int64)


@numba.njit(**JIT)
def _bit_index(b):
    return _DEBRUIJN[((b * 0x077CB531) & 0xFFFFFFFF) >> 27]


@numba.njit(**JIT)
def _popcount(x):
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24
