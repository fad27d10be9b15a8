"""Public API: discards ranked by the whole deal, sampled (docs/rules.md, The whole deal).

``analyse_deal`` judges every legal discard of a hand on the same sampled deals: both exchanges (the
opponent's by the exchange policy of game/exchange.py), the declarations and, with ``play``, the play
solved double dummy. Three independent streams of deals (engine/deal.py) keep the figures honest:

1. **The race** (``RACE_STREAM``) narrows the candidates to the final round's.
2. **The order** of the finalists is decided on the same stream, every finalist brought to ``samples``
   deals of it.
3. **The report** (``REPORT_STREAM``): every reported figure comes from ``samples`` fresh deals that
   took no part in choosing or ordering, so #1's figure is not flattered by its selection
   (benchmarks/deal_trust.py measures the difference to a re-judging on a fourth stream).

**The control variate.** Each deal is also scored as the uniform model scores it (the opponent keeping
his dealt hand, no play: ``engine.deal.uniform_net``), whose exact mean per discard is the exact
analysis's net. A discard's deal value ``y`` is estimated by the mean of ``y - beta * (x - mu)``, ``x``
the deal's uniform net and ``mu`` its exact mean: the same expectation with a smaller spread (most of a
deal's luck is in the cards drawn, which both see). ``beta`` is fitted on the ordering stream and used
unchanged on the report stream, so the report's estimate stays unbiased. Where the uniform model's mean
is not the sampler's (younger when elder's carte blanche, shown or not, tells him something about
elder's dealt hand that the uniform model ignores), ``mu`` is sampled on ``CONTROL_STREAM`` with
``CONTROL_FACTOR`` times the report's deals and its variance is added to the net's standard error.
The paired difference to #1 (``vs_best``) is taken without the control: one estimate of one difference,
the one ``discard --why`` splits by source on the same deals (a controlled difference split by source
would need each source's share of the uniform net and of its mean, sampled on the control's own stream
where that mean is sampled; the pairing already cancels the luck both discards share).

**The race** (``RACE_*``): every legal discard starts. Round ``r`` brings every discard still running to
``RACE_FIRST * RACE_GROWTH ** r`` deals (never more than ``samples``), its values adjusted by the control
(one ``beta`` pooled over the discards running). After each round, a discard is dropped when its paired
difference to the round's leader is below zero by more than ``z`` standard errors, ``z`` corrected for
the number of discards compared (``race_z``) and each difference's spread taken as at least
``RACE_SD_FLOOR`` points a deal (a difference that never varied on a few deals is no evidence). Then,
while more than ``RACE_CUT_ABOVE`` times the final round's size are left, within each discard size
(discards of one size draw the same cards, so their luck is shared) only the best ``RACE_KEEP`` fraction
by mean goes on; never fewer than the final round's size in all. Below that only evidence drops a
discard. The race ends when no more than the final round's size are left, or when a round has reached
``samples`` deals (the best of those left by mean then make the final round).
benchmarks/deal_trust.py measures how often it loses the best discard and what that costs.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor  # the type: engine/pool.py owns the threads
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import numpy as np

from ..cards import HAND_SIZE, Card, CardError, mask_of, sort_hand
from ..engine.columns import DealColumns
from ..engine.deal import (
    CONTROL_FACTOR,
    ROW_COLUMNS,
    DealSampler,
    ReportDeals,
    control_mean_is_exact,
    deal_totals,
    uniform_net,
    user_net,
)
from ..engine.progress import ProgressOfTotal
from ..rules import RUBICON, ElderOrYounger, RulesError, RuleSet, span
from .defaults import DEFAULT_SAMPLES, DEFAULT_SEED, ODDS_MIN_DEALS  # noqa: F401  apart: the CLI reads them without numpy
from .discards import Analysis, DiscardResult, HandAsked, analyse_discards, discard_sizes
from .race import (
    CONTROL_STREAM,
    RACE_FIRST,
    RACE_STREAM,
    REPORT_STREAM,
    Estimate,
    RaceRound,
    fitted_beta,
    plan_rows,
    race,
    ranked,
)

if TYPE_CHECKING:
    from .deal_sureness import Sureness

MEMORY_LIMIT = 1 << 30  # bytes a run may hold; more is refused before it starts
ROWS_PER_CALL = 1 << 18  # (deal, discard) rows per sampler call: about 60 MB of columns
ROW_BYTES = 8 * (ROW_COLUMNS + 10)  # a row's columns and hands in a sampler call
PLAYED_ROW_BYTES = 8 + 8 + 2 + 16  # a report deal as played (engine.deal.ReportDeals): hands, carte blanche, line
KEPT_ROW_BYTES = 8 * ROW_COLUMNS + 8 + 8 + 2  # a kept report deal (--why): its rows, and without the play its hands

FIGURES = ("declarations_me", "declarations_opp", "play_me", "play_opp", "cards_win", "cards_divide",
           "cards_lose", "capot_me", "capot_opp", "pique_me", "pique_opp", "repique_me", "repique_opp")
"""What is reported per discard beside the net, each an expectation over the report's deals:
declarations before the play (carte blanche, point, sequence, sets, carte rouge, the repique bonus), the
play's points (the pique bonus, the cards, capot and the deal bonus included), the chance of winning,
dividing and losing the cards, of capot, pique and repique for each side."""


@dataclass(frozen=True)
class DealDiscard:
    """One discard judged by the whole deal on the report's deals."""

    discard: tuple[Card, ...]
    net: Estimate  # the deal's value: my total minus the opponent's, play included (with the control)
    vs_best: Estimate  # paired: this discard's net minus #1's, deal by deal (plain: --why splits it by source)
    figures: dict[str, Estimate]  # FIGURES
    uniform: DiscardResult  # the exact declaration figures of the uniform model, for comparison
    forced: bool  # put in the final round by the user (``also``)
    net_plain: Estimate  # the net without the control variate (its effect: net_plain.se against net.se)
    totals: np.ndarray  # int32 (samples, 2): each report deal's totals, [mine, the opponent's]
    played: ReportDeals | None = None  # with the play: the report deals as played (their counting order)

    @property
    def samples(self) -> int:
        return self.net.n


