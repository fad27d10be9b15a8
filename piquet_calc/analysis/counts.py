"""What every exact result shares: integer counts over its deals, and chances and means derived from them."""

from __future__ import annotations


class ExactCounts:
    """Mixin for frozen results with ``counts``: a dict of integers whose ``"deals"`` entry is how many
    equally likely deals they were counted over. Chances and expected values divide at the end."""

    counts: dict[str, int]

    @property
    def deals(self) -> int:
        return self.counts["deals"]

    def probability(self, name: str) -> float:
        """A count of deals (``*_win``, ``repique_*`` ...) as a chance."""
        return self.counts[name] / self.deals

    def expected(self, name: str) -> float:
        """A count of points summed over the deals as the expected points of one deal."""
        return self.counts[name] / self.deals
