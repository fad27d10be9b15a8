"""Write docs/json.md from the JSON Schemas in piquet_calc/schemas, so that the two cannot drift.

    python scripts/json_docs.py          # rewrite docs/json.md
    python scripts/json_docs.py --check  # exit 1 if docs/json.md differs from a fresh generation

Each output gets a section: its title and description, then one row per key (nested keys by their path,
``[]`` for a list's items, ``<name>`` for an object's keys), with its type, whether it is always there,
and what it means. tests/test_docs.py runs the check.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from piquet_calc import schemas  # noqa: E402

OUT = ROOT / "docs" / "json.md"
NAMED = {"card": "card", "cards": "list of cards", "probability": "number, 0 to 1", "rank": "integer, 1 up",
         "estimate": "{mean, se}", "counts": "object of integers"}  # shared shapes by the name a reader knows
DEPTH = 6  # nested keys shown at most this deep

INTRO = """# JSON output

Every command prints JSON with `--json`: one object on stdout, UTF-8 (ASCII with `\\u` escapes where
stdout cannot show the text), never `NaN` or `Infinity` (a number that cannot be one is `null`).

Every output starts with two keys:

| key | type | meaning |
|---|---|---|
| `schema_version` | integer | its schema's version: it changes when a key is renamed or removed or changes meaning |
| `schema` | string | its JSON Schema's file (draft 2020-12) in `piquet_calc/schemas/`, e.g. `discard.schema.json` |

The schemas are installed with the package. To check an output in Python (with `jsonschema` >= 4.18):

    from piquet_calc.schemas import validator
    validator("discard").validate(data)      # the name is the schema file's, without .schema.json

One name for one thing: a ranked list of choices (discards, exchanges, the cards to play) is `choices`, best first, each
with its `rank` (1 for the best), and `choices_total` says how many there were before `--top`; `me` is
the hand analysed and `opp` the opponent; `discards` is the cards a player put out. Every chance is
a number from 0 to 1; where `counts` is given, every chance and mean is `counts[x] / counts["deals"]`.

This file is generated from the schemas by `python scripts/json_docs.py`; tests/test_docs.py checks it.
"""

# every key renamed (or its value changed) since the first versions: (key's path, was, now, schema, its version
# from then on)
CHANGES = (
    ("seat", "position", "seat", "discard", 2),
    ("seat", "position", "seat", "discard-play", 2),
    ("partie.score.seat", "position", "seat", "discard-play", 2),
    ("seat", "position", "seat", "discard-why", 2),
    ("partie.score.seat", "position", "seat", "discard-why", 2),
    ("seat", "position", "seat", "declare", 2),
    ("choices", "options", "choices", "discard-normand-play", 2),
    ("choices[].discard", "exchange", "discard", "discard-normand-play", 2),
    ("why.discard", "exchange", "discard", "discard-normand-play", 2),
    ("choices[].discard", "null", "[]", "discard-normand", 2),
    ("discard, against", "null", "[]", "discard-why", 3),
    ("(an answer on stdin) \"\"", "the empty discard, or in full", "asks again (none, full)", "practice-event", 2),
    ("event graded, hint: model", "(none)", "the judge: whole, declarations, seat", "practice-event", 2),
    ("event graded: cost", "the exact declarations' (the exchange)", "its model's, with se, samples, seed",
     "practice-event", 2),
    ("exchange[].rank, of, cost, best, net, best_net, words", "the exact declarations'", "its model's (whole "
     "by default)", "review", 3),
    ("partie.choices[].bootstrap_se", "table_se", "bootstrap_se", "discard-play", 3),
    ("summary.lost_by_stage", "summary.losses", "summary.lost_by_stage", "review", 4),
    ("summary.lost_by_stage.<key>.card", "play", "card", "review", 4),
    ("summary.lost_by_stage.<key>.card_dd", "play_dd", "card_dd", "review", 4),
    ("summary.lost_by_stage.<key>.announce", "(none)", "what his sinking gave up", "review", 4),
    ("event deal: lost_by_stage", "lost", "lost_by_stage", "practice-event", 3),
    ("lost_by_stage", "by_stage[].points_lost", "lost_by_stage", "practice-stats", 2),
)
CHANGES_TEXT = """## Changes

