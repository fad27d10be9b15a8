"""The deal record: one deal of two, three or four players written down, as JSON (schema ``deal``) and as tag-pair
text (``.pqn``, shaped like bridge's PBN), both read and written here; docs/record.md describes both.

A record is data about a game, with no analysis in it. Every part but ``rules`` is optional, so that a record
can be whole up to a point: the final hands and the tricks only (as the books print a deal), or the dealt hands
and the talon with no play yet. ``record/record_check.py`` checks a record and works out what it implies (the
final hands from the dealt hands, the talon and the discards; what each player saw and took).

The JSON keys (the core ones fixed by issue 37, the rest this module's; two hands shown, three and four have the
same keys by their own seats, ``rules.table.seats``: elder, middle, dealer; elder, second, third, dealer):

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
* ``announced``: three and four only: what each seat announced, the combinations he named (seat/heard.py's
  clauses: ``"point 5 49 in spades, fourteen tens"``); every seat hears the others' (issue 50);
* ``tricks``: a list of tricks, each its cards from the leader's (two, three or four), in the order played;
  three and four: the last may be incomplete;
* ``score``: the partie's score before the deal, ``{"elder": N, "dealer": N}`` (four: by side,
  ``{"elder+third": N, "second+dealer": N}``); ``deal``: its number;
* ``comment``: free text.

The text form, one tag a line, ``[Tag "value"]``, in this order when written (any order when read; lines that
are empty or start with ``;`` or ``%`` are skipped): ``Rules``, ``Score`` ("elder dealer"), ``DealNumber``,
``Elder``, ``Dealer`` (the dealt hands), ``Talon``, ``ElderDiscards``, ``DealerDiscards``, ``ElderSeen``,
``DealerSeen``, ``ElderFinal``, ``DealerFinal``, ``ElderHeard``, ``DealerHeard``, ``Play`` ("AH TC, KH JC"),
``Comment``; three and four the same tags by their seats (``Middle``, ``MiddleFinal``, ``SecondDiscards``, ...)
and ``ElderAnnounced`` etc.; ``Score`` in seat order (four: side order). A tag given with an empty value is an
empty list (``[DealerDiscards ""]``: he took nothing); a tag left out is a part not known.
JSON -> text -> JSON gives back the same document.

Which seats a record has is its rules' (read when the record is read): a seat of another game, or a trick of
another size, is one line naming the game. Bad input is one ``RecordError`` line naming the field (or the text's
line).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields

from .. import jsontext
from ..cards import Card, CardError, format_cards, parse_cards, quote
from ..rules.model import TWO_HANDED_SEATS

SEATS = TWO_HANDED_SEATS  # two hands; three and four: the rules' seats (``seats_of``)
ALL_SEATS = ("elder", "middle", "second", "third", "dealer")  # every seat name of every game, in tag order
CardList = tuple[Card, ...]
BySeat = tuple  # one value per seat, in the rules' seat order (two hands: elder's, the dealer's); None: not known


class RecordError(CardError):
    """A record that cannot be read or does not hold together: one line naming the field."""


@dataclass(frozen=True)
class DealRecord:
    """One deal as recorded (module docstring); None: not known (left out). Each by-seat part holds one value per
    seat of the rules, in seat order (two hands: a pair, elder's then the dealer's)."""

    rules: str
    dealt: tuple[CardList | None, ...] | None = None
    talon: CardList | None = None
    discards: tuple[CardList | None, ...] | None = None
    seen: tuple[CardList | None, ...] | None = None
    final: tuple[CardList | None, ...] | None = None
    heard: tuple[str | None, ...] | None = None
    tricks: tuple[tuple[Card, ...], ...] | None = None
    score: tuple[int, ...] | None = None
    deal: int | None = None
    comment: str | None = None
    announced: tuple[str | None, ...] | None = None  # three and four: what each seat announced

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats of the record's rules (two hands when the rules cannot be read: the check names them)."""
        return seats_of(self.rules, strict=False)


