"""`piquet-calc batch`: many lines in one run, each answered by a command's own code (README, Many hands).

Two kinds of input: JSON lines (a FILE, or stdin), each an object with its ``command``, an optional
``id`` and the command's arguments and options by the names its --help gives them; or plain lines on
stdin, the command and its options given once on the command line (``batch discard --elder --top 3``),
a hand a line. Each line's answer is one line of JSON, in the input's order (docs/json.md, ``batch``).
The lines go to piquet_calc/batch/ (the runners, the output file; the progress is cli/progress.py's); each is run by
cli/batch_item.py's ``run_item``, in a worker's process, as the command line would run it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, BinaryIO

import typer

from ..cards import quote_path
from . import streams
from .batch_item import (
    BadLine,
    batchable,
    check_options,
    command_for,
    group,
    has_json,
    line_argv,
    object_argv,
    prepare_worker,
    run_item,
)
from .common import PROG, _number, click_errors

if TYPE_CHECKING:  # the runners are imported when batch runs, not at every command's start
    from ..batch.lines import Item
    from ..batch.run import Tally
    from .progress import BatchProgress

CLUSTER_TIMEOUT = 20  # seconds: --cluster-timeout's default (Dask's Client waits for ever on a silent address)
MAX_CLUSTER_TIMEOUT = 3600
# batch's own options anywhere; whatever else follows a command's name is that command's
BATCH_SETTINGS = {"ignore_unknown_options": True, "allow_interspersed_args": True}
FAILED_STATUS = 1  # some lines failed (each has its error line); 2 is for what batch itself was given


def batch(
    file_or_command: Annotated[list[str] | None, typer.Argument(
        metavar="FILE|COMMAND", show_default=False,
        help="A FILE of JSON lines (default: stdin), each {\"command\": ..., \"id\": ..., arguments and options "
             "by their --help names}; or a COMMAND and its options for plain lines on stdin, a hand a line "
             "(several arguments: separated by a vertical bar).")] = None,
    out: Annotated[str | None, typer.Option(help="Write the lines to this file (a whole line at a time) instead "
                                            "of stdout.", show_default=False)] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Go on with the --out file: its lines are skipped, the "
                                         "rest appended (a line a kill cut short is dropped).")] = False,
    workers: Annotated[int | None, typer.Option(help="Worker processes on this machine (default: one per core); "
                                                "the figures do not depend on it.", show_default=False)] = None,
    cluster: Annotated[str | None, typer.Option(help="Send the lines to this Dask scheduler (tcp://HOST:8786; "
                                                "needs pip install \"piquet-calc[cluster]\").",
                                                show_default=False)] = None,
    cluster_timeout: Annotated[int | None, typer.Option(
        help=f"With --cluster: give up when no Dask scheduler has answered within this many seconds, 1 to "
             f"{MAX_CLUSTER_TIMEOUT:,} (default {CLUSTER_TIMEOUT}).", show_default=False)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr (a summary only if lines "
                                        "failed).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Accepted, as every command takes it: the output is "
                                          "always JSON lines.")] = False,
) -> None:
    """Many hands in one run: a line in, a line of JSON out (each command's --json), on every core or a Dask
    cluster; exit 1 if any line failed."""
    from ..batch.lines import count_lines, read_items
    from ..batch.out import OutError, open_output
    from ..batch.run import MAX_WORKERS, cores
    from .progress import BatchProgress

    words = list(file_or_command or [])
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise click_errors.UsageError(f"--workers must be 1 to {MAX_WORKERS}, not {workers}")
    if workers is not None and cluster is not None:
        raise click_errors.UsageError("--workers is for this machine: the cluster's workers are its own")
    _check_cluster_timeout(cluster, cluster_timeout)
    parse, source = _mode(words)
    stdout, stderr = sys.stdout, sys.stderr  # as found: each line's run swaps them
    with _input(source) as stream:
        total = count_lines(stream)
        try:
            sink, written = open_output(out, resume, stdout)
        except OutError as e:
            raise click_errors.UsageError(str(e)) from None
        if cluster is None and not quiet:
            _say_uncompiled()
        progress = BatchProgress(stderr, total, quiet)
        tally = _run(read_items(stream, parse), sink, written, progress, workers or cores(), cluster,
                     cluster_timeout or CLUSTER_TIMEOUT)
    progress.finish(tally)
    if tally.failed:
        raise typer.Exit(FAILED_STATUS)


def _check_cluster_timeout(cluster: str | None, timeout: int | None) -> None:
    if timeout is None:
        return
    if cluster is None:
        raise click_errors.UsageError("--cluster-timeout: with --cluster only (how long its scheduler may take)")
    if not 1 <= timeout <= MAX_CLUSTER_TIMEOUT:
        raise click_errors.UsageError(f"--cluster-timeout must be 1 to {MAX_CLUSTER_TIMEOUT:,} seconds, "
                                      f"not {_number(timeout)}")


def _run(items: Any, sink: Any, written: Any, progress: BatchProgress, workers: int, cluster: str | None,
         cluster_timeout: float) -> Tally:
    """The lines run and written; the runner and the output closed whatever happens."""
    from ..batch.out import OutError, check_written
    from ..batch.run import RunnerError, drive

    try:
        runner = _runner(workers, cluster, cluster_timeout)
    except RunnerError as e:
        sink.close()
        raise click_errors.UsageError(str(e)) from None
    except BaseException:
        sink.close()
        raise
    try:
        return drive(items, runner, sink.write, written, check_written, progress)
    except (RunnerError, OutError) as e:
        raise click_errors.UsageError(str(e)) from None
    except KeyboardInterrupt:
        streams.write_err(f"\n{PROG}: batch: interrupted: the lines written are whole (--resume goes on)")
        raise typer.Exit(130) from None
    finally:
        runner.close()
        sink.close()


def _runner(workers: int, cluster: str | None, cluster_timeout: float) -> Any:
    from ..batch.run import local_runner

    if cluster is None:
        return local_runner(run_item, prepare_worker, workers)
    from ..batch.cluster import DaskCluster

    try:
        return DaskCluster(run_item, prepare_worker, cluster, cluster_timeout)
    except ImportError:
        raise click_errors.UsageError('--cluster needs Dask: pip install "piquet-calc[cluster]"') from None


def _mode(words: list[str]) -> tuple[Any, str | None]:
    """How each line is read (plain lines of a command, or JSON lines), and the input (a file, or stdin)."""
    commands = batchable()
    if words and words[0] in commands:
        command, options = commands[words[0]], words[1:]
        try:
            check_options(command, options)
        except click_errors.ClickException as e:
            raise click_errors.UsageError(f"{command.name}: {e.format_message()}") from None
        return _plain(command, options), None
    if words and words[0].startswith("-") and words[0] != "-":
        raise click_errors.UsageError(f"No such option: {words[0]} (a command's options follow its name)")
    if words and words[0] in _all_commands():
        said = "is not batched" if has_json(group().commands[words[0]]) else "has no --json"
        raise click_errors.UsageError(f"{words[0]} {said}: batch runs {', '.join(commands)}")
    if len(words) > 1:
        raise click_errors.UsageError(f"one FILE of JSON lines, not {len(words)} words (a command's options follow "
                                      f"its name: batch COMMAND OPTIONS < lines)")
    return _json_line, (words[0] if words and words[0] != "-" else None)


def _all_commands() -> list[str]:
    return list(group().commands)


def _plain(command: Any, options: list[str]) -> Any:
    from ..batch.lines import Item

    def parse(number: int, text: str) -> Item:
        try:
            return Item(number, number, command.name, (command.name, [*options, *line_argv(command, text)]))
        except BadLine as e:
            return Item(number, number, command.name, None, streams.one_line(str(e)))

    return parse


def _json_line(number: int, text: str) -> Item:
    """A JSON line's Item: its id, its command, its argument list; or its error."""
    from ..batch.lines import Item, LineError, item_id, json_object

    line_id, name = number, None
    try:
        obj = json_object(text)
        line_id = item_id(obj, number)
        name = obj.get("command")
        command = command_for(name)
        return Item(number, line_id, name, (name, object_argv(command, obj)))
    except (LineError, BadLine) as e:
        return Item(number, line_id, name if isinstance(name, str) else None, None, streams.one_line(str(e)))


class _input:
    """The input as bytes: the FILE, or stdin."""

    def __init__(self, source: str | None) -> None:
        self.source = source
        self.file: BinaryIO | None = None

    def __enter__(self) -> BinaryIO:
        if self.source is None:
            if sys.stdin is None:  # started with stdin closed (<&-): Python has no stream to give
                raise click_errors.UsageError("stdin is closed: no lines to run (pipe them in)")
            return getattr(sys.stdin, "buffer", sys.stdin)
        try:
            self.file = open(Path(self.source), "rb")  # noqa: SIM115 - closed by __exit__
        except OSError as e:
            known = ", ".join(batchable())
            raise click_errors.UsageError(f"cannot read {quote_path(self.source)}: {e.strerror or e} (not a command "
                                          f"either: one of {known})") from None
        return self.file

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def _say_uncompiled() -> None:
    """One line when kernels are not compiled yet: each worker compiles what its lines need (or play answers
    by the plain solver): `warm` once spares every later run."""
    from ..engine import families, first_run

    pending = [name for name in families.FAMILIES if not first_run.compiled(name)]
    if pending:
        streams.write_err(f"{PROG}: batch: not compiled yet: {', '.join(families.FAMILIES[n].what for n in pending)}"
                          f"; each worker compiles what its lines need (`{PROG} warm` compiles them once for all)")
