"""The play solver: the exact double-dummy value of the play of a deal, both hands known (numba).

The rules are not decided here: ``game/play.py`` states them in plain Python and this module is tested
equal to it (``tests/test_play.py``); the numbers come packed by ``engine.play.play_params`` in the
order of ``kernels.layout.PLAY_RULE_*``.

Values are elder's final total for the deal minus the dealer's; elder maximises it and the dealer
minimises it (each maximising his own total minus the other's). ``_search`` returns the *future*
value of a position: what the rest of the play adds to that difference (the trick points, pique, the
cards or capot, and the deal bonus).

A position between tricks is ``(em, dm, leader, et, dt, diff, need)``: the cards left in elder's and
the dealer's hands (32-bit masks, bit ``suit * 8 + rank``), who leads (0 elder, 1 dealer), the tricks
each has won, elder's total minus the dealer's so far (it matters only for the deal bonus), and the
points elder still needs for pique (0 when pique is no longer live).

The search (after dds-bridge/dds's account of its own, scaled to two hands and a points score):

* zero-window alpha-beta searches over whole tricks (the leader's card, then the follower's), driven
  by MTD(f) from the value of a quick playout, its steps doubling and then halving the interval
  left; a transposition table keyed by relative ranks (positions whose live cards lie alike in every
  suit share an entry) keeps a lower and an upper bound of each position's value and its best lead;
  the line and the equally good cards are found by zero-window searches on the warm table; the
  table is small (2**16 rows, 1.5 MB: one solve stores a few thousand positions), so that its rows
  stay in the core's cache;
* equivalent cards played once: of a player's cards of one suit with no live card of the opponent
  (or the card led) between them and on the same side of the scoring rank, one stands for all;
* move ordering: the table's best lead first, then sure winners (scoring ones, and those of suits
  long in the leader's hand and short in the opponent's, first), then losing leads (scoring ones,
  and those of suits the opponent holds few of, first); the follower tries his lowest winning
  card, then his lowest card (the first reply tried refutes the lead 99% of the time it can be
  refuted; probing the table for a reply that refutes at once cost more time than it saved);
* quick-trick bounds: the leader's worst (he cashes his sure winners, the opponent takes every
  other trick at the most a trick can bring him) and his best (he takes every trick), tested
  before a position is searched; two cards each are solved directly; and when the leader can cash
  every card he holds (in each suit, the opponent void or holding no more cards than the leader
  has above the opponent's best), the rest of the play is scored at once. The bounds and the cash
  are used only where winning every trick cannot be worse for him (``win_opponent_lead <= lead +
  win_own_lead``, and for the cash the last lead's extra only with every card scoring), which holds
  for every preset.

Interface for other kernels (issue 14's sampler calls it from worker threads; everything here is
``nogil``): ``solve_deal(elder_mask, dealer_mask, params, elder_before, dealer_before, pique_live, tt)``
returns ``(value, elder_play, dealer_play)``: elder's final deal total minus the dealer's, and the
points each side gains in the play (trick points, pique, the cards or capot, the deal bonus) along one
optimal line. ``params`` is ``engine.play.play_params(rules)``; ``tt`` is a transposition table from
``new_table()`` (one per thread: a table is never shared by two solves at once); ``elder_before`` and
``dealer_before`` are the declaration totals with repique; ``pique_live`` is whether elder may still
pique (no repique, the dealer at nothing).
"""

from __future__ import annotations

from . import cache

cache.configure()

import numba  # noqa: E402
import numpy as np  # noqa: E402

from .declarations import INLINED, JIT  # noqa: E402  (the jit options, set in one place)
from .layout import (  # noqa: E402
    PLAY_RULE_CAPOT,
    PLAY_RULE_CAPOT_CARDS,
    PLAY_RULE_CAPOT_LAST,
    PLAY_RULE_CARDS,
    PLAY_RULE_DEAL_BONUS,
    PLAY_RULE_LAST_LEAD,
    PLAY_RULE_LAST_TRICK,
    PLAY_RULE_LEAD,
    PLAY_RULE_PIQUE_AT,
    PLAY_RULE_PIQUE_BONUS,
    PLAY_RULE_SCORING_RANK,
    PLAY_RULE_SEVENTH,
    PLAY_RULE_WIN_OPP,
    PLAY_RULE_WIN_OWN,
    TRANSPOSITION_BITS,
    TRANSPOSITION_COLUMNS,
)

INF = 30000  # beyond any value; bounds are kept in 16 bits with this offset
OFFSET = 32768
STAMP_LIMIT = 1 << 20
DIFF_OFFSET = 1024  # the deal's difference so far, in the key when a deal bonus reads it (11 bits)
# The difference so far that keeps the key's 11 bits whatever the rest of the play adds (at most 200 with every
# bonus, pique included: 800 + 200 < 1024); engine.play and solve_deal refuse more
MAX_DIFF = 800
MAX_PASSES = 64  # zero-window passes of one MTD(f) search: a sound search needs about 2 log2(INF)
LINE_TRICKS = 25  # solve_line's line[LINE_TRICKS]: the tricks it wrote
MAX_CARDS = 16  # moves at one ply (at most 12)
ROWS = 2 * 13 + 2  # move-buffer rows: two per number of cards left

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


