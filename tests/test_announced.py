"""Sinking scored (seat/announced.py): a deal's declarations as announced, from a record's two heard texts.

Hand-made deals scored by hand from the rules (RULES.md, Declarations and "Announcing: what each player learns",
4: what is sunk does not score, and an announcement answered good stays good); the model's words (no sinking)
score exactly as the hands on random deals of every two-handed preset; claims a hand cannot make are refused."""

from __future__ import annotations

import random

import pytest

from piquet_calc.cards import parse_cards
from piquet_calc.game.declarations import Declaration, pique_run, score_deal
from piquet_calc.record.record import DealRecord, RecordError
from piquet_calc.record.record_check import check_record
from piquet_calc.rules import TWO_HANDED_PRESETS, get_rules
from piquet_calc.seat.announced import announced, same_declaration, score_announced, sunk
from piquet_calc.seat.dialogue import dialogue
from piquet_calc.seat.heard import heard_text
from tests.test_record import random_deal

RUBICON = get_rules("rubicon")
# elder: a point of five hearts (45: A K 9 8 7), a tierce to the nine in hearts, three aces (no spade);
# the dealer: a quart to the ace in spades (a point of four, 41), tierces to the king in diamonds and clubs,
# three kings, three queens, three jacks (each without the heart). In full (rubicon): elder point 5 + sets 3 = 8,
# the dealer his sequences 4 + 3 + 3 = 10 (elder's tierce to the nine is beaten).
ELDER = tuple(parse_cards("AH KH 9H 8H 7H AD TD 8D AC TC 9C 7S"))
DEALER = tuple(parse_cards("AS KS QS JS KD QD JD 9D KC QC JC 8C"))
FINAL = (ELDER, DEALER)
DEALER_RUNS = "quart to the ace in spades, tierce to the king in diamonds, tierce to the king in clubs"
# elder sinks his point: he names four cards, the dealer (four too) asks how much: 38 (A K 9 8); the dealer's
# four spades (41) are then good
SINK_POINT = (f"point how much? not good, point 4 41 in spades, sequence not good, sets good, {DEALER_RUNS}",
              "point 4 38, tierce to the nine, three aces without the spade")
# elder sinks his three aces (no sets): the dealer's three trios score
SINK_SETS = (f"point good, sequence not good, {DEALER_RUNS}, three kings without the heart, three queens without "
             "the heart, three jacks without the heart", "point 5 45 in hearts, tierce to the nine, no sets")
# the dealer sinks his sequences: he answers good to elder's tierce to the nine, which then scores
SINK_RUNS = ("point good, sequence good, sets good",
             "point 5 45 in hearts, tierce to the nine in hearts, three aces without the spade")


def _points(score) -> dict[str, tuple[int, int]]:
    return {name: (e, d) for name, e, d in score.classes}


def test_full_announcement_scores_as_the_hands() -> None:
    """The hands in full, by hand: elder 5 (point) + 3 (three aces), the dealer 4 + 3 + 3 (his sequences)."""
    full = _points(score_deal(ELDER, DEALER, RUBICON))
    assert (full["point"], full["sequence"], full["sets"]) == ((5, 0), (0, 10), (3, 0))
    model = (heard_text(dialogue(ELDER, DEALER, RUBICON), "elder"), heard_text(dialogue(ELDER, DEALER, RUBICON),
                                                                                "dealer"))
    assert score_announced(FINAL, RUBICON, model, (False, False)) == score_deal(ELDER, DEALER, RUBICON)


def test_sunk_point_makes_the_others_good() -> None:
    """Elder announces four cards (38) for his five (45): the dealer's four spades (41) beat what was announced,
    so the point is the dealer's (4); elder keeps his three aces (3); the dealer his sequences (10)."""
    score = score_announced(FINAL, RUBICON, SINK_POINT, (False, False))
    p = _points(score)
    assert (p["point"], p["sequence"], p["sets"], p["repique"], p["pique"]) == ((0, 4), (0, 10), (3, 0), (0, 0),
                                                                               (0, 0))
    said = announced(FINAL, RUBICON, SINK_POINT)
    assert (said[0].point.length, said[0].point.pips) == (4, 38)
    assert sunk(ELDER, said[0], RUBICON) == ("point: 5 hearts (45) announced as 4 cards (38)",)
    assert sunk(DEALER, said[1], RUBICON) == ()


