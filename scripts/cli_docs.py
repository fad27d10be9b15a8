"""Write docs/cli.md from the typer app itself: every command, its usage, arguments and options with their help.

    python scripts/cli_docs.py          # rewrite docs/cli.md
    python scripts/cli_docs.py --check  # exit 1 if docs/cli.md differs from a fresh generation

tests/test_docs.py runs the check, so a new option or a changed help text shows here or fails the tests.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import typer  # noqa: E402

from piquet_calc.cli import app  # noqa: E402
from piquet_calc.cli.about import RULES_VARIABLE  # noqa: E402
from piquet_calc.cli.common import PROG  # noqa: E402

OUT = ROOT / "docs" / "cli.md"

INTRO = f"""# Command line

`{PROG} COMMAND [ARGUMENTS] [OPTIONS]`; `{PROG} COMMAND --help` prints the same. Cards are typed `AH KH
QH JH TH 9H 8H 7H`, the ten as `T` or `10`, in any case, suits also as ♠♥♦♣. Whatever is wrong with the
input is one line on stderr, `{PROG}: error: ...`, and exit status 2. `--json` prints JSON instead of
a table: its shapes are in [json.md](json.md).

This file is generated from the commands by `python scripts/cli_docs.py`; tests/test_docs.py checks it.
"""


def _words(text: str | None) -> str:
    return " ".join((text or "").replace("\b", "").split())  # \b: click's mark for a paragraph kept as typed


def _default(param: Any) -> str:
    if param.is_flag or param.default in (None, "", []):
        return ""
    return str(param.default)


METAVARS = {"int": "INTEGER", "integer": "INTEGER", "str": "TEXT", "text": "TEXT", "list[str]": "TEXT"}


def _metavar(param: Any, ctx: Any) -> str:
    """INTEGER or TEXT: typer before 0.29 names a parameter's type by ``type.name``, later by ``display_type``."""
    kind = param.type.name if hasattr(param, "type") else param.display_type(ctx).strip("<>")
    return METAVARS.get(kind, kind.upper())


def _option_names(param: Any, ctx: Any) -> str:
    shown = ", ".join(f"`{n}`" for n in [*param.opts, *param.secondary_opts])
    return shown if param.is_flag else f"{shown} {_metavar(param, ctx)}"


def _argument(param: Any) -> str:
    name = param.name.upper() + (" ..." if param.nargs == -1 else "")
    return name if param.required else f"[{name}]"


def command_section(name: str, command: Any, group_ctx: Any) -> str:
    ctx = command.context_class(command, info_name=name, parent=group_ctx)
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    options = [p for p in command.params if p.param_type_name == "option" and not p.hidden]
    usage = " ".join(["[OPTIONS]" if options else "", *map(_argument, arguments)]).strip()
    lines = [f"## `{name}`", "", _words(command.help), "", "```", f"{PROG} {name} {usage}", "```", ""]
    if arguments:
        lines += ["| argument | help |", "|---|---|"]
        for p in arguments:
            lines.append(f"| `{_argument(p)}` | {_words(getattr(p, 'help', ''))} |")
        lines.append("")
    if options:
        lines += ["| option | default | help |", "|---|---|---|"]
        for p in options:
            default = _default(p)
            repeat = " (repeatable)" if p.multiple and "repeatable" not in (p.help or "") else ""
            shown = f"`{default}`" if default else ""
            lines.append(f"| {_option_names(p, ctx)}{repeat} | {shown} | {_words(p.help)} |")
        lines.append("")
    return "\n".join(lines)


def _paragraphs(text: str | None) -> str:
    """A help text's paragraphs, each one line; one that click keeps as typed (``\\b``) as a code block."""
    out = []
    for para in (text or "").split("\n\n"):
        kept = para.lstrip().startswith("\b")
        out.append("```\n" + "\n".join(line.strip() for line in para.splitlines()[1:]) + "\n```" if kept
                   else _words(para))
    return "\n\n".join(out) + "\n"


def top_options(group: Any, ctx: Any) -> str:
    """The options of piquet-calc itself (before any command) and the environment it reads."""
    lines = ["## `piquet-calc` itself", "", "| option | help |", "|---|---|"]
    lines += [f"| {_option_names(p, ctx)} | {_words(p.help)} |" for p in group.params
              if p.param_type_name == "option" and not p.hidden]
    lines += ["", f"`{RULES_VARIABLE}`: the rules every command takes when `--rules` is not given: a preset's name "
              "or a house-rules .toml file, as `--rules` takes them (`export PIQUET_CALC_RULES=russian`). A value "
              f"that is no rules is refused as `--rules` would refuse it, naming `{RULES_VARIABLE}`; `--rules` "
              "on the command line wins. Unset: rubicon; set but empty: refused, as `--rules ''` is.", ""]
    return "\n".join(lines)


STATUSES = [  # (status, when): the account of docs/engine.md's "Errors, exit codes and the streams", for the user
    ("0", "the result was written (`batch`: every line answered)"),
    ("1", "`batch`: some lines failed, each with its `error` line (among them a JSON line that is not JSON, gives a "
          "key twice, naming it, or is nested too deeply); a summary on stderr counts them"),
    ("2", f"bad input, one line on stderr (`{PROG}: error: ...`) and never a traceback: a bad card, option, count or "
          "rules; a JSON document read (a deal record, `record --from-play`'s, `partie`'s play records, the `--out` "
          "file `batch --resume` goes on with) that is not JSON, gives a key twice (the key named: the last is not "
          "taken silently), is nested more than 100 deep or holds a number of more than 4300 digits; a record's text "
          "form with a tag twice; `batch` with stdin closed; `batch --cluster ADDRESS` where no Dask scheduler "
          "answers within `--cluster-timeout` seconds (the address named; nothing written to `--out`); "
          f"`{RULES_VARIABLE}` set but empty, or naming no rules; stdout closed or full"),
    ("130", "interrupted (Ctrl-C)"),
    ("141", "the reader went away (`\\| head -1`): nothing more is written"),
]


def exit_statuses() -> str:
    lines = ["## Exit statuses", "", "| status | when |", "|---|---|"]
    lines += [f"| {status} | {when} |" for status, when in STATUSES]
    lines += ["", "A `batch` that dies however it dies (killed by SIGKILL, 137 in the shell) leaves no worker behind: "
              "each ends itself within a second, and the lines written to `--out` are whole (`--resume` goes on).", ""]
    return "\n".join(lines)


def generate() -> str:
    group = typer.main.get_command(app)
    ctx = group.context_class(group, info_name=PROG)
    parts = [INTRO, _paragraphs(group.help)]
    rows = [f"| [`{name}`](#{name}) | {_words(cmd.get_short_help_str(limit=200))} |"
            for name, cmd in group.commands.items()]
    parts.append("| command | what it answers |\n|---|---|\n" + "\n".join(rows) + "\n")
    parts.append(top_options(group, ctx))
    parts.append(exit_statuses())
    parts += [command_section(name, cmd, ctx) for name, cmd in group.commands.items()]
    return "\n".join(parts)


if __name__ == "__main__":
    from generated_docs import write_or_check  # scripts/ is sys.path[0] when run as a script

    sys.exit(write_or_check(OUT, ROOT, generate, "commands", "cli_docs.py", __doc__))
