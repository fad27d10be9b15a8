"""A deal record checked, and what it implies worked out: ``check_record(record) -> CheckedRecord``.

Three and four players are checked by record/record_table.py (its docstring); the rest of this account is the
two-handed record's. The checks (each a ``RecordError``, one line naming the field), in this order: the rules (a
preset or house file of any game whose play the record can score); each part's cards (a bad card, a card twice in
one part, a hand of the wrong size: 12 cards, the talon 8); a card twice across the parts (the dealt hands and the
talon are the pack; the final hands and the discards are out of each other); the discards (cards of the dealt hand,
as many as the rules let the seat exchange: elder's limits, the dealer's after what elder took); the final hands
against the dealt hands, the talon and the discards (elder takes the talon's top cards, the dealer the next:
docs/rules.md, The deal and the exchange); the talon cards each saw (ones he could see); the tricks (cards of the
right hand, in turn, following suit: game.play); what each heard (seat/heard.py's notation, and no claim the
speaker's hand cannot make: a combination named that he does not hold, a point or a best he does not reach, a "not
good" the dealer's hand does not make; a player's answers read against his own words as the other's text gives them,
so a player who sank is held to what he said: seat/announced.py).

What a ``CheckedRecord`` adds to the record: the final hands (None where neither given nor derivable), each seat's
discards and how many cards he took (None: not known), the talon cards each saw (given, or by the model: elder
his five's leftovers, the dealer what was left; none when the talon is not known), carte blanche of the dealt
hands (False where not known) and the heard text each seat's view uses (given, or the model's dialogue). For any
game it gives, seat by seat (an index or a name): the hand dealt and final (``dealt_hand``, ``final_hand``), the
discards, what he heard (``heard_from``: each other seat and his words), the tricks with who played each card
(``played``), and for three and four the totals as played (``totals``: game/seating.py's declarations, then
game/play_normand.py's or game/play_four.py's play).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..cards import HAND_SIZE, Card, CardError
from ..game.declarations import Declaration, is_carte_blanche, suit_cards
from ..game.play import ELDER, PlayError, PlayState, follower_wins, play_trick, start
from ..rules import RulesError, RuleSet, get_rules, span
from .record import SEATS, DealRecord, RecordError, game_words, party_names
from .record_table import fitted_final, kept_in_final, seat_discards, twice

TALON = 8


@dataclass(frozen=True)
class RecordedTrick:
    """One trick of the record: its number, the leader's seat, each card from the leader's with the seat that
    played it, and the seat that won it (None: the trick is not complete)."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True)
class PlayedTotals:
    """Three and four: the deal's totals as played, by party (``parties``: each seat, or four's two sides):
    the declarations at the table (``declared``, game/seating.py; its pique, an estimate, left to the play),
    the totals before the first lead (declarations with repique), after each complete trick, and at the end
    (the cards and capot after the last trick; None while tricks are missing); tricks won by party; whether
    elder's party piqued in the play."""

    parties: tuple[str, ...]
    declared: object  # game.seating.SeatingScore
    before: tuple[int, ...]
    after_tricks: tuple[tuple[int, ...], ...]
    total: tuple[int, ...] | None
    tricks_won: tuple[int, ...]
    pique: bool


