"""The deal record (record/record.py, record/record_check.py, `piquet-calc record`): JSON -> tag-pair text -> JSON
identical on 1,000 seeded random records of every two-handed preset; the checks, each one line naming the field
(exit 2); records made from play --json and declare --dialogue --json."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from piquet_calc.cards import DECK, mask_of, parse_cards
from piquet_calc.cli import app
from piquet_calc.game.declarations import is_carte_blanche
from piquet_calc.game.exchange import choose_exchange
from piquet_calc.game.play import legal_cards, play_trick, start
from piquet_calc.record.record import (
    DealRecord,
    RecordError,
    read_pqn,
    read_record,
    record_data,
    record_from_data,
    write_json,
    write_pqn,
)
from piquet_calc.record.record_check import check_record
from piquet_calc.rules import TWO_HANDED_PRESETS
from piquet_calc.seat.dialogue import dialogue
from piquet_calc.seat.heard import heard_text

runner = CliRunner()

ELDER_004 = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C"
DEALER_004 = "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
PLAY_004 = "AH TC, KH JC, QH 8D, TH 8S, 8H 9S, 7H TS, AD QD, 7D KD, KS 7S, QS AS, 7C AC, JS KC"


def random_deal(rng: random.Random, rules, policy: bool = False) -> dict:
    """A whole deal dealt and exchanged at random (legal counts, random discards; ``policy``: both exchange by
    game/exchange.py's policy, as benchmarks/seen.py deals), played at random."""
    cards = list(DECK)
    rng.shuffle(cards)
    e_dealt, d_dealt, talon = cards[:12], cards[12:24], cards[24:]
    if policy:
        ex = choose_exchange(mask_of(e_dealt), "elder", rules)
        k, e_disc = ex.count, list(ex.cards)
        ex = choose_exchange(mask_of(d_dealt), "dealer", rules, elder_took=k,
                             elder_blanche=is_carte_blanche(e_dealt, rules))
        m, d_disc = ex.count, list(ex.cards)
    else:
        k = rng.choice(rules.elder_discards)
        m = rng.choice(rules.dealer_discards(k))
        e_disc, d_disc = rng.sample(e_dealt, k), rng.sample(d_dealt, m)
    first = 5 if k == 0 else k
    elder = [c for c in e_dealt if c not in e_disc] + talon[:k]
    dealer = [c for c in d_dealt if c not in d_disc] + talon[first:first + m]
    s = start(elder, dealer, rules, 0, 0, False)
    tricks = []
    for _ in range(rng.randint(0, 12)):
        lead = rng.choice(legal_cards(s.hands[s.leader], None))
        reply = rng.choice(legal_cards(s.hands[1 - s.leader], lead))
        tricks.append((lead, reply))
        s = play_trick(s, lead, reply, rules)
    return dict(dealt=(tuple(e_dealt), tuple(d_dealt)), talon=tuple(talon), discards=(tuple(e_disc), tuple(d_disc)),
                final=(tuple(elder), tuple(dealer)), tricks=tuple(tricks), k=k, m=m)


def random_record(rng: random.Random, name: str, heard: bool = False) -> DealRecord:
    """A random record of a random deal: each part present or not, each seat of a part present or not."""
    rules = TWO_HANDED_PRESETS[name]
    d = random_deal(rng, rules)

    def some(pair):
        pick = rng.randrange(4)
        return None if pick == 0 else (pair[0], None) if pick == 1 else (None, pair[1]) if pick == 2 else pair

    said = None
    if heard and rng.random() < 0.5:
        dia = dialogue(d["final"][0], d["final"][1], rules)
        said = some((heard_text(dia, "elder"), heard_text(dia, "dealer")))
    first = 5 if d["k"] == 0 else d["k"]
    left = d["talon"][first + d["m"]:]
    return DealRecord(
        rules=name, dealt=some(d["dealt"]), talon=d["talon"] if rng.random() < 0.5 else None,
        discards=some(d["discards"]), seen=some((d["talon"][d["k"]:5], left)) if rng.random() < 0.3 else None,
        final=some(d["final"]), heard=said, tricks=d["tricks"] if rng.random() < 0.8 else None,
        score=(rng.randint(0, 200), rng.randint(0, 200)) if rng.random() < 0.3 else None,
        deal=rng.randint(1, 8) if rng.random() < 0.3 else None,
        comment=rng.choice(['a "quoted" word', "back\\slash", "plain"]) if rng.random() < 0.2 else None)


@pytest.mark.parametrize("name", list(TWO_HANDED_PRESETS))
def test_round_trip_json_pqn_json_1000_records(name: str) -> None:
    """JSON -> text -> JSON identical, and the record itself, on 1,000 seeded random records of each preset."""
    rng = random.Random(f"record-{name}")
    for _ in range(1000):
        r = random_record(rng, name, heard=rng.random() < 0.1)
        text = write_json(r)
        back = read_pqn(write_pqn(read_record(text)))
        assert back == r
        assert write_json(back) == text


@pytest.mark.parametrize("name", list(TWO_HANDED_PRESETS))
def test_random_whole_records_pass_the_checks(name: str) -> None:
    """Random whole deals (every part, the model's heard text) are accepted, and the final hands derived from the
    dealt hands, the talon and the discards are the ones dealt."""
    rng = random.Random(f"check-{name}")
    rules = TWO_HANDED_PRESETS[name]
    for _ in range(40):
        d = random_deal(rng, rules)
        dia = dialogue(d["final"][0], d["final"][1], rules)
        r = DealRecord(rules=name, dealt=d["dealt"], talon=d["talon"], discards=d["discards"],
                       heard=(heard_text(dia, "elder"), heard_text(dia, "dealer")), tricks=d["tricks"])
        deal = check_record(r)
        assert deal.final is not None
        assert [set(h) for h in deal.final] == [set(h) for h in d["final"]]
        assert deal.took == (d["k"], d["m"])


def _doc(**parts) -> dict:
    base = {"rules": "encyclopedia", "final": {"elder": ELDER_004.split(), "dealer": DEALER_004.split()},
            "tricks": [t.split() for t in PLAY_004.split(", ")]}
    base.update(parts)
    return {k: v for k, v in base.items() if v is not None}


BAD = [
    (_doc(rules="normand"), "tricks: trick 1: 3 cards under normand, from the leader's, not 2"),  # two read as three
    (_doc(rules="whist"), "rules:"),
    (_doc(final={"elder": ELDER_004.split()[:11], "dealer": DEALER_004.split()}), "final.elder: a hand has 12 cards"),
    (_doc(final={"elder": ELDER_004.split(), "dealer": DEALER_004.replace("TC", "AS").split()}),
     "final.dealer: AS is also in final.elder"),
    (_doc(final={"elder": ELDER_004.split() + ["AS"], "dealer": DEALER_004.split()}), "duplicate card AS"),
    (_doc(tricks=[["AS", "KD"]]), "tricks: trick 1: dealer must follow suit"),
    (_doc(tricks=[["KS", "AH"]]), "tricks: trick 1: elder leads"),
    (_doc(tricks=[["AH"]]), "tricks: trick 1: two cards"),
    (_doc(discards={"elder": ["AS"]}), "discards.elder: AS is also in final.elder"),
    (_doc(final=None, tricks=None, dealt={"elder": "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C".split()},
          discards={"elder": ["7S"]}), "discards.elder: 7S is not in elder's dealt hand"),
    (_doc(final=None, tricks=None, dealt={"elder": "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C".split()},
          discards={"elder": "AS AH KH QH TH 8H".split()}), "discards.elder: elder may exchange 1 to 5"),
    (_doc(final=None, tricks=None, dealt={"elder": "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C".split()},
          talon="7S 7D KC 7C 8D KS QS AS".split()), "talon: AS is also in dealt.elder"),
    (_doc(final=None, tricks=None, talon="7S 7D KC 7C 8D".split()), "talon: 8 cards, not 5"),
    (_doc(heard={"dealer": "point 6 56, tierce to the ace, fourteen sevens, three nines without the spade"}),
     "heard.dealer: the elder announced a combination with 9H, which he does not hold"),
    (_doc(heard={"dealer": "point 6 58 in hearts, tierce to the ace, fourteen sevens"}),
     "heard.dealer: the elder announced a point of 6 (58) in hearts, more than he holds"),
    (_doc(heard={"dealer": "point 6 56, tierce to the king, fourteen sevens"}),
     "heard.dealer: elder announced a sequence he does not hold"),
    (_doc(heard={"elder": "point how much? not good, sequence not good, sets not good, point 6 57 in spades, "
                          "sixième to the king in spades, fourteen nines"}),
     "heard.elder: the dealer announced a combination with 9H, which he does not hold"),
    (_doc(heard={"elder": "point banana"}), "heard.elder:"),
    (_doc(final=None), "tricks: the final hands are not known"),
    ({"rules": "rubicon", "colour": "red"}, "unknown key 'colour'"),
    ({"final": {}}, "rules: missing"),
]


@pytest.mark.parametrize(("doc", "message"), BAD)
def test_bad_records_one_line_naming_the_field(doc: dict, message: str, tmp_path) -> None:
    with pytest.raises(RecordError) as e:
        check_record(record_from_data(doc))
    assert message in str(e.value)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(doc))
    for command in (["record", str(path)], ["review", str(path), "-q"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, result.output
        lines = [line for line in result.output.splitlines() if line]
        assert len(lines) == 1 and message in lines[0], result.output


def test_sinking_is_no_impossible_claim() -> None:
    """Elder may announce less than he holds (002, 000): a quart from his quint, a trio from a quatorze."""
    doc = _doc(heard={"dealer": "point 5, tierce to the ace, three sevens without the club"})
    check_record(record_from_data(doc))


def test_bad_pqn_names_the_line() -> None:
    for text, message in (('[Rules "rubicon"]\n[Colour "red"]\n', "line 2: unknown tag 'Colour'"),
                          ('[Rules "rubicon"]\nnonsense\n', "line 2: expected a tag pair"),
                          ('[Rules "rubicon"]\n[Rules "russian"]\n', "line 2: tag Rules given twice"),
                          ('[Talon "AS"]\n', "Rules tag is missing"),
                          ('[Rules "rubicon"]\n[Play "AH"]\n', "Play (line 2): trick 1: two cards")):
        with pytest.raises(RecordError, match=message.replace("(", r"\(").replace(")", r"\)")):
            read_pqn(text)


def test_the_derived_parts_of_a_whole_record() -> None:
    """004's dealt hands and discards (RULES.md, worked examples): the final hands follow, and the talon's order
    gives who took what and what each saw: elder took the top 4, the dealer the next 2, two were left."""
    talon = "7S 7D KC 7C KS 8D JD QC".split()  # elder took 7S 7D KC 7C, the dealer KS 8D; JD QC left
    doc = _whole_004(talon)
    doc["dealt"]["dealer"][-1] = "7H"
    with pytest.raises(RecordError, match="dealt.dealer: 7H is also in dealt.elder"):
        check_record(record_from_data(doc))
    doc = _whole_004(talon)
    doc["final"] = {"elder": ELDER_004.replace("KC", "QC").split()}
    with pytest.raises(RecordError, match="final.elder: QC does not fit"):
        check_record(record_from_data(doc))
    doc = _whole_004(talon)
    doc["seen"] = {"elder": ["JD"]}
    with pytest.raises(RecordError, match="seen.elder: JD is not a talon card elder could see"):
        check_record(record_from_data(doc))
    deal = check_record(record_from_data(_whole_004(talon)))
    assert deal.final is not None
    assert set(deal.final[0]) == set(parse_cards(ELDER_004)) and set(deal.final[1]) == set(parse_cards(DEALER_004))
    assert deal.took == (4, 2)
    assert deal.seen == (tuple(parse_cards("KS")), tuple(parse_cards("JD QC")))


def _whole_004(talon: list[str]) -> dict:
    return {"rules": "encyclopedia",
            "dealt": {"elder": "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C".split(),
                      "dealer": "QS JS TS 9S 8S JH 9H KD QD AC JC TC".split()},
            "talon": list(talon), "discards": {"elder": "9C 8C 9D TD".split(), "dealer": "JH 9H".split()}}


def test_record_command_round_trip_and_from_play(tmp_path) -> None:
    said = "point 6 56, tierce to the ace, fourteen sevens, three aces without the club"
    doc = _doc(score={"elder": 40, "dealer": 12}, deal=3, heard={"dealer": said})
    path = tmp_path / "deal.json"
    path.write_text(write_json(record_from_data(doc)))
    to_text = runner.invoke(app, ["record", str(path)])
    assert to_text.exit_code == 0, to_text.output
    assert to_text.output.startswith('[Rules "encyclopedia"]\n[Score "40 12"]\n[DealNumber "3"]\n')
    assert '[Play "AH TC, KH JC, QH 8D' in to_text.output
    pqn = tmp_path / "deal.pqn"
    pqn.write_text(to_text.output)
    back = runner.invoke(app, ["record", str(pqn), "--to", "json"])
    assert back.exit_code == 0, back.output
    assert back.output == path.read_text() + "\n"
    played = runner.invoke(app, ["play", ELDER_004, DEALER_004, "--rules", "encyclopedia", "--tricks",
                                 "AH TC, KH JC", "--json"])
    (tmp_path / "play.json").write_text(played.output)
    rec = runner.invoke(app, ["record", str(tmp_path / "play.json"), "--from-play"])
    assert rec.exit_code == 0, rec.output
    data = json.loads(rec.output)
    assert data["final"] == {"elder": ELDER_004.split(), "dealer": DEALER_004.split()}
    assert data["tricks"][:2] == [["AH", "TC"], ["KH", "JC"]] and len(data["tricks"]) == 12
    said = runner.invoke(app, ["declare", "--dialogue", ELDER_004, DEALER_004, "--rules", "encyclopedia", "--json"])
    (tmp_path / "said.json").write_text(said.output)
    rec = runner.invoke(app, ["record", str(tmp_path / "said.json"), "--from-play", "--to", "pqn"])
    assert rec.exit_code == 0, rec.output
    assert "[ElderFinal " in rec.output and "[Play" not in rec.output
    assert runner.invoke(app, ["record", str(path), "--from-play"]).exit_code == 2
    assert runner.invoke(app, ["record", str(tmp_path / "nothing.json")]).exit_code == 2


def test_record_data_is_the_schema_s() -> None:
    from piquet_calc.schemas import validator

    rng = random.Random("schema")
    v = validator("deal")
    for name in TWO_HANDED_PRESETS:
        for _ in range(20):
            assert not list(v.iter_errors(record_data(random_record(rng, name, heard=True))))
