"""The whole-deal model's sampler and its worker threads (docs/rules.md, The whole deal).

A *deal* here is one random arrangement of the 20 cards the player cannot see: the opponent's dealt 12
and the talon's 8 in order (elder's five on top). Deal ``i`` of stream ``s`` depends only on the seed,
``s`` and ``i`` (deals come in blocks of ``BLOCK``, each block from its own seeded generator), so every
discard is judged on the same deals (common random numbers), and a run gives the same figures whatever
the number of threads or the order in which it asks for deals.

For each deal and each candidate discard the sampler makes both exchanges (the opponent's by
game.exchange's policy, or keeping his hand in the checks' variant), scores the declarations with the
kernel that mirrors game.declarations.score_deal, and, when a play solver is given, solves the play.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from ..cards import DECK, HAND_SIZE, Card, cards_of, mask_of
from ..game.counting import CountedDeal, deal_steps
from ..game.declarations import is_carte_blanche
from ..game.exchange import choose_exchange
from ..kernels.layout import (
    DEAL_ALL_COLUMNS,
    DEAL_COLUMNS,
    DEAL_DEALER_DECLARATIONS,
    DEAL_DEALER_PLAY,
    DEAL_ELDER_DECLARATIONS,
    DEAL_ELDER_PLAY,
    DEAL_ELDER_RUN_PIQUE,
    DEAL_LINE_TRICKS_1_TO_6,
    DEAL_LINE_TRICKS_7_TO_12,
    DEAL_UNIFORM_DEALER_DECLARATIONS,
    DEAL_UNIFORM_ELDER_DECLARATIONS,
    DEAL_UNIFORM_ELDER_RUN_PIQUE,
    LINE_CARD_BITS,
    LINE_CARDS_A_COLUMN,
    SAMPLER_TRANSPOSITION_BITS,
    SAMPLER_TRANSPOSITION_BYTES,
    TRANSPOSITION_BITS,
    TRANSPOSITION_COLUMNS,
)
from ..rules import ElderOrYounger, RulesError, RuleSet
from . import families
from .progress import ProgressCount
from .rule_arrays import rule_arrays_for

BLOCK = 256  # deals per seeded block
CONTROL_FACTOR = 16  # deals of the control's own stream per report deal, where its mean is sampled
CHUNK = 512  # rows of (deal, discard) a worker thread evaluates at a time
TALON = 8
ELDER_SHARE = 5
ROW_COLUMNS = DEAL_ALL_COLUMNS  # columns of one evaluated (deal, discard) row, the uniform model's included
Opponent = Literal["policy", "keeps"]


def sampler_transposition_bits(threads: int) -> int:
    """Rows (as a power of two) of each worker thread's solver table: as large as SAMPLER_TRANSPOSITION_BITS, all the
    threads' tables within SAMPLER_TRANSPOSITION_BYTES (kernels/layout.py).

    >>> bits = sampler_transposition_bits
    >>> bits(1), bits(2), bits(8), bits(1000)
    (22, 22, 20, 16)
    """
    rows = SAMPLER_TRANSPOSITION_BYTES // (8 * TRANSPOSITION_COLUMNS * max(1, threads))
    return max(TRANSPOSITION_BITS, min(SAMPLER_TRANSPOSITION_BITS, rows.bit_length() - 1))


class Interrupted(Exception):
    """The run was stopped (Ctrl-C) between pieces of work."""


@dataclass
class Deals:
    """Sampled deals of one stream: the opponent's dealt hand and the talon prefixes, as masks."""

    opponent: np.ndarray  # int64[n]: the opponent's dealt 12
    prefix: np.ndarray  # int64[n, 9]: prefix[:, j] = the talon's top j cards


