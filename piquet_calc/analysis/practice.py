"""Public API: one decision of practice (issue 45): a position, the engine's answer to it and the grade of the
player's, every figure from the functions ``review`` grades with (analysis/review.py), so that a deal played in
practice and its saved record reviewed give the same costs.

A ``Question`` (the position one decision is asked at) is the deal record so far (record/record.py: the dealt
hands and the talon, the discards made, what was heard, the complete tricks), the stage (``exchange``,
``announce``, ``card``), the seat to decide and, for a card, the card led to him. It is JSON-able
(``position_data``), so the history keeps it and ``--mistakes`` serves it again whole.

* the exchange: every legal discard ranked by a judge (``JUDGING``, set by the CLI's --model and --engine; issue
  48): the whole deal by default (analysis/judge.py's ``WholeRanking``, as ``discard --play`` ranks them; begun on a
  background thread when the question is asked, and as dealer the engine's own while elder thinks), or the exact
  declarations (analysis/discards.py, as ``discard``; the dealer's given how many elder took). The engine takes
  #1; the player's is graded by review's functions: the whole deal's ``whole_exchange_grade`` (exactly ``discard
  --play --why ANSWER --seed S --samples N``'s difference to #1 and its standard error, the sources in words) or
  ``grade_exchange`` (the cost: #1's expected net less his, with ``--why``'s sentences);
* the announcements: the engine announces by the announcing model (seat/dialogue.py, as ``declare
  --dialogue``); the player announces in full (no answer) or less, in the ``--heard`` notation (what the other
  hears), graded by review's ``grade_announcements`` (the cost: what his sinking alone gave up in points);
* a card: valued from the seat as ``play --seat`` values it (analysis/seen.py, with what the seat heard); the
  engine plays the best; the player's is graded by review's ``grade_card`` (from his seat and double dummy).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ..cards import Card, CardError, format_cards, parse_cards
from ..game.play import DEALER, ELDER, SEAT_NAMES, PlayState, legal_cards, play_trick, start
from ..record.record import DealRecord, RecordError, record_data, record_from_data
from ..record.record_check import CheckedRecord, check_record, model_heard
from .defaults import DEFAULT_SAMPLES, DEFAULT_SEED

STAGES = ("exchange", "announce", "card")
PlayerAnswer = Any  # a discard (tuple of cards), a heard text or None (in full), or a card


class AnswerError(CardError):
    """An answer that does not fit the question: one line saying what is wrong."""


@dataclass(frozen=True)
class Question:
    """One decision: the record so far, the stage, the seat to decide, the card led to him (module docstring)."""

    record: DealRecord
    stage: str
    seat: int
    led: Card | None = None

    @cached_property
    def checked(self) -> CheckedRecord:
        return check_record(self.record)

    @property
    def rules(self):
        return self.checked.rules

    @property
    def trick(self) -> int:
        """The card's trick, from 1 (0 before the play)."""
        return len(self.record.tricks or ()) + 1 if self.stage == "card" else 0

    @property
    def elder_took(self) -> int | None:
        return self.checked.took[ELDER]

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards he holds: dealt (the exchange), final (the announcements), left (a card)."""
        d = self.checked
        if self.stage == "exchange":
            return tuple(d.dealt[self.seat] or ())
        if self.stage == "announce":
            return tuple(d.final[self.seat] or ())
        return play_context(d).state(d.tricks).hands[self.seat]

    @property
    def sizes(self) -> tuple[int, ...]:
        """The exchange: how many cards he may discard."""
        rules = self.rules
        return rules.elder_discards if self.seat == ELDER else rules.dealer_discards(self.elder_took or 0)

    @property
    def legal(self) -> tuple[Card, ...]:
        return tuple(legal_cards(self.hand, self.led)) if self.stage == "card" else ()

    def model(self) -> str:
        """The announcements: what the other hears from him by the announcing model (in full)."""
        return model_heard(self.checked, 1 - self.seat)


def position_data(p: Question) -> dict:
    """The position as JSON-able data (the history's ``position``)."""
    return {"record": record_data(p.record), "stage": p.stage, "seat": SEAT_NAMES[p.seat],
            "led": None if p.led is None else str(p.led)}


def position_from_data(data: object) -> Question:
    """A position from ``position_data``'s form; RecordError when it does not read."""
    if not isinstance(data, dict) or data.get("stage") not in STAGES or data.get("seat") not in SEAT_NAMES:
        raise RecordError("a practice position has a record, a stage and a seat")
    led = parse_cards(data["led"], 1)[0] if data.get("led") else None
    p = Question(record_from_data(data.get("record")), data["stage"], SEAT_NAMES.index(data["seat"]), led)
    p.checked  # noqa: B018  (checked here, once: a bad record is its own line)
    return p


# --- what the play needs: each seat's view, the totals at the first lead, the solver ----------------------------


@dataclass
class PlayContext:
    """One deal's play as review sets it up: each seat's view, the totals at the first lead as announced (where
    something was sunk; else None), the start and the double-dummy solver."""

    deal: CheckedRecord
    views: dict
    announced: tuple[int, int, bool] | None
    start: PlayState
    solver: Any

    def state(self, tricks) -> PlayState:
        """The position after the complete ``tricks``."""
        s = self.start
        for n, (lead, reply) in enumerate(tricks, 1):
            s = play_trick(s, lead, reply, self.deal.rules, n)
        return s


_contexts: dict[tuple, PlayContext] = {}
_solvers: dict[str, Any] = {}


def play_context(deal: CheckedRecord) -> PlayContext:
    """The play's set-up for ``deal`` (review's ``analyse_review``: the views, ``sank``, the start), kept for
    the deal's later cards."""
    from ..engine.solvers import solver_for
    from .review import _before, _view_or_why, grade_announcements

    r = deal.record
    key = (r.rules, r.dealt, r.talon, r.discards, r.final, r.heard, r.seen)
    if key in _contexts:
        return _contexts[key]
    views = {s: _view_or_why(deal, s) for s in (ELDER, DEALER)}
    said = [grade_announcements(deal, s, views) for s in (ELDER, DEALER)]
    sank = any(a.sunk or a.sinking != (0, 0) for a in said) or _before(deal, True) != _before(deal)
    announced = _before(deal, True) if sank else None
    assert deal.final is not None
    first = start(deal.final[0], deal.final[1], deal.rules, *(announced or _before(deal)))
    if deal.rules.name not in _solvers:
        _solvers.clear()
        _solvers[deal.rules.name] = solver_for(deal.rules, kernel=True)  # as review's
    if len(_contexts) > 8:
        _contexts.clear()
    _contexts[key] = PlayContext(deal, views, announced, first, _solvers[deal.rules.name])
    return _contexts[key]


# --- the exchange's ranking, begun while the player thinks -------------------------------------------------------


@dataclass(frozen=True)
class Judging:
    """Who judges the exchange (analysis/judge.py's MODELS): ``model`` grades the player's (the hint, the grade,
    drills, --mistakes), ``engine`` chooses the engine's; the whole deal's ``samples`` report deals per discard
    and ``seed`` (``discard --play --why ANSWER --seed S --samples N`` gives the same figures)."""

    model: str = "whole"
    engine: str = "whole"
    samples: int = DEFAULT_SAMPLES
    seed: int = DEFAULT_SEED


JUDGING = Judging()


def set_judging(model: str | None = None, engine: str | None = None, samples: int | None = None,
                seed: int | None = None) -> Judging:
    """Practice's judges set (the CLI's --model, --engine, --samples); the rankings made so far are dropped."""
    global JUDGING
    JUDGING = Judging(model or JUDGING.model, engine or JUDGING.engine, samples or JUDGING.samples,
                      JUDGING.seed if seed is None else seed)
    with _lock:
        _rankings.clear()
    return JUDGING


_rankings: dict[tuple, Future] = {}
_lock = threading.Lock()
RankingKey = tuple  # (rules, hand, seat, elder took, elder's carte blanche, model, samples, seed)


def _key(p: Question, model: str, took: int | None = None) -> RankingKey:
    d = p.checked
    if p.seat == DEALER:
        took = d.took[ELDER] if took is None else took
    return (p.rules.name, tuple(p.hand), p.seat, took if p.seat == DEALER else None, bool(d.blanche[ELDER]), model,
            JUDGING.samples if model == "whole" else None, JUDGING.seed if model == "whole" else None)


def _rank(key: RankingKey, report: bool):
    """The ranking of ``key``: the exact declarations' Analysis, or the whole deal's WholeRanking."""
    from ..rules import get_rules
    from .discards import analyse_discards
    from .judge import WholeRanking

    rules_name, hand, seat, took, blanche, model, samples, seed = key
    rules = get_rules(rules_name)
    position = "elder" if seat == ELDER else "younger"
    if model == "declarations":
        return analyse_discards(hand, position, rules, elder_took=took if took is not None else 5,
                                elder_blanche=blanche)
    return WholeRanking(hand, position, rules, took if took is not None else 5, blanche, samples, seed).run(report)


def _start(key: RankingKey, report: bool) -> Future:
    from ..engine.pool import background

    with _lock:
        f = _rankings.get(key)
        if f is None:
            if len(_rankings) > 16:
                for k in [k for k, v in _rankings.items() if v.done()][:8]:
                    del _rankings[k]
            f = _rankings[key] = background(_rank, key, report)
        return f


def _ranking(key: RankingKey, report: bool):
    f = _start(key, report)
    try:
        r = f.result()
    except BaseException:
        with _lock:
            _rankings.pop(key, None)
        raise
    return r.run(report) if report and key[5] == "whole" else r


def begin_exchange(p: Question, engine_deals: bool = False) -> None:
    """Start ranking the discards of ``p`` by the player's judge on a background thread (he thinks meanwhile);
    ``exchange_analysis`` and ``grade`` take the result. ``engine_deals``: the engine is the dealer (a deal, the
    player elder): its own ranking begins too, for elder taking every card he may (``begin_engine``)."""
    _start(_key(p, JUDGING.model), True)
    if engine_deals and p.seat == ELDER:
        begin_engine(p)


def begin_engine(p: Question) -> None:
    """The engine, dealer, starts ranking while elder (the player at ``p``) thinks. Its options depend only on
    how many cards elder takes: it begins for the most he may take, which elder takes in nearly every deal (the
    exchange policy and the books); another count is ranked when he answers (two more in parallel would slow
    his own grade on two cores)."""
    d = p.checked
    whole = JUDGING.engine == "whole"
    _start((p.rules.name, tuple(d.dealt[DEALER] or ()), DEALER, max(p.rules.elder_discards), bool(d.blanche[ELDER]),
            JUDGING.engine, JUDGING.samples if whole else None, JUDGING.seed if whole else None), False)


def exchange_analysis(p: Question, model: str | None = None):
    """Every legal discard of ``p`` ranked by ``model`` (default: the player's judge): the exact declarations'
    Analysis (analysis/discards.py, as ``discard``), or the whole deal's WholeRanking (analysis/judge.py, as
    ``discard --play``), its survivors' report deals done."""
    return _ranking(_key(p, model or JUDGING.model), True)


# --- answers ------------------------------------------------------------------------------------------------------


def parse_answer(p: Question, text: str) -> PlayerAnswer:
    """The player's answer to ``p`` from what he typed; AnswerError saying what is wrong."""
    text = text.strip()
    try:
        if p.stage == "exchange":
            cards = parse_cards(text, what="the discard") if text and text != "-" else ()
            out = [c for c in cards if c not in p.hand]
            if out:
                raise AnswerError(f"{out[0]} is not in your hand")
            if len(set(cards)) != len(cards):
                raise AnswerError("a card given twice")
            if len(cards) not in p.sizes:
                raise AnswerError(f"discard {_span(p.sizes)} cards, not {len(cards)}")
            return tuple(cards)
        if p.stage == "announce":
            if text.lower() in ("", "full", "in full"):
                return None
            _announce_record(p, text)  # reads and fits the hand, or one line
            return text
        cards = parse_cards(text, what="the card")
    except RecordError as e:
        raise AnswerError(str(e).split(": ", 1)[-1]) from None
    except AnswerError:
        raise
    except CardError as e:
        raise AnswerError(str(e)) from None
    if len(cards) != 1:
        raise AnswerError(f"one card, not {len(cards)}")
    if cards[0] not in p.hand:
        raise AnswerError(f"{cards[0]} is not in your hand")
    if cards[0] not in p.legal:
        raise AnswerError(f"{cards[0]} is not legal: you must follow suit to {p.led}")
    return cards[0]


def _span(sizes: tuple[int, ...]) -> str:
    return str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}" if list(sizes) == list(
        range(sizes[0], sizes[-1] + 1)) else ", ".join(map(str, sizes))


