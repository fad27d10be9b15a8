"""Where a partie can stand before a deal: the deals a two-handed partie plays and the most a total can be
before one (game/partie.py's rules), so that a score typed for the score-aware advice (``discard --play
--score``) is checked before any work. Plain Python."""

from __future__ import annotations

from ..rules.model import RuleSet
from .partie import AU_CENT_TARGET, RUBICON_EXTRA, PartieError, fixed_length, partie_name

AU_CENT_MOST_DEALS = 199  # every deal scores at least the last trick's point, so by deal 199 a player has 100
HAND = 12


def deal_ceiling(rules: RuleSet) -> int:
    """A bound on what one player can score in one two-handed deal under ``rules`` (more than the true most):
    carte blanche, a point of eight cards, the best sequences twelve cards make, three quatorzes, carte
    rouge, the larger of repique and pique, every trick led and won at its best points, the last trick's
    extra, the seventh trick's, the cards and capot together, the deal bonus.

    >>> from piquet_calc.rules import get_rules
    >>> deal_ceiling(get_rules("rubicon")), deal_ceiling(get_rules("encyclopedia"))
    (227, 346)
    """
    seq = [0] * (HAND + 1)  # seq[n]: the most n cards can score in sequences (parts of 3 to 8 cards)
    for n in range(3, HAND + 1):
        seq[n] = max(seq[n - 1], *(seq[n - k] + rules.sequence_points(k) for k in range(3, min(8, n) + 1)))
    p = rules.play
    play = (HAND * (max(p.lead, p.last_lead) + max(p.win_opponent_lead, p.win_own_lead)) + p.last_trick
            + p.seventh_trick + p.cards + p.capot + p.deal_bonus)
    return (rules.blanche_points + 8 + seq[HAND] + 3 * rules.quatorze_points + rules.carte_rouge_points
            + max(rules.repique_bonus, rules.pique_bonus) + play)


def check_before_deal(rules: RuleSet, score: tuple[int, int], deal: int) -> None:
    """PartieError (one line) unless two players can stand at ``score`` before deal number ``deal`` of a
    two-handed partie under ``rules`` (``partie_name``): a deal the partie plays (rubicon's seventh only on
    equal totals after six, its eighth after the seventh; au-cent at most ``AU_CENT_MOST_DEALS``, both
    under 100), each total at most what the deals before it can give (``deal_ceiling`` each).

    >>> from piquet_calc.rules import get_rules
    >>> check_before_deal(get_rules("rubicon"), (130, 130), 7)
    >>> try:
    ...     check_before_deal(get_rules("rubicon"), (130, 120), 7)
    ... except PartieError as e:
    ...     print(e)
    rubicon plays a seventh deal only when the totals are equal after six (002), not 130 to 120
    """
    name = partie_name(rules)
    if not rules.game.two_handed:
        raise PartieError(f"{name}'s partie is for {rules.game.players} players; a score is two totals")
    me, opp = score
    if name == "au-cent" and not 1 <= deal <= AU_CENT_MOST_DEALS:
        raise PartieError(f"au-cent's partie is over by deal {AU_CENT_MOST_DEALS} (every deal scores at least the "
                          f"last trick's point): no deal {_shown(deal)}")
    length = 12 if name == "russian" else fixed_length(name)
    if name != "au-cent" and not 1 <= deal <= length + (RUBICON_EXTRA if name == "rubicon" else 0):
        more = " and two more when equal after six (002)" if name == "rubicon" else ""
        raise PartieError(f"{name}'s partie has {length} deals{more}: no deal {_shown(deal)}")
    if name == "rubicon" and deal == fixed_length(name) + 1 and me != opp:
        raise PartieError(f"rubicon plays a seventh deal only when the totals are equal after six (002), "
                          f"not {me} to {opp}")
    if name == "au-cent" and max(me, opp) >= AU_CENT_TARGET:
        raise PartieError("the partie is over: a player has 100")
    most = (deal - 1) * deal_ceiling(rules)
    if max(me, opp) > most:
        raise PartieError(f"{_shown(max(me, opp))} cannot be a total before deal {deal}: {why_most(rules, deal)}")


def most_before(rules: RuleSet, deal: int) -> int:
    """The most a player's total can be before deal ``deal`` (from 1) of a two-handed partie: what the
    deals before it can give (``deal_ceiling`` each); au-cent's partie ends at 100, so under 100 there."""
    most = (deal - 1) * deal_ceiling(rules)
    return min(most, AU_CENT_TARGET - 1) if partie_name(rules) == "au-cent" else most


def why_most(rules: RuleSet, deal: int) -> str:
    """``most_before``'s reason, in words for a message."""
    if deal == 1:
        return "no deal has been played, so the score is \"0 0\""
    if partie_name(rules) == "au-cent" and most_before(rules, deal) == AU_CENT_TARGET - 1:
        return f"au-cent's partie is over when a player has {AU_CENT_TARGET}"
    if deal == 2:
        return f"one deal gives at most {deal_ceiling(rules)} points"
    return f"{deal - 1} deals of at most {deal_ceiling(rules)} points each"


def _shown(number: int) -> str:
    """A number for a message, cut to about 20 digits."""
    text = str(number)
    return text if len(text) <= 20 else text[:17] + "..."
