"""Every hand the opponent can hold, given what one seat knows after the announcements; and the ``--heard``
notation, in which a player types what he heard at the table.

docs/rules.md, "Announcing: what each player learns" and "What each player knows", states the model. Each
consistent hand is weighted equally; the enumeration is exact (every 12-card hand of the unseen cards is
counted, none sampled): at most C(15, 12) = 455 for elder after a full exchange, C(17, 12) = 6,188 for the
dealer, before any pruning.

Public API:

``consistent_hands(knowledge, played=()) -> list[tuple[Card, ...]]``
    Every final hand (twelve cards, each sorted, the list sorted; the opponent's cards already played included)
    the opponent can hold. A hand is consistent when (1) its cards are unseen by ``knowledge.seat`` (not in
    his hand or discards; not talon cards the dealer saw); (2) the talon allows it: elder's seen leftovers
    hold as many of the dealer's cards as the dealer took of them (module ``Knowledge``); a carte blanche
    shown means the other kept ``12 - exchanged`` cards of that dealt hand; (3) the announcements made with
    it are the ones heard (``game.dialogue.announcements`` replayed with this hand); (4) the play agrees:
    ``played`` is the tricks so far, each ``(leader's card, follower's card)``, elder leading the first,
    the winner of each the next; the opponent's played cards are in the hand, and a player who did not
    follow suit held no other card of the suit led. Raises ``InconsistentError`` when no hand is left, and
    for a played card that cannot be the player's.

``knowledge_from_heard(seat, hand, discards, heard, rules, *, seen=(), opponent_exchanged=None,
                       own_blanche=False, point_call="cards") -> Knowledge``
    The ``Knowledge`` of ``seat`` ("elder" or "dealer"; "younger" is the dealer) from his final hand, his
    discards, the talon cards he saw and did not take, and ``heard``, the text of what the other said
    (below). His own announcements are read off his hand. ``opponent_exchanged``: how many cards the
    other took (None: not known, no constraint from it). Bad text is a ``HeardError`` naming the clause;
    announcements no hand of the unseen cards can make are found by ``consistent_hands``.

``heard_text(dialogue, seat) -> str``
    What ``seat`` heard in a dialogue, in the notation (``declare --dialogue`` prints it per seat), so
    that ``knowledge_from_heard(seat, ..., heard_text(d, seat), ...)`` is ``game.dialogue.knowledge(d, seat)``.

Also: ``unseen_cards(knowledge) -> tuple[Card, ...]`` (the cards the opponent's hand is drawn from) and
``matches(knowledge, hand) -> bool`` (condition 3 alone, for one hand). ``InconsistentError`` and
``HeardError`` are subclasses of ``CardError``: the command line prints them as one line, exit status 2.

The ``--heard`` notation. Clauses separated by commas or semicolons, any case; "a", "an", "the", "of",
"in", "to", "and", "cards" may be written or left out; numbers in digits or words (5 or five, 49 or
forty-nine); ranks as words or symbols (king or K; knave is the jack); suits as words or letters.

* Elder writes the dealer's answers, one per class he announced: ``point good``, ``point equal``,
  ``point not good``, or, when the dealer asked the value first (he holds as many cards),
  ``point how much? good`` (``equal``, ``not good``); ``sequence good|equal|not good``;
  ``sets good|not good``; then each combination the dealer announced before his first card:
  ``point 5 49 in spades``, ``quint to the king in spades``, ``fourteen tens``,
  ``three jacks without the club``, ``carte rouge``. Nothing more: the dealer announced nothing.
* The dealer writes elder's words: ``point five`` (``point 5 48`` when he asked the value;
  ``point 5 48 in hearts`` when it was good), his best sequence ``quart to the ace`` (good: with its suit
  and every other sequence he counts, ``quint to the king in hearts, tierce to the queen in clubs``) or
  ``no sequence``, his best set ``fourteen aces`` (good: ``... , three kings without the spade``) or
  ``no sets``, ``carte rouge``. His own answers may be added (``sequence not good``); they are checked.
* Either: ``carte blanche`` then the twelve cards the other showed (``carte blanche 7S 8S ...``).

Example (elder, the issue's): ``point good, sequence good, sets good``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..cards import DECK, HAND_SIZE, Card, CardError, Rank, Suit, format_cards, parse_cards, sort_hand
from ..numerals import NumberError, parse_whole
from ..rules import RuleSet
from .declarations import (
    RANK_NAMES,
    RANK_PLURALS,
    RUN_NAMES,
    SUIT_NAMES,
    Declaration,
    Point,
    Run,
    compare,
    is_carte_rouge,
)
from .dialogue import (
    ANSWERS,
    EQUAL,
    GOOD,
    NOT_GOOD,
    Announcements,
    Dialogue,
    Knowledge,
    PointCall,
    Scoring,
    ShownSet,
    announcements,
    number_words,
)
from .play import follower_wins


class InconsistentError(CardError):
    """What was heard (or played) fits no hand of the unseen cards; one line for the user."""


class HeardError(CardError):
    """``--heard`` text that does not parse, or contradicts the player's own hand; one line for the user."""