def answer_text(p: Question, answer: PlayerAnswer) -> str:
    """An answer as text: cards, a heard text, or ``in full``."""
    if p.stage == "exchange":
        return format_cards(answer)
    if p.stage == "announce":
        return "in full" if answer is None else answer
    return str(answer)


def with_answer(p: Question, answer: PlayerAnswer) -> DealRecord:
    """The record after the player's answer to an exchange or the announcements."""
    r = p.record
    if p.stage == "exchange":
        pair = list(r.discards or (None, None))
        pair[p.seat] = tuple(answer)
        return replace(r, discards=(pair[0], pair[1]))
    if p.stage == "announce" and answer is not None:
        return _announce_record(p, answer)
    return r


def _announce_record(p: Question, text: str) -> DealRecord:
    """The record with ``text`` as what the other heard from ``p``'s seat, checked (RecordError)."""
    pair = list(p.record.heard or (None, None))
    pair[1 - p.seat] = text
    r = replace(p.record, heard=(pair[0], pair[1]))
    check_record(r)
    return r


# --- grades ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grade:
    """The player's answer graded: the best, the cost in points of the deal's net (never negative), for a card
    the double-dummy cost; ``words``: for the exchange, ``--why``'s sentences; ``detail``: review's grade.
    ``model``: the judge (the exchange: ``whole`` or ``declarations``; the announcements and the cards:
    ``seat``, exact); a sampled grade's ``se`` (the cost's standard error), ``samples`` and ``seed``."""

    stage: str
    seat: int
    answer: str
    best: str
    cost: float
    dd_cost: int | None
    words: tuple[str, ...]
    detail: Any
    model: str = "declarations"
    se: float | None = None
    samples: int | None = None
    seed: int | None = None

    @property
    def mistake(self) -> bool:
        """Whether the cost stands out of the noise (analysis/judge.py's ``is_mistake``)."""
        from .judge import is_mistake

        return is_mistake(self.cost, self.se) or (self.stage == "card" and bool(self.dd_cost))


