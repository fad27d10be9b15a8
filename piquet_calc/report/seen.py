"""The play as a player sees it (analysis/seen.py) -> JSON-ready data -> a table; the table is rendered from the
data. JSON schema: piquet_calc/schemas/play-seat.schema.json (docs/json.md)."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from ..analysis.seen import SeenAnalysis
from ..cards import format_cards, sort_hand
from ..rules.model import TWO_HANDED_SEATS
from ..schemas import header as schema_header

SEATS = TWO_HANDED_SEATS


def seen_data(a: SeenAnalysis, inputs: dict[str, Any], source: str) -> dict[str, Any]:
    """Every legal card of the player, best first, with the inputs echoed."""
    return {
        **schema_header("play-seat"),
        "inputs": inputs,
        "rules": a.rules.name,
        "seat": SEATS[a.seat],
        "hand": [str(c) for c in sort_hand(a.hand)],
        "played": [{"seat": SEATS[s], "card": str(c)} for s, c in a.played],
        "to_move": a.to_move,
        "led": str(a.led) if a.led else None,
        "trick": len(a.played) // 2 + 1,
        "totals": {"elder": a.totals[0], "dealer": a.totals[1]} if a.totals else None,
        "opponent_hands": {"source": source, "given": a.hands_given, "counted": a.hands, "weighting": "equal"},
        "value": "the player's final total for the deal minus the opponent's, each hand solved double dummy after "
                 "the card",
        "choices": [{"card": str(c.card), "expected": c.expected, "value_sum": c.value_sum,
                   "cards_chance": c.cards_chance, "cards_won": c.cards_won,
                     "dd_best_share": c.dd_best_share, "dd_best": c.dd_best, "hands": c.hands} for c in a.choices],
    }


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.0f}%"


def seen_table(data: dict[str, Any]) -> str:
    seat, trick = data["seat"], data["trick"]
    move = f"to lead to trick {trick}" if data["to_move"] == "lead" else f"to play to {data['led']} in trick {trick}"
    hands = data["opponent_hands"]
    totals = data["totals"]
    lines = [f"{seat}, {data['rules']}: {format_cards([c for c in data['hand']])}; {move}",
             f"opponent hands: {hands['counted']:,} counted ({hands['source']}"
             + (f"; {hands['given'] - hands['counted']:,} could not have played his cards" if
                hands["given"] != hands["counted"] else "") + "), each weighted equally",
             ("totals so far: elder {elder}, dealer {dealer}".format(**totals) if totals
              else "totals so far: they depend on his hand (his declarations were not given)")]
    rows = [[c["card"], f"{c['expected']:+.2f}", _pct(c["cards_chance"]), _pct(c["dd_best_share"]), f"{c['hands']:,}"]
            for c in data["choices"]]
    body = tabulate(rows, headers=["card", "expected\n(you - him)", "win the\ncards", "double-dummy\nbest", "hands"],
                    disable_numparse=True, colalign=("left", "right", "right", "right", "right"))
    note = ("expected: your final total for the deal minus his, over the hands he may hold, each solved with both "
            "seeing every card after the card (the cards won on the solver's line); best first")
    return "\n".join(lines) + "\n\n" + body + "\n\n" + note
