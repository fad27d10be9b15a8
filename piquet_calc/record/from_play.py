"""The one reader of the documents ``play --json`` writes (two hands: play.schema.json; Normand's three:
play-normand.schema.json; four: play-four.schema.json), and their schema check beside it.

``read_play(document) -> PlayedRecord`` reads the rules, each seat's hand at the first lead, the dealt hands (two
hands, when given; Normand: the dealer's, when given), every trick of the line shown (the recorded ones and the
solver's rest) and the running totals in counting order, the deal's total last. ``record --from-play`` makes a deal
record of it (record/record.py), ``partie`` a deal of the score sheet (record/partie_from_play.py), and ``review``
reads the record so made. The numbers are kept as the document writes them: the partie judges them (game/partie.py's
limits). ``check_play(document, schema)`` is jsonschema's check, which ``partie`` asks before a number is read;
``record --from-play`` reads the document as it stands.

A document that lacks a part (or holds one of the wrong kind) is a ``PlayDocumentError`` carrying the
missing key's words; a card that cannot be read is record.py's ``RecordError`` naming the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .. import jsontext
from ..cards import Card, CardError
from ..rules.model import FOUR_SEATS, NORMAND_SEATS, TWO_HANDED_SEATS
from .record import SEATS, CardList, DealRecord, RecordError, _cards, _refused

SCHEMAS = {"play.schema.json": TWO_HANDED_SEATS, "play-normand.schema.json": NORMAND_SEATS,
           "play-four.schema.json": FOUR_SEATS}
FOUR_SIDES = ("elder+third", "second+dealer")

Totals = tuple[object, ...]  # by seat (four: by side), as the document writes them


class PlayDocumentError(ValueError):
    """A document that is not a whole ``play --json`` output: its message is the missing key (as a KeyError
    words it) or what Python found instead."""


class PlaySchemaError(ValueError):
    """A document its schema refuses: ``detail`` says where and why; ``schema`` is the schema's name, or None
    when the check could not be made (the document nested too deeply)."""

    def __init__(self, detail: str, schema: str | None) -> None:
        super().__init__(detail)
        self.detail, self.schema = detail, schema


@dataclass(frozen=True)
class LineTrick:
    """One trick of the line: who led (a seat index), each seat's card by seat (None: not played, in four's
    incomplete trick) and the running totals after it."""

    leader: int
    cards: tuple[Card | None, ...]
    totals: Totals

    def in_order(self) -> tuple[Card, ...]:
        """The cards played, the leader's first and round the table."""
        n = len(self.cards)
        return tuple(c for k in range(n) if (c := self.cards[(self.leader + k) % n]) is not None)


@dataclass(frozen=True)
class PlayedRecord:
    """One ``play --json`` document read (module docstring), the numbers as written. ``declared``: each
    declaration class's points by seat, as the document lists them (two hands: all but pique, which the play
    decides; four: none, its sheet reads the total only); ``before_play``: the totals before the play (None
    where a two-handed document leaves them out); each trick's running totals after it (``tricks``), then
    ``total``, the deal's. Four's totals are by side (``FOUR_SIDES``)."""

    rules: str
    seats: tuple[str, ...]
    final: tuple[CardList, ...]
    dealt: tuple[CardList | None, ...] | None  # two hands: as given; Normand: the dealer's only (dealer_dealt)
    tricks: tuple[LineTrick, ...]
    declared: tuple[Totals, ...]
    before_play: Totals | None
    total: Totals

    @property
    def players(self) -> int:
        return len(self.seats)


def check_play(document: object, schema: str) -> None:
    """``document`` against ``schema`` ("play", "play-normand" or "play-four"); PlaySchemaError otherwise,
    naming the first error's place (a long message is named by the rule it fails)."""
    from ..schemas import validator

    try:
        error = next(validator(schema).iter_errors(document), None)
    except RecursionError:
        raise PlaySchemaError("nested too deeply", None) from None
    if error is not None:
        from ..cards import quote

        at = "/".join(str(p) for p in error.absolute_path)
        detail = error.message if len(error.message) <= 80 else f"fails the schema's {error.validator!r} rule"
        raise PlaySchemaError(f"{'at ' + quote(at) + ': ' if at else ''}{detail}", schema)


def read_play(document: dict) -> PlayedRecord:
    """A ``play --json`` document read, by its ``schema`` key (two hands when it has none); PlayDocumentError
    for a part missing or of the wrong kind, RecordError for a card that cannot be read."""
    seats = SCHEMAS.get(document.get("schema"), SCHEMAS["play.schema.json"])
    try:
        if len(seats) == 2:
            return _two(document)
        return _three_or_four(document, seats)
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        if isinstance(e, PlayDocumentError | CardError):  # a card's own line (RecordError) stands as it is
            raise
        raise PlayDocumentError(str(e)) from None


def _by_seat(x: object, keys: tuple[str, ...]) -> Totals:
    if not isinstance(x, dict):
        raise TypeError("totals are an object by seat")
    return tuple(x[k] for k in keys)


