"""The command line: the typer app and its commands, registered in the order --help lists them; each command
lives in its own module (cli/discard.py, declare.py, ...), what they share in cli/common.py. A command parses
its arguments, calls an analysis, calls report; nothing else.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from . import streams
from .about import ABOUT, version_line
from .batch import BATCH_SETTINGS, batch
from .batch_item import serve
from .common import PROG, _OneLineErrors, click_decorators
from .declare import declare
from .discard import discard
from .odds import odds
from .partie import partie
from .play import play
from .practice import practice
from .record import record
from .review import review
from .rules import rules_command
from .score import score
from .warm import warm


def _echo_help(message: Any = None, file: Any = None, nl: bool = True, err: bool = False, color: Any = None) -> None:
    """The help page (``--help``), written as every output is: streams.write_out, with its ASCII fallback."""
    streams.write_out(f"{message}\n" if nl else str(message))


# plain help pages, without rich (importing rich took most of a --help's time), on stdout as the output is
click_decorators.echo = _echo_help
app = typer.Typer(cls=_OneLineErrors, no_args_is_help=True, rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings={"max_content_width": 100})


def _show_version(value: bool) -> None:
    if value:
        streams.write_out(version_line() + "\n")
        raise typer.Exit()


@app.callback(help=ABOUT)
def main(version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_show_version,
                                               help="Print the version (with Python's, numba's, numpy's) and exit.")
                            ] = False) -> None:
    """The commands below; --version, and shell completion (--install-completion)."""


app.command()(discard)
app.command()(declare)
app.command()(score)
app.command()(play)
app.command()(odds)
app.command("rules")(rules_command)
app.command()(warm)
app.command()(partie)
app.command()(review)
app.command()(record)
app.command()(practice)
app.command(context_settings=BATCH_SETTINGS)(batch)
serve(app)  # batch runs the other commands through this app (cli/batch_item.py)


def run() -> None:
    """Console-script entry point (and ``python -m piquet_calc``): a first run compiles its kernel families on
    two cores (cli/warm.py's ``aside``)."""
    from ..engine import first_run
    from .warm import aside

    first_run.compile_aside(aside)
    app(prog_name=PROG)
