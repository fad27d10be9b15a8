"""Docs that stay true (issue 50): every file, folder and module docs/ and README.md name exists in the
repository, and a name said to be a module's (`engine/solvers.py`'s `solver_for`, `seat.knowledge.matches`) is
defined there. A file renamed or moved fails here until the docs say where it went."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# What the docs name that is not the repository's, each for a reason: the user's own files in examples, a
# placeholder in a checklist (NAME), a folder of the user's machine.
NOT_OURS = {
    "house.toml", "path/to/house.toml", "hands.txt", "requests.jsonl", "out.jsonl",  # a user's files (examples)
    "deal.json", "deal.pqn", "p.json", "n.json", "deal-four.pqn",  # docs/record.md's example files
    "practice/",  # practice's records, beside the user's database
    "tests/test_x.py",  # docs/engine.md: "a test file alone", any file
    "Support/piquet-calc/",  # macOS's user data folder (~/Library/Application Support/piquet-calc/)
}
PLACEHOLDER = "NAME"  # docs/engine.md's checklists: analysis/NAME.py, kernels/play_NAME/
# dotted words that are JSON keys or attributes, not modules: the score-table's cards.elder; a RuleSet's
# rules.elder_discards and rules.game (its Game: rules.game.seats, tests/test_game.py), with what follows them
NOT_MODULES = ("cards.elder", "cards.middle", "cards.dealer", "rules.elder_discards", "rules.game")

PATH = re.compile(r"(?<![\w./~*-])(\.\./)?((?:[\w.-]+/)*[\w-]+\.(?:py|md|json|toml|pqn|jsonl|npz|txt)|(?:[\w-]+/)+)"
                  r"(?![\w/])")
ROOMS = ("cards", "numerals", "wording", "jsontext", "schemas", "rules", "kernels", "history", "game", "seat",
         "record", "engine", "analysis", "report", "batch", "warmup", "cli")
MODULE = re.compile(r"`(?:piquet_calc\.)?((?:" + "|".join(ROOMS) + r")(?:\.[A-Za-z_]\w*)+)`")
OWNED = re.compile(r"`([\w/]+\.py)`'s `([A-Za-z_]\w*)`")


@cache
def tracked() -> set[str]:
    """The repository's files and folders (git's, new ones not yet committed too: a stray build file, ignored,
    is not a proof)."""
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.splitlines()
    paths = set(files)
    for f in files:
        paths.update(str(p) for p in PurePosixPath(f).parents if str(p) != ".")
    return paths


def resolve(token: str) -> list[str]:
    """The repository paths a name in the docs may mean: from the root (README.md, tests/...), from the package
    (kernels/play/, engine/solvers.py), or, for a bare or partial name (`moves.py`, `play/moves.py`), any path
    it ends."""
    paths = tracked()
    token = token.rstrip("/")
    first = token.split("/")[0]
    if token in paths:
        return [token]
    if "/" in token and (ROOT / first).exists():  # from the root, and not there
        return []
    if "/" in token and first in ROOMS:
        return [f"piquet_calc/{token}"] if f"piquet_calc/{token}" in paths else []
    return [p for p in paths if p.endswith("/" + token) or p == token]


def _after_url(text: str, start: int) -> bool:
    """True when the match sits inside a URL (https://github.com/owner/name, a project's page)."""
    word = re.split(r"[\s(<\[`]", text[max(0, start - 200):start])[-1]
    return "://" in word or word.startswith("www.")


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_every_path_the_docs_name_exists(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    missing = []
    for m in PATH.finditer(text):
        up, token = m.group(1), m.group(2)
        if _after_url(text, m.start()) or token in NOT_OURS or PLACEHOLDER in token:
            continue
        line = text.count("\n", 0, m.start()) + 1
        if up:  # a relative link: from the doc's own folder
            if not (doc.parent / up / token).exists():
                missing.append(f"{doc.name}:{line}: {up}{token}")
        elif not resolve(token):
            missing.append(f"{doc.name}:{line}: {token}")
    assert not missing, "named in the docs, not in the repository:\n" + "\n".join(missing)


def _defines(path: str, name: str) -> bool:
    """``name`` is defined at the top of ``path`` or by a class in it (def, class, an assignment, an import),
    or is the module ``path`` names as a package's file."""
    source = (ROOT / path).read_text(encoding="utf-8")
    return re.search(rf"^\s*(?:async\s+)?(?:def|class)\s+{name}\b|^\s*{name}\s*[:=]|^\s*self\.{name}\b|"
                     rf"\bimport\b[^\n]*\b{name}\b|^\s+{name},?$", source, re.M) is not None


def _module_and_rest(dotted: str) -> tuple[str | None, list[str]]:
    parts = dotted.split(".")
    for k in range(len(parts), 0, -1):
        base = "piquet_calc/" + "/".join(parts[:k])
        for candidate in (base + ".py", base + "/__init__.py"):
            if (ROOT / candidate).is_file():
                return candidate, parts[k:]
    return None, parts


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_every_module_and_name_the_docs_give_exists(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    wrong = []
    for m in MODULE.finditer(text):
        dotted = m.group(1)
        if dotted.endswith(".py") or any(dotted == n or dotted.startswith(n + ".") for n in NOT_MODULES):
            continue
        module, rest = _module_and_rest(dotted)
        if module is None or (rest and not _defines(module, rest[0])):
            wrong.append(f"{doc.name}:{text.count(chr(10), 0, m.start()) + 1}: {dotted}")
    for m in OWNED.finditer(text):
        path, name = m.groups()
        if not any(_defines(p, name) for p in resolve(path)):
            wrong.append(f"{doc.name}:{text.count(chr(10), 0, m.start()) + 1}: {path}'s {name}")
    assert not wrong, "named in the docs, not defined where they say:\n" + "\n".join(wrong)


def test_the_check_finds_a_name_that_is_gone() -> None:
    """The check itself: a renamed file or a moved name is found (kernels/play/table.py became transposition.py;
    FAMILIES moved from engine/first_run.py to engine/families.py)."""
    assert resolve("kernels/play/table.py") == [] and resolve("kernels/play/transposition.py")
    assert resolve("deal_check.py") == [] and resolve("moves.py")  # game/deal_check.py became consistency.py
    assert resolve("piquet_calc/engine/families.py") and not resolve("engine/first.py")
    assert _defines("piquet_calc/engine/families.py", "FAMILIES")
    assert not _defines("piquet_calc/engine/first_run.py", "FAMILIES")
    assert _module_and_rest("seat.knowledge.matches") == ("piquet_calc/seat/knowledge.py", ["matches"])
