"""A played deal as a partie reads it: the document ``play --json`` writes (record/from_play.py's one reader),
turned into the deal's totals for the score sheet (game/partie.py's ``DealTotals``); plain Python.

Two and three hands give the deal's points as steps in counting order (002): the declaration classes as the
document lists them, the totals before the play, the running totals after each trick (the leader's points
first: the lead scores before the trick is won), then the deal's total (the cards, capot, any deal bonus).
Four gives its sides' totals, placed by the deal's number (game/partie_four.py). Every number read is a whole
number (not a float, not a boolean) from 0 to ``DEAL_MOST`` and the running totals never go down; PartieError
otherwise (the caller checks the document against its schema first: record/from_play.py's ``check_play``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import quote
from ..game.partie import DEAL_MOST, DealTotals, PartieError, dealer_of
from ..game.partie_four import elder_side
from ..rules.model import Game
from .from_play import PlayDocumentError, PlayedRecord, Totals, read_play


def _whole(values: Totals, where: str) -> tuple[int, ...]:
    for v in values:
        if type(v) is not int or not 0 <= v <= DEAL_MOST:
            raise PartieError(f"{where}: the play record's totals are whole numbers from 0 to {DEAL_MOST:,}, "
                              f"not {quote(repr(v))}")
    return values  # type: ignore[return-value]


def _checkpoints(played: PlayedRecord, where: str) -> list[tuple[tuple[int, ...], int]]:
    """The running totals at each point where the deal scores, in counting order, each with the seat that
    counts first there; every number checked (``_whole``) as it is met."""
    out: list[tuple[tuple[int, ...], int]] = []
    run = (0,) * played.players
    for points in played.declared:
        run = tuple(r + p for r, p in zip(run, _whole(points, where), strict=True))
        out.append((run, 0))
    if played.before_play is not None:
        out.append((_whole(played.before_play, where), 0))
    out += [(_whole(t.totals, where), t.leader) for t in played.tricks]
    out.append((_whole(played.total, where), 0))
    return out


def _steps(checkpoints: Sequence[tuple[tuple[int, ...], int]], players: Sequence[int],
           where: str) -> DealTotals:
    """The steps (player index, points) between running totals; ``players``: each seat's player index."""
    n = len(players)
    steps: list[tuple[int, int]] = []
    prev = (0,) * n
    for totals, first in checkpoints:
        delta = [t - p for t, p in zip(totals, prev, strict=True)]
        if min(delta) < 0:
            raise PartieError(f"{where}: the play record's running totals go down ({prev} then {totals})")
        for k in range(n):
            seat = (first + k) % n
            if delta[seat]:
                steps.append((players[seat], delta[seat]))
        prev = totals
    return DealTotals.from_steps(steps, n)


def deal_from_play(record: dict, dealer: int, number: int = 1) -> DealTotals:
    """A deal from the JSON ``piquet-calc play --json`` writes, the dealer being player ``dealer`` (1 or 2)
    (module docstring)."""
    where = f"deal {number}"
    try:
        played = read_play(record)
    except PlayDocumentError:
        raise PartieError(f"{where}: not a record written by `piquet-calc play --json` (no total for elder "
                          f"and dealer)") from None
    _whole(played.total, where)  # the deal's total is judged first, as it always was
    elder = 2 if dealer == 1 else 1
    return _steps(_checkpoints(played, where), (elder - 1, dealer - 1), where)


def deal_from_play_normand(record: dict, dealer: int, number: int = 1) -> DealTotals:
    """A deal from a Normand play record, player ``dealer`` (1 to 3) dealing: elder is the player after him,
    then middle (module docstring). A number out of bounds is, as a missing part, not such a record."""
    where = f"deal {number}"
    try:
        checkpoints = _checkpoints(read_play(record), where)
    except (PlayDocumentError, PartieError):
        raise PartieError(f"{where}: not a record written by `piquet-calc play --rules normand --json`") from None
    return _steps(checkpoints, [(dealer + s) % 3 for s in range(3)], where)


def deal_from_play_four(record: dict, number: int) -> DealTotals:
    """A deal from a ``play --rules four --json`` record (checked against play-four.schema.json first): its
    sides' totals, placed so that ``scores[0]`` is P1+P3's."""
    where = f"deal {number}"
    try:
        sides = read_play(record).total
    except PlayDocumentError:
        raise PartieError(f"{where}: not a record written by `piquet-calc play --rules four --json`") from None
    for v in sides:
        if type(v) is not int or not 0 <= v <= DEAL_MOST:
            raise PartieError(f"{where}: the play record's totals are whole numbers from 0 to {DEAL_MOST:,}")
    return DealTotals(sides if elder_side(number) == 0 else sides[::-1])  # type: ignore[arg-type]


def deal_from_played(played_document: dict, game: Game, number: int) -> DealTotals:
    """Deal ``number`` of a partie of ``game`` (four: its sheet by side) from its ``play --json`` document,
    the dealer the partie's (game/partie.py's ``dealer_of``)."""
    if game.four:
        return deal_from_play_four(played_document, number)
    if game.two_handed:
        return deal_from_play(played_document, dealer_of(number), number)
    return deal_from_play_normand(played_document, dealer_of(number, game.players), number)