@dataclass(frozen=True)
class CheckedRecord:
    """A checked record and what it implies (module docstring). Each by-seat field holds one value per seat
    of the rules, in seat order (two hands: a pair, elder's then the dealer's)."""

    record: DealRecord
    rules: RuleSet
    final: tuple[tuple[Card, ...], ...] | None
    dealt: tuple[tuple[Card, ...] | None, ...]
    discards: tuple[tuple[Card, ...] | None, ...]
    took: tuple[int | None, ...]
    seen: tuple[tuple[Card, ...], ...]
    blanche: tuple[bool, ...]
    tricks: tuple[tuple[Card, ...], ...]

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.table.seats

    def seat(self, seat: int | str) -> int:
        """A seat's index, from its index or its name; RecordError for a seat the game does not have."""
        if isinstance(seat, str):
            if seat not in self.seats:
                raise RecordError(f"no seat {seat!r} in a record of {game_words(self.seats)}")
            return self.seats.index(seat)
        if seat not in range(len(self.seats)):
            raise RecordError(f"no seat {seat} in a record of {game_words(self.seats)}")
        return seat

    def dealt_hand(self, seat: int | str) -> tuple[Card, ...] | None:
        """The seat's dealt hand (None: not known)."""
        return self.dealt[self.seat(seat)]

    def final_hand(self, seat: int | str) -> tuple[Card, ...] | None:
        """The seat's hand at the first lead (None: not known)."""
        s = self.seat(seat)
        return None if self.final is None else self.final[s]

    def discards_of(self, seat: int | str) -> tuple[Card, ...] | None:
        return self.discards[self.seat(seat)]

    def announced(self, seat: int | str) -> str:
        """Three and four: what ``seat`` announced, the record's words, else the model's (record_table.py)."""
        s = self.seat(seat)
        given = self.record.announced[s] if self.record.announced is not None else None
        if given is not None:
            return given
        from .record_table import model_announced

        if self.final is None:
            raise RecordError("announced: the final hands are not known")
        return model_announced(self.declared, self.final, self.blanche, self.rules)[s]

    def heard_from(self, seat: int | str) -> tuple[tuple[str, str], ...]:
        """What ``seat`` heard: each other seat's name and words, in seat order (two hands: the other's words
        as ``heard`` gives them; three and four: what each other seat announced)."""
        s = self.seat(seat)
        if self.rules.game.two_handed:
            return ((self.seats[1 - s], self.heard(s)),)
        return tuple((name, self.announced(o)) for o, name in enumerate(self.seats) if o != s)

    @cached_property
    def declared(self):  # game.seating.SeatingScore: three and four only
        """Three and four: the declarations at the table from the final hands (carte blanche on the dealt)."""
        from .record_table import table_score

        if self.rules.game.two_handed or self.final is None:
            raise RecordError("the declarations at the table are for three and four, with every final hand known")
        return table_score(self.final, self.blanche, self.rules)

    def played(self) -> tuple[RecordedTrick, ...]:
        """Every trick of the record with who played each card and who won it (any game)."""
        n = len(self.seats)
        out = []
        leader = 0
        for k, cards in enumerate(self.tricks, 1):
            seats = tuple((leader + i) % n for i in range(len(cards)))
            winner = None
            if len(cards) == n:
                best = 0
                for i in range(1, n):
                    if follower_wins(cards[best], cards[i]):
                        best = i
                winner = seats[best]
            out.append(RecordedTrick(k, leader, tuple(cards), seats, winner))
            leader = winner if winner is not None else leader
        return tuple(out)

    def totals(self) -> PlayedTotals:
        """Three and four: the totals as played (``PlayedTotals``); RecordError for two hands (review scores
        theirs as announced) or when the final hands are not known."""
        from .record_table import play_cards, start_state

        if self.rules.game.two_handed or self.final is None:
            raise RecordError("the totals as played are for three and four, with every final hand known")
        states = play_cards(start_state(self.final, self.rules, self.declared), self.rules, self.tricks)
        after = tuple(tuple(s.totals) for s in states[1:] if not s.trick)
        last = states[-1]
        total = None
        if last.cards_left == 0 and not last.trick:
            if self.rules.table.partnerships:
                from ..game.play_four import finish_four

                total = finish_four(last, self.rules).totals
            else:
                from ..game.play_normand import finish_normand

                total = finish_normand(last, self.rules).totals
        return PlayedTotals(party_names(self.seats), self.declared, tuple(states[0].totals), after,
                            None if total is None else tuple(total), tuple(last.tricks), bool(last.pique))

    def heard(self, seat: int) -> str:
        """What ``seat`` heard: the record's, else the announcing model's (seat/dialogue.py); three and four:
        each other seat's words, "middle: ...; dealer: ..." (``heard_from`` gives them apart)."""
        if not self.rules.game.two_handed:
            return "; ".join(f"{name}: {words}" for name, words in self.heard_from(seat))
        given = self.record.heard[seat] if self.record.heard is not None else None
        if given is not None:
            return given
        return model_heard(self, seat)

    def heard_given(self, seat: int) -> bool:
        return self.record.heard is not None and self.record.heard[seat] is not None

    @property
    def given_heard(self) -> tuple[str | None, str | None]:
        """What each seat heard as the record gives it (None: not given, the speaker announced in full)."""
        return (self.record.heard[0] if self.heard_given(0) else None,  # type: ignore[index]
                self.record.heard[1] if self.heard_given(1) else None)  # type: ignore[index]

    def own_said(self, seat: int) -> Declaration | None:
        """``seat``'s declaration as he announced it, when the record has him sink (seat/announced.py), else
        None. The other seat's text (his words) must read: ``check_record`` has checked it."""
        from ..seat.announced import announced, same_declaration

        assert self.final is not None
        said = announced(self.final, self.rules, self.given_heard)[seat]
        return None if same_declaration(said, Declaration.of(self.final[seat], self.rules)) else said


