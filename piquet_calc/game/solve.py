"""The play of one deal solved in plain Python: the same values and the same line as the kernel solver.

``PlainSolver(rules)`` answers ``value``, ``future``, ``at_least`` and ``line`` for a ``game.play.PlayState`` as
``engine.play.Solver`` (the numba kernels of kernels/play/) does, with nothing to compile: the engine uses
it for ``piquet-calc play`` while the kernels are not compiled yet (engine/solvers.py, ``solver_for``), and
tests/test_play_plain.py holds it equal to the kernel on random positions and whole deals.

How: alpha-beta over whole tricks (the leader's card, then the follower's) with a transposition table of each
position's lower and upper bound (the cards left are 32-bit masks, bit ``suit * 8 + rank``), keyed by relative
ranks (in each suit: how many live cards, how many below the scoring rank, which are elder's: positions alike
in every suit are worth the same), who leads, the tricks won, the points elder still needs for pique, and
elder's lead so far only where a deal bonus makes it matter. ``line`` and ``at_least`` ask zero-window
questions (is the value at least t?), far cheaper than values. Of a run of a player's cards of one suit with
no live card of the other side (or the card led) between them and on one side of the scoring rank, one is
tried (they are worth the same); leads and replies are tried in the kernel's order (kernels/play/moves.py:
sure winners first, the follower's lowest winning card, then his lowest), which both speeds the search and
makes ``line`` choose the kernel's line: the first lead after which every reply keeps the value, then the
first reply that keeps it. A trick is scored as ``game.play.play_trick`` scores it (the values are tested
equal to ``game.play.minimax``'s).
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import Card, mask_of
from ..rules import RuleSet
from .play import DEALER, ELDER, PlayState

INF = 1 << 30
_TOP = [-1] + [b.bit_length() - 1 for b in range(1, 256)]  # the highest rank in a suit's byte


def _bits(mask: int) -> list[int]:
    """The card indices in ``mask``, lowest first."""
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


def known(lo: int, hi: int, alpha: int, beta: int) -> int | None:
    """The stored bound that answers a search in the window (alpha, beta) at once, else None."""
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    return None


def stored(lo: int, hi: int, value: int, alpha: int, beta: int) -> tuple[int, int]:
    """The bounds a position keeps once searched in the window (alpha, beta) to ``value`` (fail-soft): a
    lower one when it failed high, an upper one when it failed low, else both at the exact value."""
    if value <= alpha:
        return lo, min(hi, value)
    if value >= beta:
        return max(lo, value), hi
    return value, value


def reps(own: int, opp: int, scoring_rank: int) -> int:
    """One card (the highest) of each run of equivalent cards in ``own``: no card of ``opp`` between them in
    their suit, and all on one side of the scoring rank (kernels/play/moves.py's ``_reps``)."""
    live = own | opp
    out = 0
    for i in _bits(own):
        b = 1 << i
        base = i & ~7
        above = live & (255 << base) & ~((b << 1) - 1)
        nxt = above & -above
        if nxt == 0 or nxt & opp or ((i & 7) < scoring_rank and nxt >= 1 << (base + scoring_rank)):
            out |= b
    return out


@lru_cache(maxsize=1 << 16)
def leads(h: int, o: int, sr: int) -> tuple[int, ...]:
    """The leader's cards to try (``h`` his hand, ``o`` the follower's), in the kernel's order."""
    keyed = []
    for c in _bits(reps(h, o, sr)):
        os_ = (o >> (c & ~7)) & 255
        r = c & 7
        bonus = 20 if r >= sr else 0
        if os_ == 0:
            prio = 300 - r + bonus
        elif r > _TOP[os_]:
            prio = 200 + r + 8 * ((h >> (c & ~7)) & 255).bit_count() + bonus - 8 * os_.bit_count()
        else:
            prio = 100 - r + bonus - 8 * os_.bit_count()
        keyed.append(prio << 8 | c)
    return tuple(k & 255 for k in sorted(keyed, reverse=True))


@lru_cache(maxsize=1 << 16)
def replies(f: int, h_left: int, lead: int, sr: int) -> tuple[int, ...]:
    """The follower's cards to try against ``lead`` (``h_left``: the leader's other cards), in the kernel's order."""
    suit = 255 << (lead & ~7)
    fs = f & suit
    keyed = []
    if fs:
        for c in _bits(reps(fs, (h_left | 1 << lead) & suit, sr)):
            prio = 200 - c + (20 if (c & 7) >= sr else 0) if c > lead else 100 - c
            keyed.append(prio << 8 | c)
    else:
        for c in _bits(reps(f, h_left, sr)):
            os_ = (h_left >> (c & ~7)) & 255
            winner = os_ == 0 or (c & 7) > _TOP[os_]
            keyed.append((100 - (c & 7) - (50 if winner else 0)) << 8 | c)
    return tuple(k & 255 for k in sorted(keyed, reverse=True))


@lru_cache(maxsize=1 << 16)
def _suit_key(live: int, mine: int, sr: int) -> int:
    """A suit's part of the transposition key: its live cards' number, how many lie below the scoring rank, and
    which of them (lowest first) are elder's: positions alike in every suit are worth the same."""
    packed = sum(1 << k for k, r in enumerate(r for r in range(8) if live >> r & 1) if mine >> r & 1)
    return live.bit_count() << 12 | (live & ((1 << sr) - 1)).bit_count() << 8 | packed


class PlainSolver:
    """One transposition table for solving many positions under one set of rules (``engine.play.Solver``'s
    interface: ``value``, ``future``, ``line``)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        p = rules.play
        self.sr = int(p.scoring_rank)
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}

    # --- the rules on masks (game/play.py's play_trick and finish, tested equal) -------------------------

    def _elder_scores(self, points: int, need: int) -> tuple[int, int]:
        if points > 0 and need > 0:
            if points >= need:
                return points + self.rules.pique_bonus, 0
            return points, need - points
        return points, need

    def trick(self, lead: int, reply: int, leader: int, et: int, dt: int, need: int, last: bool,
              seventh_at: int) -> tuple[int, int, int, int]:
        """One trick's points: (elder's, dealer's, the winner, elder's pique need after it)."""
        p = self.rules.play
        e = d = 0
        if (lead & 7) >= self.sr:
            pts = p.last_lead if last else p.lead
            if leader == ELDER:
                e, need = self._elder_scores(pts, need)
            elif pts > 0:
                d, need = pts, 0
        follower_wins = (reply >> 3) == (lead >> 3) and reply > lead
        winner = 1 - leader if follower_wins else leader
        wp = 0
        if ((reply if follower_wins else lead) & 7) >= self.sr:
            wp += p.win_opponent_lead if follower_wins else p.win_own_lead
        if last:
            wp += p.last_trick
        if (et if winner == ELDER else dt) + 1 == seventh_at:
            wp += p.seventh_trick
        if winner == ELDER:
            x, need = self._elder_scores(wp, need)
            e += x
        elif wp > 0:
            d, need = d + wp, 0
        return e, d, winner, need

    def end(self, et: int, dt: int, diff: int) -> int:
        """After the last trick: elder's cards or capot and deal bonus minus the dealer's."""
        p = self.rules.play
        pts = [0, 0]
        for seat, won, lost in ((ELDER, et, dt), (DEALER, dt, et)):
            if won and not lost and p.capot:
                pts[seat] = p.capot - (p.last_trick if p.capot_replaces_last_trick else 0)
                if not p.capot_replaces_cards:
                    pts[seat] += p.cards
            elif 2 * won > won + lost:
                pts[seat] = p.cards
        if p.deal_bonus:
            final = diff + pts[ELDER] - pts[DEALER]
            if final:
                pts[ELDER if final > 0 else DEALER] += p.deal_bonus
        return pts[ELDER] - pts[DEALER]

    # --- the search ----------------------------------------------------------------------------------------

    def _search(self, em: int, dm: int, leader: int, et: int, dt: int, diff: int, need: int, alpha: int,
                beta: int) -> int:
        """The future value (what the rest adds to elder's total minus the dealer's), exact when it lies
        strictly inside (alpha, beta), else a bound on the side it failed (fail-soft)."""
        if not em:
            return self.end(et, dt, diff)
        live, sr = em | dm, self.sr
        hands = (_suit_key(live & 255, em & 255, sr) | _suit_key(live >> 8 & 255, em >> 8 & 255, sr) << 16
                 | _suit_key(live >> 16 & 255, em >> 16 & 255, sr) << 32 | _suit_key(live >> 24, em >> 24, sr) << 48)
        key = (hands, leader, et, dt, need, diff if self.rules.play.deal_bonus else 0)
        lo, hi = self.memo.get(key, (-INF, INF))
        if (v := known(lo, hi, alpha, beta)) is not None:
            return v
        a, b = max(alpha, lo), min(beta, hi)
        n = em.bit_count()
        last, seventh_at = n == 1, (et + dt + n) // 2 + 1
        h, o = (em, dm) if leader == ELDER else (dm, em)
        sign = 1 if leader == ELDER else -1  # the leader maximises sign * value
        la, lb = (a, b) if sign > 0 else (-b, -a)  # the window from the leader's side
        best = -INF
        for lead in leads(h, o, self.sr):
            h_left = h & ~(1 << lead)
            worst = INF  # the follower's best, from the leader's side
            for reply in replies(o, h_left, lead, self.sr):
                e, d, w, need2 = self.trick(lead, reply, leader, et, dt, need, last, seventh_at)
                f_left = o & ~(1 << reply)
                cem, cdm = (h_left, f_left) if leader == ELDER else (f_left, h_left)
                imm = e - d
                low, high = max(la, best), min(lb, worst)
                lo_w, hi_w = (low - imm, high - imm) if sign > 0 else (-high - imm, -low - imm)
                v = imm + self._search(cem, cdm, w, et + (w == ELDER), dt + (w == DEALER), diff + imm, need2,
                                       lo_w, hi_w)
                worst = min(worst, sign * v)
                if worst <= low:
                    break
            best = max(best, worst)
            if best >= lb:
                break
        result = sign * best
        self.memo[key] = stored(lo, hi, result, a, b)
        return result

    def _exact(self, *args: int) -> int:
        return self._search(*args, -INF, INF)

    @staticmethod
    def _args(s: PlayState, rules: RuleSet) -> tuple[int, ...]:
        need = rules.pique_threshold - s.totals[ELDER] if s.pique_live else 0
        return (mask_of(s.hands[ELDER]), mask_of(s.hands[DEALER]), s.leader, s.tricks[ELDER], s.tricks[DEALER],
                s.totals[ELDER] - s.totals[DEALER], max(need, 0))

    def future(self, s: PlayState) -> int:
        """What the rest of the play adds to elder's total minus the dealer's, both perfect."""
        return self._exact(*self._args(s, self.rules))

    def value(self, s: PlayState) -> int:
        """Elder's final total minus the dealer's from ``s``, both perfect."""
        return s.totals[ELDER] - s.totals[DEALER] + self.future(s)

    def at_least(self, s: PlayState, target: int) -> bool:
        """Is elder's final total minus the dealer's from ``s``, both perfect, at least ``target``? (A
        zero-window search: much cheaper than the value.)"""
        want = target - (s.totals[ELDER] - s.totals[DEALER])
        return self._search(*self._args(s, self.rules), want - 1, want) >= want

    def _child(self, pos: tuple[int, ...], lead: int, reply: int) -> tuple[int, tuple[int, ...]]:
        """The trick ``lead``, ``reply`` from ``pos``: (elder's points minus the dealer's, the position after)."""
        em, dm, leader, et, dt, diff, need = pos
        n = em.bit_count()
        e, d, w, need2 = self.trick(lead, reply, leader, et, dt, need, n == 1, (et + dt + n) // 2 + 1)
        h, o = (em, dm) if leader == ELDER else (dm, em)
        h_left, f_left = h & ~(1 << lead), o & ~(1 << reply)
        cem, cdm = (h_left, f_left) if leader == ELDER else (f_left, h_left)
        return e - d, (cem, cdm, w, et + (w == ELDER), dt + (w == DEALER), diff + e - d, need2)

    def _keeps(self, pos: tuple[int, ...], lead: int, reply: int, v: int, for_elder: bool) -> bool:
        """After the trick, is the future from ``pos`` at least ``v`` (``for_elder``) or at most ``v``?"""
        imm, child = self._child(pos, lead, reply)
        want = v - imm if for_elder else v - imm + 1
        at_least = self._search(*child, want - 1, want) >= want
        return at_least if for_elder else not at_least

    def line(self, s: PlayState) -> list[tuple[Card, Card]]:
        """The kernel's optimal line from ``s`` (kernels/play/line.py's ``solve_line``): at each trick the
        first lead, in the kernel's order, after which every reply keeps the value, then the first reply
        that keeps it. (leader's card, follower's card) per trick."""
        pos = self._args(s, self.rules)
        v = self._exact(*pos)
        out = []
        while pos[0]:
            leader = pos[2]
            h, o = (pos[0], pos[1]) if leader == ELDER else (pos[1], pos[0])
            chosen = next(lead for lead in leads(h, o, self.sr)
                          if all(self._keeps(pos, lead, r, v, leader == ELDER)
                                 for r in replies(o, h & ~(1 << lead), lead, self.sr)))
            reply = next(r for r in replies(o, h & ~(1 << chosen), chosen, self.sr)
                         if self._keeps(pos, chosen, r, v, leader == DEALER))
            out.append((Card.from_index(chosen), Card.from_index(reply)))
            imm, pos = self._child(pos, chosen, reply)
            v -= imm
        return out
