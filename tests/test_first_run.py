"""The first run after an install says on stderr, once, that it is compiling the kernels."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import piquet_calc
from piquet_calc.cli import app
from piquet_calc.engine import families, first_run
from piquet_calc.kernels.cache import package_stamp

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


DECLARE = ["-m", "piquet_calc", "declare", HAND, "--discards", "7S 8S 7H 8H 7D", "--elder"]
PLAY_E, PLAY_D = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
# each family and a command that compiles it (and no other family), with what it prints on stdout
COMMANDS = {
    "declarations": DECLARE,
    "play": ["-m", "piquet_calc", "play", PLAY_E, PLAY_D],
    "exchange-normand": ["-m", "piquet_calc", "discard", "TS 9S 8S 7S TH 9H 8H TD 9D 7C", "--rules", "normand",
                         "--dealer", "--top", "1"],
    "declarations-normand": ["-m", "piquet_calc", "declare", "AS KS QS JS TS 9S AH KH QH AC", "--rules", "normand",
                             "--seat", "dealer", "--discards", "8D 7D"],
    "declarations-four": ["-m", "piquet_calc", "declare", "AS KS QS AH KH AD KD 7C", "--rules", "four", "--seat",
                          "dealer"],
    "play-normand": ["-m", "piquet_calc", "play", "AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D",
                     "KD QD JD TD 9D JC TC 7C 8H 7H", "--rules", "normand", "--tricks", "AS 7S 7H, AH 9H 8H"],
}


@pytest.fixture
def fresh_state(monkeypatch):
    """first_run's per-process state as a new process has it."""
    for name, value in (("_silenced", False), ("_pending", []), ("_checked", set()), ("_aside", {}),
                        ("_aside_start", None)):
        monkeypatch.setattr(first_run, name, value)


@pytest.fixture
def fake_cache(tmp_path, monkeypatch, fresh_state):
    """kernels/cache.py chooses ``tmp_path``; ``fill(family)`` writes the family's index files as numba would."""
    from piquet_calc.kernels import cache

    monkeypatch.setattr(cache, "configure", lambda: str(tmp_path))
    monkeypatch.setattr(cache, "ENABLED", True)
    python = f"py{sys.version_info.major}{sys.version_info.minor}"

    def fill(name: str) -> None:
        for entry in families.FAMILIES[name].entries:
            module, function = entry.split(":")
            source = first_run.kernel_source(module)
            folder = first_run.kernel_cache_dir(str(tmp_path), source)
            folder.mkdir(parents=True, exist_ok=True)
            _index(folder / f"{source.stem}.{function}-10.{python}.nbi", first_run._numba_version() or "0.68.1",
                   package_stamp())

    return fill


@pytest.mark.parametrize("name", list(families.FAMILIES))
def test_each_family_is_announced_exactly_when_it_will_compile(name, fake_cache, capsys):
    """No index files: the line, naming the family, on stderr; its index files fresh: nothing."""
    assert first_run.starting(name)
    out, err = capsys.readouterr()
    with_it = [name, *(n for n, _ in families.FAMILIES[name].includes)]  # the sampler compiles the solver's
    assert out == "" and err == first_run.notice(with_it) + "\n"
    assert families.FAMILIES[name].what in err and "on 2 cores" in err
    assert not first_run.starting(name)  # said once a process
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", list(families.FAMILIES))
def test_no_line_for_a_compiled_family(name, fake_cache, capsys):
    for n in (name, *(n for n, _ in families.FAMILIES[name].includes)):
        fake_cache(n)
    assert first_run.compiled(name)
    assert first_run.expect(name) == [] and not first_run.starting(name)
    assert capsys.readouterr() == ("", "")
    filled = {m for n in (name, *(n for n, _ in families.FAMILIES[name].includes))
              for m in families.FAMILIES[n].modules}
    others = [n for n in families.FAMILIES if not set(families.FAMILIES[n].modules) & filled]
    assert not any(first_run.compiled(n) for n in others)  # one family's kernels say nothing of another's


