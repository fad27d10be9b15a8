"""`piquet-calc rules`: the presets and their settings, or a house-rules file's; ``rules_document``, its --json
document (batch's too)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..rules import PRESETS, get_rules
from .common import Answer, JsonOption, QuietOption, WideOption, _silence, _user_errors


def rules_command(
    name: Annotated[str | None, typer.Argument(help="A preset or a .toml file; all presets when omitted.")] = None,
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: QuietOption = False,
) -> None:
    """The rule presets and their settings (docs/rules.md); house rules are a .toml file naming a base preset."""
    _silence(quiet)
    rules_answer(name).emit(as_json)


def rules_document(name: str | None = None) -> dict[str, Any]:
    """``rules [NAME] --json``'s document; a usage error (one line) for a name that is no rules."""
    return rules_answer(name).data()


def rules_answer(name: str | None) -> Answer:
    """The rules named (every preset: None), for the document and the table."""
    from .. import report

    with _user_errors():
        shown = [get_rules(name)] if name is not None else list(PRESETS.values())
    return Answer(lambda: report.rules_data(shown), lambda: report.rules_table(shown))
