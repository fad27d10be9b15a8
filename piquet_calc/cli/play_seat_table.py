"""`piquet-calc play HAND --rules four|normand --seat SEAT`: the card to play from one seat of three or four, every
legal card valued over the layouts of the unseen cards that fit what the seat saw and heard
(analysis/seen_table.py; report/seen_table.py; docs/rules.md, "The seat view for three and four")."""

from __future__ import annotations

from ..cards import CardError, parse_cards
from ..kernels.cache import MAX_THREADS
from ..numerals import NumberError, parse_whole
from ..rules import RuleSet
from .common import Answer, _number, _user_errors, click_errors

MAX_SAMPLES = 100_000  # --samples: 1 to this many layouts
MAX_SEED = 2**32 - 1
TWO_HAND_ONLY = ("elder_dealt", "dealer_dealt", "seen")  # the options of two hands this view refuses


def play_seat_table_answer(hands: list[str], seat: str, tricks: str, ruleset: RuleSet, rules: str, *,
                           heard: str | None, discards: str | None, other_took: str | None, carte_blanche: bool | None,
                           samples: int | None, seed: int | None, threads: int | None, others: list[str]) -> Answer:
    """The options checked (one line, exit 2), the seat view analysed, its document and table."""
    from ..analysis.play_four import parse_tricks_four
    from ..analysis.play_normand import parse_tricks_normand
    from ..analysis.seen_table import analyse_seen_table
    from ..game.play import PlayError
    from ..seat.table import parse_table_heard

    seats = ruleset.table.seats
    normand = ruleset.game.normand
    if others:
        raise click_errors.UsageError(f"{', '.join(others)}: not for --seat under {ruleset.name}")
    if seat not in seats:
        raise click_errors.UsageError(f"--seat must be one of {', '.join(seats)} under {ruleset.name}, not {seat!r}")
    me = seats.index(seat)
    if len(hands) != 1:
        raise click_errors.UsageError(f"with --seat give only your own hand ({ruleset.table.hand_size} cards), not "
                                      f"{len(hands)} hands")
    if heard is None or not heard.strip():
        raise click_errors.UsageError("--heard: say what the table announced (each class's winner and what he "
                                      "showed, e.g. 'second point 5 49 in spades; no sequence; elder fourteen aces')")
    if not 0 <= (threads or 0) <= MAX_THREADS:
        raise click_errors.UsageError(f"--threads must be 0 (one per core) to {MAX_THREADS}, not {_number(threads)}")
    for name, value, low, high in (("--samples", samples, 1, MAX_SAMPLES), ("--seed", seed, 0, MAX_SEED)):
        if value is not None and not low <= value <= high:
            raise click_errors.UsageError(f"{name} must be {low:,} to {high:,}, not {_number(value)}")
    dealer = len(seats) - 1
    if (discards or carte_blanche) and not (normand and me == dealer):
        raise click_errors.UsageError(f"{'--discards' if discards else '--carte-blanche'}: only Normand's dealer "
                                      "exchanges")
    took = None
    if other_took is not None and other_took.strip():
        if not normand or me == dealer:
            raise click_errors.UsageError("--other-took: how many cards Normand's dealer took, for elder or middle")
        try:
            took = parse_whole(other_took.strip(), "--other-took", 0, 2)
        except NumberError as e:
            raise click_errors.UsageError(str(e)) from None
        if took == 1:
            raise click_errors.UsageError("--other-took: Normand's dealer takes none or both talon cards, not 1")
    with _user_errors():
        mine = parse_cards(hands[0], ruleset.table.hand_size, "your hand")
        thrown = parse_cards(discards, what="--discards") if discards and discards.strip() else []
        told = parse_table_heard(heard, ruleset)
        parse = parse_tricks_normand if normand else parse_tricks_four
        try:
            played = [c for t in parse(tricks) for c in t]
            result = analyse_seen_table(mine, me, ruleset, told, played, thrown, took, bool(carte_blanche),
                                        samples=samples, seed=seed or 0, threads=threads or 0)
        except PlayError as err:
            raise CardError(f"--tricks: {err}") from None
    from ..report.seen_table import seen_table_data, seen_table_table

    inputs = {"seat": seat, "hand": hands[0], "heard": heard, "tricks": tricks, "rules": rules,
              "discards": discards or "", "other_took": took, "carte_blanche": bool(carte_blanche),
              "samples": samples, "seed": seed or 0}
    data = seen_table_data(result, inputs)
    return Answer(lambda: data, lambda: seen_table_table(data))
