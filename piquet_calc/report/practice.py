"""Practice's output (issues 45, 49): the session's events (analysis/practice_session.py) as the line protocol's
(one JSON object a line, schema ``practice-event``: ``event_data``) and as the terminal's text (``event_text``):
the hand with suit symbols (and colour), the question, the grade, the engine's decision, the running score, a
card played for the player, a take-back, the deal's end."""

from __future__ import annotations

from typing import Any

from ..analysis.practice import Grade, Question
from ..analysis.practice_events import Answered, DealResult
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


def ask_event(p: Question, number: int | None = None) -> dict[str, Any]:
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


def graded_event(p: Question, g: Grade, a: Answered) -> dict[str, Any]:
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


def engine_event(p: Question, answer: Any, seconds: float) -> dict[str, Any]:
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
    lost = r.lost_by_stage
    from ..analysis.judge import MISTAKE_RULE

    return _event("deal", deal=number, seat=SEAT_NAMES[r.seat], totals=totals, stopped=r.stopped, record=path,
                  decisions=len(r.grades), taken_back=len(r.taken_back), lost_by_stage=lost,
                  points_lost=sum(v or 0.0 for v in lost.values()),
                  mistakes=sum(g.mistake for _, g, _ in r.grades), mistake_rule=MISTAKE_RULE,
                  costliest=[w for _, w in r.costliest()], partie=sheet)


def _pair(pair: tuple[int, int]) -> dict[str, int]:
    return dict(zip(SEAT_NAMES, pair, strict=True))


def threat_words(needs: int, seat: int) -> str | None:
    """The pique threat while it is live: ``he needs 4 more for a pique`` (``you need``: the player elder)."""
    if needs <= 0:
        return None
    return f"{'you need' if seat == 0 else 'he needs'} {needs} more for a pique"


def score_event(s: Any) -> dict[str, Any]:
    """``score``: what changed (``points``), the totals, the classes after the announcements, the pique threat."""
    out = _event("score", after=s.after, points=_pair(s.points), totals=_pair(s.totals), pique_needs=s.needs,
                 threat=threat_words(s.needs, s.seat))
    if s.trick is not None:
        out["trick"] = s.trick
    if s.after == "announcements":
        out["classes"] = [{"class": name, "elder": e, "dealer": d, "sunk": [SEAT_NAMES[x] for x in sank]}
                          for name, e, d, sank in s.classes]
    return out


def _said(p: Question, answer: Any) -> str:
    if p.stage == "announce":
        return "in full" if answer is None else str(answer)
    return " ".join(map(str, answer)) if p.stage == "exchange" else str(answer)


def forced_event(ev: Any) -> dict[str, Any]:
    """``forced``: a decision the aids made for the player (not graded, not kept)."""
    out = _event("forced", stage=ev.position.stage, seat=SEAT_NAMES[ev.position.seat],
                 answer=_said(ev.position, ev.answer), reason=ev.why)
    if ev.position.stage == "card":
        out["trick"] = ev.position.trick
    return out


def undone_event(ev: Any) -> dict[str, Any]:
    """``undone``: his decision taken back (asked again next)."""
    out = _event("undone", stage=ev.position.stage, seat=SEAT_NAMES[ev.position.seat], answer=ev.answer)
    if ev.position.stage == "card":
        out["trick"] = ev.position.trick
    return out


def event_data(ev: Any) -> dict[str, Any]:
    """A session's event as the line protocol's line."""
    kind = ev.kind
    if kind == "ask":
        return ask_event(ev.position, ev.number)
    if kind == "graded":
        out = graded_event(ev.position, ev.grade, ev.answered)
        if ev.id is not None:
            out.update(was=ev.was, id=ev.id)
        if ev.again:
            out["again"] = True
        return out
    if kind == "engine":
        return engine_event(ev.position, ev.answer, ev.seconds)
    if kind == "hint":
        return hint_event(ev.best, ev.price, **ev.judge)
    if kind == "score":
        return score_event(ev)
    if kind == "forced":
        return forced_event(ev)
    if kind == "undone":
        return undone_event(ev)
    if kind == "deal":
        return deal_event(ev.result, ev.record, ev.number, ev.partie)
    return _event(kind, message=ev.message)  # error, none


AIDS = {"play_forced": ("--play-forced", "a card with one legal choice, and your sure winners, played for you"),
        "hints": ("--hints", "hint answers the tool's best"),
        "announce_in_full": ("--announce-in-full", "your announcements made in full without asking")}


def settings_event(aids: Any) -> dict[str, Any]:
    """``settings`` (``practice --settings --json``): each aid on or off."""
    return _event("settings", settings={k: getattr(aids, k) for k in AIDS})


def settings_text(aids: Any, path: str) -> str:
    lines = [f"practice's aids, kept in {path}:"]
    for key, (option, words) in AIDS.items():
        on = getattr(aids, key)
        lines.append(f"  {option if on else '--no-' + option[2:]:<24} {'on ' if on else 'off'}  {words}")
    return "\n".join(lines)


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


