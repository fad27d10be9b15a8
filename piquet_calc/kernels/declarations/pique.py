"""Pique and repique before the play: the run that piques, who can reach it, and their counts.

Elder's pique run (``run_points``) is the points he is sure to make leading out his winners before the
dealer takes a trick (``run_tab`` gives it per suit against the dealer's top card and length, packed);
``repique_reached`` and ``pique_live`` state when repique is won and when pique is still possible.
The fast engine counts pique over many holdings at once: holdings whose suits look alike to the run
(``_canonical_profiles``) are one entry, merged by id (``_merge_by_id``) when many final hands check them;
``_elder_piques`` and ``_dealer_piques`` count the holdings where each side's run reaches pique.
"""

from __future__ import annotations

from .. import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from ..jit import INLINED, JIT  # noqa: E402
from ..layout import (  # noqa: E402
    PROFILE_TOPS,
    PROFILES,
    RULE_LAST_LEAD,
    RULE_LAST_TRICK,
    RULE_LEAD,
    RULE_SCORING_RANKS,
    RULE_SEVENTH,
    RULE_WIN_OWN,
)
from .hand import dealer_profiles  # noqa: E402


@numba.njit(**INLINED)
def _packed_points(packed, params):
    """Run points from the four suits' run-table entries added up (game.declarations.run_points)."""
    cashed = packed & 15
    scoring = (packed >> 4) & 15
    all_cashed = np.int64(cashed == 12)
    kept_scoring = np.int64((packed >> 8) > 0)
    lead, last_lead = params[RULE_LEAD], params[RULE_LAST_LEAD]
    return (scoring * (lead + params[RULE_WIN_OWN]) + np.int64(cashed >= 7) * params[RULE_SEVENTH]
            + all_cashed * (params[RULE_LAST_TRICK] + np.int64(scoring > 0) * (last_lead - lead))
            + (1 - all_cashed) * kept_scoring * (lead + np.int64(cashed == 11) * (last_lead - lead)))


@numba.njit(**INLINED)
def _run_packed(elder, profiles, run_tab):
    return (run_tab[(elder & 255) * PROFILES + (profiles & 127)]
            + run_tab[((elder >> 8) & 255) * PROFILES + ((profiles >> 7) & 127)]
            + run_tab[((elder >> 16) & 255) * PROFILES + ((profiles >> 14) & 127)]
            + run_tab[((elder >> 24) & 255) * PROFILES + ((profiles >> 21) & 127)])


@numba.njit(**JIT)
def run_points(elder, dealer, suit_tab, run_tab, params):
    """Elder's pique-run points (game.declarations.pique_run): the cashed tricks, then one more lead or the last."""
    packed = _run_packed(elder, dealer_profiles(dealer, suit_tab), run_tab)
    return _packed_points(packed, params)


@numba.njit(**JIT)
def min_run_points(params):
    """What elder's run scores at least: one lead when every card scores, else possibly nothing."""
    return params[RULE_LEAD] if params[RULE_SCORING_RANKS] == 255 else 0


@numba.njit(**JIT)
def max_run_points(params):
    """The most elder's run can score: all twelve cashed, or eleven and the last lead."""
    trick = params[RULE_LEAD] + params[RULE_WIN_OWN]
    return max(12 * trick + params[RULE_LAST_LEAD] - params[RULE_LEAD] + params[RULE_LAST_TRICK],
               11 * trick + params[RULE_LAST_LEAD]) + params[RULE_SEVENTH]


@numba.njit(**INLINED)
def repique_reached(a1, a2, a3, a4, a5, b1, b2, b3, b4, b5, threshold):
    """game.declarations.repique_reached on the five running totals of each side (carte blanche, point,
    sequence, sets, carte rouge): side a reaches the threshold at a step where side b has nothing."""
    return (((a1 >= threshold) & (b1 == 0)) | ((a2 >= threshold) & (b2 == 0)) | ((a3 >= threshold) & (b3 == 0))
            | ((a4 >= threshold) & (b4 == 0)) | ((a5 >= threshold) & (b5 == 0)))


