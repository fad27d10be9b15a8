"""play --seat where carte blanche and the exchange matter (issue 29): the seat view's values checked against a
brute-force scorer written here from RULES.md, on small endings of whole deals dealt and exchanged.

The reference knows nothing of seat/knowledge.py or seat/seat.py: it tries every 12-card hand of the cards the
player cannot see, keeps those that (1) keep ``12 - took`` cards of a carte blanche the other showed, (2) make
the announcements the true hand made (docs/rules.md, the model: elder's best in each class and every scoring
combination with its suits; the dealer's answers), computed by the plain declarations below, and (3) could
have played the other's cards of the tricks so far; then scores each deal from RULES.md (carte blanche of the
*dealt* hands first, then point, sequences, sets, repique; pique live while the dealer is at nothing) and
solves the rest of the play with tests/naive.py's plain alpha-beta. The seat view must give, card for card,
the same number of hands and the same sum of values.
"""

from __future__ import annotations

import itertools
import random

import pytest

from piquet_calc.analysis.seen import analyse_seen, opponent_hands
from piquet_calc.cards import DECK, HAND_SIZE, Card, Rank
from piquet_calc.game.play import DEALER, ELDER, legal_cards, play_trick, start
from piquet_calc.rules import get_rules
from piquet_calc.seat.dialogue import dialogue
from piquet_calc.seat.heard import heard_text

from .naive import play_value

COURTS = {Rank.KING, Rank.QUEEN, Rank.JACK}
PIPS = {r: min(10, 7 + int(r)) if r != Rank.ACE else 11 for r in Rank}


# --- the declarations, plain (RULES.md, "Declarations, in the order they count") -------------------------------


def _suit(hand, s):
    return sorted((c for c in hand if c.suit == s), key=lambda c: c.rank)


def point_key(hand):
    """(cards, pips) of the best suit, and every suit that has it."""
    keys = {s: (len(_suit(hand, s)), sum(PIPS[c.rank] for c in _suit(hand, s))) for s in {c.suit for c in DECK}}
    best = max(keys.values())
    return best, {s for s, k in keys.items() if k == best}


def runs(hand):
    """Every sequence of three or more: (length, top rank, suit)."""
    out = []
    for s in {c.suit for c in DECK}:
        ranks = sorted(int(c.rank) for c in _suit(hand, s))
        i = 0
        while i < len(ranks):
            j = i
            while j + 1 < len(ranks) and ranks[j + 1] == ranks[j] + 1:
                j += 1
            if j - i + 1 >= 3:
                out.append((j - i + 1, ranks[j], int(s)))
            i = j + 1
    return sorted(out, reverse=True)


def sets(hand, rules):
    """Every trio or quatorze of a counting rank: (size, rank, the suits)."""
    out = []
    for r in Rank:
        if r >= rules.set_min_rank:
            suits = tuple(sorted(int(c.suit) for c in hand if c.rank == r))
            if len(suits) >= 3:
                out.append((len(suits), int(r), suits))
    return sorted(out, reverse=True)


def best_run(hand):
    return runs(hand)[0][:2] if runs(hand) else (0, -1)


def best_set(hand, rules):
    return sets(hand, rules)[0][:2] if sets(hand, rules) else (0, -1)


def cmp(a, b):
    return (a > b) - (a < b)


def announced(elder, dealer, rules):
    """What the dialogue makes public (docs/rules.md, the model), as comparable values: elder's point (cards,
    and pips when the dealer held as many), his best sequence and set, the three answers, and each player's
    scoring combinations with their suits (a point by the suits that make it)."""
    (ep, e_suits), (dp, d_suits) = point_key(elder), point_key(dealer)
    pc, sc = cmp(ep, dp), cmp(best_run(elder), best_run(dealer))
    tc = cmp(best_set(elder, rules), best_set(dealer, rules))
    asked = ep[0] == dp[0]
    public = (ep[0], ep[1] if asked else None, best_run(elder), best_set(elder, rules), pc,
              sc if runs(elder) else None, tc if sets(elder, rules) else None)
    e_score = ((ep, frozenset(e_suits)) if pc > 0 else None, tuple(runs(elder)) if sc > 0 else (),
               tuple(sets(elder, rules)) if tc > 0 else ())
    d_score = ((dp, frozenset(d_suits)) if pc < 0 else None, tuple(runs(dealer)) if sc < 0 else (),
               tuple(sets(dealer, rules)) if tc < 0 else ())
    return public, e_score, d_score


