"""The deal record of three and four players (record/record.py, record/record_table.py, record/record_check.py,
`piquet-calc record`), and the two-handed record the released version wrote, read unchanged.

* tests/data/record_v1/: records written by main before the record learnt three and four (its `record --to json`,
  `--to pqn`, `play --json` and `record --from-play`), with what its record_check derived from each
  (checked_v1.json): read and written back byte for byte, and derived the same;
* JSON -> text -> JSON identical on 500 seeded random records of each game, every part present or not;
* random whole deals (Normand's dealer exchanging or not, a random legal play) pass the checks, the final hands
  derived from the dealt hands, the talon and the discards are the ones dealt, and every card is credited to the
  seat that held it;
* the totals as played equal the running totals and the total of the document `play --json` wrote (its own
  scoring of the same line, analysis/play_normand.py and play_four.py), for both games;
* each check: one line naming the field, exit 2, from the record and the review command alike.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from piquet_calc.cards import DECK
from piquet_calc.cli import app
from piquet_calc.game.play import legal_cards
from piquet_calc.record.from_play import read_output
from piquet_calc.record.record import (
    DealRecord,
    RecordError,
    read_pqn,
    read_record,
    record_data,
    record_from_data,
    write_json,
    write_pqn,
    write_record,
)
from piquet_calc.record.record_check import check_record
from piquet_calc.record.record_table import play_cards, start_state
from piquet_calc.rules import FOUR, NORMAND, get_rules

runner = CliRunner()
V1 = Path(__file__).parent / "data" / "record_v1"
GAMES = {"normand": NORMAND, "four": FOUR}


# --- the released version's records ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["deal_v1.json", "deal_v1.pqn", "from_play_v1.json", "from_play_v1.pqn"])
def test_released_records_read_and_write_unchanged(name: str) -> None:
    text = (V1 / name).read_text()
    r = read_record(text)
    assert write_record(r, "json" if name.endswith("json") else "pqn") == text


@pytest.mark.parametrize("name", ["deal_v1.json", "deal_v1.pqn", "play_v1.json"])
def test_released_records_derive_what_they_derived(name: str) -> None:
    """What main's record_check derived (checked_v1.json, written by it) is derived now: the same hands, counts,
    talon cards seen, carte blanche, tricks and heard texts, through the same CheckedRecord fields."""
    expected = json.loads((V1 / "checked_v1.json").read_text())["checked"][name]
    text = (V1 / name).read_text()
    d = check_record(read_output(text) if name == "play_v1.json" else read_record(text))

    def cs(x):
        return None if x is None else [str(c) for c in x]

    got = {"final": [cs(h) for h in d.final] if d.final else None, "dealt": [cs(h) for h in d.dealt],
           "discards": [cs(h) for h in d.discards], "took": list(d.took), "seen": [cs(h) for h in d.seen],
           "blanche": list(d.blanche), "tricks": [cs(t) for t in d.tricks],
           "heard": [d.heard(0), d.heard(1)], "given_heard": list(d.given_heard)}
    assert got == expected


def test_released_play_document_makes_the_same_record() -> None:
    out = runner.invoke(app, ["record", str(V1 / "play_v1.json"), "--from-play"])
    assert out.exit_code == 0, out.output
    assert out.output == (V1 / "from_play_v1.json").read_text()


# --- random deals of three and four ------------------------------------------------------------------------------


def random_table_deal(rng: random.Random, rules) -> dict:
    """A deal of ``rules`` (normand or four) dealt at random; Normand's dealer takes the talon or not at random,
    discarding two cards at random; then a random legal play of a random number of cards (the last trick may be
    incomplete)."""
    shape = rules.table
    n, size = shape.players, shape.hand_size
    cards = list(DECK)
    rng.shuffle(cards)
    dealt = [tuple(cards[s * size:(s + 1) * size]) for s in range(n)]
    talon = tuple(cards[n * size:])
    final = list(dealt)
    discards = [()] * n
    if shape.talon and rng.random() < 0.6:
        discards[-1] = tuple(rng.sample(dealt[-1], shape.talon))
        final[-1] = tuple(c for c in dealt[-1] if c not in discards[-1]) + talon
    state = start_state(final, rules)
    from piquet_calc.game.play_four import play_card as play_four
    from piquet_calc.game.play_normand import play_card as play_normand

    play = play_four if shape.partnerships else play_normand
    played: list[list] = []
    for _ in range(rng.randint(0, n * size)):
        led = state.trick[0] if state.trick else None
        card = rng.choice(legal_cards(state.hands[state.to_move], led))
        if not state.trick:
            played.append([])
        played[-1].append(card)
        state = play(state, card, rules)
    return dict(dealt=tuple(dealt), talon=talon, discards=tuple(discards), final=tuple(final),
                tricks=tuple(tuple(t) for t in played))


def random_table_record(rng: random.Random, name: str) -> DealRecord:
    rules = GAMES[name]
    d = random_table_deal(rng, rules)
    n = rules.table.players

    def some(parts):  # a part left out, or some of its seats (at least one: the text form has no empty part)
        picked = tuple(p if rng.random() < 0.6 else None for p in parts)
        return None if rng.random() < 0.25 or all(p is None for p in picked) else picked

    parties = 2 if rules.table.partnerships else n
    return DealRecord(
        rules=name, dealt=some(d["dealt"]), talon=d["talon"] if rules.table.talon and rng.random() < 0.5 else None,
        discards=some(d["discards"]), final=some(d["final"]), tricks=d["tricks"] if rng.random() < 0.8 else None,
        score=tuple(rng.randint(0, 150) for _ in range(parties)) if rng.random() < 0.3 else None,
        deal=rng.randint(1, 9) if rng.random() < 0.3 else None,
        announced=some(("nothing",) * n) if rng.random() < 0.2 else None,
        comment=rng.choice(['a "quoted" word', "back\\slash", "plain"]) if rng.random() < 0.2 else None)


@pytest.mark.parametrize("name", list(GAMES))
def test_round_trip_json_pqn_json_500_records(name: str) -> None:
    rng = random.Random(f"record-table-{name}")
    for _ in range(500):
        r = random_table_record(rng, name)
        text = write_json(r)
        back = read_pqn(write_pqn(read_record(text)))
        assert back == r
        assert write_json(back) == text


@pytest.mark.parametrize("name", list(GAMES))
def test_random_whole_deals_pass_the_checks(name: str) -> None:
    """The dealt hands, the talon and the discards given: the final hands derived are the ones dealt; each card of
    the tricks is credited to the seat whose final hand held it, and each trick's winner holds its best card."""
    rng = random.Random(f"check-table-{name}")
    rules = GAMES[name]
    for _ in range(60):
        d = random_table_deal(rng, rules)
        talon = d["talon"] if rules.table.talon else None
        deal = check_record(DealRecord(rules=name, dealt=d["dealt"], talon=talon, discards=d["discards"],
                                       tricks=d["tricks"]))
        assert deal.final is not None
        assert [set(h) for h in deal.final] == [set(h) for h in d["final"]]
        assert deal.took == tuple(len(x) for x in d["discards"])
        for t in deal.played():
            for card, seat in zip(t.cards, t.seats, strict=True):
                assert card in deal.final_hand(seat)
            if t.winner is not None:
                top = max((c for c in t.cards if c.suit == t.cards[0].suit), key=lambda c: c.rank)
                assert top in deal.final_hand(t.winner)
        # only the final hands and the tricks, as the books print a deal: the same derived parts
        alone = check_record(DealRecord(rules=name, final=d["final"], tricks=d["tricks"]))
        assert alone.tricks == deal.tricks


