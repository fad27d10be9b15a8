"""The first run after an install compiles kernels into numba's cache: say so on stderr, before the wait.

Kernels come in families (``FAMILIES``, each declared once in engine/families.py: its entry kernels, an
estimate of their compile time on 2 cores, what to call it), each with one warm-up call in
piquet_calc/warmup.py (``piquet-calc warm``: the registry that knows the analyses lives above them).

- ``expect(*names)``: the command is about to run these families (the CLI says which, after the
  arguments are checked). Those whose kernels are not all compiled are *pending*: one line names them,
  with the total estimate.
- ``starting(name)``: the engine is about to call this family's kernels (where it imports the kernel
  module: importing it compiles nothing, numba compiles at the first call). With more than one family
  pending, a progress line says which one, n of m; a family nobody expected (a library caller) is
  checked and announced here on its own.
- *Aside*: with a starter set (``compile_aside``: the console command sets one that runs ``piquet-calc warm
  --only NAME`` in a second process), ``expect`` hands every expected family but the first pending one to
  it, so that two cores compile at once; ``starting(name)`` then waits for that process before the engine
  calls the kernels, which numba loads from the cache it filled. No starter (a library caller, the tests'
  in-process runs) or no cache: everything compiles in this process, as before.
- Nothing is printed for a family whose kernels are all compiled (a warm run), nor after ``silence()``
  (``--quiet``); everything goes to stderr.

A kernel counts as compiled when the cache holds an index file for it, for this Python, that numba will
take as up to date (``_index_fresh``, with the stamp every kernel carries: kernels/cache.py's
``package_stamp``): a fresh install, a cleared cache, a new ``NUMBA_CACHE_DIR``, a changed file of
kernels/ or another numba all make numba compile again, and the line appears.
Plain Python: numba is not imported here (``kernels.cache.configure`` imports its config only).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from . import families  # the families, each declared once there

PROG = "piquet-calc"

# the declaration kernels' names in their module (the default of kernels_compiled)
ENTRY_KERNELS = tuple(entry.split(":")[1] for entry in families.DECLARATIONS.entries)

_silenced = False
_pending: list[str] = []  # families expected and not compiled, in the order expected
_checked: set[str] = set()  # families already checked (compiled, or pending) in this process
Waiter = Callable[[], object]
_aside_start: Callable[[str], Waiter | None] | None = None  # compile_aside's starter
_aside: dict[str, Waiter] = {}  # family -> wait for the second process compiling it


def compile_aside(start: Callable[[str], Waiter | None] | None) -> None:
    """Let ``expect`` hand families to ``start(name)``, which begins compiling family ``name`` elsewhere and
    returns a function that waits until it is done (or None: not started, compile here). None: no more."""
    global _aside_start
    _aside_start = start


def _hand_aside(names: tuple[str, ...], pending: list[str], here: tuple[str, ...] | None = None) -> None:
    """Every family of ``names`` pending after the first pending one (or, with ``here``, every pending one not
    in ``here``) goes to the starter (with the families its kernels' first calls compile: ``includes``), when
    there is a cache for it to fill."""
    from ..kernels import cache

    rest = pending[1:] if here is None else [n for n in pending if n not in here]
    if _aside_start is None or not rest or not cache.ENABLED:
        return
    for name in names:
        if name in rest and name not in _aside:
            wait = _aside_start(name)
            if wait is not None:
                for n in (name, *(other for other, _ in families.FAMILIES[name].includes)):
                    _aside.setdefault(n, wait)


def _wait_aside(name: str) -> None:
    """Family ``name`` is compiled by a second process: wait for it (numba then loads it from the cache)."""
    wait = _aside.pop(name, None)
    if wait is not None:
        for other in [n for n, w in _aside.items() if w is wait]:
            del _aside[other]  # the same process compiled them: waited for once
        wait()


def silence() -> None:
    """No first-run line in this process (the CLI's ``--quiet``)."""
    global _silenced
    _silenced = True


def kernel_source(module: str = "declarations/count") -> Path:
    """kernels/<module>.py (``module`` may name a room of a package: "play/line"), found without importing
    it (importing it imports numba)."""
    from .. import kernels

    return Path(kernels.__file__).parent.joinpath(*f"{module}.py".split("/"))


def kernel_cache_dir(chosen: str | None, source: Path) -> Path:
    """Where numba keeps ``source``'s compiled kernels: under ``chosen`` (NUMBA_CACHE_DIR, as
    kernels/cache.py sets it) in a folder named as numba names it (the source folder's name and the
    SHA-1 of its path), else beside the source in ``__pycache__`` (numba's default)."""
    folder = os.path.dirname(os.path.abspath(source))
    if chosen:
        return Path(chosen) / f"{os.path.basename(folder)}_{hashlib.sha1(folder.encode()).hexdigest()}"
    return Path(folder) / "__pycache__"


def _numba_version() -> str | None:
    """The installed numba's version, read from its metadata (numba is not imported)."""
    from importlib import metadata

    try:
        return metadata.version("numba")
    except metadata.PackageNotFoundError:
        return None


def _index_fresh(index: Path, built: float, digest: bytes, numba_version: str | None) -> bool:
    """Will numba take this index file as up to date for the source? An index starts with numba's version
    (pickled), then the source's stamp: its SHA-256 in numba 0.68 (so a fresh checkout or a reinstall of
    the same source, newer files with the same bytes, still loads the cache, and numba never rewrites
    the index), its modification time and size in older releases (so numba rewrites the index after
    any change, and a fresh index is no older than the source). Read as bytes, never unpickled."""
    try:
        data = index.read_bytes()
        newer = index.stat().st_mtime >= built
    except OSError:
        return False
    if data and numba_version is not None and numba_version.encode() not in data[:64]:
        return False  # another numba's index: numba compiles again
    return newer or digest in data


def kernels_compiled(cache_dir: Path, source: Path, names: tuple[str, ...] = ENTRY_KERNELS,
                     stamp: tuple[bytes, float] | None = None) -> bool:
    """True when every kernel in ``names`` has an index file in ``cache_dir`` (for this Python) that numba
    will take as up to date (_index_fresh): numba will load them instead of compiling. ``stamp``: the
    digest and the time the index must carry or follow (the kernels' own: kernels/cache.py's
    package_stamp); by default the source file's bytes and time, as numba stamps a plain module."""
    stem = source.stem
    python = f"py{sys.version_info.major}{sys.version_info.minor}"
    try:
        if stamp is None:
            built = source.stat().st_mtime
            digest = hashlib.sha256(source.read_bytes()).digest()
        else:
            digest, built = stamp
        # numba names an index "<module>.<function>-<first line>.<python><abiflags>.nbi"
        indexes = [p for p in cache_dir.iterdir() if p.suffix == ".nbi" and f".{python}" in p.name]
    except OSError:  # no cache folder yet
        return False
    version = _numba_version()

    def compiled(name: str) -> bool:  # only the entry kernels' indexes are read
        return any(p.name.startswith(f"{stem}.{name}-") and _index_fresh(p, built, digest, version)
                   for p in indexes)

    return all(compiled(name) for name in names)


def compiled(name: str, entries: tuple[str, ...] | None = None) -> bool:
    """Are family ``name``'s kernels (or these ``entries`` of it) all in the cache, up to date?"""
    from ..kernels import cache

    family = families.FAMILIES[name]
    chosen = cache.configure()
    if not cache.ENABLED:
        return False  # no cache at all: every run compiles
    by_module: dict[str, list[str]] = {}
    for entry in family.entries if entries is None else entries:
        module, function = entry.split(":")
        by_module.setdefault(module, []).append(function)
    stamp = (cache.package_stamp(), cache.kernels_changed_at())  # every kernel's (kernels/cache.py)
    for module, functions in by_module.items():
        source = kernel_source(module)
        if not kernels_compiled(kernel_cache_dir(chosen, source), source, tuple(functions), stamp):
            return False
    return True


def _estimate(names: list[str]) -> int:
    return sum(families.FAMILIES[n].seconds for n in names)


def notice(names: list[str]) -> str:
    """The first-run line for these pending families."""
    what = ", ".join(families.FAMILIES[n].what for n in names)
    return (f"{PROG}: compiling the kernels once ({what}: about {_estimate(names)} s on 2 cores); "
            "later runs start at once")


def write(stream: TextIO | None, line: str) -> None:
    """One line on ``stream`` (stderr when None); nothing if it is closed or gone."""
    try:
        stream = stream or sys.stderr
        if stream is not None:
            stream.write(line + "\n")
            stream.flush()
    except (OSError, ValueError):  # stderr closed or gone: the run goes on without the line
        pass


def expect(*names: str, stream: TextIO | None = None, here: tuple[str, ...] | None = None) -> list[str]:
    """The command will run these families: one line naming those not compiled (with the kernels of
    other families their first calls compile: ``includes``); the pending ones. ``here``: the families this
    process compiles itself (default: the first pending one), every other pending one goes aside (practice:
    the seat view compiles while the player thinks over his exchange)."""
    pending = []
    for name in names:
        if name in _checked:
            continue
        _checked.add(name)
        if not compiled(name):
            pending.append(name)
        for other, entries in families.FAMILIES[name].includes:
            if other not in _checked and not compiled(other, entries):
                pending.append(other)  # not marked checked: a later call of its own kernels is checked apart
    _pending.extend(pending)
    if pending and not _silenced:
        write(stream, notice(pending))
    _hand_aside(names, pending, here)
    return pending


def starting(name: str, stream: TextIO | None = None) -> bool:
    """The engine is about to call family ``name``'s kernels: progress if it was expected among several
    pending, else the first-run line if it is not compiled; then, if a second process compiles it, wait for
    that. True if a line was written."""
    written = _starting_line(name, stream)
    _wait_aside(name)
    return written


def _starting_line(name: str, stream: TextIO | None) -> bool:
    if name not in _checked:  # nobody expected it (a library caller): check it now
        return bool(expect(name, stream=stream))
    if name not in _pending or len(_pending) < 2 or _silenced:
        return False
    group = [name, *(n for n, _ in families.FAMILIES[name].includes if n in _pending)]  # compiled by the same call
    places = sorted(_pending.index(n) + 1 for n in group)
    alone = len(group) == len(_pending) - _pending.count("")  # one call compiles them all: the line said it
    for n in group:
        _pending[_pending.index(n)] = ""  # said once
    _checked.update(group)
    if alone and "" not in _pending[:min(places) - 1]:
        return False
    write(stream, f"{PROG}: compiling {' and '.join(map(str, places))} of {len(_pending)}: "
                  f"{' with '.join(families.FAMILIES[n].what for n in group)} (about {_estimate(group)} s"
                  f"{', begun in a second process at the start' if name in _aside else ''})")
    return True


def answered_without(name: str, how: str, stream: TextIO | None = None) -> None:
    """Family ``name`` is not compiled, and the engine answers without its kernels (``how``: "by the plain
    solver (same values)"): one line saying so and how to compile them (not with ``--quiet``); the family
    counts as checked (this run calls none of its kernels). With no cache at all (kernels/cache.py warned),
    nothing could keep the kernels compiled: the line does not send the user to ``warm``."""
    from ..kernels import cache

    _checked.add(name)
    if not _silenced:
        advice = f"; `{PROG} warm --only {name}` compiles it" if cache.ENABLED else " (no cache to compile it into)"
        write(stream, f"{PROG}: {families.FAMILIES[name].what} is not compiled yet: answered {how}{advice}")


def said(names) -> None:
    """The lines for these families are said by the caller (piquet-calc warm): none from the engines."""
    _checked.update(names)


def announce(stream: TextIO | None = None) -> bool:
    """The declaration kernels' first-run line (as ``starting(DECLARATIONS.name)``); True if printed."""
    return starting(families.DECLARATIONS.name, stream)
