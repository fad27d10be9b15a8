"""`review` (analysis/review.py): the card values are play --seat's at the same positions (both run on random
deals); a line of double-dummy best cards costs nothing double dummy; every cost >= 0; the exchange's cost is
discard --why's difference; RULES.md's worked deal (004, from the final hands) reviewed: hand checks, and a
golden output (a regression pin)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from piquet_calc.analysis.play import before_play
from piquet_calc.analysis.review import analyse_review, dd_values, seat_view
from piquet_calc.cards import parse_cards
from piquet_calc.cli import app
from piquet_calc.engine.play import solve_deal
from piquet_calc.game.declarations import score_deal
from piquet_calc.game.play import DEALER, ELDER, play_trick, start
from piquet_calc.game.solve import PlainSolver
from piquet_calc.record.record import DealRecord, read_record, tricks_text
from piquet_calc.record.record_check import check_record
from piquet_calc.rules import TWO_HANDED_PRESETS
from piquet_calc.schemas import validator
from tests.test_record import random_deal

runner = CliRunner()
DEAL_004 = Path(__file__).parent / "data" / "deal_004.pqn"


def _deal(seed: str, name: str, dd_line: bool = False, whole: bool = False):
    """A random deal's record: the final hands, the discards (the dealt hands and talon too if ``whole``), the
    tricks played at random, or (``dd_line``) the solver's best line."""
    rules = TWO_HANDED_PRESETS[name]
    d = random_deal(random.Random(seed), rules, policy=True)
    tricks = d["tricks"]
    if dd_line:
        score = score_deal(*d["final"], rules, False, False)  # the record below has no dealt hands
        tricks = solve_deal(*d["final"], rules, *before_play(score)).line
    r = DealRecord(rules=name, dealt=d["dealt"] if whole else None, talon=d["talon"] if whole else None,
                   discards=d["discards"], final=None if whole else d["final"], tricks=tuple(tricks))
    return check_record(r)


def _play_seat(args: list[str]) -> dict:
    r = runner.invoke(app, [*args, "--json", "-q"])
    assert r.exit_code == 0, (args, r.output)
    return {c["card"]: c["expected"] for c in json.loads(r.stdout)["choices"]}


@pytest.mark.parametrize(("seed", "name", "whole"), [("a", "rubicon", True), ("b", "russian", False),
                                                      ("c", "encyclopedia", False), ("d", "au-cent", False)])
def test_card_values_are_play_seat_s(seed: str, name: str, whole: bool) -> None:
    """At up to four positions of each deal where the player had a choice, play --seat (the command, given what
    the record says the player knew) values every card as the review does."""
    deal = _deal(seed, name, whole=whole)
    review = analyse_review(deal)
    chosen = [c for c in review.cards if not c.forced][:4]
    assert chosen or len(deal.tricks) < 2
    views = {s: seat_view(deal, s) for s in (ELDER, DEALER)}
    for c in chosen:
        so_far = tricks_text(deal.tricks[:c.trick - 1])
        if not c.leads:
            so_far = (so_far + ", " if so_far else "") + str(deal.tricks[c.trick - 1][0])
        theirs = _play_seat(views[c.seat].play_seat_args(so_far, name))
        ours = {str(k): v for k, v, _ in c.values}
        assert theirs.keys() == ours.keys()
        for k in ours:
            assert theirs[k] == pytest.approx(ours[k], abs=1e-9)


@pytest.mark.parametrize(("seed", "name"), [("e", "rubicon"), ("f", "english"), ("g", "encyclopedia")])
def test_a_line_of_double_dummy_best_cards_costs_nothing_double_dummy(seed: str, name: str) -> None:
    deal = _deal(seed, name, dd_line=True)
    review = analyse_review(deal)
    assert len(review.cards) == 24
    assert all(c.dd_cost == 0 and c.played in c.dd_best for c in review.cards)
    assert all(c.cost >= 0 for c in review.cards)
    values = {c.dd_value if c.seat == ELDER else -c.dd_value for c in review.cards}
    assert len(values) == 1  # each card keeps the value of the deal, double dummy


