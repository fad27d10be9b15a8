"""Public API: the Normand dealer's exchange judged by the whole deal, sampled (``discard --rules normand
--dealer --play``).

Keep, or put out each pair of the ten (1 + 45 options), each judged on the same sampled deals
(engine/deal_normand.py: elder's and middle's hands and the talon drawn from a seed; the declarations
scored; the play valued by the paranoid model, the dealer's net when the other two play together against
him), beside the exact declarations-only net of analysis/declarations_normand.py. The two-handed whole deal's honesty
rules (analysis/deal.py) carry over, and its race is reused as it is:

1. **The race** (``RACE_STREAM``) narrows the options to the final round's ``top``.
2. **The order** of the finalists is decided on the same stream, each on ``samples`` deals of it.
3. **The report** (``REPORT_STREAM``): every figure printed comes from ``samples`` fresh deals that took
   no part in choosing or ordering; each option's difference to #1 is paired (the same deals).

**The control variate**: each deal's declarations-only net, whose exact mean over every deal is the exact
analysis's net: an option's whole-deal net is the mean of ``y - beta * (x - mu)`` (``beta`` fitted on the
ordering stream, used unchanged on the report's), unbiased with a far smaller spread.

**An option against another** (the table's ``vs #1`` and ``--why``, one function: ``versus``): the exact
difference of their declarations-only nets plus the play's difference, paired on the report's deals (the
control with beta 1). So the figure ``--why`` splits by source is the table's ``vs #1``, to the last digit.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..cards import Card, CardError
from ..engine.deal_normand import DealsNormand, Option
from ..engine.progress import ProgressOfTotal
from ..rules import RulesError, RuleSet
from .declarations_normand import ExchangeNormand, _check_normand, analyse_exchange_normand
from .defaults import DEFAULT_SEED
from .race import RACE_STREAM, REPORT_STREAM, Estimate, RaceRound, fitted_beta, race, ranked

NORMAND_DEFAULT_SAMPLES = 200  # report deals per option: about a point of standard error, a minute on 2 cores
NORMAND_DEFAULT_TOP = 5  # options in the final round unless --top says


@dataclass(frozen=True)
class DealOptionNormand:
    """One option judged by the whole deal on the report's deals (nets: the dealer's total minus the mean of
    elder's and middle's)."""

    discard: Option
    net: Estimate  # the whole deal, with the control variate
    vs_best: Estimate  # this option against #1: ``versus(self, #1)``
    net_plain: Estimate  # the whole deal without the control
    declarations: Estimate  # the declarations-only net on the same deals (pique by elder's run)
    play: Estimate  # paired: the whole deal's net minus the declarations-only net, deal by deal
    exact: Fraction  # the exact declarations-only net (analysis/declarations_normand.py)
    forced: bool  # put in the final round by the user (--why)
    values: np.ndarray  # the report deals' whole-deal nets doubled
    controls: np.ndarray  # and their declarations-only nets doubled


@dataclass(frozen=True)
class DealAnalysisNormand:
    hand: tuple[Card, ...]
    rules: RuleSet
    seed: int
    samples: int
    candidates: int
    race: tuple[RaceRound, ...]
    options: tuple[DealOptionNormand, ...]  # the final round, #1 first
    exact: ExchangeNormand
    solves: int  # paranoid solves in all (every stream)


def _key(option: Option) -> frozenset[Card] | None:
    return None if option is None else frozenset(option)


def _paired(dy2: np.ndarray, dx2: np.ndarray, exact: Fraction) -> Estimate:
    """exact + the mean of the play's difference (``dy2 - dx2``, doubled nets, deal by deal)."""
    play = Estimate.of((dy2 - dx2) / 2)
    return Estimate(float(exact) + play.mean, play.se, play.n)


def versus(mine: DealOptionNormand, other: DealOptionNormand) -> Estimate:
    """``mine``'s net minus ``other``'s (module docstring): the exact declarations' difference plus the play's,
    paired on the report's deals. Zero with no spread for an option against itself."""
    return _paired(mine.values - other.values, mine.controls - other.controls, mine.exact - other.exact)


@dataclass(frozen=True)
class WhyNormandDeal:
    """One option against another (#1, or ``--against``) on the report's deals, split into the declarations
    (exact, and as sampled on these deals) and the play; ``net`` is ``versus``: the table's ``vs #1``."""

    mine: DealOptionNormand
    other: DealOptionNormand
    net: Estimate
    declarations: Estimate  # the declarations-only difference on the report's deals
    declarations_exact: float  # the same, exact
    play: Estimate  # the whole deal's difference minus the declarations', deal by deal
    deals: int
    better_on: float  # the share of the deals on which ``mine`` did better
    worse_on: float


def why_deal(a: DealAnalysisNormand, mine: Option, against: Option | bool = False) -> WhyNormandDeal:
    """``mine`` against #1 (``against`` False) or against the option named, paired on the report's deals."""

    def find(option: Option) -> DealOptionNormand:
        key = None if option is None else frozenset(option)
        return next(o for o in a.options if (None if o.discard is None else frozenset(o.discard)) == key)

    me = find(mine)
    other = a.options[0] if against is False else find(against)  # type: ignore[arg-type]
    dy = (me.values - other.values) / 2
    dx = (me.controls - other.controls) / 2
    return WhyNormandDeal(me, other, versus(me, other), Estimate.of(dx), float(me.exact - other.exact),
                          Estimate.of(dy - dx), len(dy), float(np.mean(dy > 0)), float(np.mean(dy < 0)))


