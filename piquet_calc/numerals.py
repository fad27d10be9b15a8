"""Whole numbers typed by a user: the one way text becomes a count, a total or a step's points.

``str.isdigit()`` accepts superscripts and other Unicode digits that ``int()`` refuses, and ``int()``
refuses more than 4,300 digits with a ValueError; every field that reads a number from text goes through
``parse_whole`` instead, which accepts ASCII digits only, within a range the field names, and raises
``NumberError`` (a ValueError) whose message names the field and says what it takes.

>>> parse_whole("42", "a deal's total", 0, 10_000)
42
>>> parse_whole("²", "a deal's total", 0, 10_000)
Traceback (most recent call last):
...
piquet_calc.numerals.NumberError: a deal's total must be a whole number written in the digits 0-9, not '²'
>>> parse_whole("100001", "a deal's total", 0, 100_000)
Traceback (most recent call last):
...
piquet_calc.numerals.NumberError: a deal's total must be from 0 to 100,000, not 100001
"""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
MAX_DIGITS = 12  # no field takes a number this long; longer text is refused before int() reads it


class NumberError(ValueError):
    """A number the field cannot take; the message is one line for the user."""


def _shown(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:17] + "...")


def is_whole(text: str) -> bool:
    """True when ``text`` is ASCII digits only (what ``parse_whole`` reads), whatever its size."""
    return _DIGITS.fullmatch(text) is not None


def parse_whole(text: str, field: str, low: int, high: int) -> int:
    """``text`` as an int from ``low`` to ``high`` inclusive; NumberError naming ``field`` otherwise."""
    if not is_whole(text):
        raise NumberError(f"{field} must be a whole number written in the digits 0-9, not {_shown(text)}")
    if len(text.lstrip("0")) > MAX_DIGITS:
        raise NumberError(f"{field} must be from {low:,} to {high:,}, not a number of {len(text):,} digits")
    value = int(text)
    if not low <= value <= high:
        raise NumberError(f"{field} must be from {low:,} to {high:,}, not {value}")
    return value