# --- the consistent hands ----------------------------------------------------------------------------


def unseen_cards(k: Knowledge) -> tuple[Card, ...]:
    """The cards the opponent's hand is drawn from: all but the seat's hand and discards (and, for the
    dealer, the talon cards he saw: nobody takes after him)."""
    out = set(k.hand) | set(k.discards) | (set(k.seen) if k.seat == "dealer" else set())
    return tuple(c for c in DECK if c not in out)


def _leftover_bounds(k: Knowledge) -> tuple[int, int]:
    """How many of elder's ``seen`` leftovers the dealer can hold (docs/rules.md, The deal and the exchange:
    the dealer takes elder's leftovers first; refusing the talon, elder leaves him only his own share)."""
    seen = len(k.seen)
    if k.seat != "elder" or not seen:
        return 0, seen
    took = len(k.discards)
    left = max(k.rules.table.talon_shares[0] - took, seen)
    if k.opponent_exchanged is None:
        return 0, seen
    taken = 0 if took == 0 else min(k.opponent_exchanged, left)
    return max(0, taken - (left - seen)), min(seen, taken)


def _tricks(k: Knowledge, played: Sequence[tuple[Card, Card]]) -> tuple[set[Card], list[tuple[Suit, set[Card]]]]:
    """The opponent's played cards, and each suit he showed out of with the cards of it he had played then."""
    mine, theirs, voids = set(k.hand), set(), []
    leader = "elder"
    for n, (lead, reply) in enumerate(played, 1):
        cards = {"elder": lead, "dealer": reply} if leader == "elder" else {"dealer": lead, "elder": reply}
        own, other = cards[k.seat], cards[k.opponent]
        if own not in mine:
            raise InconsistentError(f"trick {n}: {own} is not in {k.seat}'s hand (or was played already)")
        if other in set(k.hand) | set(k.discards) or other in theirs:
            raise InconsistentError(f"trick {n}: {other} cannot be the {k.opponent}'s: "
                                    f"{'it was played already' if other in theirs else 'you hold or discarded it'}")
        mine.discard(own)
        follower = "dealer" if leader == "elder" else "elder"
        if cards[follower].suit != lead.suit:
            if follower == k.seat and any(c.suit == lead.suit for c in mine):
                raise InconsistentError(f"trick {n}: {k.seat} did not follow {SUIT_NAMES[lead.suit]} "
                                        "with one in his hand")
            if follower == k.opponent:
                voids.append((lead.suit, {c for c in theirs if c.suit == lead.suit}))
        theirs.add(other)
        leader = follower if follower_wins(lead, reply) else leader
    return theirs, voids


def _opponent_heard(k: Knowledge, a: Announcements) -> tuple:
    """The part of the announcements that the opponent said (the rest follows from one's own hand)."""
    if k.seat == "elder":
        return (a.point_asked, a.point_answer, a.sequence_answer, a.sets_answer, a.dealer)
    return (a.elder_point, a.elder_sequence, a.elder_set, a.elder)