def totals(elder, dealer, e_blanche, d_blanche, rules):
    """Each side's declarations, carte blanche first, with repique; and whether pique is live (RULES.md)."""
    (ep, _), (dp, _) = point_key(elder), point_key(dealer)
    e = [10 * e_blanche]
    d = [10 * d_blanche]
    c = cmp(ep, dp)
    e.append(ep[0] if c > 0 else 0)
    d.append(dp[0] if c < 0 else 0)

    def run_pts(hand):
        return sum(n if n < 5 else 10 + n for n, _, _ in runs(hand))

    c = cmp(best_run(elder), best_run(dealer))
    e.append(run_pts(elder) if c > 0 else 0)
    d.append(run_pts(dealer) if c < 0 else 0)

    def set_pts(hand):
        return sum(14 if n == 4 else 3 for n, _, _ in sets(hand, rules))

    c = cmp(best_set(elder, rules), best_set(dealer, rules))
    e.append(set_pts(elder) if c > 0 else 0)
    d.append(set_pts(dealer) if c < 0 else 0)
    run_e, run_d = list(itertools.accumulate(e)), list(itertools.accumulate(d))

    def repique(mine, theirs):  # 30 reached class by class before the other scores anything
        return any(m >= rules.repique_threshold and t == 0 for m, t in zip(mine, theirs, strict=True))

    er, dr = repique(run_e, run_d), repique(run_d, run_e)
    e_tot, d_tot = run_e[-1] + rules.repique_bonus * er, run_d[-1] + rules.repique_bonus * dr
    return e_tot, d_tot, not er and d_tot == 0


# --- the seat view by brute force -------------------------------------------------------------------------------


def reference(seat, hand, discards, opp_true, opp_dealt_shown, took, own_blanche, tricks, rules):
    """(hands kept, {card: sum over them of the player's final total minus the other's})."""
    unseen = [c for c in DECK if c not in set(hand) | set(discards)]
    me_elder = seat == ELDER

    def pair(opp):
        return (hand, opp) if me_elder else (opp, hand)

    a_true = announced(*pair(opp_true), rules)
    side = 2 if me_elder else 1
    heard = a_true[0], a_true[side]
    kept = []
    his = _his_cards(seat, tricks)  # every hand that played them holds them: the others are not tried
    rest = [c for c in unseen if c not in his]
    for more in itertools.combinations(rest, HAND_SIZE - len(his)):
        opp = tuple(sorted(his + list(more)))
        if opp_dealt_shown is not None and len(set(opp) & set(opp_dealt_shown)) != HAND_SIZE - took:
            continue
        a = announced(*pair(opp), rules)
        if not _same(heard, (a[0], a[side])):
            continue
        if _plays(opp, seat, tricks):
            kept.append(opp)
    sums: dict[Card, int] = {}
    for opp in kept:
        e, d = pair(opp)
        eb, db = (own_blanche, opp_dealt_shown is not None) if me_elder else (opp_dealt_shown is not None,
                                                                             own_blanche)
        s = start(e, d, rules, *totals(e, d, eb, db, rules))
        for lead, reply in tricks:
            s = play_trick(s, lead, reply, rules)
        sign = 1 if me_elder else -1
        for c in legal_cards(s.hands[seat], None):
            vals = [play_value(play_trick(s, c, r, rules), rules) for r in legal_cards(s.hands[1 - seat], c)]
            v = min(vals) if me_elder else max(vals)
            sums[c] = sums.get(c, 0) + sign * v
    return len(kept), sums


def _same(heard, theirs):
    """The announcements are the same: a point that scored is named in one suit (the first of its equal best
    in spades, hearts, diamonds, clubs order, as the true hand named it): any hand with that suit among its
    best says the same."""
    (pub, (point, runs_, sets_)), (pub2, (point2, runs2, sets2)) = heard, theirs
    if (pub, runs_, sets_) != (pub2, runs2, sets2) or (point is None) != (point2 is None):
        return False
    return point is None or point[0] == point2[0] and min(point[1]) in point2[1]