def test_table_records_are_the_schema_s() -> None:
    from piquet_calc.schemas import validator

    rng = random.Random("schema-table")
    v = validator("deal")
    for name in GAMES:
        for _ in range(50):
            assert not list(v.iter_errors(record_data(random_table_record(rng, name))))


# --- the totals as played, against play --json's own ----------------------------------------------------------

NORMAND_HANDS = ("JC 8H TD 9H QC QS AS KD 7S KH", "7H AH AD 7C QD QH 8C TC KS 7D",
                 "9D TH TS 8D 9S AC JH JS KC JD")
NORMAND_DEALT = "9C 9D TH TS 8D 9S 8S AC JH JS"  # the dealer discarded 9C 8S for the talon's KC JD
NORMAND_TRICKS = "AS KS 9S, KH AH TH, AD JD TD, QD 8D KD"
FOUR_HANDS = ("AD TD 7H QH TS QD KC 8C", "JC 7D 8D AH 7S JS 9C AS", "9D QS TH 9S KS JD JH 8S",
              "7C KH QC AC TC 8H KD 9H")


def _play_json(tmp_path: Path, args: list[str]) -> Path:
    out = runner.invoke(app, ["play", *args, "--json", "-q"])
    assert out.exit_code == 0, out.output
    path = tmp_path / "play.json"
    path.write_text(out.output)
    return path