@dataclass(frozen=True)
class DealAnalysis(HandAsked):
    seed: int
    samples: int  # report deals per discard
    play: bool  # the play solved (False: declarations only, pique by elder's pique run, as `score`)
    opponent: str  # "policy" or "keeps"
    candidates: int
    race: tuple[RaceRound, ...]
    discards: tuple[DealDiscard, ...]  # in the order decided on the race's stream: #1 first
    uniform: Analysis
    control: str  # "exact": the control's mean from the exact analysis; "sampled": on CONTROL_STREAM
    control_deals: int  # deals of CONTROL_STREAM per discard (0 when exact)
    kept: dict[frozenset[Card], ReportDeals] = field(default_factory=dict)  # ``keep``'s report deals (and #1's, #2's)

    @property
    def sureness(self) -> Sureness | None:
        """How sure #1 is over #2 (analysis/deal_sureness.py); None with fewer than two discards."""
        from .deal_sureness import sureness_of

        return sureness_of(self.discards[1].vs_best) if len(self.discards) >= 2 else None


def _figures(cols: np.ndarray, me_is_elder: bool, play: bool) -> dict[str, Estimate]:
    """FIGURES from one discard's rows (deals x columns)."""
    f = lambda x: Estimate.of(np.asarray(x, dtype=np.float64))  # noqa: E731
    me, opp = (0, 1) if me_is_elder else (1, 0)
    c = DealColumns.of(cols)
    decl = (c.elder_declarations, c.dealer_declarations)
    if play:
        plays = (c.elder_play, c.dealer_play)
        pique = (c.elder_pique, np.zeros(len(cols)))
        cards = c.cards if me_is_elder else -c.cards
        capot = (c.elder_capot, c.dealer_capot)
        extra = {"play_me": f(plays[me]), "play_opp": f(plays[opp]),
                 "cards_win": f(cards > 0), "cards_divide": f(cards == 0), "cards_lose": f(cards < 0),
                 "capot_me": f(capot[me]), "capot_opp": f(capot[opp])}
    else:  # declarations alone: pique by elder's pique run, as `score` counts it
        pique = (c.elder_run_pique, np.zeros(len(cols)))
        extra = {}
    repique = (c.elder_repique, c.dealer_repique)
    return {"declarations_me": f(decl[me]), "declarations_opp": f(decl[opp]), **extra,
            "pique_me": f(pique[me]), "pique_opp": f(pique[opp]),
            "repique_me": f(repique[me]), "repique_opp": f(repique[opp])}


