"""What every command shares: the options, the one-line error handling, the one way a result is written.

Errors in what the user typed become one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

try:  # typer >= 0.22 carries its own copy of click, with Abort moved to typer.exceptions
    from typer._click import decorators as click_decorators  # noqa: F401  (the probe for typer's own click)
    from typer._click import exceptions as click_errors
    from typer._click.core import ParameterSource
    from typer._click.globals import get_current_context
    from typer._click.utils import PacifyFlushWrapper
    from typer.exceptions import Abort
except ImportError:  # pragma: no cover - older typer depends on click itself
    from click import exceptions as click_errors
    from click.core import ParameterSource
    from click.exceptions import Abort
    from click.globals import get_current_context
    from click.utils import PacifyFlushWrapper

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..cards import QUOTE_LIMIT, Card, CardError, parse_cards
from ..kernels.cache import SetupError
from ..rules import PRESETS, RulesError, RuleSet, get_rules
from . import streams
from .about import RULES_VARIABLE

PROG = "piquet-calc"


USER_ERRORS = (CardError, RulesError, SetupError, streams.OutputError)  # one line each, exit 2


class _OneLineErrors(TyperGroup):
    """Every error is one line (``piquet-calc: error: ...``, exit 2) instead of a panel or a traceback:
    usage errors, CardError and RulesError from any command, an unusable numba environment, output that
    cannot be written. A reader that goes away ends the run quietly (streams.PIPE_STATUS)."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        streams.prepare()
        try:
            if sys.stdout is None:
                raise streams.OutputError("stdout is closed: nowhere to write the output")
            rv = super().main(args=args, prog_name=prog_name or PROG, complete_var=complete_var,
                              standalone_mode=False, **extra)
            if sys.stdout is not None:
                sys.stdout.flush()
        except click_errors.NoArgsIsHelpError as e:
            if e.ctx is not None:
                streams.write_out(e.ctx.get_help() + "\n")
            rv = _error(f"missing command: one of {', '.join(self.commands)} (the help above says more)")
        except click_errors.ClickException as e:
            rv = _error(e.format_message() or type(e).__name__, e.exit_code)
        except USER_ERRORS as e:
            rv = _error(str(e))
        except Abort:
            streams.write_err(f"{PROG}: aborted")
            rv = 130
        except (streams.ReaderGone, BrokenPipeError):
            streams.silence(sys.stdout)
            rv = streams.PIPE_STATUS
        except SystemExit as e:  # typer's and rich's own answer to a closed pipe while they printed the help
            if e.code == 1 and (isinstance(sys.stdout, PacifyFlushWrapper) or streams.is_null(sys.stdout)):
                rv = streams.PIPE_STATUS
            else:
                raise
        except OSError as e:  # the help written to a full disk, say: no command gets here with a file's error
            streams.silence(sys.stdout)
            rv = _error(f"{e.strerror or e}: {e.filename}" if e.filename else
                        f"cannot write the output: {e.strerror or e}")
        if standalone_mode:
            sys.exit(rv if isinstance(rv, int) else 0)
        return rv


def _error(message: str, status: int = 2) -> int:
    """Print ``piquet-calc: error: MESSAGE`` as one line on stderr (if it can be written); the exit status."""
    streams.write_err(f"{PROG}: error: {streams.one_line(message) or 'invalid input'}")
    return status


def _rules_from_environment(ctx: typer.Context, param: typer.CallbackParam, value: str) -> str:
    """--rules taken from PIQUET_CALC_RULES (not typed): checked here, so that a bad value is refused as the
    command line's is, in one line, naming where it came from. Set but empty is such a value, as --rules ''
    is; unset, the default."""
    if ctx.resilient_parsing:
        return value
    source = ctx.get_parameter_source(param.name or "rules")
    if source == ParameterSource.DEFAULT and os.environ.get(RULES_VARIABLE) == "":
        value = ""  # click reads an empty variable as unset: the user set it, so it is refused here instead
    elif source != ParameterSource.ENVIRONMENT:
        return value
    try:
        get_rules(value)
    except RulesError as e:
        raise click_errors.UsageError(f"{RULES_VARIABLE}: {e}") from None
    return value


def _complete_rules(incomplete: str) -> list[str]:
    """Tab completion of --rules: the presets (no match: the shell completes a file name instead)."""
    return [name for name in PRESETS if name.startswith(incomplete.lower())]


RulesOption = Annotated[str, typer.Option(help=f"Rules: a preset ({', '.join(PRESETS)}) or a house-rules .toml file "
                                               f"(see `piquet-calc rules`); default: {RULES_VARIABLE}, else rubicon.",
                                          envvar=RULES_VARIABLE, show_envvar=False, show_default=False,
                                          callback=_rules_from_environment,
                                          autocompletion=_complete_rules)]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON (schema: docs/json.md) instead of a table.")]
