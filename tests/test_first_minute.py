"""A user's first minute and daily habits (issue 40): --version, the help page, shell completion and the default
rules from PIQUET_CALC_RULES. Each in a fresh process, as the user meets it."""

import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
import typer

import piquet_calc
from piquet_calc.cli import app
from piquet_calc.cli.about import FIRST_EXAMPLE, RULES_VARIABLE

ROOT = Path(__file__).resolve().parents[1]
ELDER = "AH 9H AC KC QC JC KD QD JD TD 9D KS"  # book 002's deal (README, score)
DEALER = "AS QS JS 9S KH QH JH 8H AD 8D TC 9C"


def run(*args: str, path: tuple[Path, ...] = (), **env: str) -> subprocess.CompletedProcess:
    """piquet-calc in a fresh process, ``path`` ahead of the source tree on its PYTHONPATH. With ``path`` it runs
    in ``path[0]``: ``python -m`` puts its working directory first on sys.path, and a source tree that pip has
    installed from holds its own ``*.egg-info``, which would speak before ``path``."""
    full_env = {k: v for k, v in os.environ.items() if k != RULES_VARIABLE}
    full_env.update(PYTHONPATH=os.pathsep.join(map(str, (*path, ROOT))), **env)
    return subprocess.run([sys.executable, "-m", "piquet_calc", *args], capture_output=True, text=True, timeout=120,
                          env=full_env, cwd=path[0] if path else None)


def _installed() -> str | None:
    try:
        return metadata.version("piquet-calc")
    except metadata.PackageNotFoundError:
        return None


# --- --version ---------------------------------------------------------------------------------------------

def test_the_version_is_the_metadata_that_setuptools_builds(tmp_path):
    """The metadata an install writes, built by setuptools from pyproject.toml: --version says its version,
    and it is the package's own __version__ (pyproject takes it from there)."""
    pytest.importorskip("setuptools")
    before = sorted(ROOT.glob("*.egg-info"))  # `pip install .` (CI) leaves one there; the test must add none
    built = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "egg_info",
                            "--egg-base", str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    (info,) = tmp_path.glob("*.egg-info")
    version = re.search(r"^Version: (\S+)$", (info / "PKG-INFO").read_text(), re.M).group(1)
    out = run("--version", path=(tmp_path,))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[:2] == ["piquet-calc", version] and "not installed" not in out.stdout
    assert version == piquet_calc.__version__
    assert sorted(ROOT.glob("*.egg-info")) == before  # the build left the source tree as it was


def test_the_version_is_read_from_the_metadata_not_the_source(tmp_path):
    """Metadata saying another version than the source's: --version follows the metadata (what pip installed)."""
    info = tmp_path / "piquet_calc-9.8.7.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: piquet-calc\nVersion: 9.8.7\n")
    out = run("--version", path=(tmp_path,))
    assert out.returncode == 0 and out.stderr == ""
    line = out.stdout.strip()
    assert line.startswith("piquet-calc 9.8.7 (Python ") and "numba " in line and "\n" not in line, line


def test_a_source_tree_says_its_own_version():
    out = run("--version")
    assert out.returncode == 0
    installed = _installed()
    if installed is None:
        assert out.stdout.startswith(f"piquet-calc {piquet_calc.__version__} (source tree, not installed; Python ")
    else:  # this environment has the package installed: its metadata speaks
        assert out.stdout.startswith(f"piquet-calc {installed} (Python ")


