"""`piquet-calc record`: a deal record checked and written in its other form (JSON <-> tag-pair text), or made
from the JSON of `play --json` or `declare --dialogue --json` (game/record.py, docs/record.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from ..cards import quote_path
from . import streams
from .common import JsonOption, QuietOption, _silence, click_errors

FORMS = ("json", "pqn")


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


def load_deal(source: str):
    """The record in ``source`` read and checked (game/record_check.py): a Deal, or one error line (exit 2)."""
    from ..game.record import read_record
    from ..game.record_check import check_record

    text, form = read_source(source)
    return check_record(read_record(text, form))


def record(
    source: Annotated[str, typer.Argument(help="A deal record: a .json or .pqn file, or - for stdin (the form read "
                                               "off the text).")],
    to: Annotated[str | None, typer.Option(help="Write it as json or pqn (default: the other form).",
                                           show_default=False)] = None,
    from_play: Annotated[bool, typer.Option("--from-play", help="SOURCE is the JSON of play --json (its final "
                                            "hands and every trick of its line) or declare --dialogue --json.")]
    = False,
    as_json: JsonOption = False,
    quiet: QuietOption = False,
) -> None:
    """A deal record checked, then written as JSON or as tag-pair text (.pqn); the two round-trip exactly."""
    from ..game.record import write_record

    _silence(quiet)
    if as_json:
        if to is not None and to.lower() != "json":
            raise click_errors.UsageError("--json writes JSON: not with --to pqn")
        to = "json"
    if to is not None and to.lower() not in FORMS:
        raise click_errors.UsageError(f"--to must be json or pqn, not {to!r}")
    r, form = _read(source, from_play)
    out = to.lower() if to else ("pqn" if form == "json" else "json")
    streams.write_out(write_record(r, out))


def record_document(source: str, *, to: str | None = None, from_play: bool = False) -> dict[str, Any]:
    """``record SOURCE --json``'s document: the deal record as JSON (docs/record.md); a usage error (one line)
    for bad options or a record that does not check."""
    from ..game.record import write_record

    if to is not None and to.lower() != "json":
        raise click_errors.UsageError("--json writes JSON: not with --to pqn")
    r, _ = _read(source, from_play)
    return json.loads(write_record(r, "json"))


def _read(source: str, from_play: bool) -> tuple[Any, str]:
    """The record read from ``source`` (or made from play's or the dialogue's JSON) and checked, and the form
    it was read in."""
    from ..game.record import read_record, record_from_output
    from ..game.record_check import check_record

    text, form = read_source(source)
    if from_play:
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            raise click_errors.UsageError(f"--from-play: not JSON: {e.msg} at line {e.lineno}") from None
        r = record_from_output(obj)
        form = "pqn"  # so that the default writes JSON
    else:
        r = read_record(text, form)
        form = form or ("json" if text.lstrip().startswith("{") else "pqn")
    check_record(r)
    return r, form


__all__ = ["load_deal", "read_source", "record", "record_document"]