def _candidates(hand: tuple[Card, ...], rules: RuleSet) -> list[Option]:
    """Keep, then each pair in the hand's order (as the rules allow)."""
    pairs = itertools.combinations(hand, rules.table.talon) if rules.table.talon in rules.exchange[-1] else []
    return [None, *pairs]


def analyse_deal_normand(hand: Sequence[Card], rules: RuleSet, samples: int = NORMAND_DEFAULT_SAMPLES,
                         seed: int = DEFAULT_SEED, top: int = 3, also: Sequence[Option] = (),
                         threads: int | None = None, progress: ProgressOfTotal | None = None,
                         stage: Callable[[str], None] | None = None, kernel: bool = True,
                         ) -> DealAnalysisNormand:
    """Every option of the dealer judged by the whole deal (module docstring): the final round's ``top``
    (0: every option, no race) and the ``also`` options, ordered on the race's stream, their figures from
    the report's. The figures depend only on the seed, never on ``threads``. ``kernel``: the kernels (the plain
    solver, False, takes seconds a solve: for tests of a few deals)."""
    from ..engine import families, first_run
    from ..engine.pool import threads as worker_threads
    from ..engine.pool import workers

    hand = _check_normand(hand, rules)
    if samples < 2:
        raise RulesError(f"samples must be at least 2, not {samples}")
    candidates = _candidates(hand, rules)
    index = {_key(c): i for i, c in enumerate(candidates)}
    forced = []
    for option in also:
        key = _key(option)
        if key not in index:
            raise CardError(f"{' '.join(map(str, option or ()))}: not two cards of the hand")
        if index[key] not in forced:
            forced.append(index[key])
    # one line for both to compile
    first_run.expect(families.EXCHANGE_NORMAND.name, *((families.DEAL_NORMAND.name,) if kernel else ()))
    said = stage or (lambda words: None)
    said("the exact declarations of every option")
    exact = analyse_exchange_normand(hand, rules)
    exact_net = {_key(o.discard): o.net for o in exact.options}
    mu = np.array([float(exact_net[_key(c)]) for c in candidates])
    keep = top if top > 0 else len(candidates)
    deals = DealsNormand(hand, rules, seed, kernel)
    done = [0]
    total = [len(candidates) * 16 + 2 * (keep + len(forced)) * samples]

    def tick(n: int) -> None:
        done[0] += n
        if progress is not None:
            progress(done[0], max(total[0], done[0]))

    pool = worker_threads(threads or workers())  # engine/pool.py's, kept for later calls

    def values_of(alive: Sequence[int], lo: int, hi: int, stream: int = RACE_STREAM):
        y, x = deals.values(stream, lo, hi, [candidates[i] for i in alive], pool, tick)
        return y / 2, x / 2

    survivors, rounds, (ys, xs) = race(values_of, len(candidates), keep, samples, [0] * len(candidates), mu,
                                       stage=said)
    finalists = survivors + [i for i in forced if i not in survivors]
    said(f"the order: {len(finalists)} options to {samples:,} deals")
    have = ys.shape[1] if rounds else 0
    y = np.empty((len(finalists), samples))
    x = np.empty_like(y)
    if have:
        y[:len(survivors), :have], x[:len(survivors), :have] = ys, xs
    if have < samples:
        y[:len(survivors), have:], x[:len(survivors), have:] = values_of(survivors, have, samples)
    if len(finalists) > len(survivors):
        y[len(survivors):], x[len(survivors):] = values_of(finalists[len(survivors):], 0, samples)
    mu_f = mu[finalists]
    betas = np.array([fitted_beta(y[j], x[j]) for j in range(len(finalists))])
    order = ranked(y.mean(axis=1) - betas * (x.mean(axis=1) - mu_f))
    best = order[0]
    said(f"the final round: {len(finalists)} options on {samples:,} fresh deals")
    ry, rx = deals.values(REPORT_STREAM, 0, samples, [candidates[i] for i in finalists], pool, tick)
    options = []
    for j in order:
        yj, xj = ry[j] / 2, rx[j] / 2
        net = Estimate.controlled(yj, xj, float(mu_f[j]), float(betas[j]))
        c = candidates[finalists[j]]
        exact_j = exact_net[_key(c)]
        vs_best = _paired(ry[j] - ry[best], rx[j] - rx[best], exact_j - exact_net[_key(candidates[finalists[best]])])
        options.append(DealOptionNormand(c, net, vs_best, Estimate.of(yj), Estimate.of(xj), Estimate.of(yj - xj),
                                          exact_j, finalists[j] in forced, ry[j], rx[j]))
    return DealAnalysisNormand(hand, rules, seed, samples, len(candidates), tuple(rounds), tuple(options), exact,
                               deals.solves)


__all__ = ["NORMAND_DEFAULT_SAMPLES", "NORMAND_DEFAULT_TOP", "DealAnalysisNormand", "DealOptionNormand",
           "analyse_deal_normand", "versus"]
