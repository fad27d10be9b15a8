"""Score-aware figures for one discard (issue 23, item 3): each sampled deal's pair of totals looked up in
the partie table (analysis/partie_value.py), averaged, with standard errors.

``partie_deals(totals, state, rules_name)`` takes the deals a discard was judged on, as an array
``totals`` of shape (samples, 2), [my total, the opponent's total] for each deal (the field
``DealDiscard.totals`` of analysis/deal.py), and the partie state before the deal: my score, the
opponent's, the deal's number (from 1) and whether I am elder or younger in it. It returns, deal by deal,
my partie value after the deal (in the preset's unit: points, au-cent games), my chance of winning the
partie and, under rubicon and english, of being rubiconed. ``partie_estimate`` averages them, each with
its standard error over the deals (the sample standard deviation / √n), beside the expected points of the
deal for comparison; ``discard --why --score`` pairs two discards' deals (analysis/why.py).

The table's own sampling error (its bootstrap, ``se_*`` in the shipped file) is not in those standard
errors: it is shared by every discard judged at the same score, so it moves all of them together and does
not change their order; ``bootstrap_se`` gives its size at the nearest tabled state (None where the bootstrap
gives none).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..game.partie import dealer_of
from ..rules import ElderOrYounger
from .partie_value import COARSE_STEP, PartieValueError, PartieValues, StepsOf, load_partie_values


@dataclass(frozen=True)
class PartieState:
    """The partie before a deal, from my side: my score, the opponent's, the deal (from 1), my seat in it."""

    me: int
    opponent: int
    deal: int
    position: ElderOrYounger

    @property
    def my_player(self) -> int:
        """My number in the partie (game/partie.py): player 1 is elder in odd deals."""
        dealer = dealer_of(self.deal)
        return (3 - dealer) if self.position == "elder" else dealer

    @property
    def score(self) -> tuple[int, int]:
        """The score as (player 1's, player 2's)."""
        return (self.me, self.opponent) if self.my_player == 1 else (self.opponent, self.me)


@dataclass(frozen=True)
class PartieEstimate:
    """One discard's figures at a partie state: means over ``samples`` deals, each with its standard error."""

    samples: int
    value: float  # my expected partie value, in ``unit``
    value_se: float
    win: float  # my chance of winning the partie
    win_se: float
    rubiconed: float | None  # my chance of being rubiconed (rubicon, english), else None
    rubiconed_se: float | None
    points: float  # my expected net points for the deal (my total minus the opponent's), for comparison
    points_se: float
    unit: str
    bootstrap_se: float | None  # the shipped values' own standard error near this state (their bootstrap); None: none


def _mean_se(x: np.ndarray) -> tuple[float, float]:
    n = len(x)
    mean = float(x.mean())
    se = float(x.std(ddof=1) / math.sqrt(n)) if n > 1 else float("nan")
    return mean, se


@dataclass(frozen=True)
class PartieDeals:
    """One discard's deals looked up in the partie table at a state, one entry per deal, from my side."""

    value: np.ndarray  # float64: my partie value after the deal, in ``unit``
    win: np.ndarray  # float64: my chance of winning the partie (0 or 1 where the deal ends it)
    rubiconed: np.ndarray | None  # float64: my chance of being rubiconed (rubicon, english), else None
    unit: str  # "points", or "games" (au-cent)


def _checked(totals: np.ndarray, state: PartieState) -> np.ndarray:
    totals = np.asarray(totals, dtype=np.int64)
    if totals.ndim != 2 or totals.shape[1] != 2 or len(totals) == 0:
        raise PartieValueError(f"totals must be an array (samples, 2) of [my total, the opponent's], not shape "
                               f"{totals.shape}")
    if min(state.me, state.opponent) < 0 or state.deal < 1:
        raise PartieValueError("the score is two totals of 0 or more and the deal is numbered from 1")
    return totals