def test_one_line_for_every_family_a_command_compiles_then_which_is_compiling(fake_cache, capsys):
    """The whole-deal analysis: one line with the three families' total (the play solver's kernels come
    with the sampler's), then progress, n of m."""
    assert first_run.expect("declarations", "deal") == ["declarations", "deal", "play"]
    err = capsys.readouterr().err
    total = sum(families.FAMILIES[n].seconds for n in ("declarations", "play", "deal"))
    assert err.count("\n") == 1 and f"about {total} s on 2 cores" in err
    assert all(families.FAMILIES[n].what in err for n in ("declarations", "play", "deal"))
    assert first_run.starting("declarations")
    assert capsys.readouterr().err == "piquet-calc: compiling 1 of 3: the declaration counts (about " \
        f"{families.FAMILIES['declarations'].seconds} s)\n"
    assert first_run.starting("deal")  # its first call compiles the play solver too
    assert "compiling 2 and 3 of 3: the whole-deal sampler with the play solver" in capsys.readouterr().err
    assert not first_run.starting("play") and not first_run.starting("deal")
    assert capsys.readouterr() == ("", "")


def test_a_second_process_compiles_every_family_but_the_first_and_is_waited_for_once(fake_cache, capsys):
    """With a starter (the console command's: cli/warm.py ``aside``), the whole deal's first run hands the
    sampler (whose first call compiles the play solver's kernels too) to it and compiles the declaration counts
    itself; the engine waits for it once, where it is about to call the sampler (or the solver), never before."""
    started, waited = [], []
    first_run.compile_aside(lambda name: started.append(name) or (lambda: waited.append(name)))
    assert first_run.expect("declarations", "deal") == ["declarations", "deal", "play"]
    assert started == ["deal"] and waited == []
    first_run.starting("declarations")
    assert waited == []
    assert "begun in a second process" not in capsys.readouterr().err  # this process compiles it
    first_run.starting("deal")
    assert waited == ["deal"]
    assert capsys.readouterr().err == ("piquet-calc: compiling 2 and 3 of 3: the whole-deal sampler with the play "
                                       "solver (about 50 s, begun in a second process at the start)\n")
    first_run.starting("play")  # the solver's kernels came with the sampler's: the same process, waited for
    assert waited == ["deal"] and capsys.readouterr() == ("", "")


def test_no_second_process_for_one_family_without_a_cache_or_a_starter(fake_cache, monkeypatch):
    from piquet_calc.kernels import cache

    started = []
    first_run.compile_aside(lambda name: started.append(name))  # returns None: not started, compile here
    assert first_run.expect("declarations") == ["declarations"] and started == []  # one family: nothing to share
    first_run.expect("deal")  # a later expect: the sampler (and the solver) pending, two families
    assert started == []  # "deal" is the first pending of that call: this process compiles it
    first_run.compile_aside(None)
    monkeypatch.setattr(first_run, "_checked", set())
    assert first_run.expect("declarations", "deal") and started == []
    monkeypatch.setattr(first_run, "_checked", set())
    first_run.compile_aside(lambda name: started.append(name))
    monkeypatch.setattr(cache, "ENABLED", False)  # nothing a second process could fill
    assert first_run.expect("declarations", "deal") and started == []


def test_only_the_families_left_to_compile_are_named(fake_cache, capsys):
    fake_cache("declarations")
    fake_cache("play")
    assert first_run.expect("declarations", "deal") == ["deal"]
    assert capsys.readouterr().err == first_run.notice(["deal"]) + "\n"
    assert not first_run.starting("deal")  # the line said it: no progress for one family


def test_the_sampler_needs_only_the_play_kernels_it_calls(fake_cache, capsys, tmp_path):
    """After a whole-deal run, whose sampler compiled the play solver's kernels it calls (the line's for the
    report, position_value for the race's rows: families.DEAL's includes): no line for that run again, nor for
    the play command, whose entries are those three; with position_value missing, the play family is named."""
    fake_cache("declarations")
    fake_cache("deal")
    python = f"py{sys.version_info.major}{sys.version_info.minor}"

    def compiled(module: str, entry: str) -> None:
        source = first_run.kernel_source(module)
        folder = first_run.kernel_cache_dir(str(tmp_path), source)
        folder.mkdir(parents=True, exist_ok=True)
        _index(folder / f"{source.stem}.{entry}-10.{python}.nbi", first_run._numba_version() or "0.68.1",
               package_stamp())

    compiled("play/transposition", "begin")
    compiled("play/line", "solve_line")
    assert first_run.expect("declarations", "deal") == ["play"]  # the race's position_value not yet
    capsys.readouterr()
    compiled("play/search", "position_value")
    assert first_run.expect("declarations", "deal") == []
    assert not first_run.starting("deal")
    assert not first_run.starting("play")
    assert capsys.readouterr().err == ""


