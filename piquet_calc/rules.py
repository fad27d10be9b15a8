"""The rule sets: every number the scoring and the enumeration read, in one frozen dataclass.

RULES.md (../shared/RULES.md) is the specification; its five presets are the five instances below,
each citing the source text in ``../shared/seeds/`` that it follows. A house rule set is a TOML file
naming a base preset and the fields it changes (``load_rules``)::

    base = "rubicon"
    repique_bonus = 100
    carte_rouge_points = 20
    [play]
    scoring_rank = "T"
"""

from __future__ import annotations

import dataclasses
import itertools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .cards import Rank


class RulesError(ValueError):
    """An unknown preset or an impossible rule value; the message is one line for the user."""


TALON = 8
ELDER_TALON = 5  # the top five of the talon are elder's
DEALER_TALON = 3  # the bottom three are the dealer's own


@dataclass(frozen=True)
class PlayPoints:
    """Points in the play, as far as elder's pique run needs them (RULES.md, The play)."""

    lead: int = 1  # leading a card
    last_lead: int = 1  # leading to the twelfth trick (encyclopedia: 2)
    win_opponent_lead: int = 1  # winning a trick the opponent led (never part of elder's pique run)
    win_own_lead: int = 0  # winning a trick one led
    last_trick: int = 1  # extra for winning the twelfth trick, over its ordinary points
    seventh_trick: int = 0  # at once on winning one's seventh trick (encyclopedia: 10)
    scoring_rank: Rank = Rank.SEVEN  # a card below this scores nothing when led or when it wins


@dataclass(frozen=True)
class RuleSet:
    """One rule system. Field names say what they are at the table; see RULES.md for each."""

    name: str
    source: str
    elder_discards: tuple[int, ...] = (1, 2, 3, 4, 5)  # how many cards elder may exchange; 0 refuses
    dealer_discards_allowed: tuple[int, ...] = tuple(range(TALON + 1))  # the dealer's, within what is left
    blanche_ranks: frozenset[Rank] = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})  # a dealt hand without these
    blanche_points: int = 10
    set_min_rank: Rank = Rank.TEN  # lowest rank that makes a trio or quatorze
    trio_points: int = 3
    quatorze_points: int = 14
    carte_rouge_points: int = 0  # every card in a combination that scored (0: no carte rouge)
    repique_bonus: int = 60
    repique_threshold: int = 30  # declarations to reach, the opponent at nothing
    pique_bonus: int = 30
    pique_threshold: int = 30  # declarations and play to reach, the opponent at nothing
    play: PlayPoints = field(default_factory=PlayPoints)

    def sequence_points(self, length: int) -> int:
        """Tierce 3, quart 4, then 10 + length from the quint up (RULES.md, Sequences)."""
        if length < 3:
            return 0
        return length if length < 5 else 10 + length

    def dealer_discards(self, elder_took: int) -> tuple[int, ...]:
        """How many cards the dealer may exchange once elder has taken ``elder_took``: what the rules
        allow, up to all that is left of the talon; when elder refused it (0), only his own three."""
        left = DEALER_TALON if elder_took == 0 else TALON - elder_took
        return tuple(m for m in self.dealer_discards_allowed if m <= left)

    def kernel_params(self) -> np.ndarray:
        """The scalar rules the kernels read, packed in the order of ``_kernels.P_*``."""
        p = self.play
        return np.array([
            self.blanche_points, self.repique_bonus, self.pique_bonus, self.repique_threshold,
            self.pique_threshold, self.carte_rouge_points,
            p.lead, p.last_lead, p.win_own_lead, p.last_trick, p.seventh_trick,
            sum(1 << r for r in Rank if r >= p.scoring_rank),
        ], dtype=np.int64)

    def settings(self) -> dict[str, Any]:
        """Every field as plain JSON-ready values (ranks by symbol), in field order."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, PlayPoints):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Rank):
        return value.symbol
    if isinstance(value, frozenset):
        return [r.symbol for r in sorted(value, reverse=True)]
    if isinstance(value, tuple):
        return list(value)
    return value


RUBICON = RuleSet(
    name="rubicon",
    source="RULES.md's default, after 002 ('РУБИКОН-ПИКЕ, ДЛЯ ДВУХ ИГРОКОВ')",
)
"""Rubicon piquet, the default (RULES.md; seeds/002). Elder exchanges 1 to 5, the dealer 0 to all that
is left; carte blanche is a dealt hand without K, Q or J (002: "Если пона обнаруживает у себя отсутствие
К, Д или В, он должен немедленно заявить о карте-бланк на 10 очков"); sets from the ten up; repique 60,
pique 30; in the play every lead scores 1, winning the opponent's lead 1, one's own 0, the last trick
1 more."""

AU_CENT = RuleSet(
    name="au-cent",
    source="002, piquet au cent: the French exchange rule and the play scored on tens and higher",
    dealer_discards_allowed=tuple(range(1, TALON + 1)),
    play=PlayPoints(scoring_rank=Rank.TEN),
)
"""Piquet au cent (seeds/002). The dealer must take at least one card: "во Франции он должен взять по
меньшей мере одну карту". In the play a lead scores only with a ten or higher: "Если эта карта —
десятка или старше, он требует одно очко за ход ею, даже если не выигрывает взятку", and winning the
opponent's lead likewise only with a ten or higher; the last trick 1 more."""

ENGLISH = RuleSet(
    name="english",
    source="000: the English rules, the dealer free to take nothing, the play scored on tens and higher",
    play=PlayPoints(scoring_rank=Rank.TEN),
)
"""English piquet (seeds/000). "Сдающий не обязан брать карты из резерва" (the dealer need not take);
"Игрок получает одно очко за каждую карту старше девятки, с которой он заходит, и одно очко каждый раз,
когда он выигрывает заход противника на карте старше девятки. За выигрыш последней взятки игрок получает
дополнительное очко." Otherwise as rubicon."""

RUSSIAN = RuleSet(
    name="russian",
    source="003 and 001: exchange 3 to 5 or refuse, carte blanche without an ace either, carte rouge 20",
    elder_discards=(0, 3, 4, 5),
    dealer_discards_allowed=(0, *range(3, TALON + 1)),
    blanche_ranks=frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK}),
    carte_rouge_points=20,
    play=PlayPoints(win_own_lead=1, last_trick=3),
)
"""Russian piquet (seeds/003, 001). Elder takes 3 to 5: "Первый игрок имеет право поменять пять своих
карт, но не менее трёх", or none: "Противник сдающего вправе вовсе отказаться от прикупа. В этом случае
дилер может воспользоваться только тремя последними («своими») картами"; the dealer likewise at least
three. Carte blanche: "набор без фигур и туза". Sets: "Ниже десятки комплекты не считаются". Carte rouge:
"Если при этом в выигрышных вариантах участвуют все карты, счастливчик получает 20 очков премии". Play:
"ещё по очку за каждый заход и за каждую взятку. За последнюю взятку - четыре очка" (001 rule 9: "не за
единицу, а за четыре"), so the twelfth trick's win scores 3 more than an ordinary one; 003's "всего
разыгрывается 27 очков" (12 leads, 11 tricks at 1, the last at 4) checks this reading."""

