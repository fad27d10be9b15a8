"""Practice's output (issue 45): the line protocol's events (one JSON object a line, schema
``practice-event``) and the terminal's text: the hand with suit symbols (and colour), the question, the grade,
the engine's decision, the deal's end."""

from __future__ import annotations

from typing import Any

from ..analysis.practice import Grade, Position
from ..analysis.practice_deal import Answered, DealResult
from ..cards import Card, Suit, sort_hand
from ..game.play import SEAT_NAMES
from ..schemas import header

SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
RED = (Suit.HEARTS, Suit.DIAMONDS)
QUESTIONS = {"exchange": "your discard", "announce": "your announcements", "card": "your card"}


def _event(kind: str, **fields: Any) -> dict[str, Any]:
    return {**header("practice-event"), "event": kind, **fields}


def _cards(cards) -> list[str]:
    return [str(c) for c in cards]


def ask_event(p: Position, number: int | None = None) -> dict[str, Any]:
    """``ask``: the stage, the seat, the hand; the legal cards (a card), the discard sizes (the exchange), the
    model's words (the announcements)."""
    out = _event("ask", stage=p.stage, seat=SEAT_NAMES[p.seat], hand=_cards(sort_hand(p.hand)), deal=number)
    if p.stage == "exchange":
        out["sizes"] = list(p.sizes)
        if p.seat == 1:
            out["elder_took"] = p.elder_took
    elif p.stage == "announce":
        out["model"] = p.model()
    else:
        out.update(trick=p.trick, led=None if p.led is None else str(p.led), legal=_cards(p.legal))
    return out


def graded_event(p: Position, g: Grade, a: Answered) -> dict[str, Any]:
    """``graded``: his answer, the best, the cost (points of the deal's net), the judge (``model``; a sampled
    one's ``se``, ``samples``, ``seed``), whether it counts as a mistake; a card's double-dummy cost."""
    out = _event("graded", stage=g.stage, seat=SEAT_NAMES[g.seat], answer=g.answer, best=g.best, cost=g.cost,
                 model=g.model)
    if g.se is not None:
        out.update(se=g.se, samples=g.samples, seed=g.seed)
    out["mistake"] = g.mistake
    if g.stage == "card":
        out["dd_cost"] = g.dd_cost
        out["trick"] = p.trick
    out.update(why=list(g.words), hint=a.hint, seconds=round(a.seconds, 3))
    return out


def engine_event(p: Position, answer: Any, seconds: float) -> dict[str, Any]:
    """``engine``: the engine's decision (its discard: how many only; its announcements: what the player hears)."""
    if p.stage == "exchange":
        said = f"took {len(answer)}"
    elif p.stage == "announce":
        said = p.model()
    else:
        said = str(answer)
    out = _event("engine", stage=p.stage, seat=SEAT_NAMES[p.seat], answer=said, seconds=round(seconds, 3))
    if p.stage == "card":
        out["trick"] = p.trick
    return out


def error_event(message: str) -> dict[str, Any]:
    return _event("error", message=message)


def hint_event(best: str, price: str, **judge: Any) -> dict[str, Any]:
    """``hint``: the best, its price, and its judge (``model``; a sampled one's ``seed``, ``samples``)."""
    return _event("hint", best=best, price=price, **judge)


def deal_event(r: DealResult, path: str, number: int, sheet: dict[str, Any] | None) -> dict[str, Any]:
    """``deal``: the deal's totals (None when stopped), what the player lost by stage, the review's costliest
    decisions, the record's path, the partie so far."""
    totals = None if r.totals is None else dict(zip(SEAT_NAMES, r.totals, strict=True))
    lost = r.lost
    from ..analysis.judge import mistake_rule

    return _event("deal", deal=number, seat=SEAT_NAMES[r.seat], totals=totals, stopped=r.stopped, record=path,
                  decisions=len(r.grades), lost=lost, points_lost=sum(lost.values()),
                  mistakes=sum(g.mistake for _, g, _ in r.grades), mistake_rule=mistake_rule(),
                  costliest=[w for _, w in r.costliest()], partie=sheet)


# --- the terminal -------------------------------------------------------------------------------------------------


