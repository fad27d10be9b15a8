"""The sampling race and its estimator, shared by the whole deals of two hands (analysis/deal.py) and of
Piquet Normand's dealer (analysis/deal_normand.py).

``race`` narrows many candidates to a final round on one stream of deals (``RACE_STREAM``), dropping a
candidate only on evidence (its paired difference to the round's leader below zero by ``race_z`` standard
errors, a family-wise correction) and, while many are left, cutting within groups whose luck is shared;
``race_plan`` and ``plan_rows`` say how many deals each round asks for (the progress bar's total).
``Estimate`` is a sampled mean with its standard error and sample count; ``Estimate.controlled`` the
control-variate estimator, its coefficient from ``fitted_beta``. The account of the whole procedure and
why it is honest (chosen on one stream, reported on another) is analysis/deal.py's docstring.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

RACE_FIRST = 16
RACE_GROWTH = 4
RACE_KEEP = 0.25
RACE_Z = 3.0  # the least z that drops a discard on evidence
RACE_ALPHA = 0.05  # family-wise: a round drops a discard no worse than the leader with this chance at most
RACE_Z_FROM = 64  # deals per discard from which the standard errors are trusted for dropping (16 deals lost the
# best to heavy tails: a difference made of rare repiques and piques looks small and steady on a few deals)
RACE_SD_FLOOR = 1.0  # points a deal: the least spread assumed for a paired difference
RACE_CUT_ABOVE = 4  # the cut by rank within a size only while more than this many times the final round run
RACE_STREAM, REPORT_STREAM, CONTROL_STREAM = 0, 1, 2


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

    @classmethod
    def controlled(cls, y: np.ndarray, x: np.ndarray, mu: float, beta: float, mu_var: float = 0.0) -> Estimate:
        """The mean of ``y`` by the control variate ``x`` of mean ``mu`` (known, or estimated with variance
        ``mu_var``): mean(y - beta * (x - mu)), ``beta`` fitted elsewhere (module docstring)."""
        z = y - beta * x
        n = len(z)
        var = float(z.var(ddof=1)) / n if n > 1 else float("nan")
        return cls(float(z.mean()) + beta * mu, math.sqrt(var + beta * beta * mu_var), n)


def fitted_beta(y: np.ndarray, x: np.ndarray) -> float:
    """The control's coefficient that makes y - beta * x vary least: cov(y, x) / var(x) (0 if x is constant).
    Rows are candidates (each centred on its own means), fitted as one."""
    y = np.atleast_2d(y)
    x = np.atleast_2d(x)
    xc = x - x.mean(axis=-1, keepdims=True)
    sxx = float((xc * xc).sum())
    return float((xc * (y - y.mean(axis=-1, keepdims=True))).sum()) / sxx if sxx > 0 else 0.0


@dataclass(frozen=True)
class RaceRound:
    deals: int  # deals per discard after this round
    running: int  # discards judged in this round
    kept: int  # discards left after it


def ranked(means: np.ndarray) -> list[int]:
    """Indices best first; equal means keep the candidates' order."""
    return sorted(range(len(means)), key=lambda i: (-means[i], i))


def race_z(running: int) -> float:
    """The z beyond which a round drops a discard: RACE_Z, or more when so many discards are compared
    that one of them would fall that far behind the leader by chance (Bonferroni over ``running``).

    >>> race_z(2), round(race_z(100), 2), round(race_z(1585), 2)
    (3.0, 3.29, 4.0)
    """
    return max(RACE_Z, NormalDist().inv_cdf(1 - RACE_ALPHA / max(running, 1)))


def _cut(order: Sequence[int], groups: Sequence[int], keep: int) -> list[int]:
    """Successive quartering within each group: of ``order`` (best first), the best RACE_KEEP fraction of
    each group, in ``order``'s order; at least ``keep`` in all (the next best fill up)."""
    size: dict[int, int] = {}
    for i in order:
        size[groups[i]] = size.get(groups[i], 0) + 1
    quota = {g: math.ceil(n * RACE_KEEP) for g, n in size.items()}
    kept = []
    for i in order:
        if quota[groups[i]] > 0:
            quota[groups[i]] -= 1
            kept.append(i)
    if len(kept) < keep:
        chosen = set(kept)
        kept += [i for i in order if i not in chosen][:keep - len(kept)]
        kept.sort(key=list(order).index)
    return kept


ValuesOf = Callable[[Sequence[int], int, int], tuple[np.ndarray, np.ndarray | None]]


