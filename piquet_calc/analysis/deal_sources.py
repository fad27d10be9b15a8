"""One discard's report deals (analysis/deal.py) split deal by deal into the sources of its net.

engine.deal.ReportDeals is what the whole-deal analysis keeps of a discard it was asked to keep: the
sampler's columns (engine.columns.DealColumns) on the report stream, the final hands and the dealt hands'
carte blanche. ``per_deal_sources`` reads from the columns what they record (repique, the play's points, pique in the
play, the cards, capot) and takes the class split of the declarations (carte blanche, point, sequence,
sets, carte rouge) from game.declarations.score_deal on the final hands, checking deal by deal that it
adds up to the sampler's declarations column. Every source is the player's points minus the opponent's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..cards import cards_of
from ..engine.columns import DealColumns
from ..engine.deal import ReportDeals
from ..game.declarations import score_deal
from ..rules import RuleSet


@dataclass(frozen=True)
class DealSources:
    """Per deal: each source's points (mine minus the opponent's) and 0/1 flags for the chances."""

    points: dict[str, np.ndarray]
    flags: dict[str, np.ndarray] = field(default_factory=dict)
    chance_keys: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)


DECLARED = ("carte_blanche", "point", "sequence", "sets", "carte_rouge", "repique")


def _declarations(r: ReportDeals, rules: RuleSet) -> tuple[np.ndarray, np.ndarray]:
    """(elder's, the dealer's) points per deal and class of DECLARED, each (deals, len(DECLARED)), from
    score_deal; ValueError if a deal does not add up to the sampler's declarations column."""
    n = len(r.elder)
    e = np.zeros((n, len(DECLARED)), dtype=np.int64)
    d = np.zeros_like(e)
    for i in range(n):
        s = score_deal(cards_of(int(r.elder[i])), cards_of(int(r.dealer[i])), rules,
                       elder_blanche=bool(r.blanche[i, 0]), dealer_blanche=bool(r.blanche[i, 1]))
        for name, pe, pd in s.classes:
            if name in DECLARED:
                k = DECLARED.index(name)
                e[i, k], d[i, k] = pe, pd
    if not (np.array_equal(e.sum(axis=1), DealColumns.of(r.columns).elder_declarations)
            and np.array_equal(d.sum(axis=1), DealColumns.of(r.columns).dealer_declarations)):
        raise ValueError("the declarations' split does not add up to the sampler's declarations")
    return e, d


def _play(cols: DealColumns, rules: RuleSet) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The play's points split (elder's, the dealer's): pique, the cards, capot, the deal bonus, and the
    tricks (the rest: leads, wins, the last trick, the seventh), as kernels.play scores them."""
    p = rules.play
    capot_e, capot_d = cols.elder_capot > 0, cols.dealer_capot > 0
    zeros = np.zeros(len(cols.cards), dtype=np.int64)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    out["pique"] = (rules.pique_bonus * cols.elder_pique, zeros)
    cards, capot = [], []
    for won, is_capot in ((cols.cards > 0, capot_e), (cols.cards < 0, capot_d)):
        scored_capot = is_capot & (p.capot > 0)
        capot.append(np.where(scored_capot, p.capot - p.last_trick * p.capot_replaces_last_trick, 0))
        cards.append(np.where(won & ~(scored_capot & p.capot_replaces_cards), p.cards, 0))
    out["cards"], out["capot"] = (cards[0], cards[1]), (capot[0], capot[1])
    if p.deal_bonus:
        e_total = cols.elder_declarations + cols.elder_play
        d_total = cols.dealer_declarations + cols.dealer_play
        out["deal_bonus"] = (np.where(e_total > d_total, p.deal_bonus, 0), np.where(d_total > e_total, p.deal_bonus, 0))
    tricks_e = cols.elder_play - sum(v[0] for v in out.values())
    tricks_d = cols.dealer_play - sum(v[1] for v in out.values())
    return {"tricks": (tricks_e, tricks_d), **out}


def per_deal_sources(r: ReportDeals, me_is_elder: bool, play: bool, rules: RuleSet) -> DealSources:
    """Every source of each report deal, mine minus the opponent's; their sum is the deal's net
    (engine.deal.user_net; analysis/why.py adds them up against it)."""
    if r.columns is None:
        raise ValueError("these report deals were not kept whole (analyse_deal's keep_deals)")
    cols = DealColumns.of(r.columns)
    e, d = _declarations(r, rules)
    me, opp = (e, d) if me_is_elder else (d, e)
    points = {name: me[:, k] - opp[:, k] for k, name in enumerate(DECLARED)
              if name != "carte_rouge" or rules.carte_rouge_points}
    sign = 1 if me_is_elder else -1
    flags: dict[str, np.ndarray] = {}
    keys: dict[str, tuple[tuple[str, str], ...]] = {}
    for k, name in enumerate(DECLARED[1:4], start=1):
        flags[f"{name}_win"] = (me[:, k] > opp[:, k]).astype(np.float64)
        keys[name] = ((f"you win the {name}", f"{name}_win"),)
    if rules.carte_rouge_points:
        flags["carte_rouge_me"] = (me[:, 4] > 0).astype(np.float64)
        keys["carte_rouge"] = (("you make carte rouge", "carte_rouge_me"),)
    rep = (cols.elder_repique, cols.dealer_repique)
    flags["repique_me"], flags["repique_opp"] = (rep[0], rep[1]) if me_is_elder else (rep[1], rep[0])
    keys["repique"] = (("you repique", "repique_me"), ("he repiques", "repique_opp"))
    piqued = "you pique" if me_is_elder else "he piques"
    if play:
        for name, (pe, pd) in _play(cols, rules).items():
            points[name] = sign * (pe - pd)
        flags["pique"] = cols.elder_pique.astype(np.float64)
        flags["cards_win"] = (sign * cols.cards > 0).astype(np.float64)
        capot = (cols.elder_capot, cols.dealer_capot)
        flags["capot_me"], flags["capot_opp"] = (capot[0], capot[1]) if me_is_elder else (capot[1], capot[0])
        keys["cards"] = (("you win the cards", "cards_win"),)
        keys["capot"] = (("you capot him", "capot_me"), ("he capots you", "capot_opp"))
    else:  # declarations alone: pique by elder's pique run, as `score` counts it
        points["pique"] = sign * rules.pique_bonus * cols.elder_run_pique
        flags["pique"] = cols.elder_run_pique.astype(np.float64)
    keys["pique"] = ((piqued, "pique"),)
    flags = {k: np.asarray(v, dtype=np.float64) for k, v in flags.items()}
    return DealSources(points, flags, keys)
