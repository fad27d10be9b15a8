"""Result objects -> JSON-ready data -> a table (tabulate). No computing here beyond dividing counts.

Each table is rendered from the data its ``--json`` prints, so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from ..cards import Card, format_cards
from ..engine.columns import CLASSES_NORMAND, SIDES_FOUR
from ..rules import TWO_HANDED_SEATS, RuleSet, span
from ..schemas import header as schema_header
from ..wording import odds_words

if TYPE_CHECKING:  # the result types only: the commands that print no analysis import no numpy
    from ..analysis import Analysis, DeclarationAnalysis, DiscardResult
    from ..analysis.declarations_four import DeclarationFour
    from ..analysis.declarations_normand import DeclarationNormand, ExchangeNormand, SeatCounts
    from ..analysis.play import PlayAnalysis
    from ..game.declarations import DealScore
    from ..game.seating import SeatingScore

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
    """One discard as JSON-ready data (schema: piquet_calc/schemas, docs/json.md)."""
    return {
        "rank": rank,
        "discard": [str(c) for c in r.discard],
        "deals": r.deals,
        "point": _class(r, "point"),
        "sequence": _class(r, "sequence"),
        "sets": _class(r, "sets"),
        **_score_block(r),
        "counts": dict(r.counts),
    }


def _score_block(r: DiscardResult) -> dict[str, Any]:
    """carte_blanche, carte_rouge, repique, pique and score, as in the JSON schema."""
    return {
        "carte_blanche": {"me": r.expected("carte_blanche_me"), "opp": r.expected("carte_blanche_opp")},
        "carte_rouge": {"me": r.expected("carte_rouge_me"), "opp": r.expected("carte_rouge_opp")},
        "repique": {"me": r.probability("repique_me"), "opp": r.probability("repique_opp")},
        "pique": {"me": r.probability("pique_me"), "opp": r.probability("pique_opp")},
        "score": {"me": r.expected_score("me"), "opp": r.expected_score("opp"), "net": float(r.net)},
    }


def analysis_data(a: Analysis, top: int = 0) -> dict[str, Any]:
    """The whole analysis as JSON-ready data; ``top`` > 0 keeps the best ``top`` discards."""
    data: dict[str, Any] = {
        **schema_header("discard"),
        "hand": [str(c) for c in a.hand],
        "seat": a.position,
        "rules": a.rules.name,
        "model": MODEL,
    }
    if a.position == "younger":
        data["elder_took"] = a.elder_took
        data["elder_blanche"] = a.elder_blanche
    data["choices_total"] = len(a.discards)
    data["deals_per_discard"] = {str(n): d for n, d in sorted(a.deals_per_discard.items())}
    data["points"] = {"carte_blanche": a.rules.blanche_points, "carte_rouge": a.rules.carte_rouge_points}
    shown = a.discards[:top] if top > 0 else a.discards
    data["choices"] = [discard_data(r, i + 1) for i, r in enumerate(shown)]
    return data


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def header(data: dict[str, Any]) -> str:
    who = data["seat"]
    if who == "younger":
        who += f", elder took {data['elder_took']}" + (" and showed carte blanche" if data["elder_blanche"] else "")
    deals = ", ".join(f"{n} card{'s' * (n != '1')}: {d:,}" for n, d in data["deals_per_discard"].items())
    return (f"Hand {' '.join(data['hand'])} | {who} | rules {data['rules']} | {data['choices_total']:,} discards\n"
            f"Deals enumerated per discard ({deals})")


COLUMNS = ["#", "discard", "point\nwin/tie %", "sequence\nwin/tie %", "sets\nwin %",
           "repique %\nme/opp", "pique %\nme/opp", "E[me]", "E[opp]", "net"]
ROUGE_COLUMN = "carte rouge %\nme/opp"  # shown only under rules that score it


def _discard_words(discard: list[str], position: str) -> str:
    if discard:
        return " ".join(discard)
    return "(refuse the talon)" if position == "elder" else "(keep all)"


def _pct_pair(block: dict[str, float], scale: float = 1.0) -> str:
    """A me/opp pair of chances as percentages."""
    return f"{_pct(block['me'] / scale)}/{_pct(block['opp'] / scale)}"


def table(a: Analysis, top: int = 10) -> str:
    """Best discards first: percentages of deals and expected declaration scores (bonuses included)."""
    return table_of(analysis_data(a, top))


def table_of(data: dict[str, Any]) -> str:
    """The discard table, rendered from ``analysis_data``."""
    rouge_points = data["points"]["carte_rouge"]
    rows = []
    for d in data["choices"]:
        rows.append([
            d["rank"], _discard_words(d["discard"], data["seat"]),
            f"{_pct(d['point']['win'])}/{_pct(d['point']['tie'])}",
            f"{_pct(d['sequence']['win'])}/{_pct(d['sequence']['tie'])}",
            _pct(d["sets"]["win"]), _pct_pair(d["repique"]), _pct_pair(d["pique"]),
            *([_pct_pair(d["carte_rouge"], rouge_points)] if rouge_points else []),
            f"{d['score']['me']:.2f}", f"{d['score']['opp']:.2f}", f"{d['score']['net']:+.2f}",
        ])
    foot = ""
    if data["choices"]:
        first = data["choices"][0]["carte_blanche"]
        foot = (f"\nCarte blanche: mine {first['me']:.0f} points; "
                f"the opponent's {100 * first['opp'] / data['points']['carte_blanche']:.3f}% of deals."
                "\nE[] are expected declaration points with "
                + ("carte rouge, " if rouge_points else "") + "repique and pique bonuses; net = E[me] - E[opp].")
    hidden = data["choices_total"] - len(data["choices"])
    more = f"\n({hidden} more discards: --top 0 shows all)" if hidden else ""
    columns = COLUMNS[:7] + [ROUGE_COLUMN] * bool(rouge_points) + COLUMNS[7:]
    return header(data) + "\n\n" + tabulate(rows, headers=columns, disable_numparse=True,
                                             colalign=("right", "left") + ("right",) * (len(columns) - 2)) + foot + more


# --- declare ---------------------------------------------------------------------------------------

def _advice(d: DeclarationAnalysis) -> list[str]:
    r = d.result
    lines = []
    for call in d.calls:
        if not call.best:
            continue
        lose = r.probability(f"{call.name}_lose")
        if call.good_against_the_cards:
            tie = r.probability(f"{call.name}_tie")
            lines.append(f"{call.name}: {call.best} is good against the cards"
                         + (f" (equal in {100 * tie:.1f}% of holdings)" if tie else "") + ".")
        else:
            lines.append(f"{call.name}: {call.best} can be beaten: not good in {100 * lose:.1f}% of holdings"
                         f" ({odds_words(Fraction(r.counts[call.name + '_lose'], r.deals))}"
                         " that it is beaten)." if 0 < lose < 1 else
                         f"{call.name}: {call.best} can be beaten: not good in {100 * lose:.1f}% of holdings.")
        for combo in call.sinkable:
            lines.append(f"{call.name}: {combo} can be sunk without losing the class.")
    return lines


def declaration_data(d: DeclarationAnalysis) -> dict[str, Any]:
    r = d.result
    classes = {}
    for call in d.calls:
        classes[call.name] = {
            "best": call.best, "combinations": list(call.combinations),
            "good": r.probability(f"{call.name}_win"), "equal": r.probability(f"{call.name}_tie"),
            "not_good": r.probability(f"{call.name}_lose"),
            "good_against_the_cards": call.good_against_the_cards, "sinkable": list(call.sinkable),
            "me": r.expected(f"{call.name}_me"), "opp": r.expected(f"{call.name}_opp"),
        }
    return {
        **schema_header("declare"),
        "hand": [str(c) for c in d.hand], "seat": d.position, "rules": d.rules.name, "model": MODEL,
        "discards": [str(c) for c in d.discards], "seen": [str(c) for c in d.seen],
        "unseen": len(d.unseen), "holdings": r.deals, "classes": classes, **_score_block(r),
        "points": {"carte_blanche": d.rules.blanche_points, "carte_rouge": d.rules.carte_rouge_points},
        "advice": _advice(d), "counts": dict(r.counts),
    }


def declaration_table(d: DeclarationAnalysis) -> str:
    return declaration_table_of(declaration_data(d))


def declaration_table_of(data: dict[str, Any]) -> str:
    """The declaration table, rendered from ``declaration_data``."""
    rows = [[name, c["best"] or "-", _pct(c["good"]), _pct(c["equal"]), _pct(c["not_good"]),
             "yes" if c["good_against_the_cards"] else "no", f"{c['me']:.2f}", f"{c['opp']:.2f}"]
            for name, c in data["classes"].items()]
    head = (f"Hand {' '.join(data['hand'])} | {data['seat']} | rules {data['rules']}\n"
            f"Discarded {' '.join(data['discards']) or '-'}; seen {' '.join(data['seen']) or '-'}; "
            f"{data['unseen']} cards unseen: {data['holdings']:,} equally likely opponent hands")
    body = tabulate(rows, headers=["class", "best", "good %", "equal %", "not good %", "good against\nthe cards",
                                   "E[me]", "E[opp]"], disable_numparse=True)
    rouge_points = data["points"]["carte_rouge"]
    rouge = (f"carte rouge (me/opponent): {_pct_pair(data['carte_rouge'], rouge_points).replace('/', '%/')}%\n"
             if rouge_points else "")
    score = data["score"]
    tail = (f"repique: me {_pct(data['repique']['me'])}%, opponent {_pct(data['repique']['opp'])}%; "
            f"pique: me {_pct(data['pique']['me'])}%, opponent {_pct(data['pique']['opp'])}%\n{rouge}"
            f"expected declarations with bonuses: me {score['me']:.2f}, opponent {score['opp']:.2f}, "
            f"net {score['net']:+.2f}")
    advice = "\n".join("- " + line for line in data["advice"])
    return f"{head}\n\n{body}\n\n{tail}\n\n{advice}"


# --- score -----------------------------------------------------------------------------------------

def score_data(elder: Sequence[Card], dealer: Sequence[Card], s: DealScore, rules: RuleSet) -> dict[str, Any]:
    """``score --json``: the declarations of one two-handed deal."""
    return {**schema_header("score"), **_deal_score(elder, dealer, s, rules)}


def _deal_score(elder: Sequence[Card], dealer: Sequence[Card], s: DealScore, rules: RuleSet) -> dict[str, Any]:
    """The declarations of one deal: ``score --json`` and ``play --json``'s ``declarations``."""
    shown = dict(s.shown)
    return {
        "elder": [str(c) for c in elder], "dealer": [str(c) for c in dealer], "rules": rules.name,
        "classes": [{"class": name, "elder": e, "dealer": d,
                     "winner": "elder" if e > d else "dealer" if d > e else None, "shown": shown.get(name, "")}
                    for name, e, d in s.classes],
        "repique": {"elder": s.elder_repique, "dealer": s.dealer_repique},
        "pique": {"elder": s.elder_pique, "dealer": False},
        "pique_run": {"cashed": [str(c) for c in s.run.cashed], "points": s.run.points},
        "total": {"elder": s.total(elder=True), "dealer": s.total(elder=False)},
    }


