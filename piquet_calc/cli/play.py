"""`piquet-calc play`: the best play with both hands seen, or (--seat) the card to play as a player sees it;
``play_document``, its --json document (batch's too)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import typer

from ..cards import HAND_SIZE, CardError, parse_cards
from ..kernels.cache import MAX_THREADS
from ..rules import RuleSet, get_rules
from .common import Answer, JsonOption, RulesOption, WideOption, _given, _number, _silence, _user_errors, click_errors

# the options that mean something only when given (even empty, or false): None in play_document when not given
GIVEN_ONLY = ("elder_dealt", "dealer_dealt", "discards", "heard", "other_took", "seen", "carte_blanche", "threads",
              "samples", "seed")


def play(
    ctx: typer.Context,
    hands: Annotated[list[str], typer.Argument(help="Elder's twelve cards after the exchange, then the dealer's "
                                                    "(with --seat: yours only); --rules normand: elder's, middle's "
                                                    "and the dealer's ten; --rules four: elder's, second's, third's "
                                                    "and the dealer's eight.", show_default=False)],
    tricks: Annotated[str, typer.Option(help='Tricks already played, each the leader\'s card then the follower\'s, '
                                             'e.g. "AH TC, KH JC"; the rest is solved. With --seat the last may be '
                                             'one card: the card led to you. Normand: three cards from the leader, '
                                             'four: four; the last trick may be incomplete.')] = "",
    elder_dealt: Annotated[str, typer.Option(help="Elder's dealt hand, for carte blanche.")] = "",
    dealer_dealt: Annotated[str, typer.Option(help="The dealer's dealt hand, for carte blanche (normand too).")] = "",
    seat: Annotated[str | None, typer.Option(help="Play as a player sees it: you are elder or dealer, HAND is your "
                                                  "twelve; every card you may play now is valued over every hand the "
                                                  "other may hold. --rules normand: elder, middle or dealer; --rules "
                                                  "four: elder, second, third or dealer; HAND your ten or eight, "
                                                  "valued over the layouts of the unseen cards (--heard, --samples).")]
    = None,
    discards: Annotated[str, typer.Option(help="With --seat: the cards you discarded (out of play).")] = "",
    heard: Annotated[str, typer.Option(help="With --seat: what was announced (needs the announcements model). "
                                            "Normand and four: each class's winner and what he showed, the seat "
                                            "first: 'second point 5 49 in spades; no sequence; elder fourteen "
                                            "aces' (docs/rules.md).")] = "",
    other_took: Annotated[str, typer.Option(help="With --seat: how many cards the other took (each player knows "
                                                 "it); narrows his hands.")] = "",
    seen: Annotated[str, typer.Option(help="With --seat: talon cards you saw and did not take (elder: of his five "
                                           "he left; the dealer: what was left).")] = "",
    carte_blanche: Annotated[bool, typer.Option("--carte-blanche", help="With --seat: you showed carte blanche "
                                                "(needed only when you took court cards).")] = False,
    threads: Annotated[int, typer.Option(help="With --seat: worker threads (0: one per core); the figures do not "
                                              "depend on it.")] = 0,
    samples: Annotated[int | None, typer.Option(help="With --seat under normand or four: the layouts drawn "
                                                     "(default: four 48, normand 64); every layout that fits when "
                                                     "they are at most 512 (or --samples).",
                                                show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="With --seat under normand or four: the seed the layouts are drawn "
                                           "from.")] = 0,
    rules: RulesOption = "rubicon",
    as_json: JsonOption = False,
    wide: WideOption = False,  # read by _emit (common.py)
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No first run's line on stderr (compiling, or the "
                                                              "plain solver answering).")] = False,
) -> None:
    """The declarations, then the best play of the deal with both hands seen (double dummy), trick by trick;
    with --seat, the card to play as you see the cards; under normand (three hands) the play by the paranoid
    model, every card of the player to move valued."""
    _silence(quiet)
    typed = {"elder_dealt": elder_dealt, "dealer_dealt": dealer_dealt, "discards": discards, "heard": heard,
             "other_took": other_took, "seen": seen, "carte_blanche": carte_blanche, "threads": threads,
             "samples": samples, "seed": seed}
    given = set(_given(ctx, *GIVEN_ONLY))
    options = {k: (v if "--" + k.replace("_", "-") in given else None) for k, v in typed.items()}
    play_answer(hands, tricks=tricks, seat=seat, rules=rules, **options).emit(as_json)


def play_document(hands: list[str], *, tricks: str = "", elder_dealt: str | None = None,
                  dealer_dealt: str | None = None, seat: str | None = None, discards: str | None = None,
                  heard: str | None = None, other_took: str | None = None, seen: str | None = None,
                  carte_blanche: bool | None = None, threads: int | None = None, samples: int | None = None,
                  seed: int | None = None, rules: str = "rubicon") -> dict[str, Any]:
    """``play HANDS --json``'s document (an option None: not given); a usage error (one line) for bad options."""
    return play_answer(hands, tricks=tricks, elder_dealt=elder_dealt, dealer_dealt=dealer_dealt, seat=seat,
                       discards=discards, heard=heard, other_took=other_took, seen=seen, carte_blanche=carte_blanche,
                       threads=threads, samples=samples, seed=seed, rules=rules).data()


