"""docs/cli.md and docs/json.md equal fresh generations from the typer app and the JSON Schemas."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["cli_docs", "json_docs"])
def test_the_docs_are_a_fresh_generation(name: str) -> None:
    script = _script(name)
    assert script.OUT.read_text(encoding="utf-8") == script.generate(), f"run python scripts/{name}.py"


def test_cli_docs_name_every_command_and_option() -> None:
    import typer

    from piquet_calc.cli import app

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    group = typer.main.get_command(app)
    for name, command in group.commands.items():
        assert f"## `{name}`" in text
        for param in command.params:
            if param.param_type_name == "option":
                assert f"`{param.opts[0]}`" in text, (name, param.opts)


def test_json_docs_name_every_output() -> None:
    from piquet_calc import schemas

    text = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    for name in schemas.SCHEMAS:
        assert f"## `{name}`" in text and schemas.schema_file(name) in text