def test_sunk_set_gives_the_other_his_sets() -> None:
    """Elder says no sets for his three aces: the dealer's three trios are good (3 + 3 + 3); elder's point (5)."""
    p = _points(score_announced(FINAL, RUBICON, SINK_SETS, (False, False)))
    assert (p["point"], p["sequence"], p["sets"]) == ((5, 0), (0, 10), (0, 9))
    said = announced(FINAL, RUBICON, SINK_SETS)
    assert sunk(ELDER, said[0], RUBICON) == ("sets: three aces announced as nothing",)


def test_dealer_sinking_his_sequences_leaves_elders_good() -> None:
    """The dealer answers good to elder's tierce to the nine though his quart beats it: elder scores the tierce
    (3), the point (5) and three aces (3), the dealer nothing; so pique is live for elder (the dealer at 0) when
    his 11 and his pique run reach 30."""
    score = score_announced(FINAL, RUBICON, SINK_RUNS, (False, False))
    p = _points(score)
    assert (p["point"], p["sequence"], p["sets"], p["repique"]) == ((5, 0), (3, 0), (3, 0), (0, 0))
    live = 11 + pique_run(ELDER, DEALER, RUBICON).points >= 30
    assert p["pique"] == ((30 if live else 0), 0)
    said = announced(FINAL, RUBICON, SINK_RUNS)
    assert said[1].runs == () and sunk(DEALER, said[1], RUBICON)[0].startswith("sequence: quart to the ace")


@pytest.mark.parametrize("name", sorted(TWO_HANDED_PRESETS))
def test_the_models_words_score_as_the_hands(name: str) -> None:
    """On random deals, both heard texts the announcing model's (no sinking): the declarations as announced have
    the hands' point, best sequence and best set, and the score is the hands' in every class."""
    rules = TWO_HANDED_PRESETS[name]
    rng = random.Random(name)
    for _ in range(40):
        d = random_deal(rng, rules)
        final = d["final"]
        dia = dialogue(*final, rules, *d["dealt"])
        heard = (heard_text(dia, "elder"), heard_text(dia, "dealer"))
        said = announced(final, rules, heard)
        for s in (0, 1):
            assert same_declaration(said[s], Declaration.of(final[s], rules))
        blanche = (dia.elder_blanche is not None, dia.dealer_blanche is not None)
        assert _points(score_announced(final, rules, heard, blanche)) == _points(score_deal(*final, rules, *blanche))


def _record(heard: tuple[str | None, str | None]) -> DealRecord:
    return DealRecord(rules="rubicon", final=FINAL, heard=heard)


@pytest.mark.parametrize("heard", [SINK_POINT, SINK_SETS, SINK_RUNS])
def test_sinking_records_are_accepted(heard) -> None:
    """A player's answers read against his own sunk words (the other's text): each record checks."""
    deal = check_record(_record(heard))
    assert deal.final == FINAL


@pytest.mark.parametrize(("heard", "error"), [
    ((None, "point 6 50 in hearts, tierce to the nine, three aces without the spade"),
     "heard.dealer: the elder announced a point of 6 (50) in hearts, more than he holds"),
    ((None, "point 5 45 in hearts, tierce to the nine, fourteen aces"), "heard.dealer: the elder announced a "
                                                                        "combination with AS, which he does not hold"),
    ((SINK_POINT[0].replace("point 4 41 in spades", "point 4 42 in spades"), SINK_POINT[1]),
     "heard.elder: the dealer announced a point of 4 (42) in spades, more than he holds"),
    (("point how much? not good, point 4 41 in spades, sequence not good, sets good, " + DEALER_RUNS,
      "point 4 41, tierce to the nine, three aces without the spade"), "heard.dealer:"),
])
def test_an_impossible_claim_is_still_refused(heard, error: str) -> None:
    """Sinking is announcing less; more than the hand holds is refused, one line naming the field. The last: elder
    names a point of four at 41 pips, below his five (45) but made by no four cards of one suit of his (his four
    best hearts make 38)."""
    with pytest.raises(RecordError) as e:
        check_record(_record(heard))
    assert str(e.value).startswith(error), str(e.value)