def play_answer(hands: list[str], *, tricks: str, elder_dealt: str | None, dealer_dealt: str | None,
                seat: str | None, discards: str | None, heard: str | None, other_took: str | None,
                seen: str | None, carte_blanche: bool | None, threads: int | None, rules: str,
                samples: int | None = None, seed: int | None = None) -> Answer:
    """The options checked and the play analysed (every road: two hands, --seat, normand, four), for the
    document and the table."""
    from ..analysis.play import analyse_play, parse_tricks
    from ..game.play import PlayError

    named = {"elder_dealt": elder_dealt, "dealer_dealt": dealer_dealt, "discards": discards, "heard": heard,
             "other_took": other_took, "seen": seen, "carte_blanche": carte_blanche, "threads": threads, "seat": seat,
             "samples": samples, "seed": seed}

    def given(*names: str) -> list[str]:
        """The options among ``names`` that were given, as typed (common._given's words)."""
        return ["--" + n.replace("_", "-") for n in names if named[n] is not None]

    with _user_errors():
        ruleset = get_rules(rules)
    if not ruleset.game.two_handed and seat is not None:
        from .play_seat_table import TWO_HAND_ONLY as REFUSED
        from .play_seat_table import play_seat_table_answer

        return play_seat_table_answer(hands, seat.lower(), tricks, ruleset, rules, heard=heard, discards=discards,
                                      other_took=other_took, carte_blanche=carte_blanche, samples=samples, seed=seed,
                                      threads=threads, others=given(*REFUSED))
    table_only = given("samples", "seed")
    if table_only:
        raise click_errors.UsageError(f"{', '.join(table_only)}: for --seat under normand or four")
    if ruleset.game.normand:
        from .play_normand import TWO_HAND_ONLY, play_normand_answer

        return play_normand_answer(hands, tricks, rules, dealer_dealt, given(*TWO_HAND_ONLY))
    if ruleset.game.four and seat is None:
        return _play_four(given(*GIVEN_ONLY), hands, tricks, ruleset)
    if len(hands) > 2:
        raise click_errors.UsageError(f"{ruleset.name}: give two hands, elder's then the dealer's, not {len(hands)}")
    elder_hand, dealer_hand = hands[0], hands[1] if len(hands) > 1 else ""
    if seat is not None:
        return _play_seen(elder_hand, dealer_hand, seat.lower(),
                          _SeatInputs(discards or "", heard or "", other_took or "", seen or "", bool(carte_blanche)),
                          tricks, bool(given("elder_dealt", "dealer_dealt")), threads or 0, rules)
    if not dealer_hand:
        raise click_errors.UsageError("give both hands, elder's then the dealer's (or --seat and your own hand)")
    seat_only = given("discards", "heard", "other_took", "seen", "carte_blanche", "threads")
    if seat_only:
        raise click_errors.UsageError(f"{', '.join(seat_only)}: for --seat")
    with _user_errors():
        ruleset.require_two_handed("play")
        e = parse_cards(elder_hand, HAND_SIZE, "elder's hand")
        d = parse_cards(dealer_hand, HAND_SIZE, "the dealer's hand")
        e_dealt = parse_cards(elder_dealt, HAND_SIZE, "elder's dealt hand") if elder_dealt is not None else None
        d_dealt = parse_cards(dealer_dealt, HAND_SIZE, "the dealer's dealt hand") if dealer_dealt is not None else None
        played = parse_tricks(tricks)
        try:
            result = analyse_play(e, d, ruleset, played, e_dealt, d_dealt)
        except PlayError as err:
            raise CardError(f"--tricks: {err}") from None
    from .. import report

    return Answer(lambda: report.play_data(result), lambda: report.play_table(result))