Keys renamed, so that one thing has one name in every output (each schema's `schema_version` went up with
it): the player's seat is `seat` in every game (it was `position` for two players), and the Normand dealer's
options judged by the whole deal are `choices`, each with its `discard`, as in every other discard output
(the two cards put out, `[]` for keeping the hand, where it was `"keep"`; so is `why.against`). The exact
Normand exchange and `--why` keep the names but say keeping the hand as every discard output does: `[]`, where it
was `null`. practice's line protocol changed what an answer means: an empty line asks again, where it was the
dealer's empty discard or the announcements in full (now `none` and `full`).

Issue 48, the whole deal as the judge of the exchange: every grade says which judge made it, `model` (`whole`:
on the whole deal, sampled, as `discard --play --why ANSWER --seed S --samples N`; `declarations`: exactly, as
`discard --why`; `seat`: the announcements and the cards), and a sampled grade its `se`, `samples` and `seed`.
practice's `graded` and `hint` events carry them (`graded` also `mistake`, the deal's end `mistakes` and
`mistake_rule`), review's `exchange` entries carry `model`, `se` and `mistake`, and their rank, cost, best, nets
and words are the model's (the whole deal's by default, where they were the exact declarations'). The practice
history's rows carry the same (`model`, `se`, `samples`, `seed`: the history's schema version 5, a migration).

Issue 50, one meaning for each name: `discard --play --score`'s `table_se` is `bootstrap_se`, the shipped partie
values' own standard error (their bootstrap) near the score; "table" is the players' table of three or four.

