"""`piquet-calc play ELDER MIDDLE DEALER --rules normand`: a Normand deal played by the paranoid model."""

from __future__ import annotations

from ..cards import CardError, parse_cards
from ..rules import get_rules
from .common import Answer, _user_errors, click_errors

TWO_HAND_ONLY = ("elder_dealt", "seat", "discards", "heard", "other_took", "seen", "carte_blanche",
                 "threads")


def play_normand_answer(hands: list[str], tricks: str, rules: str, dealer_dealt: str | None,
                        others: list[str]) -> Answer:
    """Three hands (elder's, middle's, the dealer's ten), the recorded tricks, the rules, the dealer's dealt
    hand (None: not given; given even empty is given), the two-handed options given (refused): the report."""
    from ..analysis.play_normand import analyse_play_normand, parse_tricks_normand
    from ..game.play_normand import PlayError

    if others:
        raise click_errors.UsageError(f"{', '.join(others)}: not for the play of three (normand)")
    with _user_errors():
        ruleset = get_rules(rules)
        if not ruleset.game.normand:
            raise CardError(f"three hands are for normand; {ruleset.name} has {ruleset.game.players} seats")
        if len(hands) != 3 or not all(h.strip() for h in hands):
            raise CardError("give three hands of ten: elder's, middle's, the dealer's")
        size = ruleset.table.hand_size
        cards = [parse_cards(h, size, f"{seat}'s hand") for h, seat in zip(hands, ("elder", "middle", "the dealer"),
                                                                             strict=True)]
        dealt = parse_cards(dealer_dealt, size, "the dealer's dealt hand") if dealer_dealt is not None else None
        played = [c for t in parse_tricks_normand(tricks) for c in t]
        try:
            result = analyse_play_normand(cards, ruleset, played, dealer_dealt=dealt)
        except PlayError as err:
            raise CardError(f"--tricks: {err}") from None
    from ..report.play_normand import play_normand_data, play_normand_table

    return Answer(lambda: play_normand_data(result), lambda: play_normand_table(result))