def grade(p: Question, answer: PlayerAnswer) -> Grade:
    """The player's ``answer`` to ``p`` graded by review's functions (module docstring); the exchange by the
    player's judge (``JUDGING.model``)."""
    from .review import grade_announcements, grade_card, grade_exchange, whole_exchange_grade

    if p.stage == "exchange":
        deal = check_record(with_answer(p, answer))
        if JUDGING.model == "whole":
            e = whole_exchange_grade(deal, p.seat, exchange_analysis(p).with_answer(answer))
            assert e.play is not None
            return Grade("exchange", p.seat, format_cards(answer), format_cards(e.best), e.cost, None, e.words, e,
                         "whole", e.play.se, e.play.samples, e.play.seed)
        e = grade_exchange(deal, p.seat, analysis=exchange_analysis(p))
        return Grade("exchange", p.seat, format_cards(answer), format_cards(e.best), e.cost, None, e.words, e)
    if p.stage == "announce":
        deal = check_record(with_answer(p, answer))
        a = grade_announcements(deal, p.seat, {})
        return Grade("announce", p.seat, answer_text(p, answer), "in full", a.cost, None, a.sunk, a, "seat")
    ctx = play_context(p.checked)
    c = grade_card(p.checked, ctx.views[p.seat], ctx.state(p.checked.tricks), p.trick, p.led, answer, ctx.solver,
                   0, ctx.announced)
    return Grade("card", p.seat, str(answer), str(c.best), c.cost, c.dd_cost, (), c, "seat")