def test_version_imports_neither_numba_nor_rich():
    code = ("import sys; from piquet_calc.cli import run; sys.argv = ['piquet-calc', '--version']\n"
            "try:\n    run()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('numba', 'rich') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.splitlines()[-1] == "[]", out


# --- --help --------------------------------------------------------------------------------------------------

def test_the_help_says_what_the_tool_does_names_every_command_and_where_to_start():
    out = run("--help")
    assert out.returncode == 0, out.stderr
    page = out.stdout
    listed = page.split("\nCommands:\n", 1)[1].splitlines()
    commands = typer.main.get_command(app).commands
    for name, command in commands.items():
        if not command.hidden:
            assert any(line.split()[:1] == [name] for line in listed), name
    about = " ".join(page.split("\nOptions:\n", 1)[0].split())
    for words in ("two, three or four players", "discard --play", "play", "partie", "score"):
        assert words in about, words
    assert FIRST_EXAMPLE in about and RULES_VARIABLE in about
    for option in ("--version", "--install-completion", "--show-completion"):
        assert option in page


def test_the_help_starts_with_the_readme_s_first_example():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = next(line for line in readme.splitlines() if "piquet-calc discard" in line)
    assert first.endswith(FIRST_EXAMPLE), first


def test_no_command_prints_the_help_and_one_error_line():
    out = run()
    assert out.returncode == 2 and FIRST_EXAMPLE in out.stdout
    assert out.stderr.startswith("piquet-calc: error: missing command") and out.stderr.count("\n") == 1


# --- shell completion -------------------------------------------------------------------------------------------

NO_DETECTION = {"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}  # the shell named, as typer's own tests do


def test_bash_completion_prints_its_script():
    out = run("--show-completion", "bash", **NO_DETECTION)
    assert out.returncode == 0, out.stderr
    assert "_PIQUET_CALC_COMPLETE=complete_bash" in out.stdout
    assert "complete -o default -F _piquet_calc_completion piquet-calc" in out.stdout


def complete(words: str, **env: str) -> list[str]:
    """What bash's completion function gets for the command line ``words`` (the last word being typed)."""
    parts = words.split(" ")
    out = run(COMP_WORDS=words, COMP_CWORD=str(len(parts) - 1), _PIQUET_CALC_COMPLETE="complete_bash", **env)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_completion_knows_the_commands_the_options_and_the_presets():
    assert complete("piquet-calc disc") == ["discard"]
    assert complete("piquet-calc discard --elder-t") == ["--elder-took"]
    assert complete("piquet-calc discard --rules r") == ["rubicon", "russian"]
    assert complete("piquet-calc play --rules enc") == ["encyclopedia"]
    assert complete("piquet-calc discard --rules house.t") == []  # no preset: bash completes a file name


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_bash_completion_installs_and_completes(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    out = run("--install-completion", "bash", HOME=str(home), **NO_DETECTION)
    assert out.returncode == 0, out.stderr
    script = home / ".bash_completions" / "piquet-calc.sh"
    assert "complete -o default -F _piquet_calc_completion piquet-calc" in script.read_text()
    assert f"source '{script}'" in (home / ".bashrc").read_text()
    # the installed script, sourced by bash, asks a piquet-calc on the PATH
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "piquet-calc").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m piquet_calc "$@"\n')
    (bin_dir / "piquet-calc").chmod(0o755)
    shell = ". ~/.bashrc; COMP_WORDS=(piquet-calc discard --ru); COMP_CWORD=2; " \
            "_piquet_calc_completion piquet-calc; echo \"${COMPREPLY[@]}\""
    env = {**os.environ, "HOME": str(home), "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(ROOT)}
    got = subprocess.run(["bash", "--norc", "-c", shell], capture_output=True, text=True, timeout=120, env=env)
    assert got.stdout.split() == ["--rules"], got


# --- the default rules: PIQUET_CALC_RULES ---------------------------------------------------------------------

def rules_of(out: subprocess.CompletedProcess) -> str:
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()[2]  # score's third line: "rules NAME"


def test_the_default_rules_come_from_the_environment_and_the_command_line_wins(tmp_path):
    assert rules_of(run("score", ELDER, DEALER)) == "rules rubicon"
    assert rules_of(run("score", ELDER, DEALER, PIQUET_CALC_RULES="russian")) == "rules russian"
    assert rules_of(run("score", ELDER, DEALER, PIQUET_CALC_RULES="Au-Cent")) == "rules au-cent"
    assert rules_of(run("score", ELDER, DEALER, "--rules", "english", PIQUET_CALC_RULES="russian")) == "rules english"
    house = tmp_path / "house.toml"
    house.write_text('base = "rubicon"\nname = "our house"\n')
    assert rules_of(run("score", ELDER, DEALER, PIQUET_CALC_RULES=str(house))) == "rules our house"


@pytest.mark.parametrize("value", ["russain", "nowhere.toml", " ", ""])
def test_a_bad_default_is_refused_as_the_command_line_s_naming_the_variable(value):
    """Set but empty is a bad value too, as --rules '' is (unset: the default)."""
    typed = run("score", ELDER, DEALER, "--rules", value)
    from_env = run("score", ELDER, DEALER, PIQUET_CALC_RULES=value)
    assert typed.returncode == from_env.returncode == 2 and from_env.stdout == ""
    assert from_env.stderr.count("\n") == 1 and "Traceback" not in from_env.stderr
    said = typed.stderr.removeprefix("piquet-calc: error: ")
    assert from_env.stderr == f"piquet-calc: error: {RULES_VARIABLE}: {said}"


def test_a_bad_default_does_not_matter_when_the_command_line_names_the_rules():
    assert rules_of(run("score", ELDER, DEALER, "--rules", "russian", PIQUET_CALC_RULES="nonsense")) == "rules russian"


def test_the_variable_is_named_in_every_command_s_help_and_in_the_docs():
    for name, command in typer.main.get_command(app).commands.items():
        if any(p.name == "rules" and getattr(p, "envvar", None) == RULES_VARIABLE for p in command.params):
            assert RULES_VARIABLE in run(name, "--help").stdout, name
    assert RULES_VARIABLE in (ROOT / "README.md").read_text(encoding="utf-8")
    assert RULES_VARIABLE in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