def all_discards(hand: Sequence[Card], sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    """Every legal discard in the exact analysis's order: fewer cards first, then the hand's order."""
    return [tuple(hand[i] for i in d) for size in sizes for d in itertools.combinations(range(HAND_SIZE), size)]


def memory_needed(candidates: int, finalists: int, samples: int, kept: int = 0) -> int:
    """Bytes a run holds at most: one sampler call's rows, the race's first round, the finalists' values
    on the ordering stream, their report totals and deals as played, and the ``kept`` discards' whole report
    deals (--why's)."""
    call = min(ROWS_PER_CALL, max(candidates, finalists) * samples) if samples <= ROWS_PER_CALL else samples
    first = candidates * min(RACE_FIRST, samples) * 16
    control = finalists * CONTROL_FACTOR * samples * 4
    return (call * ROW_BYTES + first + finalists * samples * (16 + 16 + 8 + PLAYED_ROW_BYTES) + control
            + min(kept, finalists) * samples * KEPT_ROW_BYTES)


def _forced(index: dict[frozenset[Card], int], named: Sequence[Sequence[Card]], hand: Sequence[Card],
            sizes: Sequence[int]) -> list[int]:
    """The candidates named (``also``), each once, in the order first named; CardError for one not legal."""
    forced: list[int] = []
    for d in named:
        if frozenset(d) not in index:
            missing = [c for c in d if c not in hand]
            raise CardError(f"{missing[0]} is not in the hand" if missing else
                            f"{len(d)} cards is not a legal discard here: {span(sizes)}")
        if index[frozenset(d)] not in forced:  # one discard named twice, in any order, is judged once
            forced.append(index[frozenset(d)])
    return forced


def _kept_indices(candidates: Sequence[tuple[Card, ...]], keep_deals: Sequence[Sequence[Card]],
                  ordered: Sequence[int]) -> set[int]:
    """The finalists whose report deals are kept whole: each of ``keep_deals`` (named in ``also`` too or not)
    and #1 and #2 of ``ordered``; none without ``keep_deals``."""
    if not keep_deals:
        return set()
    wanted = {frozenset(d) for d in keep_deals}
    return {i for i, d in enumerate(candidates) if frozenset(d) in wanted} | set(ordered[:2])


def _check_memory(candidates: int, finalists: int, samples: int, kept: int) -> None:
    need = memory_needed(candidates, finalists, samples, kept)
    if need > MEMORY_LIMIT:
        raise RulesError(f"{samples:,} deals for {finalists:,} discards would need about {need / 2**30:.1f} GB "
                         f"of memory, more than {MEMORY_LIMIT >> 30} GB: ask for fewer --samples or a smaller --top")


def analyse_deal(hand: Sequence[Card], position: ElderOrYounger, rules: RuleSet = RUBICON, elder_took: int = 5,
                 elder_blanche: bool = False, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
                 top: int = 10, also: Sequence[Sequence[Card]] = (), play: bool = True,
                 opponent: Literal["policy", "keeps"] = "policy", threads: int | None = None,
                 progress: ProgressOfTotal | None = None, keep_deals: Sequence[Sequence[Card]] = (),
                 stage: Callable[[str], None] | None = None) -> DealAnalysis:
    """Every legal discard of ``hand`` judged by the whole deal (module docstring); the final round's
    ``top`` discards (0: every legal discard, no race) and the ``also`` discards, ordered on the race's
    stream, their figures from the report's.

    ``play=False`` scores the declarations alone, pique by elder's pique run (as ``score``);
    ``opponent="keeps"``: the opponent exchanges nothing (the checks' variant). ``threads``: worker
    threads (default: one per core). The figures depend only on the seed, never on ``threads``.
    ``keep_deals``: more ``also``, their report deals (and #1's, #2's) in ``kept``; ``stage(words)``: each stage.
    """
    from ..engine import families, first_run
    from ..engine.pool import threads as worker_threads
    from ..engine.pool import workers

    hand = sort_hand(hand)
    candidates, forced, keep, finalists_max, groups = _checked_candidates(hand, position, rules, elder_took, samples,
                                                                          top, also, keep_deals)
    # one line for every family to compile (the play solver's too)
    first_run.expect(families.DECLARATIONS.name, families.DEAL.name)
    n_threads = threads or workers()
    sampler = DealSampler(hand, position, rules, seed, elder_took, elder_blanche, opponent, n_threads)
    judge = _Judge(sampler, [(mask_of(d), len(d)) for d in candidates], position == "elder", play, rules, progress)
    judge.total = plan_rows(len(candidates), keep, samples, finalists_max, groups=groups)
    said = stage or (lambda words: None)

    uniform = analyse_discards(hand, position, rules, elder_took=elder_took, elder_blanche=elder_blanche)
    by_discard = {frozenset(r.discard): r for r in uniform.discards}
    mu = np.array([float(by_discard[frozenset(d)].net) for d in candidates])
    exact_control = control_mean_is_exact(sampler)

    pool = worker_threads(n_threads)  # engine/pool.py's, kept for later calls
    try:
        survivors, rounds, race_values = _the_race(judge, pool, candidates, keep, samples, mu, len(forced),
                                                   groups, said)
        said(f"the order: {len(survivors) + len([i for i in forced if i not in survivors]):,} finalists to "
             f"{samples:,} deals")
        order = _the_final_round(judge, pool, survivors, forced, rounds, race_values, samples, mu, exact_control)
        del race_values
        to_keep = _kept_indices(candidates, keep_deals, order.ordered)
        said(f"the final round: {len(order.ordered):,} discards on {samples:,} fresh deals")
        rows, kept = _the_report_rows(judge, pool, order.ordered, samples, candidates, to_keep)
    except BaseException:
        sampler.cancel.set()
        raise
    results = _the_report_figures(order, rows, candidates, forced, by_discard, samples)
    return DealAnalysis(hand, position, rules, elder_took if position == "younger" else None,
                        bool(elder_blanche) if position == "younger" else None, seed, samples, play, opponent,
                        len(candidates), tuple(rounds), tuple(results), uniform,
                        "exact" if exact_control else "sampled", order.control_deals, kept)


def deal_winner(hand: Sequence[Card], position: ElderOrYounger, rules: RuleSet = RUBICON, elder_took: int = 5,
                elder_blanche: bool = False, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
                top: int = 10, threads: int | None = None) -> tuple[Card, ...]:
    """#1 of ``analyse_deal`` with the same arguments (the same discard, to the card), found without the
    report: the race and the order only, the play's value alone (no line), no report deals. What an engine
    that only exchanges needs; ``analyse_deal`` gives the figures."""
    from ..engine import families, first_run
    from ..engine.pool import threads as worker_threads
    from ..engine.pool import workers

    hand = sort_hand(hand)
    candidates, forced, keep, _, groups = _checked_candidates(hand, position, rules, elder_took, samples, top, (), ())
    first_run.expect(families.DECLARATIONS.name, families.DEAL.name)
    n_threads = threads or workers()
    sampler = DealSampler(hand, position, rules, seed, elder_took, elder_blanche, "policy", n_threads)
    judge = _Judge(sampler, [(mask_of(d), len(d)) for d in candidates], position == "elder", True, rules, None)
    uniform = analyse_discards(hand, position, rules, elder_took=elder_took, elder_blanche=elder_blanche)
    by_discard = {frozenset(r.discard): r.net for r in uniform.discards}
    mu = np.array([float(by_discard[frozenset(d)]) for d in candidates])
    pool = worker_threads(n_threads)
    try:
        survivors, rounds, race_values = _the_race(judge, pool, candidates, keep, samples, mu, 0, groups,
                                                   lambda words: None)
        order = _the_final_round(judge, pool, survivors, forced, rounds, race_values, samples, mu,
                                 control_mean_is_exact(sampler))
    except BaseException:
        sampler.cancel.set()
        raise
    return candidates[order.ordered[0]]


def _checked_candidates(hand: tuple[Card, ...], position: ElderOrYounger, rules: RuleSet, elder_took: int, samples: int,
                        top: int, also: Sequence[Sequence[Card]], keep_deals: Sequence[Sequence[Card]],
                        ) -> tuple[list[tuple[Card, ...]], list[int], int, int, int]:
    """The inputs checked before any long work: every legal discard, the ``also`` and ``keep_deals`` ones
    among them (their indices, each once), the final round's size without them and with them at most, and
    the number of discard sizes (the race's groups)."""
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
    forced = _forced(index, (*also, *keep_deals), hand, sizes)
    keep = top if top > 0 else len(candidates)
    finalists_max = min(len(candidates), keep + len(forced))
    kept = len({frozenset(d) for d in keep_deals}) + 2 if keep_deals else 0  # and #1's, #2's
    _check_memory(len(candidates), finalists_max, samples, kept)
    return candidates, forced, keep, finalists_max, len(sizes)


class _Judge:
    """One run's sampler and the candidates' masks: the rows of chosen candidates on a stream's deals, and
    the progress (``done`` of about ``total`` (deal, discard) rows) counted as they come."""

    def __init__(self, sampler: DealSampler, masks: list[tuple[int, int]], me_is_elder: bool, play: bool,
                 rules: RuleSet, progress: ProgressOfTotal | None) -> None:
        self.sampler, self.masks, self.me_is_elder, self.play, self.rules = sampler, masks, me_is_elder, play, rules
        self.progress = progress
        self.done = self.total = 0

    def tick(self, n: int) -> None:
        self.done += n
        if self.progress is not None:
            self.progress(self.done, max(self.total, self.done))

    def evaluate(self, stream: int, lo: int, hi: int, chosen: Sequence[int], pool: ThreadPoolExecutor,
                 reduce: Callable[[int, np.ndarray], None], line: bool = True) -> None:
        """Rows of the ``chosen`` candidates on deals ``lo`` to ``hi`` - 1, a few candidates a call, each
        candidate's rows (deals x columns) handed to ``reduce(position in chosen, rows)``; ``line=False``: rows
        that give the net alone (engine.deal.DealSampler.evaluate)."""
        per_call = max(1, ROWS_PER_CALL // max(hi - lo, 1))
        for a in range(0, len(chosen), per_call):
            part = chosen[a:a + per_call]
            cols = self.sampler.evaluate(stream, lo, hi, [self.masks[i] for i in part], pool, self.tick, self.play,
                                         uniform=True, line=line)
            for j in range(len(part)):
                reduce(a + j, cols[j])

    def values(self, stream: int, lo: int, hi: int, chosen: Sequence[int], pool: ThreadPoolExecutor,
               ) -> tuple[np.ndarray, np.ndarray]:
        """The deal values (the user's net) and the controls (the uniform model's net) of ``chosen``."""
        y = np.empty((len(chosen), hi - lo))
        x = np.empty_like(y)

        def keep_values(j: int, cols: np.ndarray) -> None:
            y[j] = user_net(cols, self.me_is_elder, self.play, self.rules)
            x[j] = uniform_net(cols, self.me_is_elder, self.rules)

        self.evaluate(stream, lo, hi, chosen, pool, keep_values, line=False)
        return y, x


def _the_race(judge: _Judge, pool: ThreadPoolExecutor, candidates: Sequence[tuple[Card, ...]], keep: int,
              samples: int, mu: np.ndarray, forced: int, groups: int, said: Callable[[str], None],
              ) -> tuple[list[int], list[RaceRound], tuple[np.ndarray, np.ndarray | None]]:
    """The race (module docstring) on the race's stream, the progress's total re-planned after each round
    (an upper bound: the finalists counted as at the start, so the time left only comes down)."""

    def on_round(alive: int, deals: int, rounds_done: int) -> None:
        finalists_left = min(len(candidates), min(alive, keep) + forced)
        judge.total = judge.done + plan_rows(alive, keep, samples, finalists_left, rounds_done, deals, groups)

    return race(lambda alive, lo, hi: judge.values(RACE_STREAM, lo, hi, alive, pool), len(candidates), keep, samples,
                [len(d) for d in candidates], mu, on_round, said)


@dataclass(frozen=True)
class _Order:
    """The final round's order, decided on the race's stream, and what the report's estimates take from it."""

    finalists: list[int]  # the race's survivors, then the ``also`` discards it dropped
    ordered: list[int]  # the finalists, best first
    mu: np.ndarray  # per finalist: the control's mean (exact, or sampled on CONTROL_STREAM)
    mu_var: np.ndarray  # its variance (0 when exact)
    betas: np.ndarray  # per finalist: the control's coefficient for its net
    control_deals: int  # deals of CONTROL_STREAM per finalist (0 when exact)


def _the_final_round(judge: _Judge, pool: ThreadPoolExecutor, survivors: list[int], forced: list[int],
                     rounds: list[RaceRound], race_values: tuple[np.ndarray, np.ndarray | None], samples: int,
                     mu: np.ndarray, exact_control: bool) -> _Order:
    """The order: every finalist on ``samples`` deals of the race's stream (the race's deals reused), the
    controls fitted, the finalists ranked by their controlled means."""
    race_y, race_x = race_values
    finalists = survivors + [i for i in forced if i not in survivors]
    have = race_y.shape[1] if rounds else 0
    judge.total = judge.done + len(survivors) * (samples - have) + (len(finalists) - len(survivors)) * samples \
        + len(finalists) * samples
    y = np.empty((len(finalists), samples))
    x = np.empty_like(y)
    if have:
        y[:len(survivors), :have], x[:len(survivors), :have] = race_y, race_x
    if have < samples:
        y[:len(survivors), have:], x[:len(survivors), have:] = judge.values(RACE_STREAM, have, samples, survivors,
                                                                            pool)
    if len(finalists) > len(survivors):
        y[len(survivors):], x[len(survivors):] = judge.values(RACE_STREAM, 0, samples, finalists[len(survivors):],
                                                              pool)
    if exact_control:
        mu_f, mu_var = mu[finalists], np.zeros(len(finalists))
        control_deals = 0
    else:  # the control's mean sampled on its own stream: its variance joins every standard error
        control_deals = CONTROL_FACTOR * samples
        cx = judge.sampler.uniform_nets(CONTROL_STREAM, control_deals, [judge.masks[i] for i in finalists], pool)
        mu_f = cx.mean(axis=1, dtype=np.float64)
        mu_var = cx.var(axis=1, ddof=1, dtype=np.float64) / control_deals
    betas = np.array([fitted_beta(y[j], x[j]) for j in range(len(finalists))])
    means = y.mean(axis=1) - betas * (x.mean(axis=1) - mu_f)
    order = ranked(means)
    return _Order(finalists, [finalists[j] for j in order], mu_f, mu_var, betas, control_deals)


ReportRows = dict[int, tuple[np.ndarray, np.ndarray, dict[str, Estimate], np.ndarray, ReportDeals | None]]


def _the_report_rows(judge: _Judge, pool: ThreadPoolExecutor, ordered: list[int], samples: int,
                     candidates: Sequence[tuple[Card, ...]], to_keep: set[int],
                     ) -> tuple[ReportRows, dict[frozenset[Card], ReportDeals]]:
    """Each finalist on ``samples`` fresh deals of the report's stream: its values, controls, FIGURES and the
    deals' totals, and with the play the deals as played (their counting order); the report deals of the
    ``to_keep`` finalists kept whole (``--why``)."""
    report: ReportRows = {}
    kept: dict[frozenset[Card], ReportDeals] = {}

    def keep_report(j: int, cols: np.ndarray) -> None:
        whole = ordered[j] in to_keep
        deals = (judge.sampler.report_deals(REPORT_STREAM, 0, samples, *judge.masks[ordered[j]], cols, judge.play,
                                            whole) if judge.play or whole else None)
        report[ordered[j]] = (user_net(cols, judge.me_is_elder, judge.play, judge.rules),
                              uniform_net(cols, judge.me_is_elder, judge.rules),
                              _figures(cols, judge.me_is_elder, judge.play),
                              deal_totals(cols, judge.me_is_elder, judge.play, judge.rules).astype(np.int32),
                              deals if judge.play else None)
        if whole and deals is not None:
            kept[frozenset(candidates[ordered[j]])] = deals

    judge.evaluate(REPORT_STREAM, 0, samples, ordered, pool, keep_report)
    return report, kept


def _the_report_figures(order: _Order, report: ReportRows, candidates: Sequence[tuple[Card, ...]],
                        forced: list[int], by_discard: dict[frozenset[Card], DiscardResult], samples: int,
                        ) -> list[DealDiscard]:
    """The finalists in order on the report's deals: each net with the control (its coefficient fitted on the
    race's stream), and its paired difference to #1 without it, the figure ``--why`` splits by source."""
    pos = {c: j for j, c in enumerate(order.finalists)}
    ordered = order.ordered
    y1 = report[ordered[0]][0]
    results = []
    for c in ordered:
        (yc, xc, figures, totals, played), j = report[c], pos[c]
        net = Estimate.controlled(yc, xc, float(order.mu[j]), float(order.betas[j]), float(order.mu_var[j]))
        vs_best = Estimate(0.0, 0.0, samples) if c == ordered[0] else Estimate.of(yc - y1)
        results.append(DealDiscard(candidates[c], net, vs_best, figures, by_discard[frozenset(candidates[c])],
                                   c in forced, Estimate.of(yc), totals, played))
    return results
