"""The golden documents (tests/golden_documents.py): today's --json document of every command and game equals its
pin in tests/data/golden/, written from main's code before issue 50 (REGRESSION PINS: the tool's own output, not a
reference; the references are the other tests). A refactor that changes a figure, a key or an order fails here.

Keys renamed on purpose are listed in RENAMED (old -> new), in one place: the pin is read with them renamed, so it
still records what the old code printed. The sampled runs (``--play``, ``play --seat``) are ``slow``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.golden_documents import RUNS, SLOW, document, pin_path

RENAMED: dict[str, str] = {"table_se": "bootstrap_se",  # discard-play 3 (issue 50 item 5)
                          "losses": "lost_by_stage", "play_dd": "card_dd"}  # review 4 (issue 50 item 3)
"""JSON keys renamed on purpose since the pins were written (old name -> new name); each also bumps its document's
schema_version, which the pin then differs in: list the document in BUMPED. (review 4: summary.losses ->
summary.lost_by_stage, its play_dd -> card_dd; the keys renamed in one place only are in RESHAPED.)"""

BUMPED: dict[str, int] = {"discard-play": 3, "discard-play-score": 3,  # table_se -> bootstrap_se
                         "review-004": 4, "review-004-dealer": 4, "review-004-play": 4}  # lost_by_stage
"""Documents whose schema_version was bumped on purpose since the pins: name -> today's version."""


def _review_4(doc: dict[str, Any]) -> None:
    """review 4 (issue 50, one sum of points lost by stage, history/stats.py's lost_by_stage): each player's row
    of summary.lost_by_stage says ``card`` where it said ``play`` (a key renamed there only: review's exchange has
    a ``play`` of its own), and gains ``announce``, what his sinking gave up, read from the pin's own
    announcements (``sinking``: the other's gain less his own, never negative: practice's grade of them)."""
    for seat, row in doc["summary"]["lost_by_stage"].items():
        row["card"] = row.pop("play")
        sank = [a["sinking"] for a in doc["announcements"] if a["seat"] == seat]
        row["announce"] = sum(max(0.0, float(s["other"] - s["own"])) for s in sank)


RESHAPED: dict[str, Any] = {"review-004": _review_4, "review-004-dealer": _review_4, "review-004-play": _review_4}
"""Documents whose shape changed on purpose since the pins beyond a global rename: name -> the change, made to
the pin as read (after RENAMED)."""


def _renamed(value: Any) -> Any:
    if isinstance(value, dict):
        return {RENAMED.get(k, k): _renamed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v) for v in value]
    return value


def _pinned(name: str) -> Any:
    pinned = _renamed(json.loads(pin_path(name).read_text(encoding="utf-8")))
    if name in BUMPED:
        pinned["schema_version"] = BUMPED[name]
    if name in RESHAPED:
        RESHAPED[name](pinned)
    return pinned


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow if n in SLOW else ()) for n in RUNS])
def test_the_document_equals_its_pin(name: str) -> None:
    assert document(name) == _pinned(name)


def test_every_run_has_its_pin_and_every_pin_a_run() -> None:
    pinned = {p.stem for p in pin_path("x").parent.glob("*.json")}
    assert pinned == set(RUNS)
    assert SLOW <= set(RUNS)


def test_the_pins_cover_every_command() -> None:
    """Every command of the app but warm and practice (warm prints no document; practice's are
    tests/test_practice.py's line protocol and tests/test_history.py's stats) has a golden document."""
    import typer

    from piquet_calc.cli import app

    commands = set(typer.main.get_command(app).commands)
    assert {argv[0] for argv in RUNS.values()} == commands - {"warm", "practice"}


def test_a_changed_figure_is_found() -> None:
    """The comparison itself: a pin differing in one number deep inside is not equal."""
    pinned = _pinned("odds-elder")
    pinned["rows"][0]["numerator"] += 1
    assert document("odds-elder") != pinned
