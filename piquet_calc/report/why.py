"""A discard against another (analysis/why.py) -> JSON-ready data -> a table; the table is rendered from the data."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..cards import format_cards
from ..schemas import header as schema_header
from ..wording import SOURCE_WORDS, words

if TYPE_CHECKING:
    from ..analysis.why import Chance, PartieWhy, Source, Why


MATERIAL = 0.005  # a source's second chance (the opponent's) is shown in the table when it moved this much (JSON: all)


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _cards(d: Any) -> list[str]:
    """A discard's cards; ``[]`` also for Normand's dealer keeping his hand (None in the result), as in every
    discard output."""
    return [] if d is None else [str(c) for c in d]


def _source(s: Source) -> dict[str, Any]:
    return {"name": s.name, "mean": _finite(s.mean), "se": _finite(s.se),
            "exact": None if s.exact is None else f"{s.exact.numerator}/{s.exact.denominator}",
            "chances": [_chance(c) for c in s.chances]}


def _chance(c: Chance) -> dict[str, Any]:
    return {"what": c.what, "mine": c.mine, "against": c.theirs, "se": _finite(c.se)}


def why_data(w: Why, inputs: dict[str, Any]) -> dict[str, Any]:
    """The comparison as JSON-ready data (schema: piquet_calc/schemas/discard-why.schema.json); ``inputs``:
    what the command was given beside the hand (elder_took, samples, seed ...), echoed."""
    total = sum(s.mean for s in w.sources)
    exact = w.sum_exact
    return {**schema_header("discard-why"), "hand": [str(c) for c in w.hand], "seat": w.position,
            "rules": w.rules.name, "model": w.model, "inputs": inputs, "samples": w.samples,
            "discard": _cards(w.mine), "against": _cards(w.theirs), "against_named": w.against_named,
            "rank": {"discard": w.mine_rank, "against": w.theirs_rank, "of": w.ranked},
            "difference": _source(w.total), "sources": [_source(s) for s in w.sources],
            "sum_of_sources": {"mean": total,
                               "exact": None if exact is None else f"{exact.numerator}/{exact.denominator}"},
            "words": words(w), **({} if w.partie is None else {"partie": _partie(w.partie, w.samples)})}


def _partie(p: PartieWhy, samples: int | None) -> dict[str, Any]:
    s = p.state
    return {"rules": p.rules, "score": {"me": s.me, "opponent": s.opponent, "deal": s.deal, "seat": s.position,
                                        "player": s.my_player},
            "unit": p.unit, "samples": samples, "mean": _finite(p.difference.mean), "se": _finite(p.difference.se),
            "mine": p.mine, "against": p.theirs,
            "chances": [_chance(c) for c in p.difference.chances]}


def _words(d: list[str], seat: str) -> str:
    if not d:
        return {"elder": "(refuse the talon)", "dealer": "keep (no exchange)"}.get(seat, "(keep all)")
    return format_cards(d)


def _chances(chances: list[dict[str, Any]]) -> str:
    shown = [c for i, c in enumerate(chances) if i == 0 or abs(c["mine"] - c["against"]) >= MATERIAL]
    return "\n".join(f"{c['what']}: {100 * c['mine']:.1f}% / {100 * c['against']:.1f}%"
                     + (f" ± {100 * c['se']:.1f}" if c["se"] else "") for c in shown)


def why_table(data: dict[str, Any]) -> str:
    """The comparison: its head, one row per source, the sum shown against the total, (--score) the partie
    value's difference on a line of its own, and the words."""
    sampled = data["model"] == "deal"
    rank = data["rank"]
    theirs = f"#{rank['against']}"
    scope = "in the final round of " if sampled else "of "
    paired = (f", paired deal by deal on {data['samples']:,} report deals (never those that ranked the discards), "
              "the table's vs #1, ± its paired standard error" if sampled else
              ", exact: the uniform model's counts")
    head = (f"Why {_words(data['discard'], data['seat'])} (#{rank['discard']} {scope}{rank['of']:,}) and not "
            f"{theirs} {_words(data['against'], data['seat'])}: each difference is yours minus {theirs}'s, "
            f"points a deal{paired}")
    rows, same = [], []
    for s in data["sources"]:
        if s["mean"] == 0 and not s["se"] and all(c["mine"] == c["against"] for c in s["chances"]):
            same.append(SOURCE_WORDS[s["name"]])  # the same on every deal (or in every count): said once below
            continue
        rows.append([SOURCE_WORDS[s["name"]], f"{s['mean']:+.3f}", *([f"{s['se']:.3f}"] if sampled else []),
                     _chances(s["chances"])])
    d = data["difference"]
    add = data["sum_of_sources"]
    exactly = add["exact"] is not None and add["exact"] == d["exact"]
    check = f"sum of the sources: {add['mean']:+.3f}" + (" (to rounding)" if sampled else ", exactly" * exactly)
    rows.append(["total", f"{d['mean']:+.3f}", *([f"{d['se']:.3f}"] if sampled else []), check])
    p = data.get("partie")
    if p is not None:  # only sampled: --score needs --play
        rows.append([f"partie ({p['unit']})", f"{p['mean']:+.3f}", f"{p['se']:.3f}", _chances(p["chances"])])
    headers = ["source", "difference", *(["± s.e."] if sampled else []), f"chances: yours / {theirs}'s ± s.e."]
    body = tabulate(rows, headers=headers, disable_numparse=True,
                    colalign=("left", "right", *(("right",) if sampled else ()), "left"))
    said = "\n".join("  " + line for line in data["words"])
    unchanged = f"No difference in {', '.join(same)}. " if same else ""
    return f"{head}\n{body}\n{_partie_note(p, theirs)}{unchanged}In a player's words:\n{said}"


def _partie_note(p: dict[str, Any] | None, theirs: str) -> str:
    if p is None:
        return ""
    s = p["score"]
    return (f"partie: your expected partie value minus {theirs}'s at {s['me']} to {s['opponent']}, deal {s['deal']} "
            f"({s['seat']}, player {s['player']}; {p['rules']}'s table), {p['unit']} of the partie's result, on "
            "the same report deals; not a source (its own unit), so not in the total.\n")