@pytest.mark.parametrize(("seed", "name"), [("h", "rubicon"), ("i", "russian"), ("j", "au-cent")])
def test_costs_are_never_negative_and_add_up(seed: str, name: str) -> None:
    deal = _deal(seed, name)
    review = analyse_review(deal)
    for c in review.cards:
        assert c.cost >= 0 and c.dd_cost >= 0
        if not c.forced:
            best = max(v for _, v, _ in c.values)
            played = next(v for k, v, _ in c.values if k == c.played)
            assert c.cost == pytest.approx(best - played)
            assert c.dd_cost == max(dd for _, _, dd in c.values) - next(dd for k, _, dd in c.values if k == c.played)
    for s, row in review.lost_by_stage.items():
        assert row["card"] == pytest.approx(sum(c.cost for c in review.cards if c.seat == s))


def test_the_exchange_cost_is_discard_why_s() -> None:
    """004's discards (RULES.md, worked examples): elder's and the dealer's cost to #1 equal discard --why's
    difference on the same discard (negated: --why says his minus #1's)."""
    text = DEAL_004.read_text().replace(
        '[ElderFinal', '[Elder "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"]\n'
                       '[Dealer "QS JS TS 9S 8S JH 9H KD QD AC JC TC"]\n'
                       '[ElderDiscards "9C 8C 9D TD"]\n[DealerDiscards "JH 9H"]\n[ElderFinal')
    from piquet_calc.analysis.review import grade_exchange

    deal = check_record(read_record(text))
    elder, dealer = (grade_exchange(deal, s, False) for s in (ELDER, DEALER))  # as analyse_review grades them
    for grade, args in ((elder, ["AS AH KH QH TH 8H 7H AD TD 9D 9C 8C", "--elder", "--why", "9C 8C 9D TD"]),
                        (dealer, ["QS JS TS 9S 8S JH 9H KD QD AC JC TC", "--younger", "--elder-took", "4", "--why",
                                  "JH 9H"])):
        r = runner.invoke(app, ["discard", *args, "--rules", "encyclopedia", "--json", "-q"])
        assert r.exit_code == 0, r.output
        why = json.loads(r.stdout)
        assert grade.rank == why["rank"]["discard"] > 1 and grade.of == why["rank"]["of"]
        assert grade.cost == pytest.approx(-why["difference"]["mean"], abs=1e-12)
        assert grade.cost > 0
    assert elder.rank == 2 and dealer.elder_took == 4


# --- RULES.md's worked deal (004, encyclopedia), from the final hands ---------------------------------------------


@pytest.fixture(scope="module")
def review_004():
    return analyse_review(check_record(read_record(DEAL_004.read_text())))


def test_004_hand_checks(review_004) -> None:
    """The deal as played ends 136 to 26 (RULES.md: B wins 36 to 26 and adds 100); every card of the last trick
    is forced and costs nothing; the double-dummy values of each card from trick 6 on are the plain solver's
    (game/solve.py, nothing compiled); the deal's value double dummy at the start is play's."""
    r = review_004
    assert r.totals == (136, 26)
    assert [c.forced for c in r.cards if c.trick == 12] == [True, True]
    deal = r.deal
    state = start(*deal.final, deal.rules, 17, 22, False)
    plain = PlainSolver(deal.rules)
    for n, (lead, reply) in enumerate(deal.tricks, 1):
        if n >= 6:
            for led, card in ((None, lead), (lead, reply)):
                grade = next(c for c in r.cards if c.trick == n and c.played == card)
                sign = 1 if grade.seat == ELDER else -1
                truth = {k: sign * v for k, v in dd_values(plain, state, led, deal.rules).items()}
                assert grade.dd_value == truth[card]
                assert grade.dd_cost == max(truth.values()) - truth[card]
        state = play_trick(state, lead, reply, deal.rules)
    first = r.cards[0]
    assert first.dd_value == solve_deal(*deal.final, deal.rules, 17, 22, False).value == 110
    assert all(c.cost >= 0 and c.dd_cost >= 0 for c in r.cards)
    # the dealer's view: the announcements leave 7 hands for elder (his sixième named, elder's fourteen sevens,
    # three aces without the club, point 6 of 56 and a tierce to the ace); elder's leaves the dealer 1,833
    assert [(a.seat, a.other_hands_after) for a in r.announcements] == [(ELDER, 7), (DEALER, 1833)]
    assert [a.declared for a in r.announcements] == [17, 22]