def model_heard(d: CheckedRecord, seat: int) -> str:
    """What ``seat`` hears under the announcing model (no sinking), from both final hands."""
    from ..seat.dialogue import dialogue
    from ..seat.heard import heard_text

    assert d.final is not None
    said = dialogue(d.final[0], d.final[1], d.rules, d.dealt[0], d.dealt[1], blanche=d.blanche)
    return heard_text(said, SEATS[seat])


def _rules(name: str) -> RuleSet:
    """The record's rules: a two-handed preset or house file, or one of three or four whose play the record can
    score (record_table.py)."""
    try:
        rules = get_rules(name)
        if not rules.game.two_handed:
            from .record_table import table_rules

            table_rules(rules)
    except RulesError as e:
        raise RecordError(f"rules: {e}") from None
    return rules


def check_game(deal: CheckedRecord, name: str) -> None:
    """RecordError unless the record is of the game the rules ``name`` are for (its seats: two, three or four
    hands): a record of one game read as another (``record --rules``)."""
    try:
        seats = get_rules(name).table.seats
    except RulesError as e:
        raise RecordError(f"--rules: {e}") from None
    if seats != deal.seats:
        raise RecordError(f"--rules {name}: the record is of {deal.rules.name}, a game of {game_words(deal.seats)}, "
                          f"not of {game_words(seats)}")


def _sizes(r: DealRecord) -> None:
    for key, n in (("dealt", HAND_SIZE), ("final", HAND_SIZE)):
        pair = getattr(r, key)
        for s, cards in zip(SEATS, pair or (None, None), strict=True):
            if cards is not None and len(cards) != n:
                raise RecordError(f"{key}.{s}: a hand has {n} cards, not {len(cards)}")
    if r.talon is not None and len(r.talon) != TALON:
        raise RecordError(f"talon: {TALON} cards, not {len(r.talon)}")


def _taken_from(talon: tuple[Card, ...], seat: int, k: int, m: int, rules: RuleSet) -> tuple[Card, ...]:
    """The talon cards ``seat`` took: elder the top ``k``; the dealer the next ``m`` (his own share when elder
    refused, rules.dealer_discards)."""
    if seat == ELDER:
        return talon[:k]
    first = rules.table.talon_shares[0] if k == 0 else k
    return talon[first:first + m]


def _seen_model(talon: tuple[Card, ...], seat: int, k: int, m: int, rules: RuleSet) -> tuple[Card, ...]:
    """The talon cards a seat may look at and did not take (docs/rules.md, Announcing, 5)."""
    share = rules.table.talon_shares[0]
    if seat == ELDER:
        return talon[k:share]
    first = share if k == 0 else k
    return talon[first + m:]


def _exchange(r: DealRecord, rules: RuleSet) -> tuple[list, list, list]:
    """(dealt, discards, took) per seat, the discards checked against the dealt hands and the rules."""
    dealt = list(r.dealt or (None, None))
    disc = list(r.discards or (None, None))
    final = list(r.final or (None, None))
    took: list[int | None] = [None, None]
    for s in (0, 1):
        disc[s] = seat_discards(SEATS[s], dealt[s], disc[s], final[s])
        if disc[s] is not None:
            took[s] = len(disc[s])
    if took[0] is not None and took[0] not in rules.elder_discards:
        raise RecordError(f"discards.elder: elder may exchange {span(rules.elder_discards)} cards under "
                          f"{rules.name}, not {took[0]}")
    if took[1] is not None:
        ks = [took[0]] if took[0] is not None else list(rules.elder_discards)
        legal = sorted({m for k in ks for m in rules.dealer_discards(k)})
        if took[1] not in legal:
            after = f" after elder took {took[0]}" if took[0] is not None else ""
            raise RecordError(f"discards.dealer: the dealer may exchange {span(legal)} cards under {rules.name}"
                              f"{after}, not {took[1]}")
    return dealt, disc, took


