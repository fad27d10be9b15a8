"""`piquet-calc declare`: what to declare (two, three or four players), and --dialogue: the announcements;
``declare_document``, its --json document (batch's too)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..cards import HAND_SIZE, CardError, parse_cards, parse_hand, quote
from ..game.consistency import check_exchange_seen
from ..rules import TWO_HANDED_SEATS, YOUNGER, RuleSet, get_rules
from .common import (
    Answer,
    ElderOption,
    JsonOption,
    RulesOption,
    WideOption,
    YoungerOption,
    _one_position,
    _silence,
    _user_errors,
    _younger_only,
    click_errors,
)
from .progress import _Progress


def declare(
    hand: Annotated[str, typer.Argument(help="Your cards after the exchange (twelve; normand ten, four eight).")],
    discards: Annotated[str, typer.Option(help="The cards you discarded (they are out of play).")] = "",
    seen: Annotated[str, typer.Option(help="Talon cards you saw and did not take.")] = "",
    elder: ElderOption = False,
    younger: YoungerOption = False,
    dealer: Annotated[bool, typer.Option("--dealer", help="You are the dealer (two players: as --younger).")] = False,
    seat: Annotated[str | None, typer.Option(help="Your seat: normand elder, middle or dealer; four elder, second, "
                                                  "third or dealer.")] = None,
    carte_blanche: Annotated[bool, typer.Option("--carte-blanche", help="You showed carte blanche.")] = False,
    elder_blanche: Annotated[bool, typer.Option("--elder-blanche",
                                                help="Younger only: elder showed carte blanche.")] = False,
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress on stderr (nor the first run's "
                                                              "compiling line).")] = False,
    dialogue: Annotated[bool, typer.Option("--dialogue", help="Two players: HAND is elder's final hand and "
                                           "DEALER_HAND the dealer's: the announcements in the table's words and "
                                           "what each then knows (docs/rules.md, Announcing).")] = False,
    dealer_hand: Annotated[str | None, typer.Argument(help="With --dialogue: the dealer's final hand.",
                                                      show_default=False)] = None,
    elder_dealt: Annotated[str, typer.Option(help="With --dialogue: elder's dealt hand (carte blanche, "
                                             "his discards).")] = "",
    dealer_dealt: Annotated[str, typer.Option(help="With --dialogue: the dealer's dealt hand.")] = "",
) -> None:
    """What to declare: each class's chance of being good, what is good against the cards, what can be sunk."""
    if not (dialogue or dealer_hand is not None or elder_dealt or dealer_dealt):
        _silence(quiet)
    declare_answer(hand, discards=discards, seen=seen, elder=elder, younger=younger, dealer=dealer, seat=seat,
                   carte_blanche=carte_blanche, elder_blanche=elder_blanche, rules=rules, dialogue=dialogue,
                   dealer_hand=dealer_hand, elder_dealt=elder_dealt, dealer_dealt=dealer_dealt,
                   progress=not quiet).emit(as_json)


def declare_document(hand: str, *, discards: str = "", seen: str = "", elder: bool = False, younger: bool = False,
                     dealer: bool = False, seat: str | None = None, carte_blanche: bool = False,
                     elder_blanche: bool = False, rules: str = "rubicon", dialogue: bool = False,
                     dealer_hand: str | None = None, elder_dealt: str = "", dealer_dealt: str = "") -> dict[str, Any]:
    """``declare HAND --json``'s document (no progress written); a usage error (one line) for bad options."""
    return declare_answer(hand, discards=discards, seen=seen, elder=elder, younger=younger, dealer=dealer, seat=seat,
                          carte_blanche=carte_blanche, elder_blanche=elder_blanche, rules=rules, dialogue=dialogue,
                          dealer_hand=dealer_hand, elder_dealt=elder_dealt, dealer_dealt=dealer_dealt,
                          progress=False).data()