ENCYCLOPEDIA = RuleSet(
    name="encyclopedia",
    source="004 (Энциклопедия игр): sets of any rank, carte rouge 20, repique 100, points for leads only",
    set_min_rank=Rank.SEVEN,
    carte_rouge_points=20,
    repique_bonus=100,
    play=PlayPoints(lead=1, last_lead=2, win_opponent_lead=0, win_own_lead=0, last_trick=0, seventh_trick=10),
)
"""The encyclopedia's piquet (seeds/004). Sets of any rank: "три или четыре карты одинакового достоинства"
(its own example scores four sevens). Carte rouge: "Если в действительности все карты игрока приняли
участие в игре, он получает дополнительно 20 очков премии". Repique: "выигравшему записывается
дополнительно еще 100 очков премии". Play: "За каждый выход (за выход, а не за взятку!) игрок получает
очко, а за последний выход — два", and "за седьмую взятку — премия 10 очков", scored at once (its example:
"34 — Б, так как это уже седьмая взятка"). 004 says nothing of exchange limits: rubicon's are assumed."""

PRESETS: dict[str, RuleSet] = {r.name: r for r in (RUBICON, AU_CENT, ENGLISH, RUSSIAN, ENCYCLOPEDIA)}


def get_rules(name: str) -> RuleSet:
    """A preset by name, or a TOML file of house rules when ``name`` ends in ``.toml``."""
    if name.lower().endswith(".toml"):
        return load_rules(Path(name))
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RulesError(f"unknown rules {name!r}: choose one of {', '.join(PRESETS)} or a .toml file") from None


def span(counts: Sequence[int]) -> str:
    """Card counts in words, runs joined: "1 to 5", "0, 3 to 5".

    >>> span([0, 3, 4, 5]), span([2]), span(range(9))
    ('0, 3 to 5', '2', '0 to 8')
    """
    parts = []
    for _, step in itertools.groupby(enumerate(sorted(counts)), lambda t: t[1] - t[0]):  # consecutive runs
        run = [n for _, n in step]
        parts.append(f"{run[0]} to {run[-1]}" if len(run) > 1 else f"{run[0]}")
    return ", ".join(parts)


# --- house rules -----------------------------------------------------------------------------------

_SCORE_LIMIT = 63  # the kernels pack one class's score of one hand in 6 bits


