"""The deal record: one two-handed deal written down, as JSON (schema ``deal``) and as tag-pair text (``.pqn``,
shaped like bridge's PBN), both read and written here; docs/record.md describes both.

A record is data about a game, with no analysis in it. Every part but ``rules`` is optional, so that a record
can be whole up to a point: the final hands and the tricks only (as the books print a deal), or the dealt hands
and the talon with no play yet. ``record/record_check.py`` checks a record and works out what it implies (the
final hands from the dealt hands, the talon and the discards; what each player saw and took).

The JSON keys (the core ones fixed by issue 37, the rest this module's):

* ``rules``: a preset name (or a house-rules file);
* ``dealt``: ``{"elder": [12 cards], "dealer": [12 cards]}``, each seat optional;
* ``talon``: 8 cards, the top first (elder takes from the top, the dealer the next);
* ``discards``: ``{"elder": [...], "dealer": [...]}``;
* ``seen``: the talon cards each saw and did not take (elder: of his five he left; the dealer: what was
  left); absent: each looked at what the rules let him (docs/rules.md, Announcing, 5);
* ``final``: ``{"elder": [12], "dealer": [12]}``, the hands at the first lead (where the dealt hands are not
  known, or as a check of them);
* ``heard``: what each player heard in the announcements, in the ``--heard`` notation of seat/heard.py
  (``{"elder": "point good, ...", "dealer": "point 6 56, ..."}``); absent: the announcing model;
* ``tricks``: a list of tricks, each ``[leader's card, follower's card]``, in the order played;
* ``score``: the partie's score before the deal, ``{"elder": N, "dealer": N}``; ``deal``: its number;
* ``comment``: free text.

The text form, one tag a line, ``[Tag "value"]``, in this order when written (any order when read; lines that
are empty or start with ``;`` or ``%`` are skipped): ``Rules``, ``Score`` ("elder dealer"), ``DealNumber``,
``Elder``, ``Dealer`` (the dealt hands), ``Talon``, ``ElderDiscards``, ``DealerDiscards``, ``ElderSeen``,
``DealerSeen``, ``ElderFinal``, ``DealerFinal``, ``ElderHeard``, ``DealerHeard``, ``Play`` ("AH TC, KH JC"),
``Comment``. A tag given with an empty value is an empty list (``[DealerDiscards ""]``: he took nothing);
a tag left out is a part not known. JSON -> text -> JSON gives back the same document.

Bad input is one ``RecordError`` line naming the field (or the text's line).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields

from .. import jsontext
from ..cards import Card, CardError, format_cards, parse_cards, quote

SEATS = ("elder", "dealer")
CardList = tuple[Card, ...]
BySeat = tuple  # (elder's, the dealer's): each a value or None (not known)


class RecordError(CardError):
    """A record that cannot be read or does not hold together: one line naming the field."""


@dataclass(frozen=True)
class DealRecord:
    """One deal as recorded (module docstring); None: not known (left out)."""

    rules: str
    dealt: tuple[CardList | None, CardList | None] | None = None
    talon: CardList | None = None
    discards: tuple[CardList | None, CardList | None] | None = None
    seen: tuple[CardList | None, CardList | None] | None = None
    final: tuple[CardList | None, CardList | None] | None = None
    heard: tuple[str | None, str | None] | None = None
    tricks: tuple[tuple[Card, Card], ...] | None = None
    score: tuple[int, int] | None = None
    deal: int | None = None
    comment: str | None = None


SCHEMA_KEYS = ("schema_version", "schema")
PAIR_FIELDS = ("dealt", "discards", "seen", "final")
KEYS = tuple(f.name for f in fields(DealRecord))


# --- JSON ------------------------------------------------------------------------------------------------------


def _cards(value: object, what: str) -> CardList:
    """Cards from a JSON list of card strings (or one string of cards)."""
    if isinstance(value, str):
        text: str | list[str] = value
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        text = value
    else:
        raise RecordError(f"{what}: expected a list of cards such as [\"AH\", \"KH\"]")
    try:
        return parse_cards(text, what=what)
    except CardError as e:
        msg = str(e)
        raise RecordError(msg if what in msg else f"{what}: {msg}") from None


def _pair(obj: dict, key: str, read) -> tuple | None:
    if key not in obj:
        return None
    value = obj[key]
    if not isinstance(value, dict):
        raise RecordError(f"{key}: expected an object with \"elder\" and/or \"dealer\"")
    bad = sorted(set(value) - set(SEATS))
    if bad:
        raise RecordError(f"{key}: unknown seat {quote(bad[0])} (elder or dealer)")
    return tuple(read(value[s], f"{key}.{s}") if s in value else None for s in SEATS)


def _whole(value: object, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise RecordError(f"{what}: expected a whole number, {low} or more")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{what}: expected text")
    if "\n" in value or "\r" in value:
        raise RecordError(f"{what}: one line of text, no line breaks")
    return value


def _tricks(value: object, what: str = "tricks") -> tuple[tuple[Card, Card], ...]:
    if not isinstance(value, list):
        raise RecordError(f"{what}: expected a list of tricks, each [leader's card, follower's card]")
    out = []
    for n, trick in enumerate(value, 1):
        cards = _cards(trick, f"{what}: trick {n}")
        if len(cards) != 2:
            raise RecordError(f"{what}: trick {n}: two cards, the leader's then the follower's, not {len(cards)}")
        out.append((cards[0], cards[1]))
    return tuple(out)


def record_from_data(obj: object) -> DealRecord:
    """A record from parsed JSON (a dict); RecordError naming the first bad field."""
    if not isinstance(obj, dict):
        raise RecordError("a deal record is a JSON object")
    unknown = [k for k in obj if k not in KEYS and k not in SCHEMA_KEYS]
    if unknown:
        raise RecordError(f"unknown key {quote(unknown[0])}: the keys are {', '.join(KEYS)}")
    if "rules" not in obj:
        raise RecordError("rules: missing (a preset such as \"rubicon\")")
    score = _pair(obj, "score", _whole)
    if score is not None and None in score:
        raise RecordError("score: give both, {\"elder\": N, \"dealer\": N}")
    heard = _pair(obj, "heard", _text)
    return DealRecord(
        rules=_text(obj["rules"], "rules"),
        dealt=_pair(obj, "dealt", _cards), talon=_cards(obj["talon"], "talon") if "talon" in obj else None,
        discards=_pair(obj, "discards", _cards), seen=_pair(obj, "seen", _cards), final=_pair(obj, "final", _cards),
        heard=heard, tricks=_tricks(obj["tricks"]) if "tricks" in obj else None,
        score=score, deal=_whole(obj["deal"], "deal", 1) if "deal" in obj else None,
        comment=_text(obj["comment"], "comment") if "comment" in obj else None)


def record_data(r: DealRecord) -> dict:
    """The record as JSON-ready data (the keys known only; schema piquet_calc/schemas/deal.schema.json)."""
    from ..schemas import header

    out: dict = {**header("deal"), "rules": r.rules}
    if r.score is not None:
        out["score"] = dict(zip(SEATS, r.score, strict=True))
    if r.deal is not None:
        out["deal"] = r.deal

    def pair(value: tuple | None, each=lambda cs: [str(c) for c in cs]) -> dict | None:
        return None if value is None else {s: each(v) for s, v in zip(SEATS, value, strict=True) if v is not None}

    for key in ("dealt", "talon", "discards", "seen", "final", "heard", "tricks", "comment"):
        value = getattr(r, key)
        if value is None:
            continue
        if key in PAIR_FIELDS:
            out[key] = pair(value)
        elif key == "heard":
            out[key] = pair(value, lambda t: t)
        elif key == "talon":
            out[key] = [str(c) for c in value]
        elif key == "tricks":
            out[key] = [[str(a), str(b)] for a, b in value]
        else:
            out[key] = value
    return out


def content_key(r: DealRecord) -> str:
    """What a deal is, as one key (the history keeps a deal once by it: issue 49): a hash of its canonical data,
    the same for the deal in .pqn and in JSON, read from a file or from stdin, its hands in any order; not the
    file's name, nor its comment. Hands, the talon, the discards and what was seen are sets (sorted); the
    tricks keep their order.

    >>> a = DealRecord("rubicon", final=(parse_cards("AS KS", 2), parse_cards("7C 8C", 2)), comment="mine")
    >>> b = DealRecord("rubicon", final=(parse_cards("KS AS", 2), parse_cards("8C 7C", 2)))
    >>> content_key(a) == content_key(b), content_key(a) == content_key(DealRecord("rubicon"))
    (True, False)
    """
    import hashlib

    data = {k: v for k, v in record_data(r).items() if k not in SCHEMA_KEYS and k != "comment"}
    for key in ("dealt", "discards", "seen", "final"):
        if key in data:
            data[key] = {s: sorted(cards) for s, cards in data[key].items()}
    if "talon" in data:
        data["talon"] = sorted(data["talon"])
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _refused(e: ValueError, lead: str = "") -> str:
    """Why strict JSON refused a document (jsontext): a key given twice or nesting too deep (after ``lead``),
    or a number too long."""
    if isinstance(e, jsontext.JsonTextError):
        return f"{lead}{e}"
    return "not JSON: a number of more than 4300 digits"  # json's own ValueError: Python's limit on int()


def read_json(text: str) -> DealRecord:
    """A record from its JSON, read strictly (jsontext: a key given twice is refused, naming it)."""
    try:
        obj = jsontext.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except ValueError as e:
        raise RecordError(_refused(e, "not a record: ")) from None
    return record_from_data(obj)


_FLAT_LIST = re.compile(r'\[\s*((?:"[^"\\]*",\s*)*"[^"\\]*")\s*\]')


def write_json(r: DealRecord) -> str:
    """The record as JSON, one key a line, each list of cards (and each trick) on one line."""
    text = json.dumps(record_data(r), indent=1, ensure_ascii=False)
    return _FLAT_LIST.sub(lambda m: "[" + re.sub(r",\s*", ", ", m.group(1)) + "]", text)


# --- the tag-pair text (.pqn) ----------------------------------------------------------------------------------

# (tag, field, seat index or None)
TAGS = (("Rules", "rules", None), ("Score", "score", None), ("DealNumber", "deal", None),
        ("Elder", "dealt", 0), ("Dealer", "dealt", 1), ("Talon", "talon", None),
        ("ElderDiscards", "discards", 0), ("DealerDiscards", "discards", 1),
        ("ElderSeen", "seen", 0), ("DealerSeen", "seen", 1), ("ElderFinal", "final", 0), ("DealerFinal", "final", 1),
        ("ElderHeard", "heard", 0), ("DealerHeard", "heard", 1), ("Play", "tricks", None), ("Comment", "comment", None))
_TAG_LINE = re.compile(r'^\[([A-Za-z]+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def write_pqn(r: DealRecord) -> str:
    """The record as tag pairs, one a line, in the order of ``TAGS``."""
    lines = []
    for tag, name, seat in TAGS:
        value = getattr(r, name)
        if value is not None and seat is not None:
            value = value[seat]
        if value is None:
            continue
        if name == "score":
            text = f"{value[0]} {value[1]}"
        elif name == "tricks":
            text = ", ".join(f"{a} {b}" for a, b in value)
        elif name in ("rules", "heard", "comment"):
            text = value
        elif name == "deal":
            text = str(value)
        else:
            text = format_cards(value)
        lines.append(f'[{tag} "{_escape(text)}"]')
    return "\n".join(lines) + "\n"


def _number(text: str, what: str, low: int) -> int:
    if not re.fullmatch(r"\d{1,9}", text.strip()) or int(text) < low:
        raise RecordError(f"{what}: expected a whole number, {low} or more, not {quote(text)}")
    return int(text)


def read_pqn(text: str) -> DealRecord:
    """A record from its tag-pair text; RecordError naming the line or the tag."""
    by_tag = {tag: (name, seat) for tag, name, seat in TAGS}
    values: dict[str, object] = {}
    pairs: dict[str, list] = {}
    given: set[str] = set()
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";%":
            continue
        m = _TAG_LINE.match(line)
        if not m:
            raise RecordError(f"line {n}: expected a tag pair such as [Rules \"rubicon\"], not {quote(line)}")
        tag, value = m.group(1), _unescape(m.group(2))
        if tag not in by_tag:
            raise RecordError(f"line {n}: unknown tag {quote(tag)} (one of {', '.join(t for t, _, _ in TAGS)})")
        if tag in given:
            raise RecordError(f"line {n}: tag {tag} given twice")
        given.add(tag)
        name, seat = by_tag[tag]
        what = f"{tag} (line {n})"
        if name in ("rules", "comment"):
            parsed: object = value
        elif name == "heard":
            parsed = value
        elif name == "deal":
            parsed = _number(value, what, 1)
        elif name == "score":
            parts = value.split()
            if len(parts) != 2:
                raise RecordError(f"{what}: expected two numbers, elder's then the dealer's, not {quote(value)}")
            parsed = (_number(parts[0], what, 0), _number(parts[1], what, 0))
        elif name == "tricks":
            parsed = _tricks([p for p in value.split(",")] if value.strip() else [], what)
        else:
            parsed = _cards(value, what)
        if seat is None:
            values[name] = parsed
        else:
            pairs.setdefault(name, [None, None])[seat] = parsed
    if "rules" not in values:
        raise RecordError("the Rules tag is missing ([Rules \"rubicon\"])")
    for name, pair in pairs.items():
        values[name] = tuple(pair)
    return DealRecord(**values)  # type: ignore[arg-type]


def read_record(text: str, form: str | None = None) -> DealRecord:
    """A record from JSON or tag-pair text (``form`` "json" or "pqn"; None: JSON when the text starts with ``{``)."""
    if form is None:
        form = "json" if text.lstrip().startswith("{") else "pqn"
    return read_json(text) if form == "json" else read_pqn(text)


def write_record(r: DealRecord, form: str) -> str:
    return write_json(r) + "\n" if form == "json" else write_pqn(r)


def tricks_text(tricks: Sequence[tuple[Card, Card]]) -> str:
    """Tricks as ``play --tricks`` takes them: ``"AH TC, KH JC"``."""
    return ", ".join(f"{a} {b}" for a, b in tricks)