def declare_answer(hand: str, *, discards: str, seen: str, elder: bool, younger: bool, dealer: bool,
                   seat: str | None, carte_blanche: bool, elder_blanche: bool, rules: str, dialogue: bool,
                   dealer_hand: str | None, elder_dealt: str, dealer_dealt: str, progress: bool) -> Answer:
    """The options checked and the declarations analysed (or the dialogue), for the document and the table;
    ``progress``: the analysis's progress on stderr."""
    if dialogue or dealer_hand is not None or elder_dealt or dealer_dealt:
        others = bool(discards or seen or elder or younger or dealer or seat or carte_blanche or elder_blanche)
        return _declare_dialogue(hand, dealer_hand, elder_dealt, dealer_dealt, rules, dialogue, others)
    with _user_errors():
        ruleset = get_rules(rules)
        thrown = parse_cards(discards, what="the discards")
        looked = parse_cards(seen, what="the seen cards")
    seat = seat.strip().lower() if seat is not None else None  # case-blind, as presets and cards
    if not ruleset.game.two_handed:
        return _declare_table(hand, ruleset, seat, elder, younger, dealer, thrown, looked, carte_blanche,
                              elder_blanche, progress)
    if seat is not None:
        if seat not in (*TWO_HANDED_SEATS, YOUNGER):
            raise click_errors.UsageError(f"no seat {quote(seat)} at this table: seats are elder, dealer (younger)")
        elder, younger = elder or seat == "elder", younger or seat != "elder"
    younger = younger or dealer
    with _user_errors():
        cards = parse_hand(hand)
    _one_position(elder, younger)
    _younger_only(elder, **{"--elder-blanche": elder_blanche})
    with _user_errors():
        check_exchange_seen("elder" if elder else "younger", len(thrown), len(looked), ruleset)
    from .. import report
    from ..analysis import analyse_declaration

    with _user_errors():
        result = analyse_declaration(cards, "elder" if elder else "younger", thrown, looked, ruleset,
                                     carte_blanche=carte_blanche, elder_blanche=elder_blanche)
    return Answer(lambda: report.declaration_data(result), lambda: report.declaration_table(result))


def _declare_dialogue(elder_hand: str, dealer_hand: str | None, elder_dealt: str, dealer_dealt: str, rules: str,
                      dialogue: bool, other_options: bool) -> Answer:
    """declare --dialogue ELDER DEALER: the announcements of both final hands and what each seat knows."""
    if not dialogue:
        raise click_errors.UsageError("a second hand and --elder-dealt/--dealer-dealt are for --dialogue")
    if other_options:
        raise click_errors.UsageError("--dialogue takes both final hands (and --elder-dealt, --dealer-dealt, "
                                      "--rules, --json), not --discards, --seen, a seat or carte blanche")
    from ..analysis.dialogue import analyse_dialogue
    from ..report.dialogue import dialogue_data, dialogue_table

    with _user_errors():
        ruleset = get_rules(rules)
        ruleset.require_two_handed("--dialogue")
        if dealer_hand is None:
            raise CardError("--dialogue: give elder's final hand, then the dealer's hand")
        e = parse_cards(elder_hand, HAND_SIZE, "elder's hand")
        d = parse_cards(dealer_hand, HAND_SIZE, "the dealer's hand")
        if set(e) & set(d):  # before the dealt hands are read, as ever
            raise CardError(f"{sorted(set(e) & set(d))[0]} is in both hands")
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if elder_dealt else None
        d_dealt = parse_cards(dealer_dealt, HAND_SIZE, "the dealer's dealt hand") if dealer_dealt else None
        result = analyse_dialogue(e, d, ruleset, e_dealt, d_dealt)
    return Answer(lambda: dialogue_data(result.said, result.knows),
                  lambda: dialogue_table(dialogue_data(result.said, result.knows)))


def _declare_table(hand: str, ruleset: RuleSet, seat: str | None, elder: bool, younger: bool, dealer: bool,
                   thrown: tuple, looked: tuple, carte_blanche: bool, elder_blanche: bool, progress: bool) -> Answer:
    """declare for three or four players: any seat, by --seat (or --elder, --dealer)."""
    shape = ruleset.game
    if younger:
        raise click_errors.UsageError(f"{ruleset.name} has no younger hand: say --seat ({', '.join(shape.seats)})")
    named = [s for s, flag in (("elder", elder), ("dealer", dealer)) if flag] + ([seat] if seat else [])
    if len(set(named)) != 1:
        raise click_errors.UsageError(f"say which seat you hold, once: --seat ({', '.join(shape.seats)})")
    (who,) = set(named)
    if elder_blanche or looked:
        raise click_errors.UsageError(f"--elder-blanche and --seen are for two players, not {ruleset.name}")
    with _user_errors():
        shape.seat(who)
        cards = parse_cards(hand, shape.hand_size, "the hand")
    from .. import report

    if shape.four:
        from ..analysis.declarations_four import analyse_declaration_four

        if thrown or carte_blanche:
            raise click_errors.UsageError(f"nobody exchanges under {ruleset.name}: no --discards or --carte-blanche "
                                          "(each hand's carte blanche is read off it)")
        with _user_errors():
            four = analyse_declaration_four(cards, who, ruleset, progress=_Progress(progress))
        return Answer(lambda: report.declaration_four_data(four), lambda: report.declaration_four_table(four))
    from ..analysis.declarations_normand import analyse_declaration_normand

    with _user_errors():
        result = analyse_declaration_normand(cards, who, ruleset, thrown, carte_blanche=carte_blanche,
                                             progress=_Progress(progress))
    return Answer(lambda: report.declaration_normand_data(result),
                  lambda: report.declaration_normand_table(result))
