"""A partie's score sheet (game/partie.py's PartieResult) -> JSON-ready data -> a table."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from ..game.partie import PartieResult

SCHEMA_VERSION = 1


def partie_data(r: PartieResult, *, four_deals: bool = False, target: int | None = None) -> dict[str, Any]:
    """The score sheet and the result (schema in README.md, The partie). ``deals[i].scores`` are the deal's
    own totals, ``written`` what it added to each player's partie total, ``totals`` the running totals."""
    data: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "rules": r.rules,
        "players": r.players,
        "deals": [{"deal": d.number, "dealer": d.dealer, "elder": d.elder, "scores": list(d.scores),
                   "written": list(d.written), "totals": list(d.totals), "note": d.note} for d in r.deals],
        "totals": list(r.totals),
        "finished": r.finished,
        "winner": r.winner,
        "value": r.value,
        "unit": r.unit,
    }
    if r.rules in ("rubicon", "english"):
        data["rubicon"] = r.rubicon
    if r.rules == "english":
        data["four_deals"] = four_deals
    if r.rules == "au-cent":
        data["lurch"] = r.lurch
    if r.rules == "russian":
        data["refait_carried"] = r.refait_carried
    if r.rules == "normand":
        data.update(target=target or 100, loser=r.loser, order=list(r.order))
    data["next_dealer"] = r.next_dealer
    data["deals_left"] = r.deals_left
    data["notes"] = list(r.notes)
    return data


def partie_table(r: PartieResult, *, four_deals: bool = False, target: int | None = None) -> str:
    data = partie_data(r, four_deals=four_deals, target=target)
    players = [f"P{i + 1}" for i in range(r.players)]
    show_written = any(d["written"] != d["scores"] for d in data["deals"])
    rows = []
    for d in data["deals"]:
        row = [d["deal"], f"P{d['dealer']}", *d["scores"]]
        if show_written:
            row += ["/".join(str(w) for w in d["written"])]
        rows.append([*row, *d["totals"], d["note"]])
    headers = ["deal", "dealer", *players, *(["written"] if show_written else []),
               *[f"total {p}" for p in players], "note"]
    title = f"Partie under {r.rules}" + (" (four deals)" if four_deals else "") + (
        f" to {data['target']}" if r.rules == "normand" else "")
    body = tabulate(rows, headers=headers, disable_numparse=True) if rows else "(no deals yet)"
    return f"{title}\n\n{body}\n\n{_result_line(data)}" + "".join(f"\n{n}" for n in data["notes"])


def _result_line(data: dict[str, Any]) -> str:
    if not data["finished"]:
        left = f"; at least {data['deals_left']} deals to play" if data["deals_left"] else ""
        return f"not finished: player {data['next_dealer']} deals next{left}"
    if data["winner"] is None:
        return "finished: no game, nobody wins"
    unit = data["unit"] if data["value"] != 1 else data["unit"].rstrip("s")
    flags = [name for name in ("rubicon", "lurch") if data.get(name)]
    extra = f" ({', '.join(flags)})" if flags else ""
    if data["rules"] == "normand":
        return (f"finished: player {data['winner']} first to {data['target']}; player {data['loser']} last, "
                f"loses {data['value']} {unit} to each of the others")
    return f"finished: player {data['winner']} wins {data['value']} {unit}{extra}"
