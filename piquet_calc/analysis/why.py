"""Public API: why this discard and not that one, the difference in value split by its sources.

A *source* is one part of a deal's net (my total minus the opponent's; normand's dealer: minus the mean
of the two others'): carte blanche, point, sequence, sets, carte rouge, repique, pique and, with the play,
the tricks, the cards, capot (and the deal bonus under rules that pay one). The sources of one deal add up
to its net, so the sources' differences between two discards add up to the difference of their nets.

* **Exact** (``exact_why``, ``why_normand``): from the enumeration's integer counts, each source's
  difference a Fraction; their sum is the difference of the exact nets, to the last digit.
* **Sampled** (``sampled_why``): from the whole-deal analysis's report deals (never the deals that chose or
  ordered the discards), each source's difference paired deal by deal on the same deals, with its paired
  standard error over ``n`` deals. The per-deal columns the sampler recorded give the repique, the play's
  points, pique in the play, the cards and capot; the class split of the declarations (carte blanche,
  point, sequence, sets, carte rouge) is game.declarations.score_deal's on each deal's final hands, checked
  deal by deal against the sampler's declarations column.

Beside each source, the chances that make it (``Chance``): "you win the point 64% of the time instead
of 92%".

**The partie value** (``sampled_why`` given a PartieState, ``discard --why --score``): each report deal's
totals looked up in the partie table (analysis/partie.py's ``partie_deals``) for both discards, their
difference paired deal by deal on the same report deals as the sources, with its paired standard error
and the chances of winning the partie (and of being rubiconed) beside it. It is not a source: its unit is
the partie's (points, au-cent's games), and a deal's points are worth more or less than a point of it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..cards import Card, CardError, format_cards, quote
from ..rules import RuleSet, span
from ..wording import SOURCE_WORDS

if TYPE_CHECKING:  # numpy only for the sampled comparison
    import numpy as np

    from .deal import DealAnalysis
    from .declarations_normand import ExchangeNormand
    from .discards import Analysis
    from .partie import PartieState

SOURCES = ("carte_blanche", "point", "sequence", "sets", "carte_rouge", "repique", "pique", "tricks", "cards",
           "capot", "deal_bonus")
"""Every source, in counting order; a comparison lists those its model has (no play: no tricks, cards nor
capot; carte rouge and the deal bonus only under rules that score them)."""
DECLARATION_SOURCES = SOURCES[:7]
NORMAND_SOURCES = ("carte_blanche", "point", "sequence", "sets", "repique", "pique")


def check_discard(hand: Sequence[Card], discard: Sequence[Card], sizes: Sequence[int], what: str) -> None:
    """CardError (one line) unless ``discard`` is a legal discard of ``hand``: cards of the hand, none twice,
    as many as the seat may exchange (``sizes``)."""
    seen: set[Card] = set()
    for c in discard:
        if c in seen:
            raise CardError(f"{what}: {c} is named twice")
        seen.add(c)
        if c not in hand:
            raise CardError(f"{what}: {c} is not in the hand")
    if len(discard) not in sizes:
        raise CardError(f"{what}: {quote(format_cards(discard))} is {len(discard)} card"
                        f"{'s' * (len(discard) != 1)}; this seat exchanges {span(sizes)} here")


BAD_FOR_ME = ("he repiques", "he piques", "he capots you", "elder piques", "you are rubiconed")
"""The chances whose rise costs the player (the others are good for him)."""


@dataclass(frozen=True)
class Chance:
    """One chance behind a source, for each discard: ``mine`` and ``theirs`` (the discard compared with), and
    ``se`` the paired standard error of ``mine - theirs`` over the report deals (0 when exact)."""

    what: str  # e.g. "you win the point"
    mine: float
    theirs: float
    se: float = 0.0

    @property
    def good(self) -> bool:
        """Whether the thing happening is good for the player (BAD_FOR_ME)."""
        return self.what not in BAD_FOR_ME


@dataclass(frozen=True)
class Source:
    """One source's difference (mine minus the other discard's), points a deal.

    Exact: ``exact`` is the Fraction and ``se`` 0; sampled: ``exact`` is None, ``se`` the paired standard error."""

    name: str
    mean: float
    se: float
    exact: Fraction | None
    chances: tuple[Chance, ...]


@dataclass(frozen=True)
class PartieWhy:
    """With a partie state: my partie value with mine minus with the other discard, paired on the report deals
    (``difference.name`` "partie", in ``unit``), and the chances of the partie behind it."""

    rules: str  # the preset whose partie table the deals were looked up in
    state: PartieState
    unit: str  # "points", or "games" (au-cent)
    difference: Source
    mine: float  # my expected partie value with the discard asked about
    theirs: float  # with the one compared with


@dataclass(frozen=True)
class Why:
    """A discard against another (#1 by default), the difference of their values split by its sources."""

    hand: tuple[Card, ...]
    position: str  # "elder", "younger" or "dealer" (normand)
    rules: RuleSet
    model: str  # "uniform" (exact) or "deal" (sampled)
    mine: tuple[Card, ...] | None  # None: normand's dealer keeps his hand
    theirs: tuple[Card, ...] | None
    mine_rank: int | None  # 1 = best; among every discard (exact) or the final round's (sampled)
    theirs_rank: int | None
    ranked: int  # how many discards the ranks are among
    total: Source  # the whole difference (name "total"), the sum of the sources
    sources: tuple[Source, ...]
    samples: int | None  # report deals (sampled), None when exact
    against_named: bool  # the discard compared with was named (not #1)
    partie: PartieWhy | None = None  # sampled, with a partie state (--score): the partie value's difference

    @property
    def sum_exact(self) -> Fraction | None:
        """The sources' exact differences added up (exact comparisons): equal to ``total.exact``."""
        if self.total.exact is None:
            return None
        return sum((s.exact for s in self.sources), Fraction(0))


# --- exact: the enumeration's counts ------------------------------------------------------------------

def _find(options: Sequence, discard: Sequence[Card] | None, key=lambda o: o.discard) -> int:
    want = None if discard is None else frozenset(discard)
    for i, o in enumerate(options):
        got = key(o)
        if (None if got is None else frozenset(got)) == want:
            return i
    raise CardError(f"{format_cards(discard or ())} is not among the discards analysed")


def _pair(options: Sequence, mine: Sequence[Card] | None, against: Sequence[Card] | None | bool,
          ) -> tuple[int, int, bool]:
    """Indices of mine and of the discard compared with: the one named, else #1 (#2 when mine is #1)."""
    i = _find(options, mine)
    if against is not False:
        return i, _find(options, against), True
    return i, (1 if i == 0 and len(options) > 1 else 0), False


def _chance(what: str, a, b, name: str) -> Chance:
    return Chance(what, a.counts[name] / a.deals, b.counts[name] / b.deals)


def exact_why(a: Analysis, mine: Sequence[Card], against: Sequence[Card] | bool = False) -> Why:
    """``mine`` against ``against`` (False: #1, or #2 when mine is #1) from the exact analysis ``a``."""
    i, j, named = _pair(a.discards, mine, against)
    me, other = a.discards[i], a.discards[j]
    rules = a.rules
    weight = {"repique": rules.repique_bonus, "pique": rules.pique_bonus}
    sources = []
    for name in DECLARATION_SOURCES:
        if name == "carte_rouge" and not rules.carte_rouge_points:
            continue

        def net(r, name=name) -> Fraction:
            return Fraction(weight.get(name, 1) * (r.counts[f"{name}_me"] - r.counts[f"{name}_opp"]), r.deals)

        diff = net(me) - net(other)
        chances: list[Chance] = []
        if name in ("point", "sequence", "sets"):
            chances = [_chance(f"you win {SOURCE_WORDS[name]}", me, other, f"{name}_win")]
        elif name == "repique":
            chances = [_chance("you repique", me, other, "repique_me"), _chance("he repiques", me, other,
                                                                                "repique_opp")]
        elif name == "pique":  # only elder piques
            chances = [_chance("you pique", me, other, "pique_me") if a.position == "elder" else
                       _chance("he piques", me, other, "pique_opp")]
        elif name == "carte_rouge":
            pts = rules.carte_rouge_points
            chances = [Chance("you make carte rouge", me.counts["carte_rouge_me"] / pts / me.deals,
                              other.counts["carte_rouge_me"] / pts / other.deals)]
        sources.append(Source(name, float(diff), 0.0, diff, tuple(chances)))
    total = me.net - other.net
    return Why(a.hand, a.position, rules, "uniform", me.discard, other.discard, i + 1, j + 1, len(a.discards),
               Source("total", float(total), 0.0, total, ()), tuple(sources), None, named)


def why_normand(a: ExchangeNormand, mine: Sequence[Card] | None, against: Sequence[Card] | None | bool = False,
                ) -> Why:
    """Normand's dealer: ``mine`` (None: keep) against ``against`` (False: #1), from the exact counts. Each
    source counts as the net does: the dealer's points minus the mean of elder's and middle's."""
    i, j, named = _pair(a.options, mine, against)
    me, other = a.options[i], a.options[j]
    rules = a.rules
    weight = {"repique": rules.repique_bonus, "pique": rules.pique_bonus}
    seat, others = me.seat, [s for s in rules.table.seats if s != me.seat]
    sources = []
    for name in NORMAND_SOURCES:
        def net(r, name=name) -> Fraction:
            c = r.counts
            return Fraction(weight.get(name, 1) * (2 * c[f"{name}_{seat}"] - sum(c[f"{name}_{s}"] for s in others)),
                            2 * r.deals)

        diff = net(me) - net(other)
        chances: tuple[Chance, ...] = ()
        if name in ("point", "sequence", "sets"):
            chances = (_chance(f"you win {SOURCE_WORDS[name]}", me, other, f"{name}_win"),)
        elif name == "repique":
            chances = (_chance("you repique", me, other, f"repique_{seat}"),)
        elif name == "pique":
            chances = (_chance("elder piques", me, other, "pique_elder"),)
        sources.append(Source(name, float(diff), 0.0, diff, chances))
    total = me.net - other.net
    return Why(a.hand, "dealer", rules, "uniform", me.discard, other.discard, i + 1, j + 1, len(a.options),
               Source("total", float(total), 0.0, total, ()), tuple(sources), None, named)


# --- sampled: the whole deal's report deals -----------------------------------------------------------

def _se(diff: np.ndarray) -> float:
    """The paired standard error of ``diff``'s mean (NaN for fewer than two deals)."""
    n = len(diff)
    return float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else float("nan")


def _paired(name: str, diff: np.ndarray, chances: Sequence[Chance] = ()) -> Source:
    return Source(name, float(diff.mean()), _se(diff), None, tuple(chances))


def _paired_chance(what: str, mine: np.ndarray, theirs: np.ndarray, clip: bool = False) -> Chance:
    """A chance for both discards from per-deal values on the same deals (0/1 flags, or the partie table's
    interpolated chances, ``clip``ped to 0..1 against rounding), with the paired standard error."""
    a, b = float(mine.mean()), float(theirs.mean())
    return Chance(what, _unit(a) if clip else a, _unit(b) if clip else b, _se(mine - theirs))


def sampled_why(deal: DealAnalysis, mine: Sequence[Card], against: Sequence[Card] | bool = False,
                state: PartieState | None = None, partie_rules: str | None = None) -> Why:
    """``mine`` against ``against`` (False: #1, #2 when mine is #1) on the report deals of ``deal``, which
    must have kept both discards' report deals (analyse_deal's ``keep``). With ``state`` (the partie before
    the deal) also the partie value's paired difference, looked up in ``partie_rules``'s table (default:
    the rules' name); PartieValueError where the table cannot look the deals up."""
    from ..engine.deal import user_net
    from .deal_sources import per_deal_sources

    i, j, named = _pair(deal.discards, mine, against)
    a, b = deal.discards[i], deal.discards[j]
    ka, kb = deal.kept.get(frozenset(a.discard)), deal.kept.get(frozenset(b.discard))
    if ka is None or kb is None:
        raise ValueError("sampled_why: the analysis did not keep these discards' report deals")
    me_is_elder = deal.position == "elder"
    sa = per_deal_sources(ka, me_is_elder, deal.play, deal.rules)
    sb = per_deal_sources(kb, me_is_elder, deal.play, deal.rules)
    sources = []
    for name in SOURCES:
        if name not in sa.points:
            continue
        chances = [_paired_chance(what, sa.flags[key], sb.flags[key]) for what, key in sa.chance_keys.get(name, ())]
        sources.append(_paired(name, sa.points[name] - sb.points[name], chances))
    total = _paired("total", user_net(ka.columns, me_is_elder, deal.play, deal.rules)
                    - user_net(kb.columns, me_is_elder, deal.play, deal.rules))
    partie = None if state is None else _partie_why(deal, (a, ka), (b, kb), state, partie_rules or deal.rules.name)
    return Why(deal.hand, deal.position, deal.rules, "deal", a.discard, b.discard, i + 1, j + 1, len(deal.discards),
               total, tuple(sources), deal.samples, named, partie)


def _partie_why(deal: DealAnalysis, mine: tuple, theirs: tuple, state: PartieState, rules_name: str) -> PartieWhy:
    """The two discards' (DealDiscard, ReportDeals) report deals looked up in ``rules_name``'s partie table
    at ``state``, paired deal by deal. Each DealDiscard's ``totals`` (and ``played``) are checked to be the
    deals the sources were split on: the report stream's first ``deal.samples`` deals of the one seed, the
    same dealt cards for both discards, each deal's totals equal to those of the kept columns."""
    import numpy as np

    from ..engine.deal import deal_totals
    from .partie import partie_deals
    from .partie_value import load_partie_values

    values = load_partie_values(rules_name)
    per = []
    for d, kept in (mine, theirs):
        if len(d.totals) != deal.samples or len(kept.columns) != deal.samples:
            raise ValueError(f"sampled_why: {format_cards(d.discard)} has {len(d.totals)} report deals, not "
                             f"{deal.samples}")
        if not np.array_equal(d.totals, deal_totals(kept.columns, deal.position == "elder", deal.play, deal.rules)):
            raise ValueError(f"sampled_why: {format_cards(d.discard)}'s totals are not its kept report deals'")
        if deal.play and d.played is None:
            raise ValueError(f"sampled_why: {format_cards(d.discard)} has no deals as played")
        per.append(partie_deals(d.totals, state, rules_name, values, d.played))
    pa, pb = per
    chances = [_paired_chance("you win the partie", pa.win, pb.win, clip=True)]
    if pa.rubiconed is not None and pb.rubiconed is not None:
        chances.append(_paired_chance("you are rubiconed", pa.rubiconed, pb.rubiconed, clip=True))
    return PartieWhy(rules_name, state, pa.unit, _paired("partie", pa.value - pb.value, chances),
                     float(pa.value.mean()), float(pb.value.mean()))


def _unit(x: float) -> float:
    """A chance read off the table by interpolation, kept to 0..1 against rounding (-2e-16)."""
    return min(1.0, max(0.0, float(x)))