def matches(k: Knowledge, hand: Sequence[Card], own: Declaration | None = None) -> bool:
    """The announcements replayed with ``hand`` as the opponent's are the ones ``k`` heard (module docstring,
    condition 3). ``own``: the seat's declaration, if already made."""
    rules = k.rules
    own = own or Declaration.of(k.hand, rules)
    theirs = Declaration.of(hand, rules)
    opp_point = k.said.scoring(k.opponent).point
    own_point = k.said.scoring(k.seat).point
    if k.seat == "elder":
        e, d, decls = k.hand, hand, (own, theirs)
        named = (own_point.suit if own_point else None, opp_point.suit if opp_point else None)
        blanche = (k.own_blanche, k.opponent_dealt is not None)
    else:
        e, d, decls = hand, k.hand, (theirs, own)
        named = (opp_point.suit if opp_point else None, own_point.suit if own_point else None)
        blanche = (k.opponent_dealt is not None, k.own_blanche)
    heard = _opponent_heard(k, k.said)
    if rules.carte_rouge_points:  # carte rouge needs the whole deal scored: only for a hand that fits the rest
        plain = replace(k.said, elder=replace(k.said.elder, carte_rouge=False),
                        dealer=replace(k.said.dealer, carte_rouge=False))
        replay = announcements(e, d, rules, k.point_call, named, decls, blanche, carte_rouge=False)
        if _opponent_heard(k, replay) != _opponent_heard(k, plain):
            return False
    replay = announcements(e, d, rules, k.point_call, named, decls, blanche)
    return _opponent_heard(k, replay) == heard


def consistent_hands(k: Knowledge, played: Sequence[tuple[Card, Card]] = ()) -> list[tuple[Card, ...]]:
    """Every hand the opponent can hold (module docstring), each once, sorted."""
    pool = unseen_cards(k)
    theirs_played, voids = _tricks(k, played)
    forced = set(k.said.scoring(k.opponent).cards) | theirs_played
    missing = sorted(forced - set(pool))
    if missing:
        raise InconsistentError(f"the {k.opponent} cannot hold {missing[0]}: you hold or discarded it")
    excluded = {c for suit, had in voids for c in pool if c.suit == suit and c not in had}
    clash = sorted(forced & excluded)
    if clash:
        raise InconsistentError(f"the {k.opponent} showed out of {SUIT_NAMES[clash[0].suit]} but holds {clash[0]}")
    free = [c for c in pool if c not in forced and c not in excluded]
    need = HAND_SIZE - len(forced)
    lo, hi = _leftover_bounds(k)
    seen = set(k.seen)
    dealt = set(k.opponent_dealt or ())
    kept = None if k.opponent_dealt is None or k.opponent_exchanged is None else HAND_SIZE - k.opponent_exchanged
    point = k.said.scoring(k.opponent).point
    own = Declaration.of(k.hand, k.rules)
    out = []
    for rest in _completions(k, forced, free, need):
        hand = tuple(sorted(forced.union(rest)))
        if seen and k.seat == "elder" and not lo <= len(seen.intersection(hand)) <= hi:
            continue
        if kept is not None and len(dealt.intersection(hand)) != kept:
            continue
        if point is not None and sum(1 for c in hand if c.suit == point.suit) != point.length:
            continue
        if matches(k, hand, own):
            out.append(hand)
    if not out:
        raise InconsistentError(f"no hand of the {len(pool)} cards you cannot see fits what was heard"
                                + (" and played" if played else "") + f" (the {k.opponent}'s announcements "
                                "cannot all be true together)")
    return sorted(out)


def _completions(k: Knowledge, forced: set[Card], free: Sequence[Card], need: int) -> Iterable[tuple[Card, ...]]:
    """Every ``need`` cards of ``free`` that, with ``forced``, leave no suit longer than the opponent's point
    allows (his best point's number of cards is heard, or bounded by elder's when it was good or equal),
    and his scored point's suit exactly as long: suit by suit, so the longer suits are never built."""
    a, cap, exact = k.said, HAND_SIZE, None
    if k.seat == "dealer" or a.point_answer in (GOOD, EQUAL):
        cap = a.elder_point[0]
    elif a.dealer.point is not None:
        cap = a.dealer.point.length
    point = a.scoring(k.opponent).point
    if point is not None:
        exact = point.suit
    suits = [[c for c in free if c.suit == s] for s in Suit]
    held = [sum(1 for c in forced if c.suit == s) for s in Suit]
    ranges = []
    for s in Suit:
        top = min(len(suits[s]), cap - held[s])
        low = 0
        if exact == s:
            low = top = point.length - held[s] if point is not None else 0
            top = min(top, len(suits[s]))
        ranges.append(range(low, top + 1) if top >= low >= 0 else range(0))
    for counts in itertools.product(*ranges):
        if sum(counts) != need:
            continue
        per_suit = (itertools.combinations(suits[s], n) for s, n in zip(Suit, counts, strict=True))
        for parts in itertools.product(*per_suit):
            yield tuple(itertools.chain.from_iterable(parts))


# --- the --heard notation ----------------------------------------------------------------------------

