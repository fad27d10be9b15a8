"""`piquet-calc review`: every decision of a played deal graded from the player's seat (analysis/review.py,
report/review.py; the record: record/record.py, docs/record.md)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer

from ..analysis.defaults import DEFAULT_SAMPLES, DEFAULT_SEED
from ..kernels.cache import MAX_THREADS
from . import streams
from .common import PROG, Answer, JsonOption, RecordSource, WideOption, _number, _silence, click_errors
from .progress import ReviewProgress
from .record import read_deal

MAX_SAMPLES = 100_000


def review(
    source: RecordSource,
    seat: Annotated[str | None, typer.Option(help="Grade only this player's decisions: elder or dealer.",
                                             show_default=False)] = None,
    model: Annotated[str, typer.Option(help="The exchange's judge: whole (the whole deal, sampled: as discard "
                                            "--play --why, its cost ± s.e. and its sources) or declarations (exact, "
                                            "as discard --why).")] = "whole",
    play: Annotated[bool, typer.Option("--play", help="With --model declarations: also judge each exchange on the "
                                                      "whole deal, as discard --play --why.")]
    = False,
    samples: Annotated[int, typer.Option(help=f"The whole deal: fresh deals per discard in the final round, 2 to "
                                              f"{MAX_SAMPLES:,}.")] = DEFAULT_SAMPLES,
    seed: Annotated[int, typer.Option(help="The whole deal: the seed the deals are drawn from.")] = DEFAULT_SEED,
    threads: Annotated[int, typer.Option(help=f"Worker threads, 0 (one per core) to {MAX_THREADS}; the figures do "
                                              "not depend on it.")] = 0,
    summary: Annotated[bool, typer.Option("--summary", help="Only the points each lost by stage and the three "
                                                            "costliest decisions.")] = False,
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr (nor the first run's "
                                                              "compiling line).")] = False,
    save: Annotated[bool, typer.Option("--save", help="Add the graded decisions to practice's history "
                                                      "(practice --mistakes serves them again).")] = False,
    db: Annotated[Path | None, typer.Option(help="With --save: the history database (default: in your data "
                                                 "folder).", show_default=False)] = None,
) -> None:
    """Every decision of a played deal graded: each exchange, the announcements and every card, from the
    player's seat and double dummy, with the points each lost by stage."""
    _silence(quiet)
    if save:
        _history(db).close()  # a history that cannot be used is found before the grading, not after it
    try:
        result = _graded(source, seat=seat, play=play, samples=samples, seed=seed, threads=threads,
                         progress=not quiet, model=model)
    except KeyboardInterrupt:
        typer.echo(f"\n{PROG}: interrupted: nothing printed", err=True)
        raise typer.Exit(130) from None
    if save:
        _save(result, source, db)
    _answer(result, summary).emit(as_json)


def review_document(source: str, *, seat: str | None = None, play: bool = False, samples: int = DEFAULT_SAMPLES,
                    seed: int = DEFAULT_SEED, threads: int = 0, summary: bool = False,
                    model: str = "whole") -> dict[str, Any]:
    """``review SOURCE --json``'s document (``summary`` shapes only the table; no progress written); a usage
    error (one line) for bad options or a record that does not check."""
    result = _graded(source, seat=seat, play=play, samples=samples, seed=seed, threads=threads, progress=False,
                     model=model)
    return _answer(result, summary).data()


def _graded(source: str, *, seat: str | None, play: bool, samples: int, seed: int, threads: int,
            progress: bool, model: str = "whole") -> Any:
    """The options checked, the record read (``read_deal``) and every decision graded (analysis/review.py's
    ``Review``); ``progress``: the grading's progress on stderr."""
    from ..analysis.review import analyse_review
    from ..game.play import SEAT_NAMES

    if seat is not None and seat.lower() not in SEAT_NAMES:
        raise click_errors.UsageError(f"--seat must be elder or dealer, not {seat!r}")
    from ..analysis.judge import MODELS

    if model not in MODELS:
        raise click_errors.UsageError(f"--model must be whole or declarations, not {model!r}")
    for name, value, low, high in (("--samples", samples, 2, MAX_SAMPLES), ("--threads", threads, 0, MAX_THREADS),
                                   ("--seed", seed, 0, 2**32 - 1)):
        if not low <= value <= high:
            raise click_errors.UsageError(f"{name} must be {low} to {high:,}, not {_number(value)}")
    deal = read_deal(source).deal
    seats = (SEAT_NAMES.index(seat.lower()),) if seat else (0, 1)
    shown = ReviewProgress(progress)
    result = analyse_review(deal, seats, play=play, samples=samples, seed=seed, threads=threads, progress=shown,
                            model=model)
    shown.finish()
    return result


def _answer(result: Any, summary: bool) -> Answer:
    """The document and the table (or the summary) of one review."""
    from ..report.review import review_data, review_summary, review_table

    data = review_data(result)
    return Answer(lambda: data, lambda: review_summary(data) if summary else review_table(data))


def _save(result, source: str, db: Path | None) -> None:
    """Every graded exchange and card of the review added to the history in one transaction, as practice saves its
    own (analysis/review_rows.py's ``review_decisions``); a deal the history holds already (the same content,
    practice's own or saved before: history's ``add_deal``) is not added again."""
    from ..analysis.review_rows import review_decisions
    from ..history import HistoryError
    from ..record.record import content_key

    where = "-" if source == "-" else str(Path(source).resolve())
    decisions = review_decisions(result, where, time.time())
    with _history(db) as h:
        try:
            held = h.add_deal(content_key(result.deal.record), where, decisions)  # one transaction: all or none
        except HistoryError as e:
            raise click_errors.UsageError(str(e)) from None
    if held is not None:
        streams.write_err(f"{PROG}: this deal is in the history already (saved as {held}): nothing added")


def _history(db: Path | None) -> Any:
    """The history ``--save`` adds to, open (one error line if it cannot be used)."""
    from ..history import History, HistoryError, default_path

    try:
        return History.open(db if db is not None else default_path())
    except HistoryError as e:
        raise click_errors.UsageError(str(e)) from None


__all__ = ["review", "review_document"]
