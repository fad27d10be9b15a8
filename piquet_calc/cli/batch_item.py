"""One line of `piquet-calc batch` run through a command's own code, in this process.

A line becomes the argument list the command line would give (``argv``): from a JSON object, each key a
name the command's ``--help`` gives (an argument's name, an option's long name with ``_`` for ``-``:
``hand``, ``elder_hand``, ``elder``, ``top``, ``elder_took``, ``deal``); from a plain line, its
``|``-separated parts are the command's arguments in order (a hand a line). The keys are checked against
the command's real parameters, read from the typer app (``serve``), so an option another command gains
is batchable at once.

``run_item`` then answers as ``piquet-calc COMMAND ARGV... --json`` would, by the command's document function
(``documents``: ``odds_document`` in cli/odds.py, ...): the argument list parsed by the command's own parser
(click's messages, its types, its callbacks), the options given passed to the function (those left out take
its defaults), its dict made one line of JSON, its one-line error (a usage error, a CardError, ...) the line's
error, word for word; nothing is printed, so items may run on several threads at once (a Dask worker's). A
command without one (practice, which plays from stdin) is not batched.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import streams
from .common import USER_ERRORS, ParameterSource, _json_safe, click_errors

SEPARATOR = "|"  # a plain line's arguments: "ELDER HAND | DEALER HAND" (cards never hold it)
FORCED = "json"  # batch writes every command's --json document: the key may be true, or left out

_app: list[Any] = []  # the typer app (cli/app.py hands it over: ``serve``)
_group: list[Any] = []  # its click group, made once per process


class BadLine(Exception):
    """A line that cannot be run: the message is its ``error``."""


def serve(app: Any) -> None:
    """Batch runs the commands of ``app`` (called once, by cli/app.py, after every command is registered)."""
    _app[:] = [app]


def group() -> Any:
    """The app's click group: its commands, their parameters and ``main`` (made once in a process)."""
    if not _group:
        import typer

        if not _app:
            raise RuntimeError("cli/app.py has not handed batch the app (batch_item.serve)")
        _group.append(typer.main.get_command(_app[0]))
    return _group[0]


def prepare_worker() -> None:
    """A worker's one-time start: the commands read, the first run's lines silenced (nobody reads them)."""
    from ..engine import first_run

    group()
    first_run.silence()


def batchable() -> dict[str, Any]:
    """The commands a line may name: every command with a document function, in the app's order."""
    known = documents()
    return {name: cmd for name, cmd in group().commands.items() if name in known}


def has_json(command: Any) -> bool:
    """The command takes --json."""
    return any("--json" in p.opts for p in command.params if p.param_type_name == "option")


def key_of(param: Any) -> str:
    """A parameter's key in a JSON line: an argument's name; an option's long name, ``-`` made ``_``."""
    if param.param_type_name == "argument":
        return str(param.name)
    long = [o for o in param.opts if o.startswith("--")]
    return (long or param.opts)[0].lstrip("-").replace("-", "_")


def command_for(name: Any) -> Any:
    """The command ``name`` names, or BadLine."""
    commands = batchable()
    if name is None:
        raise BadLine(f'no "command": one of {", ".join(commands)}')
    if not isinstance(name, str) or name not in commands:
        shown = json.dumps(name, ensure_ascii=False)
        raise BadLine(f"no command {shown} to batch: one of {', '.join(commands)}")
    return commands[name]