@numba.njit(**INLINED)
def pique_live(elder_total, dealer_total, repique_at, pique_at, most_in_play):
    """game.declarations.pique_live: the dealer at nothing, elder short of repique, and within
    ``most_in_play`` of the pique threshold."""
    return (dealer_total == 0) & (elder_total < repique_at) & (elder_total + most_in_play >= pique_at)


@numba.njit(**INLINED)
def _elder_piques(me, keys, weights, n, run_tab, params):
    """Pique deals for elder ``me`` against dealer holdings given as ``keys`` (run points needed
    << 28 | suit profiles), each standing for ``weights`` holdings."""
    count = 0
    for j in range(n):
        points = _packed_points(_run_packed(me, keys[j] & 0xFFFFFFF, run_tab), params)
        count += weights[j] * (points >= keys[j] >> 28)
    return count


@numba.njit(**JIT)
def _elder_piques_unmerged(me, need, n_u, p_start, p_prof, p_weight, run_tab, params):
    """_elder_piques straight from each marked distinct holding's profiles (for a lone final hand,
    where merging would cost more than it saves)."""
    count = 0
    for r in range(n_u):
        if need[r] > 0:
            for j in range(p_start[r], p_start[r + 1]):
                points = _packed_points(_run_packed(me, p_prof[j], run_tab), params)
                count += p_weight[j] * (points >= need[r])
    return count


@numba.njit(**JIT)
def _canonical_profiles(elder_cards, canon):
    """``canon[s, profile]``: one representative for the dealer's suit-``s`` profiles (tables.dealer_profile)
    that no hand of elder's within ``elder_cards`` can tell apart in the pique run.

    Elder's cashed cards in a suit depend on the dealer's top card only through which of elder's cards
    are above it, so every top in one gap between elder's possible ranks is the gap's highest (which
    keeps the table entry valid: no fewer free ranks below). And on the dealer's length only through
    whether elder's cards above his top are at least as many: a length beyond all of them is one more
    than their number. Fewer distinct profiles, the same run for every final hand of the draw."""
    for s in range(4):
        u = (elder_cards >> (8 * s)) & 255
        canon[s, 8 * PROFILE_TOPS] = 8 * PROFILE_TOPS  # void: top 'none' (8), length 0
        for top in range(8):
            higher = u & ~((2 << top) - 1)  # elder's possible ranks above the dealer's top
            t_star = 7
            if higher:
                low = 0
                while not (higher >> low) & 1:
                    low += 1
                t_star = low - 1
            n_above = 0
            for r in range(t_star + 1, 8):
                n_above += (u >> r) & 1
            for count in range(1, 9):
                canon[s, top * PROFILE_TOPS + count] = t_star * PROFILE_TOPS + min(count, n_above + 1)


@numba.njit(**INLINED)
def _canonical(profiles, canon):
    q = np.int64(0)
    for s in range(4):
        q |= canon[s, (profiles >> (7 * s)) & 127] << (7 * s)
    return q


@numba.njit(**JIT)
def _merge_by_id(need, n_u, p_start, pid, pid_prof, p_weight, n_need, dense, out_key, out_weight):
    """Elder's marked entries of one group, (run points needed, profile), added up: both are small
    integers (a profile by its id in the draw), so a dense array does what a hash table would.
    Writes ``out_key`` (need << 28 | profile) and ``out_weight``; leaves ``dense`` zero. Returns how many."""
    n = 0
    for r in range(n_u):
        if need[r] > 0:
            for j in range(p_start[r], p_start[r + 1]):
                idx = pid[j] * n_need + need[r]
                if dense[idx] == 0:
                    out_key[n] = idx
                    n += 1
                dense[idx] += p_weight[j]
    for t in range(n):
        idx = out_key[t]
        out_weight[t] = dense[idx]
        dense[idx] = 0
        q = idx // n_need
        out_key[t] = ((idx - q * n_need) << 28) | pid_prof[q]
    return n


@numba.njit(**JIT)
def _dealer_piques(me_profiles, elders, needs, n, run_tab, params):
    """Pique deals against the dealer (profiles ``me_profiles``) for the listed elder holdings."""
    count = 0
    for j in range(n):
        count += _packed_points(_run_packed(elders[j], me_profiles, run_tab), params) >= needs[j]
    return count