def _finals(r: DealRecord, rules: RuleSet, dealt: list, disc: list, took: list) -> list:
    """The final hands: given, or dealt less discards plus the cards taken; each checked against the other."""
    final = list(r.final or (None, None))
    for s in (0, 1):
        name = SEATS[s]
        if dealt[s] is None or disc[s] is None:
            continue
        kept = tuple(c for c in dealt[s] if c not in disc[s])
        if r.talon is not None and took[0] is not None and took[1] is not None:
            derived = kept + _taken_from(r.talon, s, took[0], took[1], rules)
            final[s] = fitted_final(name, final[s], derived, f" (elder takes the talon's top {took[0]}, the dealer "
                                                             f"the next {took[1]})")
        elif final[s] is not None:
            kept_in_final(name, kept, final[s])
    if r.talon is not None:
        for s in (0, 1):
            if final[s] is None or dealt[s] is None:
                continue
            taken = [c for c in final[s] if c not in dealt[s]]
            odd = [c for c in taken if c not in r.talon]
            if odd:
                raise RecordError(f"final.{SEATS[s]}: {odd[0]} is in neither {SEATS[s]}'s dealt hand nor the talon")
    if final[0] is not None and final[1] is not None:
        both = sorted(set(final[0]) & set(final[1]))
        if both:
            raise RecordError(f"final.dealer: {both[0]} is also in final.elder")
    return final


def _seen(r: DealRecord, rules: RuleSet, took: list, final: list, disc: list) -> tuple:
    out: list[tuple[Card, ...]] = [(), ()]
    for s in (0, 1):
        given = r.seen[s] if r.seen is not None else None
        model = None
        if r.talon is not None and took[0] is not None and took[1] is not None:
            model = _seen_model(r.talon, s, took[0], took[1], rules)
        if given is None:
            out[s] = model or ()
            continue
        if model is not None:
            odd = [c for c in given if c not in model]
            if odd:
                raise RecordError(f"seen.{SEATS[s]}: {odd[0]} is not a talon card {SEATS[s]} could see and not take")
        else:
            mine = set(final[s] or ()) | set(disc[s] or ())
            odd = [c for c in given if c in mine]
            if odd:
                raise RecordError(f"seen.{SEATS[s]}: {odd[0]} is in {SEATS[s]}'s hand or discards")
        out[s] = given
    return out[0], out[1]


def _play(r: DealRecord, rules: RuleSet, final: list) -> tuple[tuple[Card, Card], ...]:
    tricks = r.tricks or ()
    if not tricks:
        return ()
    if final[0] is None or final[1] is None:
        raise RecordError("tricks: the final hands are not known (give final, or dealt, talon and discards)")
    if len(tricks) > HAND_SIZE:
        raise RecordError(f"tricks: {len(tricks)} tricks, a deal has {HAND_SIZE}")
    s: PlayState = start(final[0], final[1], rules, 0, 0, False)
    for n, (lead, reply) in enumerate(tricks, 1):
        try:
            s = play_trick(s, lead, reply, rules, n)
        except PlayError as e:
            raise RecordError(f"tricks: {e}") from None
    return tuple(tricks)


def check_record(r: DealRecord) -> CheckedRecord:
    """The record checked (module docstring): a CheckedRecord, or one RecordError line naming the field."""
    rules = _rules(r.rules)
    if not rules.game.two_handed:
        from .record_table import check_table

        return CheckedRecord(r, rules, *_table_parts(check_table(r, rules)))
    if r.announced is not None and any(a is not None for a in r.announced):
        raise RecordError("announced: a two-handed record gives what each player heard (heard)")
    _sizes(r)
    dealt_pair = r.dealt or (None, None)
    twice([("dealt.elder", dealt_pair[0]), ("dealt.dealer", dealt_pair[1]), ("talon", r.talon)])
    disc_pair = r.discards or (None, None)
    twice([("discards.elder", disc_pair[0]), ("discards.dealer", disc_pair[1])])
    final_pair = r.final or (None, None)
    twice([("final.elder", final_pair[0]), ("final.dealer", final_pair[1]), ("discards.elder", disc_pair[0]),
            ("discards.dealer", disc_pair[1])])
    dealt, disc, took = _exchange(r, rules)
    final = _finals(r, rules, dealt, disc, took)
    seen = _seen(r, rules, took, final, disc)
    tricks = _play(r, rules, final)
    blanche = (is_carte_blanche(dealt[0], rules) if dealt[0] is not None else False,
               is_carte_blanche(dealt[1], rules) if dealt[1] is not None else False)
    whole = None if final[0] is None or final[1] is None else (tuple(final[0]), tuple(final[1]))
    deal = CheckedRecord(r, rules, whole, (dealt[0], dealt[1]), (disc[0], disc[1]), (took[0], took[1]), seen, blanche,
                tricks)
    if r.heard is not None and any(h is not None for h in r.heard):
        if whole is None:
            raise RecordError("heard: the final hands are not known, so what was announced cannot be checked")
        for s in (1, 0):  # elder's words (what the dealer heard) first: the dealer's answers are read against them
            if r.heard[s] is not None:
                _check_heard(deal, s)
    return deal