def test_a_new_kernel_module_is_one_register_line(fake_cache, capsys, monkeypatch):
    from piquet_calc.engine import families

    monkeypatch.setattr(families, "FAMILIES", dict(families.FAMILIES))  # first_run reads the declarations there
    families.register("seen", ("seen:value_roots",), 3, "the root-card values")
    assert first_run.starting("seen")
    assert "the root-card values: about 3 s on 2 cores" in capsys.readouterr().err


def test_no_cache_at_all_means_every_run_compiles(fake_cache, monkeypatch):
    from piquet_calc.kernels import cache

    fake_cache("play")
    monkeypatch.setattr(cache, "ENABLED", False)
    assert not first_run.compiled("play")


def test_quiet_and_a_closed_stderr_print_nothing(fake_cache, capsys, monkeypatch):
    first_run.silence()
    assert first_run.expect("play", "deal") == ["play", "deal"]
    assert not first_run.starting("play")
    assert capsys.readouterr() == ("", "")
    monkeypatch.setattr(first_run, "_silenced", False)
    monkeypatch.setattr(sys, "stderr", None)
    assert first_run.starting("declarations-four")  # nowhere to write: no error


def test_the_line_comes_before_compiling_and_silence_stops_it(tmp_path):
    """Importing the engine announces (nothing is compiled yet); ``silence()``, as ``--quiet`` calls it,
    keeps the process quiet. The engines of normand and of four players import no declaration kernels."""
    loud = run(["-c", "import piquet_calc.engine.enumeration"], tmp_path / "a")
    assert loud.returncode == 0 and loud.stderr == first_run.notice(["declarations"]) + "\n"
    quiet = run(["-c", "from piquet_calc.engine import first_run; first_run.silence(); "
                       "import piquet_calc.engine.enumeration"], tmp_path / "b")
    assert quiet.returncode == 0 and quiet.stderr == ""
    other = run(["-c", "import sys, piquet_calc.engine.declarations_normand, piquet_calc.engine.declarations_four, "
                       "piquet_calc.engine.play; "
                       "print(sorted(m for m in sys.modules if m.startswith('piquet_calc.kernels.')))"], tmp_path / "c")
    assert other.returncode == 0 and other.stderr == "", other.stderr
    assert "declarations" not in other.stdout and "numba" not in other.stdout


def test_commands_import_only_their_kernels():
    """Each command imports the kernel modules it calls and no other (nothing is compiled: the analyses
    are stopped at their first kernel call). Every family is taken as compiled, so that `play` takes the
    kernels' road whatever this machine's cache holds (on a cold cache it answers from the plain solver and
    imports no kernel: tests/test_play_plain.py)."""
    code = ("import sys\n"
            "from piquet_calc.engine import first_run\n"
            "first_run.compiled = lambda *names: True\n"
            "class Stop(Exception): pass\n"
            "def stop(name, stream=None): raise Stop(name)\n"
            "first_run.starting = stop\n"
            "from piquet_calc.cli import app\n"
            "try: app(sys.argv[1:], standalone_mode=False)\n"
            "except Stop as e: print(e)\n"
            "print(' '.join(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('piquet_calc.kernels.'))))")
    for name, args in COMMANDS.items():
        out = run(["-c", code, *args[2:]], None)
        family, modules = out.stdout.splitlines()
        assert family == name, out.stderr
        assert modules.split() == sorted({"cache", "layout"}), (name, modules)


