"""Slow, obviously-correct helpers built only on declare.py (the plain-Python scorer)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from piquet_calc.cards import DECK, Card
from piquet_calc.game.declarations import is_carte_blanche, score_deal
from piquet_calc.rules import RuleSet


def outcome(me: Sequence[Card], opp: Sequence[Card], me_is_elder: bool, rules: RuleSet,
            me_blanche: bool, opp_blanche: bool) -> dict[str, int]:
    """One deal from me's side, as the same named quantities the engine counts."""
    elder, dealer = (me, opp) if me_is_elder else (opp, me)
    eb, db = (me_blanche, opp_blanche) if me_is_elder else (opp_blanche, me_blanche)
    s = score_deal(elder, dealer, rules, elder_blanche=eb, dealer_blanche=db)
    pts = {name: (e, d) if me_is_elder else (d, e) for name, e, d in s.classes}
    out: dict[str, int] = {"deals": 1}
    for name in ("point", "sequence", "sets"):
        m, o = pts[name]
        mine, theirs = _keys(me, opp, name, rules)
        out[f"{name}_win"] = int(mine > theirs)
        out[f"{name}_tie"] = int(mine == theirs)
        out[f"{name}_lose"] = int(mine < theirs)
        out[f"{name}_me"], out[f"{name}_opp"] = m, o
    out["carte_blanche_me"], out["carte_blanche_opp"] = pts["carte_blanche"]
    out["carte_rouge_me"], out["carte_rouge_opp"] = pts.get("carte_rouge", (0, 0))
    rep_e, rep_d = s.elder_repique, s.dealer_repique
    out["repique_me"], out["repique_opp"] = (int(rep_e), int(rep_d)) if me_is_elder else (int(rep_d), int(rep_e))
    out["pique_me"], out["pique_opp"] = (int(s.elder_pique), 0) if me_is_elder else (0, int(s.elder_pique))
    return out


def _keys(me: Sequence[Card], opp: Sequence[Card], name: str, rules: RuleSet) -> tuple:
    from piquet_calc.game.declarations import Declaration

    a, b = Declaration.of(me, rules), Declaration.of(opp, rules)
    if name == "point":
        return a.point.key, b.point.key
    if name == "sequence":
        return a.sequence_key, b.sequence_key
    return a.set_key, b.set_key


def sample_deal(rng: random.Random, hand: Sequence[Card], discard: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    """One draw and one opponent holding, uniformly, as in RULES.md's model: (my final, opponent's)."""
    unseen = [c for c in DECK if c not in hand]
    rng.shuffle(unseen)
    k = len(discard)
    mine = [c for c in hand if c not in discard] + unseen[:k]
    return mine, unseen[k:k + 12]


def monte_carlo(hand: Sequence[Card], discard: Sequence[Card], me_is_elder: bool, rules: RuleSet, n: int,
                seed: int, opp_blanche_fixed: bool | None = None) -> list[dict[str, int]]:
    rng = random.Random(seed)
    me_blanche = is_carte_blanche(hand, rules)
    samples = []
    for _ in range(n):
        mine, opp = sample_deal(rng, hand, discard)
        ob = is_carte_blanche(opp, rules) if opp_blanche_fixed is None else opp_blanche_fixed
        samples.append(outcome(mine, opp, me_is_elder, rules, me_blanche, ob))
    return samples


def play_value(state, rules: RuleSet) -> int:
    """The play's value from ``state`` (game.play.minimax's) for whole deals, where minimax is too slow: by
    game/solve.py's plain solver, the one plain alpha-beta of the package (issue 39), held equal to minimax
    on every ending tests/test_play_plain.py draws and coded apart from the kernels it checks."""
    from piquet_calc.game.solve import PlainSolver

    return PlainSolver(rules).value(state)