def question_text(p: Question, number: int | None, colour: bool = False) -> str:
    """The question: the deal, the seat, the hand and what to type."""
    head = (f"deal {number}, " if number else "") + f"you are {SEAT_NAMES[p.seat]}"
    lines = [f"{head}: {hand_text(p.hand, colour)}"]
    if p.stage == "exchange":
        took = f" (elder took {p.elder_took})" if p.seat == 1 else ""
        sizes = p.sizes
        span = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
        empty = ", none for no card" if 0 in sizes else ""
        lines.append(f"discard {span} cards{took}, e.g. 7C 8D{empty}; hint, undo, quit")
    elif p.stage == "announce":
        lines.append(f"by the model you announce: {p.model()}")
        lines.append("full announces in full; or type what the other hears (--heard notation); hint, undo, quit")
    else:
        led = f"{card_text(p.led, colour)} led to you; " if p.led is not None else "your lead; "
        legal = " ".join(card_text(c, colour) for c in p.legal)
        lines.append(f"trick {p.trick}: {led}legal: {legal}; hint, undo, quit")
    return "\n".join(lines)


def graded_text(g: Grade) -> str:
    """One or two lines: his answer, the best, the cost; for the exchange ``--why``'s first sentences."""
    what = QUESTIONS[g.stage]
    judge = f" (the whole deal, {g.samples:,} deals, seed {g.seed})" if g.model == "whole" else ""
    if g.cost <= 1e-9 and (g.dd_cost or 0) == 0:
        line = f"  {what} {g.answer or 'none'}: best" + ("" if g.answer == g.best else f" (as good as {g.best})")
        line += judge
    else:
        se = f" ± {g.se:.2f}" if g.se is not None else ""
        verdict = "" if g.stage != "exchange" else "; a mistake" if g.mistake else "; within the noise, not a mistake"
        line = f"  {what} {g.answer or 'none'} cost {g.cost:.2f}{se} points{judge}; best {g.best or 'none'}{verdict}"
    if g.stage == "card" and g.dd_cost:
        line += f" (double dummy it cost {g.dd_cost})"
    words = list(g.words[:2]) if g.stage == "exchange" else [f"sunk: {', '.join(g.words)}"] if g.words else []
    return "\n".join([line, *(f"    {w}" for w in words)])


def engine_text(p: Question, answer: Any, colour: bool = False) -> str:
    if p.stage == "exchange":
        return f"  the engine ({SEAT_NAMES[p.seat]}) took {len(answer)}"
    if p.stage == "announce":
        return f"  the engine ({SEAT_NAMES[p.seat]}) announces; you hear: {p.model()}"
    return f"  the engine plays {card_text(answer, colour)}"


def score_text(s: Any) -> str:
    """The running score: after the announcements each side's points by class (sunk ones marked); after a trick
    both totals and the pique threat; at the end the totals."""
    you, engine = s.seat, 1 - s.seat
    if s.after == "announcements":
        def side(seat: int) -> str:
            parts = [f"{name.replace('_', ' ')} {pts[seat]}" + (" (sunk)" if seat in sank else "")
                     for name, *pts, sank in s.classes if pts[seat] or seat in sank]
            return f"{s.totals[seat]}" + (f" ({', '.join(parts)})" if parts else "")
        line = (f"  score after the announcements: you ({SEAT_NAMES[you]}) {side(you)}; the engine "
                f"({SEAT_NAMES[engine]}) {side(engine)}")
    else:
        head = {"trick": f"after trick {s.trick}", "end": "at the end", "undo": "as it was"}[s.after]
        line = f"  score {head}: you {s.totals[you]}, the engine {s.totals[engine]}"
    threat = threat_words(s.needs, s.seat)
    return line + (f"; {threat}" if threat else "")


def forced_text(ev: Any, colour: bool = False) -> str:
    p = ev.position
    if p.stage == "announce":
        return "  you announce in full"
    return f"  you play {card_text(ev.answer, colour)} ({ev.why})"


def undone_text(ev: Any) -> str:
    return f"  taken back: {QUESTIONS[ev.position.stage]} {ev.answer or 'none'}"


def event_text(ev: Any, colour: bool = False) -> str:
    """A session's event (but ``ask``) as the terminal's lines."""
    kind = ev.kind
    if kind == "graded":
        text = graded_text(ev.grade)
        if ev.again:
            text += "\n    (taken back before: its first answer's grade is the one kept)"
        return text + (f"\n    you answered {ev.was} before" if ev.was is not None else "")
    if kind == "engine":
        return engine_text(ev.position, ev.answer, colour)
    if kind == "hint":
        return f"  hint: {ev.best} ({ev.price})"
    if kind == "error":
        return f"  {ev.message}: try again"
    if kind == "score":
        return score_text(ev)
    if kind == "forced":
        return forced_text(ev, colour)
    if kind == "undone":
        return undone_text(ev)
    if kind == "deal":
        return deal_text(deal_event(ev.result, ev.record, ev.number, ev.partie))
    return f"{ev.message}"  # none


def deal_text(data: dict[str, Any]) -> str:
    """The deal's end: totals, points lost by stage, the costliest decisions, the record, the partie."""
    lines = []
    if data["totals"] is None:
        lines.append(f"deal {data['deal']} stopped: saved as far as it went")
    else:
        t = data["totals"]
        lines.append(f"deal {data['deal']}: elder {t['elder']}, dealer {t['dealer']} (you were {data['seat']})")
    lost = data["lost_by_stage"]
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
           "event_data", "event_text", "forced_event", "forced_text", "graded_event", "graded_text", "hand_text",
           "hint_event", "question_text", "score_event", "score_text", "settings_event", "settings_text",
           "threat_words", "undone_event", "undone_text"]