def _scalar(key: str, value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise BadLine(f"{key}: a string or a number, not {json.dumps(value, ensure_ascii=False)}")
    return str(value)


def _option_args(param: Any, key: str, value: Any) -> list[str]:
    """The command line's words for one option's value (a flag: named when true)."""
    name = [o for o in param.opts if o.startswith("--")][0]
    if param.is_flag:
        if not isinstance(value, bool):
            raise BadLine(f"{key}: a flag, true or false, not {json.dumps(value, ensure_ascii=False)}")
        if value:
            return [name]
        return [param.secondary_opts[0]] if param.secondary_opts else []
    values = value if param.multiple and isinstance(value, list) else [value]
    return [word for v in values for word in (name, _scalar(key, v))]


def object_argv(command: Any, obj: dict[str, Any]) -> list[str]:
    """The argument list of one JSON line's keys (``id`` and ``command`` read apart), or BadLine."""
    params = {key_of(p): p for p in command.params}
    options: list[str] = []
    positional: list[tuple[Any, list[str]]] = []
    for key, value in obj.items():
        if key in ("id", "command"):
            continue
        param = params.get(key)
        if param is None:
            raise BadLine(f"{command.name} takes no {json.dumps(key, ensure_ascii=False)}: its keys are "
                          f"{', '.join(params)}")
        if key == FORCED:
            if value is not True:
                raise BadLine(f"{key}: batch writes the --json document of every line (true, or leave it out)")
            continue
        if value is None:  # null: the command's default
            continue
        if param.param_type_name == "option":
            options += _option_args(param, key, value)
        elif param.nargs == -1:
            positional.append((param, [_scalar(key, v) for v in (value if isinstance(value, list) else [value])]))
        else:
            positional.append((param, [_scalar(key, value)]))
    return options + _arguments(command, dict(positional))


def _arguments(command: Any, given: dict[Any, list[str]]) -> list[str]:
    """The arguments in the command's order after ``--`` (a hand may not be read as an option); one given
    after one left out would take its place: refused."""
    words: list[str] = []
    missing = None
    for param in (p for p in command.params if p.param_type_name == "argument"):
        if param not in given:
            missing = missing or param
            continue
        if missing is not None:
            raise BadLine(f"{key_of(param)} needs {key_of(missing)} (the command line gives it first)")
        words += given[param]
    return ["--", *words] if words else []


def line_argv(command: Any, line: str) -> list[str]:
    """A plain line's words: its ``|``-separated parts are the command's arguments in order (a list
    argument, as score's hands, takes them all)."""
    parts = [part.strip() for part in line.split(SEPARATOR)]
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if arguments and arguments[0].nargs == -1:
        return ["--", *parts]
    if len(parts) > len(arguments):
        raise BadLine(f"{len(parts)} parts separated by {SEPARATOR!r}: {command.name} takes "
                      f"{len(arguments)} ({', '.join(key_of(p) for p in arguments)})")
    return ["--", *parts]


def check_options(command: Any, options: list[str]) -> None:
    """The options given once for every plain line, parsed as the command parses them (its arguments stand
    in): a misspelt option is said once, before any line runs, in click's own words (its UsageError)."""
    stand_in = ["x" for p in command.params if p.param_type_name == "argument" and p.required]
    ctx = command.make_context(command.name, [*options, "--json", "--", *stand_in], parent=None)
    ctx.close()


def documents() -> dict[str, Callable[..., dict[str, Any]]]:
    """The commands answered by their document function, by name: ``document(**options) -> dict``."""
    from .declare import declare_document
    from .discard import discard_document
    from .odds import odds_document
    from .partie import partie_document
    from .play import play_document
    from .record import record_document
    from .review import review_document
    from .rules import rules_document
    from .score import score_document

    return {"declare": declare_document, "discard": discard_document, "odds": odds_document, "partie": partie_document,
            "play": play_document, "record": record_document, "review": review_document, "rules": rules_document,
            "score": score_document}


OUTPUT_ONLY = ("as_json", "wide", "quiet")  # how the command line writes, not what the document holds


def run_item(task: tuple[str, list[str]]) -> tuple[str | None, str | None]:
    """Run ``piquet-calc COMMAND ARGV... --json`` in this process: (its document as one line of JSON, None),
    or (None, its error message)."""
    name, argv = task
    document = documents()[name]
    try:
        ctx = group().commands[name].make_context(name, _with_json(argv))
        given = {key: value for key, value in ctx.params.items() if key not in OUTPUT_ONLY
                 and ctx.get_parameter_source(key) not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)}
        data = document(**given)
    except click_errors.ClickException as e:
        return None, streams.one_line(e.format_message() or type(e).__name__) or "invalid input"
    except USER_ERRORS as e:
        return None, streams.one_line(str(e)) or "invalid input"
    except Exception as e:  # noqa: BLE001 - a bug of one line must not end the run: it is that line's error
        return None, streams.one_line(f"internal error: {type(e).__name__}: {e}")
    return json.dumps(_json_safe(data), ensure_ascii=False, separators=(",", ":")), None


def _with_json(argv: list[str]) -> list[str]:
    """``--json`` among the options (before ``--``, after which come the arguments)."""
    if "--" in argv:
        cut = argv.index("--")
        return [*argv[:cut], "--json", *argv[cut:]]
    return [*argv, "--json"]

