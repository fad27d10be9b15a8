"""Where numba keeps its compiled cache, and numba's environment checked: all before numba is imported.

numba loads its cache index with pickle, so a cache folder that someone else can write lets them run code
as the user. A folder is used only if it is a directory owned by the user, that nobody else can write,
in folders that nobody else can rename it out of (owned by the user or root; writable by others only
with the sticky bit, as ``/tmp``). Order:

1. ``NUMBA_CACHE_DIR`` if the user set it: it must pass, else SetupError (one line, exit 2);
2. the package's own ``__pycache__`` (numba's default);
3. ``$XDG_CACHE_HOME/piquet-calc/numba`` (or ``~/.cache/...``), made with mode 0700;
4. ``<tempdir>/piquet-calc-numba-<uid>``, made with mode 0700;
5. a fresh private folder (``tempfile.mkdtemp``), removed at exit; a warning if 4 was refused;
6. none at all (read-only temporary folder and home): the kernels compile without a cache
   (``ENABLED`` is False; kernel modules pass ``cache=cache.ENABLED``), with one warning line.

``NUMBA_NUM_THREADS``, when set, must be a whole number from 1 to MAX_THREADS (SetupError otherwise).

Numba stamps a cached kernel with its own source file's bytes only, so a kernel whose callee in another
file changed (a room of the play solver, a layout constant) would load stale code. ``stamp_with_package``
(called by kernels/jit.py before any kernel is defined) makes every kernel's stamp ``package_stamp()``:
the SHA-256 of every file of kernels/, so that any change to any of them compiles every kernel again.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path

from ..cards import quote, quote_path

ENABLED = True  # False when no folder can be used: the kernels then compile with cache=False
MAX_THREADS = 256  # worker threads (engine/enumeration.py): each keeps its own row of counts
PROG = "piquet-calc"
PACKAGE_CACHE = Path(__file__).parent / "__pycache__"  # numba's own default for these modules

_chosen: list[str | None] = []  # configure()'s answer, once per process
KERNELS = Path(__file__).parent
_stamps: dict[tuple, bytes] = {}  # package_stamp's answer by the files' names, sizes and times


class SetupError(RuntimeError):
    """The environment the kernels would run in cannot be used; the message is one line for the user."""


def warn(message: str) -> None:
    """One warning line on stderr; nothing if stderr is closed or broken (a run must not fail for it)."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(f"{PROG}: warning: {message}\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def unsafe(path: Path) -> str | None:
    """Why ``path`` must not hold the cache (None: it may): it must be a directory of this user's that
    nobody else can write, inside folders nobody else can rename it out of."""
    uid = os.geteuid() if hasattr(os, "geteuid") else None  # Windows: no owners to check
    try:
        real = Path(os.path.realpath(path))
        st = os.stat(real)
        if not stat.S_ISDIR(st.st_mode):
            return "not a folder"
        if uid is None:
            pass
        elif st.st_uid != uid:
            return f"owned by another user (uid {st.st_uid})"
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return f"writable by group or others (mode {stat.S_IMODE(st.st_mode):04o})"
        for parent in real.parents if uid is not None else ():
            ps = os.stat(parent)
            if ps.st_uid not in (uid, 0):
                return f"inside {parent}, owned by another user (uid {ps.st_uid})"
            if ps.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not ps.st_mode & stat.S_ISVTX:
                return f"inside {parent}, writable by others"
        tempfile.TemporaryFile(dir=real).close()  # what numba checks before it writes there
    except OSError as e:
        return e.strerror or str(e)
    return None