def _two(obj: dict) -> PlayedRecord:
    """Two hands: the cards read first, in the order record --from-play has always read them."""
    seats = SCHEMAS["play.schema.json"]
    final = (_cards(obj["elder"], "elder"), _cards(obj["dealer"], "dealer"))
    dealt = (_cards(obj["elder_dealt"], "elder_dealt") if obj.get("elder_dealt") else None,
             _cards(obj["dealer_dealt"], "dealer_dealt") if obj.get("dealer_dealt") else None)
    line = []
    for t in obj["line"]:
        leader = 0 if t["leader"] == "elder" else 1
        lead, reply = (t["elder"], t["dealer"]) if leader == 0 else (t["dealer"], t["elder"])
        lead_card, reply_card = _cards([lead], "line")[0], _cards([reply], "line")[0]
        line.append((leader, (lead_card, reply_card) if leader == 0 else (reply_card, lead_card), t))
    rules = obj["rules"]
    total = _by_seat(obj["total"], seats)
    declared = tuple(_by_seat(c, seats) for c in obj.get("declarations", {}).get("classes", [])
                     if c["class"] != "pique")  # the play's own record decides pique (its line)
    before = _by_seat(obj["before_play"], seats) if "before_play" in obj else None
    tricks = tuple(LineTrick(leader, cards, _by_seat(t["totals"], seats)) for leader, cards, t in line)
    return PlayedRecord(rules, seats, final, dealt if any(dealt) else None, tricks, declared, before, total)


def _three_or_four(obj: dict, seats: tuple[str, ...]) -> PlayedRecord:
    """Three or four hands: the table's seats by name, four's totals by side."""
    four = len(seats) == 4
    keys = FOUR_SIDES if four else seats
    declared = () if four else tuple(_by_seat(c["points"], seats) for c in obj["declarations"])
    before = _by_seat(obj["before_play"], keys)
    tricks = []
    for t in obj["line"]:
        leader = seats.index(t["leader"])
        if four:
            cards = tuple(_cards([t["cards"][s]], "line")[0] if t["cards"][s] is not None else None for s in seats)
        else:  # Normand's trick lists its cards from the leader round
            played = _cards(t["cards"], "line")
            cards = tuple(played[(k - leader) % 3] if (k - leader) % 3 < len(played) else None for k in range(3))
        tricks.append(LineTrick(leader, cards, _by_seat(t["totals"], keys)))
    total = _by_seat(obj["total"], keys)
    final = tuple(_cards(obj["hands"][s], s) for s in seats)
    dealt = None  # Normand's dealer's dealt hand, when given (his exchange): the others hold theirs
    if not four and obj.get("dealer_dealt"):
        dealt = (None, None, _cards(obj["dealer_dealt"], "dealer_dealt"))
    return PlayedRecord(obj["rules"], seats, final, dealt, tuple(tricks), declared, before, total)


# --- a deal record from play --json or declare --dialogue --json (record --from-play) ----------------------------


def read_output(text: str) -> DealRecord:
    """A record from the text of ``play --json`` or ``declare --dialogue --json`` (``record --from-play``),
    read strictly as a record is (piquet_calc/jsontext.py)."""
    try:
        obj = jsontext.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"--from-play: not JSON: {e.msg} at line {e.lineno}") from None
    except ValueError as e:
        raise RecordError(f"--from-play: {_refused(e)}") from None
    return record_from_output(obj)


def _three_or_four_record(played: PlayedRecord) -> DealRecord:
    """Three or four hands: the final hands and the line; Normand's dealer's dealt hand when given, and then,
    when he exchanged, the talon (the two cards he took: the whole talon, its order not known) and his
    discards follow."""
    talon = None
    if played.dealt is not None and played.dealt[-1] is not None:
        taken = tuple(c for c in played.final[-1] if c not in played.dealt[-1])
        talon = taken if taken else None  # he kept his hand: the talon was not seen
    tricks = tuple(t.in_order() for t in played.tricks)
    return DealRecord(rules=played.rules, dealt=played.dealt, talon=talon, final=played.final,  # type: ignore[arg-type]
                      tricks=tricks)


def record_from_output(obj: object) -> DealRecord:
    """A record from ``play --json`` (the final hands, the dealt hands if given, and every trick of the line
    shown: the recorded ones and the solver's rest), ``play --rules normand --json`` or ``play --rules four
    --json`` (the same of three or four hands; Normand's dealer's dealt hand if given) or ``declare --dialogue
    --json`` (the final hands, and the dealt hand of a player who showed carte blanche; no play). RecordError
    for any other document."""
    if not isinstance(obj, dict) or obj.get("schema") not in (*SCHEMAS, "declare-dialogue.schema.json"):
        raise RecordError("--from-play reads the JSON of play --json (two, three or four hands) or declare "
                          "--dialogue --json (their \"schema\" key names them)")
    try:
        if obj["schema"] in SCHEMAS and obj["schema"] != "play.schema.json":
            return _three_or_four_record(read_play(obj))
        if obj["schema"] == "play.schema.json":
            played = read_play(obj)
            return DealRecord(rules=played.rules, dealt=played.dealt, final=played.final,  # type: ignore[arg-type]
                              tricks=tuple(t.in_order() for t in played.tricks))  # type: ignore[misc]
        final = (_cards(obj["elder"], "elder"), _cards(obj["dealer"], "dealer"))
        shown = obj.get("carte_blanche") or {}
        dealt = tuple(_cards(shown[s], f"carte_blanche.{s}") if shown.get(s) else None for s in SEATS)
        return DealRecord(rules=obj["rules"], dealt=dealt if any(dealt) else None, final=final)  # type: ignore
    except (KeyError, TypeError, PlayDocumentError) as e:
        raise RecordError(f"--from-play: the document lacks {e} (is it a whole play --json output?)") from None
