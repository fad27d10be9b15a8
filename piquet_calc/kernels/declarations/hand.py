"""A hand's features for the declarations: point, sequence, sets and carte rouge, from its mask.

``hand_features`` reads each suit's byte in the suit table (engine/rule_arrays.py, built from
game/declarations.py: the point, the best sequence and its score) and the set ranks, and returns the
tuple indexed by kernels.layout's FEATURE_* (the point and its score, the sequence key and score, the set key
and score, the carte rouge bits). ``dealer_profiles`` packs each suit's top card and length, all the pique
run reads of the dealer's hand; ``next_subset`` walks the subsets of a size (Gosper's hack).
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT  # noqa: E402
from ..layout import (  # noqa: E402
    PROFILE_BITS,
    PROFILE_TOPS,
    QUATORZE_KEY,
    RULE_CARTE_ROUGE,
    RULE_QUATORZE,
    RULE_SET_RANKS,
    RULE_TRIO,
    SUIT_CARD_COUNT,
    SUIT_IN_SEQUENCE,
    SUIT_POINT_KEY,
    SUIT_SEQUENCE_KEY,
    SUIT_SEQUENCE_POINTS,
    SUIT_TOP_RANK,
    TRIO_KEY,
)


@numba.njit(**JIT)
def next_subset(x):
    """Gosper's hack: the next integer with as many bits set (the next combination, as a mask)."""
    c = x & -x
    r = x + c
    return (((r ^ x) >> 2) // c) | r


@numba.njit(**INLINED)
def set_rules(params):
    """What hand_features reads of the rules, as scalars read once per kernel call: the ranks that make
    sets, trio and quatorze points, carte rouge points."""
    return params[RULE_SET_RANKS], params[RULE_TRIO], params[RULE_QUATORZE], params[RULE_CARTE_ROUGE]


@numba.njit(**INLINED)
def hand_features(mask, suit_tab, sr):
    """(point key, point score, sequence key, sequence score, set key, set score, carte rouge bits) of
    a hand (``sr``: set_rules); the carte rouge bits (see _rouge_bits) only under rules that score
    carte rouge."""
    set_ranks, trio_points, quatorze_points, rouge = sr
    point = 0
    seq = 0
    seq_score = 0
    s0 = mask & 255
    s1 = (mask >> 8) & 255
    s2 = (mask >> 16) & 255
    s3 = (mask >> 24) & 255
    for b in (s0, s1, s2, s3):
        point = max(point, suit_tab[b, SUIT_POINT_KEY])
        seq = max(seq, suit_tab[b, SUIT_SEQUENCE_KEY])
        seq_score += suit_tab[b, SUIT_SEQUENCE_POINTS]
    # ranks held in all four suits, and in at least three
    quatorzes = s0 & s1 & s2 & s3 & set_ranks
    trios = ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))) & set_ranks & ~quatorzes
    if quatorzes:
        set_key = QUATORZE_KEY + suit_tab[quatorzes, SUIT_TOP_RANK]  # engine.rule_arrays.set_code(4, rank)
    elif trios:
        set_key = TRIO_KEY + suit_tab[trios, SUIT_TOP_RANK]  # engine.rule_arrays.set_code(3, rank)
    else:
        set_key = 0
    set_score = quatorze_points * suit_tab[quatorzes, SUIT_CARD_COUNT] + trio_points * suit_tab[trios, SUIT_CARD_COUNT]
    # a set that scores nothing (trio_points or quatorze_points 0) has not scored: its cards are not covered
    rouge_bits = (_rouge_bits(mask, suit_tab, point, quatorzes * (quatorze_points > 0) | trios * (trio_points > 0))
                  if rouge else 0)
    return point, point >> 7, seq, seq_score, set_key, set_score, rouge_bits


@numba.njit(**INLINED)
def _rouge_bits(mask, suit_tab, point, set_ranks_held):
    """Carte rouge (game.declarations.is_carte_rouge) for each way of winning classes: bit w, for w = point won
    + 2 * sequence won + 4 * sets won, is set when the combinations that then score cover all 12 cards."""
    seq_cover = np.int64(0)
    point_suits = 0
    point_cover = np.int64(0)  # every best suit's cards
    for i in range(4):
        b = (mask >> (8 * i)) & 255
        seq_cover |= suit_tab[b, SUIT_IN_SEQUENCE] << (8 * i)
        if suit_tab[b, SUIT_POINT_KEY] == point:
            point_suits |= 1 << i
            point_cover |= np.int64(255) << (8 * i)
    r = np.int64(set_ranks_held)
    set_cover = (r | (r << 8) | (r << 16) | (r << 24)) & mask
    if ((seq_cover | set_cover | point_cover) & mask) != mask:
        return 0  # most hands: not even winning every class covers them
    bits = 0
    for w in range(8):
        cover = (seq_cover if w & 2 else 0) | (set_cover if w & 4 else 0)
        ok = (cover & mask) == mask
        if w & 1:
            for i in range(4):
                if (point_suits >> i) & 1 and ((cover | (np.int64(255) << (8 * i))) & mask) == mask:
                    ok = True
        bits |= np.int64(ok) << w
    return bits


@numba.njit(**JIT)
def dealer_profiles(dealer, suit_tab):
    """The dealer's four suits as the pique run sees them (tables.dealer_profile), 7 bits each."""
    p = np.int64(0)
    for s in range(4):
        b = (dealer >> (8 * s)) & 255
        p |= (((suit_tab[b, SUIT_TOP_RANK] + PROFILE_TOPS) % PROFILE_TOPS) * PROFILE_TOPS
              + suit_tab[b, SUIT_CARD_COUNT]) << (PROFILE_BITS * s)
    return p
