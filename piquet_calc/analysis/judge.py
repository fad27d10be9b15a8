"""Public API: the whole deal as the judge of an exchange (issue 48), for practice and review.

``WholeRanking`` ranks one hand's discards as ``discard --play`` does (analysis/deal.py: the race on the race's
stream, the final round's order on the same stream, every reported figure from fresh deals of the report's
stream), in two steps, so that a player's grade is ready when he answers:

1. ``run()`` (begun when the question is asked): the race, the final round of its survivors and, unless only
   the engine's choice is wanted (``report=False``), the survivors' report deals;
2. ``with_answer(discard)``: the player's discard put in the final round (its values on the race's deals, its
   control, its place in the order) and on the report deals, paired with #1. Only his discard is evaluated;
   the analysis returned is the one ``analyse_deal(..., keep_deals=[discard])`` returns, figure for figure,
   which is what ``discard --play --why DISCARD --seed S --samples N`` prints (tests/test_judge.py checks it
   to 1e-9).

Why it is the same: the race never depends on the discards put in the final round by name (they only join
after it), each discard's values on a stream's deals depend on the deal's number and the discard alone (the
sampler draws each block of deals from the seed, the stream and the block's number; the solver's table is
tested equal to fresh solves), the final round's order ranks the survivors first and the named discard after
them, each controlled with its own coefficient, and ``ranked`` breaks ties by that order.

``best`` is #1 by the order decided on the race's stream: the engine's choice. The engine never grades on the
deals that chose it: every cost comes from the report's stream, as in ``discard --play``.

``judged(analysis, discard)``: his grade from such an analysis (``PlayJudged``, review's too): the
difference to #1 (his minus #1's, paired on the report deals) and its standard error, the cost (#1's mean less
his, 0 where his did as well), the sources in a player's words (``discard --play --why``'s sentences).

**The mistake rule** (``is_mistake``): a cost counts as a mistake when it stands out of the noise: more than
``MISTAKE_Z`` standard errors and at least ``MISTAKE_FLOOR`` points a deal (an exact cost has no standard
error: the floor alone). docs/practice.md says it; the deal's summary, its costliest decisions and
``practice --mistakes`` use it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Card, mask_of, sort_hand
from .defaults import DEFAULT_SAMPLES, DEFAULT_SEED

if TYPE_CHECKING:
    from .deal import DealAnalysis

MODELS = ("whole", "declarations")
"""The judges of an exchange: the whole deal (sampled, ``discard --play``) and the exact declarations
(``discard``)."""
DEFAULT_MODEL = "whole"
DEFAULT_TOP = 10  # the final round's size, as discard --play's default --top
MISTAKE_Z = 2.0
MISTAKE_FLOOR = 0.5  # points a deal


def is_mistake(cost: float, se: float | None = None) -> bool:
    """Whether a cost stands out of the noise (module docstring): more than MISTAKE_Z standard errors and at
    least MISTAKE_FLOOR points.

    >>> is_mistake(3.0, 1.0), is_mistake(1.9, 1.0), is_mistake(0.4), is_mistake(0.5)
    (True, False, False, True)
    """
    return cost >= MISTAKE_FLOOR and cost > MISTAKE_Z * (se or 0.0)


@dataclass(frozen=True)
class PlayJudged:
    """An exchange judged on the whole deal (``--play``): his rank in the final round, the difference to #1 (his
    minus #1's, as ``discard --play --why``) with its paired standard error on ``samples`` report deals, the
    cost (the difference's loss, 0 where his did as well on the report deals), and the sources of the
    difference (name, mean, s.e.)."""

    rank: int
    of: int
    best: tuple[Card, ...]
    cost: float
    difference: float
    se: float
    samples: int
    seed: int
    sources: tuple[tuple[str, float, float], ...]
    words: tuple[str, ...] = ()  # discard --play --why's sentences


MISTAKE_RULE = f"a mistake: the cost more than {MISTAKE_Z:g} standard errors and at least {MISTAKE_FLOOR:g} points"


def mistake_rule() -> str:
    """The rule in words (the outputs show it: ``MISTAKE_RULE``)."""
    return MISTAKE_RULE


@dataclass
class WholeRanking:
    """One hand's discards ranked by the whole deal in two steps (module docstring). ``position``: elder or
    younger; ``elder_took``, ``elder_blanche``: the dealer's question."""

    hand: tuple[Card, ...]
    position: str
    rules: Any
    elder_took: int = 5
    elder_blanche: bool = False
    samples: int = DEFAULT_SAMPLES
    seed: int = DEFAULT_SEED
    top: int = DEFAULT_TOP
    threads: int | None = None
    _state: dict[str, Any] = field(default_factory=dict, repr=False)
    _lock: Any = field(default_factory=threading.RLock, repr=False)

    def __post_init__(self) -> None:
        self.hand = sort_hand(self.hand)

    # --- step 1: the race and the final round of its survivors -------------------------------------------------

    def run(self, report: bool = True) -> WholeRanking:
        """The race and the survivors' order (and with ``report`` their report deals); again: nothing new."""
        with self._lock:
            return self._run(report)

    def _run(self, report: bool) -> WholeRanking:
        s = self._state
        if "order" not in s:
            self._order()
        if report and "report" not in s:
            from .deal import _the_report_rows

            ordered = s["order"].ordered
            s["report"], s["kept"] = _the_report_rows(s["judge"], s["pool"], ordered, self.samples, s["candidates"],
                                                      set(ordered))
        return self

    def _order(self) -> None:
        from ..engine import families, first_run
        from ..engine.deal import DealSampler, control_mean_is_exact
        from ..engine.pool import threads as worker_threads
        from ..engine.pool import workers
        from .deal import _checked_candidates, _Judge, _the_race
        from .discards import analyse_discards

        candidates, _, keep, _, groups = _checked_candidates(self.hand, self.position, self.rules, self.elder_took,
                                                             self.samples, self.top, (), ())
        first_run.expect(families.DECLARATIONS.name, families.DEAL.name)
        n_threads = self.threads or workers()
        sampler = DealSampler(self.hand, self.position, self.rules, self.seed, self.elder_took, self.elder_blanche,
                              "policy", n_threads)
        judge = _Judge(sampler, [(mask_of(d), len(d)) for d in candidates], self.position == "elder", True,
                       self.rules, None)
        uniform = analyse_discards(self.hand, self.position, self.rules, elder_took=self.elder_took,
                                   elder_blanche=self.elder_blanche)
        by_discard = {frozenset(r.discard): r for r in uniform.discards}
        import numpy as np

        mu = np.array([float(by_discard[frozenset(d)].net) for d in candidates])
        pool = worker_threads(n_threads)
        survivors, rounds, race_values = _the_race(judge, pool, candidates, keep, self.samples, mu, 0, groups,
                                                   lambda words: None)
        exact = control_mean_is_exact(sampler)
        y, x = self._race_values(judge, pool, survivors, rounds, race_values)
        s = self._state
        s.update(candidates=candidates, index={frozenset(d): i for i, d in enumerate(candidates)}, judge=judge,
                 pool=pool, uniform=uniform, by_discard=by_discard, mu=mu, rounds=rounds, survivors=survivors,
                 exact=exact, y=y, x=x, mu_f=[], mu_var=[], control_deals=0)
        self._control(survivors)
        s["order"] = self._ranked(survivors)

    def _race_values(self, judge, pool, chosen: list[int], rounds, race_values) -> tuple[Any, Any]:
        """The values and controls of ``chosen`` on the race's first ``samples`` deals (the race's reused)."""
        import numpy as np

        from ..analysis.race import RACE_STREAM

        race_y, race_x = race_values
        have = race_y.shape[1] if rounds and race_y is not None else 0
        y = np.empty((len(chosen), self.samples))
        x = np.empty_like(y)
        if have:
            y[:, :have], x[:, :have] = race_y, race_x
        if have < self.samples:
            y[:, have:], x[:, have:] = judge.values(RACE_STREAM, have, self.samples, chosen, pool)
        return y, x

    def _control(self, chosen: list[int]) -> None:
        """The control's mean (and its variance) of each of ``chosen``: exact, or sampled on its own stream."""
        import numpy as np

        from ..engine.deal import CONTROL_FACTOR
        from .race import CONTROL_STREAM

        s = self._state
        if s["exact"]:
            s["mu_f"] += [float(s["mu"][i]) for i in chosen]
            s["mu_var"] += [0.0] * len(chosen)
            return
        s["control_deals"] = CONTROL_FACTOR * self.samples
        cx = s["judge"].sampler.uniform_nets(CONTROL_STREAM, s["control_deals"], [s["judge"].masks[i] for i in chosen],
                                             s["pool"])
        s["mu_f"] += list(cx.mean(axis=1, dtype=np.float64))
        s["mu_var"] += list(cx.var(axis=1, ddof=1, dtype=np.float64) / s["control_deals"])

    def _ranked(self, finalists: list[int]):
        """The final round's order of ``finalists`` (the survivors, then the named one) on the race's deals."""
        import numpy as np

        from .deal import _Order
        from .race import fitted_beta, ranked

        s = self._state
        n = len(finalists)
        y, x = s["y"][:n], s["x"][:n]
        mu_f, mu_var = np.array(s["mu_f"][:n], dtype=np.float64), np.array(s["mu_var"][:n], dtype=np.float64)
        betas = np.array([fitted_beta(y[j], x[j]) for j in range(n)])
        means = y.mean(axis=1) - betas * (x.mean(axis=1) - mu_f)
        return _Order(finalists, [finalists[j] for j in ranked(means)], mu_f, mu_var, betas, s["control_deals"])

    # --- what it gives ------------------------------------------------------------------------------------------

    @property
    def best(self) -> tuple[Card, ...]:
        """#1 by the order decided on the race's stream (the engine's choice; no report needed)."""
        self.run(report=False)
        s = self._state
        return tuple(s["candidates"][s["order"].ordered[0]])

    def analysis(self, keep: Sequence[Sequence[Card]] = ()) -> DealAnalysis:
        """``analyse_deal``'s analysis of this hand with ``keep_deals=keep`` (at most one discard named)."""
        if len(keep) > 1:
            raise ValueError("WholeRanking.analysis: one discard named at most")
        if keep:
            return self.with_answer(keep[0])
        with self._lock:
            self.run()
            return self._analysis(self._state["order"], [], set())

    def with_answer(self, discard: Sequence[Card]) -> DealAnalysis:
        """The analysis with ``discard`` put in the final round and its report deals kept (module docstring):
        ``analyse_deal(..., keep_deals=[discard])``'s."""

        with self._lock:
            return self._with_answer(discard)

    def _with_answer(self, discard: Sequence[Card]) -> DealAnalysis:
        import numpy as np

        from .deal import _forced, _the_report_rows
        from .discards import discard_sizes
        from .race import RACE_STREAM

        self.run()
        s = self._state
        sizes = discard_sizes(self.position, self.rules, self.elder_took)
        a = _forced(s["index"], [tuple(discard)], self.hand, sizes)[0]
        order = s["order"]
        if a not in s["survivors"]:
            if s.get("added", (None,))[0] != a:
                y, x = s["judge"].values(RACE_STREAM, 0, self.samples, [a], s["pool"])
                n = len(s["survivors"])
                s["y"], s["x"] = np.concatenate([s["y"][:n], y]), np.concatenate([s["x"][:n], x])
                del s["mu_f"][n:], s["mu_var"][n:]
                self._control([a])
                rows, kept = _the_report_rows(s["judge"], s["pool"], [a], self.samples, s["candidates"], {a})
                s["added"] = (a, rows, kept)
            order = self._ranked([*s["survivors"], a])
        return self._analysis(order, [a], {a})

    def _analysis(self, order, forced: list[int], named: set[int]) -> DealAnalysis:
        from .deal import DealAnalysis, _the_report_figures

        s = self._state
        report, kept_all = dict(s["report"]), dict(s["kept"])
        if s.get("added") and s["added"][0] in forced:
            report.update(s["added"][1])
            kept_all.update(s["added"][2])
        to_keep = (named | set(order.ordered[:2])) if named else set()
        kept = {frozenset(s["candidates"][i]): kept_all[frozenset(s["candidates"][i])] for i in order.ordered
                if i in to_keep}
        results = _the_report_figures(order, report, s["candidates"], forced, s["by_discard"], self.samples)
        younger = self.position == "younger"
        return DealAnalysis(self.hand, self.position, self.rules, self.elder_took if younger else None,  # type: ignore[arg-type]
                            bool(self.elder_blanche) if younger else None, self.seed, self.samples, True, "policy",
                            len(s["candidates"]), tuple(s["rounds"]), tuple(results), s["uniform"],
                            "exact" if s["exact"] else "sampled", s["control_deals"], kept)


def judged(d: DealAnalysis, mine: Sequence[Card]) -> PlayJudged:
    """His discard's grade from an analysis that kept its report deals (module docstring)."""
    from ..wording import words
    from .why import sampled_why

    want = frozenset(mine)
    i = next(k for k, r in enumerate(d.discards) if frozenset(r.discard) == want)
    if i == 0:
        return PlayJudged(1, len(d.discards), d.discards[0].discard, 0.0, 0.0, 0.0, d.samples, d.seed, ())
    w = sampled_why(d, mine)
    return PlayJudged(i + 1, len(d.discards), d.discards[0].discard, max(0.0, -w.total.mean), w.total.mean,
                      w.total.se, d.samples, d.seed, tuple((s.name, s.mean, s.se) for s in w.sources), tuple(words(w)))


__all__ = ["DEFAULT_MODEL", "MISTAKE_FLOOR", "MISTAKE_Z", "MODELS", "PlayJudged", "WholeRanking", "is_mistake",
           "judged", "mistake_rule"]