def _private(path: Path) -> str | None:
    """Make ``path`` (mode 0700) if it is missing; why it cannot hold the cache, or None."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        return e.strerror or str(e)
    return unsafe(path)


def choose_cache_dir(package_cache: Path | None = None) -> str | None:
    """The folder to give numba; None to keep numba's default, the package's own ``__pycache__``.

    Raises SetupError for a ``NUMBA_CACHE_DIR`` that cannot be used, and for no folder at all returns "":
    the kernels then run without a cache.
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        given = os.environ["NUMBA_CACHE_DIR"]
        why = _private(Path(given))
        if why is not None:
            raise SetupError(f"NUMBA_CACHE_DIR {quote_path(given)} cannot hold the compiled kernels: {why} "
                             "(name a folder only you can write, or unset it)")
        return given
    if unsafe(package_cache or PACKAGE_CACHE) is None:
        return None
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    if os.path.isabs(xdg) and _private(Path(xdg) / "piquet-calc" / "numba") is None:
        return str(Path(xdg) / "piquet-calc" / "numba")
    try:
        shared = Path(tempfile.gettempdir()) / f"piquet-calc-numba-{getattr(os, 'getuid', lambda: 'user')()}"
    except OSError as e:  # no usable temporary folder at all
        warn(f"no folder to cache the compiled kernels in ({e.strerror or e}): compiling them afresh, "
             "without a cache")
        return ""
    why = _private(shared)
    if why is None:
        return str(shared)
    try:
        fresh = tempfile.mkdtemp(prefix="piquet-calc-numba-")  # mode 0700, ours alone
    except OSError as e:
        warn(f"no folder to cache the compiled kernels in ({e.strerror or e}): compiling them afresh, "
             "without a cache")
        return ""
    atexit.register(shutil.rmtree, fresh, ignore_errors=True)
    if shared.exists() or shared.is_symlink():
        warn(f"not using the kernels' cache folder {shared}: {why}; compiling into a fresh private folder")
    return fresh


def check_threads() -> None:
    """``NUMBA_NUM_THREADS``, if set, must be a whole number from 1 to MAX_THREADS; empty is unset."""
    value = os.environ.get("NUMBA_NUM_THREADS")
    if value is None:
        return
    if not value.strip():
        del os.environ["NUMBA_NUM_THREADS"]  # numba would warn about an empty value, then use its default
        return
    text = value.strip()
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_THREADS):
        raise SetupError(f"NUMBA_NUM_THREADS: a whole number from 1 to {MAX_THREADS}, not {quote(value)}")


def configure() -> str | None:
    """Check numba's environment and choose its cache folder, once; call before importing numba."""
    global ENABLED
    if _chosen:
        return _chosen[0]
    check_threads()
    cache_dir = choose_cache_dir()
    if cache_dir == "":
        ENABLED = False
        cache_dir = None
    elif cache_dir is not None:
        os.environ["NUMBA_CACHE_DIR"] = cache_dir
        if "numba" in sys.modules:  # numba imported first has read the environment already
            import numba.core.config

            numba.core.config.CACHE_DIR = cache_dir
    _chosen.append(cache_dir)
    return cache_dir


def worker_count() -> int:
    """How many worker threads the engine runs: one per core, as numba counts them (NUMBA_NUM_THREADS)."""
    configure()
    import numba

    return numba.config.NUMBA_NUM_THREADS


def package_stamp() -> bytes:
    """The SHA-256 of every source file of kernels/ (names and bytes, in order): the stamp of every cached
    kernel (``stamp_with_package``). Plain Python: engine/first_run.py reads it without numba."""
    files = sorted(p for p in KERNELS.rglob("*.py") if "__pycache__" not in p.parts)
    key = tuple((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files)
    if key not in _stamps:
        h = hashlib.sha256()
        for p in files:
            h.update(p.relative_to(KERNELS).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
        _stamps.clear()
        _stamps[key] = h.digest()
    return _stamps[key]


def kernels_changed_at() -> float:
    """The latest modification time of a source file of kernels/ (older numbas stamp with times)."""
    return max(p.stat().st_mtime for p in KERNELS.rglob("*.py") if "__pycache__" not in p.parts)


def stamp_with_package() -> None:
    """Numba's cache locators, for the files of kernels/, stamp with ``package_stamp()`` instead of the one
    file's bytes (module docstring). Call after configure() and before any kernel is defined; once."""
    import numba.core.caching as caching

    if getattr(caching, "_piquet_calc_stamped", False):
        return

    class WholePackage:
        """A locator for a kernel of kernels/: numba's own, stamped with the whole package."""

        @classmethod
        def from_function(cls, py_func, py_file):  # noqa: ANN001, ANN206
            if not os.path.abspath(py_file).startswith(str(KERNELS) + os.sep):
                return None
            return super().from_function(py_func, py_file)

        def get_source_stamp(self) -> bytes:
            return package_stamp()

    names = ("UserProvidedCacheLocator", "InTreeCacheLocator", "UserWideCacheLocator")
    bases = [getattr(caching, n, None) or getattr(caching, "_" + n) for n in names]
    impl = getattr(caching, "CacheImpl", None) or caching._CacheImpl
    impl._locator_classes[:0] = [type(f"WholePackage{b.__name__}", (WholePackage, b), {}) for b in bases]
    caching._piquet_calc_stamped = True
