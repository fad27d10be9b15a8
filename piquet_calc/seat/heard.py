"""The ``--heard`` notation, in which a player types what he heard at the table: read (``parse_heard``, for
seat/knowledge.py's ``knowledge_from_heard``) and written (``heard_text``).

Public API:

``heard_text(dialogue, seat) -> str``
    What ``seat`` heard in a dialogue, in the notation (``declare --dialogue`` prints it per seat), so
    that ``knowledge_from_heard(seat, ..., heard_text(d, seat), ...)`` is ``seat.dialogue.knowledge(d, seat)``.

``parse_heard(text) -> _Heard``
    The clauses of ``text``, sorted by kind; checked against a hand by seat/knowledge.py.

``HeardError`` is a subclass of ``CardError``: the command line prints it as one line, exit status 2.

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

import re
from collections.abc import Iterable

from ..cards import HAND_SIZE, Card, CardError, Rank, Suit, format_cards, parse_cards, sort_hand
from ..game.declarations import RANK_NAMES, RANK_PLURALS, RUN_NAMES, SUIT_NAMES
from ..numerals import NumberError, parse_whole
from .dialogue import ANSWERS, Dialogue, Scoring, number_words


class HeardError(CardError):
    """``--heard`` text that does not parse, or contradicts the player's own hand; one line for the user."""


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


__all__ = ["HeardError", "heard_text", "parse_heard"]