def _his_cards(seat, tricks):
    """The other's cards of ``tricks`` (elder leads the first, the winner of each the next)."""
    out, leader = [], ELDER
    for lead, reply in tricks:
        out.append(lead if leader != seat else reply)
        leader = 1 - leader if reply.suit == lead.suit and reply.rank > lead.rank else leader
    return out


def _plays(opp, seat, tricks):
    """The other, holding ``opp``, could have played his cards of ``tricks`` (elder leads the first)."""
    left, leader = set(opp), ELDER
    for lead, reply in tricks:
        follower = 1 - leader
        his = lead if leader != seat else reply
        if his not in left:
            return False
        if follower != seat and reply.suit != lead.suit and any(c.suit == lead.suit for c in left):
            return False
        left.discard(his)
        wins = reply.suit == lead.suit and reply.rank > lead.rank
        leader = follower if wins else leader
    return True


def deal_with_blanche(rng, blanche_seat, rules):
    """A deal whose ``blanche_seat`` holds carte blanche, both exchanges made at random within the rules:
    (elder's dealt, dealer's dealt, elder's final, dealer's final, elder's discards, dealer's discards)."""
    plain = [c for c in DECK if c.rank not in COURTS]
    blanche = rng.sample(plain, HAND_SIZE)
    rest = [c for c in DECK if c not in blanche]
    rng.shuffle(rest)
    other, talon = rest[:HAND_SIZE], rest[HAND_SIZE:]
    e_dealt, d_dealt = (blanche, other) if blanche_seat == ELDER else (other, blanche)
    k = rng.choice([n for n in rules.elder_discards if n])
    e_out = rng.sample(e_dealt, k)
    e_final = [c for c in e_dealt if c not in e_out] + talon[:k]
    m = rng.choice(rules.dealer_discards(k))
    d_out = rng.sample(d_dealt, m)
    d_final = [c for c in d_dealt if c not in d_out] + talon[k:k + m]
    return e_dealt, d_dealt, e_final, d_final, e_out, d_out


def first_tricks(e_final, d_final, n, rules):
    """``n`` tricks of the true hands, each side playing its lowest legal card."""
    s = start(e_final, d_final, rules, 0, 0, False)
    out = []
    for _ in range(n):
        lead = min(legal_cards(s.hands[s.leader], None), key=lambda c: (c.rank, c.suit))
        reply = min(legal_cards(s.hands[1 - s.leader], lead), key=lambda c: (c.rank, c.suit))
        out.append((lead, reply))
        s = play_trick(s, lead, reply, rules)
    return out, s.leader


@pytest.mark.parametrize("preset", ["rubicon", "au-cent"])
def test_seat_view_equals_brute_force_with_carte_blanche_and_the_exchange(preset):
    rules = get_rules(preset)
    rng = random.Random(29)
    checked = 0
    for trial in range(40):
        blanche_seat = trial % 2
        e_dealt, d_dealt, e_final, d_final, e_out, d_out = deal_with_blanche(rng, blanche_seat, rules)
        tricks, leader = first_tricks(e_final, d_final, 9, rules)
        seat = leader  # the player to lead trick 10
        hand, discards = (e_final, e_out) if seat == ELDER else (d_final, d_out)
        opp_true, opp_dealt = (d_final, d_dealt) if seat == ELDER else (e_final, e_dealt)
        took = len(e_out) if seat == DEALER else len(d_out)
        shown = opp_dealt if blanche_seat != seat else None
        own = blanche_seat == seat
        d = dialogue(e_final, d_final, rules, e_dealt, d_dealt)
        heard = heard_text(d, "elder" if seat == ELDER else "dealer")
        hands = opponent_hands(hand, discards, seat, heard, rules, other_took=took, shown_blanche=own)
        assert hands.blanche == ((own, shown is not None) if seat == ELDER else (shown is not None, own))
        got = analyse_seen(hand, seat, rules, hands.masks, tricks, None, None, threads=1, blanche=hands.blanche)
        n, want = reference(seat, hand, discards, opp_true, shown, took, own, tricks, rules)
        assert got.hands == n, (trial, heard)
        assert {c.card: c.value_sum for c in got.choices} == want, (trial, heard)
        assert got.totals is not None  # the announcements fix the totals
        checked += 1
    assert checked == 40