def _table_parts(parts: tuple) -> tuple:
    """check_table's (dealt, discards, took, seen, final, blanche, tricks) in CheckedRecord's field order."""
    dealt, disc, took, seen, final, blanche, tricks = parts
    return final, dealt, disc, took, seen, blanche, tricks


# --- what was heard: readable, and claims the speaker's hand can make ------------------------------------------


def _check_heard(d: CheckedRecord, seat: int) -> None:
    """``seat``'s heard text reads (seat/knowledge.py) and names nothing the other's hand cannot make."""
    from ..seat.knowledge import knowledge_from_heard

    assert d.final is not None
    what = f"heard.{SEATS[seat]}"
    try:  # his own words (in the other's text): the answers he heard are read against them
        own_said = d.own_said(seat) if d.heard_given(1 - seat) else None
    except CardError:  # a text that does not read: named by its own check
        own_said = None
    try:
        k = knowledge_from_heard(SEATS[seat], d.final[seat], d.discards[seat] or (), d.heard(seat), d.rules,
                                 seen=d.seen[seat], opponent_exchanged=d.took[1 - seat], own_said=own_said)
    except CardError as e:
        msg = str(e).removeprefix("--heard: ")
        raise RecordError(f"{what}: {msg}") from None
    speaker, hand = SEATS[1 - seat], d.final[1 - seat]
    said = k.said
    claims = said.scoring(speaker)
    held = set(hand)
    for c in sorted(claims.cards):
        if c not in held:
            raise RecordError(f"{what}: the {speaker} announced a combination with {c}, which he does not hold")
    if claims.point is not None:
        p = claims.point
        cs = suit_cards(hand, p.suit)
        if (len(cs), sum(c.rank.pips for c in cs)) < (p.length, p.pips):
            raise RecordError(f"{what}: the {speaker} announced a point of {p.length} ({p.pips}) in "
                              f"{p.suit.name.lower()}, more than he holds")
    own = Declaration.of(hand, d.rules)
    if speaker == "elder":
        length, pips = said.elder_point
        if (length, pips or 0) > own.point.key or not _makes_point(hand, length, pips):
            raise RecordError(f"{what}: elder announced a point of {length}" + (f" ({pips})" if pips else "")
                              + ", more than he holds" + (", or no cards of one suit of his make" if pips else ""))
        if said.elder_sequence is not None and not _holds_run(hand, *said.elder_sequence):
            raise RecordError(f"{what}: elder announced a sequence he does not hold")
        if said.elder_set is not None and sum(c.rank == said.elder_set[1] for c in hand) < said.elder_set[0]:
            raise RecordError(f"{what}: elder announced a set he does not hold")
    else:
        elder_own = own_said or Declaration.of(d.final[0], d.rules)  # elder's as he announced it
        for name, answer, mine, his in (("point", said.point_answer, own.point.key, elder_own.point.key),
                                        ("sequence", said.sequence_answer, own.sequence_key, elder_own.sequence_key),
                                        ("sets", said.sets_answer, own.set_key, elder_own.set_key)):
            if answer == "not good" and not mine > his or answer == "equal" and mine < his:
                raise RecordError(f"{what}: the dealer answered {name} {answer!r}, which his hand does not make")


def _makes_point(hand: tuple[Card, ...], length: int, pips: int | None) -> bool:
    """Some ``length`` cards of one suit of ``hand`` make ``pips`` (any pips when None): a point announced, sunk
    (51 for 61, 002) or not."""
    from itertools import combinations

    from ..cards import Suit

    for s in Suit:
        cs = suit_cards(hand, s)
        if len(cs) >= length and (pips is None or any(sum(c.rank.pips for c in k) == pips
                                                      for k in combinations(cs, length))):
            return True
    return False


def _holds_run(hand: tuple[Card, ...], length: int, top) -> bool:
    """A run of ``length`` to ``top`` in some suit of ``hand`` (a sequence sunk from a longer one)."""
    from ..cards import Rank, Suit

    return any(all(Card(Rank(int(top) - i), s) in hand for i in range(length)) for s in Suit
               if int(top) - length + 1 >= 0)


__all__ = ["CheckedRecord", "PlayedTotals", "RecordedTrick", "check_game", "check_record", "model_heard"]