_FILLER = {"a", "an", "the", "of", "in", "to", "and", "cards", "card", "with", "by"}
_NUMBERS = {number_words(n): n for n in range(100)}
_RANK_WORDS = {**{v: r for r, v in RANK_NAMES.items()}, "knave": Rank.JACK,
               **{s: r for r in Rank for s in (r.symbol.lower(),)}, "10": Rank.TEN}
_RANK_WORDS.update({w + ("es" if w.endswith("x") else "s"): r for w, r in list(_RANK_WORDS.items()) if w.isalpha()
                    and len(w) > 1})
_SUIT_WORDS = {**{v: s for s, v in SUIT_NAMES.items()}, **{v[:-1]: s for s, v in SUIT_NAMES.items()},
               **{s.symbol.lower(): s for s in Suit}, "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS,
               "♣": Suit.CLUBS}
_RUN_WORDS = {**{v: n for n, v in RUN_NAMES.items()}, "sixieme": 6, "septieme": 7, "huitieme": 8}
_CLASS_WORDS = {"point": "point", "sequence": "sequence", "sequences": "sequence", "sets": "sets", "set": "sets"}


def _number(word: str) -> int | None:
    """A number in digits (ASCII only, numerals.parse_whole; any other digit is refused) or words; None: not a
    number. The clause checks the range."""
    if any(ch.isdigit() for ch in word):
        try:
            return parse_whole(word, "a number", 0, 99)
        except NumberError as e:
            raise HeardError(f"--heard: {e}") from None
    return _NUMBERS.get(word)


def _answer_of(words: list[str]) -> str | None:
    text = " ".join(words)
    return text if text in ANSWERS else None


def _suit_of(words: list[str], clause: str) -> Suit | None:
    if not words:
        return None
    if len(words) == 1 and words[0] in _SUIT_WORDS:
        return _SUIT_WORDS[words[0]]
    raise HeardError(f"--heard: {clause!r}: expected a suit (spades, hearts, diamonds, clubs), "
                     f"not {' '.join(words)!r}")


class _Heard:
    """The clauses of a --heard text, sorted by kind."""

    def __init__(self) -> None:
        self.answers: dict[str, tuple[str, bool | None]] = {}
        self.point: tuple[int, int | None, Suit | None] | None = None
        self.runs: list[tuple[int, Rank, Suit | None]] = []
        self.sets: list[tuple[int, Rank, Suit | None]] = []
        self.no: set[str] = set()
        self.rouge = False
        self.blanche: tuple[Card, ...] | None = None