def test_own_blanche_is_the_dealt_hands():
    """Elder's blanche from his hand and discards: a court among his discards, none (issue 29's example)."""
    from piquet_calc.cards import parse_cards
    from piquet_calc.seat.seat import own_blanche

    rules = get_rules("rubicon")
    hand = tuple(parse_cards("AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD"))
    assert not own_blanche(hand, tuple(parse_cards("KS QD JC 9D 8D")), rules)
    assert own_blanche(hand, tuple(parse_cards("7C 8C 9C 9D 8D")), rules)
    courts = tuple(parse_cards("KS TS 9S 8S 7S AH TH 9H 8H 7H AD TD"))
    assert not own_blanche(courts, tuple(parse_cards("7C 8C 9C 9D 8D")), rules)  # he may have had one
    assert own_blanche(courts, tuple(parse_cards("7C 8C 9C 9D 8D")), rules, shown=True)


# --- the command line: the commands, and bad input in one line (issues 29 and 30) -----------------------

from pathlib import Path  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from piquet_calc.cli import app  # noqa: E402

runner = CliRunner()
BLANCHE = "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD"
DEALER_HAND = "KS QS JS KH QH JH AC KC QC KD QD JD"
ELDER_HAND = "KC QC JC TC 9C KS KH KD QS QH QD JS"


def run(*args: str):
    return runner.invoke(app, [*args, "-q"])


def refused(r, words: str) -> None:
    """Exit 2, one line on stderr naming ``words``, nothing on stdout."""
    assert r.exit_code == 2, r.output
    assert r.stdout == "", r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("piquet-calc: error: ") and words in lines[0], r.stderr