def race_plan(alive: int, keep: int, samples: int, first_round: int = 0, groups: int = 1) -> list[tuple[int, int]]:
    """The race's rounds from ``first_round`` on at most (the race's own rules, no discard dropped on
    evidence): (discards running, deals per discard after the round). While more than RACE_CUT_ABOVE times
    the final round's size run, each of the ``groups`` (discard sizes) keeps its best RACE_KEEP fraction,
    rounded up; below that every discard runs on until a round reaches ``samples`` deals.

    >>> race_plan(1585, 10, 1000, groups=5)
    [(1585, 16), (401, 64), (105, 256), (31, 1000)]
    """
    plan: list[tuple[int, int]] = []
    r = first_round
    while alive > keep:
        deals = min(RACE_FIRST * RACE_GROWTH ** r, samples)
        plan.append((alive, deals))
        if deals >= samples:
            break
        if alive > RACE_CUT_ABOVE * keep:
            alive = max(keep, min(alive, math.ceil(alive * RACE_KEEP) + groups - 1))
        r += 1
    return plan


def plan_rows(alive: int, keep: int, samples: int, finalists: int, first_round: int = 0, before: int = 0,
              groups: int = 1) -> int:
    """(deal, discard) pairs left to evaluate at most, ``before`` deals per discard being done: the race's,
    the order's (each finalist to ``samples`` race deals) and the report's. An upper bound, so that the time
    left it gives only ever comes down as the race drops discards."""
    rows = 0
    last = before
    for running, deals in race_plan(alive, keep, samples, first_round, groups):
        rows += running * (deals - last)
        last = deals
    return rows + finalists * (samples - min(last, samples)) + finalists * samples


def race(values_of: ValuesOf, candidates: int, keep: int, samples: int, groups: Sequence[int] | None = None,
         mu: np.ndarray | None = None, on_round: Callable[[int, int, int], None] | None = None,
         stage: Callable[[str], None] | None = None,
         ) -> tuple[list[int], list[RaceRound], tuple[np.ndarray, np.ndarray | None]]:
    """The race of the module docstring on candidates 0 .. ``candidates`` - 1.

    ``values_of(alive, lo, hi)``: the deal values of the candidates ``alive`` on race deals ``lo`` to
    ``hi`` - 1, shape (len(alive), hi - lo), and the same deals' control values (or None); ``mu``: the
    controls' means; ``groups``: each candidate's group (its discard size); ``stage(words)``: told as each
    round starts. Returns the survivors (best
    first, at most ``keep`` of them unless too few were beaten), the rounds, and the survivors' values
    and controls on the race deals so far (rows in the survivors' order).
    """
    groups = list(groups) if groups is not None else [0] * candidates
    mu = np.asarray(mu, dtype=np.float64) if mu is not None else np.zeros(candidates)
    alive = list(range(candidates))
    ys = np.zeros((candidates, 0))
    xs: np.ndarray | None = None
    rounds: list[RaceRound] = []
    deals = 0
    while len(alive) > keep:
        target = min(RACE_FIRST * RACE_GROWTH ** len(rounds), samples)
        if stage is not None:
            stage(f"the race, round {len(rounds) + 1}: {len(alive):,} discards to {target:,} deals")
        y, x = values_of(alive, deals, target)
        ys = np.concatenate([ys, y], axis=1)
        if x is not None:
            xs = x if xs is None else np.concatenate([xs, x], axis=1)
        deals = target
        z = ys if xs is None else ys - fitted_beta(ys, xs) * (xs - mu[alive][:, None])
        order = ranked(z.mean(axis=1))
        diff = z - z[order[0]]
        if deals > 1:
            se = np.maximum(diff.std(axis=1, ddof=1), RACE_SD_FLOOR) / math.sqrt(deals)
        else:
            se = np.full(len(alive), np.inf)
        beaten = (diff.mean(axis=1) + race_z(len(alive)) * se < 0) & (deals >= RACE_Z_FROM)
        left = [i for i in order if not beaten[i]]
        if deals >= samples:
            left = left[:keep]
        elif len(left) > RACE_CUT_ABOVE * keep:  # many left: only then the cut that needs no evidence
            left = _cut(left, [groups[alive[i]] for i in range(len(alive))], keep)
        if len(left) < keep:  # the final round is never short: the best of the beaten by mean fill it
            left += [i for i in order if beaten[i]][:keep - len(left)]
        rounds.append(RaceRound(deals, len(alive), len(left)))
        alive = [alive[i] for i in left]
        ys = ys[left]
        xs = xs[left] if xs is not None else None
        if on_round is not None:
            on_round(len(alive), deals, len(rounds))
        if deals >= samples:
            break
    return alive, rounds, (ys, xs)
