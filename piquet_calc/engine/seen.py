"""The driver of the play as a player sees it: positions packed for kernels/seen.py, and many positions (one per
hand the opponent may hold) valued on worker threads, each with its own transposition table.

``position_row(state, rules, led)`` packs one ``game.play.PlayState`` (between tricks) and the card led to
the trick, if any, as ``kernels.layout.POSITION_*``. ``SeenSolver(rules, threads).values(rows, lines)`` values every
legal card of the player to move at each row: ``(out, counts)`` as ``kernels.seen.batch_values`` fills them.
The rows are cut into contiguous pieces taken up by whichever thread is free; the values are exact, so the
figures are the same for any number of threads (tests/test_seen.py).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from ..cards import Card, mask_of
from ..game.play import DEALER, ELDER, PlayState
from ..kernels import layout
from ..rules import RuleSet
from . import families, pool
from .play import play_params

# Rows (a power of two) of each worker thread's transposition table: the hands of one call share most of their
# endings, so a transposition table larger than one solve's (kernels.layout.TRANSPOSITION_BITS) pays
# (benchmarks/seen.py).
SEEN_TRANSPOSITION_BITS = 18
PIECES_PER_THREAD = 4  # a call's rows are cut into this many pieces per thread, for an even load

_local = threading.local()


def _kernels():  # numba only when a value is asked for
    from . import first_run

    first_run.starting(families.SEEN.name)
    from ..kernels import seen as ks

    return ks


def warm() -> None:
    """Compile the card values (``piquet-calc warm``): every first lead of one deal, both hands known."""
    from ..cards import parse_cards
    from ..game.play import start
    from ..rules import RUBICON

    s = start(parse_cards("AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"), parse_cards("KS QS JS TS 9S 8S KD QD 8D AC JC TC"),
              RUBICON, 0, 0, False)
    SeenSolver(RUBICON, threads=1).values(position_row(s, RUBICON)[None, :])


def worker_count() -> int:
    """One worker thread per core, as every engine asks it (engine.pool.workers)."""
    from .pool import workers

    return workers()


def position_row(state: PlayState, rules: RuleSet, led: Card | None = None) -> np.ndarray:
    """``state`` (between tricks) and the leader's card ``led`` to the trick (None: nobody has led), packed."""
    row = np.zeros(layout.POSITION_COLUMNS, dtype=np.int64)
    need = rules.pique_threshold - state.totals[ELDER] if state.pique_live else 0
    row[layout.POSITION_ELDER_CARDS] = mask_of(state.hands[ELDER])
    row[layout.POSITION_DEALER_CARDS] = mask_of(state.hands[DEALER])
    row[layout.POSITION_LEADER] = state.leader
    row[layout.POSITION_ELDER_TRICKS], row[layout.POSITION_DEALER_TRICKS] = state.tricks[ELDER], state.tricks[DEALER]
    row[layout.POSITION_SCORE_DIFF] = state.totals[ELDER] - state.totals[DEALER]
    row[layout.POSITION_PIQUE_NEED] = max(need, 0)
    row[layout.POSITION_LED] = -1 if led is None else led.index
    return row


def position_rows(state: PlayState, rules: RuleSet, led: Card | None, player: int, masks: np.ndarray) -> np.ndarray:
    """``position_row`` once per mask of ``masks``, each with ``player``'s (ELDER or DEALER) cards set to it:
    one row per hand he may hold."""
    rows = np.repeat(position_row(state, rules, led)[None, :], len(masks), axis=0)
    hands_column(rows, player)[:] = masks
    return rows


def hands_column(rows: np.ndarray, player: int) -> np.ndarray:
    """The column of ``player``'s (ELDER or DEALER) cards in position rows: a view, to read or to set."""
    return rows[:, layout.POSITION_ELDER_CARDS if player == ELDER else layout.POSITION_DEALER_CARDS]


@dataclass(frozen=True)
class CardValues:
    """``SeenSolver.values``'s ``out`` by name: each field a view [row, card] of the valued cards."""

    card: np.ndarray  # the card's index
    value: np.ndarray  # what the rest of the play adds to elder's total minus the dealer's, the card included
    elder_tricks: np.ndarray  # elder's tricks at the end of the solver's line after it (-1: lines not asked for)

    @classmethod
    def of(cls, out: np.ndarray) -> CardValues:
        return cls(out[..., layout.VALUED_CARD], out[..., layout.VALUED_VALUE], out[..., layout.VALUED_ELDER_TRICKS])


def _transposition_rows(bits: int) -> np.ndarray:
    """This thread's own transposition table (made on first use, kept for the thread's life)."""
    tt = getattr(_local, "tt", None)
    if tt is None or tt.shape[0] != (1 << bits) + 1:
        from ..kernels.play import new_transposition

        tt = _local.tt = new_transposition(bits)
    return tt


class SeenSolver:
    """Every legal card valued at many positions under one set of rules, on ``threads`` worker threads."""

    def __init__(self, rules: RuleSet, threads: int = 0, transposition_bits: int = SEEN_TRANSPOSITION_BITS) -> None:
        self.ks = _kernels()
        self.rules = rules
        self.params = play_params(rules)
        self.threads = threads if threads > 0 else worker_count()
        self.transposition_bits = transposition_bits

    def values(self, rows: np.ndarray, lines: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """``rows`` (int64[n, layout.POSITION_COLUMNS]): ``out`` int64[n, 12, VALUED_COLUMNS] (each row's cards in index
        order, their values and, with ``lines``, elder's tricks on the solver's line) and ``counts`` int64[n]."""
        n = rows.shape[0]
        out = self.ks.new_output(n)
        counts = np.zeros(n, dtype=np.int64)
        if n == 0:
            return out, counts
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        if self.threads == 1 or n == 1:
            self.ks.batch_values(rows, self.params, _transposition_rows(self.transposition_bits), lines, out, counts)
            return out, counts
        pieces = min(n, self.threads * PIECES_PER_THREAD)
        bounds = [p * n // pieces for p in range(pieces + 1)]

        def work(p: int) -> None:
            a, b = bounds[p], bounds[p + 1]
            tt = _transposition_rows(self.transposition_bits)
            self.ks.batch_values(rows[a:b], self.params, tt, lines, out[a:b], counts[a:b])

        list(pool.threads(self.threads).map(work, range(pieces)))  # the kernel releases the GIL
        return out, counts
