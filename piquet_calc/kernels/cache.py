"""Where numba keeps its compiled cache: chosen before numba is imported, so a read-only install runs.

Order: ``NUMBA_CACHE_DIR`` if the user set it; the package's own ``__pycache__`` if writable (numba's
default); else ``$XDG_CACHE_HOME/piquet-calc/numba`` (or ``~/.cache/...``); else a temporary directory.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _writable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def choose_cache_dir() -> str | None:
    """The directory to give numba, or None to keep numba's in-tree default."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.environ["NUMBA_CACHE_DIR"]
    if _writable(Path(__file__).parent / "__pycache__"):
        return None
    xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    for candidate in (Path(xdg) / "piquet-calc" / "numba",
                      Path(tempfile.gettempdir()) / f"piquet-calc-numba-{os.getuid()}"):
        if _writable(candidate):
            return str(candidate)
    return tempfile.mkdtemp(prefix="piquet-calc-numba-")


def configure() -> str | None:
    cache_dir = choose_cache_dir()
    if cache_dir is not None:
        os.environ["NUMBA_CACHE_DIR"] = cache_dir
        import numba.core.config  # if numba was imported first, its config has already read the env

        numba.core.config.CACHE_DIR = cache_dir
    return cache_dir
