"""discard --play's progress line: its stage in words, and a time left that only comes down, because the work
it is estimated from (analysis.deal.plan_rows) is an upper bound of what the race can still do."""

import numpy as np
import pytest

from piquet_calc.analysis.deal import plan_rows, race, race_plan
from piquet_calc.cli.progress import progress_line


@pytest.mark.parametrize(("candidates", "groups", "keep", "samples", "spread"), [
    (1585, 5, 10, 1000, 0.0),  # nothing dropped on evidence: only the cut by rank
    (1585, 5, 10, 1000, 3.0),  # most of the field far behind: dropped on evidence
    (792, 1, 3, 300, 1.0),
    (40, 2, 10, 1000, 0.5),  # too few for the cut: every discard runs to the last round
])
def test_the_work_left_is_an_upper_bound_that_only_comes_down(candidates, groups, keep, samples, spread):
    rng = np.random.default_rng(7)
    means = -spread * rng.random(candidates)
    done = [0]
    stages = []

    def values_of(alive, lo, hi):
        done[0] += len(alive) * (hi - lo)
        return means[list(alive)][:, None] + rng.normal(0, 4, (len(alive), hi - lo)), None

    totals = [plan_rows(candidates, keep, samples, keep, groups=groups)]

    def on_round(alive, deals, rounds_done):
        totals.append(done[0] + plan_rows(alive, keep, samples, min(alive, keep), rounds_done, deals, groups))

    sizes = [i % groups for i in range(candidates)]
    survivors, rounds, _ = race(values_of, candidates, keep, samples, sizes, None, on_round, stages.append)
    have = rounds[-1].deals if rounds else 0
    done[0] += len(survivors) * (samples - have) + len(survivors) * samples  # the order, then the report
    assert all(a >= b for a, b in zip(totals, totals[1:], strict=False)), totals  # never up
    assert done[0] <= totals[-1] and done[0] <= totals[0]
    assert [s.split(":")[0] for s in stages] == [f"the race, round {r}" for r in range(1, len(rounds) + 1)]


def test_the_plan_follows_the_race_rules():
    # more than RACE_CUT_ABOVE x 10 running: quartered within each of 5 sizes; then all run to the end
    assert race_plan(1585, 10, 1000, groups=5) == [(1585, 16), (401, 64), (105, 256), (31, 1000)]
    assert race_plan(30, 10, 1000) == [(30, 16), (30, 64), (30, 256), (30, 1000)]
    assert race_plan(10, 10, 1000) == []


def test_the_line_names_the_stage_and_fits_a_terminal():
    line = progress_line("the final round: 10 discards on 1,000 fresh deals", 50_000, 54_000, 25.2, 1.4, None)
    assert line == ("piquet-calc: the final round: 10 discards on 1,000 fresh deals; 50,000 of at most 54,000 deals "
                    "judged in 25s, at most 1s left\n")
    shown = progress_line("the race, round 2: 397 discards to 64 deals", 1, 2, 3, 4, 60)
    assert shown.startswith("\r") and len(shown) == 61 and shown.rstrip().endswith("...")
