"""A partie's score sheet (game/partie.py's PartieResult) -> JSON-ready data -> a table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..game.partie import PartieResult
from ..schemas import header as schema_header

if TYPE_CHECKING:
    from ..analysis.partie import PartieEstimate, PartieState


def partie_data(r: PartieResult, *, four_deals: bool = False, target: int | None = None) -> dict[str, Any]:
    """The score sheet and the result (schemas/partie.schema.json). ``deals[i].scores`` are the deal's own
    totals, ``written`` what it added to each player's partie total, ``totals`` the running totals."""
    data: dict[str, Any] = {
        **schema_header("partie"),
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
    players = ["P1+P3", "P2+P4"] if r.rules == "four" else [f"P{i + 1}" for i in range(r.players)]
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


def score_aware_data(state: PartieState, ranked: list[tuple[Any, PartieEstimate]], rules: str) -> dict[str, Any]:
    """``discard --play --score``: each finalist's partie figures (analysis/partie.py), best first: the
    ``partie`` block of discard-play.schema.json (the output's header versions it). The chances are read off
    the table by interpolation, so they are kept to 0..1 against rounding (-2e-16)."""
    rows = []
    for rank, (d, e) in enumerate(ranked, 1):
        rows.append({
            "rank": rank, "discard": [str(c) for c in d.discard], "samples": e.samples,
            "partie_value": e.value, "partie_value_se": e.value_se, "unit": e.unit,
            "win": _chance(e.win), "win_se": e.win_se,
            **({"rubiconed": _chance(e.rubiconed), "rubiconed_se": e.rubiconed_se} if e.rubiconed is not None else {}),
            "points": e.points, "points_se": e.points_se, "bootstrap_se": e.bootstrap_se,
        })
    return {"rules": rules,
            "score": {"me": state.me, "opponent": state.opponent, "deal": state.deal, "seat": state.position,
                      "player": state.my_player},
            "choices": rows}


def _chance(x: float) -> float:
    return min(1.0, max(0.0, x))


def score_aware_table(state: PartieState, ranked: list[tuple[Any, PartieEstimate]], rules: str) -> str:
    data = score_aware_data(state, ranked, rules)
    rub = any("rubiconed" in r for r in data["choices"])
    rows = []
    for r in data["choices"]:
        row = [r["rank"], " ".join(r["discard"]) or "-", f"{r['partie_value']:+.2f} ± {r['partie_value_se']:.2f}",
               f"{100 * r['win']:.1f}% ± {100 * r['win_se']:.1f}"]
        if rub:
            row.append(f"{100 * r['rubiconed']:.1f}% ± {100 * r['rubiconed_se']:.1f}")
        rows.append([*row, f"{r['points']:+.2f} ± {r['points_se']:.2f}", r["samples"]])
    unit = data["choices"][0]["unit"] if data["choices"] else "points"
    headers = ["#", "discard", f"partie value ({unit})", "win partie", *(["rubiconed"] if rub else []),
               "deal points", "deals"]
    s = data["score"]
    head = (f"At {s['me']} to {s['opponent']}, deal {s['deal']}, {s['seat']} (player {s['player']}): ranked by "
            f"the expected partie value (analysis/partie_value.py's table, {rules})")
    tse = data["choices"][0]["bootstrap_se"] if data["choices"] else None
    own = (f"\n\nThe partie values' own standard error near this score, shared by every discard: about "
           f"{tse:.2f} {unit}."
           if tse is not None else "")
    return f"{head}\n\n{tabulate(rows, headers=headers, disable_numparse=True)}{own}"
