"""The first run after an install compiles the kernels into numba's cache: say so, once, on stderr.

``announce()`` runs where the engine first imports the kernels (``engine/enumeration.py``). Importing
kernels/declarations.py compiles nothing (numba compiles each kernel at its first call), so the line
comes before the wait it explains. It is printed when the cache holds no up-to-date index file for one
of the kernels the engine calls: a fresh install, a cleared cache, a new ``NUMBA_CACHE_DIR``, a
changed kernels/declarations.py or another numba (numba then recompiles too). ``--quiet`` silences it
(``silence()``).
Plain Python: numba is not imported here (``kernels.cache.configure`` imports its config only).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import TextIO

NOTICE = "piquet-calc: compiling the kernels once (about 15 s on 2 cores); later runs start at once"

# the kernels the engine calls from Python; each has its own index file in numba's cache
ENTRY_KERNELS = ("binomials", "every_holding", "kept_and_columns", "count_draws", "add_totals", "holding_count")

_silenced = False


def silence() -> None:
    """No first-run line in this process (the CLI's ``--quiet``)."""
    global _silenced
    _silenced = True


def kernel_source() -> Path:
    """kernels/declarations.py, found without importing it (importing it imports numba)."""
    from .. import kernels

    return Path(kernels.__file__).with_name("declarations.py")


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


def kernels_compiled(cache_dir: Path, source: Path, names: tuple[str, ...] = ENTRY_KERNELS) -> bool:
    """True when every kernel in ``names`` has an index file in ``cache_dir`` (for this Python) that numba
    will take as up to date (_index_fresh): numba will load them instead of compiling."""
    stem = source.stem
    python = f"py{sys.version_info.major}{sys.version_info.minor}"
    try:
        built = source.stat().st_mtime
        digest = hashlib.sha256(source.read_bytes()).digest()
        # numba names an index "<module>.<function>-<first line>.<python><abiflags>.nbi"
        indexes = [p for p in cache_dir.iterdir() if p.suffix == ".nbi" and f".{python}" in p.name]
    except OSError:  # no cache folder yet
        return False
    version = _numba_version()

    def compiled(name: str) -> bool:  # only the entry kernels' indexes are read
        return any(p.name.startswith(f"{stem}.{name}-") and _index_fresh(p, built, digest, version)
                   for p in indexes)

    return all(compiled(name) for name in names)


def announce(stream: TextIO | None = None) -> bool:
    """Print NOTICE on ``stream`` (stderr) if the kernels are about to be compiled; True if printed."""
    if _silenced:
        return False
    from ..kernels import cache

    source = kernel_source()
    if kernels_compiled(kernel_cache_dir(cache.configure(), source), source):
        return False
    stream = stream or sys.stderr
    stream.write(NOTICE + "\n")
    stream.flush()
    return True
