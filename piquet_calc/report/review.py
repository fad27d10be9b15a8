"""A deal reviewed (analysis/review.py) -> JSON-ready data -> a table; the table is rendered from the data.
JSON schema: piquet_calc/schemas/review.schema.json (docs/json.md)."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from ..analysis.review import Review
from ..cards import format_cards, sort_hand
from ..rules.model import TWO_HANDED_SEATS
from ..schemas import header as schema_header

SEATS = TWO_HANDED_SEATS


def _cards(cs: Any) -> list[str]:
    return [str(c) for c in cs]


def _exchange(e: Any) -> dict[str, Any]:
    p = e.play
    return {"seat": SEATS[e.seat], "model": e.model, "discard": _cards(e.discard), "rank": e.rank, "of": e.of,
            "cost": e.cost, "se": e.se, "mistake": e.mistake,
            "best": _cards(e.best), "net": e.net, "best_net": e.best_net, "elder_took": e.elder_took,
            "words": list(e.words),
            "play": None if p is None else {
                "rank": p.rank, "of": p.of, "best": _cards(p.best), "cost": p.cost, "difference": p.difference,
                "se": p.se, "samples": p.samples, "seed": p.seed,
                "sources": [{"source": n, "difference": m, "se": s} for n, m, s in p.sources],
                "words": list(p.words)}}


def _card(c: Any) -> dict[str, Any]:
    return {"trick": c.trick, "seat": SEATS[c.seat], "leads": c.leads, "played": str(c.played), "best": str(c.best),
            "cost": c.cost, "dd_cost": c.dd_cost, "dd_best": _cards(c.dd_best), "dd_value": c.dd_value,
            "legal": c.legal, "forced": c.forced, "played_value": c.played_value, "best_value": c.best_value,
            "cards_chance": {"played": c.cards_chance[0], "best": c.cards_chance[1]}, "hands": c.hands,
            "choices": [{"card": str(k), "expected": v, "dd_value": dd} for k, v, dd in c.values]}


def review_data(r: Review) -> dict[str, Any]:
    """Every decision graded, the summary and what was not graded (schema: review.schema.json)."""
    from ..record.record import record_data

    final = r.deal.final
    lost = r.lost_by_stage
    return {
        **schema_header("review"),
        "rules": r.deal.rules.name,
        "seats": [SEATS[s] for s in r.seats],
        "record": {k: v for k, v in record_data(r.deal.record).items() if k not in ("schema", "schema_version")},
        "final": None if final is None else {s: [str(c) for c in sort_hand(h)] for s, h in zip(SEATS, final,
                                                                                               strict=True)},
        "totals": None if r.totals is None else dict(zip(SEATS, r.totals, strict=True)),
        "exchange": [_exchange(e) for e in r.exchange],
        "announcements": [{"seat": SEATS[a.seat], "said": a.said, "given": a.given, "model": a.model,
                           "declared": a.declared, "other_hands_before": a.other_hands_before,
                           "other_hands_after": a.other_hands_after, "other_hands_model": a.other_hands_model,
                           "declared_in_full": a.declared_in_full, "sunk": list(a.sunk),
                           "sinking": {"own": a.sinking[0], "other": a.sinking[1]}}
                          for a in r.announcements],
        "views": {SEATS[s]: v for s, v in r.views.items()},
        "cards": [_card(c) for c in r.cards],
        "summary": {"lost_by_stage": {SEATS[s]: row for s, row in lost.items()},
                    "costliest": [{"seat": SEATS[s], "words": w} for s, w in r.costliest()]},
        "cost": "points of the deal's net (the player's final total minus the other's) lost against the best "
                "choice: the exchange by its model's judge (whole: on the whole deal, as discard --play --why, with "
                "its standard error; declarations: by the exact declarations, as discard --why), each card from his "
                "seat (as play --seat values it) and double dummy (both hands seen); never negative",
        "notes": list(r.notes),
        "seconds": r.seconds,
    }


def _exchange_rows(data: dict[str, Any]) -> str:
    rows = []
    for e in data["exchange"]:
        p = e["play"]
        cost = f"{e['cost']:.2f}" + ("" if e["se"] is None else f" ± {e['se']:.2f}") + (" *" if e["mistake"] else "")
        rows.append([e["seat"], " ".join(e["discard"]) or "-", f"#{e['rank']} of {e['of']:,}", cost,
                     " ".join(e["best"]) or "-",
                     "" if p is None else f"#{p['rank']} of {p['of']}: {p['difference']:+.2f} ± {p['se']:.2f}"])
    headers = ["seat", "discard", "rank", "cost", "#1", "whole deal: vs #1\n± s.e."]
    if not any(e["play"] and e["model"] != "whole" for e in data["exchange"]):
        rows, headers = [r[:-1] for r in rows], headers[:-1]
    return tabulate(rows, headers=headers, disable_numparse=True)


def _card_rows(data: dict[str, Any]) -> str:
    rows = []
    for c in data["cards"]:
        rows.append([str(c["trick"]), c["seat"], c["played"] + ("" if not c["forced"] else " (only)"),
                     c["best"], f"{c['cost']:.2f}", str(c["dd_cost"]), f"{c['hands']:,}" if c["hands"] else "",
                     " ".join(c["dd_best"])])
    return tabulate(rows, headers=["trick", "seat", "played", "best", "cost", "dd cost", "hands", "dd best"],
                    disable_numparse=True, colalign=("right", "left", "left", "left", "right", "right", "right",
                                                     "left"))


def _losses(data: dict[str, Any]) -> str:
    lost = data["summary"]["lost_by_stage"]
    deal = any("exchange_deal" in row for row in lost.values())
    rows = [[seat, "-" if row["exchange"] is None else f"{row['exchange']:.2f}"]
            + ([f"{row['exchange_deal']:.2f}"] if deal else [])
            + [f"{row['announce']:.2f}", f"{row['card']:.2f}", f"{row['card_dd']:.0f}"]
            for seat, row in lost.items()]
    headers = ["lost by", "exchange"] + (["exchange (whole deal)"] if deal else []) + [
        "announcements", "play (his seat)", "play (double dummy)"]
    return tabulate(rows, headers=headers, disable_numparse=True)


def _sinking_lines(a: dict[str, Any], other: str) -> list[str]:
    """What he sank and what it changed in the points (the declarations as announced against in full)."""
    out = [f"    sank {w}" for w in a["sunk"]]
    own, theirs = a["sinking"]["own"], a["sinking"]["other"]
    if a["sunk"] or own or theirs:
        out.append(f"    his sinking changed his declarations by {own:+d} and {other}'s by {theirs:+d}")
    if a["declared_in_full"] is not None:
        out.append(f"    declared {a['declared']} as announced, {a['declared_in_full']} had both announced in full")
    return out


def review_summary(data: dict[str, Any]) -> str:
    """The summary alone (``review --summary``): the points each lost by stage, the costliest decisions."""
    n = len(data["record"].get("tricks", []))
    tot = data["totals"]
    out = [f"Review ({data['rules']}): {n} of 12 tricks recorded"
           + (f"; the deal as played: elder {tot['elder']}, dealer {tot['dealer']}" if tot else "")]
    lost = []
    for seat, row in data["summary"]["lost_by_stage"].items():
        parts = [] if row["exchange"] is None else [f"{row['exchange']:.2f} in the exchange"]
        if "exchange_deal" in row:
            parts.append(f"{row['exchange_deal']:.2f} on the whole deal")
        if row["announce"]:
            parts.append(f"{row['announce']:.2f} in the announcements")
        parts.append(f"{row['card']:.2f} in the play ({row['card_dd']:.0f} double dummy)")
        lost.append(f"{seat} {', '.join(parts)}")
    out.append("Points lost: " + "; ".join(lost))
    if data["summary"]["costliest"]:
        out += ["The costliest decisions:"] + [f"  {c['seat']}, {c['words']}." for c in data["summary"]["costliest"]]
    return "\n".join(out)


def review_table(data: dict[str, Any]) -> str:
    out = []
    final = data["final"]
    head = f"Review ({data['rules']})"
    if final:
        head += f": elder {format_cards(final['elder'])}; dealer {format_cards(final['dealer'])}"
    out.append(head)
    n = len(data["record"].get("tricks", []))
    tot = data["totals"]
    out.append(f"{n} of 12 tricks recorded" + (f"; the deal as played: elder {tot['elder']}, dealer {tot['dealer']}"
                                                 if tot else ""))
    if data["exchange"]:
        from ..analysis.judge import MISTAKE_RULE

        whole = any(e["model"] == "whole" for e in data["exchange"])
        out += ["", ("The exchange on the whole deal: each discard's rank in the final round with it (as discard "
                     "--play --why), and its cost to #1 ± s.e. (points a deal)" if whole else
                     "The exchange: each discard's rank among every legal discard by the exact declarations, and "
                     "its cost to #1 (points a deal)") + f"; * {MISTAKE_RULE}", _exchange_rows(data)]
        for e in data["exchange"]:
            for w in e["words"][:2]:
                out.append(f"  {e['seat']}: {w}")
            for w in (e["play"] or {}).get("words", [])[:2]:
                out.append(f"  {e['seat']}, on the whole deal: {w}")
    if data["announcements"]:
        out += ["", "The announcements: what each said, and the hands the other could hold before and after"]
        for a in data["announcements"]:
            other = "the dealer" if a["seat"] == "elder" else "elder"
            line = (f"  {a['seat']}: \"{a['said']}\" ({'as recorded' if a['given'] else 'the announcing model'}); "
                    f"declared {a['declared']}; {other}'s view of his hand: {a['other_hands_before']:,} hands "
                    f"before, {a['other_hands_after']:,} after")
            if a["other_hands_model"] is not None:
                line += f" ({a['other_hands_model']:,} had he announced in full: \"{a['model']}\")"
            out.append(line)
            out += _sinking_lines(a, other)
    if data["cards"]:
        out += ["", "The cards: cost from the player's seat (expected points, the other's hands as play --seat "
                    "counts them) and double dummy (both hands seen)", _card_rows(data)]
    if data["summary"]["lost_by_stage"]:
        out += ["", "Points lost, by stage", _losses(data)]
    if data["summary"]["costliest"]:
        out += ["", "The costliest decisions:"]
        out += [f"  {c['seat']}, {c['words']}." for c in data["summary"]["costliest"]]
    out.append("")
    for seat, view in data["views"].items():
        out.append(f"{seat}'s view: {view}")
    for note in data["notes"]:
        out.append(f"note: {note}")
    return "\n".join(out)


__all__ = ["review_data", "review_summary", "review_table"]