def _play_four(others: list[str], hands: list[str], tricks: str, ruleset: RuleSet) -> Answer:
    """``play --rules four``: the declarations, the recorded cards, every card of the seat to move valued and
    the best play of the rest (analysis/play_four.py)."""
    from ..analysis.play_four import analyse_play_four, parse_tricks_four
    from ..game.play import PlayError
    from .common import _seating_hands

    if others:
        raise click_errors.UsageError(f"{', '.join(others)}: not for {ruleset.name} (no exchange, no --seat)")
    cards = _seating_hands(hands, ruleset)
    with _user_errors():
        try:
            played = [c for trick in parse_tricks_four(tricks) for c in trick]
            result = analyse_play_four(cards, ruleset, played)
        except (PlayError, CardError) as err:
            raise CardError(f"--tricks: {err}") from None
    from ..report.play_four import play_four_data, play_four_table

    return Answer(lambda: play_four_data(result), lambda: play_four_table(result))


# --- play --seat: the play as a player sees it (issue 22; analysis/seen.py, report/seen.py) -------------------


@dataclass(frozen=True)
class _SeatInputs:
    """What the player of ``play --seat`` knows besides his hand and the tricks, as typed."""

    discards: str
    heard: str
    other_took: str
    seen: str
    carte_blanche: bool


def _play_seen(hand: str, other: str, seat: str, given: _SeatInputs, tricks: str, dealt: bool, threads: int,
               rules: str) -> Answer:
    """``play --seat``: every legal card of the player valued over the hands the opponent may hold."""
    from ..analysis.seen import parse_seen_tricks
    from ..analysis.seen_seat import analyse_seat_play
    from ..game.play import SEAT_NAMES, PlayError
    from ..numerals import NumberError, parse_whole

    if seat not in SEAT_NAMES:
        raise click_errors.UsageError(f"--seat must be elder or dealer, not {seat!r}")
    if other:
        raise click_errors.UsageError("with --seat give only your own hand (the other's is what the tool counts)")
    if dealt:
        raise click_errors.UsageError("--elder-dealt and --dealer-dealt are not for --seat")
    if not 0 <= threads <= MAX_THREADS:
        raise click_errors.UsageError(f"--threads must be 0 (one per core) to {MAX_THREADS}, not {_number(threads)}")
    try:
        took = parse_whole(given.other_took.strip(), "--other-took", 0, 8) if given.other_took.strip() else None
    except NumberError as e:
        raise click_errors.UsageError(str(e)) from None
    with _user_errors():
        ruleset = get_rules(rules)
        ruleset.require_two_handed("play --seat")
        mine = parse_cards(hand, HAND_SIZE, "your hand")
        thrown = parse_cards(given.discards, what="--discards") if given.discards.strip() else []
        both = set(mine) & set(thrown)
        if both:  # before --seen and --tricks are read, as ever
            raise CardError(f"--discards: {sorted(both)[0]} is in your hand")
        looked = parse_cards(given.seen, what="--seen") if given.seen.strip() else []
        played, led = parse_seen_tricks(tricks)
        try:
            seat_play = analyse_seat_play(mine, seat, ruleset, discards=thrown, heard=given.heard, tricks=played,
                                          led=led, other_took=took, seen=looked, carte_blanche=given.carte_blanche,
                                          threads=threads)
        except PlayError as err:
            raise CardError(f"--tricks: {err}") from None
    from ..report.seen import seen_data, seen_table

    inputs = {"seat": seat, "hand": hand, "discards": given.discards, "heard": given.heard, "tricks": tricks,
              "rules": rules, "other_took": took, "seen": given.seen, "carte_blanche": given.carte_blanche}
    data = seen_data(seat_play.result, inputs, seat_play.source)
    return Answer(lambda: data, lambda: seen_table(data))


# --- end of play --seat --------------------------------------------------------------------------------------
