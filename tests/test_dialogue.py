"""The announcements (seat/dialogue.py) against the sources' worked dialogues (000 "Объявление", 002
"ОБЪЯВЛЕНИЕ"), the scores of game/declarations.py, and the command line (declare --dialogue)."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from piquet_calc.cards import parse_hand
from piquet_calc.cli.app import app
from piquet_calc.game.declarations import score_deal
from piquet_calc.rules import TWO_HANDED_PRESETS
from piquet_calc.seat.dialogue import GOOD, NOT_GOOD, dialogue, knowledge, number_words

# 002, "ОБЪЯВЛЕНИЕ": elder after the exchange, and the dealer's hand of the same deal
ELDER_002 = parse_hand("AH KH QH JH AC KC QC AD KD QD 7D AS")
DEALER_002 = parse_hand("JC TC 9C 8C JD TD 9D KS QS JS TS 9S")


def test_002_forty_one_not_good_a_quart_to_the_ace_not_good_fourteen_aces() -> None:
    """002: «Сорок один». «Нехорошо». «Кватриэм к тузу». «Нехорошо». «Кторз тузов» (good, with his trios of
    kings and queens: 20); the dealer then counts point 5, quint 15, quart 4, tierce 3: 27. Piquet au cent
    names the point by its value (002: "При объявлении поинта масть не упоминается, только ее ценность")."""
    d = dialogue(ELDER_002, DEALER_002, TWO_HANDED_PRESETS["au-cent"], point_call="pips")
    words = [w for _, w in d.lines]
    assert words[:6] == ["Forty-one.", "Not good.", "A quart to the ace.", "Not good.", "Fourteen aces.", "Good."]
    assert [who for who, _ in d.lines[:6]] == ["elder", "dealer"] * 3
    assert "And three kings without the spade; and three queens without the spade." in words
    assert d.totals == (20, 27)
    assert ("dealer", "Point of five, forty-nine, in spades; a quint to the king in spades; a quart to the jack in "
                      "clubs; a tierce to the jack in diamonds.") in d.lines
    assert ("dealer", "I start with twenty-seven.") in d.lines


def test_002_by_the_number_of_cards() -> None:
    """The model (rubicon): the same deal with the point named by its number of cards: "Four." "Not good."."""
    d = dialogue(ELDER_002, DEALER_002, TWO_HANDED_PRESETS["rubicon"])
    assert d.lines[:2] == (("elder", "Four."), ("dealer", "Not good."))
    assert d.said.elder_point == (4, None) and not d.said.point_asked


def test_000_four_how_many_thirty_seven_not_good_thirty_nine() -> None:
    """000: «Четыре» «Сколько?» «Тридцать семь.» «Не подходит. Тридцать девять.»; its sets too:
    «У меня три короля.» «Не проходит. 14 десяток.» (000 names the tierce's top card only when asked; the
    model names it at once: "A tierce to the ace.")."""
    elder = parse_hand("JS 9S 7S KH QH 9H 8H AD KD QD KC 7C")
    dealer = parse_hand("AS KS TS 8S TH JH 7H TD 9D 8D TC AC")
    d = dialogue(elder, dealer, TWO_HANDED_PRESETS["english"])
    assert d.lines[:4] == (("elder", "Four."), ("dealer", "How much?"), ("elder", "Thirty-seven."),
                           ("dealer", "Not good. Thirty-nine."))
    assert d.lines[4:7] == (("elder", "A tierce to the ace."), ("dealer", "Good."), ("elder", "In diamonds."))
    assert d.lines[7:9] == (("elder", "Three kings."), ("dealer", "Not good."))
    assert ("dealer", "Point of four, thirty-nine, in spades; fourteen tens.") in d.lines
    assert d.said.point_asked and d.said.point_answer == NOT_GOOD and d.said.sequence_answer == GOOD


@pytest.mark.parametrize("name", sorted(TWO_HANDED_PRESETS))
def test_totals_and_winners_are_score_deals(name: str) -> None:
    """The dialogue scores nothing itself: its totals and who scores each class are game.declarations'."""
    rules = TWO_HANDED_PRESETS[name]
    rng = random.Random(name)
    for _ in range(200):
        cards = rng.sample(range(32), 24)
        from piquet_calc.cards import DECK

        e, d = [DECK[i] for i in cards[:12]], [DECK[i] for i in cards[12:]]
        dia = dialogue(e, d, rules)
        s = score_deal(e, d, rules)
        assert dia.totals == tuple(sum(p[i] for c, *p in s.classes if c != "pique") for i in (0, 1))
        for cls, seat in (("point", "elder"), ("point", "dealer"), ("sequence", "elder"), ("sequence", "dealer"),
                          ("sets", "elder"), ("sets", "dealer")):
            scoring = dia.said.scoring(seat)
            held = {"point": scoring.point is not None, "sequence": bool(scoring.runs), "sets": bool(scoring.sets)}
            assert held[cls] == (s.winner(cls) == seat)


def test_what_each_seat_knows_in_002() -> None:
    d = dialogue(ELDER_002, DEALER_002, TWO_HANDED_PRESETS["rubicon"])
    elder, dealer = knowledge(d, "elder"), knowledge(d, "dealer")
    assert elder.said.dealer.point is not None and elder.said.dealer.point.pips == 49
    assert elder.constraints() == ["sets: none better than fourteen aces"]
    assert dealer.constraints() == ["point: 4 cards, not good", "sequence: a quart to the ace at best, not good"]


def test_number_words() -> None:
    assert [number_words(n) for n in (0, 7, 14, 20, 41, 99, 120)] == [
        "zero", "seven", "fourteen", "twenty", "forty-one", "ninety-nine", "one hundred and twenty"]


runner = CliRunner()


def test_cli_dialogue_table_and_json() -> None:
    e, d = " ".join(map(str, ELDER_002)), " ".join(map(str, DEALER_002))
    result = runner.invoke(app, ["declare", "--dialogue", e, d])
    assert result.exit_code == 0, result.output
    assert 'Elder: "Four."' in result.output and 'Dealer: "Not good."' in result.output
    assert "--heard" in result.output
    result = runner.invoke(app, ["declare", "--dialogue", e, d, "--json", "--rules", "au-cent"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["schema_version"] == 1
    assert data["lines"][0] == {"speaker": "elder", "words": "Four."}
    assert data["totals"] == {"elder": 20, "dealer": 27}
    assert set(data["knows"]) == {"elder", "dealer"}


@pytest.mark.parametrize("args, message", [
    (["declare", "--dialogue", "AH KH"], "the dealer's hand"),
    (["declare", "--dialogue", "AH KH QH JH AC KC QC AD KD QD 7D AS", "AH TC 9C 8C JD TD 9D KS QS JS TS 9S"],
     "in both hands"),
    (["declare", "--dialogue", "AH KH QH JH AC KC QC AD KD QD 7D AS", "JC TC 9C 8C JD TD 9D KS QS JS TS 9S",
      "--rules", "normand"], "two players"),
])
def test_cli_dialogue_bad_input_is_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