def new_table(bits: int = TRANSPOSITION_BITS) -> np.ndarray:
    """A transposition table of 2**bits rows (24 bytes each) and the stamp row: one per thread."""
    return np.zeros(((1 << bits) + 1, TRANSPOSITION_COLUMNS), dtype=np.int64)


@numba.njit(**JIT)
def _bit_index(b):
    return _DEBRUIJN[((b * 0x077CB531) & 0xFFFFFFFF) >> 27]


@numba.njit(**JIT)
def _popcount(x):
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return ((x * 0x01010101) & 0xFFFFFFFF) >> 24


@numba.njit(**JIT)
def _scoring(card, prm):
    return (card & 7) >= prm[PLAY_RULE_SCORING_RANK]


@numba.njit(**INLINED)
def _elder_scores(points, need, prm):
    """Elder scores ``points``: (what he scores, pique included, and the pique need left)."""
    if points > 0 and need > 0:
        if points >= need:
            return points + prm[PLAY_RULE_PIQUE_BONUS], 0
        return points, need - points
    return points, need


@numba.njit(**INLINED)
def _trick(lead, reply, leader, et, dt, need, last, seventh_at, prm):
    """One trick's points as game.play.play_trick scores them: (elder's, dealer's, winner, need after).

    ``seventh_at``: the trick count that wins the seventh-trick bonus (7 of 12)."""
    e = 0
    d = 0
    if _scoring(lead, prm):
        p = prm[PLAY_RULE_LAST_LEAD] if last else prm[PLAY_RULE_LEAD]
        if leader == 0:
            e, need = _elder_scores(p, need, prm)
        elif p > 0:
            d = p
            need = 0
    follower_wins = (reply >> 3) == (lead >> 3) and reply > lead
    winner = 1 - leader if follower_wins else leader
    card = reply if follower_wins else lead
    wp = 0
    if _scoring(card, prm):
        wp += prm[PLAY_RULE_WIN_OPP] if follower_wins else prm[PLAY_RULE_WIN_OWN]
    if last:
        wp += prm[PLAY_RULE_LAST_TRICK]
    if (et if winner == 0 else dt) + 1 == seventh_at:
        wp += prm[PLAY_RULE_SEVENTH]
    if winner == 0:
        x, need = _elder_scores(wp, need, prm)
        e += x
    elif wp > 0:
        d += wp
        need = 0
    return e, d, winner, need


@numba.njit(**INLINED)
def _end(et, dt, diff, prm):
    """After the last trick: (elder's, dealer's) cards or capot, then the deal bonus (game.play.finish)."""
    e = 0
    d = 0
    for seat in range(2):
        won = et if seat == 0 else dt
        lost = dt if seat == 0 else et
        x = 0
        if won > 0 and lost == 0 and prm[PLAY_RULE_CAPOT] > 0:
            x = prm[PLAY_RULE_CAPOT] - (prm[PLAY_RULE_LAST_TRICK] if prm[PLAY_RULE_CAPOT_LAST] else 0)
            if not prm[PLAY_RULE_CAPOT_CARDS]:
                x += prm[PLAY_RULE_CARDS]
        elif 2 * won > won + lost:
            x = prm[PLAY_RULE_CARDS]
        if seat == 0:
            e = x
        else:
            d = x
    bonus = prm[PLAY_RULE_DEAL_BONUS]
    if bonus:
        final = diff + e - d
        if final > 0:
            e += bonus
        elif final < 0:
            d += bonus
    return e, d


@numba.njit(**INLINED)
def _cash_all(h, o, sr):
    """Can the leader (hand ``h``) win every trick left against ``o``, and lead a scoring card last?"""
    scoring_last = False
    for s in range(4):
        hs = (h >> (8 * s)) & 255
        os_ = (o >> (8 * s)) & 255
        if hs == 0:
            continue
        possible = hs  # the cards that can be led last, the suit still cashed
        if os_ != 0:
            t = _TOP8[os_]
            high = hs & ~((2 << t) - 1)
            n_high = _popcount(high)
            n_opp = _popcount(os_)
            if n_high < n_opp:
                return False, False
            low = hs & ((1 << t) - 1)
            if n_high == n_opp and low != 0:
                possible = low
        if (possible >> sr) != 0:
            scoring_last = True
    return True, scoring_last


