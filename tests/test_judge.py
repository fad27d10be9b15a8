"""The whole deal as the judge of the exchange (issue 48, analysis/judge.py): the ranking begun before the answer
and the answer added gives exactly ``discard --play --why ANSWER --seed S --samples N``; the issue's hand; the
declarations judge kept by name (a regression pin); the mistake rule; a history written by the released schema
migrated with nothing lost."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from piquet_calc.analysis import practice as P
from piquet_calc.analysis.judge import MISTAKE_FLOOR, MISTAKE_Z, WholeRanking, is_mistake, judged
from piquet_calc.analysis.practice_deal import new_record
from piquet_calc.cards import parse_cards
from piquet_calc.rules import get_rules

ROOT = Path(__file__).resolve().parent.parent
ISSUE_HAND = "AS JS 7S QH JH TH 9H AD KD JD TD QC"  # practice --seed 11, rubicon: elder's dealt hand
SAMPLES = 64


@pytest.fixture
def judging():
    """practice's judges restored after the test."""
    before = P.JUDGING
    yield P
    P.set_judging(model=before.model, engine=before.engine, samples=before.samples, seed=before.seed)


def _same(a, b) -> None:
    """Two whole-deal analyses equal figure for figure (to 1e-9; in fact to the last bit)."""
    assert [d.discard for d in a.discards] == [d.discard for d in b.discards]
    for x, y in zip(a.discards, b.discards, strict=True):
        for name in ("net", "vs_best", "net_plain"):
            ex, ey = getattr(x, name), getattr(y, name)
            assert ex.n == ey.n and ex.mean == pytest.approx(ey.mean, abs=1e-9)
            assert ex.se == pytest.approx(ey.se, abs=1e-9, nan_ok=True)
        assert x.forced == y.forced and (x.totals == y.totals).all()
        assert x.figures.keys() == y.figures.keys()
        for k, v in x.figures.items():
            assert (v.mean, v.se) == pytest.approx((y.figures[k].mean, y.figures[k].se), abs=1e-9)
    assert set(a.kept) == set(b.kept) and a.race == b.race and a.control == b.control


@pytest.mark.slow
def test_the_answer_added_is_discard_play_why() -> None:
    """Begun without the answer, then his discard added: exactly analyse_deal with his discard kept (what
    ``discard --play --why`` runs), for a discard outside the race's survivors, one inside, #1 itself; the dealer
    too, with another thread count (the figures never depend on it)."""
    from piquet_calc.analysis.deal import analyse_deal

    rules = get_rules("rubicon")
    hand = parse_cards(ISSUE_HAND)
    w = WholeRanking(hand, "elder", rules, samples=SAMPLES, seed=5, threads=2).run()
    survivors = [d.discard for d in w.analysis().discards]
    for answer in (parse_cards("AS 7S AD KD QC"), survivors[3], w.best):
        fresh = analyse_deal(hand, "elder", rules, samples=SAMPLES, seed=5, keep_deals=[answer], threads=1)
        mine = w.with_answer(answer)
        _same(mine, fresh)
        j, k = judged(mine, answer), judged(fresh, answer)
        assert (j.rank, j.of, j.best, j.words) == (k.rank, k.of, k.best, k.words)
        assert (j.cost, j.difference, j.se) == pytest.approx((k.cost, k.difference, k.se), abs=1e-9)
        assert j.cost == pytest.approx(max(0.0, -j.difference), abs=1e-12)
    assert w.best == analyse_deal(hand, "elder", rules, samples=SAMPLES, seed=5).discards[0].discard
    dealer = parse_cards("7H 8S 9S 8H 8C TS QD AH AC QS KS 9D")  # seed 11's dealer, elder took 5
    d = WholeRanking(dealer, "younger", rules, elder_took=5, samples=SAMPLES, seed=9, threads=1)
    answer = parse_cards("QS KS 9D")
    _same(d.with_answer(answer), analyse_deal(dealer, "younger", rules, elder_took=5, samples=SAMPLES, seed=9,
                                              keep_deals=[answer], threads=2))