def _parse_clause(raw: str, h: _Heard) -> None:
    clause = raw.strip()
    low = clause.lower()
    if low.startswith("carte blanche"):
        if h.blanche is not None:
            raise HeardError("--heard: carte blanche given twice")
        try:
            h.blanche = parse_cards(clause[len("carte blanche"):].strip(" :"), HAND_SIZE, "the carte blanche shown")
        except CardError as e:
            raise HeardError(f"--heard: {e}") from None
        return
    words = [w for w in re.sub(r"[.?!:\"']", " ", low).split() if w not in _FILLER]
    if not words or words == ["nothing"]:
        return
    if words == ["carte", "rouge"]:
        h.rouge = True
        return
    if words[0] == "no" and len(words) == 2 and words[1] in _CLASS_WORDS and words[1] != "point":
        h.no.add(_CLASS_WORDS[words[1]])
        return
    cls = _CLASS_WORDS.get(words[0])
    body = words[1:] if cls else words
    asked: bool | None = None
    if cls and body[:2] == ["how", "much"]:
        asked, body = True, body[2:]
    answer = _answer_of(body)
    if cls and answer:
        if cls in h.answers:
            raise HeardError(f"--heard: {raw.strip()!r}: the {cls} was answered already")
        h.answers[cls] = (answer, asked)
        return
    if asked:
        raise HeardError(f"--heard: {raw.strip()!r}: after 'how much' say good, equal or not good")
    if cls == "point":
        nums = [_number(w) for w in body]
        count = sum(1 for n in nums if n is not None)
        if count == 0 or count > 2 or any(n is None for n in nums[:count]) or len(body) - count > 1:
            raise HeardError(f"--heard: {raw.strip()!r}: a point is its number of cards, then its pips if "
                             "named, then its suit if named (point 5 49 in hearts)")
        length, pips = nums[0], nums[1] if count == 2 else None
        if length is None or not 3 <= length <= 8 or pips is not None and not 24 <= pips <= 75:
            raise HeardError(f"--heard: {raw.strip()!r}: a point has 3 to 8 cards and 24 to 75 pips")
        if h.point is not None:
            raise HeardError("--heard: two points given")
        h.point = (length, pips, _suit_of(body[count:], raw.strip()))
        return
    if cls == "sequence" or body and (body[0] in _RUN_WORDS or re.fullmatch(r"\d-card", body[0] or "")):
        if len(body) < 2 or body[0] not in _RUN_WORDS or body[1] not in _RANK_WORDS:
            raise HeardError(f"--heard: {raw.strip()!r}: a sequence is its name and top card, then its suit if "
                             "named (quint to the king in hearts); or say good, equal or not good")
        length, top = _RUN_WORDS[body[0]], _RANK_WORDS[body[1]]
        if top < length - 1:
            raise HeardError(f"--heard: {raw.strip()!r}: no {body[0]} reaches down from the {RANK_NAMES[top]}")
        h.runs.append((length, top, _suit_of(body[2:], raw.strip())))
        return
    if body and body[0] in ("fourteen", "four", "three") or cls == "sets":
        if len(body) < 2 or body[0] not in ("fourteen", "four", "three") or body[1] not in _RANK_WORDS:
            raise HeardError(f"--heard: {raw.strip()!r}: a set is fourteen (four) or three and a rank "
                             "(fourteen aces, three kings without the spade); or say good or not good")
        size = 3 if body[0] == "three" else 4
        rest = body[2:]
        missing = None
        if rest:
            if rest[0] != "without" or size == 4:
                raise HeardError(f"--heard: {raw.strip()!r}: after a trio name the suit it lacks "
                                 "(three kings without the spade)")
            missing = _suit_of(rest[1:], raw.strip())
        h.sets.append((size, _RANK_WORDS[body[1]], missing))
        return
    raise HeardError(f"--heard: cannot read {raw.strip()!r}: expected e.g. 'point good', 'sequence not good', "
                     "'point 5 49 in spades', 'quint to the king in hearts', 'fourteen aces' (docs/rules.md)")


def parse_heard(text: str) -> _Heard:
    h = _Heard()
    for clause in re.split(r"[,;]", text):
        _parse_clause(clause, h)
    return h


def _scoring_sets(decl: Declaration, hand: Sequence[Card]) -> tuple[ShownSet, ...]:
    return tuple(ShownSet(s.rank, tuple(sorted(c.suit for c in hand if c.rank == s.rank))) for s in decl.sets)


def _own_scoring(hand: Sequence[Card], decl: Declaration, rules: RuleSet, point: bool, seq: bool,
                 sets: bool) -> Scoring:
    """One's own scoring combinations once one knows which classes one won; carte rouge as score_deal has it
    (a class won with no points has not scored)."""
    won = {name for name, w, pts in (("point", point, decl.point.score), ("sequence", seq, decl.sequence_score),
                                     ("sets", sets, decl.set_score)) if w and pts > 0}
    rouge = bool(rules.carte_rouge_points) and is_carte_rouge(hand, won, rules, decl)
    return Scoring(decl.point if point else None, decl.runs if seq else (),
                   _scoring_sets(decl, hand) if sets else (), rouge)


def _opponent_scoring(h: _Heard, who: str,
                      rules: RuleSet) -> tuple[Point | None, tuple[Run, ...], tuple[ShownSet, ...]]:
    point = None
    if h.point is not None and h.point[2] is not None:
        length, pips, suit = h.point
        if pips is None:
            raise HeardError(f"--heard: the {who}'s point named with its suit needs its pips too "
                             "(point 5 49 in hearts)")
        point = Point(suit, length, pips)
    runs = tuple(sorted((Run(s, n, t) for n, t, s in h.runs if s is not None), key=lambda r: r.key, reverse=True))
    sets = []
    for size, rank, missing in h.sets:
        if size == 3 and missing is None:
            continue
        if rank < rules.set_min_rank:
            raise HeardError(f"--heard: {RANK_NAMES[rank]}s make no set under {rules.name}")
        sets.append(ShownSet(rank, tuple(s for s in Suit if s != missing)))
    return point, runs, tuple(sorted(sets, key=lambda s: (s.size, s.rank), reverse=True))