@numba.njit(**INLINED)
def _cash_out(h, n, leader, et, dt, diff, need, scoring_last, prm):
    """The future value when the leader wins all ``n`` tricks left (see _cash_all)."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    k = 0  # the cards that score when led
    for s in range(4):
        k += _popcount(((h >> (8 * s)) & 255) >> sr)
    pts = k * (prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]) + prm[PLAY_RULE_LAST_TRICK]
    if scoring_last:
        pts += prm[PLAY_RULE_LAST_LEAD] - prm[PLAY_RULE_LEAD]
    mine = et if leader == 0 else dt
    seventh_at = (et + dt + n) // 2 + 1
    if mine < seventh_at <= mine + n:
        pts += prm[PLAY_RULE_SEVENTH]
    if leader == 0:
        if need > 0 and pts >= need:
            pts += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + n, dt, diff + pts, prm)
        return pts + e - d
    e, d = _end(et, dt + n, diff - pts, prm)
    return -pts + e - d


@numba.njit(**INLINED)
def _bounds(em, dm, leader, et, dt, diff, need, n, prm):
    """Quick bounds on the future value, from elder's side: (lower, upper).

    The leader's worst: he cashes his sure winners (each suit's cards above the opponent's best, all of
    the suit when those are as many as the opponent's cards or the opponent is void), then the
    opponent wins every other trick with the most points a trick can bring (and only with his
    scoring cards). The leader's best: he wins
    every trick, every scoring card at the most a trick can bring him. Both hold whenever winning a
    trick one led is worth at least winning the opponent's lead (every preset): the solver only uses
    them then."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    h = em if leader == 0 else dm
    o = dm if leader == 0 else em
    q = 0
    ks = 0
    k_all = 0
    k_o = 0
    for s in range(4):
        hs = (h >> (8 * s)) & 255
        os_ = (o >> (8 * s)) & 255
        k_all += _popcount(hs >> sr)
        k_o += _popcount(os_ >> sr)
        if hs == 0:
            continue
        if os_ == 0:
            q += _popcount(hs)
            ks += _popcount(hs >> sr)
        else:
            high = hs & ~((2 << _TOP8[os_]) - 1)
            n_high = _popcount(high)
            if n_high >= _popcount(os_):
                q += _popcount(hs)
                ks += _popcount(hs >> sr)
            else:
                q += n_high
                ks += _popcount(high >> sr)
    mine = et if leader == 0 else dt
    theirs = dt if leader == 0 else et
    seventh_at = (et + dt + n) // 2 + 1
    per_trick = prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]
    # the leader's worst
    p_l = ks * per_trick
    if mine < seventh_at <= mine + q:
        p_l += prm[PLAY_RULE_SEVENTH]
    rest = n - q
    # each trick brings the opponent points only with a scoring card of his
    p_o = min(rest, k_o) * max(per_trick, prm[PLAY_RULE_WIN_OPP]) + prm[PLAY_RULE_LAST_TRICK]
    if rest > 1:
        p_o += prm[PLAY_RULE_LAST_LEAD] - prm[PLAY_RULE_LEAD]
    if theirs < seventh_at <= theirs + rest:
        p_o += prm[PLAY_RULE_SEVENTH]
    if leader == 0:
        if need > 0 and p_l >= need:
            p_l += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + q, dt + rest, diff + p_l - p_o, prm)
        low = p_l - p_o + e - d
    else:
        if need > 0 and p_l == 0:
            p_o += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + rest, dt + q, diff + p_o - p_l, prm)
        low = p_l - p_o + d - e
    # the leader's best
    p_b = k_all * max(per_trick, prm[PLAY_RULE_WIN_OPP]) + prm[PLAY_RULE_LAST_TRICK] + prm[PLAY_RULE_LAST_LEAD] - prm[PLAY_RULE_LEAD]
    if mine < seventh_at <= mine + n:
        p_b += prm[PLAY_RULE_SEVENTH]
    if leader == 0:
        if need > 0 and p_b >= need:
            p_b += prm[PLAY_RULE_PIQUE_BONUS]
        e, d = _end(et + n, dt, diff + p_b, prm)
        high = p_b + e - d
        return low, high
    e, d = _end(et, dt + n, diff - p_b, prm)
    high = p_b + d - e
    return -high, -low


@numba.njit(**INLINED)
def _reps(own, opp, sr):
    """One card of each run of equivalent cards in ``own``: no card of ``opp`` (the opponent's live cards
    and the card led) between them in their suit, and all on one side of the scoring rank."""
    live = own | opp
    out = np.int64(0)
    x = own
    while x:
        b = x & -x
        x ^= b
        i = _bit_index(b)
        base = i & ~7
        above = live & (np.int64(255) << base) & ~((b << 1) - 1)
        nxt = above & -above
        if nxt == 0 or (nxt & opp) != 0 or ((i & 7) < sr and nxt >= (np.int64(1) << (base + sr))):
            out |= b
    return out


@numba.njit(**INLINED)
def _sort_moves(buf, row, count):
    """Insertion sort of buf[row, :count], highest first (priority << 8 | card)."""
    for i in range(1, count):
        v = buf[row, i]
        j = i - 1
        while j >= 0 and buf[row, j] < v:
            buf[row, j + 1] = buf[row, j]
            j -= 1
        buf[row, j + 1] = v


