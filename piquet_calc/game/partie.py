"""The partie: how deals add up to a game under each preset (docs/rules.md, The partie). Plain Python.

A partie is scored from its deals, each given as every player's total for that deal in player order
(player 1 is elder in the first deal, the last player deals it), optionally with the deal's points as
*steps in counting order* (who scored how many, one step after another), which the races need: under
au-cent and normand the first to reach the target wins at once, even in the middle of a deal (002).

Rules by preset (the books by number, as docs/rules.md names them):

* rubicon (002): six deals; the lower total is taken from the higher and 100 added; a loser under 100 is
  rubiconed and the winner scores both totals + 100; equal after six, two more deals; equal again, no game.
* english (000): the same six deals and rubicon; the variant of four deals counts the first and the last
  double. Equal totals: no game (000 says nothing; the tool's reading).
* au-cent (002): the first to 100; reaching it before the other has 50 is a lurch, a double game.
* russian (001, 003): six koroliks of two deals; see ``_russian``.
* encyclopedia (004): four deals; a deal's totals already carry the 100 for the deal; the higher sum
  wins the difference.
* normand (001): the first to reach an agreed target (100, 150 or 200) leaves the game, the other two play
  on; the last to reach it loses to both.
* four: the books give no partie for four (RulesError).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import quote
from ..numerals import NumberError, parse_whole
from ..rules.model import RulesError, RuleSet

RUBICON_LINE = 100  # rubicon and english: a loser under 100 is rubiconed; the game's 100
AU_CENT_TARGET = 100
LURCH_LINE = 50  # au-cent: the winner reaching 100 before the loser has 50 is a lurch (double game)
NORMAND_TARGETS = (100, 150, 200)  # 001: "100, 150 или 200"
KOROLIK_BONUS = 100  # russian: the korolik's winner adds 100 (001)
SWEEP_BONUS = 100  # russian: a player who writes nothing all partie loses 100 more (001, "сквозная запись")

PARTIE_PRESETS = ("rubicon", "english", "au-cent", "russian", "encyclopedia", "normand")


class PartieError(ValueError):
    """Deals that do not make a partie under the rules given; the message is one line for the user."""


@dataclass(frozen=True)
class DealTotals:
    """One deal's scores: ``scores[i]`` is player i+1's total for the deal (only the players still in the
    game under normand). ``steps``, when given, are the same points in counting order: (player index from
    0, points) pairs whose sums per player are ``scores``."""

    scores: tuple[int, ...]
    steps: tuple[tuple[int, int], ...] | None = None

    @staticmethod
    def from_steps(steps: Sequence[tuple[int, int]], players: int) -> DealTotals:
        scores = [0] * players
        for p, n in steps:
            scores[p] += n
        return DealTotals(tuple(scores), tuple(steps))


@dataclass(frozen=True)
class SheetLine:
    """One line of the score sheet: the deal, who dealt it, what it wrote and the running totals."""

    number: int  # from 1
    dealer: int  # player number, from 1
    elder: int
    scores: tuple[int, ...]  # the deal's own totals, every player (0 for a player who had left)
    written: tuple[int, ...]  # what it added to each player's partie total
    totals: tuple[int, ...]  # the partie totals after it
    note: str = ""


@dataclass(frozen=True)
class PartieResult:
    """The score sheet and the result. ``value`` is what the winner wins, in ``unit``: points under rubicon,
    english, russian and encyclopedia; games under au-cent (a lurch 2) and normand (the last pays each of
    the others one). ``rubicon`` and ``lurch`` are None where the preset has no such thing."""

    rules: str
    players: int
    deals: tuple[SheetLine, ...]
    totals: tuple[int, ...]
    finished: bool
    winner: int | None  # player number, None while unfinished or for no game
    value: int
    unit: str
    rubicon: bool | None = None
    lurch: bool | None = None
    next_dealer: int | None = None  # who deals the next deal, while unfinished
    deals_left: int | None = None  # fixed-length parties: deals still to play (at least)
    loser: int | None = None  # normand: the last to reach the target
    order: tuple[int, ...] = ()  # normand: players in the order they reached the target
    refait_carried: bool = False  # russian: a refait in the last korolik passes to the next partie (001)
    notes: tuple[str, ...] = field(default_factory=tuple)


def partie_name(rules: RuleSet) -> str:
    """Which preset's partie ``rules`` play: a preset by its name, house rules by the preset they are built
    on (``RuleSet.base``, which rules/house.py sets; never the file's free-text ``name`` or ``source``)."""
    name = rules.base or rules.name
    if name in PARTIE_PRESETS:
        return name
    if name == "four":
        raise RulesError("the books give no partie for piquet for four: the partie is kept for rubicon, english, "
                         "au-cent, russian, encyclopedia and normand")
    raise RulesError(f"no partie for rules {rules.name!r}: choose one of {', '.join(PARTIE_PRESETS)}")


def dealer_of(number: int, players: int = 2) -> int:
    """The dealer (player number from 1) of deal ``number`` (from 1) while every player is in: the last
    player deals first and the deal passes to the last deal's elder (002: "право сдачи переходит к тому,
    кто был старшей рукой в последней сдаче").

    >>> [dealer_of(n) for n in range(1, 7)], [dealer_of(n, 3) for n in range(1, 5)]
    ([2, 1, 2, 1, 2, 1], [3, 1, 2, 3])
    """
    return (number + players - 2) % players + 1


def round_tens(x: int) -> int:
    """Russian writing rounds to tens, a five up (001: 41 is written 40; 15 + 100 is written 120).

    >>> round_tens(41), round_tens(115), round_tens(141), round_tens(145)
    (40, 120, 140, 150)
    """
    return (x + 5) // 10 * 10


def korolik_figure(difference: int, factor: int = 1) -> int:
    """What a korolik's winner writes (russian, 001): the difference of the two players' figures in it
    (already doubled in a doubled korolik) plus 100 (200 doubled), rounded to tens; 0 when it is equal.

    >>> korolik_figure(48 - 33), korolik_figure(41), korolik_figure(84, 2), korolik_figure(0)
    (120, 140, 280, 0)
    """
    return 0 if difference == 0 else round_tens(abs(difference) + factor * KOROLIK_BONUS)


def rubicon_result(totals: Sequence[int]) -> tuple[int | None, int, bool]:
    """(winner 1 or 2, value, rubicon) of a finished rubicon or english partie with these two totals (002):
    the difference + 100, or both totals + 100 when the loser is under 100; equal, no game (None, 0).

    >>> rubicon_result((113, 80)), rubicon_result((88, 84)), rubicon_result((180, 142))
    ((1, 293, True), (1, 272, True), (1, 138, False))
    """
    a, b = totals
    if a == b:
        return None, 0, False
    winner, hi, lo = (1, a, b) if a > b else (2, b, a)
    if lo < RUBICON_LINE:
        return winner, hi + lo + RUBICON_LINE, True
    return winner, hi - lo + RUBICON_LINE, False


def fixed_result(name: str, totals: Sequence[int]) -> tuple[int | None, int, bool]:
    """(winner, value, rubicon) of a finished fixed-length partie (rubicon, english, encyclopedia) with these
    final totals: rubicon's rule (``rubicon_result``), or encyclopedia's difference of the sums (004).

    >>> fixed_result("encyclopedia", (266, 281)), fixed_result("english", (90, 60))
    ((2, 15, False), (1, 250, True))
    """
    if name == "encyclopedia":
        a, b = totals
        return (None if a == b else 1 if a > b else 2), abs(a - b), False
    return rubicon_result(totals)


def fixed_length(name: str, four_deals: bool = False) -> int:
    """Deals in a fixed-length partie before any tie-break: rubicon and english 6 (english's variant 4),
    encyclopedia 4. Rubicon adds ``RUBICON_EXTRA`` when equal after them."""
    return 4 if (four_deals or name == "encyclopedia") else 6


RUBICON_EXTRA = 2  # 002: equal after six deals, two more
# --- reading deals -------------------------------------------------------------------------------

DEAL_MOST = 1_000  # the most a typed deal's total or step may be: no deal gives a player this much (deal_ceiling)
MOST_PLAYERS = 3  # a partie's players at most (normand)


def parse_deal(text: str, number: int = 1) -> DealTotals:
    """A deal as typed: the players' totals in player order ("31 14"), or steps in counting order, each
    ``PLAYER:POINTS`` ("1:5 1:15 2:14 1:4 2:3"). Separated by spaces or commas. Numbers are ASCII digits
    (numerals.py's ``parse_whole``): a total or a step's points 0 to ``DEAL_MOST``, a player 1 to 3.

    >>> parse_deal("31 14"), parse_deal("1:10, 2:4 1:3").scores
    (DealTotals(scores=(31, 14), steps=None), (13, 4))
    """
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    where = f"deal {number}"
    if not tokens:
        raise PartieError(f"{where}: empty; give the players' totals, e.g. \"31 14\"")
    try:
        if all(":" in t for t in tokens):
            steps = []
            for t in tokens:
                player, sep, points = t.partition(":")
                if ":" in points:
                    raise PartieError(f"{where}: cannot read the step {quote(t)}: a step is PLAYER:POINTS, e.g. 1:5")
                steps.append((parse_whole(player, f"{where}: a step's player", 1, MOST_PLAYERS) - 1,
                              parse_whole(points, f"{where}: a step's points", 0, DEAL_MOST)))
            return DealTotals.from_steps(steps, max(p for p, _ in steps) + 1)
        if any(":" in t for t in tokens):
            raise PartieError(f"{where}: mixes totals and PLAYER:POINTS steps; give one or the other")
        return DealTotals(tuple(parse_whole(t, f"{where}: a total", 0, DEAL_MOST) for t in tokens))
    except NumberError as e:
        raise PartieError(str(e)) from None


def first_to_reach(start: Sequence[int], steps: Iterable[tuple[int, int]],
                   target: int) -> tuple[int, tuple[int, ...]] | None:
    """The first player (index from 0) whose running total reaches ``target`` as the ``steps`` (player index,
    points) of a deal are counted in order from the totals ``start``, and every player's total at that
    moment (au-cent's lurch reads the other's); None when nobody reaches it (002: the counting order decides).

    >>> first_to_reach((80, 70), [(1, 10), (0, 15), (1, 25), (0, 10)], 100)
    (1, (95, 105))
    >>> first_to_reach((90, 40), [(1, 8), (0, 12), (1, 30)], 100)
    (0, (102, 48))
    >>> first_to_reach((0, 0), [(0, 30)], 100) is None
    True
    """
    run = list(start)
    for p, n in steps:
        run[p] += n
        if run[p] >= target:
            return p, tuple(run)
    return None


# --- scoring ---------------------------------------------------------------------------------------

def score_partie(rules: RuleSet, deals: Iterable[DealTotals], *, four_deals: bool = False,
                 target: int | None = None) -> PartieResult:
    """The score sheet and the result of a partie under ``rules`` (by its preset, ``partie_name``).

    ``four_deals``: english's variant of four deals, the first and the last counting double (000).
    ``target``: normand's agreed target (100, 150 or 200; default 100)."""
    name = partie_name(rules)
    deals = list(deals)
    if four_deals and name != "english":
        raise PartieError(f"the four-deal variant is english's (000), not {name}'s")
    if target is not None and name != "normand":
        raise PartieError(f"an agreed target is normand's (001), not {name}'s")
    if name in ("rubicon", "english", "encyclopedia"):
        return _fixed(name, deals, four_deals)
    if name == "au-cent":
        return _race(name, deals, AU_CENT_TARGET, 2)
    if name == "normand":
        t = NORMAND_TARGETS[0] if target is None else target
        if t not in NORMAND_TARGETS:
            raise PartieError(f"normand's target is agreed in advance as 100, 150 or 200 (001), not {t}")
        return _race(name, deals, t, 3)
    return _russian(deals)


def _check_scores(deal: DealTotals, number: int, players: int, who: str = "") -> tuple[int, ...]:
    if len(deal.scores) != players:
        if deal.steps is not None and len(deal.scores) < players:  # steps need not name every player
            return deal.scores + (0,) * (players - len(deal.scores))
        raise PartieError(f"deal {number}: {len(deal.scores)} totals given, but {players} players {who}play it")
    if any(s < 0 for s in deal.scores):
        raise PartieError(f"deal {number}: a deal's totals are 0 or more")
    return deal.scores


def _too_many(number: int, end: int) -> PartieError:
    return PartieError(f"deal {number} given, but the partie ended with deal {end}")


def _fixed(name: str, deals: list[DealTotals], four_deals: bool) -> PartieResult:
    """Rubicon, english and encyclopedia: a fixed number of deals summed; see the module's docstring."""
    length = fixed_length(name, four_deals)
    lines: list[SheetLine] = []
    totals = [0, 0]
    planned = length
    for i, deal in enumerate(deals, 1):
        if i > planned:
            raise _too_many(i, planned)
        scores = _check_scores(deal, i, 2)
        if name == "encyclopedia":
            _check_encyclopedia(scores, i)
        factor = 2 if four_deals and i in (1, length) else 1  # 000: the first and the last count double
        written = tuple(factor * s for s in scores)
        totals = [totals[0] + written[0], totals[1] + written[1]]
        lines.append(SheetLine(i, dealer_of(i), 3 - dealer_of(i), scores, written, tuple(totals),
                              "counts double" if factor == 2 else ""))
        if i == planned and name == "rubicon" and totals[0] == totals[1] and planned == length:
            planned += RUBICON_EXTRA
    finished = len(deals) == planned
    notes: list[str] = []
    if not finished:
        return PartieResult(name, 2, tuple(lines), tuple(totals), False, None, 0, "points",
                            rubicon=None if name == "encyclopedia" else False, next_dealer=dealer_of(len(deals) + 1),
                            deals_left=planned - len(deals))
    winner, value, rubicon = fixed_result(name, totals)
    if name == "encyclopedia":
        if winner is None:
            notes.append("equal sums: nobody wins")
        return PartieResult(name, 2, tuple(lines), tuple(totals), True, winner, value, "points",
                            notes=tuple(notes), deals_left=0)
    if winner is None:
        notes.append("equal after eight deals: no game (002)" if name == "rubicon"
                     else "equal totals: no game (000 says nothing; the tool's reading)")
    return PartieResult(name, 2, tuple(lines), tuple(totals), True, winner, value, "points", rubicon=rubicon,
                        notes=tuple(notes), deals_left=0)


def _check_encyclopedia(scores: Sequence[int], number: int) -> None:
    """Encyclopedia's deal totals carry the 100 for the deal (004: 36 to 26 is written 136 to 26)."""
    a, b = scores
    if a != b and max(a, b) - 100 <= min(a, b):
        raise PartieError(f"deal {number}: under encyclopedia the higher total includes the 100 for the deal "
                          f"(004: 36 to 26 is given as \"136 26\"), so {a} and {b} cannot be a deal's totals")


def _race(name: str, deals: list[DealTotals], target: int, players: int) -> PartieResult:
    """Au-cent (two players, to 100, the lurch) and normand (three, to the agreed target, the last loses).

    Who reaches the target first follows the counting order: with steps, step by step; with totals only,
    a deal is accepted when it leaves no doubt (one player reaching the target in it, and for the lurch the
    loser under 50 at the deal's end or at 50 before it); otherwise it must be given as steps. Steps name
    players by their number in the partie; totals are given for the players still in the game, in order."""
    totals = [0] * players
    active = list(range(players))  # player indices still in the game (normand: not yet at the target)
    order: list[int] = []
    lines: list[SheetLine] = []
    dealer = players - 1  # index: the last player deals first
    lurch: bool | None = None
    end_deal: int | None = None
    for i, deal in enumerate(deals, 1):
        if end_deal is not None:
            raise _too_many(i, end_deal)
        if i > 1:  # the deal passes to the left (the last deal's elder), skipping players who have left
            dealer = _next_in(dealer, active, players)
        elder = _next_in(dealer, active, players)
        scores = [0] * players
        if deal.steps is not None:
            for p, n in deal.steps:
                _step_player(p, active, players, i)
                scores[p] += n
        else:
            who = "still in the game " if len(active) < players else ""
            for idx, s in zip(active, _check_scores(deal, i, len(active), who), strict=True):
                scores[idx] = s
        start = list(totals)
        reached: list[int] = []
        if deal.steps is not None:
            run = list(start)
            for p, n in deal.steps:
                run[p] += n
                if p not in reached and run[p] >= target:
                    reached.append(p)
                    if name == "au-cent":
                        lurch = run[1 - p] < LURCH_LINE
                    if len(order) + len(reached) == players - 1:  # the partie is decided
                        break
        else:
            reached = [p for p in active if start[p] < target <= start[p] + scores[p]]
            if len(reached) > 1:
                names = " and ".join(f"player {p + 1}" for p in reached)
                raise PartieError(f"deal {i}: {names} reach {target} in it; who got there first depends on the "
                                  f"counting order: give the deal as steps, e.g. \"1:5 2:16 1:3 ...\"")
            if reached and name == "au-cent":
                other = 1 - reached[0]
                if start[other] + scores[other] < LURCH_LINE:
                    lurch = True
                elif start[other] >= LURCH_LINE:
                    lurch = False
                else:
                    raise PartieError(f"deal {i}: player {reached[0] + 1} reaches 100 in it and player {other + 1} "
                                      f"passes 50 in it; whether it is a lurch depends on the counting order: give "
                                      f"the deal as steps, e.g. \"1:5 2:16 1:3 ...\"")
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        order += reached
        note = "; ".join(f"player {p + 1} reaches {target}" for p in reached)
        lines.append(SheetLine(i, dealer + 1, elder + 1, tuple(scores), tuple(scores), tuple(totals), note))
        active = [p for p in active if p not in order]
        if len(active) == 1:
            order.append(active[0])
            end_deal = i
    if end_deal is None:
        nxt = _next_in(dealer, active, players) if lines else players - 1
        return PartieResult(name, players, tuple(lines), tuple(totals), False, None, 0, "games",
                            lurch=False if name == "au-cent" else None, next_dealer=nxt + 1,
                            order=tuple(p + 1 for p in order) if name == "normand" else ())
    if name == "au-cent":
        return PartieResult(name, 2, tuple(lines), tuple(totals), True, order[0] + 1, 2 if lurch else 1, "games",
                            lurch=bool(lurch), notes=("a lurch: a double game (002)",) if lurch else ())
    return PartieResult(name, players, tuple(lines), tuple(totals), True, order[0] + 1, 1, "games",
                        loser=order[-1] + 1, order=tuple(p + 1 for p in order),
                        notes=(f"player {order[-1] + 1} is the last to reach {target} and loses one game to each of "
                               f"the others (001)",))


def _next_in(dealer: int, active: list[int], players: int) -> int:
    """The next player to the dealer's left (the next index, wrapping) who is still in the game."""
    for k in range(1, players + 1):
        if (dealer + k) % players in active:
            return (dealer + k) % players
    raise AssertionError("nobody left in the game")


def _step_player(p: int, active: list[int], players: int, number: int) -> None:
    if p >= players:
        raise PartieError(f"deal {number}: no player {p + 1}: the partie has {players} players")
    if p not in active:
        raise PartieError(f"deal {number}: player {p + 1} has left the game (reached the target) and plays no more")


def _russian(deals: list[DealTotals]) -> PartieResult:
    """Russian (001, 003): six koroliks of two deals. Each deal the lower total is taken from the higher
    and the winner writes the difference; equal totals are a refait, written 0. After each korolik the
    players' written figures are set against each other and the korolik's winner writes the difference +
    100, rounded to tens (001: 33, then 48 for the other: 15 + 100, written 120). A korolik with a refait,
    or one that ends equal (003), makes the next korolik count double: every figure in it is doubled
    (001: 42 written 84), the 100 too, then rounded; doubling does not add up. A refait in the last korolik
    passes to the next partie (001). A player who writes nothing all partie (wins no deal) loses 100 more
    (001: "За сквозную запись противника партнер записывает себе 100 очков"). ``totals`` are the korolik
    figures; the partie's winner wins the difference."""
    length = 12
    lines: list[SheetLine] = []
    totals = [0, 0]
    doubled = False
    wrote_any = [False, False]
    korolik = [0, 0]
    refait_in_korolik = False
    refait_carried = False
    notes: list[str] = []
    for i, deal in enumerate(deals, 1):
        if i > length:
            raise _too_many(i, length)
        a, b = _check_scores(deal, i, 2)
        factor = 2 if doubled else 1
        diff = abs(a - b) * factor
        written_deal = (diff, 0) if a > b else (0, diff) if b > a else (0, 0)
        for p in (0, 1):
            if written_deal[p]:
                wrote_any[p] = True
        korolik = [korolik[0] + written_deal[0], korolik[1] + written_deal[1]]
        note = "refait" if a == b else f"player {1 if a > b else 2} writes {diff}"
        if factor == 2:
            note += " (doubled)"
        if a == b:
            refait_in_korolik = True
        written = (0, 0)
        if i % 2 == 0:  # the korolik's end
            k1, k2 = korolik
            if k1 == k2:
                note += f"; korolik {i // 2} equal: nobody writes, the next counts double (003)"
            else:
                w = 0 if k1 > k2 else 1
                figure = korolik_figure(k1 - k2, factor)
                written = (figure, 0) if w == 0 else (0, figure)
                note += f"; korolik {i // 2}: player {w + 1} writes {figure}"
            next_doubled = refait_in_korolik or k1 == k2
            if next_doubled and i == length:
                refait_carried = True
                notes.append("the last korolik's refait (or tie) passes to the next partie (001)")
            doubled, korolik, refait_in_korolik = next_doubled, [0, 0], False
        totals = [totals[0] + written[0], totals[1] + written[1]]
        lines.append(SheetLine(i, dealer_of(i), 3 - dealer_of(i), (a, b), written, tuple(totals), note))
    if len(deals) < length:
        return PartieResult("russian", 2, tuple(lines), tuple(totals), False, None, 0, "points",
                            next_dealer=dealer_of(len(deals) + 1), deals_left=length - len(deals))
    for p in (0, 1):
        if not wrote_any[p]:
            totals[1 - p] += SWEEP_BONUS
            notes.append(f"player {p + 1} wrote nothing all partie: player {2 - p} writes {SWEEP_BONUS} more (001)")
    a, b = totals
    winner = None if a == b else 1 if a > b else 2
    return PartieResult("russian", 2, tuple(lines), tuple(totals), True, winner, abs(a - b), "points",
                        deals_left=0, refait_carried=refait_carried, notes=tuple(notes))