def knowledge_from_heard(seat: str, hand: Sequence[Card], discards: Sequence[Card], heard: str, rules: RuleSet, *,
                         seen: Sequence[Card] = (), opponent_exchanged: int | None = None, own_blanche: bool = False,
                         point_call: PointCall = "cards") -> Knowledge:
    """What ``seat`` knows, from what he typed (module docstring)."""
    rules.require_two_handed("what a player heard")
    seat = "dealer" if seat == "younger" else seat
    if seat not in ("elder", "dealer"):
        raise HeardError(f"no seat {seat!r}: elder or dealer (younger)")
    hand, discards, seen = tuple(hand), tuple(discards), tuple(seen)
    if len(hand) != HAND_SIZE:
        raise HeardError(f"the hand must have {HAND_SIZE} cards, got {len(hand)}")
    for what, cards in (("the discards", discards), ("the seen cards", seen)):
        both = sorted(set(cards) & set(hand))
        if both:
            raise HeardError(f"{both[0]} is in the hand and in {what}")
    if set(discards) & set(seen):
        raise HeardError(f"{sorted(set(discards) & set(seen))[0]} is in the discards and in the seen cards")
    h = parse_heard(heard)
    other = "dealer" if seat == "elder" else "elder"
    own = Declaration.of(hand, rules)
    p_point, p_runs, p_sets = _opponent_scoring(h, other, rules)
    if seat == "elder":
        said = _elder_heard(h, hand, own, rules, point_call, p_point, p_runs, p_sets)
    else:
        said = _dealer_heard(h, hand, own, rules, point_call, p_point, p_runs, p_sets)
    if h.blanche is not None:
        clash = sorted(set(h.blanche) & (set(hand) | set(discards) | (set(seen) if seat == "dealer" else set())))
        if clash:
            raise HeardError(f"--heard: the carte blanche shown has {clash[0]}, which you hold or saw")
        if any(c.rank in rules.blanche_ranks for c in h.blanche):
            raise HeardError(f"--heard: the hand shown is no carte blanche under {rules.name}")
    return Knowledge(seat, rules, hand, discards, seen, opponent_exchanged, h.blanche, own_blanche, said, point_call)


_EXAMPLES = {"point": "point 5 49 in spades", "sequence": "quint to the king in spades", "sets": "fourteen tens"}


def _elder_heard(h: _Heard, hand: tuple[Card, ...], own: Declaration, rules: RuleSet, point_call: PointCall,
                 p_point: Point | None, p_runs: tuple[Run, ...], p_sets: tuple[ShownSet, ...]) -> Announcements:
    """Elder heard the dealer's answers and what the dealer announced."""
    if h.no or any(n is None for *_, n in h.runs) or (h.point is not None and p_point is None) or \
            any(size == 3 and m is None for size, _, m in h.sets):
        raise HeardError("--heard: as elder, write the dealer's answers (point good, ...) and each combination "
                         "he announced with its suit (point 5 49 in spades, quint to the king in spades, "
                         "three jacks without the club)")
    for cls, has in (("point", True), ("sequence", bool(own.runs)), ("sets", bool(own.sets))):
        if has and cls not in h.answers:
            raise HeardError(f"--heard: the dealer's answer to your {cls} is missing (say {cls} good, "
                             f"{'equal, ' if cls != 'sets' else ''}or not good)")
        if not has and cls in h.answers:
            raise HeardError(f"--heard: you have no {cls} to announce, so the dealer gave no answer to it")
    if h.answers.get("sets", ("",))[0] == EQUAL:
        raise HeardError("--heard: sets are never equal: sets good or not good")
    answer, asked = h.answers["point"]
    if asked and point_call != "cards":
        raise HeardError("--heard: 'how much' is for a point announced by its number of cards")
    if p_point is not None and point_call == "cards":  # his point named: whether he asked follows from it
        if asked and p_point.length != own.point.length:
            raise HeardError(f"--heard: 'point how much?': the dealer asks only with as many cards as you "
                             f"({own.point.length}), and his point has {p_point.length}")
        asked = p_point.length == own.point.length
    for cls, shown, has in (("point", p_point is not None, True), ("sequence", bool(p_runs), bool(own.runs)),
                            ("sets", bool(p_sets), bool(own.sets))):
        said_not_good = has and h.answers[cls][0] == NOT_GOOD
        if said_not_good and not shown:
            raise HeardError(f"--heard: {cls} not good: say what the dealer announced for it (e.g. "
                             f"{_EXAMPLES[cls]})")
        if shown and has and not said_not_good:
            raise HeardError(f"--heard: the dealer announced a {cls} that scored, but answered "
                             f"{h.answers[cls][0]} to yours")
    if p_point is not None and compare(p_point.key, own.point.key) <= 0:
        raise HeardError(f"--heard: the dealer's point {p_point.length} ({p_point.pips}) does not beat yours "
                         f"({own.point.length}, {own.point.pips})")
    if p_runs and own.runs and compare(p_runs[0].key, own.runs[0].key) <= 0:
        raise HeardError("--heard: the dealer's sequences do not beat yours")
    if p_sets and own.sets and compare((p_sets[0].size, int(p_sets[0].rank)), own.set_key) <= 0:
        raise HeardError("--heard: the dealer's sets do not beat yours")
    asked = bool(asked) or (answer == EQUAL and point_call == "cards")  # an equal point has as many cards: asked
    pips_said = asked or point_call == "pips"
    seq_answer = h.answers.get("sequence", (None,))[0]
    sets_answer = h.answers.get("sets", (None,))[0]
    mine = _own_scoring(hand, own, rules, answer == GOOD, seq_answer == GOOD, sets_answer == GOOD)
    return Announcements((own.point.length, own.point.pips if pips_said else None), asked, answer,
                         (own.runs[0].length, own.runs[0].top) if own.runs else None, seq_answer,
                         (own.sets[0].size, own.sets[0].rank) if own.sets else None, sets_answer,
                         mine, Scoring(p_point, p_runs, p_sets, h.rouge))