@pytest.mark.parametrize("game", ["normand", "four"])
def test_totals_as_played_equal_play_json(game: str, tmp_path: Path) -> None:
    """record --from-play of `play --rules G --json` (its line: the recorded tricks and the solver's rest), then
    the record's totals as played (game/seating.py, game/play_normand.py or play_four.py) equal the running
    totals and the total the document wrote; the record round-trips through the text form."""
    if game == "normand":
        args = [*NORMAND_HANDS, "--rules", "normand", "--dealer-dealt", NORMAND_DEALT, "--tricks", NORMAND_TRICKS]
    else:
        args = [*FOUR_HANDS, "--rules", "four", "--tricks", "AD 7D 9D KD, TS AS 9S QC"]
    path = _play_json(tmp_path, args)
    doc = json.loads(path.read_text())
    out = runner.invoke(app, ["record", str(path), "--from-play", "--to", "pqn"])
    assert out.exit_code == 0, out.output
    (tmp_path / "deal.pqn").write_text(out.output)
    back = runner.invoke(app, ["record", str(tmp_path / "deal.pqn")])
    assert back.exit_code == 0, back.output
    r = read_record(back.output)
    assert write_pqn(r) == out.output
    deal = check_record(r)
    totals = deal.totals()
    keys = list(doc["total"])
    assert totals.parties == tuple(keys)
    assert totals.total == tuple(doc["total"][k] for k in keys)
    assert totals.after_tricks == tuple(tuple(t["totals"][k] for k in keys) for t in doc["line"])
    assert totals.before == tuple(doc["before_play"][k] for k in keys)
    assert totals.tricks_won == tuple(doc["tricks_won"][k] for k in keys)
    if game == "normand":  # the dealer's exchange comes through: his discards, the talon he took
        assert [str(c) for c in deal.discards_of("dealer")] == ["9C", "8S"]
        assert sorted(str(c) for c in r.talon) == ["JD", "KC"]
        assert deal.dealt_hand("elder") == deal.final_hand("elder")


def test_heard_is_what_the_others_announced() -> None:
    """Every seat hears every other's announcement (the model's words where the record gives none)."""
    final = [h.split() for h in NORMAND_HANDS]
    r = record_from_data({"rules": "normand", "final": dict(zip(("elder", "middle", "dealer"), final, strict=True)),
                          "announced": {"middle": "nothing"}})
    deal = check_record(r)
    model = deal.announced("dealer")
    assert model == "point 3 29 in spades, tierce to the jack in spades, three jacks without the club"
    assert deal.heard_from("elder") == (("middle", "nothing"), ("dealer", model))
    assert deal.heard_from("dealer") == (("elder", "nothing"), ("middle", "nothing"))
    assert deal.heard(0) == f"middle: nothing; dealer: {model}"


# --- bad records of three and four -------------------------------------------------------------------------------


def _normand(**parts) -> dict:
    base = {"rules": "normand", "dealt": {"dealer": NORMAND_DEALT.split()},
            "final": dict(zip(("elder", "middle", "dealer"), (h.split() for h in NORMAND_HANDS), strict=True)),
            "tricks": [t.split() for t in NORMAND_TRICKS.split(", ")]}
    base.update(parts)
    return {k: v for k, v in base.items() if v is not None}


def _four(**parts) -> dict:
    base = {"rules": "four",
            "final": dict(zip(("elder", "second", "third", "dealer"), (h.split() for h in FOUR_HANDS), strict=True)),
            "tricks": [["AD", "7D", "9D", "KD"]]}
    base.update(parts)
    return {k: v for k, v in base.items() if v is not None}