def seats_of(rules: str, strict: bool = True) -> tuple[str, ...]:
    """The seat names of the game ``rules`` names, in play order; RecordError (``rules: ...``) when it names
    none (``strict``), else the two-handed seats."""
    from ..rules import RulesError, get_rules

    try:
        return get_rules(rules).table.seats
    except RulesError as e:
        if strict:
            raise RecordError(f"rules: {e}") from None
        return SEATS


def party_names(seats: tuple[str, ...]) -> tuple[str, ...]:
    """Who keeps a score: each seat, or four's two sides (elder+third, second+dealer)."""
    return ("elder+third", "second+dealer") if len(seats) == 4 else seats


def game_words(seats: tuple[str, ...]) -> str:
    """The game a seating names, for an error line: "two hands (elder, dealer)"."""
    count = {2: "two", 3: "three", 4: "four"}.get(len(seats), str(len(seats)))
    return f"{count} hands ({', '.join(seats)})"


SCHEMA_KEYS = ("schema_version", "schema")
PAIR_FIELDS = ("dealt", "discards", "seen", "final")  # by seat, each a list of cards
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


def _pair(obj: dict, key: str, read, seats: tuple[str, ...] = SEATS, game: str = "") -> tuple | None:
    """A by-seat part: one value per seat of ``seats`` (None where not given); a seat of another game is named."""
    if key not in obj:
        return None
    value = obj[key]
    if not isinstance(value, dict):
        raise RecordError(f"{key}: expected an object by seat ({', '.join(seats)})")
    bad = sorted(set(value) - set(seats))
    if bad and bad[0] in ALL_SEATS:
        raise RecordError(f"{key}: {quote(bad[0])} is a seat of another game: {game} has {', '.join(seats)}")
    if bad:
        raise RecordError(f"{key}: unknown seat {quote(bad[0])} ({' or '.join(seats)})")
    return tuple(read(value[s], f"{key}.{s}") if s in value else None for s in seats)


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


def _tricks(value: object, what: str = "tricks", seats: tuple[str, ...] = SEATS, game: str = "") -> tuple[
        tuple[Card, ...], ...]:
    """The tricks, each its cards from the leader's: two hands two cards; three and four as many as seats,
    the last trick possibly incomplete (the play so far)."""
    two, n_seats = seats == TWO_HANDED_SEATS, len(seats)
    if not isinstance(value, list):
        raise RecordError(f"{what}: expected a list of tricks, each [leader's card, follower's card]" if two
                          else f"{what}: expected a list of tricks, each its {n_seats} cards from the leader's")
    out = []
    for n, trick in enumerate(value, 1):
        cards = _cards(trick, f"{what}: trick {n}")
        if two and len(cards) != 2:
            raise RecordError(f"{what}: trick {n}: two cards, the leader's then the follower's, not {len(cards)}")
        last = n == len(value)
        if not two and not (len(cards) == n_seats or last and 0 < len(cards) < n_seats):
            raise RecordError(f"{what}: trick {n}: {n_seats} cards under {game}, from the leader's, not {len(cards)}"
                              + ("" if last else "; only the last may be incomplete"))
        out.append(tuple(cards))
    return tuple(out)


def _score(obj: dict, seats: tuple[str, ...], game: str) -> tuple[int, ...] | None:
    """The partie's score before the deal: by seat, four's by side; every one given."""
    parties = party_names(seats)
    given = obj.get("score")
    if parties != seats and isinstance(given, dict) and set(given) - set(parties):
        raise RecordError(f"score: {game} scores by side ({', '.join(parties)}), not by seat "
                          f"({quote(sorted(set(given) - set(parties))[0])})")
    score = _pair(obj, "score", _whole, parties, game)
    if score is not None and None in score:
        raise RecordError("score: give both, {\"elder\": N, \"dealer\": N}" if len(seats) == 2 else
                          f"score: give every one, {', '.join(parties)}")
    return score


