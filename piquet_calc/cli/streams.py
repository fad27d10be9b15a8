"""The command line's standard streams, handled as a careful Unix tool handles them.

* A standard descriptor (0, 1, 2) closed at start is reopened on the null device, so that no file the
  run opens takes its number; a closed stdout is then an error, a closed stderr only silence.
* Text that a stream's encoding cannot show (a Windows code page, ``PYTHONIOENCODING=ascii``) falls back
  to ASCII: suit symbols as ``S H D C``, Cyrillic transliterated, accents dropped, anything else ``?``.
* Writing the output: a reader that went away (a closed pipe, ``| head -1``) ends the run quietly with
  status 128 + SIGPIPE, as a Unix tool killed by SIGPIPE shows in the shell; any other failure (a full
  disk, ``> /dev/full``) is one error line. Either way the output descriptor is then pointed at the null
  device, so Python's last flush at exit cannot print a second error.
* ``one_line``: an error message as one line, a long token cut to 40 characters and ``...``, the whole
  message to LINE_LIMIT: the one shortening every message goes through (the CLI's ``_error``), after the
  code's own quoting of what the user typed (``cards.quote``, ``cards.quote_path``).
"""

from __future__ import annotations

import codecs
import io
import os
import re
import shutil
import signal
import sys
import unicodedata
from collections.abc import Callable
from typing import Any, TextIO

ASCII_FALLBACK = "piquet-calc-ascii"  # the codec error handler registered below
PIPE_STATUS = 128 + getattr(signal, "SIGPIPE", 13)
WORD_LIMIT = 40  # a whitespace-free run of an error message longer than LONG_WORD is cut to this ...
LONG_WORD = 48  # (what the code quotes itself is cut already, to 40: cards.quote, with its quotes and "...")
LINE_LIMIT = 140  # ... and the whole message to this, so that the line with "piquet-calc: error: " fits in 160

_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C", "\ufe0f": ""}
_PUNCTUATION = {"‘": "'", "’": "'", "“": '"', "”": '"', "«": '"', "»": '"', "–": "-", "—": "-", "…": "...",
                "×": "x", "−": "-", "·": "."}
_CYRILLIC = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                     ["a", "b", "v", "g", "d", "e", "yo", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r",
                      "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"], strict=True))


BEFORE_OUTPUT: list[Callable[[], None]] = []  # called before the output is written: a progress bar clears itself


class OutputError(Exception):
    """The output could not be written; the message is one line for the user."""


class ReaderGone(Exception):
    """Whoever read the output has gone (EPIPE): the run ends quietly."""


def ascii_text(text: str) -> str:
    """``text`` in ASCII, as readable as it can be made.

    >>> ascii_text("T♥ sixième, 002 ('РУБИКОН-ПИКЕ'), Энциклопедия игр")
    "TH sixieme, 002 ('RUBIKON-PIKE'), Entsiklopediya igr"
    """
    shouting = sum(ch.isupper() for ch in text) > 1 and not any(ch.islower() for ch in text)
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _SUITS or ch in _PUNCTUATION:
            out.append(_SUITS.get(ch, _PUNCTUATION.get(ch)))
        elif ch.lower() in _CYRILLIC:
            latin = _CYRILLIC[ch.lower()]
            out.append(latin if ch.islower() else latin.upper() if shouting else latin.capitalize())
        else:
            plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if c.isascii())
            out.append(plain if plain.isprintable() and plain else "?")
    return "".join(out)


def _fallback(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return ascii_text(error.object[error.start:error.end]), error.end


codecs.register_error(ASCII_FALLBACK, _fallback)


def _reserve(fd: int) -> bool:
    """Reopen standard descriptor ``fd`` on the null device if it is closed; True if it was closed."""
    try:
        os.fstat(fd)
        return False
    except OSError:
        pass
    null = os.open(os.devnull, os.O_RDWR)
    if null != fd:
        os.dup2(null, fd)
        os.close(null)
    return True


def prepare() -> None:
    """Ready the standard streams for a run: closed descriptors held by the null device, a missing stderr
    replaced by one that writes there, and an ASCII fallback for text the encodings cannot show."""
    for fd in (0, 1, 2):
        _reserve(fd)
    if sys.stderr is None:
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115 - lives as long as the process
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=ASCII_FALLBACK)
            except (ValueError, OSError, io.UnsupportedOperation):
                pass


def can_show(text: str, stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (stdout) can encode ``text`` as it is."""
    stream = stream or sys.stdout
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def silence(stream: Any) -> None:
    """Point ``stream``'s descriptor at the null device: nothing more can fail on it, even at exit."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real descriptor (a test runner's buffer): nothing is flushed at exit
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def is_null(stream: Any) -> bool:
    """Whether ``stream`` writes to the null device (as rich leaves stdout after a closed pipe)."""
    try:
        return os.path.samestat(os.fstat(stream.fileno()), os.stat(os.devnull))
    except (AttributeError, OSError, ValueError):
        return False


def terminal_width(stream: TextIO | None = None) -> int | None:
    """The width to fit tables to: the terminal's (COLUMNS when set, as shutil reads it) when ``stream``
    (stdout) is a terminal; None when it is piped or redirected, where nothing is cut."""
    stream = stream or sys.stdout
    try:
        if stream is None or not stream.isatty():
            return None
    except (AttributeError, OSError, ValueError):
        return None
    return shutil.get_terminal_size().columns


def write_out(text: str) -> None:
    """Write ``text`` to stdout and flush it; ReaderGone or OutputError when that cannot be done."""
    if sys.stdout is None:
        raise OutputError("cannot write the output: stdout is closed")
    for clear in tuple(BEFORE_OUTPUT):
        clear()
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        silence(sys.stdout)
        raise ReaderGone() from None
    except (OSError, ValueError) as e:  # ValueError: the stream object was closed
        silence(sys.stdout)
        raise OutputError(f"cannot write the output: {getattr(e, 'strerror', None) or e}") from None


def write_err(line: str) -> bool:
    """Write one line to stderr; False (and stderr silenced) if it cannot be written. Never raises."""
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
        return True
    except (OSError, ValueError, AttributeError):
        silence(sys.stderr)
        return False


_LONG_WORD = re.compile(r"\S{" + str(LONG_WORD + 1) + ",}")


def one_line(message: str) -> str:
    """A message as one line: whitespace runs made one space, long runs cut to 40 characters and ``...``.

    >>> one_line("No such option:  --" + "x" * 90 + "\\n(see help)")
    'No such option: --xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (see help)'
    """
    text = " ".join(message.split())
    text = _LONG_WORD.sub(lambda m: m.group()[:WORD_LIMIT] + "...", text)
    return text if len(text) <= LINE_LIMIT else text[:LINE_LIMIT - 3] + "..."
