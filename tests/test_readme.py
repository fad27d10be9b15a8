"""The README's examples equal fresh runs, and nothing a user reads points outside the repository."""

import importlib.util
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from piquet_calc.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def _load_examples():
    spec = importlib.util.spec_from_file_location("readme_examples", ROOT / "scripts" / "readme_examples.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


examples = _load_examples()


def test_every_example_block_is_known_and_every_example_is_shown():
    shown = examples.blocks(README.read_text(encoding="utf-8"))
    assert set(shown) == set(examples.BY_NAME)


@pytest.mark.parametrize("example", [
    pytest.param(e, id=e.name, marks=pytest.mark.slow if e.slow else ()) for e in examples.EXAMPLES
])
def test_readme_example_equals_a_fresh_run(example):
    """Regenerate with ``python scripts/readme_examples.py`` when the output changes on purpose."""
    shown = examples.blocks(README.read_text(encoding="utf-8"))[example.name]
    assert shown == examples.block(example)


def test_the_readme_is_a_players_guide_of_at_most_400_lines():
    """Options live in docs/cli.md, JSON shapes in docs/json.md, speed in benchmarks/RESULTS.md."""
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 400


def test_the_test_command_is_what_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == "python -m pytest"
    assert 'pip install ".[test]" && python -m pytest\n' in README.read_text(encoding="utf-8")


# Names of things that live outside the repository: the rule book there, its folder, its reference data.
OUTSIDE = re.compile(r"RULES\.md|\.\./shared|shared/reference|shared/seeds")


def user_facing_texts() -> dict[str, str]:
    """The README, docs/, benchmarks/RESULTS.md, every --help page, and the package's docstrings."""
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
             for p in [README, ROOT / "benchmarks" / "RESULTS.md", *sorted((ROOT / "docs").glob("*.md"))]
             if p.exists()}
    runner = CliRunner()
    for command in ["", "discard", "declare", "score", "odds", "rules"]:
        result = runner.invoke(app, [*command.split(), "--help"])
        assert result.exit_code == 0, result.output
        texts[f"piquet-calc {command} --help"] = result.output
    for path in sorted((ROOT / "piquet_calc").rglob("*.py")):
        texts[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return texts


def test_nothing_user_facing_points_outside_the_repository():
    bad = {name: OUTSIDE.findall(text) for name, text in user_facing_texts().items() if OUTSIDE.search(text)}
    assert bad == {}


def test_links_in_the_docs_lead_to_files_of_the_repository():
    for name in ["README.md", "docs/rules.md", "docs/engine.md", "benchmarks/RESULTS.md"]:
        path = ROOT / name
        for target in re.findall(r"\]\(([^)#]+)\)", path.read_text(encoding="utf-8")):
            if "://" not in target:
                assert (path.parent / target).exists(), f"{name} links to {target}"
