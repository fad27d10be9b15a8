"""The whole-deal analysis (analysis/deal.py) -> JSON-ready data -> a table; the table is rendered from the data."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..analysis.defaults import ODDS_MIN_DEALS
from ..cards import format_cards
from ..schemas import header as schema_header
from ..wording import odds_words

if TYPE_CHECKING:  # the result types only (analysis/deal.py imports numpy)
    from ..analysis.deal import DealAnalysis, DealDiscard
    from ..analysis.race import Estimate

MODEL = "deal"
PAIRS = ("declarations", "play", "capot", "pique", "repique")


def _finite(x: float) -> float | None:
    """A number JSON can carry: NaN and infinities become null."""
    return x if math.isfinite(x) else None


def _est(e: Estimate) -> dict[str, float | None]:
    return {"mean": _finite(e.mean), "se": _finite(e.se)}


def deal_block(d: DealDiscard) -> dict[str, Any]:
    """The ``deal`` object of one discard (schema: piquet_calc/schemas/discard-play.schema.json)."""
    f = d.figures
    out: dict[str, Any] = {"samples": d.samples, "net": _est(d.net), "vs_best": _est(d.vs_best),
                           "net_without_control": _est(d.net_plain)}
    for name in PAIRS:
        if f"{name}_me" in f:
            out[name] = {"me": _est(f[f"{name}_me"]), "opp": _est(f[f"{name}_opp"])}
    if "cards_win" in f:
        out["cards"] = {k: _est(f[f"cards_{k}"]) for k in ("win", "divide", "lose")}
    return out


def _uniform(d: DealDiscard) -> dict[str, float]:
    u = d.uniform
    return {"me": u.expected_score("me"), "opp": u.expected_score("opp"), "net": float(u.net)}


def sureness(a: DealAnalysis) -> dict[str, Any] | None:
    """How sure #1 is over #2 on the report's deals (analysis/deal_sureness.py): their paired difference, in
    standard errors, and the chance that #1 is the better discard, as odds; None with fewer than two."""
    s = a.sureness
    if s is None:
        return None
    p = s.probability
    return {"difference": {"mean": s.difference, "se": s.se}, "standard_errors": s.standard_errors,
            "probability": p, "odds": _odds(p) if p is not None else None, "deals": s.deals}


def _odds(p: float) -> str:
    if p >= 0.999:
        return "more than 999 to 1 on"
    if p <= 0.5:
        return "evens"
    return odds_words(Fraction(p).limit_denominator(1000))


def deal_data(a: DealAnalysis) -> dict[str, Any]:
    data: dict[str, Any] = {**schema_header("discard-play"),
                            "hand": [str(c) for c in a.hand], "seat": a.position, "rules": a.rules.name,
                            "model": MODEL, "samples": a.samples, "seed": a.seed}
    if a.position == "younger":
        data["elder_took"] = a.elder_took
        data["elder_blanche"] = a.elder_blanche
    data["play"] = a.play
    data["opponent"] = a.opponent
    data["candidates"] = a.candidates
    data["race"] = [{"deals": r.deals, "running": r.running, "kept": r.kept} for r in a.race]
    data["control"] = {"mean": a.control, "deals": a.control_deals}
    data["choices"] = [{"rank": i + 1, "discard": [str(c) for c in d.discard], "forced": d.forced,
                         "deal": deal_block(d), "uniform": _uniform(d)} for i, d in enumerate(a.discards)]
    data["sureness"] = sureness(a)
    return data


def _pm(e: dict[str, float], digits: int = 2) -> str:
    return f"{e['mean']:+.{digits}f} ± {e['se']:.{digits}f}"


def _pct(e: dict[str, float]) -> str:
    return f"{100 * e['mean']:.1f}"


def deal_table(a: DealAnalysis) -> str:
    data = deal_data(a)
    who = a.position
    if a.position == "younger":
        who += f", elder took {a.elder_took}" + (" and showed carte blanche" if a.elder_blanche else "")
    opp = "the dealer" if a.position == "elder" else "elder"
    play = "the play solved double dummy" if a.play else "no play (pique by elder's pique run)"
    exch = "by the exchange policy" if a.opponent == "policy" else "keeping his hand"
    rounds = ", ".join(f"{r.running} on {r.deals}" for r in a.race) or "none (every discard judged)"
    head = (f"Hand {format_cards(a.hand)} | {who} | rules {a.rules.name} | model: the whole deal\n"
            f"Both exchanges ({opp} {exch}), the declarations, {play}.\n"
            f"{a.samples:,} fresh deals per discard, seed {a.seed}; race among {a.candidates:,} discards "
            f"(discards on deals: {rounds}); ordered on the race's deals, reported on others.")
    rows = []
    for row in data["choices"]:
        d = row["deal"]
        words = format_cards(a.discards[row["rank"] - 1].discard) or (
            "(refuse the talon)" if a.position == "elder" else "(keep all)")
        cells = [row["rank"], words + (" *" if row["forced"] else ""), _pm(d["net"]), _pm(d["vs_best"]),
                 f"{d['declarations']['me']['mean']:.1f}/{d['declarations']['opp']['mean']:.1f}"]
        if a.play:
            cards = d["cards"]
            cells += [f"{d['play']['me']['mean']:.1f}/{d['play']['opp']['mean']:.1f}",
                      f"{_pct(cards['win'])}/{_pct(cards['divide'])}/{_pct(cards['lose'])}",
                      f"{_pct(d['capot']['me'])}/{_pct(d['capot']['opp'])}"]
        cells += [f"{_pct(d['pique']['me'])}/{_pct(d['pique']['opp'])}",
                  f"{_pct(d['repique']['me'])}/{_pct(d['repique']['opp'])}",
                  f"{row['uniform']['net']:+.2f}"]
        rows.append(cells)
    headers = ["#", "discard", "deal net\n± s.e.", "vs #1\n± s.e.", "declarations\nme/opp"]
    if a.play:
        headers += ["play\nme/opp", "cards %\nwin/div/lose", "capot %\nme/opp"]
    headers += ["pique %\nme/opp", "repique %\nme/opp", "exact net\n(uniform)"]
    body = tabulate(rows, headers=headers, disable_numparse=True,
                    colalign=("right", "left") + ("right",) * (len(headers) - 2))
    control = ("its exact mean" if a.control == "exact" else
               f"its mean sampled on {a.control_deals:,} more deals")
    foot = ["", "deal net: my total minus the opponent's for the whole deal, the mean over the fresh deals with "
            "its standard error; vs #1: the paired difference to #1, deal by deal (it may come out positive: "
            "#1 was chosen on other deals).",
            f"The net uses each deal's uniform-model declaration net as a control variate ({control}); vs #1 is the "
            "plain paired difference, the one --why splits by source.",
            "exact net (uniform): the exact declaration net of the uniform model (the opponent never exchanges, "
            "no play), as `discard` without --play ranks them."]
    if any(r["forced"] for r in data["choices"]):
        foot.append("*: put in the final round by --also or --why.")
    s = data["sureness"]
    if s is not None:
        z = s["standard_errors"]
        zs = f"{z:.1f} standard errors" if z is not None else "the same difference on every deal"
        odds = (f"{s['odds']} that #1 is the better discard" if s["odds"] is not None else
                f"odds need at least {ODDS_MIN_DEALS} deals")
        foot.append(f"#1 over #2: {s['difference']['mean']:+.2f} ± {s['difference']['se']:.2f} points a deal "
                    f"({zs}); {odds}.")
    return head + "\n\n" + body + "\n" + "\n".join(foot)
