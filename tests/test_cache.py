"""Where the compiled kernels are cached: never in a folder someone else could plant code in.

numba loads its cache index with pickle, so the folder must be the user's own and writable by nobody
else (kernels/cache.py). These tests choose folders in-process, with the package's own ``__pycache__``,
the home cache and the temporary folder pointed where each test wants them; the subprocess tests
check the command line's answer to an unusable environment.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from piquet_calc.kernels import cache

NOWHERE = Path("/dev/null/nowhere")  # not a directory, and cannot be made one, even by root
UID = os.getuid()


@pytest.fixture
def place(tmp_path, monkeypatch):
    """No NUMBA_CACHE_DIR, no usable package or home cache; a temporary folder of the test's own."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(NOWHERE))
    monkeypatch.setattr(cache, "PACKAGE_CACHE", NOWHERE)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp))
    return tmp


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_new_shared_folder_is_made_private(place, capsys):
    chosen = cache.choose_cache_dir()
    assert chosen == str(place / f"piquet-calc-numba-{UID}")
    assert mode(chosen) == 0o700
    assert capsys.readouterr().err == ""


def test_a_world_writable_folder_is_not_used(place, capsys):
    planted = place / f"piquet-calc-numba-{UID}"
    planted.mkdir()
    planted.chmod(0o777)
    chosen = cache.choose_cache_dir()
    assert chosen != str(planted) and Path(chosen).parent == place and mode(chosen) == 0o700
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("piquet-calc: warning: not using") and "writable by" in err


def test_a_folder_owned_by_someone_else_is_not_used(place, capsys):
    planted = place / f"piquet-calc-numba-{UID}"
    planted.mkdir(mode=0o700)
    try:
        os.chown(planted, 65534, 65534)  # nobody
    except PermissionError:
        pytest.skip("the test user cannot give a folder away")
    chosen = cache.choose_cache_dir()
    assert chosen != str(planted) and mode(chosen) == 0o700 and os.stat(chosen).st_uid == os.geteuid()
    assert "owned by another user (uid 65534)" in capsys.readouterr().err


def test_a_symlink_to_someone_elses_folder_is_not_used(place, tmp_path):
    theirs = tmp_path / "theirs"
    theirs.mkdir(mode=0o700)
    try:
        os.chown(theirs, 65534, 65534)
    except PermissionError:
        pytest.skip("the test user cannot give a folder away")
    (place / f"piquet-calc-numba-{UID}").symlink_to(theirs)
    assert not cache.choose_cache_dir().startswith(str(theirs))


def test_a_folder_inside_one_others_can_write_is_not_used(tmp_path):
    open_parent = tmp_path / "open"
    open_parent.mkdir()
    open_parent.chmod(0o777)  # no sticky bit: anyone could rename the cache folder away and put theirs
    (open_parent / "numba").mkdir(mode=0o700)
    assert "writable by others" in cache.unsafe(open_parent / "numba")
    open_parent.chmod(0o1777)  # as /tmp: the sticky bit keeps others from renaming what is ours
    assert cache.unsafe(open_parent / "numba") is None


def test_the_home_cache_is_made_private_and_preferred(place, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    chosen = cache.choose_cache_dir()
    assert chosen == str(tmp_path / "home-cache" / "piquet-calc" / "numba") and mode(chosen) == 0o700
    Path(chosen).chmod(0o770)  # group-writable: refused, the temporary folder instead
    assert cache.choose_cache_dir() == str(place / f"piquet-calc-numba-{UID}")


def test_no_usable_folder_at_all_means_no_cache(place, monkeypatch, capsys):
    monkeypatch.setattr(tempfile, "tempdir", str(NOWHERE))  # a read-only temporary folder, and home
    assert cache.choose_cache_dir() == ""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("piquet-calc: warning: no folder to cache the compiled kernels")


@pytest.mark.parametrize(("value", "why"), [
    (str(NOWHERE), "Not a directory"),
    ("world", "writable by group or others"),
])
def test_numba_cache_dir_that_cannot_be_used_is_an_error(value, why, tmp_path, monkeypatch):
    world = tmp_path / "world"
    world.mkdir()
    world.chmod(0o777)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(world) if value == "world" else value)
    with pytest.raises(cache.SetupError, match=why):
        cache.choose_cache_dir()


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env})


# a process with a read-only temporary folder and package cache (with HOME and XDG_CACHE_HOME in NO_HOME):
# no folder can hold the cache
NO_FOLDER = ("import tempfile, pathlib\n"
             "tempfile.tempdir = '/dev/null/tmp'\n"
             "import piquet_calc.kernels.cache as c\n"
             "c.PACKAGE_CACHE = pathlib.Path('/dev/null/pycache')\n")
