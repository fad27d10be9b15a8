"""JSON read strictly: the one way a document the user hands over is parsed (a deal record, a batch line,
``play --json`` read by partie and record --from-play, batch's own output read back by --resume).

Python's ``json`` takes the last value of a key given twice, silently, and a document nested deeper than
Python's stack ends in a RecursionError. Here both are a ``JsonTextError`` saying what is wrong: a key
given twice, named; nesting deeper than ``MAX_DEPTH`` (no document the tool reads comes near it, and
every later walk of a value, a schema's check or a message's quoting, stays far from the stack's end).
Text that is not JSON is still json's own ``JSONDecodeError``, and a number of more than 4,300 digits
its plain ValueError, so that each reader words them as it did.

>>> loads('{"rules": "rubicon", "deal": 3}')
{'rules': 'rubicon', 'deal': 3}
>>> loads('{"rules": "rubicon", "rules": "english"}')
Traceback (most recent call last):
...
piquet_calc.jsontext.JsonTextError: key 'rules' given twice
>>> loads("[" * 101 + "]" * 101)
Traceback (most recent call last):
...
piquet_calc.jsontext.JsonTextError: nested too deeply
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .cards import quote

MAX_DEPTH = 100  # arrays and objects inside one another; the deepest document the tool writes has under 10
TOO_DEEP = "nested too deeply"

Constant = Callable[[str], Any] | None  # json's parse_constant: what NaN, Infinity and -Infinity become


class JsonTextError(ValueError):
    """A JSON document this tool does not take: a key given twice, or nesting too deep (one line)."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's keys and values, refused when a key comes twice (json's object_pairs_hook)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonTextError(f"key {quote(key)} given twice")
            seen.add(key)
    return obj


def _check_depth(value: Any) -> None:
    """JsonTextError when arrays and objects are nested more than MAX_DEPTH deep (walked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        inner = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if inner is None:
            continue
        if depth > MAX_DEPTH:
            raise JsonTextError(TOO_DEEP)
        stack.extend((v, depth + 1) for v in inner if isinstance(v, dict | list))


def loads(text: str | bytes, parse_constant: Constant = None) -> Any:
    """The one JSON document in ``text``, read strictly (module docstring)."""
    try:
        value = json.loads(text, object_pairs_hook=_unique, parse_constant=parse_constant)
    except RecursionError:
        raise JsonTextError(TOO_DEEP) from None
    _check_depth(value)
    return value


def raw_decode(text: str, pos: int, parse_constant: Constant = None) -> tuple[Any, int]:
    """The JSON document starting at ``pos`` in ``text`` (more may follow) and where it ends, read strictly."""
    decoder = json.JSONDecoder(object_pairs_hook=_unique, parse_constant=parse_constant)
    try:
        value, end = decoder.raw_decode(text, pos)
    except RecursionError:
        raise JsonTextError(TOO_DEEP) from None
    _check_depth(value)
    return value, end
