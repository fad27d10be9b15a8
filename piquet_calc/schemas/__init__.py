"""JSON Schemas (draft 2020-12) of every ``--json`` output: one ``<name>.schema.json`` per output.

``SCHEMAS`` is the one registry: each output's name and the version its schema describes. Every output
starts with ``header(name)``: ``{"schema_version": N, "schema": "<name>.schema.json"}``, and each schema
states the same two values as ``const`` (tests/test_schemas.py checks all three agree). Shapes shared
between outputs (cards, me/opp pairs, an estimate, the declarations of one deal) are in
``common.schema.json``, referred to as ``common.schema.json#/$defs/...``.

To add an output: write ``<name>.schema.json`` here, add ``"<name>": 1`` to ``SCHEMAS``, start its data
with ``**header("<name>")``, and give tests/test_schemas.py a real run of it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

SCHEMAS: dict[str, int] = {
    "discard": 2,  # discard, two players: the exact table (model "uniform") (2: position -> seat)
    "discard-play": 3,  # discard --play, two players: the whole deal, sampled (model "deal") (2: position -> seat;
    # 3: partie.choices[].table_se -> bootstrap_se)
    "discard-normand": 2,  # discard --rules normand --dealer: the dealer's exchange (2: keep is [], not null)
    "discard-normand-play": 2,  # discard --rules normand --dealer --play: the exchange by the whole deal
    # (2: options -> choices, exchange -> discard)
    "discard-why": 3,  # discard --why: a discard against #1 (or --against), split by source (2: position -> seat;
    # 3: Normand's keep is [], not null)
    "declare": 2,  # declare, two players (2: position -> seat)
    "declare-normand": 1,  # declare --rules normand --seat S
    "declare-four": 1,  # declare --rules four --seat S
    "declare-dialogue": 1,  # declare --dialogue ELDER DEALER: the announcements and what each seat knows
    "score": 1,  # score, two players
    "score-table": 1,  # score --rules normand / four (three or four players)
    "play": 1,  # play
    "play-four": 1,  # play --rules four: the play of four, card by card, every card of the seat to move valued
    "play-seat": 1,  # play --seat: every card the player may play, valued over the hands the other may hold
    "play-normand": 1,  # play ELDER MIDDLE DEALER --rules normand: the paranoid play, every card seen
    "play-seat-table": 1,  # play HAND --rules normand|four --seat S: every legal card over the layouts that fit
    "odds": 1,  # odds
    "rules": 1,  # rules [NAME]
    "partie": 1,  # partie: a partie's score sheet and its result
    "deal": 1,  # record --to json: the deal record (docs/record.md), also read by review
    "review": 4,  # review: every decision of a played deal graded (2: the declarations as announced, sinking scored;
    # 3: each exchange says its judge, model, its se and mistake; by default on the whole deal; 4: summary.losses ->
    # summary.lost_by_stage, each player's {exchange, announce, card} with card_dd (was play_dd), play -> card)
    "practice-event": 3,  # practice's line protocol: one event a line (ask, graded, engine, hint, error, forced,
    # undone, score, deal, none, settings) (2: an empty line asks again, no longer the empty discard or "in full";
    # graded and hint say their judge: model, and a sampled one's se, samples, seed; mistake, mistakes;
    # 3: deal's lost -> lost_by_stage)
    "batch": 1,  # batch: one output line, the envelope of a command's document or its error
    "practice-stats": 2,  # practice --stats: what the player loses, by stage, by week, deal by deal (history/)
    # (2: by_stage[].points_lost -> lost_by_stage, the stages' points lost as review and practice's deal give them)
}
COMMON = "common"  # shared definitions, not an output
BASE_URI = "https://piquet-calc.invalid/schemas/"  # the schemas' $id: a name, not a place to fetch them from


def schema_file(name: str) -> str:
    """The file name of output ``name``'s schema: ``discard`` -> ``discard.schema.json``."""
    if name not in SCHEMAS and name != COMMON:
        raise KeyError(f"no JSON schema named {name!r}: one of {', '.join(SCHEMAS)}")
    return f"{name}.schema.json"


def header(name: str) -> dict[str, Any]:
    """The first keys of output ``name``: its schema's version and file name."""
    return {"schema_version": SCHEMAS[name], "schema": schema_file(name)}


@cache
def _text(name: str) -> str:
    return resources.files(__package__).joinpath(schema_file(name)).read_text(encoding="utf-8")


def schema_for(name: str) -> dict[str, Any]:
    """Output ``name``'s schema as a dict (a fresh copy): ``schema_for("discard")``; ``"common"`` for the
    shared definitions."""
    return json.loads(_text(name))


def validator(name: str) -> Any:
    """A ``jsonschema.Draft202012Validator`` for output ``name``, its references to the other schemas
    resolved (needs the ``jsonschema`` package, >= 4.18: ``pip install piquet-calc[test]``)."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    registry = Registry().with_resources(
        (BASE_URI + schema_file(n), Resource.from_contents(schema_for(n))) for n in (*SCHEMAS, COMMON))
    return Draft202012Validator(schema_for(name), registry=registry)
