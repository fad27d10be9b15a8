"""The house: the package's imports read from its source (ast; the lazy imports inside functions too), its
rooms measured. No circle of modules, no import up a layer, no module over 600 lines (cli's over 400), no
function over 120 (docs/engine.md, "The layers").

The layers, highest first: cli > report > analysis > engine > record > seat > game > rules (record/: the
deal record; seat/: what a seat knows; game/: the rules of play and the plain reference solvers); the
kernels sit below the engine (only the engine and what is above it may import them); cards, numerals, jsontext,
wording and schemas are at the bottom. A top-level module (piquet_calc/__init__.py, or one such as a warmup.py) may
import anything below cli; __main__ is the entry point and imports cli. A module may import its own
folder's modules as long as no circle closes.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = "piquet_calc"
MAX_MODULE, MAX_CLI_MODULE, MAX_FUNCTION = 600, 400, 120

# higher floor = higher layer; an import may go to the same folder or to a lower floor
FLOORS = {"__main__": 9, "cli": 8, "report": 6, "analysis": 5, "engine": 4, "record": 3.6, "seat": 3.5, "game": 3,
          "rules": 2, "kernels": 2,
          "history": 2,  # piquet_calc/history/: the practice history's store, beside rules (the cli imports it)
          "cards": 1, "numerals": 1, "wording": 1, "jsontext": 1, "schemas": 1, "data": 1,
          "batch": 7}  # piquet_calc/batch/: the runners of `batch`, at the top as warmup.py (cli/batch.py uses them)
TOP = 7  # any other top-level module, the package's __init__ among them
KERNEL_USERS = 4  # the kernels are imported from the engine's floor up, never from record, seat, game or rules



def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    name = ".".join(rel.parts)
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def _files() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted((ROOT / PKG).rglob("*.py"))}


def _imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports, anywhere in it (top, function, class)."""
    mods = _files()
    edges: dict[str, set[str]] = {}
    for mod, path in mods.items():
        out = edges.setdefault(mod, set())
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[: len(base) - (node.level - 1)]
                    root = ".".join(base + ([node.module] if node.module else []))
                else:
                    root = node.module or ""
                # a name that is a module is an arrow to it; any other name, to the module it is defined in
                targets = [f"{root}.{a.name}" if f"{root}.{a.name}" in mods else root for a in node.names]
            else:
                continue
            for target in targets:
                if not (target == PKG or target.startswith(PKG + ".")):
                    continue
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != mod and target != PKG:
                    out.add(target)
    return edges


def _floor(mod: str) -> float:
    parts = mod.split(".")
    if len(parts) == 1:
        return TOP
    folder = parts[1]
    if len(parts) == 2 and folder not in FLOORS:  # piquet_calc/warmup.py and its like
        return TOP
    return FLOORS[folder]


def _up(a: str, b: str) -> bool:
    """Whether ``a`` importing ``b`` goes up a layer (or sideways: into the kernels from below the engine, out of
    the kernels to anything but the bottom, between two folders of one floor but the bottom's)."""
    folder_a, folder_b = a.split(".")[1:2], b.split(".")[1:2]
    if folder_a == folder_b:
        return False
    if folder_b == ["kernels"] and _floor(a) < KERNEL_USERS:
        return True
    if folder_a == ["kernels"] and _floor(b) > 1:
        return True
    if _floor(a) == _floor(b) == 1:
        return False
    return _floor(b) >= _floor(a)


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def _rooms() -> tuple[list[str], list[str]]:
    """Modules over their limit and functions over 120 lines (a function may carry a comment with 'long:' on
    one of the three lines above its def, as the project's house check reads it), as 'path' and 'path:function'."""
    big_modules, big_functions = [], []
    for path in _files().values():
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        limit = MAX_CLI_MODULE if rel.startswith(f"{PKG}/cli/") else MAX_MODULE
        if len(lines) > limit:
            big_modules.append(rel)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                excused = any("long:" in lines[i] for i in range(max(0, start - 4), start - 1))
                if node.end_lineno - node.lineno + 1 > MAX_FUNCTION and not excused:
                    big_functions.append(f"{rel}:{node.name}")
    return big_modules, big_functions


# --- the checker checks: small made-up graphs --------------------------------------------------------------


def test_circles_finds_a_cycle_and_only_cycles():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert sorted(_circles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}})) == [["a", "b"], ["c", "d"]]


def test_up_reads_the_layers():
    assert _up("piquet_calc.engine.play", "piquet_calc.analysis.play")
    assert not _up("piquet_calc.analysis.play", "piquet_calc.engine.play")
    assert not _up("piquet_calc.engine.play", "piquet_calc.engine.pool")  # its own folder
    assert _up("piquet_calc.game.play", "piquet_calc.kernels.play")  # the kernels are the engine's
    assert _up("piquet_calc.kernels.play", "piquet_calc.rules.model")
    assert not _up("piquet_calc.kernels.play", "piquet_calc.cards")
    assert _up("piquet_calc.rules", "piquet_calc.game.play")
    assert not _up("piquet_calc.warmup", "piquet_calc.analysis.deal")  # a top module imports anything below cli
    assert _up("piquet_calc.warmup", "piquet_calc.cli.app")
    assert _up("piquet_calc.report.deal", "piquet_calc.warmup")


def test_the_imports_are_read_lazy_ones_included():
    edges = _imports()
    assert "piquet_calc.cli.common" in edges["piquet_calc.cli.discard"]
    # a lazy import inside a function: cli/discard.py asks for the whole-deal analysis only with --play
    assert "piquet_calc.analysis.deal" in edges["piquet_calc.cli.discard"]


# --- the house -----------------------------------------------------------------------------------------------


def test_no_import_up_a_layer():
    """Every arrow goes down (the engines warm themselves on their kernels; the registry that knows the
    analyses is piquet_calc/warmup.py, above every layer)."""
    edges = _imports()
    up = sorted((a, b) for a, bs in edges.items() for b in bs if _up(a, b))
    assert not up, up


def test_no_circle_of_modules():
    """No module reaches itself through its imports, lazy ones included."""
    assert _circles(_imports()) == []


def test_rooms():
    """No module over 600 lines (cli's over 400), no function over 120 (but one whose ``long:`` comment says
    what numba needs it for)."""
    big_modules, big_functions = _rooms()
    assert big_modules == []
    assert big_functions == []


def test_no_analysis_or_report_reads_the_kernels_layout():
    """The kernels' columns reach the analyses through the engine, by name (engine/columns.py)."""
    edges = _imports()
    readers = sorted(a for a, bs in edges.items() if a.split(".")[1:2] in (["analysis"], ["report"])
                     and "piquet_calc.kernels.layout" in bs)
    assert readers == []