@pytest.mark.slow  # compiles each family into an empty cache: a minute or two on 2 cores
# `play` compiles nothing on an empty cache: it answers from the plain solver (tests/test_play_plain.py), and
# `play --rules normand` likewise (tests/test_play_normand.py)
@pytest.mark.parametrize("name", [n for n in COMMANDS if n not in ("play", "play-normand")])
def test_the_line_appears_once_on_a_fresh_cache_and_not_on_the_next_run(name, tmp_path):
    first = run(COMMANDS[name], tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stderr.splitlines().count(first_run.notice([name])) == 1, first.stderr
    assert "compiling" not in first.stdout
    second = run(COMMANDS[name], tmp_path)
    assert second.returncode == 0, second.stderr
    assert "compiling" not in second.stderr
    assert second.stdout == first.stdout


@pytest.mark.slow  # compiles every family
def test_warm_compiles_everything_and_no_command_announces_after(tmp_path):
    warm = run(["-m", "piquet_calc", "warm"], tmp_path)
    assert warm.returncode == 0, warm.stderr
    n = len(families.FAMILIES)
    assert [line.split(":")[1] for line in warm.stderr.splitlines()] == [f" compiling {i} of {n}" for i in
                                                                          range(1, n + 1)], warm.stderr
    assert "already compiled: nothing" in warm.stdout
    again = run(["-m", "piquet_calc", "warm"], tmp_path)
    assert again.stderr == "" and "compiled: nothing" in again.stdout
    for args in [*COMMANDS.values(), ["-m", "piquet_calc", "discard", HAND, "--elder", "--play", "--samples", "2"],
                 ["-m", "piquet_calc", "play", "--seat", "elder", "AS KS QS JS TS AH KH QH AD KD 7C 8C", "--discards",
                  "7S 8S 7H 9C 7D"]]:
        r = run(args, tmp_path)
        assert r.returncode == 0 and "compil" not in r.stderr, (args, r.stderr)  # play: the kernel road


def test_no_line_once_the_kernels_are_compiled():
    """A run after one that compiled (here: this process, in the cache a subprocess also chooses)."""
    r = CliRunner().invoke(app, ["declare", HAND, "--discards", "7S 8S 7H 8H 7D", "--elder"])
    assert r.exit_code == 0, r.output
    again = run(DECLARE, None)
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
    assert source == Path(declarations.count.__file__)
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


def test_every_family_has_one_warm_up_call():
    """piquet-calc warm knows every family, and nothing else (piquet_calc/warmup.py)."""
    from piquet_calc import warmup

    assert list(warmup.WARMERS) == list(families.FAMILIES)


def test_every_declared_family_is_named_in_one_place():
    """engine/families.py declares each family once; first_run, warm's --only (its help and the names it takes)
    and the warm-ups read it, and the names follow the games' rule (suffixed -normand, -four)."""
    from typer.testing import CliRunner

    from piquet_calc.cli.app import app
    from piquet_calc.engine import families

    assert families.FAMILIES is families.FAMILIES
    assert list(families.FAMILIES) == ["declarations", "play", "deal", "seen", "exchange-normand",
                                       "declarations-normand", "declarations-four", "play-four", "play-normand",
                                       "deal-normand"]
    out = CliRunner().invoke(app, ["warm", "--help"], env={"COLUMNS": "400", "TERM": "dumb"}).output
    assert ", ".join(families.FAMILIES) in " ".join(out.replace("│", " ").split())
    bad = CliRunner().invoke(app, ["warm", "--only", "normand-play"])
    assert bad.exit_code == 2 and "no kernel family 'normand-play'" in bad.output


def test_every_entry_kernel_is_one_the_engine_calls():
    """A family's entries are the kernels the engine calls from Python: an entry nothing calls is never compiled,
    so the notice would come on every run and ``warm`` would compile the family every time (issue 29: the
    seen family named ``card_values``, which only ``batch_values``'s callers ever reach)."""
    engine = Path(first_run.__file__).parent
    source = "\n".join(p.read_text() for p in engine.glob("*.py"))
    for family in families.FAMILIES.values():
        for entry in family.entries:
            module, function = entry.split(":")
            assert first_run.kernel_source(module).exists(), entry
            assert f".{function}(" in source, (family.name, entry)


def test_every_kernel_is_stamped_with_the_whole_kernel_package(tmp_path):
    """A kernel whose callee in another room changed compiles again: every kernel's index carries the stamp
    of all of kernels/ (kernels/cache.py), not its own file's alone, and the first-run check reads that."""
    code = ("from piquet_calc.kernels.play import transposition\n"
            "import numpy as np\n"
            "transposition.begin(np.zeros((3, 3), dtype=np.int64))\n")
    out = run(["-c", code], tmp_path)
    assert out.returncode == 0, out.stderr
    index = next(tmp_path.glob("play_*/transposition.begin-*.nbi"))
    assert package_stamp() in index.read_bytes()
