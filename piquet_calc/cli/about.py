"""What the top of the command line says about the tool: the help page's account of it, ``--version``, and the
environment variable that sets the default rules.

Plain Python: nothing here imports numba or rich (``--version`` and ``--help`` answer at once).
"""

from __future__ import annotations

import platform
from importlib import metadata

DISTRIBUTION = "piquet-calc"  # the name pip installs it under (pyproject.toml)
RULES_VARIABLE = "PIQUET_CALC_RULES"  # the default --rules: a preset's name or a house-rules file

FIRST_EXAMPLE = 'piquet-calc discard "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C" --elder'  # the README's first example

ABOUT = f"""A calculator for the card game Piquet, for two, three or four players: which discard, by exact odds
or by the whole deal with its play (discard, discard --play), what to declare (declare), who scores what
(score), the play of a deal, both hands seen or from your seat (play), a played deal reviewed (review), a
partie's score sheet (partie), the odds of a draw (odds) and the rules (rules).

Start with a hand as elder (the README's first example):

\b
  {FIRST_EXAMPLE}

Each command's --help says more; README.md shows them at work, docs/cli.md lists every option. The rules are
rubicon unless {RULES_VARIABLE} names others (a preset or a house-rules .toml file, as --rules takes them);
--rules on the command line wins. Tab completion: --install-completion."""


def package_version() -> tuple[str, bool]:
    """The package's version and whether it is installed: the installed distribution's metadata (as pip
    shows it), or, from a source tree that was never installed, the package's own ``__version__``
    (pyproject.toml takes its version from there, so both agree)."""
    try:
        return metadata.version(DISTRIBUTION), True
    except metadata.PackageNotFoundError:
        from .. import __version__

        return __version__, False


def _installed(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def version_line() -> str:
    """``piquet-calc VERSION (Python ..., numba ..., numpy ...)``: what a bug report needs, read from the
    metadata (no module is imported).

    >>> version_line().split()[0]
    'piquet-calc'
    """
    version, installed = package_version()
    parts = [f"Python {platform.python_version()}"]
    parts += [f"{name} {v}" for name in ("numba", "numpy") if (v := _installed(name)) is not None]
    where = "" if installed else "source tree, not installed; "
    return f"{DISTRIBUTION} {version} ({where}{', '.join(parts)})"
