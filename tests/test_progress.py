"""discard --play's progress: its stage in words, the work still to do (analysis.deal.plan_rows) an upper bound of
what the race can still do, that only comes down; the time left from the recent rate (cli/progress.TimeLeft);
the line fitted to the terminal, the time left always shown, on a real pseudo-terminal too."""

import re
from types import SimpleNamespace

import numpy as np
import pytest

from piquet_calc.analysis.race import plan_rows, race, race_plan
from piquet_calc.cli.progress import TimeLeft, clock, progress_line
from piquet_calc.cli.progress_bar import BAR_LEAST, STAGE_LEAST, fit


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


def test_the_plain_line_names_the_stage_and_the_time_left():
    line = progress_line("the final round: 10 discards on 1,000 fresh deals", 50_000, 54_000, 25.2, 1.4)
    assert line == ("piquet-calc: the final round: 10 discards on 1,000 fresh deals; 50,000 of at most 54,000 deals "
                    "judged in 25s, about 1s left\n")


# --- the time left ---------------------------------------------------------------------------------------------

ROWS = 97_832  # a race's plan (the README's discard --play hand, 1,000 deals)


def reports(piece: float = 0.1, pieces: int = 190, slower_from: int | None = None):
    """(time, rows done) as analyse_deal reports them on two worker threads: pieces of 512 rows two at a time,
    the second thread's a moment after the first's, from 0.1 s on (the kernels loaded before); from pair
    ``slower_from`` on, each pair takes twice as long (a later stage, fewer discards sharing a deal)."""
    t, done = 0.1, 0
    for k in range(pieces):
        if k % 2 == 0:
            t += piece * (2 if slower_from is not None and k // 2 >= slower_from else 1)
        done += 512
        yield t + 0.001 * (k % 2), done


def shown(estimate, **kw) -> list[tuple[float, float]]:
    """(time, time left) as a display shows it: at most every 0.2 s, once there is an estimate."""
    out, last = [], -1.0
    for t, done in reports(**kw):
        left = estimate(t, done, ROWS)
        if left is not None and t - last >= 0.2:
            out.append((t, left))
            last = t
    return out


def test_the_time_left_does_not_rise_at_a_steady_pace():
    """Issue 40: in the race's first round the time left rose (1 s, then 2 s). The rate was measured from the
    first report, so the second thread's first piece, reported a moment later, seemed done in no time. The
    same reports through that old estimate rise; through TimeLeft, the whole seconds shown never do."""

    def from_the_first_report():
        first = []

        def estimate(t, done, total):
            first.append((t, done))
            (t0, d0) = first[0]
            return None if done <= d0 else (t - t0) * (total - done) / (done - d0)

        return estimate

    old = [round(left) for _, left in shown(from_the_first_report())]
    assert any(b > a for a, b in zip(old, old[1:], strict=False)), old  # the old estimate rose
    new = shown(TimeLeft())
    seconds = [round(left) for _, left in new]
    assert all(b <= a for a, b in zip(seconds, seconds[1:], strict=False)), seconds
    rate = 1024 / 0.1
    for t, left in new:  # and it is the true time left, within 5%
        true = (ROWS - rate * (t - 0.1)) / rate
        assert abs(left - true) <= 0.05 * true + 0.15, (t, left, true)


def test_the_time_left_follows_a_slower_stage_within_the_window():
    rate = 512 / 0.1  # pairs of 512 rows every 0.2 s from pair 40 on (t = 4.2 s)
    late = [(t, left) for t, left in shown(TimeLeft(), slower_from=40) if t >= 4.2 + 5.5]
    assert late
    for t, left in late:
        done = 41 * 1024 + (t - 4.2) * rate
        assert abs(left - (ROWS - done) / rate) <= 0.1 * (ROWS - done) / rate + 0.2, (t, left)


def test_no_time_left_before_a_second_of_work():
    estimate = TimeLeft()
    assert estimate(10.0, 512, ROWS) is None and estimate(10.001, 1024, ROWS) is None
    assert estimate(10.5, 6000, ROWS) is None and estimate(11.1, 12000, ROWS) is not None


def test_clock():
    assert [clock(s) for s in (0, 59.4, 59.6, 600, 3599, 3600, None)] == \
        ["0:00", "0:59", "1:00", "10:00", "59:59", "1:00:00", "-:--"]


# --- the line fitted to the terminal -----------------------------------------------------------------------------

@pytest.mark.parametrize("stage", [0, 10, 45, 120])
@pytest.mark.parametrize("count", [21, 33])
def test_every_width_keeps_the_time_left_and_shortens_the_stage_first(stage, count):
    taken, left = 4, len("1:02:05 left")
    before = None
    for width in range(left + 1, 240):
        stage_w, bar, show_count, show_taken = fit(width, stage, count, taken, left)
        cells = [w for w in (stage_w, bar, count * show_count, taken * show_taken, left) if w]
        assert sum(cells) + len(cells) - 1 <= width - 1, width  # fits, the last column free
        assert 0 <= stage_w <= stage and (bar == 0 or bar >= BAR_LEAST)
        if bar:  # the bar is shown only once the stage has its least width (or all of it)
            assert stage_w >= min(stage, STAGE_LEAST)
        if not show_taken:
            assert not show_count and not bar and not stage_w  # the time taken goes last
        # a wider terminal never shows less of what comes first: the time taken, the count, the stage to its
        # least width, the bar, the rest of the stage
        kept = (show_taken, show_count, min(stage_w, STAGE_LEAST), bar, stage_w)
        assert before is None or kept >= before, (width, before, kept)
        before = kept
    assert before[-1] == stage  # and a wide one shows the whole stage


DRIVE = """
import sys, time
from piquet_calc.cli.progress import _DealProgress, _Progress
p = _DealProgress(True)
p.start -= 2  # as if the run had taken two seconds before its first report
p.stage("the race, round 1: 1,585 discards to 16 deals")
for i in range(1, 40):
    p(i * 512, 97832); time.sleep(0.05)
p.stage("the final round: 10 discards on 1,000 fresh deals")
for i in range(40, 60):
    p(i * 512, 66080); time.sleep(0.05)
p.finish()
q = _Progress(True); q.start -= 2
for i in range(1, 41):
    q(i * 500, 20000); time.sleep(0.04)
sys.stdout.write("the output\\n")
"""


def on_a_terminal(columns: int, code: str, *args: str) -> str:
    """What ``code`` writes to stderr, a pseudo-terminal ``columns`` wide (stdout: a pipe)."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import subprocess
    import sys
    import termios
    from pathlib import Path

    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR", "TERM")}
    env.update(TERM="xterm", PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdin=child, stdout=subprocess.PIPE, stderr=child,
                            env=env)
    os.close(child)
    got = b""
    while True:
        ready, _, _ = select.select([main], [], [], 0.5)
        if ready:
            try:
                data = os.read(main, 65536)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            got += data
        elif proc.poll() is not None:
            break
    out = proc.stdout.read()
    proc.wait(timeout=60)
    os.close(main)
    assert proc.returncode == 0 and out == b"the output\n", (proc.returncode, out, got)
    return got.decode()


def screen_lines(raw: str) -> list[str]:
    """Each line drawn, the terminal's control sequences taken out (rich redraws a line after ``\\r``)."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", raw)
    return [line for line in re.split(r"[\r\n]", text) if line.strip()]


@pytest.mark.parametrize("columns", [100, 60, 34])
def test_on_a_terminal_every_progress_line_shows_the_time_left(columns):
    raw = on_a_terminal(columns, DRIVE)
    lines = screen_lines(raw)
    bars = [line for line in lines if not line.startswith("piquet-calc: done in")]
    assert len(bars) >= 5 and len(lines) == len(bars) + 1, lines
    for line in bars:
        assert re.search(r"(\d+:\d\d|-:--) left$", line) and len(line) <= columns - 1, line
    assert any(re.search(r"\d:\d\d left$", line) for line in bars)  # an estimate, once measured
    if columns == 100:  # the width: the stage (shortened), the bar and the count are all there
        assert any(line.startswith("the race, round 1: 1,585 di") and "of at most 97,832 deals" in line
                   and "━" in line for line in bars), bars
    assert "\x1b[?25h" in raw[raw.rindex("\x1b[?25l"):]  # the cursor given back after the last bar


def test_a_run_that_ends_in_an_error_gives_the_cursor_back():
    code = ("import time, sys\nfrom piquet_calc.cli.progress import _Progress\n"
            "q = _Progress(True); q.start -= 2\nfor i in range(1, 10):\n    q(i * 500, 20000); time.sleep(0.05)\n"
            "sys.stderr.write('piquet-calc: error: stopped\\n'); sys.stdout.write('the output\\n')")
    raw = on_a_terminal(80, code)
    assert raw.rindex("\x1b[?25h") > raw.rindex("\x1b[?25l")
    assert "piquet-calc: error: stopped" in screen_lines(raw)  # above the bar, a line of its own


def test_piped_a_plain_line_now_and_then_and_nothing_when_quiet(monkeypatch, capsys):
    import piquet_calc.cli.progress as progress

    clock_now = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: clock_now[0])
    for enabled in (True, False):
        p = progress._DealProgress(enabled)
        p.stage("the race, round 1: 1,585 discards to 16 deals")
        for i in range(1, 101):
            clock_now[0] += 0.1
            p(i * 512, ROWS)
        p.finish()
        err = capsys.readouterr().err
        if enabled:
            lines = err.splitlines()
            assert 3 <= len(lines) <= 6 and all(line.startswith("piquet-calc: the race, round 1:") for line in lines)
            assert all(re.search(r"about \d+s left$", line) for line in lines), lines
        else:
            assert err == ""


