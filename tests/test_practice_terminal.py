"""practice on a real terminal (issues 45, 49): a pseudo-terminal (pexpect) plays a deal by typing: a typo, an
empty line (asked again), `none` for the dealer's empty discard; the score line after the announcements equals
`score`'s for the two final hands; `undo` after a card gives back the hand and the trick; the forced ending (the
player's sure winners, then his one legal card) is played without asking."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
       "PYTHONIOENCODING": "utf-8"}
PROMPT = "\r\n> "


FAST = ("--model", "declarations", "--engine", "declarations")  # the exact judges: the terminal is tested here


def spawn(tmp_path: Path, *args: str):
    return pexpect.spawn(sys.executable, ["-m", "piquet_calc", "practice", "-q", *FAST, *args, "--db",
                                          str(tmp_path / "h.db"),
                                          "--folder", str(tmp_path)], cwd=str(ROOT), env=ENV, encoding="utf-8",
                         timeout=240, dimensions=(40, 200))


def score_words(data: dict, seat: str) -> str:
    """What the score line should say of ``seat`` from ``score --json``: its total and its classes with points
    (pique left out: before the play `score` estimates it from elder's pique run, the play decides it)."""
    parts = [f"{c['class'].replace('_', ' ')} {c[seat]}" for c in data["classes"] if c["class"] != "pique" and c[seat]]
    total = sum(c[seat] for c in data["classes"] if c["class"] != "pique")
    return f"{total}" + (f" ({', '.join(parts)})" if parts else "")


def test_a_deal_typed_on_a_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path, "--deals", "1", "--seed", "5", "--seat", "dealer")
    child.expect(r"discard (\d)-(\d) cards.*none for no card")
    child.expect(PROMPT)
    child.sendline("7X")  # a typo: one line, the question again
    child.expect(r"unknown card.*try again")
    child.expect(PROMPT)
    child.sendline("")  # a stray Enter: asked again, nothing graded
    i = child.expect([PROMPT, "your discard"])
    assert i == 0 and "try again" not in (child.before or "")
    child.sendline("none")  # the dealer takes nothing
    child.expect(r"your discard")
    child.expect("full announces in full")
    child.expect(PROMPT)
    child.sendline("")
    child.expect(PROMPT)  # asked again: an empty line does not announce
    child.sendline("full")
    child.expect("your announcements in full")
    child.expect(r"score after the announcements: you \(dealer\) ([^;\r\n]+); the engine \(elder\) ([^;\r\n]+)")
    said = {"dealer": child.match.group(1), "elder": child.match.group(2)}
    cards, forced, winners, taken_back, asked_after_winners = 0, [], [], None, False
    while True:
        i = child.expect([r"(?:trick (\d+): (\S+) led to you; |trick (\d+): your lead; )legal: ([^;\r\n]+); hint",
                          r"you play (\S+) \(([^)]+)\)", r"deal 1: elder \d+, dealer \d+"])
        if i == 2:
            break
        if i == 1:
            forced.append(child.match.group(2))
            winners += [child.match.group(1)] if child.match.group(2) == "your sure winners" else []
            continue
        asked_after_winners |= "your sure winners" in forced
        question = child.match.group(0)
        hand = (child.before or "").splitlines()[-1]
        if taken_back is not None and taken_back[0] is not None:  # the question after the undo
            assert (question, hand) == taken_back[1:]  # the trick and the hand as they were
            taken_back = (None, *taken_back[1:])
        legal = child.match.group(4).split()
        child.expect(PROMPT)
        child.sendline(legal[0])
        child.expect(r"your card (\S+)( cost [\d.]+ points)?")
        cards += 1
        if taken_back is None and "led to you" in question:  # his first card following: taken back
            played = child.match.group(1)
            child.expect(PROMPT)
            child.sendline("undo")
            child.expect(r"taken back: your card (\S+)")
            assert child.match.group(1) == played
            taken_back = (played, question, hand)
    child.expect(r"record: (\S+\.pqn)")
    record = Path(child.match.group(1))
    assert record.exists()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert taken_back is not None and taken_back[0] is None  # taken back, and asked again as it was
    # seed 5, the dealer: his sure winners from trick 8, then his one card, played for him without asking
    assert forced[-5:] == ["your sure winners"] * 4 + ["the only legal card"]
    assert not asked_after_winners
    assert cards + len(forced) == 12 + 1  # one card taken back and played again

    from piquet_calc.cli.score import score_document
    from piquet_calc.record.record import read_record
    from piquet_calc.record.record_check import check_record

    deal = check_record(read_record(record.read_text()))
    from piquet_calc.cards import parse_cards
    from piquet_calc.game.play import follower_wins

    led = {lead: reply for lead, reply in deal.tricks}
    for card in winners:  # each a lead of his that the engine could not beat
        lead = parse_cards(card, 1)[0]
        assert lead in led and not follower_wins(lead, led[lead])
    data = score_document([" ".join(map(str, h)) for h in deal.final], elder_dealt=" ".join(map(str, deal.dealt[0])),
                          younger_dealt=" ".join(map(str, deal.dealt[1])))
    assert said == {"elder": score_words(data, "elder"), "dealer": score_words(data, "dealer")}, json.dumps(data)