def load_rules(path: Path) -> RuleSet:
    """House rules: a TOML file with ``base = "<preset>"`` and any fields to change (and ``[play]``)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise RulesError(f"cannot read rules file {str(path)!r}: {e.strerror or e}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise RulesError(f"{path}: not valid TOML: {e}") from None
    return rules_from_dict(data, where=str(path), default_name=path.stem)


def rules_from_dict(data: dict[str, Any], where: str = "rules", default_name: str = "house") -> RuleSet:
    """A RuleSet from TOML-like data: ``base`` preset, then overrides; errors name the field."""
    data = dict(data)
    base_name = data.pop("base", "rubicon")
    if not isinstance(base_name, str) or base_name.lower() not in PRESETS:
        raise RulesError(f"{where}: base: must be one of {', '.join(PRESETS)}, not {base_name!r}")
    base = PRESETS[base_name.lower()]
    play_data = data.pop("play", {})
    if not isinstance(play_data, dict):
        raise RulesError(f"{where}: play: must be a table ([play])")
    known = {f.name for f in dataclasses.fields(RuleSet)} - {"play"}
    changes: dict[str, Any] = {"name": default_name, "source": f"{where}, based on {base.name}"}
    for key, value in data.items():
        if key not in known:
            raise RulesError(f"{where}: unknown field {key!r} (fields: {', '.join(sorted(known | {'base', 'play'}))})")
        changes[key] = _field_value(key, value, where)
    play_known = {f.name for f in dataclasses.fields(PlayPoints)}
    play_changes = {}
    for key, value in play_data.items():
        if key not in play_known:
            raise RulesError(f"{where}: unknown field 'play.{key}' (play fields: {', '.join(sorted(play_known))})")
        play_changes[key] = _field_value(f"play.{key}", value, where)
    changes["play"] = dataclasses.replace(base.play, **play_changes)
    rules = dataclasses.replace(base, **changes)
    check_rules(rules, where)
    return rules


def _rank(value: Any, name: str, where: str) -> Rank:
    text = str(value).strip().upper()
    symbols = {"10": Rank.TEN, **{r.symbol: r for r in Rank}}
    if text not in symbols:
        raise RulesError(f"{where}: {name}: not a rank: {value!r} (use 7 8 9 T J Q K A)")
    return symbols[text]


def _field_value(name: str, value: Any, where: str) -> Any:
    if name in ("name", "source"):
        if not isinstance(value, str) or not value.strip():
            raise RulesError(f"{where}: {name}: must be a non-empty string")
        return value.strip()
    if name in ("set_min_rank", "play.scoring_rank"):
        return _rank(value, name, where)
    if name == "blanche_ranks":
        if not isinstance(value, list) or not value:
            raise RulesError(f"{where}: {name}: must be a non-empty list of ranks, e.g. [\"K\", \"Q\", \"J\"]")
        return frozenset(_rank(v, name, where) for v in value)
    if name in ("elder_discards", "dealer_discards_allowed"):
        if not isinstance(value, list) or not value or not all(type(v) is int for v in value):
            raise RulesError(f"{where}: {name}: must be a non-empty list of whole numbers")
        return tuple(sorted(set(value)))
    if type(value) is not int or value < 0:
        raise RulesError(f"{where}: {name}: must be a whole number of points, 0 or more, not {value!r}")
    return value


def check_rules(rules: RuleSet, where: str) -> None:
    """Refuse values no deal can play, or that the kernels cannot count exactly; errors name the field."""
    if not all(0 <= k <= ELDER_TALON for k in rules.elder_discards):
        raise RulesError(f"{where}: elder_discards: elder takes from his five, so 0 to 5, "
                         f"not {list(rules.elder_discards)}")
    if not all(0 <= m <= TALON for m in rules.dealer_discards_allowed):
        raise RulesError(f"{where}: dealer_discards_allowed: 0 to 8, not {list(rules.dealer_discards_allowed)}")
    for k in rules.elder_discards:
        if not rules.dealer_discards(k):
            raise RulesError(f"{where}: dealer_discards_allowed: leaves the dealer no legal exchange "
                             f"when elder takes {k}")
    limits = {"blanche_points": rules.blanche_points, "carte_rouge_points": rules.carte_rouge_points}
    for name, value in limits.items():
        if value > _SCORE_LIMIT:
            raise RulesError(f"{where}: {name}: at most {_SCORE_LIMIT}, not {value}")
    # the most one hand's sets can score: quatorzes and trios in 12 cards
    most = max(q * rules.quatorze_points + t * rules.trio_points
               for q in range(4) for t in range(5) if 4 * q + 3 * t <= 12)
    if most > _SCORE_LIMIT:
        raise RulesError(f"{where}: quatorze_points/trio_points: a hand's sets could score {most}, "
                         f"more than {_SCORE_LIMIT}")
    for name in ("repique_threshold", "pique_threshold"):
        if not 1 <= getattr(rules, name) <= 255:
            raise RulesError(f"{where}: {name}: 1 to 255, not {getattr(rules, name)}")
    if rules.play.last_lead < rules.play.lead:
        raise RulesError(f"{where}: play.last_lead: at least play.lead ({rules.play.lead}), not {rules.play.last_lead}")
