"""The first run after an install says on stderr, once, that it is compiling the kernels."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import piquet_calc
from piquet_calc.cli import app
from piquet_calc.engine import first_run

PACKAGE_PARENT = Path(piquet_calc.__file__).resolve().parents[1]  # the copy this process imports
HAND = "AS AH AD AC KS KH KD QS QH JS TS 9S"


def run(args: list[str], cache: Path | None) -> subprocess.CompletedProcess:
    """``python ARGS`` on the package this process imports, with its own numba cache folder (None: this
    process's, as kernels/cache.py chose it)."""
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join(p for p in (str(PACKAGE_PARENT), os.environ.get("PYTHONPATH")) if p)}
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, cwd=PACKAGE_PARENT,
                          timeout=600)


@pytest.mark.slow  # compiles every kernel into an empty cache: 12 s on a quiet 2-core machine, 30 s on a busy one
def test_the_line_appears_once_on_a_fresh_cache_and_not_on_the_next_run(tmp_path):
    declare = ["-m", "piquet_calc", "declare", HAND, "--discards", "7S 8S 7H 8H 7D", "--elder"]
    first = run(declare, tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stderr.splitlines().count(first_run.NOTICE) == 1
    assert first_run.NOTICE not in first.stdout
    second = run(declare, tmp_path)
    assert second.returncode == 0, second.stderr
    assert first_run.NOTICE not in second.stderr
    assert second.stdout == first.stdout


def test_the_line_comes_before_compiling_and_silence_stops_it(tmp_path):
    """Importing the engine announces (nothing is compiled yet); ``silence()``, as ``--quiet`` calls it,
    keeps the process quiet."""
    loud = run(["-c", "import piquet_calc.engine.enumeration"], tmp_path / "a")
    assert loud.returncode == 0 and loud.stderr == first_run.NOTICE + "\n"
    quiet = run(["-c", "from piquet_calc.engine import first_run; first_run.silence(); "
                       "import piquet_calc.engine.enumeration"], tmp_path / "b")
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_no_line_once_the_kernels_are_compiled():
    """A run after one that compiled (here: this process, in the cache a subprocess also chooses)."""
    r = CliRunner().invoke(app, ["declare", HAND, "--discards", "7S 8S 7H 8H 7D", "--elder"])
    assert r.exit_code == 0, r.output
    again = run(["-m", "piquet_calc", "declare", HAND, "--discards", "7S 8S 7H 8H 7D", "--elder"], None)
    assert again.returncode == 0, again.stderr
    assert again.stderr == "" and again.stdout == r.stdout


def test_quiet_silences_the_line(monkeypatch):
    monkeypatch.setattr(first_run, "_silenced", False)
    r = CliRunner().invoke(app, ["discard", "QS JS TS 9S 8S JH 9H KD QD AC JC TC", "--younger", "--top", "1",
                                 "--quiet"])
    assert r.exit_code == 0, r.output
    assert first_run._silenced
    assert not first_run.announce()


def test_detection_needs_a_fresh_index_of_every_entry_kernel(tmp_path):
    source = tmp_path / "declarations.py"
    source.write_text("")
    cache = tmp_path / "cache"
    assert not first_run.kernels_compiled(cache, source)  # no folder yet
    cache.mkdir()
    assert not first_run.kernels_compiled(cache, source)
    python = f"py{sys.version_info.major}{sys.version_info.minor}"
    for name in first_run.ENTRY_KERNELS:
        (cache / f"declarations.{name}-10.{python}.nbi").write_bytes(b"")
    assert first_run.kernels_compiled(cache, source)
    (cache / f"declarations.count_draws-10.{python}.nbi").unlink()
    assert not first_run.kernels_compiled(cache, source)
    (cache / f"declarations.count_draws-99.{python}.nbi").write_bytes(b"")
    assert first_run.kernels_compiled(cache, source)
    # an index older than the source is stale: numba recompiles
    stamp = source.stat().st_mtime
    os.utime(cache / f"declarations.count_draws-99.{python}.nbi", (stamp - 60, stamp - 60))
    assert not first_run.kernels_compiled(cache, source)
    assert first_run.kernels_compiled(cache, source, names=("binomials",))


def test_the_cache_folder_is_the_one_numba_writes(tmp_path):
    """The folder named as numba's own cache locators name it, under NUMBA_CACHE_DIR or in-tree."""
    from piquet_calc.kernels import declarations  # noqa: I001 (imports numba after kernels/cache.py)
    import numba.core.caching
    import numba.core.config

    caching = numba.core.caching
    locator = getattr(caching, "UserProvidedCacheLocator", None) or caching._UserProvidedCacheLocator
    source = first_run.kernel_source()
    assert source == Path(declarations.__file__)
    old = numba.core.config.CACHE_DIR
    numba.core.config.CACHE_DIR = str(tmp_path)
    try:
        expected = locator(declarations.count_draws.py_func, str(source)).get_cache_path()
    finally:
        numba.core.config.CACHE_DIR = old
    assert first_run.kernel_cache_dir(str(tmp_path), source) == Path(expected)
    assert first_run.kernel_cache_dir(None, source) == source.parent / "__pycache__"


def _index(path: Path, version: str, stamp: object) -> None:
    """An index file as numba writes one: its version pickled, then the source's stamp and the overloads."""
    import pickle

    with path.open("wb") as f:
        pickle.dump(version, f, protocol=-1)
        f.write(pickle.dumps((stamp, {}), protocol=-1))


def test_an_index_stamped_with_the_sources_bytes_is_fresh_though_older(tmp_path):
    """numba 0.68 stamps an index with the SHA-256 of the source, so a fresh checkout of the same source
    (newer files, the same bytes) loads the cache and numba leaves the old index as it is: no line then."""
    import hashlib

    from piquet_calc.engine.first_run import _numba_version

    source = tmp_path / "declarations.py"
    source.write_text("x = 1\n")
    cache = tmp_path / "cache"
    cache.mkdir()
    python = f"py{sys.version_info.major}{sys.version_info.minor}"
    version = _numba_version() or "0.68.1"
    digest = hashlib.sha256(source.read_bytes()).digest()
    for name in first_run.ENTRY_KERNELS:
        _index(cache / f"declarations.{name}-10.{python}.nbi", version, digest)
    old = source.stat().st_mtime - 3600
    for p in cache.iterdir():
        os.utime(p, (old, old))
    assert first_run.kernels_compiled(cache, source)
    source.write_text("x = 2\n")  # other bytes: numba compiles again
    assert not first_run.kernels_compiled(cache, source)
    source.write_text("x = 1\n")
    _index(cache / f"declarations.binomials-10.{python}.nbi", "0.0.1", digest)  # another numba's index
    assert not first_run.kernels_compiled(cache, source)
    assert first_run.kernels_compiled(cache, source, names=("count_draws",))