@numba.njit(**INLINED)
def _leads(h, o, sr, first, buf, row):
    """The leader's cards to try, ordered, in buf[row]; returns how many. ``first``: the table's best
    lead, relative (see _relative), tried first."""
    reps = _reps(h, o, sr)
    live = h | o
    count = 0
    x = reps
    while x:
        b = x & -x
        x ^= b
        c = _bit_index(b)
        os_ = (o >> (c & ~7)) & 255
        r = c & 7
        if first >= 0 and _relative(c, live, sr) == first:
            prio = 1000
        elif os_ == 0:
            prio = 300 - r + (20 if r >= sr else 0)
        elif r > _TOP8[os_]:
            # winners: scoring ones first, of suits long in the leader's hand and short in the opponent's
            prio = 200 + r + 8 * _popcount((h >> (c & ~7)) & 255) + (20 if r >= sr else 0) - 8 * _popcount(os_)
        else:
            # a losing lead that scores costs less; a suit the opponent holds few of first (measured:
            # 30% fewer nodes than lowest first alone)
            prio = 100 - r + (20 if r >= sr else 0) - 8 * _popcount(os_)
        buf[row, count] = prio << 8 | c
        count += 1
    _sort_moves(buf, row, count)
    return count


@numba.njit(**INLINED)
def _replies(f, h_left, lead, sr, buf, row):
    """The follower's cards to try against ``lead`` (``h_left``: the leader's other cards), ordered."""
    suit = np.int64(255) << (lead & ~7)
    fs = f & suit
    count = 0
    if fs:
        x = _reps(fs, (h_left | (np.int64(1) << lead)) & suit, sr)
        while x:
            b = x & -x
            x ^= b
            c = _bit_index(b)
            # the lowest winner (one that scores first), then the lowest card
            prio = 200 - c + (20 if (c & 7) >= sr else 0) if c > lead else 100 - c
            buf[row, count] = prio << 8 | c
            count += 1
    else:
        x = _reps(f, h_left, sr)
        while x:
            b = x & -x
            x ^= b
            c = _bit_index(b)
            r = c & 7
            os_ = (h_left >> (c & ~7)) & 255
            winner = os_ == 0 or r > _TOP8[os_]
            prio = 100 - r - (50 if winner else 0)  # throw low cards, keep winners
            buf[row, count] = prio << 8 | c
            count += 1
    _sort_moves(buf, row, count)
    return count


@numba.njit(**INLINED)
def _relative(card, live, sr):
    """A card as the table sees it: its suit and its place among the live cards of its suit on its side
    of the scoring rank (below it from 0 up, at or above it from ``sr`` up)."""
    base = card & ~7
    r = card & 7
    ls = (live >> base) & 255
    below = ls & ((1 << r) - 1)
    if r < sr:
        return base + _popcount(below)
    return base + sr + _popcount(below & ~((1 << sr) - 1))