Issue 50, one name for one thing: the points a player lost by stage are `lost_by_stage` in every output that gives
them, the same object summed by one function (history/stats.py): `{exchange, announce, card}` in practice's
`deal` event (it was `lost`), in review's summary for each player (it was `losses`, with `play` and `play_dd`;
now `card` and `card_dd`, and the announcements' `announce`, what his sinking gave up, as practice grades it), and
in `practice --stats` (it was each `by_stage` entry's `points_lost`). The history's schema version 6 keeps each
decision served again by `--mistakes` as a row naming the decision it serves (`serves`), never due itself.
"""


def _changes() -> str:
    rows = ["| key | was | now | schema | version |", "|---|---|---|---|---|"]
    rows += [f"| `{k}` | `{old}` | `{new}` | `{name}` | {v} |" for k, old, new, name, v in CHANGES]
    return CHANGES_TEXT + "\n" + "\n".join(rows) + "\n"


def _absolute(node: Any, file: str) -> Any:
    """``node`` with every reference within its file (``#/$defs/x``) named with the file."""
    if isinstance(node, dict):
        return {k: (file + v if k == "$ref" and v.startswith("#") else _absolute(v, file)) for k, v in node.items()}
    if isinstance(node, list):
        return [_absolute(v, file) for v in node]
    return node


def _load() -> dict[str, dict[str, Any]]:
    files = (schemas.schema_file(n) for n in (*schemas.SCHEMAS, schemas.COMMON))
    return {f: _absolute(schemas.schema_for(f.removesuffix(".schema.json")), f) for f in files}


class Reader:
    """Resolves ``$ref`` and ``allOf`` across the schema files into plain nodes."""

    def __init__(self, files: dict[str, dict[str, Any]]) -> None:
        self.files = files

    def resolve(self, node: dict[str, Any], file: str) -> tuple[dict[str, Any], str, str | None]:
        """The node with its reference followed (its own keys win) and its allOf merged; the file it is
        in; the shared definition's name, if it is one."""
        name = None
        while "$ref" in node:
            target, _, pointer = node["$ref"].partition("#")
            file = target or file
            found: Any = self.files[file]
            for part in pointer.strip("/").split("/"):
                found = found[part]
            name = pointer.rsplit("/", 1)[-1]
            node = {**found, **{k: v for k, v in node.items() if k != "$ref"}}
        for part in node.get("allOf", []):
            sub, _, _ = self.resolve(part, file)
            own = node.get("properties", {})
            inherited = {k: v for k, v in sub.get("properties", {}).items() if k not in own}
            node = {**node, "properties": {**own, **inherited},
                    "required": [*node.get("required", []), *sub.get("required", [])]}
        return node, file, name

    def type_words(self, node: dict[str, Any], file: str) -> str:
        node, file, name = self.resolve(node, file)
        if name in NAMED:
            return NAMED[name]
        if "const" in node:
            return f"`{json.dumps(node['const'])}`"
        if "enum" in node:
            return " or ".join(f"`{json.dumps(v)}`" for v in node["enum"])
        if "oneOf" in node:
            return " or ".join(self.type_words(n, file) for n in node["oneOf"])
        kind = node.get("type")
        if isinstance(kind, list):
            return " or ".join(kind)
        if kind == "array" and "items" in node:
            return "list of " + _plural(self.type_words(node["items"], file))
        if kind == "object" and "properties" not in node and isinstance(node.get("additionalProperties"), dict):
            return "object of " + _plural(self.type_words(node["additionalProperties"], file))
        return kind or "any"

    def rows(self, node: dict[str, Any], file: str, path: str, depth: int = 0) -> list[list[str]]:
        """One row per key under ``node`` (an object's properties, a list's items, a map's values)."""
        node, file, _ = self.resolve(node, file)
        if depth >= DEPTH:
            return []
        if "oneOf" in node:  # null or an object: the object's keys
            objects = [n for n in node["oneOf"] if self.resolve(n, file)[0].get("type") != "null"]
            return self.rows(objects[0], file, path, depth) if len(objects) == 1 else []
        if node.get("type") == "array" and "items" in node:
            return self.rows(node["items"], file, path + "[]", depth + 1)
        out = []
        required = set(node.get("required", []))
        for key, sub in node.get("properties", {}).items():
            here = f"{path}.{key}" if path else key
            resolved, _, shared = self.resolve(sub, file)
            # a shared shape's own description is said once, by its type's words, unless the key says more
            words = sub.get("description") or ("" if shared in NAMED else resolved.get("description", ""))
            out.append([f"`{here}`", self.type_words(sub, file), "yes" if key in required else "no",
                        " ".join(words.split())])
            out += self.rows(sub, file, here, depth + 1)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and "properties" not in node:
            name = {"rules": "name", "hands": "seat"}.get(path.rsplit(".", 1)[-1], "key")
            out += self.rows(extra, file, f"{path}.<{name}>", depth + 1)
        return out


def _plural(words: str) -> str:
    return words + "s" if words in ("object", "integer", "number", "string", "boolean", "card") else words


def _table(rows: list[list[str]]) -> str:
    lines = ["| key | type | always | meaning |", "|---|---|---|---|"]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def generate() -> str:
    files = _load()
    reader = Reader(files)
    parts = [INTRO, _changes()]
    for name in schemas.SCHEMAS:
        file = schemas.schema_file(name)
        schema = files[file]
        rows = [r for r in reader.rows(schema, file, "") if r[0] not in ("`schema_version`", "`schema`")]
        parts.append(f"## `{name}`: {schema['title']}\n\n{schema['description']}\n\n"
                     f"Schema: `piquet_calc/schemas/{file}`, version {schemas.SCHEMAS[name]}.\n\n{_table(rows)}\n")
    return "\n".join(parts)


if __name__ == "__main__":
    from generated_docs import write_or_check  # scripts/ is sys.path[0] when run as a script

    sys.exit(write_or_check(OUT, ROOT, generate, "schemas", "json_docs.py", __doc__))