@pytest.mark.slow
def test_the_issue_hand_is_judged_by_the_whole_deal(judging) -> None:
    """practice --seed 11, elder: the hint is not the declarations' aces-and-king discard, its price and the grade
    of that discard speak of the cards and the tricks, and the engine (whole) does not throw them either."""
    judging.set_judging(model="whole", engine="whole", samples=SAMPLES)
    p = P.Question(new_record("rubicon", 11), "exchange", 0)
    assert " ".join(map(str, p.hand)) == ISSUE_HAND or sorted(map(str, p.hand)) == sorted(ISSUE_HAND.split())
    P.begin_exchange(p)
    best, price = P.hint(p)
    assert set(best.split()) != set("AS 7S AD KD QC".split())
    assert "the tricks" in price and "the cards" in price
    assert P.hint_judge(p) == {"model": "whole", "seed": P.JUDGING.seed, "samples": SAMPLES}
    g = P.grade(p, parse_cards("AS 7S AD KD QC"))
    assert g.model == "whole" and g.samples == SAMPLES and g.seed == P.JUDGING.seed and g.se is not None
    assert g.cost > 0 and g.best == best
    assert any("cards" in w for w in g.words)
    assert {name for name, _, _ in g.detail.play.sources} >= {"tricks", "cards"}
    assert set(P.engine_answer(p)) != set(parse_cards("AS 7S AD KD QC"))


# Regression pin: the declarations judge's grades as main gave them at c3d22a4, before issue 48 (practice
# --seed 11's exchange, rubicon): (answer, best, cost, rank).
PIN_ELDER = [("AS 7S AD KD QC", "AS 7S AD KD QC", 0.0, 1),
             ("7S QC TD", "AS 7S AD KD QC", 14.093867729277946, 50),
             ("7S QH TH 9H QC", "AS 7S AD KD QC", 10.619795246033636, 21)]
PIN_DEALER = [("7H 8S 9S", "8H 7H 8C", 10.164804687057009, 141),
              ("QS KS 9D", "8H 7H 8C", 11.676832068859932, 183),
              ("9D", "8H 7H 8C", 6.617928588439424, 73)]
PIN_WORDS = ("Repique costs you 7.24 points a deal: you repique 4.1% of the time instead of 16.2%.",
             "The sequence costs you 3.49 points a deal: you win the sequence 96.8% of the time instead of 97.9%.",
             "The sets cost you 1.61 points a deal: you win the sets 89.7% of the time against 87.5%, but for fewer "
             "points.")
PIN_HINT = ("AS 7S AD KD QC", "expected net +36.34; #2 (AS 7S AD KD TD) is 3.21 worse")


def test_model_declarations_is_the_old_judge(judging) -> None:
    """--model declarations --engine declarations: today's grades exactly (the pin above)."""
    judging.set_judging(model="declarations", engine="declarations")
    p = P.Question(new_record("rubicon", 11), "exchange", 0)
    assert P.hint(p) == PIN_HINT and P.hint_judge(p) == {"model": "declarations"}
    for answer, best, cost, rank in PIN_ELDER:
        g = P.grade(p, parse_cards(answer))
        assert (g.best, g.cost, g.detail.rank, g.model, g.se, g.samples) == (best, cost, rank, "declarations", None,
                                                                              None)
        if answer == "7S QC TD":
            assert g.words == PIN_WORDS
    engine = P.engine_answer(p)
    assert " ".join(map(str, engine)) == PIN_HINT[0]
    d = P.Question(P.with_answer(p, engine), "exchange", 1)
    for answer, best, cost, rank in PIN_DEALER:
        g = P.grade(d, parse_cards(answer))
        assert (g.best, g.cost, g.detail.rank) == (best, cost, rank)


def test_the_mistake_rule() -> None:
    assert MISTAKE_Z == 2.0 and MISTAKE_FLOOR == 0.5
    assert is_mistake(2.01, 1.0) and not is_mistake(2.0, 1.0) and not is_mistake(1.0, 0.6)
    assert is_mistake(0.5) and not is_mistake(0.49) and not is_mistake(0.4, 0.0)


