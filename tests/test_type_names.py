"""One meaning for each type name (issue 50 item 5): no class or module-level type alias of the package is
defined in two modules. Functions may share a name (the same verb for another game); a type may not."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "piquet_calc"
CAMEL = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*")  # a type's name; CONSTANTS are not types


def type_names(source: str) -> list[str]:
    """The classes and type aliases (CamelCase names bound by an assignment) at a module's top level."""
    found: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef):
            found.append(node.name)
        elif isinstance(node, ast.Assign):
            found += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.append(node.target.id)
        elif isinstance(node, getattr(ast, "TypeAlias", ())):  # ``type X = ...`` (Python 3.12 on)
            found.append(node.name.id)
    return [n for n in found if CAMEL.fullmatch(n)]


def defined_twice(root: Path) -> dict[str, list[str]]:
    where: dict[str, set[str]] = defaultdict(set)
    for path in sorted(root.rglob("*.py")):
        for name in type_names(path.read_text(encoding="utf-8")):
            where[name].add(path.relative_to(root).as_posix())
    return {name: sorted(mods) for name, mods in sorted(where.items()) if len(mods) > 1}


def test_the_scan_sees_classes_and_aliases_but_not_functions_or_constants():
    source = ("class Seat:\n    pass\nHand = tuple[int, ...]\nSpan: type = int\nLIMIT = 3\n"
              "def Shout():\n    pass\nlower = 1\nif True:\n    Hidden = int\n")
    assert type_names(source) == ["Seat", "Hand", "Span"]


def test_a_name_in_two_modules_is_found(tmp_path):
    (tmp_path / "a.py").write_text("class Position:\n    pass\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("Position = tuple\ndef play():\n    pass\n")
    (tmp_path / "c.py").write_text("def play():\n    pass\nclass Other:\n    pass\n")
    assert defined_twice(tmp_path) == {"Position": ["a.py", "sub/b.py"]}


def test_no_type_name_of_the_package_has_two_meanings():
    twice = defined_twice(PACKAGE)
    assert not twice, "type names defined in more than one module: " + "; ".join(
        f"{name} in {', '.join(mods)}" for name, mods in twice.items())