def hand_text(cards, colour: bool = False) -> str:
    """``♠ A K 9  ♥ Q J 7 ...``, the red suits in red when ``colour``."""
    parts = []
    hand = sort_hand(cards)
    for s in Suit:
        ranks = " ".join(c.rank.symbol for c in hand if c.suit == s)
        if not ranks:
            continue
        text = f"{SYMBOLS[s]} {ranks}"
        parts.append(f"\x1b[31m{text}\x1b[0m" if colour and s in RED else text)
    return "  ".join(parts)


def card_text(c: Card | None, colour: bool = False) -> str:
    if c is None:
        return "-"
    text = f"{c.rank.symbol}{SYMBOLS[c.suit]}"
    return f"\x1b[31m{text}\x1b[0m" if colour and c.suit in RED else text


def question_text(p: Position, number: int | None, colour: bool = False) -> str:
    """The question: the deal, the seat, the hand and what to type."""
    head = (f"deal {number}, " if number else "") + f"you are {SEAT_NAMES[p.seat]}"
    lines = [f"{head}: {hand_text(p.hand, colour)}"]
    if p.stage == "exchange":
        took = f" (elder took {p.elder_took})" if p.seat == 1 else ""
        sizes = p.sizes
        span = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
        lines.append(f"discard {span} cards{took}, e.g. 7C 8D; hint, quit")
    elif p.stage == "announce":
        lines.append(f"by the model you announce: {p.model()}")
        lines.append("Enter announces in full; or type what the other hears (--heard notation); hint, quit")
    else:
        led = f"{card_text(p.led, colour)} led to you; " if p.led is not None else "your lead; "
        lines.append(f"trick {p.trick}: {led}legal: {' '.join(card_text(c, colour) for c in p.legal)}; hint, quit")
    return "\n".join(lines)


def graded_text(g: Grade) -> str:
    """One or two lines: his answer, the best, the cost; for the exchange ``--why``'s first sentences."""
    what = QUESTIONS[g.stage]
    judge = f" (the whole deal, {g.samples:,} deals, seed {g.seed})" if g.model == "whole" else ""
    if g.cost <= 1e-9 and (g.dd_cost or 0) == 0:
        line = f"  {what} {g.answer}: best" + ("" if g.answer == g.best else f" (as good as {g.best})") + judge
    else:
        se = f" ± {g.se:.2f}" if g.se is not None else ""
        verdict = "" if g.stage != "exchange" else "; a mistake" if g.mistake else "; within the noise, not a mistake"
        line = f"  {what} {g.answer} cost {g.cost:.2f}{se} points{judge}; best {g.best}{verdict}"
    if g.stage == "card" and g.dd_cost:
        line += f" (double dummy it cost {g.dd_cost})"
    words = list(g.words[:2]) if g.stage == "exchange" else [f"sunk: {', '.join(g.words)}"] if g.words else []
    return "\n".join([line, *(f"    {w}" for w in words)])


def engine_text(p: Position, answer: Any, colour: bool = False) -> str:
    if p.stage == "exchange":
        return f"  the engine ({SEAT_NAMES[p.seat]}) took {len(answer)}"
    if p.stage == "announce":
        return f"  the engine ({SEAT_NAMES[p.seat]}) announces; you hear: {p.model()}"
    return f"  the engine plays {card_text(answer, colour)}"


def deal_text(data: dict[str, Any]) -> str:
    """The deal's end: totals, points lost by stage, the costliest decisions, the record, the partie."""
    lines = []
    if data["totals"] is None:
        lines.append(f"deal {data['deal']} stopped: saved as far as it went")
    else:
        t = data["totals"]
        lines.append(f"deal {data['deal']}: elder {t['elder']}, dealer {t['dealer']} (you were {data['seat']})")
    lost = data["lost"]
    lines.append(f"you lost {data['points_lost']:.2f} points: exchange {lost['exchange']:.2f}, announcements "
                 f"{lost['announce']:.2f}, cards {lost['card']:.2f}; {data['mistakes']} mistake"
                 f"{'s' * (data['mistakes'] != 1)} ({data['mistake_rule']})")
    lines += [f"  {w}" for w in data["costliest"]]
    lines.append(f"record: {data['record']}")
    if data.get("partie"):
        p = data["partie"]
        lines.append(f"partie: you {p['you']}, the engine {p['engine']}" + (" (finished)" if p["finished"] else ""))
    return "\n".join(lines)


__all__ = ["ask_event", "card_text", "deal_event", "deal_text", "engine_event", "engine_text", "error_event",
           "graded_event", "graded_text", "hand_text", "hint_event", "question_text"]
