"""The keys that decide the declarations between two hands, packed into integers, and their codes.

All that decides point, sequence, sets and repique between two hands is a handful of keys and scores
(``_holding_key``); a draw's keys are coded into small dense numbers (``_key_codes``, ``_holding_codes``:
only the values that can differ in a comparison keep their own code) so that a final hand's key and a
holding's key compare as integers (``_coded_hand_key``, ``_coded_holding_key``).
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .. import layout  # noqa: E402
from ..jit import INLINED, JIT  # noqa: E402


@numba.njit(**JIT)
def _holding_key(f, cb):
    """A holding's hand_features and carte blanche points packed in one integer (fields of 6, 7 or 8
    bits, the point key above them): holdings with equal keys score alike against any hand."""
    return ((((((f[layout.FEATURE_POINT] << 7) | f[layout.FEATURE_SEQUENCE]) << 6
                | f[layout.FEATURE_SEQUENCE_SCORE]) << 6 | f[layout.FEATURE_SETS]) << 6
              | f[layout.FEATURE_SETS_SCORE]) << 6 | cb) << 8 | f[layout.FEATURE_CARTE_ROUGE]


@numba.njit(**JIT)
def _code_marked(codes):
    """``codes``, 1 at each marked point, sequence and set key (segments at 0, POINT_KEYS and POINT_KEYS +
    SEQUENCE_KEYS), made into each key's 2 x (marked keys of its kind below it) + (whether it is marked)."""
    sequences, sets = layout.POINT_KEYS, layout.POINT_KEYS + layout.SEQUENCE_KEYS  # where each segment starts
    for lo, hi in ((0, sequences), (sequences, sets), (sets, sets + layout.SET_KEYS)):
        below = 0
        for v in range(lo, hi):
            marked = codes[v]
            codes[v] = 2 * below + marked
            below += marked


@numba.njit(**INLINED)
def _compared_keys(key):
    """The point, sequence and set keys in a _holding_key."""
    return key >> 39, (key >> 32) & 127, (key >> 20) & 63


@numba.njit(**JIT)
def _key_codes(fe, n_disc, codes):
    """A holding's point, sequence and set keys are only ever compared with the final hands of the
    same draw: ``codes`` gives each key as 2 x (how many of those hands' distinct keys are below it)
    + (whether it is one of them), which compares with the hands' codes as the keys do."""
    codes[:] = 0
    for d in range(n_disc):
        codes[fe[d, layout.FEATURE_POINT]] = 1
        codes[layout.POINT_KEYS + fe[d, layout.FEATURE_SEQUENCE]] = 1
        codes[layout.POINT_KEYS + layout.SEQUENCE_KEYS + fe[d, layout.FEATURE_SETS]] = 1
    _code_marked(codes)


@numba.njit(**JIT)
def _holding_codes(raw_key, n_hold, codes):
    """_key_codes the other way round: each key as 2 x (how many of the draw's holdings' distinct keys
    are below it) + (whether it is one of them). Two final hands' keys with the same code meet no
    holding's key between them or at either: they compare alike with every holding."""
    codes[:] = 0
    for h in range(n_hold):
        pk, sk, tk = _compared_keys(raw_key[h])
        codes[pk] = 1
        codes[layout.POINT_KEYS + sk] = 1
        codes[layout.POINT_KEYS + layout.SEQUENCE_KEYS + tk] = 1
    _code_marked(codes)


@numba.njit(**INLINED)
def _coded_hand_key(f, codes, cb, weak, rouge):
    """What _against_holdings reads of a final hand (hand_features ``f``, carte blanche points ``cb``),
    its keys as _holding_codes: final hands with equal values score alike against every holding of
    the draw. A hand that cannot reach the pique band or repique even winning every class (below
    ``weak``) keeps only whether it scores in each class: its exact scores are added up after."""
    ps, ss, ts = f[layout.FEATURE_POINT_SCORE], f[layout.FEATURE_SEQUENCE_SCORE], f[layout.FEATURE_SETS_SCORE]
    if cb + ps + ss + ts + rouge * np.int64(f[layout.FEATURE_CARTE_ROUGE] > 0) < weak:
        ps, ss, ts = min(ps, 1), min(ss, 1), min(ts, 1)
    return ((((((codes[f[layout.FEATURE_POINT]] << 4 | ps) << 8
                | codes[layout.POINT_KEYS + f[layout.FEATURE_SEQUENCE]]) << 6 | ss) << 7
              | codes[layout.POINT_KEYS + layout.SEQUENCE_KEYS + f[layout.FEATURE_SETS]]) << 6 | ts) << 8
            ) | f[layout.FEATURE_CARTE_ROUGE]


@numba.njit(**INLINED)
def _coded_holding_key(key, codes, exact_from, rouge):
    """_holding_key with its keys replaced by their _key_codes (and the point score kept apart):
    holdings equal in this score alike against every final hand of the draw. A holding whose
    declarations, all won, stay below ``exact_from`` keeps only whether it has a sequence and a set:
    its exact scores matter only summed (_against_holdings reads the sums)."""
    pk, sk, tk = _compared_keys(key)
    ps = pk >> 7
    ss = (key >> 26) & 63
    ts = (key >> 14) & 63
    cb = (key >> 8) & 63
    if cb + ps + ss + ts + rouge * np.int64((key & 255) > 0) < exact_from:
        ss, ts = min(ss, 1), min(ts, 1)
    return (((((((codes[pk] << 4 | ps) << 8 | codes[layout.POINT_KEYS + sk]) << 6 | ss) << 7
              | codes[layout.POINT_KEYS + layout.SEQUENCE_KEYS + tk]) << 6 | ts) << 14) | (key & 0x3FFF))


@numba.njit(**JIT)
def _unpack_coded_key(key, row):
    """_coded_holding_key into (pk, ps, sk, ss, tk, ts, cb, rb), the rows _against_holdings reads."""
    row[0] = key >> 45
    row[1] = (key >> 41) & 15
    row[2] = (key >> 33) & 255
    row[3] = (key >> 27) & 63
    row[4] = (key >> 20) & 127
    row[5] = (key >> 14) & 63
    row[6] = (key >> 8) & 63
    row[7] = key & 255