NO_HOME = {"HOME": "/dev/null", "XDG_CACHE_HOME": "/dev/null/cache", "NUMBA_CACHE_DIR": ""}


def test_kernels_run_without_a_cache_when_no_folder_can_hold_one(tmp_path):
    """Read-only temporary folder and home: one warning line, the kernels compile with cache=False and run."""
    code = (NO_FOLDER +
            "from piquet_calc.kernels import declarations as k\n"
            "print(c.ENABLED, k.JIT['cache'], int(k.binomials(6)[6, 3]))")
    out = _run(code, **NO_HOME)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False", "20"]
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("piquet-calc: warning: no folder"), out.stderr


def test_every_kernel_module_follows_the_cache_rule():
    """No folder to cache in: every kernel of every kernel module (the rooms of a kernel package included)
    compiles with caching off (a module that set cache=True itself would write into whatever folder numba
    picks)."""
    code = (NO_FOLDER +
            "import importlib\n"
            "from numba.core.caching import NullCache\n"
            "from numba.core.registry import CPUDispatcher\n"
            "bad = []\n"
            "import pkgutil\n"
            "import piquet_calc.kernels as kernels\n"
            "for info in pkgutil.walk_packages(kernels.__path__, 'piquet_calc.kernels.'):\n"
            "    m = importlib.import_module(name := info.name)\n"
            "    for attr, f in vars(m).items():\n"
            "        mine = isinstance(f, CPUDispatcher) and f.__module__ == m.__name__\n"
            "        if mine and not isinstance(f._cache, NullCache):\n"
            "            bad.append(name + '.' + attr)\n"
            "print(c.ENABLED, bad)")
    out = _run(code, **NO_HOME)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "[]"], out.stdout


HAND = "AS AH AD AC KS KH KD QS QH JS TS 9S"
PLAY_E, PLAY_D = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
COMMANDS = [
    ["declare", HAND, "--discards", "7S 8S 7H 8H 7D", "--elder"],
    ["discard", "QS JS TS 9S 8S JH 9H KD QD AC JC TC", "--younger", "--top", "1"],
    ["play", PLAY_E, PLAY_D],
    ["discard", "TS 9S 8S 7S TH 9H 8H TD 9D 7C", "--rules", "normand", "--dealer", "--top", "1"],
    ["declare", "AS KS QS JS TS 9S AH KH QH AC", "--rules", "normand", "--seat", "dealer", "--discards", "8D 7D"],
    ["declare", "AS KS QS AH KH AD KD 7C", "--rules", "four", "--seat", "dealer"],
    ["score", PLAY_E, PLAY_D],
    ["odds", "AH KH", "--elder"],
    ["warm", "--only", "declarations-normand"],
]


def test_the_first_run_line_is_kept_when_nothing_can_be_cached():
    """No cache at all: every run compiles, and says so (after the warning)."""
    code = (NO_FOLDER + "from piquet_calc.engine import first_run\n"
            "print(first_run.compiled('play'), first_run.starting('play'))")
    out = _run(code, **NO_HOME)
    assert out.returncode == 0 and out.stdout.split() == ["False", "True"], out.stderr
    assert out.stderr.splitlines()[1] == first_run_notice("play")


def first_run_notice(name: str) -> str:
    from piquet_calc.engine import first_run

    return first_run.notice([name])


@pytest.mark.slow  # every kernel family compiled without a cache: minutes on 2 cores
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_every_command_runs_when_no_folder_can_hold_the_cache(args):
    code = NO_FOLDER + f"from piquet_calc.cli import app\napp({args!r}, prog_name='piquet-calc')\n"
    out = _run(code, **NO_HOME)
    assert out.returncode == 0, out.stderr
    assert out.stdout and "Traceback" not in out.stderr
    if args[0] in ("score", "odds"):  # no kernels: no folder wanted, nothing said
        assert out.stderr == ""
    else:
        assert out.stderr.startswith("piquet-calc: warning: no folder"), out.stderr
        if args[0] == "play":  # the play solver is never compiled here: the plain solver answers, and says so
            assert out.stderr.splitlines()[1:] == ["piquet-calc: the play solver is not compiled yet: answered by "
                                                   "the plain solver (same values) (no cache to compile it into)"]
        else:
            assert "compiling" in out.stderr  # and every run says it compiles