E, M, D = (h.split() for h in NORMAND_HANDS)
BAD = [
    (_normand(final={"elder": E[:8], "middle": M, "dealer": D}),
     "final.elder: a hand has 10 cards under normand, not 8"),
    (_normand(final={"elder": E, "middle": M[:-1] + ["AS"], "dealer": D}), "final.middle: AS is also in final.elder"),
    (_normand(tricks=[["AS", "KS", "9S"], ["KH", "7C", "TH"]]), "tricks: trick 2: middle must follow suit to KH, "
                                                                  "not play 7C"),
    (_normand(tricks=[["AS", "KS", "9S"], ["AH", "8H", "TH"]]), "tricks: trick 2: it is elder's turn, and AH is not in "
                                                                  "elder's hand"),
    (_normand(tricks=[["AS", "KS", "9S", "7H"]]), "tricks: trick 1: 3 cards under normand, from the leader's, not 4"),
    (_normand(tricks=[["AS", "KS"], ["KH", "AH", "TH"]]), "only the last may be incomplete"),
    (_normand(discards={"elder": ["JC"]}), "discards.elder: elder may not exchange under normand, not 1"),
    (_normand(discards={"elder": ["9C"]}, final=None, tricks=None, dealt={"elder": E}),
     "discards.elder: elder may not exchange under normand, not 1"),
    (_normand(discards={"dealer": ["9C"]}, dealt=None), "discards.dealer: dealer may exchange 0, 2 cards under "
                                                        "normand, not 1"),
    (_normand(talon=["KC", "JD", "7H"]), "talon: 2 cards under normand, not 3"),
    (_normand(talon=["KC", "AS"]), "talon: AS is also in dealt.elder"),
    (_normand(talon=["KC", "8S"]), "talon: 8S is also in dealt.dealer"),
    (_normand(final={"elder": E, "dealer": [c if c != "JD" else "7H" for c in D]}, talon=["KC", "JD"],
              discards={"dealer": ["9C", "8S"]}, tricks=None),
     "does not fit the dealt hand, the discards and the talon"),
    (_normand(discards={"dealer": ["9C", "9D"]}), "discards.dealer: 9D is also in final.dealer"),
    (_normand(seen={"elder": ["KC"]}), "seen.elder: only a seat that may exchange sees the talon"),
    (_normand(heard={"elder": "point good"}), "heard: a record of 3 hands gives what each seat announced"),
    (_normand(announced={"middle": "point 5 40 in hearts"}), "announced.middle: a point of 5 (40), which middle's hand "
                                                              "does not make"),
    (_normand(announced={"middle": "quint to the ace in hearts"}), "announced.middle: quint to the ace, which middle "
                                                                    "does not hold"),
    (_normand(announced={"elder": "fourteen kings"}), "announced.elder: fourteen kings, which elder does not hold"),
    (_normand(announced={"elder": "carte blanche"}), "announced.elder: carte blanche, but elder's dealt hand holds a "
                                                     "court card"),
    (_normand(announced={"elder": "point good"}), "announced.elder: name the combinations elder announced"),
    (_normand(final={"elder": E, "second": M, "dealer": D}), "final: 'second' is a seat of another game: normand has "
                                                            "elder, middle, dealer"),
    (_four(final={"elder": FOUR_HANDS[0].split(), "third": ["AD", *FOUR_HANDS[2].split()[1:]]}),
     "final.third: AD is also in final.elder"),
    (_four(talon=["KC"]), "talon: four has no talon"),
    (_four(discards={"second": ["JC"]}), "discards.second: second may not exchange under four, not 1"),
    (_four(tricks=[["AD", "7D", "9D", "KH"]]), "tricks: trick 1: dealer must follow suit to AD, not play KH"),
    (_four(tricks=[["AD", "7D", "9D"]] * 2), "tricks: trick 1: 4 cards under four, from the leader's, not 3; "
                                             "only the last may be incomplete"),
    (_four(score={"elder": 3, "dealer": 4}), "score: four scores by side (elder+third, second+dealer), not by seat "
                                             "('dealer')"),
    (_four(score={"elder+third": 3}), "score: give every one, elder+third, second+dealer"),
    (_four(final={"elder": E, "middle": M}),
     "final: 'middle' is a seat of another game: four has elder, second, third, dealer"),
    ({"rules": "rubicon", "announced": {"elder": "nothing"}}, "announced: a two-handed record gives what each player "
                                                                "heard"),
]