def test_004_the_dealer_s_jack_of_clubs_is_play_seat_s(review_004) -> None:
    """Trick 2: the dealer, void in hearts, threw the jack of clubs on the king of hearts; play --seat (no discards
    given: the dealer took none, as the record knows) values it as the review does."""
    deal = review_004.deal
    grade = next(c for c in review_004.cards if c.trick == 2 and c.seat == DEALER)
    assert grade.played == parse_cards("JC")[0] and grade.dd_cost == 4
    args = ["play", "--seat", "dealer", "KS QS JS TS 9S 8S KD QD 8D AC JC TC", "--heard",
            deal.heard(DEALER), "--tricks", "AH TC, KH", "--rules", "encyclopedia"]
    theirs = _play_seat(args)
    assert theirs == pytest.approx({str(k): v for k, v, _ in grade.values})


GOLDEN_004 = [  # (trick, seat, played, best, cost, dd cost): a regression pin, copied from the review's own output
    (1, "elder", "AH", "QH", 0.0, 0), (1, "dealer", "TC", "8S", 0.0, 0), (2, "elder", "KH", "7H", 0.0, 0),
    (2, "dealer", "JC", "8S", 2.29, 4), (3, "elder", "QH", "7H", 0.0, 0), (3, "dealer", "8D", "8S", 0.0, 0),
    (4, "elder", "TH", "7H", 0.0, 0), (4, "dealer", "8S", "8S", 0.0, 0), (5, "elder", "8H", "7H", 0.0, 0),
    (5, "dealer", "9S", "9S", 0.0, 0), (6, "elder", "7H", "7H", 0.0, 0), (6, "dealer", "TS", "TS", 0.0, 0),
    (7, "elder", "AD", "KC", 0.64, 2), (7, "dealer", "QD", "QD", 0.0, 0), (8, "elder", "7D", "KC", 1.17, 2),
    (8, "dealer", "KD", "KD", 0.0, 0), (9, "dealer", "KS", "JS", 0.0, 0), (9, "elder", "7S", "AS", 2.5, 0),
    (10, "dealer", "QS", "JS", 0.0, 0), (10, "elder", "AS", "AS", 0.0, 0), (11, "elder", "7C", "KC", 1.0, 0),
    (11, "dealer", "AC", "AC", 0.0, 0), (12, "dealer", "JS", "JS", 0.0, 0), (12, "elder", "KC", "KC", 0.0, 0),
]


def test_004_golden_output(review_004) -> None:
    """A regression pin (values copied from the review's own output, not from a book): every card's grade."""
    got = [(c.trick, ("elder", "dealer")[c.seat], str(c.played), str(c.best), round(c.cost, 2), c.dd_cost)
           for c in review_004.cards]
    assert got == GOLDEN_004
    lost = review_004.lost_by_stage
    assert [round(x, 2) for x in (lost[ELDER]["card"], lost[DEALER]["card"])] == [5.31, 2.29]


