"""The warm-up registry: ``piquet-calc warm`` compiles each kernel family the way a command compiles it.

A family (declared in engine/families.py: its entry kernels, its estimate, what to call it) is warmed by
one small real call of the code a command runs, so that the kernels compiled, and their type signatures,
are exactly those the command loads: after ``warm`` no command prints the first-run notice
(tests/test_first_run.py). The calls go through the analyses where a command does, which is why this
registry lives here, above every layer, and not in engine/ (an engine never imports an analysis).

``WARMERS`` has one entry per family (tested: none missing, none extra); ``warm(names)`` compiles those
not compiled yet, with a progress line each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from .engine import families, first_run

PLAY_E, PLAY_D = "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC"
YOUNGER = "QS JS TS 9S 8S JH 9H KD QD AC JC TC"
NORMAND_HANDS = ("AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D", "KD QD JD TD 9D JC TC 7C 8H 7H")


def _declarations() -> None:
    """``discard`` (younger's draws are of three cards at most: the smallest real analysis)."""
    from .analysis import analyse_discards
    from .cards import parse_hand
    from .rules import RUBICON

    analyse_discards(parse_hand(YOUNGER), "younger", RUBICON, elder_took=5)


def _play() -> None:
    """``play``: one deal solved, with its line and the equally good cards."""
    from .analysis.play import analyse_play
    from .cards import parse_cards
    from .rules import RUBICON

    analyse_play(parse_cards(PLAY_E), parse_cards(PLAY_D), RUBICON, kernel=True)  # not the cold road


def _deal() -> None:
    """``discard --play``: the whole-deal sampler's kernels (with the play solver's they call) on two deals, as
    the analysis calls them (engine/deal.py), and nothing of the exact declaration counts: a second process
    can compile this family while the command compiles those (engine/first_run.py, "aside")."""
    from .cards import mask_of, parse_hand
    from .engine.deal import DealSampler
    from .engine.pool import threads
    from .rules import RUBICON

    hand = parse_hand(YOUNGER)
    sampler = DealSampler(hand, "younger", RUBICON, 1, elder_took=5)
    discard = (mask_of(hand[:3]), 3)
    pool = threads(1)  # engine/pool.py's
    sampler.evaluate(0, 0, 2, [discard], pool, uniform=True)
    sampler.evaluate(0, 0, 2, [discard], pool, uniform=True, line=False)  # the race's: the value alone
    sampler.uniform_nets(0, 2, [discard], pool)


def _seen() -> None:
    """``play --seat``: every first lead of one deal valued, both hands known (engine/seen.py's own call)."""
    from .engine.seen import warm

    warm()


def _exchange_normand() -> None:
    """``discard --rules normand --dealer``: the dealer's exchange counts of one hand."""
    from .analysis.declarations_normand import analyse_exchange_normand
    from .cards import parse_cards
    from .rules import get_rules

    analyse_exchange_normand(parse_cards("TS 9S 8S 7S TH 9H 8H TD 9D 7C", 10, "the hand"), get_rules("normand"))


def _declare_normand() -> None:
    """``declare --rules normand --seat dealer``: the dealer's declaration counts, two cards out."""
    from .analysis.declarations_normand import analyse_declaration_normand
    from .cards import parse_cards
    from .rules import get_rules

    analyse_declaration_normand(parse_cards("AS KS QS JS TS 9S AH KH QH AC", 10, "the hand"), "dealer",
                                get_rules("normand"), parse_cards("8D 7D", 2, "the discards"))


def _four() -> None:
    """``declare --rules four``: one piece of one seat's count, the smallest (engine/declarations_four.py's
    own call)."""
    from .engine.declarations_four import warm

    warm()


def _play_four() -> None:
    """``play --rules four``: one position near the end of a deal solved with its line and every card valued."""
    from .analysis.play_four import analyse_play_four
    from .cards import parse_cards
    from .rules import get_rules

    hands = [parse_cards(h) for h in ("AS KS 9S AH 7H KD 8D 7C", "QS 8S KH 9H AD TD AC 9C", "JS 7S QH TH QD JD KC 8C",
                                      "TS JH 8H 9D 7D QC JC TC")]
    played = parse_cards("AS QS JS TS KS 8S 7S JH 7C AC 8C QC KH QH 8H AH")
    analyse_play_four(hands, get_rules("four"), played, kernel=True)  # not the cold road


def _play_normand() -> None:
    """``play --rules normand``: one deal valued and played out by the kernels (not the cold road)."""
    from .analysis.play_normand import analyse_play_normand
    from .cards import parse_cards
    from .rules import get_rules

    hands = [parse_cards(h, 10, "a hand") for h in NORMAND_HANDS]
    analyse_play_normand(hands, get_rules("normand"), kernel=True)


def _deal_normand() -> None:
    """``discard --rules normand --dealer --play``: one option's value on one deal (engine/deal_normand.py)."""
    from .cards import parse_cards
    from .engine.deal_normand import DealsNormand
    from .rules import get_rules

    DealsNormand(parse_cards(NORMAND_HANDS[2], 10, "the hand"), get_rules("normand"), 1).one(0, 0, None)


WARMERS: dict[str, Callable[[], None]] = {  # keyed by engine/families.py's declarations
    families.DECLARATIONS.name: _declarations,
    families.PLAY.name: _play,
    families.DEAL.name: _deal,
    families.SEEN.name: _seen,
    families.EXCHANGE_NORMAND.name: _exchange_normand,
    families.DECLARATIONS_NORMAND.name: _declare_normand,
    families.DECLARATIONS_FOUR.name: _four,
    families.PLAY_FOUR.name: _play_four,
    families.PLAY_NORMAND.name: _play_normand,
    families.DEAL_NORMAND.name: _deal_normand,
}


def warm(names: tuple[str, ...] | list[str] = (), stream: TextIO | None = None) -> list[str]:
    """Compile the families named (all when empty) that are not compiled yet, with a progress line each on
    ``stream`` (stderr); the families compiled."""
    todo = [n for n in (names or families.FAMILIES) if not first_run.compiled(n)]
    first_run.said(families.FAMILIES)  # the lines are said here: none from the engines
    for i, name in enumerate(todo, start=1):
        family = families.FAMILIES[name]
        first_run.write(stream, f"{first_run.PROG}: compiling {i} of {len(todo)}: {family.what} "
                                f"(about {family.seconds} s)")
        WARMERS[name]()
    return todo
