"""The play of four -> JSON-ready data -> a table (tabulate): the data first, the table rendered from it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..rules import FOUR_SEATS
from ..schemas import header as schema_header
from .render import choices_table, ranked_choices, seating_score_data, seating_score_table

if TYPE_CHECKING:
    from ..analysis.play_four import PlayAnalysisFour

SEATS = FOUR_SEATS
SIDES = ("elder+third", "second+dealer")


def _by_side(values: Any) -> dict[str, Any]:
    return {SIDES[0]: values[0], SIDES[1]: values[1]}


def _cards(cards: Any) -> list[str]:
    return [str(c) for c in cards]


def play_four_data(a: PlayAnalysisFour) -> dict[str, Any]:
    """The play of one deal of four as JSON-ready data (schema: piquet_calc/schemas, docs/json.md)."""
    line = [{
        "trick": t.number, "leader": SEATS[t.leader],
        "cards": {s: None if c is None else str(c) for s, c in zip(SEATS, t.cards, strict=True)},
        "winner": None if t.winner is None else SEATS[t.winner],
        "recorded": dict(zip(SEATS, t.recorded, strict=True)),
        "totals": _by_side(t.totals),
        "equally_good": {s: _cards(g) for s, g in zip(SEATS, t.equally_good, strict=True)},
        "pique": t.pique,
    } for t in a.tricks]
    end = a.end
    capot = [i for i in (0, 1) if end.capot[i]]
    given, tricks = list(a.recorded), []
    for t in a.tricks:
        n = sum(t.recorded)
        if n:
            tricks.append(_cards(given[:n]))
            given = given[n:]
    return {
        **schema_header("play-four"),
        "hands": {s: _cards(h) for s, h in zip(SEATS, a.hands, strict=True)},
        "rules": a.rules.name,
        "tricks": tricks,
        "declarations": seating_score_data(a.hands, a.declarations),
        "before_play": {**_by_side(a.before), "pique_live": a.pique_live},
        "to_move": None if a.to_move is None else {"seat": SEATS[a.to_move], "trick": a.trick_to_move},
        "choices": ranked_choices([(str(c.card), c.value, c.future) for c in a.choices],
                                  a.to_move is None or a.to_move % 2 == 0),
        "line": line,
        "tricks_won": _by_side(a.tricks_won),
        "cards": _by_side(end.cards),
        "capot": {**_by_side(end.capot), "by": SIDES[capot[0]] if capot else None},
        "pique": {SIDES[0]: a.pique, "points": a.rules.pique_bonus if a.pique else 0},
        "total": _by_side(end.totals),
        "difference": end.totals[0] - end.totals[1],
        "value": a.value,
    }


def play_four_table(a: PlayAnalysisFour) -> str:
    data = play_four_data(a)
    head = seating_score_table(a.hands, a.declarations)
    before = data["before_play"]
    live = ("pique live: second+dealer at nothing" if before["pique_live"]
            else "pique not live: " + ("a repique" if a.declarations.repique[0] else "second+dealer have scored"))
    rows = []
    for t in data["line"]:
        order = [SEATS[(SEATS.index(t["leader"]) + i) % 4] for i in range(4)]
        notes = [f"{s}: any of {' '.join(g)}" for s in order if len(g := t["equally_good"][s]) > 1]
        if any(t["recorded"].values()):
            notes.insert(0, "recorded" if all(t["recorded"][s] for s in order if t["cards"][s]) else "part recorded")
        if t["pique"]:
            notes.append(f"pique: elder+third +{a.rules.pique_bonus}")
        rows.append([t["trick"], t["leader"], *[t["cards"][s] or "-" for s in SEATS], t["winner"] or "-",
                     t["totals"][SIDES[0]], t["totals"][SIDES[1]], "; ".join(notes)])
    body = tabulate(rows, headers=["trick", "leads", *SEATS, "wins", "e+t", "s+d", "notes"], disable_numparse=True)
    given = len(a.recorded)
    solved = "every seat plays perfectly, seeing every card (double dummy)"
    how = (solved if not given else f"the {given} cards as recorded" if a.value is None
           else f"{given} cards as recorded, then {solved}")
    won = data["tricks_won"]
    if data["capot"]["by"]:
        cards = f"capot: {data['capot']['by']} win all 8 tricks, +{a.rules.table_rules.capot} in place of the cards"
    elif data["cards"][SIDES[0]] or data["cards"][SIDES[1]]:
        who = SIDES[0] if data["cards"][SIDES[0]] else SIDES[1]
        other = SIDES[1] if who == SIDES[0] else SIDES[0]
        cards = f"the cards: {who}, {won[who]} tricks to {won[other]}, +{data['cards'][who]}"
    else:
        cards = f"tricks: {won[SIDES[0]]} each, nobody scores the cards"
    pique = f"pique: elder+third +{data['pique']['points']}" if data["pique"][SIDES[0]] else "pique: none"
    total, diff = data["total"], data["difference"]
    verdict = f"elder+third by {diff}" if diff > 0 else f"second+dealer by {-diff}" if diff < 0 else "equal"
    out = (f"{head}\n\nBefore the play: elder+third {before[SIDES[0]]}, second+dealer {before[SIDES[1]]} ({live}).\n"
           f"Play: {how}.\n\n{body}\n\n{cards}\n{pique}\n"
           f"total: elder+third {total[SIDES[0]]}, second+dealer {total[SIDES[1]]}: {verdict}")
    if data["to_move"]:
        out += "\n\n" + choices_table(data["choices"], data["to_move"]["seat"], data["to_move"]["trick"])
    return out
