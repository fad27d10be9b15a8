"""The rule set: every number the scoring and the enumeration read, in one frozen dataclass.

RULES.md (../shared/RULES.md) is the specification; each preset cites the source text it follows.
This version of the engine implements the rubicon preset; the fields are laid out so that the
other presets of RULES.md are new instances, not new code paths.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .cards import Rank


class RulesError(ValueError):
    """An unknown preset or an impossible rule value; the message is one line for the user."""


@dataclass(frozen=True)
class PlayPoints:
    """Points in the play, as far as elder's pique run needs them (RULES.md, The play)."""

    lead: int = 1  # leading a card
    win_own_lead: int = 0  # winning the trick one led
    last_trick: int = 1  # extra for the twelfth trick
    scoring_rank: Rank = Rank.SEVEN  # a card below this scores nothing when led


@dataclass(frozen=True)
class RuleSet:
    """One rule system. Field names say what they are at the table; see RULES.md for each."""

    name: str
    source: str
    elder_discards: tuple[int, ...]  # legal numbers of cards elder may exchange
    dealer_min_discard: int  # the dealer may exchange from this many up to all that is left
    blanche_ranks: frozenset[Rank]  # a dealt hand holding none of these is carte blanche
    blanche_points: int = 10
    set_min_rank: Rank = Rank.TEN  # lowest rank that makes a trio or quatorze
    trio_points: int = 3
    quatorze_points: int = 14
    repique_bonus: int = 60
    pique_bonus: int = 30
    bonus_threshold: int = 30  # points to reach, opponent at nothing, for repique and pique
    play: PlayPoints = field(default_factory=PlayPoints)

    def sequence_points(self, length: int) -> int:
        """Tierce 3, quart 4, then 10 + length from the quint up (RULES.md, Sequences)."""
        if length < 3:
            return 0
        return length if length < 5 else 10 + length

    def dealer_discards(self, elder_took: int) -> tuple[int, ...]:
        """How many cards the dealer may exchange once elder has taken ``elder_took``."""
        return tuple(range(self.dealer_min_discard, 8 - elder_took + 1))

    def kernel_params(self) -> np.ndarray:
        """The scalar rules the kernels read, packed in the order of ``_kernels.P_*``."""
        return np.array([
            self.blanche_points, self.repique_bonus, self.pique_bonus, self.bonus_threshold,
            self.play.lead, self.play.win_own_lead, self.play.last_trick,
            sum(1 << r for r in Rank if r >= self.play.scoring_rank),
        ], dtype=np.int64)


RUBICON = RuleSet(
    name="rubicon",
    source="RULES.md, rubicon preset (Rubicon piquet as in seeds/002, 'РУБИКОН-ПИКЕ, ДЛЯ ДВУХ ИГРОКОВ')",
    elder_discards=(1, 2, 3, 4, 5),
    dealer_min_discard=0,
    blanche_ranks=frozenset({Rank.KING, Rank.QUEEN, Rank.JACK}),
)
"""Rubicon piquet, the default. Elder exchanges 1 to 5, the dealer 0 to all that is left; carte
blanche is a dealt hand without K, Q or J; sets from the ten up; repique 60, pique 30; in the play
every lead scores 1, winning the opponent's lead 1, winning one's own lead 0, the last trick 1 more."""

PRESETS: dict[str, RuleSet] = {RUBICON.name: RUBICON}


def get_rules(name: str) -> RuleSet:
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RulesError(f"unknown rules {name!r}: choose one of {', '.join(PRESETS)}") from None
