"""What a partie state is worth: dynamic programming over the distribution of one deal's pair of totals.

A *partie state* is the deals played so far and both players' totals (player 1 is elder in the first
deal; game/partie.py). Its value is the expected final result for player 1, in the preset's unit
(points; au-cent games), positive when player 1 wins: V(state) = E[V(state after one more deal)], the
expectation over one deal's (elder's total, dealer's total), mapped to the players by who deals; at the
end, game/partie.py's result. Beside the value: player 1's chance of winning the partie, and (rubicon,
english) of being rubiconed, each by the same recursion on an indicator.

The value of *ending a deal* with a pair of totals (issue 23, item 2) is the value of the state it leads
to: ``PartieValues.after(deal, score, pair)``.

The distribution is sampled (scripts/partie_deals.py): random deals, both exchanges by the exchange
policy, the play solved double dummy; so the values assume both players play as that model plays, and
they carry the sampling error given by the bootstrap in ``build_values`` (``se_*``).

Covered: rubicon (six deals, two more when equal), english (six deals), encyclopedia (four), au-cent (the
race to 100 with the lurch, in counting order from the sampled steps), russian between koroliks (its
state: the difference of the korolik figures, whether the next korolik counts double, whether each player
has written). Not covered: english's four-deal variant; russian's deal-by-deal lookups (the state inside a
korolik), so score-aware advice (analysis/partie.py) is for ``ADVISED`` only.

Grid (rubicon, english): totals 0 to GRID − 1 per player; a state beyond it is moved down the diagonal
(both totals less the same amount), which keeps the difference and is wrong only when the loser would
then be under 100, a state of negligible probability (GRID 640). Encyclopedia's result depends on the
difference alone, so its recursion runs on the difference (``difference_values``), exactly.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from ..game.partie import (
    AU_CENT_TARGET,
    LURCH_LINE,
    RUBICON_EXTRA,
    SWEEP_BONUS,
    dealer_of,
    first_to_reach,
    fixed_length,
    fixed_result,
    korolik_figure,
)

GRID = 640
ADVISED = ("rubicon", "english", "encyclopedia", "au-cent")  # analysis/partie.py looks deals up in these
TABLED = (*ADVISED, "russian")
KOROLIKS = 6
COARSE_STEP = 10  # the shipped table: every 10 points
COARSE_MAX = {"rubicon": 400, "english": 400, "encyclopedia": 600, "au-cent": 99, "russian": 1000}
BOOTSTRAP = 16  # resamples for the standard errors of the shipped table
SHIPPED = ("value", "win", "rubicon")  # the coarse table's kinds (player 1's; the others follow by symmetry)


class PartieValueError(ValueError):
    """A state or a preset the tables do not cover; one line for the user."""


def distribution(pairs: np.ndarray, weights: np.ndarray | None = None) -> np.ndarray:
    """P[e, d]: the chance of a deal ending elder e, dealer d, from sampled ``pairs`` (deals, 2)."""
    pairs = np.asarray(pairs, dtype=np.int64)
    top = int(pairs.max()) + 1 if len(pairs) else 1
    p = np.zeros((top, top))
    np.add.at(p, (pairs[:, 0], pairs[:, 1]), 1.0 if weights is None else weights)
    return p / p.sum()


def _shift_index(a: np.ndarray, b: np.ndarray, grid: int) -> tuple[np.ndarray, np.ndarray]:
    """Totals beyond the grid moved down the diagonal (the difference kept)."""
    t = np.maximum(0, np.maximum(a, b) - (grid - 1))
    return np.clip(a - t, 0, grid - 1), np.clip(b - t, 0, grid - 1)


def expect(v_next: np.ndarray, p: np.ndarray) -> np.ndarray:
    """out[..., s1, s2] = Σ p[x1, x2] · v_next[..., s1 + x1, s2 + x2] (beyond the grid: moved down the
    diagonal); ``v_next`` may stack several tables (..., grid, grid), which share one transform of ``p``.

    By FFT when the distribution has many points, else by direct sums (the two agree to rounding)."""
    g, m = v_next.shape[-1], p.shape[0] - 1
    idx = np.arange(g + m)
    a, b = _shift_index(idx[:, None], idx[None, :], g)
    vp = v_next[..., a, b]
    support = np.argwhere(p > 0)
    if len(support) <= 64:
        out = np.zeros(v_next.shape)
        for x1, x2 in support:
            out += p[x1, x2] * vp[..., x1:x1 + g, x2:x2 + g]
        return out
    n = g + m
    f = np.fft.rfft2(vp, s=(n, n)) * np.conj(np.fft.rfft2(p, s=(n, n)))
    return np.fft.irfft2(f, s=(n, n))[..., :g, :g]


KINDS = ("value", "win", "lose", "rubicon", "rubicon2")


@lru_cache(maxsize=8)
def _terminals(name: str, grid: int) -> tuple[np.ndarray, ...]:
    """The final result over the grid, from game/partie.py's ``fixed_result`` (one call a state): player 1's
    signed value; 1 when he wins (``win``), when player 2 wins (``lose``), when player 1 is rubiconed (the
    loser under 100), when player 2 is (``rubicon2``)."""
    out = np.zeros((len(KINDS), grid, grid))
    for a in range(grid):
        for b in range(grid):
            winner, value, rubicon = fixed_result(name, (a, b))
            if winner == 1:
                out[0, a, b], out[1, a, b], out[4, a, b] = value, 1, rubicon
            elif winner == 2:
                out[0, a, b], out[2, a, b], out[3, a, b] = -value, 1, rubicon
    return tuple(out)


def fixed_values(name: str, p: np.ndarray, grid: int = GRID, length: int | None = None,
                 lowest: int = 0) -> dict[str, np.ndarray]:
    """value, win, lose, rubicon, rubicon2 (see ``_terminals``): arrays (stages, grid, grid), stage n = n
    deals played, for rubicon and english, from the deal distribution ``p`` (P[elder, dealer]). Rubicon's
    stages go on to 8: equal after six, two more deals (002); stage 6 is the result where the totals differ
    and the two more deals' expectation where they are equal, stage 7 any total after the seventh deal.
    ``length``: another number of deals (the checks' small parties; then no tie-break deals). ``lowest``:
    the stages below it are left at 0 (not needed for a later deal's lookups)."""
    tie_break = name == "rubicon" and length is None
    length = fixed_length(name) if length is None else length
    last = length + (RUBICON_EXTRA if tie_break else 0)
    pt = p.T.copy()
    by_deal = {n: (p if dealer_of(n) == 2 else pt) for n in range(1, last + 1)}
    term = np.stack(_terminals(name, grid))
    stages = np.zeros((len(KINDS), last + 1, grid, grid))
    stages[:, last] = term
    for n in range(last, length, -1):  # 002's two more deals (equal again: no game, in ``term``)
        stages[:, n - 1] = expect(stages[:, n], by_deal[n])
    if tie_break:
        stages[:, length] = np.where(np.eye(grid, dtype=bool), stages[:, length], term)
    for n in range(length, lowest, -1):
        stages[:, n - 1] = expect(stages[:, n], by_deal[n])
    return {what: stages[k] for k, what in enumerate(KINDS)}


def difference_values(name: str, p: np.ndarray, length: int | None = None) -> dict[str, np.ndarray]:
    """Encyclopedia's partie depends on the difference of the totals only (004): value, win, lose over the
    difference d = player 1's total − player 2's, arrays (stages, 2R + 1), index d + R (key ``offset``: R).
    Exact: R covers every difference the sampled deals can make from any d in [−R/2, R/2]."""
    length = fixed_length(name) if length is None else length
    e, d = np.nonzero(p)
    q = p[e, d]
    spread = int(np.abs(e - d).max()) if len(q) else 0
    r = 2 * length * max(spread, 1)
    ds = np.arange(-r, r + 1)
    results = [fixed_result(name, (int(x), 0) if x >= 0 else (0, int(-x))) for x in ds]
    term = {"value": np.array([0 if w is None else v if w == 1 else -v for w, v, _ in results], dtype=float),
            "win": np.array([w == 1 for w, _, _ in results], dtype=float),
            "lose": np.array([w == 2 for w, _, _ in results], dtype=float)}
    out: dict[str, np.ndarray] = {"offset": np.array(r)}
    for what, final in term.items():
        stages = np.zeros((length + 1, len(ds)))
        stages[length] = final
        for n in range(length, 0, -1):
            step = (e - d) if dealer_of(n) == 2 else (d - e)  # player 1 elder in the deal, or the dealer
            deltas, where = np.unique(step, return_inverse=True)
            mass = np.bincount(where, weights=q)
            nxt = stages[n]
            acc = np.zeros(len(ds))
            for x, w in zip(deltas, mass, strict=True):  # Σ p(δ) V[n](d + δ), beyond the range: its edge
                acc += w * _extend(nxt, np.arange(len(ds)) + x, what)
            stages[n - 1] = acc
        out[what] = stages
    return out


def _extend(v: np.ndarray, idx: np.ndarray, what: str, unit: int = 1) -> np.ndarray:
    """v at ``idx``, beyond the ends continued: the value by the difference itself (the winner is then
    certain and wins the difference; ``unit`` points an index), the chances by the end's."""
    n = len(v)
    inside = np.clip(idx, 0, n - 1)
    out = v[inside]
    if what == "value":
        out = out + unit * (idx - inside)
    return out


def korolik_outcomes(p: np.ndarray, factor: int) -> dict[str, np.ndarray]:
    """One korolik's outcomes from the deal distribution P[elder, dealer] (player 1 elder in its first deal,
    dealing its second): ``step`` what it adds to player 1's korolik figures less player 2's (game/partie.py's
    ``korolik_figure``, signed), ``doubles`` (a refait in it or an equal korolik: the next counts double),
    ``wrote1`` / ``wrote2`` (player 1 / 2 won a deal in it), ``p`` their chances."""
    e, d = np.nonzero(p)
    vals, inv = np.unique(e - d, return_inverse=True)
    mass = np.bincount(inv, weights=p[e, d])
    d1, d2 = vals[:, None], -vals[None, :]  # player 1's deal differences: elder in the first, dealer in the second
    k = factor * (d1 + d2)
    figure = np.vectorize(korolik_figure)(k, factor)
    rows = np.stack([np.broadcast_to(x, k.shape).ravel() for x in (
        np.sign(k) * figure, (d1 == 0) | (d2 == 0) | (k == 0), (d1 > 0) | (d2 > 0), (d1 < 0) | (d2 < 0))], axis=1)
    keys, where = np.unique(rows.astype(np.int64), axis=0, return_inverse=True)
    prob = np.bincount(where.ravel(), weights=(mass[:, None] * mass[None, :]).ravel())
    return {"step": keys[:, 0], "doubles": keys[:, 1].astype(bool), "wrote1": keys[:, 2].astype(bool),
            "wrote2": keys[:, 3].astype(bool), "p": prob}


def russian_values(p: np.ndarray, koroliks: int = KOROLIKS) -> dict[str, np.ndarray]:
    """Russian's koroliks: value, win, lose for player 1 over (koroliks played, the next doubled, player 1
    has written, player 2 has written, D), D = player 1's korolik figures less player 2's, in tens, index
    D/10 + ``offset``; arrays (7, 2, 2, 2, 2R + 1). At the end, a player who wrote nothing loses 100 more
    (001) and the partie goes to the higher sum, for the difference."""
    outs = {f: korolik_outcomes(p, f) for f in (1, 2)}
    most = max(int(np.abs(o["step"]).max()) for o in outs.values()) // 10
    r = 2 * koroliks * max(most, 1)
    tens = np.arange(-r, r + 1)
    out: dict[str, np.ndarray] = {"offset": np.array(r)}
    for what in ("value", "win", "lose"):
        v = np.zeros((koroliks + 1, 2, 2, 2, len(tens)))
        for w1 in (0, 1):
            for w2 in (0, 1):
                final = 10 * tens + SWEEP_BONUS * (1 - w2) - SWEEP_BONUS * (1 - w1)
                v[koroliks, :, w1, w2] = {"value": final, "win": final > 0, "lose": final < 0}[what]
        idx = np.arange(len(tens))
        for k in range(koroliks, 0, -1):
            for dbl in (0, 1):
                o = outs[2 if dbl else 1]
                for w1 in (0, 1):
                    for w2 in (0, 1):
                        acc = np.zeros(len(tens))
                        for step, nd, a1, a2, q in zip(o["step"], o["doubles"], o["wrote1"], o["wrote2"], o["p"],
                                                       strict=True):
                            nxt = v[k, int(nd), w1 | int(a1), w2 | int(a2)]
                            acc += q * _extend(nxt, idx + step // 10, what, unit=10)
                        v[k - 1, dbl, w1, w2] = acc
        out[what] = v
    return out


def _cross(cum: np.ndarray, need: np.ndarray) -> np.ndarray:
    """For each ``need`` (points still to go), the first step at which ``cum`` reaches it (len(cum): never)."""
    return np.searchsorted(cum, need, side="left")


def au_cent_values(steps: np.ndarray, offsets: np.ndarray, weights: np.ndarray | None = None,
                   iterations: int = 400) -> dict[str, np.ndarray]:
    """Au-cent's race: value and win over (s1, s2) < 100 for each dealer of the next deal (index 0: player 1
    deals, 1: player 2 deals): arrays (2, 100, 100). A sampled deal's steps decide who reaches 100 first
    and whether the other then has under 50 (a lurch, 2 games); a deal in which nobody reaches 100 leads
    to the next state, the deal passing to the other player."""
    t = AU_CENT_TARGET
    n = len(offsets) - 1
    w = np.full(n, 1.0 / n) if weights is None else weights / weights.sum()
    s = np.arange(t)
    need = t - s  # points still to go, per total
    imm = {k: (np.zeros((t, t)), np.zeros((t, t))) for k in (0, 1)}  # dealer index -> (value, win) now
    pairs = np.zeros((n, 2), dtype=np.int64)
    for j in range(n):
        st = steps[offsets[j]:offsets[j + 1]]
        seat, pts = st[:, 0].astype(np.int64), st[:, 1].astype(np.int64)
        for dealer in (0, 1):  # dealer index 0: player 1 deals, so player 1 is seat 1 (the dealer)
            p1_seat = 1 if dealer == 0 else 0
            c1 = np.cumsum(np.where(seat == p1_seat, pts, 0))
            c2 = np.cumsum(np.where(seat != p1_seat, pts, 0))
            if dealer == 0:
                pairs[j] = (c1[-1] if len(c1) else 0, c2[-1] if len(c2) else 0)
            if not len(pts):
                continue
            t1, t2 = _cross(c1, need), _cross(c2, need)  # per s1, per s2
            T1, T2 = t1[:, None], t2[None, :]
            ones = T1 < T2  # player 1 there first (steps are one player's each: never equal unless neither)
            twos = T2 < T1
            c2_at = c2[np.minimum(T1, len(c2) - 1)]
            c1_at = c1[np.minimum(T2, len(c1) - 1)]
            lurch1 = s[None, :] + c2_at < LURCH_LINE
            lurch2 = s[:, None] + c1_at < LURCH_LINE
            value, win = imm[dealer]
            gain = np.where(ones, np.where(lurch1, 2.0, 1.0), 0.0) - np.where(twos, np.where(lurch2, 2.0, 1.0), 0.0)
            value += w[j] * gain
            win += w[j] * ones
    p = distribution(pairs, w)  # P[player 1's total, player 2's total] when player 1 deals
    cont = {0: p, 1: distribution(pairs[:, ::-1], w)}  # pairs[j] are (dealer, elder): player 1 dealing
    out: dict[str, np.ndarray] = {}
    for what in (0, 1):
        v = [np.zeros((t, t)), np.zeros((t, t))]
        for _ in range(iterations):
            new = [imm[d][what] + _expect_zero(v[1 - d], cont[d]) for d in (0, 1)]
            done = max(float(np.abs(new[d] - v[d]).max()) for d in (0, 1)) < 1e-12
            v = new
            if done:
                break
        out["value" if what == 0 else "win"] = np.stack(v)
    out["lose"] = 1.0 - out["win"]  # a race always ends: nobody ties
    return out


def _expect_zero(v_next: np.ndarray, p: np.ndarray) -> np.ndarray:
    """Σ p[x] v_next[s + x], zero beyond the grid (the deals that reach 100 are counted in ``imm``)."""
    g, m = v_next.shape[0], p.shape[0] - 1
    n = g + m
    f = np.fft.rfft2(v_next, s=(n, n)) * np.conj(np.fft.rfft2(p, s=(n, n)))
    return np.fft.irfft2(f, s=(n, n))[:g, :g]


def tables(name: str, pairs: np.ndarray, steps: np.ndarray | None = None, offsets: np.ndarray | None = None,
           weights: np.ndarray | None = None, grid: int = GRID, lowest: int = 0) -> dict[str, np.ndarray]:
    """Every stage's tables for a preset from sampled deals (``weights``: a bootstrap's counts; ``lowest``:
    rubicon and english, the stages below it not computed)."""
    if name not in TABLED:
        raise PartieValueError(f"no partie value table for {name}: tabled are {', '.join(TABLED)}")
    if name == "au-cent":
        return au_cent_values(steps, offsets, weights)
    if name == "encyclopedia":
        return difference_values(name, distribution(pairs, weights))
    if name == "russian":
        return russian_values(distribution(pairs, weights))
    return fixed_values(name, distribution(pairs, weights), grid, lowest=lowest)


def _coarse(name: str, t: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    pts = np.arange(0, COARSE_MAX[name] + 1, COARSE_STEP)
    if name == "russian":  # koroliks played, both totals every 10: not doubled, both written (from the first on)
        r = int(t["offset"])
        diff = (pts[:, None] - pts[None, :]) // 10 + r
        return {k: np.stack([_extend(v[n, 0, int(n > 0), int(n > 0)], diff.ravel(), k, unit=10).reshape(diff.shape)
                             for n in range(v.shape[0])]).astype(np.float32)
                for k, v in t.items() if k in ("value", "win")}
    if name == "encyclopedia":  # the 2-D coarse grid from the difference
        r = int(t["offset"])
        diff = pts[:, None] - pts[None, :] + r
        return {k: np.stack([_extend(v[n], diff.ravel(), k).reshape(diff.shape) for n in range(v.shape[0])])
                .astype(np.float32) for k, v in t.items() if k in ("value", "win")}
    return {k: v[:, pts][:, :, pts].astype(np.float32) for k, v in t.items() if k in SHIPPED}


def build_values(name: str, pairs: np.ndarray, steps: np.ndarray, offsets: np.ndarray, seed: int,
                 boot: int = BOOTSTRAP) -> dict[str, np.ndarray]:
    """The shipped coarse table (every COARSE_STEP points) and its bootstrap standard errors."""
    if name not in TABLED:
        return {}
    point = _coarse(name, tables(name, pairs, steps, offsets))
    rng = np.random.default_rng([seed, 99])
    draws = []
    for _ in range(boot):
        wts = rng.multinomial(len(pairs), np.full(len(pairs), 1 / len(pairs))).astype(float)
        draws.append(_coarse(name, tables(name, pairs, steps, offsets, weights=wts)))
    out = {f"table_{k}": v for k, v in point.items()}
    for k in point:
        out[f"se_{k}"] = np.std([d[k] for d in draws], axis=0, ddof=1).astype(np.float32)
    out["coarse_points"] = np.arange(0, COARSE_MAX[name] + 1, COARSE_STEP)
    out["bootstrap"] = np.int64(boot)
    return out


# --- the shipped tables ----------------------------------------------------------------------------

@dataclass(frozen=True)
class PartieValues:
    """One preset's sampled deals (piquet_calc/data/partie_<preset>.npz) and the values they give."""

    name: str
    pairs: np.ndarray
    steps: np.ndarray
    offsets: np.ndarray
    seed: int
    deals: int
    seconds: float
    coarse: dict[str, np.ndarray]

    @property
    def full(self) -> dict[str, np.ndarray]:
        return _full(self.name, 0)

    def from_stage(self, lowest: int) -> dict[str, np.ndarray]:
        """The tables with the stages from ``lowest`` on (rubicon and english compute no earlier ones;
        a run that needed them all already keeps them)."""
        if (self.name, 0) in _FULL_DONE:
            return _full(self.name, 0)
        return _full(self.name, lowest if self.name in ("rubicon", "english") else 0)

    def state(self, played: int, score: tuple[int, int], dealer_next: int | None = None) -> dict[str, float]:
        """value, win (and rubicon) for player 1 at ``played`` deals played with ``score`` (player 1, 2).
        Au-cent: ``dealer_next`` (1 or 2) deals the next deal (default: by the alternation)."""
        t = self.from_stage(played)
        a, b = score
        if self.name == "au-cent":
            if max(a, b) >= AU_CENT_TARGET:
                raise PartieValueError("the partie is over: a player has 100")
            d = (dealer_next or dealer_of(played + 1)) - 1
            return {"value": float(t["value"][d, a, b]), "win": float(t["win"][d, a, b])}
        if self.name == "russian":
            if played % 2 or not 0 <= played <= 2 * KOROLIKS:
                raise PartieValueError("russian's table is kept between koroliks: an even number of deals, 0 to 12")
            return self.russian_state(played // 2, score)
        if not 0 <= played < t["value"].shape[0]:
            raise PartieValueError(f"{self.name}'s partie has {t['value'].shape[0] - 1} deals, not {played} played")
        if self.name == "encyclopedia":
            idx = np.array([a - b + int(t["offset"])])
            return {k: float(_extend(t[k][played], idx, k)[0]) for k in ("value", "win", "lose")}
        i, j = _shift_index(np.array(a), np.array(b), GRID)
        return {k: float(v[played, i, j]) for k, v in t.items()}

    def russian_state(self, koroliks: int, score: tuple[int, int], doubled: bool = False,
                      wrote: tuple[bool, bool] | None = None) -> dict[str, float]:
        """Russian between koroliks: ``score`` the korolik figures (player 1's, 2's), ``doubled`` whether the
        next korolik counts double, ``wrote`` whether each player has won a deal yet (default: both, after
        the first korolik)."""
        t = self.full
        w1, w2 = wrote if wrote is not None else (koroliks > 0, koroliks > 0)
        idx = np.array([(score[0] - score[1]) // 10 + int(t["offset"])])
        return {k: float(_extend(t[k][koroliks, int(doubled), int(w1), int(w2)], idx, k, unit=10)[0])
                for k in ("value", "win", "lose")}

    def after(self, deal: int, score: tuple[int, int], pair: tuple[int, int],
              steps: Sequence[tuple[int, int]] | None = None) -> dict[str, float]:
        """The value of ending deal ``deal`` (from 1) with ``pair`` = (elder's, dealer's) totals, from
        ``score`` (player 1's, player 2's) before it: the state it leads to, for player 1. Au-cent: the
        deal's ``steps`` in counting order where the pair leaves the race open (``au_cent_race``)."""
        dealer = dealer_of(deal)
        x1, x2 = (pair[1], pair[0]) if dealer == 1 else pair
        a, b = score[0] + x1, score[1] + x2
        if self.name == "au-cent":
            if a >= AU_CENT_TARGET or b >= AU_CENT_TARGET:
                one, _, lurch = au_cent_race(deal, score, np.array([a]), np.array([b]),
                                             None if steps is None else (lambda i: steps))
                win = bool(one[0])
                v = 2.0 if lurch[0] else 1.0
                return {"value": v if win else -v, "win": float(win)}
            return self.state(deal, (a, b), dealer_next=3 - dealer)
        return self.state(deal, (a, b))


    def after_many(self, deal: int, score: tuple[int, int], pairs: np.ndarray,
                   steps_of: StepsOf | None = None) -> dict[str, np.ndarray]:
        """``after`` for many deals at once: ``pairs`` (n, 2) of (elder's, dealer's) totals; arrays of
        player 1's value, win, lose and (rubicon, english) rubicon / rubicon2, one per deal.

        Au-cent: where the pair leaves the race open (both reach 100 in the deal, or one does while the
        other passes 50 in it), ``steps_of(i)`` gives deal i's points in counting order (game/counting.py's
        steps, seat 0 elder) and they decide who got there first and the lurch (``au_cent_race``);
        without it, PartieValueError."""
        if self.name not in ADVISED:
            raise PartieValueError(f"no deal-by-deal lookup for {self.name}: a russian score needs the korolik's "
                                   "state (its first deal, a refait), which this version does not take")
        pairs = np.asarray(pairs, dtype=np.int64)
        dealer = dealer_of(deal)
        x1, x2 = (pairs[:, 1], pairs[:, 0]) if dealer == 1 else (pairs[:, 0], pairs[:, 1])
        a, b = score[0] + x1, score[1] + x2
        t = self.from_stage(deal)
        if self.name == "au-cent":
            if score[0] >= AU_CENT_TARGET or score[1] >= AU_CENT_TARGET:
                raise PartieValueError("the partie is over: a player has 100")
            one, two, lurch = au_cent_race(deal, score, a, b, steps_of)
            gain = np.where(lurch, 2.0, 1.0)
            d = 2 - dealer  # the next deal's dealer index (the other player)
            ia, ib = np.minimum(a, AU_CENT_TARGET - 1), np.minimum(b, AU_CENT_TARGET - 1)
            value = np.where(one, gain, np.where(two, -gain, t["value"][d, ia, ib]))
            win = np.where(one, 1.0, np.where(two, 0.0, t["win"][d, ia, ib]))
            return {"value": value, "win": win, "lose": 1.0 - win}
        if not 1 <= deal < t["value"].shape[0]:
            raise PartieValueError(f"{self.name}'s partie has {t['value'].shape[0] - 1} deals: no deal {deal}")
        if self.name == "encyclopedia":
            idx = a - b + int(t["offset"])
            return {k: _extend(t[k][deal], idx, k).astype(np.float64) for k in ("value", "win", "lose")}
        i, j = _shift_index(a, b, GRID)
        return {k: v[deal, i, j].astype(np.float64) for k, v in t.items()}


StepsOf = Callable[[int], Sequence[tuple[int, int]]]


def au_cent_race(deal: int, score: tuple[int, int], a: np.ndarray, b: np.ndarray,
                 steps_of: StepsOf | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Who ends au-cent's partie in each of these deals (number ``deal``, from ``score`` (player 1's, 2's)
    to the totals ``a``, ``b``): (player 1 reaches 100 first, player 2 does, the winner's is a lurch).

    The pair decides when at most one player reaches 100 and the other's total is under 50 at the deal's
    end or was 50 before it; otherwise the deal's steps in counting order (``steps_of``) decide, as
    game/partie.py's ``first_to_reach`` counts them (002: first to 100, even in the middle of a deal)."""
    one, two = a >= AU_CENT_TARGET, b >= AU_CENT_TARGET
    lurch = np.where(one, b, a) < LURCH_LINE
    passes = np.where(one, (score[1] < LURCH_LINE) & (b >= LURCH_LINE), (score[0] < LURCH_LINE) & (a >= LURCH_LINE))
    open_ = (one & two) | ((one | two) & passes)
    if not open_.any():
        return one, two, lurch
    if steps_of is None:
        raise PartieValueError("a player reaches 100 in one of the deals where the counting order decides who got "
                               "there first (or the lurch), which a pair of totals does not give")
    one, two, lurch = one.copy(), two.copy(), lurch.copy()
    elder = 1 - (dealer_of(deal) - 1)  # player index (from 0) of elder in this deal
    for i in np.flatnonzero(open_):
        players = [(elder if seat == 0 else 1 - elder, n) for seat, n in steps_of(int(i))]
        got = first_to_reach(score, players, AU_CENT_TARGET)
        if got is None:
            raise RuntimeError(f"deal {i}: its steps reach no 100, its totals do ({int(a[i])}, {int(b[i])})")
        first, at = got
        one[i], two[i], lurch[i] = first == 0, first == 1, at[1 - first] < LURCH_LINE
    return one, two, lurch


_FULL_DONE: set[tuple[str, int]] = set()


@lru_cache(maxsize=4)
def _full(name: str, lowest: int) -> dict[str, np.ndarray]:
    """The full tables from stage ``lowest`` on: computed from the shipped deals (1 to 2 s), then kept in
    the kernels' cache folder (kernels/cache.py), so that a later run reads them in a few milliseconds."""
    path = _cached_full_path(name, lowest)
    if path is not None and path.exists():
        try:
            with np.load(path) as z:
                full = {k: z[k] for k in z.files}
            _FULL_DONE.add((name, lowest))
            return full
        except (OSError, ValueError):  # a damaged or foreign file: compute afresh
            pass
    t = load_partie_values(name)
    full = {k: (v if k == "offset" else v.astype(np.float32))
            for k, v in tables(name, t.pairs, t.steps, t.offsets, lowest=lowest).items()}
    _FULL_DONE.add((name, lowest))
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
            np.savez(tmp, **full)
            os.replace(tmp, path)
        except OSError:  # a read-only or full folder: the run goes on, computing again next time
            pass
    return full


def _cached_full_path(name: str, lowest: int) -> Path | None:
    """Where ``_full`` keeps its tables: the kernels' cache folder, the file named by the shipped deals'
    and this module's SHA-256 (either changing makes a new file); None when no folder can be used."""
    from ..kernels import cache

    try:
        folder = cache.choose_cache_dir()
    except cache.SetupError:
        return None
    if folder == "":
        return None
    base = Path(folder) if folder else cache.PACKAGE_CACHE
    digest = hashlib.sha256(Path(__file__).read_bytes())
    with resources.as_file(resources.files("piquet_calc") / "data" / f"partie_{name}.npz") as p:
        digest.update(Path(p).read_bytes())
    return base / "partie" / f"{name}-{lowest}-{digest.hexdigest()[:16]}.npz"


@lru_cache(maxsize=8)
def load_partie_values(name: str) -> PartieValues:
    """The shipped table of a preset; PartieValueError when there is none."""
    if name not in TABLED:
        raise PartieValueError(f"no partie value table for {name}: tabled are {', '.join(TABLED)}")
    path = resources.files("piquet_calc") / "data" / f"partie_{name}.npz"
    with resources.as_file(path) as p, np.load(p) as z:
        coarse = {k: z[k] for k in z.files if k.startswith(("table_", "se_")) and k != "table_seconds"}
        return PartieValues(name, z["pairs"], z["steps"], z["offsets"], int(z["seed"]), int(z["deals"]),
                           float(z["seconds"]), coarse)