def partie_deals(totals: np.ndarray, state: PartieState, rules_name: str, values: PartieValues | None = None,
                 played: Any = None) -> PartieDeals:
    """Each deal of ``totals`` (samples, 2) = [my total, the opponent's] looked up at ``state``: my partie
    value, my chance of winning the partie and (rubicon, english) of being rubiconed, deal by deal;
    PartieValueError for a preset the tables do not cover or a state they cannot reach.

    ``played``: the same deals as played (engine/deal.py's ReportDeals, ``counted(i)``), whose counting
    order decides au-cent's race where the totals leave it open (who reached 100 first, the lurch)."""
    totals = _checked(totals, state)
    values = values or load_partie_values(rules_name)
    mine, theirs = totals[:, 0], totals[:, 1]
    pairs = np.stack([mine, theirs], axis=1) if state.position == "elder" else np.stack([theirs, mine], axis=1)
    got = values.after_many(state.deal, state.score, pairs, None if played is None else _steps_of(played, pairs))
    first = state.my_player == 1
    rubiconed = None
    if "rubicon" in got:
        rubiconed = got["rubicon"] if first else got["rubicon2"]
    return PartieDeals(got["value"] if first else -got["value"], got["win"] if first else got["lose"], rubiconed,
                       "games" if rules_name == "au-cent" else "points")


def partie_estimate(totals: np.ndarray, state: PartieState, rules_name: str,
                    values: PartieValues | None = None, played: Any = None) -> PartieEstimate:
    """My expected partie value, chance of winning and (rubicon, english) of being rubiconed, from the deals'
    ``totals`` (samples, 2) = [my total, the opponent's], at ``state``: the means of ``partie_deals``, each
    with its standard error; PartieValueError as there."""
    totals = _checked(totals, state)
    values = values or load_partie_values(rules_name)
    per = partie_deals(totals, state, rules_name, values, played)
    v, v_se = _mean_se(per.value)
    w, w_se = _mean_se(per.win)
    rub = rub_se = None
    if per.rubiconed is not None:
        rub, rub_se = _mean_se(per.rubiconed)
    pts, pts_se = _mean_se((totals[:, 0] - totals[:, 1]).astype(np.float64))
    return PartieEstimate(len(totals), v, v_se, w, w_se, rub, rub_se, pts, pts_se, per.unit,
                          _bootstrap_se(values, state))


def _steps_of(played: Any, pairs: np.ndarray) -> StepsOf:
    """Deal i's steps in counting order, checked to add up to the deal's (elder's, dealer's) totals."""
    def steps(i: int) -> Sequence[tuple[int, int]]:
        counted = played.counted(i)
        if counted.totals != (int(pairs[i, 0]), int(pairs[i, 1])):
            raise RuntimeError(f"deal {i}: its counting order adds up to {counted.totals}, its totals are "
                               f"{tuple(int(x) for x in pairs[i])}")
        return counted.steps
    return steps


BOOTSTRAP_SE_FLOOR = 1e-9  # a bootstrap spread below this is no standard error: the value there does not move


def _bootstrap_se(values: PartieValues, state: PartieState) -> float | None:
    """The shipped bootstrap standard error of the value at the tabled state nearest the score before the
    deal (deal − 1 played): a guide to the table's own error here, not a figure for each deal's lookup. None
    where the bootstrap gives no figure: a deal beyond the stages shipped (rubicon's two more deals after a
    tie, deals 7 and 8), or a state whose value no bootstrap moves (fixed by the rules, or by symmetry, as a
    tie before two deals in which each player is elder once: 0)."""
    se = values.coarse.get("se_value")
    if se is None:
        return None
    a, b = state.score
    k = COARSE_STEP
    if values.name == "au-cent":
        d = dealer_of(state.deal) - 1
        i, j = min(a // k, se.shape[1] - 1), min(b // k, se.shape[2] - 1)
        got = float(se[d, i, j])
    else:
        n = state.deal - 1
        if n >= se.shape[0]:
            return None
        i, j = min(round(a / k), se.shape[1] - 1), min(round(b / k), se.shape[2] - 1)
        got = float(se[n, i, j])
    return got if got > BOOTSTRAP_SE_FLOOR else None


def rank_by_partie(discards: Sequence[Any], state: PartieState, rules_name: str) -> list[tuple[Any, PartieEstimate]]:
    """The finalists of ``discard --play`` (analysis/deal.py's DealDiscard, each with ``totals`` (samples, 2))
    with their partie figures, best expected partie value first (ties: the expected points)."""
    values = load_partie_values(rules_name)
    out = []
    for d in discards:
        totals = getattr(d, "totals", None)
        if totals is None:
            raise PartieValueError("this analysis keeps no per-deal totals (DealDiscard.totals): --score needs them")
        out.append((d, partie_estimate(totals, state, rules_name, values, getattr(d, "played", None))))
    return sorted(out, key=lambda t: (-t[1].value, -t[1].points))