@pytest.mark.parametrize(("doc", "message"), BAD)
def test_bad_table_records_one_line_naming_the_field(doc: dict, message: str, tmp_path: Path) -> None:
    with pytest.raises(RecordError) as e:
        check_record(record_from_data(doc))
    assert message in str(e.value)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["record", str(path)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and message in lines[0], result.output


@pytest.mark.parametrize(("game", "other", "message"), [
    ("four", "normand", "--rules normand: the record is of four, a game of four hands (elder, second, third, dealer), "
                        "not of three hands (elder, middle, dealer)"),
    ("normand", "rubicon", "--rules rubicon: the record is of normand, a game of three hands"),
    ("rubicon", "four", "--rules four: the record is of rubicon, a game of two hands (elder, dealer)"),
])
def test_a_record_of_one_game_read_as_another(game: str, other: str, message: str, tmp_path: Path) -> None:
    doc = {"four": _four(), "normand": _normand(),
           "rubicon": {"rules": "rubicon", "final": {"elder": "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C".split()}}}[game]
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc))
    assert runner.invoke(app, ["record", str(path), "--rules", game]).exit_code == 0
    result = runner.invoke(app, ["record", str(path), "--rules", other])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and message in lines[0], result.output
    text = runner.invoke(app, ["record", str(path), "--to", "pqn"]).output
    (tmp_path / "deal.pqn").write_text(text)
    result = runner.invoke(app, ["record", str(tmp_path / "deal.pqn"), "--rules", other])
    assert result.exit_code == 2 and message in result.output


def test_the_totals_need_three_or_four_and_every_card_is_checked() -> None:
    """A record of two hands has no table totals (review scores them as announced); an incomplete play has no
    total yet, but its running totals; the play check is the game module's (play_cards)."""
    two = check_record(record_from_data({"rules": "rubicon"}))
    with pytest.raises(RecordError, match="three and four"):
        two.totals()
    deal = check_record(record_from_data(_four(tricks=[["AD", "7D", "9D", "KD"], ["TS", "AS"]])))
    t = deal.totals()
    assert t.total is None and len(t.after_tricks) == 1 and t.parties == ("elder+third", "second+dealer")
    assert len(play_cards(start_state(deal.final, FOUR), FOUR, deal.tricks)) == 7


def test_the_examples_of_docs_record_md_check() -> None:
    """docs/record.md's Normand text record and four JSON record read, check and round-trip; the Normand one is
    what record --from-play writes for NORMAND_HANDS's deal (test_totals_as_played_equal_play_json's)."""
    doc = (Path(__file__).parents[1] / "docs" / "record.md").read_text()
    start = doc.index('    [Rules "normand"]')
    pqn = "\n".join(line[4:] for line in doc[start:doc.index("\n\n", start)].splitlines()) + "\n"
    r = read_pqn(pqn)
    assert write_pqn(r) == pqn
    deal = check_record(r)
    assert [str(c) for c in deal.discards_of("dealer")] == ["9C", "8S"] and deal.totals().total == (17, 5, 14)
    start = doc.index("    {", doc.index("A deal of four"))
    text = "\n".join(line[4:] for line in doc[start:doc.index("    }\n", start) + 5].splitlines())
    four = check_record(read_record(text))
    assert four.announced("dealer") == "point 4 38 in clubs" == check_record(
        DealRecord(rules="four", final=four.final)).announced("dealer")  # the model's words, as written
    assert four.record.score == (31, 14) and [t.winner for t in four.played()] == [0, 1, 1]


@pytest.mark.parametrize("game", ["normand", "four"])
def test_review_refuses_three_and_four_in_one_line(game: str, tmp_path: Path) -> None:
    """review grades two hands only (for now): a record of three or four is one line, exit 2, no traceback."""
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(_normand() if game == "normand" else _four()))
    result = runner.invoke(app, ["review", str(path), "-q"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line]
    assert len(lines) == 1 and f"the record is of {game}" in lines[0], result.output


def test_two_handed_tricks_name_who_played_each_card() -> None:
    """played() for two hands: each card in its seat's final hand, each trick won by the higher card of the suit
    led, the winner leading the next (game/play.py's play_trick agrees: it refuses a card out of turn)."""
    from tests.test_record import random_deal

    rng = random.Random("played-two")
    for name in ("rubicon", "encyclopedia"):
        for _ in range(30):
            d = random_deal(rng, get_rules(name))
            deal = check_record(DealRecord(rules=name, final=d["final"], tricks=d["tricks"]))
            leader = 0
            for t in deal.played():
                assert t.leader == leader and t.seats == (leader, 1 - leader)
                assert all(c in deal.final_hand(s) for c, s in zip(t.cards, t.seats, strict=True))
                lead, reply = t.cards
                leader = t.seats[1] if reply.suit == lead.suit and reply.rank > lead.rank else t.seats[0]
                assert t.winner == leader
