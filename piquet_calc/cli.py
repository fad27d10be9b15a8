"""The command line: parse arguments, call analysis, call report; nothing else.

Errors in what the user typed become one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

try:  # typer >= 0.22 carries its own copy of click
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - older typer depends on click itself
    from click import exceptions as click_errors

from .analysis import analyse_discards
from .cards import CardError, parse_hand
from .rules import PRESETS, RulesError, get_rules

PROG = "piquet-calc"


class _OneLineErrors(TyperGroup):
    """Report usage errors as one line (``piquet-calc: error: ...``) instead of a boxed panel."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        try:
            rv = super().main(args=args, prog_name=prog_name or PROG, complete_var=complete_var,
                              standalone_mode=False, **extra)
        except click_errors.ClickException as e:
            typer.echo(f"{PROG}: error: {' '.join(e.format_message().split())}", err=True)
            sys.exit(e.exit_code)
        except click_errors.Abort:
            typer.echo(f"{PROG}: aborted", err=True)
            sys.exit(1)
        if standalone_mode:
            sys.exit(rv if isinstance(rv, int) else 0)
        return rv


app = typer.Typer(cls=_OneLineErrors, no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False, help="Exact discard odds for Piquet (RULES.md).")


@app.callback()
def main() -> None:
    """piquet-calc: exact chances and expected scores for every discard of a Piquet hand."""


class _Progress:
    """Progress on stderr once a run has taken more than a second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), -1.0, False
        self.tty = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.start < 1.0:
            return
        step = 0.01 if self.tty else 0.25
        if done / total - self.last < step and done < total:
            return
        self.last, self.shown = done / total, True
        end = "\n" if (done >= total or not self.tty) else ""
        sys.stderr.write(f"\r{PROG}: {done:,} of {total:,} deals ({100 * done / total:.0f}%)"
                         f" in {now - self.start:.1f}s" + end)
        sys.stderr.flush()


@app.command()
def discard(
    hand: Annotated[str, typer.Argument(help='Twelve cards, e.g. "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C" '
                                             "(10 or T, any case, ♠♥♦♣ too).")],
    elder: Annotated[bool, typer.Option("--elder", help="Analyse as elder (non-dealer).")] = False,
    younger: Annotated[bool, typer.Option("--younger", help="Analyse as younger (the dealer).")] = False,
    elder_took: Annotated[int, typer.Option(help="Younger only: how many cards elder took.")] = 5,
    elder_blanche: Annotated[bool, typer.Option("--elder-blanche",
                                                help="Younger only: elder showed carte blanche.")] = False,
    rules: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESETS)}.")] = "rubicon",
    top: Annotated[int, typer.Option(help="Show the best N discards; 0 shows all.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (schema in README) instead of a table.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr.")] = False,
) -> None:
    """Every legal discard of HAND with exact chances and expected scores, best first."""
    try:
        cards = parse_hand(hand)
        ruleset = get_rules(rules)
    except (CardError, RulesError) as e:
        raise click_errors.UsageError(str(e)) from None
    if elder == younger:
        raise click_errors.UsageError("say exactly one of --elder or --younger")
    if younger and elder_took not in ruleset.elder_discards:
        raise click_errors.UsageError(f"--elder-took must be {min(ruleset.elder_discards)} to "
                               f"{max(ruleset.elder_discards)} under {ruleset.name}, not {elder_took}")
    if top < 0:
        raise click_errors.UsageError(f"--top must be 0 (all) or more, not {top}")
    from . import report

    result = analyse_discards(cards, "elder" if elder else "younger", ruleset, elder_took=elder_took,
                              elder_blanche=elder_blanche, progress=_Progress(not quiet))
    if as_json:
        typer.echo(json.dumps(report.analysis_data(result, top), indent=1))
    else:
        typer.echo(report.table(result, top))


def run() -> None:
    """Console-script entry point."""
    app(prog_name=PROG)
