"""`piquet-calc record`: a deal record of two, three or four players checked and written in its other form (JSON
<-> tag-pair text), or made from the JSON of `play --json` (any game) or `declare --dialogue --json`
(record/record.py, docs/record.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import typer

from ..cards import quote_path
from . import streams
from .common import JsonOption, QuietOption, RecordSource, _silence, click_errors

if TYPE_CHECKING:
    from ..record.record import DealRecord
    from ..record.record_check import CheckedRecord

FORMS = ("json", "pqn")
ALL_GAMES = (2, 3, 4)  # record reads and writes the record of every game


def read_source(source: str) -> tuple[str, str | None]:
    """The text of ``source`` (a file, or ``-``: stdin) and its form by the file's ending (None: by its text)."""
    if source == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise click_errors.UsageError("-: no record on stdin (pipe one, or give a file)")
        return sys.stdin.read(), None
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise click_errors.UsageError(f"no such file: {quote_path(source)}") from None
    except (OSError, UnicodeError) as e:
        why = getattr(e, "strerror", None) or e
        raise click_errors.UsageError(f"cannot read {quote_path(source)}: {why}") from None
    ending = path.suffix.lower().lstrip(".")
    return text, ending if ending in FORMS else None


class ReadDeal(NamedTuple):
    """A record as read, the deal it describes (checked), and the form it was read in."""

    record: DealRecord
    deal: CheckedRecord
    form: str  # "json", "pqn", or "play": made from the JSON of play --json or declare --dialogue --json


def read_deal(source: str, from_play: bool = False, rules: str | None = None,
              players: tuple[int, ...] = (2,)) -> ReadDeal:
    """The record in ``source`` read and checked (record/record_check.py), or one error line (exit 2): the one
    road by which review and record read a record. ``from_play``: made from play --json's document instead.
    ``rules``: the game the record must be of (its seats); a record of another game is one line. ``players``:
    the games the caller reads, by their number of players (``record``: 2, 3 and 4; ``review``: two hands
    until it reviews three and four)."""
    from ..record.from_play import read_output
    from ..record.record import read_record
    from ..record.record_check import check_game, check_record

    text, form = read_source(source)
    if from_play:
        r, form = read_output(text), "play"
    else:
        form = form or ("json" if text.lstrip().startswith("{") else "pqn")
        r = read_record(text, form)
    deal = check_record(r)
    if rules is not None:
        check_game(deal, rules)
    if deal.rules.game.players not in players:
        from ..record.record import game_words

        raise click_errors.UsageError(f"this command reads records of {' or '.join(map(str, players))} hands; the "
                                      f"record is of {deal.rules.name}, {game_words(deal.seats)}")
    return ReadDeal(r, deal, form)


def record(
    source: RecordSource,
    to: Annotated[str | None, typer.Option(help="Write it as json or pqn (default: the other form).",
                                           show_default=False)] = None,
    from_play: Annotated[bool, typer.Option("--from-play", help="SOURCE is the JSON of play --json of any game "
                                            "(its final hands and every trick of its line) or declare --dialogue "
                                            "--json.")]
    = False,
    rules: Annotated[str | None, typer.Option("--rules", help="The game the record must be of (a preset or "
                                              "house-rules file): a record of another game (other seats) is "
                                              "refused.", show_default=False)] = None,
    as_json: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """A deal record of two, three or four players checked, then written as JSON or as tag-pair text (.pqn); the
    two round-trip exactly."""
    from ..record.record import write_record

    _silence(quiet)
    if as_json:
        if to is not None and to.lower() != "json":
            raise click_errors.UsageError("--json writes JSON: not with --to pqn")
        to = "json"
    if to is not None and to.lower() not in FORMS:
        raise click_errors.UsageError(f"--to must be json or pqn, not {to!r}")
    read = read_deal(source, from_play, rules, ALL_GAMES)
    out = to.lower() if to else ("pqn" if read.form == "json" else "json")
    streams.write_out(write_record(read.record, out))


def record_document(source: str, *, to: str | None = None, from_play: bool = False,
                    rules: str | None = None) -> dict[str, Any]:
    """``record SOURCE --json``'s document: the deal record as JSON (docs/record.md), read and checked as
    ``read_deal`` reads it; a usage error (one line) for bad options or a record that does not check."""
    from ..record.record import record_data

    if to is not None and to.lower() != "json":
        raise click_errors.UsageError("--json writes JSON: not with --to pqn")
    return record_data(read_deal(source, from_play, rules, ALL_GAMES).record)


__all__ = ["ReadDeal", "read_deal", "read_source", "record", "record_document"]
