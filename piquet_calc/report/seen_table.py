"""The seat view of three and four (analysis/seen_table.py) -> JSON-ready data -> a table; the table is rendered from
the data. JSON schema: piquet_calc/schemas/play-seat-table.schema.json (docs/json.md)."""

from __future__ import annotations

import math
from typing import Any

from tabulate import tabulate

from ..analysis.seen_table import SeenTableAnalysis
from ..cards import format_cards, sort_hand
from ..game.seating import party_names
from ..schemas import header as schema_header

VALUE = {4: "your side's final total for the deal minus the other side's, each layout solved with every card seen "
            "after the card (side against side)",
         3: "your final net for the deal (your total minus the mean of the two others'), each layout solved with "
            "every card seen after the card, the two others against you (the paranoid model)"}


def _num(x: float | None) -> float | None:
    return None if x is None or math.isnan(x) else x


def seen_table_data(a: SeenTableAnalysis, inputs: dict[str, Any]) -> dict[str, Any]:
    """Every legal card of the seat, best first, with the inputs echoed."""
    seats = a.rules.table.seats
    c = a.count
    return {
        **schema_header("play-seat-table"),
        "inputs": inputs,
        "rules": a.rules.name,
        "seat": seats[a.seat],
        "hand": [str(x) for x in sort_hand(a.hand)],
        "played": [{"seat": seats[s], "card": str(x)} for s, x in a.played],
        "to_move": "lead" if a.led is None else "follow",
        "led": str(a.led) if a.led else None,
        "trick": a.trick,
        "totals": dict(zip(party_names(a.rules), a.totals, strict=True)),
        "layouts": {"bounded": c.bounded, "fitting": c.fitting, "estimate": c.estimate, "estimate_se": c.se,
                    "drawn": c.drawn, "kept": c.kept, "solved": a.samples, "exact": a.exact, "seed": a.seed,
                    "weighting": "equal"},
        "value": VALUE[a.rules.game.players],
        "choices": [{"card": str(x.card), "mean": x.mean, "se": _num(x.se), "dd_best": x.best,
                     "dd_best_share": x.best / x.layouts, "layouts": x.layouts} for x in a.choices],
    }


def seen_table_table(data: dict[str, Any]) -> str:
    seat, trick, lay = data["seat"], data["trick"], data["layouts"]
    move = f"to lead to trick {trick}" if data["to_move"] == "lead" else f"to play to {data['led']} in trick {trick}"
    if lay["fitting"] is not None:
        fit = f"{lay['fitting']:,} layouts of the unseen cards fit what you saw and heard"
    else:
        fit = (f"about {lay['estimate']:,.0f} ± {lay['estimate_se']:,.0f} layouts of the unseen cards fit what you saw "
               f"and heard ({lay['kept']:,} of {lay['drawn']:,} drawn)")
    how = ("every one solved (exact)" if lay["exact"] else
           f"{lay['solved']:,} drawn uniformly (seed {lay['seed']}) and solved")
    totals = ", ".join(f"{k} {v}" for k, v in data["totals"].items())
    lines = [f"{seat}, {data['rules']}: {format_cards(data['hand'])}; {move}", f"{fit}; {how}",
             f"totals so far: {totals}"]
    rows = [[c["card"], f"{c['mean']:+.2f}", "" if c["se"] is None else f"± {c['se']:.2f}",
             f"{100 * c['dd_best_share']:.0f}%"] for c in data["choices"]]
    body = tabulate(rows, headers=["card", "mean", "s.e.", "double-dummy\nbest"], disable_numparse=True,
                    colalign=("left", "right", "left", "right"))
    return "\n".join(lines) + "\n\n" + body + "\n\nmean: " + data["value"] + "; best first"