def _dealer_heard(h: _Heard, hand: tuple[Card, ...], own: Declaration, rules: RuleSet, point_call: PointCall,
                  p_point: Point | None, p_runs: tuple[Run, ...], p_sets: tuple[ShownSet, ...]) -> Announcements:
    """The dealer heard elder's announcements; his own answers follow from his hand."""
    if h.point is None:
        raise HeardError("--heard: elder's point is missing (e.g. point five, or point 5 49 when you asked)")
    length, pips, suit = h.point
    asked = point_call == "cards" and length == own.point.length
    if point_call == "pips" and pips is None:
        raise HeardError("--heard: elder names his point's value under this call (point 41)")
    if asked and pips is None:
        raise HeardError(f"--heard: you hold {length} cards too, so you asked the value: give elder's pips "
                         f"(point {length} 49)")
    if point_call == "pips" and pips is not None and length != _length_of_pips(pips):
        raise HeardError(f"--heard: {pips} pips are not {length} cards")
    elder_key = (length, pips if pips is not None else 0)
    point_c = compare(elder_key, own.point.key) if pips is not None else compare((length,), (own.point.length,))
    if point_c > 0 and (suit is None or pips is None):
        raise HeardError(f"--heard: elder's point beats yours, so he named its pips and suit (point {length} "
                         f"{pips or 49} in hearts)")
    if point_c <= 0 and suit is not None:
        raise HeardError("--heard: elder names his point's suit only when it is good")
    if point_c == 0 and point_call == "cards" and not asked:
        raise HeardError("--heard: equal points need as many cards")
    if not asked and point_call == "cards" and pips is not None and suit is None:
        raise HeardError("--heard: elder names his pips only when you ask (as many cards) or when his point is good")
    elder_point = (length, pips if asked or point_call == "pips" else None)
    runs = sorted(h.runs, key=lambda r: (r[0], r[1]), reverse=True)
    sets = sorted(h.sets, key=lambda s: (s[0], s[1]), reverse=True)
    best_run = (runs[0][0], runs[0][1]) if runs else None
    best_set = (sets[0][0], sets[0][1]) if sets else None
    for cls, items, best, key in (("sequence", runs, best_run, own.sequence_key), ("sets", sets, best_set,
                                                                                     own.set_key)):
        if cls in h.no and items:
            raise HeardError(f"--heard: no {cls}, and one named")
        if best is None:
            continue
        good = compare((best[0], int(best[1])), key) > 0
        named = [s for *_, s in items if s is not None]
        if good and len(named) != len(items) and cls == "sequence":
            raise HeardError("--heard: elder's sequence beats yours, so he named the suit of each he counts "
                             "(quint to the king in hearts)")
        if good and cls == "sets" and any(n == 3 and s is None for n, _, s in items):
            raise HeardError("--heard: elder's sets beat yours, so he named the suit each trio lacks "
                             "(three kings without the spade)")
        if not good and (named or len(items) > 1):
            raise HeardError(f"--heard: elder's {cls} is not good against yours: he named only his best, "
                             "without suits")
    if best_set is not None and best_set[1] < rules.set_min_rank:
        raise HeardError(f"--heard: {RANK_NAMES[best_set[1]]}s make no set under {rules.name}")
    seq_c = compare((best_run[0], int(best_run[1])) if best_run else (0, -1), own.sequence_key)
    set_c = compare((best_set[0], int(best_set[1])) if best_set else (0, -1), own.set_key)
    answers = {"point": (GOOD, EQUAL, NOT_GOOD)[1 - point_c],
               "sequence": (GOOD, EQUAL, NOT_GOOD)[1 - seq_c] if best_run else None,
               "sets": (GOOD, EQUAL, NOT_GOOD)[1 - set_c] if best_set else None}
    for cls, (given, _) in h.answers.items():
        if given != answers[cls]:
            raise HeardError(f"--heard: {cls} {given}: with your hand the answer is "
                             f"{answers[cls] or 'none (elder announced no ' + cls + ')'}")
    mine = _own_scoring(hand, own, rules, point_c < 0, seq_c < 0, set_c < 0)
    p_sets = p_sets if set_c > 0 else ()  # a quatorze named without suits is only elder's best when not good
    return Announcements(elder_point, asked, answers["point"], best_run, answers["sequence"], best_set,
                         answers["sets"], Scoring(p_point, p_runs, p_sets, h.rouge), mine)


