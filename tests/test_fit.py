"""Tables that fit the terminal (report/fit.py, cli/streams.terminal_width, --wide): cut on a terminal at
80, 120 and 200 columns, the least needed columns first, a footer naming them; piped, nothing changes."""

import io
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from piquet_calc.analysis import analyse_discards
from piquet_calc.analysis.deal import analyse_deal
from piquet_calc.cards import parse_cards, parse_hand
from piquet_calc.cli import app, streams
from piquet_calc.report import deal_table, table
from piquet_calc.report.fit import LEAST_NEEDED, fit_text
from piquet_calc.rules import RUBICON

BOOK = "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C"
ONE_CARD = RUBICON.with_exchange(elder=(1,))
runner = CliRunner()


@pytest.fixture(scope="module")
def deal():
    return analyse_deal(parse_hand(BOOK), "elder", ONE_CARD, samples=30, top=3, seed=8, also=[parse_cards("AS")])


@pytest.fixture(scope="module")
def exact():
    return analyse_discards(parse_hand(BOOK), "elder", ONE_CARD)


def _widest(text):
    return max(len(line) for line in text.splitlines())


@pytest.mark.parametrize("width", [80, 120, 200])
def test_every_line_fits_and_the_footer_names_what_was_left_out(deal, exact, width):
    for text in (deal_table(deal), table(exact, 10)):
        fitted = fit_text(text, width)
        assert _widest(fitted) <= width, width
        if _widest(text) <= width:
            assert fitted == text
        lines = text.splitlines()
        dashes = next(i for i, line in enumerate(lines) if line.startswith("---"))
        if len(lines[dashes]) > width:  # the table itself was too wide: a footer says what went
            assert "--wide shows them" in fitted.replace("\n", " ")
        else:
            assert "left out" not in fitted


def test_the_least_needed_go_first_and_the_first_two_never(deal):
    text = deal_table(deal)
    fitted = fit_text(text, 80)
    note = fitted[fitted.index("(left out"):].replace("\n", " ")
    assert "exact net (uniform)" in note and "repique % me/opp" in note  # the two a player reads last
    head = fitted.splitlines()[fitted.splitlines().index("") + 1]
    assert head.lstrip().startswith("#") and "discard" in head and "deal net" in head
    order = [n for n in LEAST_NEEDED if n in note]
    assert order[:2] == ["exact net (uniform)", "repique % me/opp"]
    assert fit_text(text, 120).count("left out") == 1 and "declarations" in fit_text(text, 120)


def test_the_cli_fits_a_terminal_and_leaves_a_pipe_and_wide_alone(monkeypatch, exact):
    monkeypatch.setattr("piquet_calc.analysis.analyse_discards", lambda *a, **k: exact)
    piped = runner.invoke(app, ["discard", BOOK, "--elder", "-q"])
    assert piped.exit_code == 0 and piped.stdout == table(exact, 10) + "\n"  # not a terminal: unchanged
    monkeypatch.setattr(streams, "terminal_width", lambda stream=None: 60)
    cut = runner.invoke(app, ["discard", BOOK, "--elder", "-q"])
    assert cut.exit_code == 0 and _widest(cut.stdout) <= 60 and "--wide shows them" in cut.stdout
    wide = runner.invoke(app, ["discard", BOOK, "--elder", "-q", "--wide"])
    assert wide.stdout == piped.stdout
    as_json = runner.invoke(app, ["discard", BOOK, "--elder", "-q", "--json"])
    assert as_json.stdout.startswith("{") and "left out" not in as_json.stdout


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_terminal_width_reads_a_terminal_only(monkeypatch):
    monkeypatch.setenv("COLUMNS", "93")
    assert streams.terminal_width(_Tty()) == 93
    assert streams.terminal_width(io.StringIO()) is None


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("width", [80, 120, 200])
def test_a_real_terminal_and_a_real_pipe(width):
    env = {**os.environ, "COLUMNS": str(width), "PYTHONPATH": os.getcwd()}
    cmd = [sys.executable, "-m", "piquet_calc", "rules"]
    master, slave = os.openpty()
    with subprocess.Popen(cmd, stdout=slave, stderr=subprocess.PIPE, env=env) as p:
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        p.wait()
    os.close(master)
    shown = b"".join(chunks).decode().replace("\r\n", "\n")
    piped = subprocess.run(cmd, capture_output=True, text=True, env=env).stdout
    assert _widest(shown) <= width
    assert _widest(piped) == 163  # the rules of every preset side by side: never cut in a pipe
    assert ("--wide shows them" in shown.replace("\n", " ")) == (width < 163)
