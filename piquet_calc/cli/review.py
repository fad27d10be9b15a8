"""`piquet-calc review`: every decision of a played deal graded from the player's seat (analysis/review.py,
report/review.py; the record: game/record.py, docs/record.md)."""

from __future__ import annotations

import shutil
import sys
import time
from typing import Annotated, Any

import typer

from ..analysis.defaults import DEFAULT_SAMPLES, DEFAULT_SEED
from ..kernels.cache import MAX_THREADS
from .common import PROG, Answer, JsonOption, WideOption, _number, _silence, click_errors
from .record import load_deal

MAX_SAMPLES = 100_000


class _ReviewProgress:
    """Progress on stderr once the review has taken a second: the decision it is on, how many of all, and the
    time left as the cards so far measure it (analysis/review.py's stage words)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled, self.start, self.last, self.shown = enabled, time.monotonic(), 0.0, False
        try:
            self.tty = sys.stderr.isatty()
        except (AttributeError, OSError, ValueError):
            self.tty = False

    def __call__(self, where: str, done: int, total: int) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.start < 1.0 or now - self.last < (0.2 if self.tty else 2.0):
            return
        self.last, self.shown = now, True
        line = f"{PROG}: review: {where} ({done} of {total} decisions) in {now - self.start:.0f}s"
        try:
            if self.tty:
                width = shutil.get_terminal_size().columns - 1
                sys.stderr.write("\r" + line[:width].ljust(width))
            else:
                sys.stderr.write(line + "\n")
            sys.stderr.flush()
        except (OSError, ValueError):
            self.enabled = False

    def finish(self) -> None:
        if self.shown and self.tty and self.enabled:
            width = shutil.get_terminal_size().columns - 1
            sys.stderr.write("\r" + f"{PROG}: review done in {time.monotonic() - self.start:.0f}s".ljust(width) + "\n")
            sys.stderr.flush()


def review(
    source: Annotated[str, typer.Argument(help="The deal record: a .json or .pqn file (docs/record.md), or - for "
                                               "stdin.")],
    seat: Annotated[str | None, typer.Option(help="Grade only this player's decisions: elder or dealer.",
                                             show_default=False)] = None,
    play: Annotated[bool, typer.Option("--play", help="Also judge each exchange on the whole deal (sampled, with "
                                                      "its standard error and sources), as discard --play --why.")]
    = False,
    samples: Annotated[int, typer.Option(help=f"With --play: fresh deals per discard in the final round, 2 to "
                                              f"{MAX_SAMPLES:,}.")] = DEFAULT_SAMPLES,
    seed: Annotated[int, typer.Option(help="With --play: the seed the deals are drawn from.")] = DEFAULT_SEED,
    threads: Annotated[int, typer.Option(help=f"Worker threads, 0 (one per core) to {MAX_THREADS}; the figures do "
                                              "not depend on it.")] = 0,
    summary: Annotated[bool, typer.Option("--summary", help="Only the points each lost by stage and the three "
                                                            "costliest decisions.")] = False,
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr (nor the first run's "
                                                              "compiling line).")] = False,
) -> None:
    """Every decision of a played deal graded: each exchange, the announcements and every card, from the
    player's seat and double dummy, with the points each lost by stage."""
    _silence(quiet)
    try:
        answer = review_answer(source, seat=seat, play=play, samples=samples, seed=seed, threads=threads,
                               summary=summary, progress=not quiet)
    except KeyboardInterrupt:
        typer.echo(f"\n{PROG}: interrupted: nothing printed", err=True)
        raise typer.Exit(130) from None
    answer.emit(as_json)


def review_document(source: str, *, seat: str | None = None, play: bool = False, samples: int = DEFAULT_SAMPLES,
                    seed: int = DEFAULT_SEED, threads: int = 0, summary: bool = False) -> dict[str, Any]:
    """``review SOURCE --json``'s document (``summary`` shapes only the table; no progress written); a usage
    error (one line) for bad options or a record that does not check."""
    return review_answer(source, seat=seat, play=play, samples=samples, seed=seed, threads=threads,
                         summary=summary, progress=False).data()


def review_answer(source: str, *, seat: str | None, play: bool, samples: int, seed: int, threads: int,
                  summary: bool, progress: bool) -> Answer:
    """The options checked, the record read and every decision graded, for the document and the table;
    ``progress``: the grading's progress on stderr."""
    from ..analysis.review import analyse_review
    from ..game.play import SEAT_NAMES

    if seat is not None and seat.lower() not in SEAT_NAMES:
        raise click_errors.UsageError(f"--seat must be elder or dealer, not {seat!r}")
    for name, value, low, high in (("--samples", samples, 2, MAX_SAMPLES), ("--threads", threads, 0, MAX_THREADS),
                                   ("--seed", seed, 0, 2**32 - 1)):
        if not low <= value <= high:
            raise click_errors.UsageError(f"{name} must be {low} to {high:,}, not {_number(value)}")
    deal = load_deal(source)
    seats = (SEAT_NAMES.index(seat.lower()),) if seat else (0, 1)
    shown = _ReviewProgress(progress)
    result = analyse_review(deal, seats, play=play, samples=samples, seed=seed, threads=threads, progress=shown)
    shown.finish()
    from ..report.review import review_data, review_summary, review_table

    data = review_data(result)
    return Answer(lambda: data, lambda: review_summary(data) if summary else review_table(data))


__all__ = ["review", "review_document"]