def _seen(p: Question):
    from .seen import analyse_seen

    ctx = play_context(p.checked)
    view = ctx.views[p.seat]
    return analyse_seen(view.hand, p.seat, p.rules, view.masks, p.checked.tricks, p.led, ctx.announced,
                        blanche=view.blanche)


def engine_answer(p: Question) -> PlayerAnswer:
    """The engine's decision at ``p``: #1 of its judge's exchange (``JUDGING.engine``: the whole deal's order on
    the race's stream, or the exact declarations'), the model's announcements (None: in full), the best card
    from its seat."""
    if p.stage == "exchange":
        r = _ranking(_key(p, JUDGING.engine), False)
        return tuple(r.best if JUDGING.engine == "whole" else r.discards[0].discard)
    if p.stage == "announce":
        return None
    legal = p.legal
    return legal[0] if len(legal) == 1 else _seen(p).choices[0].card


def hint_judge(p: Question) -> dict[str, Any]:
    """The judge of ``hint(p)``: ``model`` (and a sampled one's ``seed`` and ``samples``), for the hint event."""
    if p.stage != "exchange":
        return {"model": "seat"}
    if JUDGING.model == "whole":
        return {"model": "whole", "seed": JUDGING.seed, "samples": JUDGING.samples}
    return {"model": "declarations"}