# --- issue 49: no time left until the rate is measured on finished work -------------------------------------------


class FakeClock:
    """time.monotonic and time.perf_counter both, moved on by hand (the kernels' compiling is a jump)."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def fake_clock(monkeypatch):
    import time

    clock = FakeClock()
    monkeypatch.setattr(time, "monotonic", clock)
    monkeypatch.setattr(time, "perf_counter", clock)
    return clock


def test_review_s_exact_analysis_says_no_time_left_while_the_kernels_compile(fake_clock):
    """Into an empty cache review's first line said "about 269548s left" at 0%: the first piece's report came
    after minutes of compiling, taken as the work's pace. The rate is now taken from the first piece done on."""
    from piquet_calc.analysis.review import _deals_progress

    said = []
    report = _deals_progress("elder's exchange", 0, 30, lambda where, done, total: said.append(where))
    fake_clock.now += 120.0  # the kernels compile, then the first piece: 1,000 of 3,000,000 deals
    report(1_000, 3_000_000)
    fake_clock.now += 0.5
    report(51_000, 3_000_000)  # half a second: not yet measured
    assert said == ["elder's exchange: 0% of 3,000,000 deals", "elder's exchange: 2% of 3,000,000 deals"], said
    fake_clock.now += 0.5  # 100,000 deals a second since the first piece
    report(101_000, 3_000_000)
    assert said[-1] == "elder's exchange: 3% of 3,000,000 deals, about 29s left", said  # 2,899,000 / 100,000


