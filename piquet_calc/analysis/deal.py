"""Public API: discards ranked by the whole deal, sampled (docs/rules.md, The whole deal).

``analyse_deal`` judges every legal discard of a hand on the same sampled deals: both exchanges (the
opponent's by the exchange policy of game/exchange.py), the declarations and, with ``play``, the play
solved double dummy. A race on one stream of deals narrows the candidates; the finalists are then
judged afresh on a second stream, whose figures are the ones reported (so the winner's figure is not
flattered by having been chosen on the same deals).

The race (``RACE_*``): every legal discard starts. Round ``r`` brings every discard still running to
``RACE_FIRST * RACE_GROWTH ** r`` deals (never more than ``samples``). After each round, a discard is
dropped when its paired difference to the round's leader (mean over the race's deals so far) is
below zero by more than ``RACE_Z`` standard errors (evidence against it; from ``RACE_Z_FROM`` deals on,
where the standard errors can be trusted), and then, of those left,
only the best ``RACE_KEEP`` fraction by mean goes on (successive halving, on the race's deals alone),
never fewer than the final round's size. The race ends when no more than the final round's size are
left, or when a round has reached ``samples`` deals.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..cards import HAND_SIZE, Card, CardError, mask_of, sort_hand
from ..kernels.layout import (
    D_CARDS,
    D_D_CAPOT,
    D_D_DECL,
    D_D_PLAY,
    D_D_REPIQUE,
    D_E_CAPOT,
    D_E_DECL,
    D_E_PIQUE,
    D_E_PLAY,
    D_E_REPIQUE,
    D_E_RUN_PIQUE,
)
from ..rules import RUBICON, RulesError, RuleSet, span
from .defaults import DEFAULT_SAMPLES, DEFAULT_SEED  # apart: the CLI reads them without numpy
from .discards import Analysis, DiscardResult, Position, analyse_discards, discard_sizes

RACE_FIRST = 4
RACE_GROWTH = 4
RACE_KEEP = 0.25
RACE_Z = 3.0
RACE_Z_FROM = 16  # deals per discard from which the standard errors are trusted for dropping
RACE_STREAM, FINAL_STREAM = 0, 1
Progress = Callable[[int, int], None]

FIGURES = ("declarations_me", "declarations_opp", "play_me", "play_opp", "cards_win", "cards_divide",
           "cards_lose", "capot_me", "capot_opp", "pique_me", "pique_opp", "repique_me", "repique_opp")
"""What is reported per discard beside the net, each an expectation over the final round's deals:
declarations before the play (carte blanche, point, sequence, sets, carte rouge, the repique bonus), the
play's points (the pique bonus, the cards, capot and the deal bonus included), the chance of winning,
dividing and losing the cards, of capot, pique and repique for each side."""


@dataclass(frozen=True)
class Estimate:
    """A sampled mean with its standard error (over ``n`` deals)."""

    mean: float
    se: float
    n: int

    @classmethod
    def of(cls, values: np.ndarray) -> Estimate:
        n = len(values)
        se = float(values.std(ddof=1) / math.sqrt(n)) if n > 1 else float("nan")
        return cls(float(values.mean()), se, n)


@dataclass(frozen=True)
class DealDiscard:
    """One discard judged by the whole deal on the final round's deals."""

    discard: tuple[Card, ...]
    net: Estimate  # the deal's value: my total minus the opponent's, play included
    vs_best: Estimate  # paired: this discard's net minus the best's, deal by deal
    figures: dict[str, Estimate]  # FIGURES
    uniform: DiscardResult  # the exact declaration figures of the uniform model, for comparison
    forced: bool  # put in the final round by the user (``also``)

    @property
    def samples(self) -> int:
        return self.net.n


@dataclass(frozen=True)
class RaceRound:
    deals: int  # deals per discard after this round
    running: int  # discards judged in this round
    kept: int  # discards left after it


@dataclass(frozen=True)
class DealAnalysis:
    hand: tuple[Card, ...]
    position: Position
    rules: RuleSet
    elder_took: int | None
    elder_blanche: bool | None
    seed: int
    samples: int  # fresh deals per discard in the final round
    play: bool  # the play solved (False: declarations only, pique by elder's pique run, as `score`)
    opponent: str  # "policy" or "keeps"
    candidates: int
    race: tuple[RaceRound, ...]
    discards: tuple[DealDiscard, ...]  # ranked: best net first
    uniform: Analysis


def _net(cols: np.ndarray, me_is_elder: bool, play: bool, rules: RuleSet) -> np.ndarray:
    e, d = _totals(cols, play, rules)
    return (e - d if me_is_elder else d - e).astype(np.float64)


