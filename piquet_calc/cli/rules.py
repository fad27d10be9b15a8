"""`piquet-calc rules`: the presets and their settings, or a house-rules file's."""

from __future__ import annotations

from typing import Annotated

import typer

from ..rules import PRESETS, get_rules
from .common import JsonOption, QuietOption, WideOption, _emit, _silence, _user_errors


def rules_command(
    name: Annotated[str | None, typer.Argument(help="A preset or a .toml file; all presets when omitted.")] = None,
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: QuietOption = False,
) -> None:
    """The rule presets and their settings (docs/rules.md); house rules are a .toml file naming a base preset."""
    from .. import report

    _silence(quiet)
    with _user_errors():
        shown = [get_rules(name)] if name is not None else list(PRESETS.values())
    _emit(as_json, lambda: report.rules_data(shown),
          lambda: report.rules_table(shown))