WideOption = Annotated[bool, typer.Option("--wide", help="On a terminal, show every column even when the table is "
                                          "wider than the window (piped output is never cut).")]
RecordSource = Annotated[str, typer.Argument(help="A deal record: a .json or .pqn file (docs/record.md), or - for "
                                                "stdin (the form read off the text).")]
ElderOption = Annotated[bool, typer.Option("--elder", help="You are elder (non-dealer).")]
YoungerOption = Annotated[bool, typer.Option("--younger", help="You are younger (the dealer).")]
# the commands that show no progress take --quiet as every command does: it silences any notice on stderr
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No notice on stderr (this command shows no "
                                                               "progress).")]


def _silence(quiet: bool) -> None:
    """``--quiet``: no first-run line (nor any other notice) on stderr in this process."""
    if quiet:
        from ..engine import first_run

        first_run.silence()


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn what the user typed wrong into one-line usage errors."""
    try:
        yield
    except (CardError, RulesError) as e:
        raise click_errors.UsageError(str(e)) from None


def _seating_hands(hands: list[str], ruleset: RuleSet) -> list[tuple[Card, ...]]:
    """The hands of a table of three or four, one a seat in the seats' order, read and checked (game/seating.py's
    ``check_seating_hands``): a usage error for the wrong number of hands or a bad hand."""
    from ..game.seating import check_seating_hands

    shape = ruleset.game
    if len(hands) != shape.players:
        raise click_errors.UsageError(f"{ruleset.name} has {shape.players} seats ({', '.join(shape.seats)}): "
                                      f"give {shape.players} hands in that order, not {len(hands)}")
    with _user_errors():
        cards = [parse_cards(h, shape.hand_size, f"{seat}'s hand") for seat, h in zip(shape.seats, hands, strict=True)]
        check_seating_hands(cards, ruleset)
    return cards


def _given(ctx: typer.Context, *names: str) -> list[str]:
    """The options among ``names`` (parameter names) that the user gave, whatever their value, as typed."""
    defaults = (ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
    return ["--" + name.replace("_", "-") for name in names if ctx.get_parameter_source(name) not in (None, *defaults)]


def _number(value: int) -> str:
    """A whole number the user gave, for a message: cut to about 40 digits."""
    text = str(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def _one_position(elder: bool, younger: bool) -> None:
    if elder == younger:
        raise click_errors.UsageError("say exactly one of --elder or --younger")


def _younger_only(elder: bool, **given: bool) -> None:
    """Options that say what elder did mean nothing when the player is elder: an error, not silence."""
    named = [name for name, was_given in given.items() if was_given]
    if elder and named:
        raise click_errors.UsageError(f"{' and '.join(named)}: for --younger only (what elder did), "
                                      "not with --elder")


def _json_safe(obj: Any) -> Any:
    """``obj`` with every NaN or infinite number as null: JSON has no such numbers, and a strict parser
    refuses Python's NaN and Infinity."""
    if isinstance(obj, float):
        return obj if obj == obj and obj not in (float("inf"), float("-inf")) else None
    if isinstance(obj, dict):
        return {k: _json_safe(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_json_safe(v) for v in obj]
    return obj


@dataclass(frozen=True)
class Answer:
    """A command's answer, validated and analysed once: its --json document and its table, both made from the
    same analysis (the command's ``*_document`` function returns ``data()``; batch calls that function)."""

    data: Callable[[], dict[str, Any]]
    table: Callable[[], str]

    def emit(self, as_json: bool) -> None:
        """Print the document or the table, as every command writes (``_emit``)."""
        _emit(as_json, self.data, self.table)


def _emit(as_json: bool, data: Callable[[], Any], table: Callable[[], str], wide: bool = False) -> None:
    """The one way a command writes its result: JSON (escaped to ASCII when stdout cannot show the text)
    or the table, fitted to the terminal's width when stdout is one (report/fit.py; not with ``wide``);
    a failed write is streams.OutputError or streams.ReaderGone, handled in main."""
    if as_json:
        obj = _json_safe(data())
        text = json.dumps(obj, indent=1, ensure_ascii=False, allow_nan=False)
        if not streams.can_show(text):
            text = json.dumps(obj, indent=1, allow_nan=False)
    else:
        text = table()
        ctx = get_current_context(silent=True)  # a command's own --wide, wherever it writes from
        wide = wide or bool(ctx is not None and ctx.params.get("wide"))
        width = None if wide else streams.terminal_width()
        if width is not None:
            from ..report.fit import fit_text

            text = fit_text(text, width)
    streams.write_out(text + "\n")
