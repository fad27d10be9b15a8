"""The Normand dealer's exchange by the whole deal as JSON-ready data, and the table rendered from it
(``discard --rules normand --dealer --play``, with ``--why``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..schemas import header as schema_header

if TYPE_CHECKING:
    from ..analysis.deal_normand import DealAnalysisNormand, DealOptionNormand, WhyNormandDeal


def _est(e: Any) -> dict[str, float | None]:
    mean, se = float(e.mean), float(e.se)
    return {"mean": mean if mean == mean else None, "se": se if se == se else None}


def _discard(o: DealOptionNormand) -> list[str]:
    """The two cards the option puts out: ``[]`` for keeping the hand."""
    return [] if o.discard is None else [str(c) for c in o.discard]


def _words(discard: list[str]) -> str:
    return "out " + " ".join(discard) if discard else "keep"


def _why(w: WhyNormandDeal) -> dict[str, Any]:
    """The chosen option against #1 (or ``--against``), paired on the report's deals, split by source: the net's
    difference is the declarations' exact difference plus the play's, sampled (the table's vs #1)."""
    return {"discard": _discard(w.mine), "against": _discard(w.other), "net": _est(w.net),
            "declarations": _est(w.declarations), "declarations_exact": w.declarations_exact, "play": _est(w.play),
            "deals": w.deals, "better_on": w.better_on, "worse_on": w.worse_on}


def deal_normand_data(a: DealAnalysisNormand, why: WhyNormandDeal | None = None) -> dict[str, Any]:
    """The data (schema: piquet_calc/schemas/discard-normand-play.schema.json, docs/json.md)."""
    return {
        **schema_header("discard-normand-play"),
        "rules": a.rules.name, "model": "paranoid", "hand": [str(c) for c in a.hand], "seed": a.seed,
        "samples": a.samples, "candidates": a.candidates, "solves": a.solves,
        "race": [{"deals": r.deals, "running": r.running, "kept": r.kept} for r in a.race],
        "choices": [{"rank": i, "discard": _discard(o), "net": _est(o.net), "vs_best": _est(o.vs_best),
                     "net_plain": _est(o.net_plain), "declarations": _est(o.declarations), "play": _est(o.play),
                     "exact_net": float(o.exact), "forced": o.forced} for i, o in enumerate(a.options, 1)],
        "why": None if why is None else _why(why),
    }


def _pm(e: dict[str, float | None], sign: bool = False) -> str:
    if e["mean"] is None:
        return "-"
    return f"{e['mean']:+.2f} ±{e['se']:.2f}" if sign else f"{e['mean']:.2f} ±{e['se']:.2f}"


def deal_normand_table(data: dict[str, Any]) -> str:
    rows = [[o["rank"], _words(o["discard"]) + (" *" if o["forced"] else ""), _pm(o["net"]), _pm(o["vs_best"], True),
             _pm(o["play"], True), f"{o['exact_net']:+.2f}"] for o in data["choices"]]
    race = ", ".join(f"{r['running']} to {r['deals']}" for r in data["race"]) or "none"
    out = [f"Dealer (normand) {' '.join(data['hand'])}: keep or put out two, judged by the whole deal "
           f"({data['samples']:,} fresh deals each, seed {data['seed']}; the race: {race} deals)",
           "",
           tabulate(rows, headers=["#", "exchange", "net (deal)", "vs #1", "play adds", "net (declarations, exact)"],
                    disable_numparse=True),
           "",
           "net: the dealer's total minus the mean of elder's and middle's, the play valued by the paranoid model "
           "(elder and middle together against him, every card seen), ± one standard error; vs #1: the exact "
           "declarations' difference plus the play's, paired on the same deals (what --why splits); play adds: "
           "the whole deal minus the declarations alone on the same deals; * named by --why "
           "(always in the final round)."]
    w = data["why"]
    if w:
        out += ["", f"Why {_words(w['discard'])} and not {_words(w['against'])} (paired, {w['deals']:,} deals): "
                    f"{_pm(w['net'], True)} in all = the declarations {w['declarations_exact']:+.2f} (exact; "
                    f"{_pm(w['declarations'], True)} on these deals) + the play {_pm(w['play'], True)}; better on "
                    f"{100 * w['better_on']:.0f}% of the deals, worse on {100 * w['worse_on']:.0f}%."]
    return "\n".join(out)
