"""practice on a real terminal (issue 45): a pseudo-terminal (pexpect) plays a deal by typing, a typo included."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[1]


def test_a_deal_typed_on_a_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
           "PYTHONIOENCODING": "utf-8"}
    child = pexpect.spawn(sys.executable, ["-m", "piquet_calc", "practice", "-q", "--deals", "1", "--seed", "5",
                                           "--seat", "dealer", "--db", str(tmp_path / "h.db"), "--folder",
                                           str(tmp_path), "--model", "declarations", "--engine", "declarations"],
                          cwd=str(ROOT), env=env, encoding="utf-8", timeout=240,
                          dimensions=(40, 200))
    child.expect(r"discard (\d)-(\d) cards")
    child.expect("> ")
    child.sendline("7X")  # a typo: one line, the question again
    child.expect(r"unknown card.*try again")
    child.expect("> ")
    child.sendline("")  # the dealer may take nothing
    child.expect(r"your discard")
    child.expect("Enter announces in full")
    child.expect("> ")
    child.sendline("")
    child.expect("your announcements in full")
    cards = 0
    while True:
        i = child.expect([r"legal: ([^;\r\n]+); hint, quit", r"deal 1: elder \d+, dealer \d+"])
        if i == 1:
            break
        legal = child.match.group(1).split()
        child.expect("> ")
        child.sendline(legal[0])
        child.expect(r"your card \S+( cost [\d.]+ points)?")
        cards += 1
    child.expect(r"record: (\S+\.pqn)")
    assert Path(child.match.group(1)).exists()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert cards == 12
    assert re.search("♠|♥|♦|♣", child.before or "") or True  # symbols where the terminal shows them
