"""The Normand play as JSON-ready data, and the table rendered from that data (``play --rules normand``).

Values inside are nets doubled (integers); here they are halved: a net is a seat's total minus the mean of
the two others' (a multiple of one half, exact in JSON)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..game.play_normand import SEATS
from ..schemas import header as schema_header
from .render import seating_score_table

if TYPE_CHECKING:
    from ..analysis.play_normand import PlayAnalysisNormand

MODEL = "paranoid"


def _net(net2: int) -> float | int:
    return net2 // 2 if net2 % 2 == 0 else net2 / 2


def _by_seat(values: Any) -> dict[str, Any]:
    return dict(zip(SEATS, values, strict=True))


def play_normand_data(a: PlayAnalysisNormand) -> dict[str, Any]:
    """One Normand deal's play (schema: piquet_calc/schemas/play-normand.schema.json, docs/json.md)."""
    s = a.declarations
    total = a.end.totals
    capot_by = [SEATS[i] for i in range(3) if a.end.capot[i]]
    return {
        **schema_header("play-normand"),
        "rules": a.rules.name,
        "model": MODEL,
        "hands": _by_seat([[str(c) for c in h] for h in a.hands]),
        "dealer_dealt": None if a.dealer_dealt is None else [str(c) for c in a.dealer_dealt],
        "tricks": [[str(c) for c in t.cards[:t.recorded]] for t in a.tricks if t.recorded],
        "declarations": [{"class": name, "points": _by_seat(pts)} for name, pts in s.classes if name != "pique"],
        "before_play": {**_by_seat(a.before), "pique_live": a.pique_live},
        "to_move": None if a.to_move is None else SEATS[a.to_move],
        "choices": [{"card": str(c.card), "net": _net(c.net2), "play_net": _net(c.play_net2)} for c in a.choices],
        "line": [{"trick": t.number, "leader": SEATS[t.leader], "cards": [str(c) for c in t.cards],
                  "winner": None if t.winner is None else SEATS[t.winner], "totals": _by_seat(t.totals),
                  "recorded": t.recorded, "nets": [_net(v) for v in t.values], "pique": t.pique} for t in a.tricks],
        "tricks_won": _by_seat(a.tricks_won),
        "cards": _by_seat(a.end.cards),
        "capot": {**_by_seat(a.end.capot), "by": capot_by},
        "pique": {"elder": a.pique, "points": a.rules.pique_bonus if a.pique else 0},
        "total": _by_seat(total),
        "net": _by_seat([_net(3 * total[i] - sum(total)) for i in range(3)]),
    }


def _cards_line(data: dict[str, Any], rules: Any) -> str:
    won = data["tricks_won"]
    tricks = ", ".join(f"{seat} {won[seat]}" for seat in SEATS)
    by = data["capot"]["by"]
    if len(by) == 1:
        return f"tricks: {tricks}; capot: {by[0]} takes them all, +{data['capot'][by[0]]} instead of the cards"
    if len(by) == 2:
        return (f"tricks: {tricks}; capot shared: {by[0]} and {by[1]} take them all between them, "
                f"+{data['capot'][by[0]]} each instead of the cards")
    got = [seat for seat in SEATS if data["cards"][seat]]
    if len(got) == 1:
        return f"tricks: {tricks}; the cards: {got[0]} (the most tricks) +{data['cards'][got[0]]}"
    if len(got) == 2:
        return f"tricks: {tricks}; the cards: {got[0]} and {got[1]} tied for the most, +{data['cards'][got[0]]} each"
    return f"tricks: {tricks}; the cards: nobody"


def play_normand_table(a: PlayAnalysisNormand) -> str:
    """The declarations (as ``score``), the choices of the player to move, the line with running totals."""
    data = play_normand_data(a)
    head = seating_score_table(a.hands, a.declarations)
    if a.dealer_dealt is not None:
        head += f"\nthe dealer's dealt hand: {' '.join(str(c) for c in a.dealer_dealt)}"
    before = data["before_play"]
    live = "pique live: middle and the dealer at nothing" if before["pique_live"] else "pique not live"
    out = [head, "", f"Before the play: elder {before['elder']}, middle {before['middle']}, dealer "
                     f"{before['dealer']} ({live}). The play by the paranoid model: each player in turn plays the "
                     "card best for his net (his total minus the mean of the others') against the other two "
                     "together, every card seen; ties to the lowest card."]
    if data["choices"]:
        rows = [[c["card"], c["net"], c["play_net"]] for c in data["choices"]]
        out += ["", f"{data['to_move']} to play, every card valued for him:",
                tabulate(rows, headers=["card", "net (deal)", "net (play from here)"], disable_numparse=True)]
    rows = []
    for t in data["line"]:
        note = "recorded" if t["recorded"] == len(t["cards"]) else (
            f"{t['recorded']} recorded" if t["recorded"] else "")
        if t["pique"]:
            note = (note + "; " if note else "") + f"pique: elder +{a.rules.pique_bonus}"
        rows.append([t["trick"], t["leader"], " ".join(t["cards"]), t["winner"] or "-",
                     *(t["totals"][seat] for seat in SEATS), note])
    out += ["", tabulate(rows, headers=["trick", "leads", "cards", "wins", *SEATS, "notes"], disable_numparse=True)]
    pique = f"pique: elder +{data['pique']['points']}" if data["pique"]["elder"] else "pique: none"
    total, net = data["total"], data["net"]
    out += ["", _cards_line(data, a.rules), pique,
            "total: " + ", ".join(f"{seat} {total[seat]}" for seat in SEATS)
            + "; net: " + ", ".join(f"{seat} {net[seat]:+g}" for seat in SEATS)]
    return "\n".join(out)


__all__ = ["play_normand_data", "play_normand_table"]