def _totals(cols: np.ndarray, play: bool, rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    if play:
        return cols[..., D_E_DECL] + cols[..., D_E_PLAY], cols[..., D_D_DECL] + cols[..., D_D_PLAY]
    return cols[..., D_E_DECL] + rules.pique_bonus * cols[..., D_E_RUN_PIQUE], cols[..., D_D_DECL]


def _figures(cols: np.ndarray, me_is_elder: bool, play: bool, rules: RuleSet) -> dict[str, Estimate]:
    """FIGURES from one discard's rows (deals x columns)."""
    f = lambda x: Estimate.of(np.asarray(x, dtype=np.float64))  # noqa: E731
    me, opp = (0, 1) if me_is_elder else (1, 0)
    decl = (cols[:, D_E_DECL], cols[:, D_D_DECL])
    if play:
        plays = (cols[:, D_E_PLAY], cols[:, D_D_PLAY])
        pique = (cols[:, D_E_PIQUE], np.zeros(len(cols)))
        cards = cols[:, D_CARDS] if me_is_elder else -cols[:, D_CARDS]
        capot = (cols[:, D_E_CAPOT], cols[:, D_D_CAPOT])
        extra = {"play_me": f(plays[me]), "play_opp": f(plays[opp]),
                 "cards_win": f(cards > 0), "cards_divide": f(cards == 0), "cards_lose": f(cards < 0),
                 "capot_me": f(capot[me]), "capot_opp": f(capot[opp])}
    else:  # declarations alone: pique by elder's pique run, as `score` counts it
        pique = (cols[:, D_E_RUN_PIQUE], np.zeros(len(cols)))
        extra = {}
    repique = (cols[:, D_E_REPIQUE], cols[:, D_D_REPIQUE])
    out = {"declarations_me": f(decl[me]), "declarations_opp": f(decl[opp]), **extra,
           "pique_me": f(pique[me]), "pique_opp": f(pique[opp]),
           "repique_me": f(repique[me]), "repique_opp": f(repique[opp])}
    return out


def _ranked(means: np.ndarray) -> list[int]:
    """Indices best first; equal means keep the candidates' order."""
    return sorted(range(len(means)), key=lambda i: (-means[i], i))


def race_plan(alive: int, keep: int, samples: int, first_round: int = 0) -> list[tuple[int, int]]:
    """The race's rounds from ``first_round`` on, if no discard is dropped on evidence: (discards
    running, deals per discard after the round)."""
    plan: list[tuple[int, int]] = []
    r = first_round
    while alive > keep:
        deals = min(RACE_FIRST * RACE_GROWTH ** r, samples)
        plan.append((alive, deals))
        if deals >= samples:
            break
        alive = max(keep, math.ceil(alive * RACE_KEEP))
        r += 1
    return plan


def plan_rows(alive: int, keep: int, samples: int, finalists: int, first_round: int = 0, before: int = 0) -> int:
    """(deal, discard) pairs left to evaluate at most, ``before`` deals per discard being done."""
    rows = 0
    for running, deals in race_plan(alive, keep, samples, first_round):
        rows += running * (deals - before)
        before = deals
    return rows + finalists * samples


def race(values_of: Callable[[Sequence[int], int, int], np.ndarray], candidates: int, keep: int,
         samples: int, on_round: Callable[[int, int, int], None] | None = None) -> tuple[list[int], list[RaceRound]]:
    """The race of the module docstring on candidates 0 .. ``candidates`` - 1.

    ``values_of(alive, lo, hi)``: the deal values of the candidates ``alive`` on race deals ``lo`` to
    ``hi`` - 1, shape (len(alive), hi - lo). Returns the survivors (best first by race mean, at most
    ``keep`` of them) and the rounds.
    """
    alive = list(range(candidates))
    values = np.zeros((candidates, 0))
    rounds: list[RaceRound] = []
    deals = 0
    while len(alive) > keep:
        target = min(RACE_FIRST * RACE_GROWTH ** len(rounds), samples)
        new = values_of(alive, deals, target)
        values = np.concatenate([values, new], axis=1)
        deals = target
        means = values.mean(axis=1)
        order = _ranked(means)
        leader = order[0]
        diff = values - values[leader]
        se = diff.std(axis=1, ddof=1) / math.sqrt(deals) if deals > 1 else np.full(len(alive), np.inf)
        beaten = (diff.mean(axis=1) + RACE_Z * se < 0) & (deals >= RACE_Z_FROM)
        left = [i for i in order if not beaten[i]]
        n_keep = keep if deals >= samples else max(keep, math.ceil(len(left) * RACE_KEEP))
        left = left[:n_keep]
        if len(left) < keep:  # the final round is never short: the best of the beaten by mean fill it
            left += [i for i in order if beaten[i]][:keep - len(left)]
        rounds.append(RaceRound(deals, len(alive), len(left)))
        alive = [alive[i] for i in left]
        values = values[left]
        if on_round is not None:
            on_round(len(alive), deals, len(rounds))
        if deals >= samples:
            break
    return alive, rounds


def all_discards(hand: Sequence[Card], sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    """Every legal discard in the exact analysis's order: fewer cards first, then the hand's order."""
    return [tuple(hand[i] for i in d) for size in sizes for d in itertools.combinations(range(HAND_SIZE), size)]


def analyse_deal(hand: Sequence[Card], position: Position, rules: RuleSet = RUBICON, elder_took: int = 5,
                 elder_blanche: bool = False, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
                 top: int = 10, also: Sequence[Sequence[Card]] = (), play: bool = True,
                 opponent: Literal["policy", "keeps"] = "policy", threads: int | None = None,
                 progress: Progress | None = None) -> DealAnalysis:
    """Every legal discard of ``hand`` judged by the whole deal (module docstring); the final round's
    ``top`` discards (0: every legal discard, no race) and the ``also`` discards, ranked by deal net.

    ``play=False`` scores the declarations alone, pique by elder's pique run (as ``score``);
    ``opponent="keeps"``: the opponent exchanges nothing (the checks' variant). ``threads``: worker
    threads (default: one per core). The figures depend only on the seed, never on ``threads``.
    """
    from ..engine import first_run
    from ..engine.deal import DealSampler
    from ..kernels.declarations import worker_count

    hand = sort_hand(hand)
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise CardError(f"the hand must have exactly {HAND_SIZE} different cards, got {len(set(hand))}")
    if position not in ("elder", "younger"):
        raise RulesError(f"position must be 'elder' or 'younger', not {position!r}")
    if position == "younger" and elder_took not in rules.elder_discards:
        raise RulesError(f"elder may take {span(rules.elder_discards)} cards under {rules.name}, not {elder_took}")
    if samples < 2:
        raise RulesError(f"samples must be at least 2, not {samples}")
    sizes = discard_sizes(position, rules, elder_took)
    candidates = all_discards(hand, sizes)
    index = {frozenset(d): i for i, d in enumerate(candidates)}
    forced = []
    for d in also:
        if frozenset(d) not in index:
            missing = [c for c in d if c not in hand]
            raise CardError(f"{missing[0]} is not in the hand" if missing else
                            f"{len(d)} cards is not a legal discard here: {span(sizes)}")
        forced.append(index[frozenset(d)])

    first_run.expect("declarations", "deal")  # one line for every family to compile (the play solver's too)
    n_threads = threads or worker_count()
    sampler = DealSampler(hand, position, rules, seed, elder_took, elder_blanche, opponent, n_threads)
    me_is_elder = position == "elder"
    masks = [(mask_of(d), len(d)) for d in candidates]
    keep = top if top > 0 else len(candidates)
    finalists_max = min(len(candidates), keep + len(forced))
    total = plan_rows(len(candidates), keep, samples, finalists_max)
    done = [0]

    def tick(n: int) -> None:
        done[0] += n
        if progress is not None:
            progress(done[0], max(total, done[0]))

    uniform = analyse_discards(hand, position, rules, elder_took=elder_took, elder_blanche=elder_blanche)
    by_discard = {frozenset(r.discard): r for r in uniform.discards}
    with ThreadPoolExecutor(max_workers=n_threads, thread_name_prefix="piquet-calc-deal") as pool:
        try:
            def values_of(alive: Sequence[int], lo: int, hi: int) -> np.ndarray:
                cols = sampler.evaluate(RACE_STREAM, lo, hi, [masks[i] for i in alive], pool, tick, play)
                return _net(cols, me_is_elder, play, rules)

            def on_round(alive: int, deals: int, rounds_done: int) -> None:
                nonlocal total
                total = done[0] + plan_rows(alive, keep, samples, finalists_max, rounds_done, deals)

            survivors, rounds = race(values_of, len(candidates), keep, samples, on_round)
            finalists = survivors + [i for i in forced if i not in survivors]
            total = done[0] + len(finalists) * samples
            cols = sampler.evaluate(FINAL_STREAM, 0, samples, [masks[i] for i in finalists], pool, tick, play)
        except BaseException:
            sampler.cancel.set()
            raise
    nets = _net(cols, me_is_elder, play, rules)
    order = _ranked(nets.mean(axis=1))
    best = nets[order[0]]
    results = tuple(
        DealDiscard(candidates[finalists[j]], Estimate.of(nets[j]), Estimate.of(nets[j] - best),
                    _figures(cols[j], me_is_elder, play, rules), by_discard[frozenset(candidates[finalists[j]])],
                    finalists[j] in forced)
        for j in order)
    return DealAnalysis(hand, position, rules, elder_took if position == "younger" else None,
                        bool(elder_blanche) if position == "younger" else None, seed, samples, play, opponent,
                        len(candidates), tuple(rounds), results, uniform)