def seat_json(*args: str) -> dict:
    import json

    r = run("play", "--seat", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_a_shown_carte_blanche_is_scored_with_the_repique_it_makes():
    """Issue 29's first command: elder's carte blanche (10) makes his point and quint a repique: 90 to 31
    (RULES.md: 10 + 5 + 15 = 30 before the dealer scores), so every card loses for the dealer."""
    data = seat_json("dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--heard",
                     f"point 5 44 in clubs, quint to the jack in clubs, fourteen tens, carte blanche {BLANCHE}",
                     "--tricks", "AS")
    assert data["totals"] == {"elder": 90, "dealer": 31}
    assert all(c["expected"] < 0 for c in data["choices"])


def test_a_shown_carte_blanche_prevents_the_repique():
    """Issue 29's second command: the dealer's carte blanche scores first, so elder's 51 is no repique."""
    data = seat_json("elder", ELDER_HAND, "--discards", "9D 8D 7D 8C 7C", "--heard",
                     f"point how much? good, sequence good, sets good, carte blanche {BLANCHE}")
    assert data["totals"] == {"elder": 51, "dealer": 10}  # 5 + 15 + 3 + 14 + 14, and 10: no repique
    assert 0 < data["choices"][0]["expected"] < 60


def test_a_dealer_who_showed_carte_blanche_and_took_nothing_holds_it():
    """--other-took 0 with the dealer's carte blanche shown: his hand is that one (declare --dialogue: 1)."""
    elder, discards = "KC QC JC TC 9C KS KH KD QS QH JH JS", "9D 8D 7D 8C 7C"
    heard = f"point how much? good, sequence good, sets good, carte blanche {BLANCHE}"
    data = seat_json("elder", elder, "--discards", discards, "--heard", heard, "--other-took", "0")
    assert data["opponent_hands"]["counted"] == 1
    assert seat_json("elder", elder, "--discards", discards, "--heard", heard)["opponent_hands"]["counted"] > 1


def test_totals_are_known_when_the_announcements_fix_them():
    """Issue 29's --json example: hands kept without a court score no carte blanche, so the totals are one."""
    data = seat_json("elder", "KS QS JS 8S QH JH TH 8H KD TD 7D 9C", "--discards", "KH QD JD AC KC",
                     "--heard", "point how much? good, sequence good")
    assert data["totals"] is not None


def test_how_much_is_implied_by_the_dealers_point():
    """Issue 29 item 4: 'point not good, point 5 49 in spades' without 'how much?' (as many cards: he asked)."""
    heard = ("point not good, sequence not good, point 5 49 in spades, tierce to the ace in spades, "
             "tierce to the queen in clubs, fourteen tens")
    data = seat_json("elder", "KH QH JH 8H 7H AD KD 9D AC 9C 8C 7D", "--discards", "7S 9S JS AH QD", "--heard", heard)
    assert data["totals"] == {"elder": 0, "dealer": 25}
    r = run("play", "--seat", "elder", "KH QH JH 8H 7H AD KD 9D AC 9C 8C 7D", "--discards", "7S 9S JS AH QD",
            "--heard", "point how much? not good, sequence not good, point 6 59 in spades")
    refused(r, "the dealer asks only with as many cards as you")


def test_a_player_who_kept_his_hand_gets_an_answer():
    """Issue 30 class 6: the dealer who took nothing, with what he heard: 125,970 hands counted, at once."""
    data = seat_json("dealer", BLANCHE, "--heard", "point 5 47 in clubs, quint to the queen in clubs, three kings",
                     "--tricks", "QC")
    assert data["opponent_hands"]["counted"] > 0
    data = seat_json("dealer", BLANCHE, "--discards", "KS", "--heard",
                     "point 5 47 in clubs, quint to the queen in clubs, three jacks", "--tricks", "QC")
    assert data["opponent_hands"]["counted"] > 0


@pytest.mark.parametrize("args, words", [
    (("elder", ELDER_HAND, "--discards", "9D 8D 7D 8C 7C 7H"), "elder may exchange 1 to 5 cards under rubicon, not 6"),
    (("elder", ELDER_HAND), "elder may exchange 1 to 5 cards under rubicon, not 0"),
    (("elder", ELDER_HAND, "--discards", "9D 8D 7D 8C 7C", "--other-took", "4"),
     "the dealer may exchange 0 to 3 cards under rubicon after elder took 5, not 4"),
    (("dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--other-took", "6"), "elder may exchange 1 to 5"),
    (("dealer", DEALER_HAND, "--discards", "7D 8D 9D 7C", "--other-took", "5"),
     "the dealer may exchange 0 to 3 cards under rubicon after elder took 5, not 4"),
    (("dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--other-took", "5", "--seen", "7S"),
     "--seen: dealer can have seen at most 0 talon cards"),
    (("dealer", DEALER_HAND, "--seen", "KS"), "--seen: KS is in your hand"),
    (("elder", ELDER_HAND, "--discards", "9D 8D 7D 8C 7C AS AH AD 7S 8S 9S TS JD TD 9H 8H 7H AC TH JH"),
     "elder may exchange 1 to 5 cards under rubicon, not 20"),
    (("elder", ELDER_HAND, "--discards", "9D 8D 7D 8C 7C", "--tricks", "9S"), "9S is not in your hand"),
    (("elder", ELDER_HAND, "--discards", "9D 8D 7D 8C 7C", "--tricks", "KC KD"),
     "KD is in your hand, so the dealer cannot have played it"),
    (("elder", ELDER_HAND, "--discards", "9D 8D 7D 8C 7C", "--tricks",
      "KC 7S, QC 8S, JC 9S, TC TS, 9C AS, KS JD, KH AD, KD TD, QS 7D, QH AH, QD TH, JS 9H"), "all 12 tricks"),
    (("dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--heard",
      f"point 5 44 in clubs, quint to the jack in clubs, fourteen tens, carte blanche {BLANCHE}", "--tricks", "KH"),
     "KH is in your hand"),
    (("dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--heard",
      f"point 5 44 in clubs, quint to the jack in clubs, fourteen tens, carte blanche {BLANCHE}", "--tricks",
      "AS KS, 8C AC, KH JC"), "no hand the elder can hold after the announcements plays JC (no hearts left to "
                                  "follow KH)"),
    (("dealer", DEALER_HAND), "give --heard"),
    (("elder", BLANCHE, "--discards", "KS QD JC 9D 8D", "--carte-blanche"), "KS is among your discards"),
    (("dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--heard", "point 5 45 in clubs, quint to the jack in clubs, "
      "fourteen tens"), "fits 'point 5 45 in clubs'"),
])
def test_play_seat_bad_input_is_one_line(args, words):
    refused(run("play", "--seat", *args), words)


def test_a_house_rule_count_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("house.toml").write_text('base = "rubicon"\n[exchange]\nelder = [3, 4, 5]\n', encoding="utf-8")
    refused(run("play", "--seat", "elder", ELDER_HAND, "--discards", "9D 8D", "--rules", "house.toml"),
            "elder may exchange 3 to 5 cards")


_NOT_ASCII = st.text(st.characters(whitelist_categories=("Nd", "No")), min_size=1, max_size=4).filter(
    lambda t: not t.isascii())


@settings(max_examples=30, deadline=None)
@given(number=st.one_of(_NOT_ASCII, st.from_regex(r"[0-9]{5,5000}", fullmatch=True)))
def test_numbers_in_heard_and_other_took_are_ascii_and_in_range(number):
    """Issue 30 class 1: Unicode digits and huge numbers are one line, never a traceback."""
    r = run("play", "--seat", "dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--heard", f"point {number}")
    refused(r, "--heard")
    r = run("play", "--seat", "dealer", DEALER_HAND, "--discards", "7D 8D 9D", "--other-took", number)
    refused(r, "--other-took")


def test_the_hands_are_counted_as_binomials_before_they_are_built():
    """The dealer showed carte blanche; elder took 5, so the 15 cards he cannot see are those twelve and three
    more: with --other-took m the dealer kept 12 - m of them, C(12, 12 - m) * C(3, m) hands; not given, the
    sum over the counts the rules allow (0 to 3), which is every hand, C(15, 12)."""
    from math import comb

    from piquet_calc.cards import parse_cards
    from piquet_calc.seat.hands import count_hands, hand_masks
    from piquet_calc.seat.knowledge import knowledge_from_heard

    rules = get_rules("rubicon")
    hand = parse_cards("KC QC JC TC 9C KS KH KD QS QH JH JS")
    discards = parse_cards("9D 8D 7D 8C 7C")
    heard = f"point how much? good, sequence good, sets good, carte blanche {BLANCHE}"
    for took in (None, 0, 1, 2, 3):
        k = knowledge_from_heard("elder", hand, discards, heard, rules, opponent_exchanged=took)
        want = comb(15, 12) if took is None else comb(12, 12 - took) * comb(3, took)
        assert count_hands(k) == want
        assert 0 < len(hand_masks(k)) <= want


def test_the_talon_seen_narrows_the_hands_and_keeps_the_true_one():
    """The dealer who looked at the three cards nobody took: elder cannot hold them (RULES.md, Announcing 5)."""
    from piquet_calc.cards import mask_of

    rules = get_rules("rubicon")
    rng = random.Random(30)
    narrower = 0
    for _ in range(12):
        cards = rng.sample(DECK, 32)
        e_dealt, d_dealt, talon = cards[:12], cards[12:24], cards[24:]
        e_out, d_out = rng.sample(e_dealt, 3), rng.sample(d_dealt, 2)
        elder = [c for c in e_dealt if c not in e_out] + talon[:3]
        dealer = [c for c in d_dealt if c not in d_out] + talon[3:5]
        seen = talon[5:]
        d = dialogue(elder, dealer, rules, e_dealt, d_dealt)
        heard = heard_text(d, "dealer")
        wide = opponent_hands(dealer, d_out, DEALER, heard, rules, other_took=3)
        narrow = opponent_hands(dealer, d_out, DEALER, heard, rules, other_took=3, seen=seen)
        assert mask_of(elder) in set(narrow.masks.tolist())
        assert set(narrow.masks.tolist()) == {m for m in wide.masks.tolist() if not m & mask_of(seen)}
        narrower += len(narrow.masks) < len(wide.masks)
    assert narrower > 0