def record_from_data(obj: object) -> DealRecord:
    """A record from parsed JSON (a dict); RecordError naming the first bad field."""
    if not isinstance(obj, dict):
        raise RecordError("a deal record is a JSON object")
    unknown = [k for k in obj if k not in KEYS and k not in SCHEMA_KEYS]
    if unknown:
        raise RecordError(f"unknown key {quote(unknown[0])}: the keys are {', '.join(KEYS)}")
    if "rules" not in obj:
        raise RecordError("rules: missing (a preset such as \"rubicon\")")
    rules = _text(obj["rules"], "rules")
    seats = seats_of(rules)
    game = rules

    def by_seat(key: str, read) -> tuple | None:
        return _pair(obj, key, read, seats, game)

    return DealRecord(
        rules=rules, dealt=by_seat("dealt", _cards),
        talon=_cards(obj["talon"], "talon") if "talon" in obj else None,
        discards=by_seat("discards", _cards), seen=by_seat("seen", _cards), final=by_seat("final", _cards),
        heard=by_seat("heard", _text),
        tricks=_tricks(obj["tricks"], "tricks", tuple(seats), game) if "tricks" in obj else None,
        score=_score(obj, seats, game), deal=_whole(obj["deal"], "deal", 1) if "deal" in obj else None,
        comment=_text(obj["comment"], "comment") if "comment" in obj else None,
        announced=by_seat("announced", _text))


def record_data(r: DealRecord) -> dict:
    """The record as JSON-ready data (the keys known only; schema piquet_calc/schemas/deal.schema.json), the
    keys in the order of the two-handed record, ``announced`` after ``heard``."""
    from ..schemas import header

    seats = r.seats
    out: dict = {**header("deal"), "rules": r.rules}
    if r.score is not None:
        out["score"] = dict(zip(party_names(seats), r.score, strict=True))
    if r.deal is not None:
        out["deal"] = r.deal

    def pair(value: tuple | None, each=lambda cs: [str(c) for c in cs]) -> dict | None:
        return None if value is None else {s: each(v) for s, v in zip(seats, value, strict=True) if v is not None}

    for key in ("dealt", "talon", "discards", "seen", "final", "heard", "announced", "tricks", "comment"):
        value = getattr(r, key)
        if value is None:
            continue
        if key in PAIR_FIELDS:
            out[key] = pair(value)
        elif key in ("heard", "announced"):
            out[key] = pair(value, lambda t: t)
        elif key == "talon":
            out[key] = [str(c) for c in value]
        elif key == "tricks":
            out[key] = [[str(c) for c in trick] for trick in value]
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

# (tag, field, seat name or None): a seat's tags are its name, capitalised, and the part ("MiddleFinal"); a
# record writes the tags of its own seats only, in this order
_SEAT_PARTS = (("", "dealt"), ("Discards", "discards"), ("Seen", "seen"), ("Final", "final"), ("Heard", "heard"),
               ("Announced", "announced"))


def _seat_tags(suffix: str, name: str) -> tuple[tuple[str, str, str], ...]:
    return tuple((seat.capitalize() + suffix, name, seat) for seat in ALL_SEATS)


TAGS: tuple[tuple[str, str, str | None], ...] = (
    ("Rules", "rules", None), ("Score", "score", None), ("DealNumber", "deal", None), *_seat_tags("", "dealt"),
    ("Talon", "talon", None), *(t for suffix, name in _SEAT_PARTS[1:] for t in _seat_tags(suffix, name)),
    ("Play", "tricks", None), ("Comment", "comment", None))