def test_a_released_history_migrates_with_nothing_lost(tmp_path: Path) -> None:
    """tests/data/history_v2.sqlite3 was written by main's own code at c3d22a4 (schema version 2, three decisions,
    one served): it opens, is brought to this version, every row and the schedule kept, each grade's judge said."""
    from piquet_calc.history import SCHEMA_VERSION, DecisionRow, History

    path = tmp_path / "h.sqlite3"
    shutil.copy(ROOT / "tests/data/history_v2.sqlite3", path)
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == 2
        before = c.execute("SELECT * FROM decisions ORDER BY id").fetchall()
        schedule = c.execute("SELECT * FROM schedule").fetchall()
    c.close()
    with History.open(path) as h:
        rows = h.decisions()
        assert [r.id for r in rows] == [b[0] for b in before]
        for r, b in zip(rows, before, strict=True):
            assert (r.deal, r.stage, r.seat, r.rules, r.answer, r.best, r.cost, r.dd_cost, bool(r.hint), r.time,
                    r.source) == (b[1], b[2], b[3], b[4], b[6], b[7], b[8], b[9], bool(b[10]), b[11], b[12])
            assert r.model == ("declarations" if r.stage == "exchange" else "seat")
            assert (r.se, r.samples, r.seed, r.serves) == (None, None, None, None)  # steps 5 and 6
        new = h.add(DecisionRow(None, "d", "exchange", "elder", "rubicon", {"x": 1}, "7S", "8S", 3.0, None, False, 1.0,
                             "practice", model="whole", se=2.0, samples=64, seed=5))
        assert h.get(new).model == "whole" and (h.get(new).se, h.get(new).samples, h.get(new).seed) == (2.0, 64, 5)
        due = [d.id for d in h.due(min_cost=1.0, count=10, z=MISTAKE_Z)]
        assert new not in due  # 3.0 is not more than 2 standard errors of 2.0: within the noise
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert c.execute("SELECT * FROM schedule").fetchall()[:len(schedule)] == schedule
    c.close()


def _discard_why(hand: list[str], seat: str, answer: str, seed: int, samples: int, took: int | None = None) -> dict:
    """``discard --play --why ANSWER --seed S --samples N --json``, run as a user runs it."""
    import json

    from typer.testing import CliRunner

    from piquet_calc.cli.app import app

    args = ["discard", " ".join(hand), f"--{seat}", "--play", "--why", answer, "--seed", str(seed), "--samples",
            str(samples), "--json", "-q"] + (["--elder-took", str(took)] if took is not None else [])
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def _cost_of(why: dict) -> tuple[float, float]:
    """The grade ``discard --play --why``'s comparison gives: #1's mean less his (0 when his is #1) and its s.e."""
    if why["rank"]["discard"] == 1:
        return 0.0, 0.0
    return max(0.0, -why["difference"]["mean"]), why["difference"]["se"]


