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
    """The play's value from ``state`` (game.play.minimax's), by a plain alpha-beta fast enough for whole
    deals in Python: the memo is keyed by what the rest of the play can depend on (the cards left, the
    leader, the tricks, pique's need and, under a deal bonus, the difference so far), and of a run of
    cards of one suit with no live card of the other hand between them (and one side of the scoring
    rank) one is tried. Both are plain symmetries; the kernel uses them too, but coded apart."""
    from piquet_calc.game.play import DEALER, ELDER, final_value, legal_cards, play_trick

    memo: dict[tuple, tuple[float, float]] = {}
    inf = float("inf")
    scoring = rules.play.scoring_rank

    def distinct(cards: list[Card], others: set[Card]) -> list[Card]:
        out = []
        for c in cards:  # keep c unless the next live card above it in its suit is its holder's own
            above = [o for o in others | set(cards) if o.suit == c.suit and o.rank > c.rank]
            nxt = min(above, key=lambda o: o.rank, default=None)
            same_side = nxt is not None and (nxt.rank >= scoring) == (c.rank >= scoring)
            if not (nxt is not None and nxt in cards and same_side):
                out.append(c)
        return out

    def future(s, alpha: float, beta: float) -> float:
        base = s.totals[ELDER] - s.totals[DEALER]
        if not s.tricks_left:
            return final_value(s, rules) - base
        need = rules.pique_threshold - s.totals[ELDER] if s.pique_live else 0
        key = (s.hands, s.leader, s.tricks, need, base if rules.play.deal_bonus else 0)
        lo, hi = memo.get(key, (-inf, inf))
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        a, b = max(alpha, lo), min(beta, hi)
        leader = s.leader
        sign = 1 if leader == ELDER else -1
        la, lb = (a, b) if sign > 0 else (-b, -a)
        best = -inf
        own, other = s.hands[leader], s.hands[1 - leader]
        for lead in sorted(distinct(legal_cards(own, None), set(other)), key=lambda c: -c.rank):  # high first
            worst = inf
            replies = distinct(legal_cards(other, lead), set(own - {lead}) | {lead})
            replies.sort(key=lambda c: (c.suit != lead.suit or c.rank < lead.rank, c.rank))  # lowest winner first
            for reply in replies:
                child = play_trick(s, lead, reply, rules)
                imm = child.totals[ELDER] - child.totals[DEALER] - base
                low, high = max(la, best), min(lb, worst)
                if sign > 0:
                    v = imm + future(child, low - imm, high - imm)
                else:
                    v = -(imm + future(child, -high - imm, -low - imm))
                worst = min(worst, v)
                if worst <= low:
                    break
            best = max(best, worst)
            if best >= lb:
                break
        result = sign * best
        if result <= a:
            memo[key] = (lo, min(hi, result))
        elif result >= b:
            memo[key] = (max(lo, result), hi)
        else:
            memo[key] = (result, result)
        return result

    return int(state.totals[ELDER] - state.totals[DEALER] + future(state, -inf, inf))
