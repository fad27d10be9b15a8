"""Result objects -> a table (tabulate) or JSON-ready data. No computing here beyond dividing counts."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from .analysis import Analysis, DiscardResult
from .cards import format_cards

MODEL = "uniform"


def _class(r: DiscardResult, name: str) -> dict[str, float]:
    return {
        "win": r.probability(f"{name}_win"),
        "tie": r.probability(f"{name}_tie"),
        "lose": r.probability(f"{name}_lose"),
        "me": r.expected(f"{name}_me"),
        "opp": r.expected(f"{name}_opp"),
    }


def discard_data(r: DiscardResult, rank: int) -> dict[str, Any]:
    """One discard as JSON-ready data (schema in README.md)."""
    me, opp = r.score_sum("me") / r.deals, r.score_sum("opp") / r.deals
    return {
        "rank": rank,
        "discard": [str(c) for c in r.discard],
        "deals": r.deals,
        "point": _class(r, "point"),
        "sequence": _class(r, "sequence"),
        "sets": _class(r, "sets"),
        "carte_blanche": {"me": r.expected("carte_blanche_me"), "opp": r.expected("carte_blanche_opp")},
        "repique": {"me": r.probability("repique_me"), "opp": r.probability("repique_opp")},
        "pique": {"me": r.probability("pique_me"), "opp": r.probability("pique_opp")},
        "score": {"me": me, "opp": opp, "net": float(r.net)},
        "counts": dict(r.counts),
    }


def analysis_data(a: Analysis, top: int = 0) -> dict[str, Any]:
    """The whole analysis as JSON-ready data; ``top`` > 0 keeps the best ``top`` discards."""
    data: dict[str, Any] = {
        "hand": [str(c) for c in a.hand],
        "position": a.position,
        "rules": a.rules.name,
        "model": MODEL,
    }
    if a.position == "younger":
        data["elder_took"] = a.elder_took
        data["elder_blanche"] = a.elder_blanche
    shown = a.discards[:top] if top > 0 else a.discards
    data["discards"] = [discard_data(r, i + 1) for i, r in enumerate(shown)]
    return data


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def header(a: Analysis) -> str:
    who = a.position
    if a.position == "younger":
        who += f", elder took {a.elder_took}" + (" and showed carte blanche" if a.elder_blanche else "")
    deals = ", ".join(f"{n} card{'s' * (n != 1)}: {d:,}" for n, d in sorted(a.deals_per_discard.items()))
    return (f"Hand {format_cards(a.hand)} | {who} | rules {a.rules.name} | {len(a.discards):,} discards\n"
            f"Deals enumerated per discard ({deals})")


COLUMNS = ["#", "discard", "point\nwin/tie %", "sequence\nwin/tie %", "sets\nwin %",
           "repique %\nme/opp", "pique %\nme/opp", "E[me]", "E[opp]", "net"]


def table(a: Analysis, top: int = 10) -> str:
    """Best discards first: percentages of deals and expected declaration scores (bonuses included)."""
    shown = a.discards[:top] if top > 0 else a.discards
    rows = []
    for i, r in enumerate(shown, 1):
        rows.append([
            i, format_cards(r.discard),
            f"{_pct(r.probability('point_win'))}/{_pct(r.probability('point_tie'))}",
            f"{_pct(r.probability('sequence_win'))}/{_pct(r.probability('sequence_tie'))}",
            _pct(r.probability("sets_win")),
            f"{_pct(r.probability('repique_me'))}/{_pct(r.probability('repique_opp'))}",
            f"{_pct(r.probability('pique_me'))}/{_pct(r.probability('pique_opp'))}",
            f"{r.score_sum('me') / r.deals:.2f}", f"{r.score_sum('opp') / r.deals:.2f}", f"{float(r.net):+.2f}",
        ])
    first = a.discards[0] if a.discards else None
    foot = ""
    if first is not None:
        foot = (f"\nCarte blanche: mine {first.expected('carte_blanche_me'):.0f} points; "
                f"the opponent's {100 * first.expected('carte_blanche_opp') / a.rules.blanche_points:.3f}% of deals."
                "\nE[] are expected declaration points with repique and pique bonuses; net = E[me] - E[opp].")
    hidden = len(a.discards) - len(shown)
    more = f"\n({hidden} more discards: --top 0 shows all)" if hidden else ""
    return header(a) + "\n\n" + tabulate(rows, headers=COLUMNS, disable_numparse=True,
                                          colalign=("right", "left") + ("right",) * 8) + foot + more