@dataclass
class DealSampler:
    """Everything fixed for one hand, one position, one rule set and one seed.

    ``hand``: the player's dealt 12. Younger: ``elder_took`` is how many elder took (he exchanges
    exactly that many, by the policy), ``elder_blanche`` whether he showed carte blanche (then only
    deals where his dealt hand is one; without it, only deals where it is not, as the exact model gives him
    none). ``opponent``: "policy" (the exchange policy) or "keeps" (the
    opponent exchanges nothing: the checks' variant, where the declarations match the uniform model).
    """

    hand: tuple[Card, ...]
    position: ElderOrYounger
    rules: RuleSet
    seed: int
    elder_took: int = 5
    elder_blanche: bool = False
    opponent: Opponent = "policy"
    threads: int = 1  # the worker threads that call evaluate: their solver tables share SAMPLER_TRANSPOSITION_BYTES
    _blocks: dict[tuple[int, int], Deals] = field(default_factory=dict, repr=False)
    _opp_final: dict[tuple[int, int, int, int], np.ndarray] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    cancel: threading.Event = field(default_factory=threading.Event, repr=False)
    _local: threading.local = field(default_factory=threading.local, repr=False)

    def __post_init__(self) -> None:
        self.hand_mask = mask_of(self.hand)
        self.unseen = np.array([c.index for c in DECK if c not in set(self.hand)], dtype=np.int64)
        blanche = self.rules.blanche_points
        self.cb_me = blanche * is_carte_blanche(self.hand, self.rules)
        spoilers = [c.index for c in DECK for r in self.rules.blanche_ranks if c.rank == r]
        self.spoils = np.isin(self.unseen, spoilers)
        if self.position == "younger" and self.elder_blanche and (~self.spoils).sum() < HAND_SIZE:
            raise RulesError("elder cannot have shown carte blanche: fewer than twelve unseen cards lack "
                             + " ".join(r.symbol for r in sorted(self.rules.blanche_ranks, reverse=True)))
        if self.position == "younger" and not self.elder_blanche and not self.spoils.any():
            raise RulesError("elder must have carte blanche: every card that spoils it is in your hand "
                             "(give --elder-blanche)")

    # --- the deals -------------------------------------------------------------------------------

    def _block(self, stream: int, b: int) -> Deals:
        key = (stream, b)
        with self._lock:
            if key in self._blocks:
                return self._blocks[key]
        rng = np.random.default_rng([self.seed, stream, b])
        n = len(self.unseen)
        if self.position == "younger" and self.elder_blanche:
            # elder's dealt 12 uniformly among the unseen cards that keep carte blanche, the talon the rest
            plain, spoil = np.flatnonzero(~self.spoils), np.flatnonzero(self.spoils)
            order = np.empty((BLOCK, n), dtype=np.int64)
            for row in range(BLOCK):
                p = rng.permutation(plain)
                rest = rng.permutation(np.concatenate([p[HAND_SIZE:], spoil]))
                order[row, :HAND_SIZE], order[row, HAND_SIZE:] = p[:HAND_SIZE], rest
        else:
            order = rng.permuted(np.tile(np.arange(n, dtype=np.int64), (BLOCK, 1)), axis=1)
            if self.position == "younger":
                # elder showed no carte blanche: his dealt 12 hold a card that spoils it. Deals that
                # break this are dealt again from the same generator (rejection keeps the others uniform).
                while True:
                    bad = np.flatnonzero(~self.spoils[order[:, :HAND_SIZE]].any(axis=1))
                    if len(bad) == 0:
                        break
                    order[bad] = rng.permuted(np.tile(np.arange(n, dtype=np.int64), (len(bad), 1)), axis=1)
        bits = np.left_shift(np.int64(1), self.unseen[order])
        opponent = bits[:, :HAND_SIZE].sum(axis=1)
        prefix = np.zeros((BLOCK, TALON + 1), dtype=np.int64)
        prefix[:, 1:] = np.cumsum(bits[:, HAND_SIZE:], axis=1)
        deals = Deals(opponent, prefix)
        with self._lock:
            self._blocks[key] = deals
        return deals

    def deals(self, stream: int, lo: int, hi: int) -> Deals:
        """Deals ``lo`` to ``hi`` - 1 of ``stream``."""
        blocks = [self._block(stream, b) for b in range(lo // BLOCK, (hi - 1) // BLOCK + 1)]
        opp = np.concatenate([d.opponent for d in blocks])
        prefix = np.concatenate([d.prefix for d in blocks])
        start = lo - (lo // BLOCK) * BLOCK
        return Deals(opp[start:start + hi - lo], prefix[start:start + hi - lo])

    # --- the exchanges ---------------------------------------------------------------------------

    def _start(self, elder_took: int) -> int:
        """Where the dealer's cards start in the talon: after elder's, or his own three if elder refused."""
        return elder_took if elder_took else ELDER_SHARE

    def opponent_final(self, stream: int, lo: int, hi: int, my_size: int) -> np.ndarray:
        """The opponent's final hands on deals ``lo`` to ``hi`` - 1, when the player exchanges ``my_size``
        cards (elder: what the dealer may take depends on it; younger: elder's exchange does not)."""
        key = (stream, lo, hi, my_size if self.position == "elder" else -1)
        with self._lock:
            if key in self._opp_final:
                return self._opp_final[key]
        d = self.deals(stream, lo, hi)
        out = d.opponent.copy()
        if self.opponent == "policy":
            rules = self.rules
            if self.position == "elder":
                start, blanche = self._start(my_size), bool(self.cb_me)
                for i, hand in enumerate(d.opponent.tolist()):
                    ex = choose_exchange(hand, "dealer", rules, elder_took=my_size, elder_blanche=blanche)
                    out[i] = (hand & ~ex.discard) | (int(d.prefix[i, start + ex.count]) ^ int(d.prefix[i, start]))
            else:
                k = self.elder_took
                for i, hand in enumerate(d.opponent.tolist()):
                    ex = choose_exchange(hand, "elder", rules, count=k)
                    out[i] = (hand & ~ex.discard) | int(d.prefix[i, k])
        with self._lock:
            self._opp_final[key] = out
        return out

    def finals(self, stream: int, lo: int, hi: int, discard: int, size: int,
               uniform: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """(elder's final hands, the dealer's) on deals ``lo`` to ``hi`` - 1 for the player's ``discard``.
        ``uniform``: the opponent keeps his dealt hand whatever ``opponent`` says (the uniform model's deal,
        the control variate's)."""
        d = self.deals(stream, lo, hi)
        opp = d.opponent if uniform else self.opponent_final(stream, lo, hi, size)
        kept = self.hand_mask & ~discard
        if self.position == "elder":
            return kept | d.prefix[:, size], opp
        start = self._start(self.elder_took)
        return opp, kept | (d.prefix[:, start + size] ^ d.prefix[:, start])

    def finals_of(self, stream: int, lo: int, hi: int, discards: Sequence[tuple[int, int]],
                  uniform: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """``finals`` of many discards ((mask, size) pairs) at once: (elder's final hands, the dealer's), each
        shape (hi - lo, len(discards)), column j ``finals(stream, lo, hi, *discards[j], uniform)``; the
        discards of one size in one step (the opponent's hands are the same for them)."""
        n = hi - lo
        elder = np.empty((n, len(discards)), dtype=np.int64)
        dealer = np.empty_like(elder)
        masks = np.array([mask for mask, _ in discards], dtype=np.int64)
        sizes = np.array([size for _, size in discards], dtype=np.int64)
        d = self.deals(stream, lo, hi)
        for size in np.unique(sizes).tolist():
            js = np.flatnonzero(sizes == size)
            opp = d.opponent if uniform else self.opponent_final(stream, lo, hi, size)
            kept = self.hand_mask & ~masks[js]
            if self.position == "elder":
                elder[:, js] = kept[None, :] | d.prefix[:, size][:, None]
                dealer[:, js] = opp[:, None]
            else:
                start = self._start(self.elder_took)
                elder[:, js] = opp[:, None]
                dealer[:, js] = kept[None, :] | (d.prefix[:, start + size] ^ d.prefix[:, start])[:, None]
        return elder, dealer

    def carte_blanche(self, stream: int, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
        """(elder's, the dealer's) carte blanche points of the dealt hands."""
        opp = self.deals(stream, lo, hi).opponent
        spoilers = sum(1 << int(i) for i, s in zip(self.unseen, self.spoils, strict=True) if s)
        theirs = np.where(opp & spoilers, 0, self.rules.blanche_points).astype(np.int64)
        mine = np.full(hi - lo, self.cb_me, dtype=np.int64)
        return (mine, theirs) if self.position == "elder" else (theirs, mine)

    def report_deals(self, stream: int, lo: int, hi: int, discard: int, size: int, cols: np.ndarray, play: bool,
                     whole: bool = False) -> ReportDeals:
        """Deals ``lo`` to ``hi`` - 1 for the player's ``discard``, ``cols`` their rows from ``evaluate``: the
        final hands, the dealt hands' carte blanche, with the ``play`` the solver's line, and ``whole``: the
        rows themselves (``discard --why`` splits them by source)."""
        elder, dealer = self.finals(stream, lo, hi, discard, size)
        cb_e, cb_d = self.carte_blanche(stream, lo, hi)
        line = np.ascontiguousarray(cols[:, [DEAL_LINE_TRICKS_1_TO_6, DEAL_LINE_TRICKS_7_TO_12]]) if play else None
        return ReportDeals(self.rules, elder, dealer, np.stack([cb_e > 0, cb_d > 0], axis=1), line,
                           cols.copy() if whole else None)

    # --- evaluation ---------------------------------------------------------------------------------

    def _play_params(self) -> np.ndarray:
        from .play import play_params

        return play_params(self.rules)

    def _solver_state(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """This worker thread's transposition table and buffers (a table is never shared by two solves)."""
        local = self._local
        if not hasattr(local, "tt"):
            from ..kernels import play as kp

            local.tt = kp.new_transposition(sampler_transposition_bits(self.threads))
            kp.begin(local.tt)  # once: play_values carries the table through the sampler's chunks (one rule set)
            local.buf, local.line = kp.new_buffer(), np.zeros(26, dtype=np.int64)
        return local.tt, local.buf, local.line

    def evaluate(self, stream: int, lo: int, hi: int, discards: Sequence[tuple[int, int]],
                 pool: ThreadPoolExecutor, progress: ProgressCount | None = None, play: bool = True,
                 uniform: bool = False, line: bool = True) -> np.ndarray:
        """The kernel's columns (kernels.layout.DEAL_*) for every (discard, deal): shape
        (len(discards), hi - lo, DEAL_COLUMNS). ``discards``: (mask, size) pairs. ``uniform``: besides them, in
        ``DEAL_UNIFORM_*``, the declarations of the same deal in the uniform model (the opponent keeping his
        dealt hand; kernels/layout.py), the race's control variate. ``line=False``: the play's value alone
        (kernels.deal.play_values: the rows give ``user_net`` and nothing else of the play), quicker."""
        from . import first_run

        first_run.starting(families.DEAL.name)
        from ..kernels import deal as kd

        n, m = hi - lo, len(discards)
        # rows deal by deal, each deal's discards together: their solves share the table's endings
        elder, dealer = (a.ravel() for a in self.finals_of(stream, lo, hi, discards))
        if uniform:
            u_elder, u_dealer = (a.ravel() for a in self.finals_of(stream, lo, hi, discards, uniform=True))
        cb_e, cb_d = (np.repeat(a, m) for a in self.carte_blanche(stream, lo, hi))
        out = np.zeros((len(elder), DEAL_ALL_COLUMNS), dtype=np.int64)
        u_out = np.zeros((len(elder), DEAL_COLUMNS), dtype=np.int64) if uniform else None
        t = rule_arrays_for(self.rules)
        play_params = self._play_params() if play else None
        chunk = CHUNK if play else 16 * CHUNK

        def work(a: int) -> int:
            if self.cancel.is_set():
                return 0
            b = min(a + chunk, len(elder))
            kd.declare_deals(a, b, elder, dealer, cb_e, cb_d, t.packed, out)
            if u_out is not None:
                kd.declare_deals(a, b, u_elder, u_dealer, cb_e, cb_d, t.packed, u_out)
            if play_params is not None:
                tt, buf, moves = self._solver_state()
                if line:
                    kd.play_deals(a, b, elder, dealer, play_params, tt, buf, moves, out)
                else:
                    kd.play_values(a, b, elder, dealer, play_params, tt, buf, out)
            return b - a

        futures = [pool.submit(work, a) for a in range(0, len(elder), chunk)]
        try:
            for f in futures:
                done = f.result()
                if progress is not None:
                    progress(done)
        except BaseException:
            self.cancel.set()
            for f in futures:
                f.cancel()
            raise
        if self.cancel.is_set():
            raise Interrupted
        if u_out is not None:
            out[:, DEAL_UNIFORM_ELDER_DECLARATIONS] = u_out[:, DEAL_ELDER_DECLARATIONS]
            out[:, DEAL_UNIFORM_DEALER_DECLARATIONS] = u_out[:, DEAL_DEALER_DECLARATIONS]
            out[:, DEAL_UNIFORM_ELDER_RUN_PIQUE] = u_out[:, DEAL_ELDER_RUN_PIQUE]
        return out.reshape(n, m, DEAL_ALL_COLUMNS).transpose(1, 0, 2)

    def uniform_nets(self, stream: int, n: int, discards: Sequence[tuple[int, int]],
                     pool: ThreadPoolExecutor) -> np.ndarray:
        """The uniform model's declaration net for the player (the control variate, ``uniform_net``) on
        deals 0 to ``n`` - 1 of ``stream``, float32 (len(discards), n): no exchange policy, no play."""
        from ..kernels import deal as kd

        out = np.empty((len(discards), n), dtype=np.float32)
        t = rule_arrays_for(self.rules)
        step = max(BLOCK, (1 << 18) // max(len(discards), 1) // BLOCK * BLOCK)
        for lo in range(0, n, step):
            hi = min(n, lo + step)
            cb_e, cb_d = self.carte_blanche(stream, lo, hi)
            for j, (mask, size) in enumerate(discards):
                if self.cancel.is_set():
                    raise Interrupted
                elder, dealer = self.finals(stream, lo, hi, mask, size, uniform=True)
                cols = np.zeros((hi - lo, DEAL_ALL_COLUMNS), dtype=np.int64)
                kd.declare_deals(0, hi - lo, elder, dealer, cb_e, cb_d, t.packed, cols)
                cols[:, DEAL_UNIFORM_ELDER_DECLARATIONS] = cols[:, DEAL_ELDER_DECLARATIONS]
                cols[:, DEAL_UNIFORM_DEALER_DECLARATIONS] = cols[:, DEAL_DEALER_DECLARATIONS]
                cols[:, DEAL_UNIFORM_ELDER_RUN_PIQUE] = cols[:, DEAL_ELDER_RUN_PIQUE]
                out[j, lo:hi] = uniform_net(cols, self.position == "elder", self.rules)
            with self._lock:  # the control's deals are not needed again
                for key in [k for k in self._blocks if k[0] == stream]:
                    del self._blocks[key]
        return out


def line_tricks(first: int, last: int) -> list[tuple[Card, Card]]:
    """The twelve tricks (leader's card, follower's card) of a line packed in DEAL_LINE_TRICKS_1_TO_6 and
    DEAL_LINE_TRICKS_7_TO_12 (kernels/layout.py)."""
    low = (1 << LINE_CARD_BITS) - 1
    cards = [DECK[(int(col) >> (LINE_CARD_BITS * k)) & low]
             for col in (first, last) for k in range(LINE_CARDS_A_COLUMN)]
    return [(cards[2 * k], cards[2 * k + 1]) for k in range(HAND_SIZE)]


@dataclass(frozen=True)
class ReportDeals:
    """One discard's sampled deals on one stream, as the sampler evaluated them: the one record of a discard's
    report deals, for the partie's counting order (``counted``: au-cent's race) and for ``discard --why``
    (``columns``: analysis/deal_sources.py splits them by source). A deal's points in counting order are
    rebuilt on demand (game/counting.py: plain Python, a few hundred microseconds a deal; au-cent asks for few)."""

    rules: RuleSet
    elder: np.ndarray  # int64 masks, one a deal: elder's final hands
    dealer: np.ndarray  # the dealer's final hands
    blanche: np.ndarray  # bool (deals, 2): elder's, the dealer's dealt hand is a carte blanche
    line: np.ndarray | None  # int64 (deals, 2): DEAL_LINE_TRICKS_1_TO_6, DEAL_LINE_TRICKS_7_TO_12 (None: no play)
    columns: np.ndarray | None = None  # int64 (deals, ROW_COLUMNS): the sampler's rows, kept for --why only

    def __len__(self) -> int:
        return len(self.elder)

    def counted(self, i: int) -> CountedDeal:
        """Deal ``i``'s totals and steps in counting order (seat 0 elder, 1 dealer); the play needed."""
        if self.line is None:
            raise ValueError("these deals were evaluated without the play: no counting order")
        return deal_steps(cards_of(int(self.elder[i])), cards_of(int(self.dealer[i])), self.rules,
                          line_tricks(*self.line[i]), bool(self.blanche[i, 0]), bool(self.blanche[i, 1]))


def control_mean_is_exact(sampler: DealSampler) -> bool:
    """Whether the exact uniform analysis gives the control variate's mean under this sampler's deals:
    always as elder; as younger only when elder's carte blanche (shown or not) tells nothing about his
    dealt hand, that is when no twelve unseen cards could make one (the uniform model's holdings are
    not conditioned on it)."""
    if sampler.position == "elder":
        return True
    return not sampler.elder_blanche and int((~sampler.spoils).sum()) < HAND_SIZE


def _totals(cols: np.ndarray, play: bool, rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """(elder's, the dealer's) totals for the deal: with the play, or the declarations with pique by elder's
    pique run (as ``score`` counts it)."""
    if play:
        return (cols[..., DEAL_ELDER_DECLARATIONS] + cols[..., DEAL_ELDER_PLAY],
                cols[..., DEAL_DEALER_DECLARATIONS] + cols[..., DEAL_DEALER_PLAY])
    return (cols[..., DEAL_ELDER_DECLARATIONS] + rules.pique_bonus * cols[..., DEAL_ELDER_RUN_PIQUE],
            cols[..., DEAL_DEALER_DECLARATIONS])


def deal_totals(cols: np.ndarray, me_is_elder: bool, play: bool, rules: RuleSet) -> np.ndarray:
    """Each row's totals, [mine, the opponent's] (shape rows x 2)."""
    e, d = _totals(cols, play, rules)
    return np.stack([e, d] if me_is_elder else [d, e], axis=-1)


def user_net(cols: np.ndarray, me_is_elder: bool, play: bool, rules: RuleSet) -> np.ndarray:
    """Each row's deal value for the player: his total minus the opponent's, float64."""
    e, d = _totals(cols, play, rules)
    return (e - d if me_is_elder else d - e).astype(np.float64)


def uniform_net(cols: np.ndarray, me_is_elder: bool, rules: RuleSet) -> np.ndarray:
    """Each row's control variate: the player's declaration net in the uniform model (DEAL_UNIFORM_*), whose
    mean over the uniform model's deals is the exact analysis's net."""
    e = cols[..., DEAL_UNIFORM_ELDER_DECLARATIONS] + rules.pique_bonus * cols[..., DEAL_UNIFORM_ELDER_RUN_PIQUE]
    d = cols[..., DEAL_UNIFORM_DEALER_DECLARATIONS]
    return (e - d if me_is_elder else d - e).astype(np.float64)