def test_review_s_cards_say_no_time_left_until_a_card_after_the_first_is_graded(fake_clock, monkeypatch):
    """The first card graded compiles the solver (a minute into an empty cache): the time left is taken from the
    cards graded after it."""
    import piquet_calc.analysis.review as review
    from tests.test_review import _deal

    deal = _deal("progress", "rubicon")
    costs = iter([90.0] + [2.0] * 40)  # the first card's grading compiles

    def grade_card(*args, **kwargs):
        fake_clock.now += next(costs)
        return None

    monkeypatch.setattr(review, "grade_card", grade_card)
    monkeypatch.setattr(review, "grade_announcements", lambda *a, **k: SimpleNamespace(sunk=False, sinking=(0, 0)))
    monkeypatch.setattr(review, "_view_or_why", lambda deal, s: SimpleNamespace(source=None))
    said = []
    review.analyse_review(deal, (review.ELDER,), progress=lambda where, done, total: said.append(where))
    cards = [w for w in said if w.startswith("trick")]
    assert len(cards) == 12 and not any("left" in w for w in cards[:2]), cards  # none, then the first card's
    assert cards[2].endswith("about 20s left"), cards  # 10 cards left at 2 s each (the second one's pace)
    assert cards[-1].endswith("about 2s left"), cards


def test_batch_says_no_time_left_until_a_line_after_the_first_is_done(fake_clock, monkeypatch):
    """A batch's first line compiles the kernels: its time is not the lines' pace."""
    import io

    import piquet_calc.cli.progress as progress
    from piquet_calc.batch.run import Tally

    monkeypatch.setattr(progress, "BATCH_EVERY", 0.0)
    stream = io.StringIO()
    shown = progress.BatchProgress(stream, total=200, quiet=False)
    fake_clock.now += 100.0
    shown(Tally(done=1))
    fake_clock.now += 2.0
    shown(Tally(done=21))  # ten lines a second since the first
    first, second = stream.getvalue().splitlines()
    assert first == "piquet-calc: batch: 1 of 200 lines, 0 failed", first
    assert second == "piquet-calc: batch: 21 of 200 lines, 0 failed, 10.0 lines/s, about 18s left", second


def test_the_bar_s_time_left_leaves_out_reports_of_nothing_done():
    """A report of 0 done (before the kernels are loaded) is no point of the work's pace."""
    estimate = TimeLeft()
    assert estimate(0.0, 0, ROWS) is None
    assert estimate(100.0, 512, ROWS) is None  # 100 s after the report of nothing: still no time left
    assert estimate(101.0, 10_752, ROWS) is not None
