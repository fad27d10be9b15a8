"""The input, a line at a time, and the output line (docs/json.md, ``batch``).

A line is UTF-8 text ending in a newline (the last may lack it); a blank line is skipped and keeps its
number. Each other line becomes an ``Item``: what to run (``task``: a command's name and its argument
list) or why it cannot run (``error``), with its ``id`` (the JSON line's own, else its line number).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from ..jsontext import JsonTextError, loads
from ..schemas import header

Task = tuple[str, list[str]]  # a command's name and the words after it on a command line


@dataclass(frozen=True)
class Item:
    """One input line, ready to run or refused."""

    number: int  # its line in the input, from 1
    id: Any  # the line's "id", or its number
    command: str | None
    task: Task | None  # what a worker runs; None when the line is refused
    error: str | None = None  # why it is refused


class LineError(Exception):
    """A line that cannot be run; the message is its output line's ``error``."""


def numbered_lines(stream: BinaryIO) -> Iterator[tuple[int, str | None]]:
    """(line number, text without its newline) of every line that is not blank; text None when the line
    is not UTF-8."""
    for number, raw in enumerate(stream, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            yield number, None
            continue
        text = text.rstrip("\r\n")
        if text.strip():
            yield number, text


def count_lines(stream: BinaryIO) -> int | None:
    """How many lines are not blank, when the input is a regular file (read through, then rewound); None
    for a pipe or a terminal, where the total is unknown until the end."""
    try:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            return None
        start = stream.tell()
    except (AttributeError, OSError, ValueError):
        return None
    total = sum(1 for raw in stream if raw.strip())
    stream.seek(start)
    return total


def json_object(text: str) -> dict[str, Any]:
    """A JSON line's object, read strictly (a key given twice is refused, naming it), or LineError."""
    try:
        obj = loads(text)
    except JsonTextError as e:
        raise LineError(str(e)) from None
    except ValueError as e:
        raise LineError(f"not JSON: {e}") from None
    if not isinstance(obj, dict):
        raise LineError("a line is a JSON object (or, with a command on the command line, a plain line)")
    return obj


def item_id(obj: dict[str, Any], number: int) -> Any:
    """A JSON line's ``id`` (a string or a whole number), or its line number when it has none."""
    if "id" not in obj:
        return number
    value = obj["id"]
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise LineError(f'"id" is a string or a whole number, not {json.dumps(value, ensure_ascii=False)}')
    return value


def read_items(stream: BinaryIO, parse: Callable[[int, str], Item]) -> Iterator[Item]:
    """Every line's Item, in order: ``parse(number, text)`` for a readable line."""
    for number, text in numbered_lines(stream):
        if text is None:
            yield Item(number, number, None, None, "not UTF-8 text")
        else:
            yield parse(number, text)


_HEAD = json.dumps(header("batch"), separators=(",", ":"))[:-1]  # '{"schema_version":1,"schema":"batch..."'


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def output_line(item: Item, document: str | None, error: str | None) -> str:
    """The output line of ``item``: the envelope with the command's --json document (``document``, one line of
    JSON as it came from the worker) under ``result``, or its ``error``."""
    head = f'{_HEAD},"id":{_dump(item.id)},"command":{_dump(item.command)}'
    if error is not None:
        return f'{head},"error":{_dump(error)}}}'
    return f'{head},"result":{document}}}'
