"""Public API: a played deal reviewed, every decision of each player graded from his own seat (issue 37).

``analyse_review(deal, seats=(ELDER, DEALER), play=False, ...) -> Review``: ``deal`` is a checked record
(record/record_check.py). For each player, in order:

* **the exchange** (his dealt hand and discards known): his discard's rank among every legal discard by the
  exact declarations, as ``discard`` ranks them (analysis/discards.py; the dealer's given how many cards elder
  took and whether elder showed carte blanche), and its cost: #1's expected net less his, exactly what
  ``discard --why`` gives as the difference (analysis/why.py's ``exact_why``). With ``play``: also judged on
  the whole deal (analysis/deal.py, his discard put in the final round), its cost to #1 with its paired
  standard error and its sources (``sampled_why``), as ``discard --play --why``;
* **the announcements**: what he said (the other's heard text: the record's, or the announcing model's), what
  his declarations scored as announced (seat/announced.py: what is sunk scores nothing), what he sank and what
  his sinking alone changed in his points and the other's, and how many hands the other may hold after them
  (seat/seat.py's count, as ``play --seat --heard`` counts them) against every hand of the other's unseen cards;
* **every card**: from his seat, every legal card valued over the hands the other may hold, exactly as
  ``play --seat`` values them (analysis/seen.py's ``opponent_hands`` and ``analyse_seen``, given his final hand,
  his discards, what he heard, how many the other took, the talon cards he saw and the tricks so far); the
  card played, the best card and the cost (the best card's expected net less the played card's); beside it
  the double-dummy cost, both hands seen: every legal card solved by engine/play.py's solver (a lead valued at
  the follower's best reply), the best card's value less the played card's. A card with no alternative costs
  nothing and is not valued.

Costs are points of the deal's net (his final total minus the other's), never negative. The deal's totals as
played (``Review.totals``) score the declarations as announced; the cards are valued (his seat, double dummy)
from the declarations in full when nothing was sunk (as ``play --seat`` scores each hand the other may hold),
and from the totals as announced, known to both, when something was (so pique is live as they leave it).
``Review.lost_by_stage`` adds them up by player and stage (history/stats.py's ``lost_by_stage``, the one sum
practice and ``--stats`` give too); ``costliest`` names the three costliest decisions in a player's words.

Without the discards (a record of the final hands and tricks only, as the books print a deal) a player's view
counts his own discards among the cards he cannot see (seat/seat.py with no discards): his view is then wider
than it was at the table, and the report says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb

from ..cards import HAND_SIZE, Card, format_cards
from ..game.declarations import RANK_NAMES, SUIT_NAMES
from ..game.play import DEALER, ELDER, SEAT_NAMES, PlayState, legal_cards, play_trick, start
from ..record.record_check import CheckedRecord, model_heard
from .defaults import DEFAULT_SAMPLES, DEFAULT_SEED
from .judge import PlayJudged
from .pace import Pace
from .play import before_play

ProgressByStage = Callable[[str, int, int], None]  # (the stage in words, decisions done, decisions in all)


@dataclass(frozen=True)
class ExchangeGrade:
    seat: int
    discard: tuple[Card, ...]
    rank: int  # among every legal discard, by the exact declarations (1: the best)
    of: int
    cost: float  # #1's expected net less his (0 when his is #1)
    best: tuple[Card, ...]
    net: float  # his discard's expected net
    best_net: float
    words: tuple[str, ...]  # discard --why's sentences, his discard against #1 (none when his is #1)
    elder_took: int | None  # the dealer's: what elder took
    play: PlayJudged | None = None
    model: str = "declarations"  # the judge of rank, cost, best, net and words: "whole" (then ``play``'s figures)

    @property
    def se(self) -> float | None:
        """The cost's standard error (the whole deal's; None when exact)."""
        return self.play.se if self.model == "whole" and self.play is not None else None

    @property
    def mistake(self) -> bool:
        """Whether the cost stands out of the noise (analysis/judge.py's mistake rule)."""
        from .judge import is_mistake

        return is_mistake(self.cost, self.se)


@dataclass(frozen=True)
class AnnouncementGrade:
    seat: int
    said: str  # what the other heard from him, in the --heard notation
    given: bool  # the record gave it (else the announcing model's)
    model: str  # the model's words (the same when he announced in full)
    declared: int  # his declarations' points (with carte blanche and repique) as announced (seat/announced.py)
    other_hands_before: int  # every hand of the other's unseen cards
    other_hands_after: int  # those the announcements leave him
    other_hands_model: int | None  # with the model's words instead, when his differ
    declared_in_full: int | None = None  # both announcing in full (the hands' score); None: the same as declared
    sunk: tuple[str, ...] = ()  # what he sank, class by class, in words
    sinking: tuple[int, int] = (0, 0)  # what his sinking alone changed: (his points, the other's points)

    @property
    def cost(self) -> float:
        """What his sinking alone gave up: the other's gain less his own, never negative (practice's grade)."""
        return max(0.0, float(self.sinking[1] - self.sinking[0]))


@dataclass(frozen=True)
class CardGrade:
    trick: int
    seat: int
    leads: bool
    played: Card
    legal: int
    forced: bool
    best: Card  # the best card from his seat (the played one when forced)
    cost: float
    played_value: float | None  # expected net from his seat (None: forced, not valued)
    best_value: float | None
    cards_chance: tuple[float | None, float | None]  # (played, best): his chance to win the cards
    hands: int  # the other's hands the card is valued over
    dd_best: tuple[Card, ...]  # every card as good double dummy
    dd_cost: int
    dd_value: int  # his net, double dummy, after the card played
    values: tuple[tuple[Card, float, int], ...] = ()  # every legal card: (card, seat value, double-dummy value)


@dataclass(frozen=True)
class Review:
    deal: CheckedRecord
    seats: tuple[int, ...]
    exchange: tuple[ExchangeGrade, ...]
    announcements: tuple[AnnouncementGrade, ...]
    cards: tuple[CardGrade, ...]
    notes: tuple[str, ...]  # what could not be graded, and why
    seconds: float
    totals: tuple[int, int] | None = None  # the deal's totals as played, when all twelve tricks are recorded
    views: dict[int, str] = field(default_factory=dict)  # each seat's view of the other's hands, in words

    @property
    def lost_by_stage(self) -> dict[int, dict[str, float | None]]:
        """Points lost by each player, by stage (history/stats.py's ``lost_by_stage``, as practice and --stats
        sum them): the exchange (by its judge; None: not graded), the announcements (what his sinking gave up),
        the cards from his seat; beside them the cards double dummy (``card_dd``) and, with --play and the exact
        judge, the exchange on the whole deal (``exchange_deal``)."""
        from ..history.stats import lost_by_stage

        out: dict[int, dict[str, float | None]] = {}
        for s in self.seats:
            ex = [e for e in self.exchange if e.seat == s]
            costs = [("exchange", e.cost) for e in ex] + [("announce", a.cost) for a in self.announcements
                                                           if a.seat == s]
            row = lost_by_stage(costs + [("card", c.cost) for c in self.cards if c.seat == s],
                                ungraded=() if ex else ("exchange",))
            row["card_dd"] = float(sum(c.dd_cost for c in self.cards if c.seat == s))
            if any(e.play is not None and e.model != "whole" for e in ex):
                row["exchange_deal"] = sum(e.play.cost for e in ex if e.play is not None)
            out[s] = row
        return out

    def costliest(self, n: int = 3) -> list[tuple[int, str]]:
        """The ``n`` costliest decisions (seat, words), the costliest first; none that cost nothing."""
        items: list[tuple[float, int, str]] = []
        from .judge import is_mistake

        for e in self.exchange:
            if e.cost > 0 and is_mistake(e.cost, e.se):  # the mistake rule: out of the noise
                items.append((e.cost, e.seat, exchange_words(e)))
        for c in self.cards:
            if c.cost > 0 or c.dd_cost > 0:
                items.append((max(c.cost, 0.0), c.seat, card_words(c)))
        items.sort(key=lambda x: -x[0])
        return [(s, w) for _, s, w in items[:n]]


# --- words ----------------------------------------------------------------------------------------------------


def card_name(c: Card) -> str:
    """``the king of clubs``."""
    return f"the {RANK_NAMES[c.rank]} of {SUIT_NAMES[c.suit]}"


def card_words(c: CardGrade) -> str:
    """``trick 7: playing the king of clubs cost 4.20 points; the ace of clubs was best (...)``."""
    verb = "leading" if c.leads else "playing"
    text = f"trick {c.trick}: {verb} {card_name(c.played)} cost {c.cost:.2f} points"
    if c.best != c.played:
        text += f"; {card_name(c.best)} was best"
        mine, best = c.cards_chance
        if mine is not None and best is not None and round(100 * mine) != round(100 * best):
            text += f" (the cards won in {100 * best:.0f}% of his hands instead of {100 * mine:.0f}%)"
    if c.dd_cost:
        text += f"; double dummy it cost {c.dd_cost}"
    return text


def exchange_words(e: ExchangeGrade) -> str:
    se = f" ± {e.se:.2f}" if e.se is not None else ""
    among = " in the whole deal's final round" if e.model == "whole" else ""
    text = (f"the exchange: discarding {format_cards(e.discard) or 'nothing'} cost {e.cost:.2f}{se} points "
            f"(#{e.rank} of {e.of:,}{among}); #1 was {format_cards(e.best) or 'nothing'}")
    return text + (f": {e.words[0][0].lower()}{e.words[0][1:].rstrip('.')}" if e.words else "")


# --- the exchange ----------------------------------------------------------------------------------------------


def grade_exchange(deal: CheckedRecord, seat: int, play: bool = False, samples: int = DEFAULT_SAMPLES,
                   seed: int = DEFAULT_SEED, threads: int | None = None,
                   progress: Callable[[int, int], None] | None = None, analysis=None,
                   model: str = "declarations") -> ExchangeGrade:
    """One player's discard among every legal discard (module docstring); the dealt hand and the discards must
    be known (and for the dealer, how many elder took). ``progress(deals done, deals in all)``: the exact
    analysis's. ``analysis``: ``analyse_discards``'s for this hand and seat, when the caller has it already
    (practice computes it while the player thinks). ``model="whole"``: graded on the whole deal alone
    (``whole_exchange_grade``: as ``discard --play --why``)."""
    from ..wording import words

    if model == "whole":
        hand, mine = deal.dealt[seat], deal.discards[seat]
        assert hand is not None and mine is not None
        took = deal.took[ELDER] if seat == DEALER else None
        from .deal import analyse_deal

        d = analyse_deal(hand, "elder" if seat == ELDER else "younger", deal.rules,
                         elder_took=took if took is not None else 5, elder_blanche=deal.blanche[ELDER],
                         samples=samples, seed=seed, threads=threads, keep_deals=[tuple(mine)])
        return whole_exchange_grade(deal, seat, d)
    from .discards import analyse_discards
    from .why import exact_why

    rules = deal.rules
    hand, mine = deal.dealt[seat], deal.discards[seat]
    assert hand is not None and mine is not None
    took = deal.took[ELDER] if seat == DEALER else None
    position = "elder" if seat == ELDER else "younger"
    a = analysis or analyse_discards(hand, position, rules, elder_took=took if took is not None else 5,
                                     elder_blanche=deal.blanche[ELDER], progress=progress)
    want = frozenset(mine)
    i = next(k for k, r in enumerate(a.discards) if frozenset(r.discard) == want)
    me, first = a.discards[i], a.discards[0]
    said: tuple[str, ...] = ()
    if i > 0:
        said = tuple(words(exact_why(a, mine)))
    judged = None
    if play:
        judged = _judged(deal, seat, hand, mine, position, took, samples, seed, threads)
    return ExchangeGrade(seat, tuple(mine), i + 1, len(a.discards), float(first.net - me.net), first.discard,
                         float(me.net), float(first.net), said, took, judged)


def whole_exchange_grade(deal: CheckedRecord, seat: int, d) -> ExchangeGrade:
    """His exchange graded on the whole deal (``model`` "whole") from ``d``, the whole deal's analysis of his
    hand with his discard in the final round and its report deals kept (analysis/deal.py's ``analyse_deal``
    with ``keep_deals``, or analysis/judge.py's ``WholeRanking.with_answer``): rank, cost, #1 and words are
    ``discard --play --why``'s (analysis/judge.py's ``judged``)."""
    from .judge import judged

    mine = deal.discards[seat]
    assert mine is not None
    j = judged(d, mine)
    want = frozenset(mine)
    me = next(r for r in d.discards if frozenset(r.discard) == want)
    return ExchangeGrade(seat, tuple(mine), j.rank, j.of, j.cost, tuple(j.best), me.net.mean, d.discards[0].net.mean,
                         j.words, deal.took[ELDER] if seat == DEALER else None, j, "whole")


def _judged(deal: CheckedRecord, seat: int, hand: Sequence[Card], mine: Sequence[Card], position: str, took: int | None,
            samples: int, seed: int, threads: int | None) -> PlayJudged:
    from .deal import analyse_deal
    from .judge import judged

    d = analyse_deal(hand, position, deal.rules, elder_took=took if took is not None else 5,  # type: ignore[arg-type]
                     elder_blanche=deal.blanche[ELDER], samples=samples, seed=seed, threads=threads,
                     keep_deals=[tuple(mine)])  # as discard --play --why: his discard in the final round, top 10
    return judged(d, mine)


# --- each seat's view: the hands the other may hold --------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    """What ``play --seat`` is given for one player, and the hands it leaves the other."""

    seat: int
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    heard: str
    other_took: int | None
    seen: tuple[Card, ...]
    shown_blanche: bool
    masks: object  # np.ndarray of the other's hands
    blanche: tuple[bool, bool]
    source: str

    def play_seat_args(self, tricks: str, rules: str) -> list[str]:
        """The same position as ``play --seat`` arguments (the tests run both)."""
        args = ["play", "--seat", SEAT_NAMES[self.seat], format_cards(self.hand), "--heard", self.heard, "--rules",
                rules]
        if self.discards:
            args += ["--discards", format_cards(self.discards)]
        if self.other_took is not None:
            args += ["--other-took", str(self.other_took)]
        if self.seen:
            args += ["--seen", format_cards(self.seen)]
        if self.shown_blanche:
            args.append("--carte-blanche")
        return args + (["--tricks", tricks] if tricks else [])


def seat_view(deal: CheckedRecord, seat: int, heard: str | None = None) -> SeatView:
    """The player's view at the first lead: ``play --seat``'s opponent list from his hand, discards, what he
    heard (``heard``; default the record's or the model's), how many the other took and the talon cards he saw.
    Without his discards, seat/seat.py is asked directly with none (module docstring)."""
    from .seen import opponent_hands

    assert deal.final is not None
    hand, rules = deal.final[seat], deal.rules
    own_said = None  # his own words as the record gives them (he may have sunk), both texts given
    if heard is None and deal.heard_given(seat) and deal.heard_given(1 - seat):
        own_said = deal.own_said(seat)
    heard = deal.heard(seat) if heard is None else heard
    took = deal.took[1 - seat]
    shown = deal.blanche[seat] and any(c.rank in rules.blanche_ranks for c in hand)
    discards = deal.discards[seat]
    if discards is not None:
        h = opponent_hands(hand, discards, seat, heard, rules, other_took=took, seen=deal.seen[seat],
                           shown_blanche=shown, own_said=own_said)
        return SeatView(seat, hand, tuple(discards), heard, took, deal.seen[seat], shown, h.masks, h.blanche,
                        h.source)
    from ..seat.hands import hand_masks
    from ..seat.knowledge import knowledge_from_heard

    k = knowledge_from_heard(SEAT_NAMES[seat], hand, (), heard, rules, seen=deal.seen[seat], opponent_exchanged=took,
                             own_said=own_said)
    theirs = k.opponent_dealt is not None
    blanche = (False, theirs) if seat == ELDER else (theirs, False)
    return SeatView(seat, hand, (), heard, took, deal.seen[seat], False, hand_masks(k), blanche,
                    "every hand the announcements leave of the 20 cards not in his hand (his discards not known)")


def _view_or_why(deal: CheckedRecord, seat: int) -> SeatView:
    """``seat_view``; what the player heard fitting no hand is one line naming the record's field."""
    from ..cards import CardError
    from ..record.record import RecordError

    try:
        return seat_view(deal, seat)
    except CardError as e:
        where = f"heard.{SEAT_NAMES[seat]}" if deal.heard_given(seat) else f"the {SEAT_NAMES[seat]}'s view"
        raise RecordError(f"{where}: {str(e).removeprefix('--heard: ')}") from None


def unseen_count(view: SeatView) -> int:
    """The cards the player cannot see: the pack less his hand, discards and (the dealer) the talon cards seen."""
    return 32 - HAND_SIZE - len(view.discards) - (len(view.seen) if view.seat == DEALER else 0)


def grade_announcements(deal: CheckedRecord, seat: int, views: dict[int, SeatView]) -> AnnouncementGrade:
    """What ``seat`` said and what it changed (module docstring): the other's view with his words, and with the
    model's when the record gives others; his declarations as announced, in full, and what he sank."""
    from ..seat.dialogue import dialogue

    assert deal.final is not None
    other = 1 - seat
    said = deal.heard(other)
    model = model_heard(deal, other)
    d = dialogue(deal.final[0], deal.final[1], deal.rules, blanche=deal.blanche)
    view = views.get(other) or seat_view(deal, other)
    with_model = None
    if said != model:
        with_model = len(seat_view(deal, other, model).masks)  # type: ignore[arg-type]
    declared, in_full, sunk_words, sinking = _as_announced(deal, seat)
    return AnnouncementGrade(seat, said, deal.heard_given(other), model, declared,
                             comb(unseen_count(view), HAND_SIZE), len(view.masks), with_model,  # type: ignore
                             None if declared == d.totals[seat] and not sunk_words else d.totals[seat],
                             sunk_words, sinking)


def _declared(s) -> tuple[int, int]:
    """Both players' declarations (with carte blanche and repique, not pique) of a ``DealScore``."""
    return before_play(s)[:2]


def _as_announced(deal: CheckedRecord, seat: int) -> tuple[int, int, tuple[str, ...], tuple[int, int]]:
    """(his declarations as announced, in full, what he sank in words, what his sinking alone changed: his
    points and the other's): seat/announced.py's score against score_deal's."""
    from ..game.declarations import Declaration, score_deal
    from ..seat.announced import announced, sunk

    assert deal.final is not None
    final, rules = deal.final, deal.rules
    said = announced(final, rules, deal.given_heard)
    full = _declared(score_deal(*final, rules, *deal.blanche))
    now = _declared(score_deal(*final, rules, *deal.blanche, decls=said))
    alone = [Declaration.of(final[0], rules), Declaration.of(final[1], rules)]
    alone[seat] = said[seat]  # his words, the other's in full
    his = _declared(score_deal(*final, rules, *deal.blanche, decls=(alone[0], alone[1])))
    won = frozenset(name for name, *pts in score_deal(*final, rules, *deal.blanche, decls=said).classes
                    if pts[seat] > 0)
    return (now[seat], full[seat], sunk(final[seat], said[seat], rules, won),
            (his[seat] - full[seat], his[1 - seat] - full[1 - seat]))


# --- the cards --------------------------------------------------------------------------------------------------


def dd_values(solver, state: PlayState, led: Card | None, rules) -> dict[Card, int]:
    """Every legal card of the player to move, double dummy: elder's final total minus the dealer's after it,
    both then perfect (a lead at the follower's best reply). ``solver``: engine.play's."""
    if led is None:
        leader = state.leader
        pick = min if leader == ELDER else max  # the follower's best reply
        return {c: pick(solver.value(play_trick(state, c, r, rules)) for r in legal_cards(state.hands[1 - leader], c))
                for c in legal_cards(state.hands[leader], None)}
    return {c: solver.value(play_trick(state, led, c, rules)) for c in legal_cards(state.hands[1 - state.leader], led)}


def grade_card(deal: CheckedRecord, view: SeatView | None, state: PlayState, n: int, led: Card | None, card: Card,
               solver, threads: int = 0, before: tuple[int, int, bool] | None = None) -> CardGrade:
    """One card: from the player's seat (``view``) and double dummy (``state``: the real position). ``before``:
    the totals at the first lead as announced, known to both (where something was sunk); None: each hand the
    other may hold scored in full, as ``play --seat`` scores it."""
    from .seen import analyse_seen

    seat = state.leader if led is None else 1 - state.leader
    rules = deal.rules
    legal = legal_cards(state.hands[seat], led)
    sign = 1 if seat == ELDER else -1
    dd = {c: sign * v for c, v in dd_values(solver, state, led, rules).items()}
    top = max(dd.values())
    if len(legal) == 1:
        return CardGrade(n, seat, led is None, card, 1, True, card, 0.0, None, None, (None, None), 0, (card,), 0,
                         dd[card])
    assert view is not None
    a = analyse_seen(view.hand, seat, rules, view.masks, deal.tricks[:n - 1], led, before, threads=threads,
                     blanche=view.blanche)
    by = {c.card: c for c in a.choices}
    best, mine = a.choices[0], by[card]
    values = tuple((c.card, c.expected, dd[c.card]) for c in a.choices)
    return CardGrade(n, seat, led is None, card, len(legal), False, best.card, max(0.0, best.expected - mine.expected),
                     mine.expected, best.expected, (mine.cards_chance, best.cards_chance), a.hands,
                     tuple(c for c in legal if dd[c] == top), top - dd[card], dd[card], values)


def _before(deal: CheckedRecord, as_announced: bool = False) -> tuple[int, int, bool]:
    """The totals at the first lead (and pique still live): the hands' declarations in full, or (``as_announced``)
    as the record's announcements score them (seat/announced.py)."""
    from ..game.declarations import score_deal
    from ..seat.announced import score_announced

    assert deal.final is not None
    if as_announced:
        return before_play(score_announced(deal.final, deal.rules, deal.given_heard, deal.blanche))
    return before_play(score_deal(deal.final[0], deal.final[1], deal.rules, *deal.blanche))


def analyse_review(deal: CheckedRecord, seats: Sequence[int] = (ELDER, DEALER), play: bool = False,
                   samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED, threads: int = 0,
                   progress: ProgressByStage | None = None, model: str = "declarations") -> Review:
    """Every decision of ``seats`` in ``deal`` graded (module docstring); the exchange by ``model`` ("whole":
    on the whole deal alone, as ``discard --play --why``; "declarations": exactly, and with ``play`` also on the
    whole deal)."""
    from ..engine.solvers import solver_for

    t0 = time.perf_counter()
    said = progress or (lambda where, done, total: None)
    seats = tuple(sorted(set(seats)))
    notes: list[str] = []
    tricks = deal.tricks
    n_cards = sum(1 for k in range(2 * len(tricks)) if _mover(deal, k) in seats)
    total = len(seats) + n_cards
    done = 0
    exchange = []
    for s in seats:
        name = SEAT_NAMES[s]
        if deal.dealt[s] is None or deal.discards[s] is None:
            notes.append(f"{name}'s exchange: not graded (his dealt hand or discards are not in the record)")
        elif s == DEALER and deal.took[ELDER] is None:
            notes.append("the dealer's exchange: not graded (how many cards elder took is not in the record)")
        else:
            stage = f"{name}'s exchange" + (" on the whole deal" if model == "whole" else
                                             " (then on the whole deal)" if play else "")
            said(stage, done, total)
            exchange.append(grade_exchange(deal, s, play, samples, seed, threads or None,
                                           _deals_progress(stage, done, total, said), model=model))
        done += 1
    announcements, cards, views = [], [], {}
    end_totals = None
    if deal.final is None:
        notes.append("the announcements and the play: not graded (the final hands are not known)")
    else:
        views = {s: _view_or_why(deal, s) for s in seats}
        for s in seats:
            announcements.append(grade_announcements(deal, s, views))
            if deal.discards[s] is None:
                notes.append(f"{SEAT_NAMES[s]}'s view counts his discards among the unseen cards (not in the "
                             "record)")
        sank = any(a.sunk or a.sinking != (0, 0) for a in announcements) or _before(deal, True) != _before(deal)
        if sank:
            notes.append("the deal's totals as played score the declarations as announced (what was sunk scores "
                         "nothing); each card is valued, from his seat and double dummy, from those totals (whether "
                         "pique is still live as they leave it)")
        solver = solver_for(deal.rules, kernel=True)  # the kernels' solver: double dummy on every card
        announced = _before(deal, True) if sank else None
        state = start(deal.final[0], deal.final[1], deal.rules, *(announced or _before(deal)))
        pace, valued = Pace(), 0  # the first card compiles the solver: the rate is taken from the cards after it
        for n, (lead, reply) in enumerate(tricks, 1):
            for led, card in ((None, lead), (lead, reply)):
                seat = state.leader if led is None else 1 - state.leader
                if seat in seats:
                    said(f"trick {n}, {SEAT_NAMES[seat]}'s card" + _about(pace.left(valued, n_cards)), done, total)
                    cards.append(grade_card(deal, views[seat], state, n, led, card, solver, threads, announced))
                    valued += 1
                    done += 1
            state = play_trick(state, lead, reply, deal.rules, n)
        if len(tricks) == HAND_SIZE:
            from ..game.play import finish

            end_totals = finish(state, deal.rules).totals
    said("done", total, total)
    return Review(deal, seats, tuple(exchange), tuple(announcements), tuple(cards), tuple(notes),
                  time.perf_counter() - t0, end_totals, {s: v.source for s, v in views.items()})


def _deals_progress(stage: str, done: int, total: int, said: ProgressByStage) -> Callable[[int, int], None]:
    """The exact analysis's progress (deals counted of all) in the review's words, with the time left at its
    rate since its first piece was done (analysis/pace.py: never the kernels' compiling)."""
    pace = Pace()

    def report(deals: int, of: int) -> None:
        said(f"{stage}: {100 * deals / of:.0f}% of {of:,} deals{_about(pace.left(deals, of))}", done, total)

    return report


def _about(left: float | None) -> str:
    """The time left in the review's words, nothing while it is not measured."""
    return "" if left is None else f", about {left:.0f}s left"


def _mover(deal: CheckedRecord, k: int) -> int:
    """Who plays the ``k``-th card of the record's tricks (0: elder's first lead)."""
    from ..game.play import follower_wins

    leader = ELDER
    for lead, reply in deal.tricks[:k // 2]:
        leader = 1 - leader if follower_wins(lead, reply) else leader
    return leader if k % 2 == 0 else 1 - leader


__all__ = ["AnnouncementGrade", "CardGrade", "ExchangeGrade", "PlayJudged", "Review", "SeatView", "analyse_review",
           "card_name", "dd_values", "grade_card", "grade_exchange", "seat_view"]