def _length_of_pips(pips: int) -> int:
    """The number of cards a point of ``pips`` has: n + 1 cards of a suit always outweigh n (docs/rules.md)."""
    for n in range(3, 9):
        if pips <= sum(sorted((r.pips for r in Rank), reverse=True)[:n]):
            return n
    return 8


def heard_text(d: Dialogue, seat: str) -> str:
    """What ``seat`` heard in the dialogue ``d``, in the --heard notation (module docstring)."""
    a, parts = d.said, []
    if seat == "elder":
        parts.append("point " + ("how much? " if a.point_asked else "") + a.point_answer)
        if a.sequence_answer:
            parts.append(f"sequence {a.sequence_answer}")
        if a.sets_answer:
            parts.append(f"sets {a.sets_answer}")
        parts += _scoring_words(a.dealer)
        blanche = d.dealer_blanche
    else:
        length, pips = a.elder_point
        p = a.elder.point
        parts.append(f"point {length}" + (f" {p.pips} in {SUIT_NAMES[p.suit]}" if p else f" {pips}"
                                           if pips is not None else ""))
        if a.elder.runs:
            parts += [_run_text(r.length, r.top, r.suit) for r in a.elder.runs]
        elif a.elder_sequence:
            parts.append(_run_text(*a.elder_sequence))
        else:
            parts.append("no sequence")
        if a.elder.sets:
            parts += [_set_text(s.size, s.rank, s.missing) for s in a.elder.sets]
        elif a.elder_set:
            parts.append(_set_text(*a.elder_set))
        else:
            parts.append("no sets")
        if a.elder.carte_rouge:
            parts.append("carte rouge")
        blanche = d.elder_blanche
    if blanche is not None:
        parts.append("carte blanche " + format_cards(sort_hand(blanche)))
    return ", ".join(parts)


def _run_text(length: int, top: Rank, suit: Suit | None = None) -> str:
    return f"{RUN_NAMES[length]} to the {RANK_NAMES[top]}" + (f" in {SUIT_NAMES[suit]}" if suit is not None else "")


def _set_text(size: int, rank: Rank, missing: Iterable[Suit] | None = None) -> str:
    missing = tuple(missing or ())
    return (f"{'fourteen' if size == 4 else 'three'} {RANK_PLURALS[rank]}"
            + (f" without the {SUIT_NAMES[missing[0]][:-1]}" if size == 3 and missing else ""))


def _scoring_words(s: Scoring) -> list[str]:
    out = [f"point {s.point.length} {s.point.pips} in {SUIT_NAMES[s.point.suit]}"] if s.point else []
    out += [_run_text(r.length, r.top, r.suit) for r in s.runs]
    out += [_set_text(x.size, x.rank, x.missing) for x in s.sets]
    return out + (["carte rouge"] if s.carte_rouge else [])


__all__ = ["HeardError", "InconsistentError", "consistent_hands", "heard_text", "knowledge_from_heard", "matches",
           "parse_heard", "unseen_cards"]