def test_review_command(tmp_path) -> None:
    r = runner.invoke(app, ["review", str(DEAL_004), "--seat", "elder", "--json", "-q", "--model", "declarations"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert not list(validator("review").iter_errors(data))
    assert {c["seat"] for c in data["cards"]} == {"elder"} and len(data["cards"]) == 12
    assert data["summary"]["costliest"][0]["words"].startswith("trick 9: playing the seven of spades cost 2.50")
    table = runner.invoke(app, ["review", str(DEAL_004), "-q", "--model", "declarations"])
    assert table.exit_code == 0, table.output
    assert "The costliest decisions:" in table.output and "dealer, trick 2: playing the jack of clubs" in table.output
    bad = runner.invoke(app, ["review", str(DEAL_004), "--seat", "middle"])
    assert bad.exit_code == 2 and "--seat must be elder or dealer" in bad.output
    none = runner.invoke(app, ["review", str(tmp_path / "missing.pqn")])
    assert none.exit_code == 2 and "no such file" in none.output


def test_the_exchange_on_the_whole_deal_is_discard_play_why_s(tmp_path) -> None:
    """review --play: elder's discard judged on the whole deal as discard --play --why judges it (the same seed and
    deals): its rank in the final round and its difference to #1 with the standard error. House rules where elder
    exchanges one card (twelve discards: fast)."""
    house = tmp_path / "one.toml"
    house.write_text('base = "rubicon"\n[exchange]\nelder = [1]\n')
    record = tmp_path / "deal.pqn"
    record.write_text(f'[Rules "{house}"]\n[Elder "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"]\n'
                      '[Dealer "QS JS TS 9S 8S JH 9H KD QD AC JC TC"]\n[ElderDiscards "TD"]\n')
    r = runner.invoke(app, ["review", str(record), "--seat", "elder", "--model", "declarations", "--play", "--samples",
                            "8", "--json", "-q"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert not list(validator("review").iter_errors(data))
    mine = data["exchange"][0]
    why = runner.invoke(app, ["discard", "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C", "--elder", "--play", "--samples", "8",
                              "--why", "TD", "--rules", str(house), "--json", "-q"])
    assert why.exit_code == 0, why.output
    w = json.loads(why.stdout)
    assert mine["rank"] == 4 and mine["of"] == 12  # the exact declarations: as discard ranks TD
    assert mine["play"]["rank"] == w["rank"]["discard"] and mine["play"]["of"] == w["rank"]["of"]
    assert mine["play"]["difference"] == pytest.approx(w["difference"]["mean"])
    assert mine["play"]["se"] == pytest.approx(w["difference"]["se"])
    assert mine["play"]["cost"] == max(0.0, -mine["play"]["difference"])
    assert data["notes"] == ["the announcements and the play: not graded (the final hands are not known)"]


def test_carte_blanche_shown_is_heard_and_valued_as_play_seat() -> None:
    """Elder's dealt hand has no court card: the dealer heard it shown (the dealt hand, not the final one), and
    both players' card values are play --seat's given --carte-blanche and --heard "... carte blanche CARDS"."""
    rec = DealRecord(rules="rubicon", dealt=(parse_cards("AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D"),
                                             parse_cards("KS QS JS KH QH JH 7H KD QD JD AC KC")),
                     talon=parse_cards("QC JC 8D 7D 7C TC 9C 8C"),
                     discards=(parse_cards("9D TD 8H"), parse_cards("7H")),
                     tricks=tuple((a, b) for a, b in zip(parse_cards("AS TS"), parse_cards("JS QS"), strict=True)))
    deal = check_record(rec)
    assert deal.blanche == (True, False)
    assert deal.heard(DEALER).endswith("carte blanche AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D")
    review = analyse_review(deal)
    views = {s: seat_view(deal, s) for s in (ELDER, DEALER)}
    assert "--carte-blanche" in views[ELDER].play_seat_args("", "rubicon")  # he took the queen and jack of clubs
    for c in review.cards:
        so_far = tricks_text(deal.tricks[:c.trick - 1])
        if not c.leads:
            so_far = (so_far + ", " if so_far else "") + str(deal.tricks[c.trick - 1][0])
        theirs = _play_seat(views[c.seat].play_seat_args(so_far, "rubicon"))
        assert theirs == pytest.approx({str(k): v for k, v, _ in c.values})


def test_a_sunk_quatorze_widens_what_the_dealer_learned(review_004) -> None:
    """Elder announces three sevens for his four (sinking, 002): the record's words are what the dealer heard, and
    he can then hold more hands for elder than under the full announcement (7, test_004_hand_checks). Scored as
    announced, by hand: elder's sets are his three sevens (3), not fourteen sevens and three aces (17); the rest as
    in RULES.md's 004 (the dealer 22 before the play, elder 19 in the play, the dealer 4): elder 3 + 19 = 22, the
    dealer 26, who now has the higher total and adds 100 (004's deal bonus): 22 to 126, not 136 to 26."""
    text = DEAL_004.read_text().replace("[Play", '[DealerHeard "point 6 56, tierce to the ace, three sevens without '
                                                  'the club"]\n[Play')
    review = analyse_review(check_record(read_record(text)), seats=(ELDER,))
    (said,) = review.announcements
    assert said.given and said.other_hands_model == 7 and said.other_hands_after > 7
    assert (said.declared, said.declared_in_full, said.sinking) == (3, 17, (-14, 0))
    assert said.sunk == ("sets: four sevens, three aces announced as three sevens",)
    assert review.totals == (22, 126)
    assert any("scores nothing" in n and "from those totals" in n for n in review.notes)
    # elder's view is built as before (his own words in full); the cards are valued from the totals as announced,
    # 3 to 22, not 17 to 22: the dealer now ends higher and takes 004's 100, so elder's first lead is worth
    # 26 - 126 = -100 plus what the play changes, double dummy as solve_deal values the deal from 3 to 22
    deal = review.deal
    first = review.cards[0]
    assert first.dd_value == solve_deal(*deal.final, deal.rules, 3, 22, False).value
    assert first.dd_value != next(c for c in review_004.cards if c.seat == ELDER).dd_value
    assert all(c.cost >= 0 and c.dd_cost >= 0 for c in review.cards)


def test_with_something_sunk_the_cards_start_from_the_totals_as_announced(monkeypatch) -> None:
    """The seat's values are asked with the announced totals (3 and 22, pique dead), known to both, not with each
    hand scored in full; the double-dummy position starts from them too (the deal's totals as played)."""
    import piquet_calc.analysis.seen as seen

    asked = []
    real = seen.analyse_seen
    monkeypatch.setattr(seen, "analyse_seen", lambda *a, **k: asked.append(a[6]) or real(*a, **k))
    text = DEAL_004.read_text().replace("[Play", '[DealerHeard "point 6 56, tierce to the ace, three sevens without '
                                                  'the club"]\n[Play')
    review = analyse_review(check_record(read_record(text)), seats=(ELDER,))
    assert asked and set(asked) == {(3, 22, False)}
    asked.clear()
    analyse_review(check_record(read_record(DEAL_004.read_text())), seats=(ELDER,))
    assert asked and set(asked) == {None}  # nothing sunk: each hand scored in full, as play --seat scores it
    assert review.totals == (22, 126)


def test_record_from_stdin() -> None:
    r = runner.invoke(app, ["record", "-"], input=DEAL_004.read_text())
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["final"]["elder"] == "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C".split()


def test_words_no_hand_fits_are_one_line_naming_the_field(tmp_path) -> None:
    """The dealer answers "good" to elder's 56 and then names a sixième of 57 pips in spades: sinking his point as
    the model cannot follow (it takes each answer at its word). One line, exit 2, naming heard.elder."""
    path = tmp_path / "deal.pqn"
    path.write_text(DEAL_004.read_text().replace(
        "[Play", '[ElderHeard "point how much? good, sequence not good, sets good, sixième to the king in spades"]\n'
                 "[Play"))
    r = runner.invoke(app, ["review", str(path), "-q"])
    assert r.exit_code == 2
    lines = [line for line in r.output.splitlines() if line]
    assert len(lines) == 1 and lines[0].startswith("piquet-calc: error: heard.elder: no hand"), r.output


def test_review_says_what_each_sank_and_what_it_changed() -> None:
    """tests/test_announced.py's hand-made deals, reviewed (the final hands and the words, no play): elder sinks
    his point (38 for 45) and the dealer's four spades (41) score; by hand: elder's declarations 3 instead of 8
    (-5), the dealer's 14 instead of 10 (+4). The dealer sinks his sequences: elder 11 instead of 8 (+3), the
    dealer 0 instead of 10 (-10). The JSON fits its schema; the table names what was sunk."""
    from piquet_calc.report.review import review_data, review_table
    from tests.test_announced import FINAL, SINK_POINT, SINK_RUNS

    for heard, grades, line in (
            (SINK_POINT, {ELDER: (3, 8, (-5, 4), 1), DEALER: (14, 10, (0, 0), 0)},
             "    sank point: 5 hearts (45) announced as 4 cards (38)"),
            (SINK_RUNS, {ELDER: (11, 8, (0, 0), 0), DEALER: (0, 10, (-10, 3), 1)},
             "    his sinking changed his declarations by -10 and elder's by +3")):
        review = analyse_review(check_record(DealRecord(rules="rubicon", final=FINAL, heard=heard)))
        got = {a.seat: (a.declared, a.declared_in_full, a.sinking, len(a.sunk)) for a in review.announcements}
        assert got == grades
        data = review_data(review)
        assert not list(validator("review").iter_errors(data))
        assert line in review_table(data).splitlines()


def test_full_words_given_change_nothing(review_004) -> None:
    """The model's own words written into the record (no sinking): the same grades, the same totals (136 to 26),
    nothing sunk and no note about it."""
    from piquet_calc.record.record_check import model_heard

    deal = check_record(read_record(DEAL_004.read_text()))
    said = (model_heard(deal, ELDER), model_heard(deal, DEALER))
    text = DEAL_004.read_text().replace("[Play", f'[ElderHeard "{said[0]}"]\n[DealerHeard "{said[1]}"]\n[Play')
    review = analyse_review(check_record(read_record(text)), seats=(DEALER,))
    assert review.totals == review_004.totals == (136, 26)
    (a,) = review.announcements
    assert (a.sunk, a.sinking, a.declared_in_full, a.declared) == ((), (0, 0), None, 22)
    assert not any("announced" in n for n in review.notes)
    assert [(c.played, c.cost, c.dd_cost) for c in review.cards] == \
        [(c.played, c.cost, c.dd_cost) for c in review_004.cards if c.seat == DEALER]