_TAG_LINE = re.compile(r'^\[([A-Za-z]+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def write_pqn(r: DealRecord) -> str:
    """The record as tag pairs, one a line, in the order of ``TAGS`` (its own seats' tags only)."""
    seats = r.seats
    lines = []
    for tag, name, seat in TAGS:
        value = getattr(r, name)
        if value is not None and seat is not None:
            value = value[seats.index(seat)] if seat in seats else None
        if value is None:
            continue
        if name == "score":
            text = " ".join(str(v) for v in value)
        elif name == "tricks":
            text = ", ".join(" ".join(str(c) for c in trick) for trick in value)
        elif name in ("rules", "heard", "announced", "comment"):
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


def _tag_lines(text: str) -> list[tuple[int, str, str]]:
    """(line number, tag, value) of every tag pair; RecordError for a line that is none, a tag unknown or twice."""
    known = {tag for tag, _, _ in TAGS}
    out: list[tuple[int, str, str]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line[0] in ";%":
            continue
        m = _TAG_LINE.match(line)
        if not m:
            raise RecordError(f"line {n}: expected a tag pair such as [Rules \"rubicon\"], not {quote(line)}")
        tag, value = m.group(1), _unescape(m.group(2))
        if tag not in known:
            raise RecordError(f"line {n}: unknown tag {quote(tag)} (one of {', '.join(t for t, _, _ in TAGS)})")
        if any(tag == t for _, t, _ in out):
            raise RecordError(f"line {n}: tag {tag} given twice")
        out.append((n, tag, value))
    return out


def read_pqn(text: str) -> DealRecord:
    """A record from its tag-pair text; RecordError naming the line or the tag."""
    by_tag = {tag: (name, seat) for tag, name, seat in TAGS}
    lines = _tag_lines(text)
    rules = next((value for _, tag, value in lines if tag == "Rules"), None)
    if rules is None:
        raise RecordError("the Rules tag is missing ([Rules \"rubicon\"])")
    seats = seats_of(rules)
    parties = party_names(seats)
    values: dict[str, object] = {}
    by_seat: dict[str, list] = {}
    for n, tag, value in lines:
        name, seat = by_tag[tag]
        what = f"{tag} (line {n})"
        if seat is not None and seat not in seats:
            raise RecordError(f"line {n}: tag {tag}: {quote(seat)} is a seat of another game: {rules} has "
                              f"{', '.join(seats)}")
        if name in ("rules", "comment", "heard", "announced"):
            parsed: object = value
        elif name == "deal":
            parsed = _number(value, what, 1)
        elif name == "score":
            parts = value.split()
            if len(parts) != len(parties):
                raise RecordError(f"{what}: expected two numbers, elder's then the dealer's, not {quote(value)}"
                                  if len(parties) == 2 else
                                  f"{what}: expected {len(parties)} numbers ({', '.join(parties)}), not {quote(value)}")
            parsed = tuple(_number(p, what, 0) for p in parts)
        elif name == "tricks":
            parsed = _tricks([p for p in value.split(",")] if value.strip() else [], what, tuple(seats), rules)
        else:
            parsed = _cards(value, what)
        if seat is None:
            values[name] = parsed
        else:
            by_seat.setdefault(name, [None] * len(seats))[seats.index(seat)] = parsed
    for name, each in by_seat.items():
        values[name] = tuple(each)
    return DealRecord(**values)  # type: ignore[arg-type]


def read_record(text: str, form: str | None = None) -> DealRecord:
    """A record from JSON or tag-pair text (``form`` "json" or "pqn"; None: JSON when the text starts with ``{``)."""
    if form is None:
        form = "json" if text.lstrip().startswith("{") else "pqn"
    return read_json(text) if form == "json" else read_pqn(text)


def write_record(r: DealRecord, form: str) -> str:
    return write_json(r) + "\n" if form == "json" else write_pqn(r)


def tricks_text(tricks: Sequence[Sequence[Card]]) -> str:
    """Tricks as ``play --tricks`` takes them: ``"AH TC, KH JC"`` (three and four: each its cards from the
    leader's)."""
    return ", ".join(" ".join(str(c) for c in trick) for trick in tricks)
