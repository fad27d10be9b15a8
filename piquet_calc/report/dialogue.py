"""``declare --dialogue``: the announcements and what each seat knows -> data -> the table's words or JSON."""

from __future__ import annotations

from typing import Any

from ..cards import sort_hand
from ..game.declarations import SUIT_NAMES
from ..schemas import header as schema_header
from ..seat.dialogue import Dialogue, Knowledge, Scoring, point_words, run_words, set_words
from ..seat.heard import heard_text


def _scoring_data(s: Scoring) -> dict[str, Any]:
    return {"point": ({"cards": s.point.length, "pips": s.point.pips, "suit": SUIT_NAMES[s.point.suit]}
                      if s.point else None),
            "sequences": [{"length": r.length, "top": r.top.symbol, "suit": SUIT_NAMES[r.suit]} for r in s.runs],
            "sets": [{"rank": x.rank.symbol, "number": x.size, "suits": [SUIT_NAMES[u] for u in x.suits]}
                     for x in s.sets],
            "carte_rouge": s.carte_rouge,
            "words": "; ".join(([point_words(s.point)] if s.point else []) +
                               [run_words(r.length, r.top, r.suit) for r in s.runs] +
                               [set_words(x.size, x.rank, x.missing) for x in s.sets] +
                               (["carte rouge"] if s.carte_rouge else [])) or "none"}


def knowledge_data(k: Knowledge, d: Dialogue, hands: int | None) -> dict[str, Any]:
    a = k.said
    length, pips = a.elder_point
    return {
        "hand": [str(c) for c in sort_hand(k.hand)],
        "discards": [str(c) for c in sort_hand(k.discards)],
        "seen": [str(c) for c in sort_hand(k.seen)],
        "opponent_exchanged": k.opponent_exchanged,
        "opponent_carte_blanche": [str(c) for c in sort_hand(k.opponent_dealt)] if k.opponent_dealt else None,
        "elder_best": {"point": {"cards": length, "pips": pips},
                       "sequence": ({"length": a.elder_sequence[0], "top": a.elder_sequence[1].symbol}
                                    if a.elder_sequence else None),
                       "sets": ({"number": a.elder_set[0], "rank": a.elder_set[1].symbol} if a.elder_set else None)},
        "answers": {"point": a.point_answer, "point_asked": a.point_asked, "sequence": a.sequence_answer,
                    "sets": a.sets_answer},
        "scoring": {"elder": _scoring_data(a.elder), "dealer": _scoring_data(a.dealer)},
        "opponent_constraints": k.constraints(),
        "heard": heard_text(d, k.seat),
        "consistent_hands": hands,
    }


def dialogue_data(d: Dialogue, knows: dict[str, tuple[Knowledge, int | None]]) -> dict[str, Any]:
    return {
        **schema_header("declare-dialogue"),
        "rules": d.rules.name,
        "point_call": d.point_call,
        "elder": [str(c) for c in sort_hand(d.elder)],
        "dealer": [str(c) for c in sort_hand(d.dealer)],
        "carte_blanche": {"elder": [str(c) for c in sort_hand(d.elder_blanche)] if d.elder_blanche else None,
                          "dealer": [str(c) for c in sort_hand(d.dealer_blanche)] if d.dealer_blanche else None},
        "lines": [{"speaker": who, "words": words} for who, words in d.lines],
        "totals": {"elder": d.totals[0], "dealer": d.totals[1]},
        "repique": {"elder": d.repique[0], "dealer": d.repique[1]},
        "knows": {seat: knowledge_data(k, d, n) for seat, (k, n) in knows.items()},
    }


def dialogue_table(data: dict[str, Any]) -> str:
    out = [f"The announcements ({data['rules']}): elder {' '.join(data['elder'])}, dealer {' '.join(data['dealer'])}",
           ""]
    for seat, cards in data["carte_blanche"].items():
        if cards:
            out.append(f"{seat.capitalize()} shows carte blanche: {' '.join(cards)}")
    out += [f'{line["speaker"].capitalize()}: "{line["words"]}"' for line in data["lines"]]
    for seat, k in data["knows"].items():
        other = "dealer" if seat == "elder" else "elder"
        out += ["", f"What {seat} knows:"]
        if k["discards"]:
            out.append(f"  his discards: {' '.join(k['discards'])}")
        if k["opponent_exchanged"] is not None:
            out.append(f"  the {other} exchanged {k['opponent_exchanged']} cards")
        if k["seen"]:
            out.append(f"  talon cards seen: {' '.join(k['seen'])}")
        out.append(f"  the {other}'s scoring combinations: {k['scoring'][other]['words']}")
        for c in k["opponent_constraints"]:
            out.append(f"  the {other}'s {c}")
        out.append(f"  heard, in --heard notation: {k['heard']}")
        if k["consistent_hands"] is not None:
            out.append(f"  hands the {other} can hold: {k['consistent_hands']:,}")
    return "\n".join(out)


def dialogue_text(d: Dialogue, knows: dict[str, tuple[Knowledge, int | None]]) -> str:
    return dialogue_table(dialogue_data(d, knows))


__all__ = ["dialogue_data", "dialogue_table", "dialogue_text", "knowledge_data"]