def hint(p: Question) -> tuple[str, str]:
    """The tool's best answer at ``p`` and its price in words (what the next best gives up)."""
    if p.stage == "exchange":
        if JUDGING.model == "whole":
            return _whole_hint(p)
        ranked = exchange_analysis(p).discards
        best = ranked[0]
        gap = f"; #2 ({format_cards(ranked[1].discard)}) is {float(best.net - ranked[1].net):.2f} worse" \
            if len(ranked) > 1 else ""
        return format_cards(best.discard), f"expected net {float(best.net):+.2f}{gap}"
    if p.stage == "announce":
        return "in full", f"announce: {p.model()}"
    legal = p.legal
    if len(legal) == 1:
        return str(legal[0]), "the only legal card"
    choices = _seen(p).choices
    gap = f"; {choices[1].card} is {choices[0].expected - choices[1].expected:.2f} worse" if len(choices) > 1 else ""
    return str(choices[0].card), f"expected net {choices[0].expected:+.2f}{gap}"


def _whole_hint(p: Question) -> tuple[str, str]:
    """The whole deal's #1 and its price: its net and #2's difference to it on the report deals, with the
    cards' and the tricks' share of that difference."""
    from .judge import judged

    ranking = exchange_analysis(p)
    a = ranking.analysis()
    best = a.discards[0]
    text = (f"expected net {best.net.mean:+.2f} ± {best.net.se:.2f} on the whole deal ({a.samples:,} deals, "
            f"seed {a.seed})")
    if len(a.discards) > 1:
        second = a.discards[1]
        j = judged(ranking.with_answer(second.discard), second.discard)
        play = {name: mean for name, mean, _ in j.sources if name in ("tricks", "cards") and abs(mean) >= 0.005}
        said = ", ".join(f"the {name} {mean:+.2f}" for name, mean in play.items())
        text += f"; #2 ({format_cards(second.discard)}) is {-j.difference:.2f} ± {j.se:.2f} worse" + (
            f" ({said})" if said else "")
    return format_cards(best.discard), text


__all__ = ["JUDGING", "STAGES", "AnswerError", "Grade", "Judging", "PlayContext", "Question", "answer_text",
           "begin_engine", "begin_exchange", "engine_answer", "exchange_analysis", "grade", "hint", "hint_judge",
           "parse_answer", "play_context", "position_data", "position_from_data", "set_judging", "with_answer"]
