"""Where the output lines go: stdout, or a file that a kill at any moment leaves readable.

A file's line is written whole by one ``os.write`` call (looped only if the system takes part of it) and
synced to the disk at least once a second and at the end. A kill may still cut the last line short
(a write in progress): ``--resume`` drops a last line without its newline, reads the whole lines before
it (their ids, in order) and appends the rest. Because lines are written in the input's order, the
lines already there are the input's first lines: resume checks each one's id against the input line's,
and skips it; nothing is run twice, nothing is held but the line being read.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ..cards import quote_path
from ..jsontext import loads

SYNC_EVERY = 1.0  # seconds between syncs of the output file to the disk
_CHUNK = 1 << 16


class OutError(Exception):
    """The output cannot be opened, resumed or written; the message is one line for the user."""


class StdoutLines:
    """Lines to stdout (the stream as batch found it), each flushed when written."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, line: str) -> None:
        encoding = getattr(self.stream, "encoding", None) or "utf-8"
        try:
            line.encode(encoding)
        except (UnicodeEncodeError, LookupError):  # as every command's --json: \u escapes where stdout cannot
            line = json.dumps(json.loads(line), separators=(",", ":"))
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        return None


class FileLines:
    """Lines appended to a file, a whole line per write, synced at least every SYNC_EVERY seconds."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as e:
            raise OutError(f"cannot write {quote_path(str(path))}: {e.strerror or e}") from None
        self.synced = time.monotonic()

    def write(self, line: str) -> None:
        data = (line + "\n").encode("utf-8")
        try:
            while data:
                data = data[os.write(self.fd, data):]
            if time.monotonic() - self.synced >= SYNC_EVERY:
                os.fsync(self.fd)
                self.synced = time.monotonic()
        except OSError as e:
            raise OutError(f"cannot write {quote_path(str(self.path))}: {e.strerror or e}") from None

    def close(self) -> None:
        try:
            os.fsync(self.fd)
        except OSError:
            pass
        os.close(self.fd)


def _cut_partial_line(path: Path) -> int:
    """Truncate ``path`` after its last newline (a line a kill cut short is dropped); the size kept."""
    with open(path, "r+b") as f:
        end = f.seek(0, os.SEEK_END)
        pos = end
        while pos > 0:
            start = max(0, pos - _CHUNK)
            f.seek(start)
            chunk = f.read(pos - start)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                pos = start + newline + 1
                break
            pos = start
        if pos != end:
            f.truncate(pos)
        return pos


def written_ids(path: Path) -> Iterator[Any]:
    """The ids of the whole lines of an output file, in order, read as they are asked for (a partial last
    line is cut off first, now)."""
    return _ids(path, _cut_partial_line(path))


def _ids(path: Path, size: int) -> Iterator[Any]:
    with open(path, "rb") as f:
        read = 0
        for number, raw in enumerate(f, start=1):
            read += len(raw)
            if read > size:
                break
            try:
                yield loads(raw)["id"]
            except (ValueError, TypeError, KeyError):  # ValueError: jsontext's refusals (nested too deep...) too
                raise OutError(f"--resume: line {number} of {quote_path(str(path))} is not a batch line") from None


def open_output(path: str | None, resume: bool, stdout: TextIO) -> tuple[StdoutLines | FileLines, Iterator[Any]]:
    """The output, and the ids already written in it (none unless ``resume``)."""
    if path is None:
        if resume:
            raise OutError("--resume goes on with an --out file: give it")
        return StdoutLines(stdout), iter(())
    out = Path(path)
    if out.exists() and not out.is_file():
        raise OutError(f"--out {quote_path(path)} is not a file")
    try:
        has_lines = out.exists() and out.stat().st_size > 0
    except OSError as e:
        raise OutError(f"cannot read {quote_path(path)}: {e.strerror or e}") from None
    if has_lines and not resume:
        raise OutError(f"{quote_path(path)} exists: --resume goes on with it (or remove it to start again)")
    try:
        done = written_ids(out) if has_lines else iter(())
    except OSError as e:
        raise OutError(f"cannot read {quote_path(path)}: {e.strerror or e}") from None
    return FileLines(out), done


def check_written(item_id: Any, number: int, written: Any) -> None:
    """The resumed file's next line must be this input line's: else the file is another input's output."""
    if written != item_id:
        raise OutError(f"--resume: the output's line for input line {number} has id "
                       f"{json.dumps(written, ensure_ascii=False)}, the input's is "
                       f"{json.dumps(item_id, ensure_ascii=False)}: not this input's output")