@pytest.mark.slow
def test_a_practice_deal_is_graded_as_discard_play_why_and_review(tmp_path: Path) -> None:
    """The issue's check: a seeded deal through the line protocol (the whole deal judging, 64 deals): the hint and
    the exchange's grade say their judge, the grade equals discard --play --why's for that hand, seat and seed
    (to 1e-9), review of the saved record gives the same; a dealer's drill the same with elder's count."""
    import json
    import os
    import subprocess
    import sys

    from piquet_calc import schemas

    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    check = schemas.validator("practice-event")
    runs = {"deal": ["--deals", "1", "--seed", "7", "--seat", "elder", "--folder", str(tmp_path)],
            "drill": ["--drill", "discard", "--count", "1", "--seed", "3", "--seat", "dealer"]}
    for kind, args in runs.items():
        p = subprocess.Popen([sys.executable, "-m", "piquet_calc", "practice", "-q", *args, "--samples", str(SAMPLES),
                              "--db", str(tmp_path / "h.db")], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert p.stdout is not None and p.stdin is not None
        events, hinted = [], False
        for line in p.stdout:
            e = json.loads(line)
            check.validate(e)
            events.append(e)
            if e["event"] != "ask":
                continue
            if e["stage"] == "exchange" and not hinted:
                text, hinted = "hint", True
            elif e["stage"] == "exchange":
                text = " ".join(e["hand"][:max(e["sizes"])])  # the highest cards: a poor discard
            else:
                text = "full" if e["stage"] == "announce" else e["legal"][-1]  # an empty line asks again
            p.stdin.write(text + "\n")
            p.stdin.flush()
        assert p.wait(timeout=600) == 0, p.stderr.read() if p.stderr else ""
        hint = next(e for e in events if e["event"] == "hint")
        assert (hint["model"], hint["samples"]) == ("whole", SAMPLES)
        ask = next(e for e in events if e["event"] == "ask" and e["stage"] == "exchange")
        g = next(e for e in events if e["event"] == "graded" and e["stage"] == "exchange")
        assert (g["model"], g["samples"]) == ("whole", SAMPLES) and g["mistake"] == is_mistake(g["cost"], g["se"])
        why = _discard_why(ask["hand"], ask["seat"], g["answer"], g["seed"], SAMPLES, ask.get("elder_took"))
        assert (g["cost"], g["se"]) == pytest.approx(_cost_of(why), abs=1e-9)
        assert g["best"].split() == (why["against"] if why["rank"]["discard"] != 1 else why["discard"])
        if kind == "deal":
            from typer.testing import CliRunner

            from piquet_calc.cli.app import app

            end = events[-1]
            assert end["event"] == "deal" and end["mistake_rule"] and isinstance(end["mistakes"], int)
            r = CliRunner().invoke(app, ["review", end["record"], "--seat", "elder", "--samples", str(SAMPLES),
                                         "--seed", str(g["seed"]), "--json", "-q"])
            assert r.exit_code == 0, r.output
            data = json.loads(r.stdout)
            assert not list(schemas.validator("review").iter_errors(data))
            e = data["exchange"][0]
            assert e["model"] == "whole" and (e["cost"], e["se"]) == pytest.approx((g["cost"], g["se"]), abs=1e-9)


def test_a_given_deal_is_played_from_either_seat(tmp_path: Path) -> None:
    """practice --deal: the record's dealt hands and talon, the player at --seat and the engine in the other (the
    same deal again with the seats swapped); a record without the dealt hands is one line, exit 2."""
    import json
    import os
    import subprocess
    import sys

    from piquet_calc.record.record import read_record, write_pqn

    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    given = new_record("rubicon", 11, comment="a club's deal")
    path = tmp_path / "club.pqn"
    path.write_text(write_pqn(given))

    def practice(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "piquet_calc", "practice", "-q", *args, "--db",
                               str(tmp_path / "h.db"), "--folder", str(tmp_path), "--model", "declarations",
                               "--engine", "declarations"], cwd=ROOT, env=env, input=stdin, capture_output=True,
                              text=True, timeout=600)

    for seat, dealt in (("elder", given.dealt[0]), ("dealer", given.dealt[1])):
        r = practice("--deal", str(path), "--seat", seat, stdin="quit\n")
        assert r.returncode == 0, r.stderr
        events = [json.loads(x) for x in r.stdout.splitlines()]
        ask = next(e for e in events if e["event"] == "ask")
        assert (ask["stage"], ask["seat"]) == ("exchange", seat)
        assert sorted(ask["hand"]) == sorted(map(str, dealt))
        if seat == "dealer":  # the engine, elder, exchanged first
            assert (events[0]["event"], events[0]["seat"]) == ("engine", "elder") and ask["elder_took"] in range(1, 6)
        saved = read_record(Path(events[-1]["record"]).read_text())
        assert (saved.dealt, saved.talon) == (given.dealt, given.talon)
    for bad in (ROOT / "tests/data/deal_004.pqn", tmp_path / "missing.pqn"):
        r = practice("--deal", str(bad))
        lines = [x for x in r.stderr.splitlines() if x]
        assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
