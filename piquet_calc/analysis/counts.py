"""What every exact result shares: integer counts over its deals, and chances and means derived from them."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from ..rules import RuleSet


class ExactCounts:
    """Mixin for frozen results with ``counts``: a dict of integers whose ``"deals"`` entry is how many
    equally likely deals they were counted over. Chances and expected values divide at the end. The
    declarations' results name their counts ``<class>_<who>`` for each side or seat ``who``; ``SCORED`` are
    the classes a total adds, the bonuses by ``rules``."""

    counts: dict[str, int]
    rules: RuleSet
    SCORED: ClassVar[tuple[str, ...]] = ("point", "sequence", "sets", "carte_blanche")

    @property
    def deals(self) -> int:
        return self.counts["deals"]

    def probability(self, name: str) -> float:
        """A count of deals (``*_win``, ``repique_*`` ...) as a chance."""
        return self.counts[name] / self.deals

    def expected(self, name: str) -> float:
        """A count of points summed over the deals as the expected points of one deal."""
        return self.counts[name] / self.deals

    def score_sum(self, who: str) -> int:
        """One side's or seat's total summed over the deals: declarations, carte blanche (and whatever else
        ``SCORED`` names), repique and pique bonuses."""
        c, r = self.counts, self.rules
        return (sum(c[f"{name}_{who}"] for name in self.SCORED)
                + r.repique_bonus * c[f"repique_{who}"] + r.pique_bonus * c[f"pique_{who}"])

    def expected_score(self, who: str) -> float:
        """One side's or seat's expected total of one deal."""
        return self.score_sum(who) / self.deals
