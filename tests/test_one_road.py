"""One road each (issue 50 item 3), read from the package's source (ast): a play solver is made only by
engine/solvers.py's ``solver_for`` (no module outside engine/ constructs a solver class), a thread only by
engine/pool.py (and batch's process runner, batch/run.py, which watches its parent and runs processes), and a
kernel family is named only by engine/families.py (no family's name typed as a string where the first run, the
warm-up or the registry is asked). Each scan is shown to find what it looks for in a small wrong example."""

from __future__ import annotations

import ast
from pathlib import Path

from piquet_calc.engine.families import FAMILIES

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "piquet_calc"

SOLVERS = {"Solver", "SolverFour", "SolverNormand", "PlainSolver", "PlainSolverFour", "PlainSolverNormand"}
THREADS = {"Thread", "Timer", "ThreadPoolExecutor", "ProcessPoolExecutor", "start_new_thread", "Process"}
THREAD_OWNERS = {"engine/pool.py", "batch/run.py"}  # the worker and background threads; batch's process runner
# what is asked a family by its name: engine/first_run.py's functions, the warm-up, the registry
FAMILY_ASKERS = {"expect", "starting", "compiled", "answered_without", "said", "warm", "notice", "kernels_compiled",
                 "_hand_aside", "_wait_aside", "_starting_line", "_estimate", "compile_aside"}


def _called(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _calls(source: str, names: set[str]) -> list[tuple[int, str]]:
    """The calls of any of ``names`` (a bare name or an attribute: ``Solver(r)``, ``threading.Thread(...)``)."""
    return [(n.lineno, _called(n)) for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Call) and _called(n) in names]


def _family_strings(source: str) -> list[tuple[int, str]]:
    """A family's name typed as a string in the arguments of a call that asks a family by its name, or as the
    key of ``FAMILIES[...]``."""
    out = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Call) and _called(n) in FAMILY_ASKERS:
            parts = [*n.args, *(k.value for k in n.keywords)]
        elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name | ast.Attribute) and (
                getattr(n.value, "id", None) == "FAMILIES" or getattr(n.value, "attr", None) == "FAMILIES"):
            parts = [n.slice]
        else:
            continue
        for part in parts:
            out += [(c.lineno, c.value) for c in ast.walk(part) if isinstance(c, ast.Constant) and c.value in FAMILIES]
    return out


def _modules() -> dict[str, str]:
    return {p.relative_to(PKG).as_posix(): p.read_text(encoding="utf-8") for p in sorted(PKG.rglob("*.py"))}


def test_the_scans_find_what_they_look_for() -> None:
    wrong = ("from ..engine.play import Solver\nimport threading\nfrom .engine import first_run, families\n"
             "def f(rules):\n    s = Solver(rules)\n    threading.Thread(target=print).start()\n"
             "    first_run.expect('play', here=('seen',))\n    return families.FAMILIES['deal']\n")
    assert _calls(wrong, SOLVERS) == [(5, "Solver")]
    assert _calls(wrong, THREADS) == [(6, "Thread")]
    assert sorted(_family_strings(wrong)) == [(7, "play"), (7, "seen"), (8, "deal")]
    right = "def f(rules):\n    return solver_for(rules), first_run.expect(families.PLAY.name), model == 'play'\n"
    assert _calls(right, SOLVERS) == [] and _family_strings(right) == []


def test_no_solver_is_built_outside_the_engine() -> None:
    """Outside engine/ a play solver comes from ``solver_for`` (which picks the game's and the road)."""
    built = {name: found for name, text in _modules().items()
             if not name.startswith("engine/") and (found := _calls(text, SOLVERS))}
    assert built == {}


def test_no_thread_is_started_outside_the_pool() -> None:
    started = {name: found for name, text in _modules().items()
               if name not in THREAD_OWNERS and (found := _calls(text, THREADS))}
    assert started == {}


def test_no_family_is_named_by_a_string() -> None:
    """The families' names are engine/families.py's (``families.PLAY.name``), never typed again."""
    typed = {name: found for name, text in _modules().items()
             if name != "engine/families.py" and (found := _family_strings(text))}
    assert typed == {}
