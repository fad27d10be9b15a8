"""The rules: the model (``model``: the ``RuleSet`` and its ``Game``, the seat names), the presets with their
sources (``presets``), house-rule files (``house``). Every rule the tool applies is a field here; docs/rules.md
states each in words."""

from __future__ import annotations

from pathlib import Path

from ..cards import quote
from .house import check_rules, load_rules, rules_from_dict
from .model import (
    FOUR_SEATS,
    NORMAND_SEATS,
    PACK,
    TWO_HANDED,
    TWO_HANDED_SEATS,
    YOUNGER,
    ElderOrYounger,
    Game,
    PlayPoints,
    RulesError,
    RuleSet,
    Seating,
    SeatingRules,
    span,
)
from .presets import (
    ALIASES,
    AU_CENT,
    ENCYCLOPEDIA,
    ENGLISH,
    FOUR,
    NORMAND,
    PRESETS,
    RUBICON,
    RUSSIAN,
    TWO_HANDED_PRESETS,
)


def get_rules(name: str) -> RuleSet:
    """A preset by name, or a TOML file of house rules when ``name`` ends in ``.toml``."""
    choices = f"choose one of {', '.join(PRESETS)} or a .toml file"
    if not name.strip():
        raise RulesError(f"no rules named: {choices}")
    if name.lower().endswith(".toml"):
        return load_rules(Path(name))
    try:
        return PRESETS[ALIASES.get(name.lower(), name.lower())]
    except KeyError:
        raise RulesError(f"unknown rules {quote(name)} ({', '.join(PRESETS)}, or FILE.toml)") from None


__all__ = ["ALIASES", "AU_CENT", "ENCYCLOPEDIA", "ENGLISH", "FOUR", "FOUR_SEATS", "NORMAND", "NORMAND_SEATS", "PACK",
           "PRESETS", "RUBICON", "RUSSIAN", "TWO_HANDED", "TWO_HANDED_PRESETS", "TWO_HANDED_SEATS", "YOUNGER",
           "ElderOrYounger", "Game", "PlayPoints", "RuleSet", "RulesError", "SeatingRules", "Seating",
           "check_rules", "get_rules", "load_rules", "rules_from_dict", "span"]