def score_table(elder: Sequence[Card], dealer: Sequence[Card], s: DealScore, rules: RuleSet) -> str:
    data = score_data(elder, dealer, s, rules)
    rows = [[c["class"].replace("_", " "), c["elder"], c["dealer"], c["winner"] or "-", c["shown"] or "-"]
            for c in data["classes"]]
    rows.append(["total", data["total"]["elder"], data["total"]["dealer"], "", "declarations, repique and pique"])
    run = data["pique_run"]
    return (f"Elder {format_cards(elder)}\nDealer {format_cards(dealer)}\nrules {rules.name}\n\n"
            + tabulate(rows, headers=["class", "elder", "dealer", "scores", "with"], disable_numparse=True)
            + f"\n\nElder's pique run: {len(run['cashed'])} cashed ({' '.join(run['cashed']) or '-'}), "
              f"{run['points']} points in the play before the dealer can score.")


# --- odds ------------------------------------------------------------------------------------------

def odds_data(cards: Sequence[Card], take: int, unseen: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``odds --json``: the named cards, the draw and one row per "at least j"."""
    return {**schema_header("odds"), "cards": [str(c) for c in cards], "take": take, "unseen": unseen, "rows": rows}


def odds_table(cards: Sequence[Card], take: int, unseen: int, rows: list[dict[str, Any]]) -> str:
    head = f"Taking {take} of {unseen} unseen cards; named: {format_cards(cards)}"
    body = tabulate([[f"at least {r['at_least']}", f"{r['numerator']}/{r['denominator']}", _pct(r["probability"]),
                      r["odds"]] for r in rows], headers=["draw", "exact", "%", "odds"], disable_numparse=True)
    return f"{head}\n\n{body}"


# --- rules -----------------------------------------------------------------------------------------

def _flat(settings: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in settings.items():
        if isinstance(value, dict):
            out.update({f"{key}.{k}": v for k, v in value.items()})
        else:
            out[key] = value
    return out


def _setting_words(key: str, value: Any) -> str:
    if key == "blanche_ranks":
        return "no " + " ".join(value)
    if key == "table.talon_shares":
        return " + ".join(map(str, value))
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return span(value)
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def rules_data(rules: Sequence[RuleSet]) -> dict[str, Any]:
    """``rules --json``: each rule set's settings by its name, as a house-rules file names them."""
    return {**schema_header("rules"), "rules": {r.name: r.settings() for r in rules}}


def rules_table(rules: Sequence[RuleSet]) -> str:
    """One row per setting, one column per rule set."""
    flat = [_flat(r.settings()) for r in rules]
    keys = [k for k in dict.fromkeys(k for f in flat for k in f) if k not in ("name", "source")]
    # seats differ between games: a seat a game does not have shows "-"
    rows = [[k] + [_setting_words(k, f[k]) if k in f and not (k.startswith("table_rules.") and r.game.two_handed)
                   else "-" for f, r in zip(flat, rules, strict=True)] for k in keys]
    table_ = tabulate(rows, headers=["setting"] + [r.name for r in rules], disable_numparse=True)
    sources = "\n".join(f"{r.name}: {r.source}" for r in rules)
    return f"{table_}\n\n{sources}"


# --- play ------------------------------------------------------------------------------------------

def _seat(i: int) -> str:
    return TWO_HANDED_SEATS[i]


def _by_seat(values: Sequence[Any]) -> dict[str, Any]:
    return {"elder": values[0], "dealer": values[1]}


def play_data(a: PlayAnalysis) -> dict[str, Any]:
    """The play of one deal as JSON-ready data (schema: piquet_calc/schemas, docs/json.md)."""
    line = []
    for t in a.tricks:
        line.append({
            "trick": t.number, "leader": _seat(t.leader),
            "elder": str(t.cards[0]), "dealer": str(t.cards[1]), "winner": _seat(t.winner),
            "recorded": t.recorded, "totals": _by_seat(t.totals),
            "equally_good": {"elder": [str(c) for c in t.equally_good[0]],
                             "dealer": [str(c) for c in t.equally_good[1]]},
            "pique": t.pique,
        })
    end = a.end
    capot = [i for i in (0, 1) if a.tricks_won[i] == len(a.tricks) and end.capot[i]]
    return {
        **schema_header("play"),
        "elder": [str(c) for c in a.elder], "dealer": [str(c) for c in a.dealer], "rules": a.rules.name,
        "elder_dealt": [str(c) for c in a.elder_dealt] if a.elder_dealt else None,
        "dealer_dealt": [str(c) for c in a.dealer_dealt] if a.dealer_dealt else None,
        "tricks": [[str(c) for c in (t.cards if t.leader == 0 else t.cards[::-1])][:1 if t.led_recorded else 2]
                   for t in a.tricks if t.recorded or t.led_recorded],
        "declarations": _deal_score(a.elder, a.dealer, a.declarations, a.rules),
        "before_play": {**_by_seat(a.before), "pique_live": a.pique_live},
        "line": line,
        "tricks_won": _by_seat(a.tricks_won),
        "cards": _by_seat(end.cards),
        "capot": {**_by_seat(end.capot), "by": _seat(capot[0]) if capot else None},
        "pique": {"elder": a.pique, "points": a.rules.pique_bonus if a.pique else 0},
        "deal_bonus": _by_seat(end.deal_bonus),
        "total": _by_seat(end.totals),
        "difference": end.totals[0] - end.totals[1],
        "value": a.value,
        "choices": ranked_choices([(str(c), v, f) for c, v, f in a.choices], a.to_move in (None, 0)),
    }


def ranked_choices(cards: list[tuple[str, int, int]], maximise: bool) -> list[dict[str, Any]]:
    """Every legal card of the player to move, best first for his side (elder's side: the highest value),
    cards of equal value in display order, each with its rank (1 for the best) and values."""
    order = sorted(range(len(cards)), key=lambda i: (-cards[i][1] if maximise else cards[i][1], i))
    return [{"rank": r, "card": cards[i][0], "value": cards[i][1], "future": cards[i][2]}
            for r, i in enumerate(order, start=1)]


def _choices(t: dict[str, Any], seat: str) -> str:
    good = t["equally_good"][seat]
    return "any of " + " ".join(good) if len(good) > 1 else ""


def play_table(a: PlayAnalysis) -> str:
    data = play_data(a)
    head = score_table(a.elder, a.dealer, a.declarations, a.rules)
    before = data["before_play"]
    live = ("pique live: the dealer at nothing" if before["pique_live"]
            else "pique not live: " + ("a repique" if a.declarations.elder_repique else "the dealer has scored"))
    rows = []
    for t in data["line"]:
        leader, follower = t["leader"], "dealer" if t["leader"] == "elder" else "elder"
        notes = [f"{seat}: {c}" for seat in (leader, follower) if (c := _choices(t, seat))]
        if t["pique"]:
            notes.append(f"pique: elder +{a.rules.pique_bonus}")
        if t["trick"] == len(data["tricks"]) and not t["recorded"]:  # the lead given, the reply solved
            notes.insert(0, "lead recorded")
        rows.append([t["trick"], leader, t[leader], t[follower], t["winner"], t["totals"]["elder"],
                     t["totals"]["dealer"], "recorded" if t["recorded"] else "; ".join(notes)])
    body = tabulate(rows, headers=["trick", "leads", "led", "played", "wins", "elder", "dealer", "notes"],
                    disable_numparse=True)
    given = sum(t["recorded"] for t in data["line"])
    solved = "both play perfectly, seeing every card (double dummy)"
    how = (solved if not given else f"the {given} tricks as recorded" if given == len(data["line"])
           else f"tricks 1 to {given} as recorded, then {solved}")
    won = data["tricks_won"]
    if data["capot"]["by"]:
        play = a.rules.play
        instead = [w for w, r in (("the cards", play.capot_replaces_cards),
                                  ("the last trick's extra", play.capot_replaces_last_trick)) if r]
        cards = (f"capot: {data['capot']['by']} wins all {len(data['line'])} tricks, {play.capot}"
                 + (f" in place of {' and '.join(instead)}" if instead else ""))
    elif data["cards"]["elder"] or data["cards"]["dealer"]:
        who = "elder" if data["cards"]["elder"] else "dealer"
        other = "dealer" if who == "elder" else "elder"
        cards = f"the cards: {who}, {won[who]} tricks to {won[other]}, +{data['cards'][who]}"
    else:
        cards = f"tricks: elder {won['elder']}, dealer {won['dealer']}"
        if won["elder"] == won["dealer"]:
            cards += ", nobody scores the cards"
        elif a.rules.play.seventh_trick:
            cards += f" (the seventh trick scored {a.rules.play.seventh_trick} in the play)"
        else:
            cards += f" (no points for the cards under {a.rules.name})"
    pique = (f"pique: elder +{data['pique']['points']}" if data["pique"]["elder"] else "pique: none")
    bonus = data["deal_bonus"]
    bonus_line = ""
    if a.rules.play.deal_bonus:
        who = "elder" if bonus["elder"] else "dealer" if bonus["dealer"] else None
        bonus_line = (f"\ndeal bonus: {who} +{bonus[who]} for the higher total" if who
                      else "\ndeal bonus: equal totals, nobody")
    total = data["total"]
    diff = data["difference"]
    verdict = f"elder by {diff}" if diff > 0 else f"dealer by {-diff}" if diff < 0 else "equal"
    return (f"{head}\n\nBefore the play: elder {before['elder']}, dealer {before['dealer']} ({live}).\n"
            + f"Play: {how}.\n\n" + body
            + f"\n\n{cards}\n{pique}{bonus_line}\ntotal: elder {total['elder']}, dealer {total['dealer']}: {verdict}"
            + _leads_table(data, a))


def choices_table(choices: list[dict[str, Any]], seat: str, trick: int) -> str:
    """Every legal card of the seat to move grouped by its value, best play after it: one line a value, the
    best first for the seat's side (shared by the two- and four-handed tables)."""
    values: dict[tuple[int, int], list[str]] = {}
    for c in choices:
        values.setdefault((c["value"], c["future"]), []).append(c["card"])
    maximise = seat in ("elder", "third")
    rows = [f"  {v:+d} (from here {f:+d}): {' '.join(cards)}"
            for (v, f), cards in sorted(values.items(), reverse=maximise)]
    return f"Every card {seat} may play to trick {trick}, valued with best play after it:\n" + "\n".join(rows)


def _leads_table(data: dict[str, Any], a: PlayAnalysis) -> str:
    """Every lead of the player to move after the recorded tricks, valued (``choices``), under the line."""
    if not data["choices"]:
        return ""
    first = next(t for t in data["line"] if not t["recorded"])
    return "\n\n" + choices_table(data["choices"], TWO_HANDED_SEATS[a.to_move or 0], first["trick"])


# --- three and four players: score -----------------------------------------------------------------

def seating_score_data(hands: Sequence[Sequence[Card]], s: SeatingScore) -> dict[str, Any]:
    """One deal at a table of three or four as JSON-ready data (schema: piquet_calc/schemas, docs/json.md)."""
    seats = s.rules.table.seats
    shown = dict(s.shown)
    return {
        **schema_header("score-table"),
        "rules": s.rules.name,
        "hands": {seat: [str(c) for c in h] for seat, h in zip(seats, hands, strict=True)},
        "parties": list(s.parties),
        "classes": [{"class": name, "points": dict(zip(s.parties, pts, strict=True)),
                     "winner": None if s.winner(name) is None else s.parties[s.winner(name)],
                     "shown": shown.get(name, "")} for name, pts in s.classes],
        "repique": dict(zip(s.parties, s.repique, strict=True)),
        "pique": dict(zip(s.parties, s.pique, strict=True)),
        "pique_run": {"party": s.parties[0], "cashed": [str(c) for c in s.run.cashed],
                      "overtaken_at": s.run.overtaken, "points": s.run.points},
        "total": {p: s.total(i) for i, p in enumerate(s.parties)},
    }


def seating_score_table(hands: Sequence[Sequence[Card]], s: SeatingScore) -> str:
    data = seating_score_data(hands, s)
    heads = "\n".join(f"{seat:<7} {format_cards(h)}" for seat, h in zip(s.rules.table.seats, hands, strict=True))
    rows = [[c["class"].replace("_", " "), *c["points"].values(), c["winner"] or "-", c["shown"] or "-"]
            for c in data["classes"]]
    rows.append(["total", *data["total"].values(), "", "declarations, repique and pique"])
    run = data["pique_run"]
    partner = f"; his partner takes trick {run['overtaken_at']} of a suit" if run["overtaken_at"] else ""
    return (f"{heads}\nrules {s.rules.name}\n\n"
            + tabulate(rows, headers=["class", *s.parties, "scores", "with"], disable_numparse=True)
            + f"\n\n{run['party']}'s pique run: elder cashes {len(run['cashed'])} "
              f"({' '.join(run['cashed']) or '-'}){partner}, {run['points']} points in the play "
              "before another party can score.")


# --- three players: the dealer's exchange and a seat's declarations ---------------------------------

def seat_counts_data(r: SeatCounts) -> dict[str, Any]:
    """One seat's figures of a Normand analysis (an exchange's or a final hand's) as JSON-ready data."""
    seats = r.rules.table.seats
    return {
        "deals": r.deals,
        **{c: {w: r.probability(f"{c}_{w}") for w in ("win", "tie", "lose")} for c in CLASSES_NORMAND},
        "expected": {s: {**{c: r.counts[f"{c}_{s}"] / r.deals for c in (*CLASSES_NORMAND, "carte_blanche")},
                         "total": r.expected_score(s)} for s in seats},
        "carte_blanche": {s: r.probability(f"carte_blanche_{s}") / r.rules.blanche_points
                          if r.rules.blanche_points else 0.0 for s in seats},
        "repique": {s: r.probability(f"repique_{s}") for s in seats},
        "pique": {s: r.probability(f"pique_{s}") for s in seats},
        "net": float(r.net),
        "counts": dict(r.counts),
    }


def exchange_normand_data(a: ExchangeNormand, top: int = 0) -> dict[str, Any]:
    shown = a.options[:top] if top else a.options
    return {**schema_header("discard-normand"),
            "hand": [str(c) for c in a.hand], "seat": "dealer", "rules": a.rules.name, "model": MODEL,
            "seat_blanche": a.carte_blanche, "choices_total": len(a.options),
            "choices": [{"rank": i, "discard": [str(c) for c in o.discard or ()],
                         **seat_counts_data(o)} for i, o in enumerate(shown, start=1)]}


def _seat_row(r: SeatCounts) -> list[str]:
    seats = r.rules.table.seats
    return ([_pct(r.probability(f"{c}_win")) for c in CLASSES_NORMAND]
            + [f"{r.expected_score(s):.2f}" for s in seats]
            + ["/".join(_pct(r.probability(f"repique_{s}")) for s in seats), _pct(r.probability("pique_elder")),
               f"{float(r.net):+.2f}"])


def _seat_headers(r: SeatCounts) -> list[str]:
    return (["point win", "seq win", "sets win"] + [f"E[{s}]" for s in r.rules.table.seats]
            + ["repique e/m/d", "pique elder", "net"])


def exchange_normand_table(a: ExchangeNormand, top: int = 10) -> str:
    shown = a.options[:top] if top else a.options
    head = (f"Dealer (normand) {format_cards(a.hand)}; carte blanche: {'yes' if a.carte_blanche else 'no'}; "
            f"{shown[0].deals:,} deals per exchange (every talon, every split of the rest)")
    rows = [[i, "keep" if o.discard is None else f"out {format_cards(o.discard)}", *_seat_row(o)]
            for i, o in enumerate(shown, start=1)]
    body = tabulate(rows, headers=["#", "exchange", *_seat_headers(shown[0])], disable_numparse=True)
    tail = ("E[seat]: expected declarations with carte blanche, repique and pique; net: the dealer's minus the mean "
            "of elder's and middle's. Pique: elder's run from cashable winners (docs/rules.md).")
    return f"{head}\n\n{body}\n\n{tail}"


def declaration_normand_data(d: DeclarationNormand) -> dict[str, Any]:
    return {**schema_header("declare-normand"),
            "hand": [str(c) for c in d.hand], "seat": d.seat, "rules": d.rules.name, "model": MODEL,
            "discards": [str(c) for c in d.discards], "seat_blanche": d.carte_blanche,
            "out_of_play": d.out_of_play, **seat_counts_data(d.result)}


def declaration_normand_table(d: DeclarationNormand) -> str:
    r = d.result
    head = (f"{d.seat.capitalize()} (normand) {format_cards(d.hand)}; {r.deals:,} deals of the unseen cards"
            + (f"; discarded {format_cards(d.discards)}" if d.discards else ""))
    body = _classes_table(r, d.rules.table.seats)
    return f"{head}\n\n{body}\n\nnet (own minus the mean of the two others): {float(r.net):+.2f}"


def _classes_table(r: Any, sides: tuple[str, ...]) -> str:
    """The three- and four-player table: each class's win/tie/lose of the side analysed and every seat's (or
    side's) mean points in it, then carte blanche, repique, pique and the total. ``r``: counts of the
    game (ExactCounts, with ``expected_score``)."""
    rows = [[c, _pct(r.probability(f"{c}_win")), _pct(r.probability(f"{c}_tie")), _pct(r.probability(f"{c}_lose")),
             *[f"{r.counts[f'{c}_{s}'] / r.deals:.2f}" for s in sides]] for c in CLASSES_NORMAND]
    rows.append(["carte blanche", "", "", "", *[f"{r.counts[f'carte_blanche_{s}'] / r.deals:.2f}" for s in sides]])
    rows.append(["repique %", "", "", "", *[_pct(r.probability(f"repique_{s}")) for s in sides]])
    rows.append(["pique %", "", "", "", *[_pct(r.probability(f"pique_{s}")) for s in sides]])
    rows.append(["total", "", "", "", *[f"{r.expected_score(s):.2f}" for s in sides]])
    return tabulate(rows, headers=["class", "win", "tie", "lose", *sides], disable_numparse=True)


# --- four players: a seat's declarations -----------------------------------------------------------------

def declaration_four_data(d: DeclarationFour) -> dict[str, Any]:
    """A four-player declaration analysis as JSON-ready data (schema: piquet_calc/schemas, docs/json.md)."""
    return {
        **schema_header("declare-four"),
        "hand": [str(c) for c in d.hand], "seat": d.seat, "rules": d.rules.name, "model": MODEL,
        "seat_blanche": d.carte_blanche, "deals": d.deals,
        **{c: {w: d.probability(f"{c}_{w}") for w in ("win", "tie", "lose")} for c in CLASSES_NORMAND},
        "expected": {s: {**{c: d.counts[f"{c}_{s}"] / d.deals for c in (*CLASSES_NORMAND, "carte_blanche")},
                         "total": d.expected_score(s)} for s in SIDES_FOUR},
        "repique": {s: d.probability(f"repique_{s}") for s in SIDES_FOUR},
        "pique": {s: d.probability(f"pique_{s}") for s in SIDES_FOUR},
        "net": float(d.net),
        "counts": dict(d.counts),
    }


def declaration_four_table(d: DeclarationFour) -> str:
    head = (f"{d.seat.capitalize()} (four) {format_cards(d.hand)}; {d.deals:,} deals (every partner's hand, every "
            "split between the opponents); side: you and your partner")
    body = _classes_table(d, SIDES_FOUR)
    return f"{head}\n\n{body}\n\nnet (side minus opponents): {float(d.net):+.2f}"