@numba.njit(**INLINED)
def _keys(em, dm, leader, et, dt, need, diff, prm, stamp):
    """The table's key of a position by relative ranks: positions whose live cards lie alike in every suit
    (same owners in the same order on each side of the scoring rank) have the same value. Per suit,
    16 bits: elder's cards at their relative places, and how many live cards lie below and at or above
    the scoring rank (the dealer holds the others)."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    live = em | dm
    key1 = np.int64(0)
    below = (1 << sr) - 1
    for s in range(4):
        ls = (live >> (8 * s)) & 255
        es = (em >> (8 * s)) & 255
        low = ls & below  # the live cards below the scoring rank, and those at or above it (shifted down)
        high = ls >> sr
        rel = np.int64(_PACK8[(low << 8) | (es & below)]) | (np.int64(_PACK8[(high << 8) | (es >> sr)]) << sr)
        key1 |= np.int64(rel | (_popcount(low) << 8) | (_popcount(high) << 12)) << (16 * s)
    dpart = diff + DIFF_OFFSET if prm[PLAY_RULE_DEAL_BONUS] else 0
    key2 = leader | (et << 1) | (need << 5) | (dpart << 13) | (dt << 24) | (stamp << 32)
    return key1, key2


@numba.njit(**INLINED)
def _slot(key1, key2, size):
    """The row of a key: splitmix64's finaliser over both words, so that every bit of either moves the
    low bits kept. (A product's low bits see only the factors' low bits: the hash this replaced left a
    whole suit out of the row below 2**19 rows and put 863 positions of one solve in 669 rows of 2**17.)"""
    z = np.uint64(key1) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(key2)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return np.int64(z & np.uint64(size - 1))


# Columns of a frame of _search's stack: one frame per trick boundary on the path searched.
(F_EM, F_DM, F_LEADER, F_ET, F_DT, F_DIFF, F_NEED, F_ALPHA, F_BETA, F_LA, F_LB, F_BEST, F_BEST_CARD, F_I, F_COUNT,
 F_J, F_NR, F_M, F_IMM, F_SLOT, F_LO, F_HI, F_KEY1, F_KEY2, F_N) = range(25)
FRAMES = 14
FRAME_COLUMNS = 32


@numba.njit(**JIT)
def _last(em, dm, leader, et, dt, diff, need, prm):
    """The value of the last trick and the end of the play (one card each)."""
    lead = _bit_index(em if leader == 0 else dm)
    reply = _bit_index(dm if leader == 0 else em)
    e, d, w, need2 = _trick(lead, reply, leader, et, dt, need, True, (et + dt + 1) // 2 + 1, prm)
    e2, d2 = _end(et + (w == 0), dt + (w == 1), diff + e - d, prm)
    return e - d + e2 - d2


@numba.njit(**JIT)
def _two(em, dm, leader, et, dt, diff, need, prm):
    """The exact value with two cards each: every lead and reply tried, no table."""
    h = em if leader == 0 else dm
    o = dm if leader == 0 else em
    sign = 1 if leader == 0 else -1
    seventh_at = (et + dt + 2) // 2 + 1
    best = -INF
    x = h
    while x:
        a = x & -x
        x ^= a
        lead = _bit_index(a)
        suit = np.int64(255) << (lead & ~7)
        replies = o & suit
        if replies == 0:
            replies = o
        worst = INF
        y = replies
        while y:
            r = y & -y
            y ^= r
            reply = _bit_index(r)
            e, d, w, need2 = _trick(lead, reply, leader, et, dt, need, False, seventh_at, prm)
            cem = (h ^ a) if leader == 0 else (o ^ r)
            cdm = (o ^ r) if leader == 0 else (h ^ a)
            v = sign * (e - d + _last(cem, cdm, w, et + (w == 0), dt + (w == 1), diff + e - d, need2, prm))
            worst = min(worst, v)
        best = max(best, worst)
    return sign * best


@numba.njit(**JIT)
def _leaf(em, dm, leader, et, dt, diff, need, prm):
    """The value of a position needing no search: (True, value), or (False, 0)."""
    if em == 0:
        e, d = _end(et, dt, diff, prm)
        return True, e - d
    n = _popcount(em)
    if n == 1:
        lead = _bit_index(em if leader == 0 else dm)
        reply = _bit_index(dm if leader == 0 else em)
        e, d, w, need2 = _trick(lead, reply, leader, et, dt, need, True, (et + dt + n) // 2 + 1, prm)
        e2, d2 = _end(et + (w == 0), dt + (w == 1), diff + e - d, prm)
        return True, e - d + e2 - d2
    if n == 2:
        return True, _two(em, dm, leader, et, dt, diff, need, prm)
    sr = prm[PLAY_RULE_SCORING_RANK]
    if prm[PLAY_RULE_WIN_OPP] <= prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN] and (sr == 0 or prm[PLAY_RULE_LAST_LEAD] == prm[PLAY_RULE_LEAD]):
        h = em if leader == 0 else dm
        ok, scoring_last = _cash_all(h, dm if leader == 0 else em, sr)
        if ok:
            return True, _cash_out(h, n, leader, et, dt, diff, need, scoring_last, prm)
    return False, 0


# Called, not inlined, where they run a few times a solve (_guess, solve_line, _trick_keeps): each inlined
# copy of a helper costs numba seconds of compiling (benchmarks/RESULTS.md, Start-up), none of them is hot.
@numba.njit(**JIT)
def _leads_once(h, o, sr, first, buf, row):
    return _leads(h, o, sr, first, buf, row)


@numba.njit(**JIT)
def _replies_once(f, h_left, lead, sr, buf, row):
    return _replies(f, h_left, lead, sr, buf, row)


@numba.njit(**JIT)
def _trick_once(lead, reply, leader, et, dt, need, last, seventh_at, prm):
    return _trick(lead, reply, leader, et, dt, need, last, seventh_at, prm)


@numba.njit(**JIT)
def _end_once(et, dt, diff, prm):
    return _end(et, dt, diff, prm)


@numba.njit(**JIT)
def _root_bounds(em, dm, leader, et, dt, diff, need, n, prm):
    """_bounds, called: once a search at its root, so not worth another copy inlined into _search."""
    return _bounds(em, dm, leader, et, dt, diff, need, n, prm)


@numba.njit(**JIT)
def _search(em, dm, leader, et, dt, diff, need, alpha, beta, prm, tt, work):
    """The future value of the position (module docstring), fail-soft within (alpha, beta).

    Alpha-beta over whole tricks without recursion: ``work``'s first ROWS rows hold each ply's
    ordered moves, the next FRAMES rows the stack of positions on the path searched."""
    ok, v = _leaf(em, dm, leader, et, dt, diff, need, prm)
    if ok:
        return v
    sr = prm[PLAY_RULE_SCORING_RANK]
    size = tt.shape[0] - 1
    stamp = tt[size, 0]
    fr = ROWS  # the frames' first row in work
    depth = 0
    # a new node at ``depth`` from these values
    work[fr, F_EM] = em
    work[fr, F_DM] = dm
    work[fr, F_LEADER] = leader
    work[fr, F_ET] = et
    work[fr, F_DT] = dt
    work[fr, F_DIFF] = diff
    work[fr, F_NEED] = need
    work[fr, F_ALPHA] = alpha
    work[fr, F_BETA] = beta
    entering = True
    ret = 0
    while True:
        f = fr + depth
        if entering:
            entering = False
            em = work[f, F_EM]
            dm = work[f, F_DM]
            leader = work[f, F_LEADER]
            et = work[f, F_ET]
            diff = work[f, F_DIFF]
            need = work[f, F_NEED]
            alpha = work[f, F_ALPHA]
            beta = work[f, F_BETA]
            n = _popcount(em)
            tt[size, 1] += 1  # nodes searched, for the benchmark
            key1, key2 = _keys(em, dm, leader, et, work[f, F_DT], need, diff, prm, stamp)
            slot = _slot(key1, key2, size)
            lo = -INF
            hi = INF
            first = -1
            done = False
            if tt[slot, 0] == key1 and tt[slot, 1] == key2:
                data = tt[slot, 2]
                lo = (data & 0xFFFF) - OFFSET
                hi = ((data >> 16) & 0xFFFF) - OFFSET
                first = (data >> 32) - 1
                if lo >= beta or lo == hi:
                    ret = lo
                    done = True
                elif hi <= alpha:
                    ret = hi
                    done = True
                else:
                    alpha = max(alpha, lo)
                    beta = min(beta, hi)
            if not done and depth == 0 and prm[PLAY_RULE_WIN_OPP] <= prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]:
                low, high = _root_bounds(em, dm, leader, et, work[f, F_DT], diff, need, n, prm)
                if low >= beta:
                    ret = low
                    done = True
                elif high <= alpha:
                    ret = high
                    done = True
            if done:
                if depth == 0:
                    return ret
                depth -= 1
                continue  # back to the parent with ret
            h = em if leader == 0 else dm
            o = dm if leader == 0 else em
            work[f, F_ALPHA] = alpha
            work[f, F_BETA] = beta
            work[f, F_LA] = alpha if leader == 0 else -beta
            work[f, F_LB] = beta if leader == 0 else -alpha
            work[f, F_BEST] = -INF
            work[f, F_BEST_CARD] = -1
            work[f, F_SLOT] = slot
            work[f, F_LO] = lo
            work[f, F_HI] = hi
            work[f, F_KEY1] = key1
            work[f, F_KEY2] = key2
            work[f, F_N] = n
            work[f, F_COUNT] = _leads(h, o, sr, first, work, 2 * n)
            work[f, F_I] = 0
            new_lead = True
        else:
            # a child returned ``ret``: the follower's reply j to lead i at this frame
            leader = work[f, F_LEADER]
            sign = 1 if leader == 0 else -1
            val = sign * (work[f, F_IMM] + ret)
            m = min(work[f, F_M], val)
            work[f, F_M] = m
            lo_l = max(work[f, F_LA], work[f, F_BEST])
            j = work[f, F_J] + 1
            work[f, F_J] = j
            new_lead = False
            if m <= lo_l or j >= work[f, F_NR]:
                # this lead is done
                if m > work[f, F_BEST]:
                    work[f, F_BEST] = m
                    work[f, F_BEST_CARD] = work[2 * work[f, F_N], work[f, F_I]] & 255
                i = work[f, F_I] + 1
                work[f, F_I] = i
                if work[f, F_BEST] >= work[f, F_LB] or i >= work[f, F_COUNT]:
                    # the node is done: store its bounds
                    result = sign * work[f, F_BEST]
                    lo = work[f, F_LO]
                    hi = work[f, F_HI]
                    if result <= work[f, F_ALPHA]:
                        hi = min(hi, result)
                    elif result >= work[f, F_BETA]:
                        lo = max(lo, result)
                    else:
                        lo = result
                        hi = result
                    slot = work[f, F_SLOT]
                    tt[slot, 0] = work[f, F_KEY1]
                    tt[slot, 1] = work[f, F_KEY2]
                    best_rel = _relative(work[f, F_BEST_CARD], work[f, F_EM] | work[f, F_DM], sr)
                    tt[slot, 2] = (lo + OFFSET) | ((hi + OFFSET) << 16) | ((best_rel + 1) << 32)
                    if depth == 0:
                        return result
                    ret = result
                    depth -= 1
                    continue
                new_lead = True
        n = work[f, F_N]
        row = 2 * n
        em = work[f, F_EM]
        dm = work[f, F_DM]
        leader = work[f, F_LEADER]
        h = em if leader == 0 else dm
        o = dm if leader == 0 else em
        lead = work[row, work[f, F_I]] & 255
        h_left = h & ~(np.int64(1) << lead)
        if new_lead:
            nr = _replies(o, h_left, lead, sr, work, row + 1)
            work[f, F_NR] = nr
            work[f, F_J] = 0
            work[f, F_M] = INF
        # descend into reply j
        while True:
            reply = work[row + 1, work[f, F_J]] & 255
            et = work[f, F_ET]
            dt = work[f, F_DT]
            e, d, w, need2 = _trick(lead, reply, leader, et, dt, work[f, F_NEED], False, (et + dt + n) // 2 + 1, prm)
            imm = e - d
            f_left = o & ~(np.int64(1) << reply)
            cem = h_left if leader == 0 else f_left
            cdm = f_left if leader == 0 else h_left
            lo_l = max(work[f, F_LA], work[f, F_BEST])
            hi_l = min(work[f, F_LB], work[f, F_M])
            if leader == 0:
                ca, cb = lo_l - imm, hi_l - imm
            else:
                ca, cb = -hi_l - imm, -lo_l - imm
            cet = et + (w == 0)
            cdt = dt + (w == 1)
            cdiff = work[f, F_DIFF] + imm
            work[f, F_IMM] = imm
            ok, v = _leaf(cem, cdm, w, cet, cdt, cdiff, need2, prm)
            if not ok and prm[PLAY_RULE_WIN_OPP] <= prm[PLAY_RULE_LEAD] + prm[PLAY_RULE_WIN_OWN]:
                low, high = _bounds(cem, cdm, w, cet, cdt, cdiff, need2, n - 1, prm)
                if low >= cb:
                    ok, v = True, low
                elif high <= ca:
                    ok, v = True, high
            if not ok:
                c = f + 1
                work[c, F_EM] = cem
                work[c, F_DM] = cdm
                work[c, F_LEADER] = w
                work[c, F_ET] = cet
                work[c, F_DT] = cdt
                work[c, F_DIFF] = cdiff
                work[c, F_NEED] = need2
                work[c, F_ALPHA] = ca
                work[c, F_BETA] = cb
                depth += 1
                entering = True
                break
            # a leaf: take its value here without a frame
            sign = 1 if leader == 0 else -1
            val = sign * (imm + v)
            m = min(work[f, F_M], val)
            work[f, F_M] = m
            j = work[f, F_J] + 1
            work[f, F_J] = j
            if m <= lo_l or j >= work[f, F_NR]:
                # the leaf ends this lead: hand its value to the step above as if a child returned it
                # (which takes min(m, val) = m again and counts the reply once more)
                ret = v
                work[f, F_J] = j - 1
                break


@numba.njit(**JIT)
def begin(tt):
    """A new solve on ``tt``: entries of earlier solves are no longer read (the table is wiped when the
    stamp wraps). Call before searching positions of other rules on a table already used."""
    size = tt.shape[0] - 1
    stamp = tt[size, 0] + 1
    if stamp >= STAMP_LIMIT:
        tt[:, :] = 0
        stamp = 1
    tt[size, 0] = stamp


def new_buffer() -> np.ndarray:
    """The search's work array: each ply's moves, then the stack of frames."""
    return np.zeros((ROWS + FRAMES, FRAME_COLUMNS), dtype=np.int64)


@numba.njit(**JIT)
def position_value(em, dm, leader, et, dt, diff, need, prm, tt, work):
    """The exact future value of a position (see the module docstring), on the current stamp of ``tt``."""
    return _mtdf(em, dm, leader, et, dt, diff, need, prm, tt, work)


@numba.njit(**JIT)
def _guess(em, dm, leader, et, dt, diff, need, prm, work):
    """A first guess at the value: the play where each side plays the card its move ordering tries first."""
    sr = prm[PLAY_RULE_SCORING_RANK]
    total = 0
    while em != 0:
        n = _popcount(em)
        h = em if leader == 0 else dm
        o = dm if leader == 0 else em
        _leads_once(h, o, sr, -1, work, 2 * n)
        lead = work[2 * n, 0] & 255
        h_left = h & ~(np.int64(1) << lead)
        _replies_once(o, h_left, lead, sr, work, 2 * n + 1)
        reply = work[2 * n + 1, 0] & 255
        e, d, w, need = _trick_once(lead, reply, leader, et, dt, need, n == 1, (et + dt + n) // 2 + 1, prm)
        o_left = o & ~(np.int64(1) << reply)
        em, dm = (h_left, o_left) if leader == 0 else (o_left, h_left)
        et, dt = et + (w == 0), dt + (w == 1)
        diff += e - d
        total += e - d
        leader = w
    e, d = _end_once(et, dt, diff, prm)
    return total + e - d


@numba.njit(**JIT)
def _mtdf(em, dm, leader, et, dt, diff, need, prm, tt, work):
    """The exact value by zero-window searches on the bounds the table keeps: from a guess (_guess), steps
    that double while the searches fail the same way, then halving the interval left (MTD(f) with
    bisection; plain MTD(f)'s steps of one point took five passes on average)."""
    lower = -INF
    upper = INF
    g = _guess(em, dm, leader, et, dt, diff, need, prm, work)
    beta = g
    step = 2
    # each pass at least halves the interval once it is closed, so MAX_PASSES is never reached by a sound
    # search; it bounds a nogil loop that Ctrl-C could not stop if a table were ever corrupt
    for _ in range(MAX_PASSES):
        if lower >= upper:
            break
        g = _search(em, dm, leader, et, dt, diff, need, beta - 1, beta, prm, tt, work)
        if g < beta:
            upper = g
        else:
            lower = g
        if lower >= upper:
            break
        if upper == INF:
            beta = lower + step
            step *= 2
        elif lower == -INF:
            beta = upper - step + 1
            step *= 2
        else:
            beta = (lower + upper + 1) // 2
        beta = max(lower + 1, min(upper, beta))
    return lower


@numba.njit(**INLINED)
def _at_least(em, dm, leader, et, dt, diff, need, target, prm, tt, buf):
    return _search(em, dm, leader, et, dt, diff, need, target - 1, target, prm, tt, buf) >= target


@numba.njit(**JIT)
def _trick_keeps(lead, reply, leader, et, dt, diff, need, v, at_least, h_left, o, last, seventh_at, prm, tt, buf):
    """After the trick ``lead``, ``reply`` (``h_left``, ``o``: the leader's other cards and the follower's
    hand), is elder's future value from the position before it at least ``v`` (``at_least``) or at most
    ``v``? Also the trick's points and the position it leads to, for the line."""
    e, d, w, need2 = _trick_once(lead, reply, leader, et, dt, need, last, seventh_at, prm)
    f_left = o & ~(np.int64(1) << reply)
    cem = h_left if leader == 0 else f_left
    cdm = f_left if leader == 0 else h_left
    target = v - (e - d)
    cet, cdt = et + (w == 0), dt + (w == 1)
    if at_least:
        ok = _at_least(cem, cdm, w, cet, cdt, diff + e - d, need2, target, prm, tt, buf)
    else:
        ok = not _at_least(cem, cdm, w, cet, cdt, diff + e - d, need2, target + 1, prm, tt, buf)
    return ok, e, d, w, need2, cem, cdm, target


@numba.njit(**JIT)
def solve_line(em, dm, leader, et, dt, diff, need, prm, tt, buf, line):
    """The exact future value and one optimal line from a position: line[2k], line[2k + 1] are the
    leader's and the follower's cards of the k-th trick from here. Returns (value, elder's points,
    dealer's points) gained along the line, end of play included. ``line[LINE_TRICKS]`` is set to the
    tricks written: fewer than were left means no card kept the value (never, unless the table was
    corrupt), and the caller must refuse the line; the loop is bounded by the tricks left either way."""
    value = _mtdf(em, dm, leader, et, dt, diff, need, prm, tt, buf)
    v = value
    e_pts = 0
    d_pts = 0
    k = 0
    sr = prm[PLAY_RULE_SCORING_RANK]
    line[LINE_TRICKS] = 0
    for _ in range(_popcount(em)):
        n = _popcount(em)
        seventh_at = (et + dt + n) // 2 + 1
        h = em if leader == 0 else dm
        o = dm if leader == 0 else em
        row = 2 * n
        count = _leads_once(h, o, sr, -1, buf, row)
        # the first lead after which every reply keeps the value for the leader (elder at least v, the
        # dealer holding him to at most v)
        chosen = -1
        for i in range(count):
            lead = buf[row, i] & 255
            h_left = h & ~(np.int64(1) << lead)
            nr = _replies_once(o, h_left, lead, sr, buf, row + 1)
            ok = True
            for j in range(nr):
                ok = _trick_keeps(lead, buf[row + 1, j] & 255, leader, et, dt, diff, need, v, leader == 0, h_left,
                                  o, n == 1, seventh_at, prm, tt, buf)[0]
                if not ok:
                    break
            if ok:
                chosen = lead
                break
        if chosen < 0:
            break
        # then the first reply that keeps the value for the follower
        lead = chosen
        placed = k
        h_left = h & ~(np.int64(1) << lead)
        nr = _replies_once(o, h_left, lead, sr, buf, row + 1)
        for j in range(nr):
            reply = buf[row + 1, j] & 255
            good, e, d, w, need2, cem, cdm, target = _trick_keeps(lead, reply, leader, et, dt, diff, need, v,
                                                                  leader == 1, h_left, o, n == 1, seventh_at,
                                                                  prm, tt, buf)
            if not good:
                continue
            line[2 * k] = lead
            line[2 * k + 1] = reply
            k += 1
            em, dm, leader = cem, cdm, w
            et, dt = et + (w == 0), dt + (w == 1)
            diff += e - d
            need = need2
            e_pts += e
            d_pts += d
            v = target
            break
        if k == placed:
            break
    line[LINE_TRICKS] = k
    e, d = _end_once(et, dt, diff, prm)
    return value, e_pts + e, d_pts + d


@numba.njit(**JIT)
def solve_deal(elder_mask, dealer_mask, params, elder_before, dealer_before, pique_live, tt):
    """A whole deal from the first lead: (elder's final total minus the dealer's, elder's play points,
    the dealer's play points), along one optimal line (the module docstring gives the interface)."""
    if elder_before < 0 or dealer_before < 0 or abs(elder_before - dealer_before) > MAX_DIFF:
        raise ValueError("solve_deal: points before the play must be 0 or more and differ by MAX_DIFF at most")
    begin(tt)
    buf = np.zeros((ROWS + FRAMES, FRAME_COLUMNS), dtype=np.int64)
    line = np.zeros(2 * 13, dtype=np.int64)
    need = 0
    e0 = 0
    if pique_live and dealer_before == 0:
        if elder_before >= params[PLAY_RULE_PIQUE_AT]:
            e0 = params[PLAY_RULE_PIQUE_BONUS]
        else:
            need = params[PLAY_RULE_PIQUE_AT] - elder_before
    diff = elder_before + e0 - dealer_before
    _, e, d = solve_line(np.int64(elder_mask), np.int64(dealer_mask), 0, 0, 0, diff, need, params, tt, buf, line)
    if line[LINE_TRICKS] != _popcount(np.int64(elder_mask)):
        raise RuntimeError("solve_deal: the solver's line broke off (a corrupt table)")
    return elder_before + e0 + e - (dealer_before + d), e0 + e, d
