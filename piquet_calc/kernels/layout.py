"""The packed layouts every kernel and every table builder agree on: plain Python, no numba.

Cards: index ``suit * 8 + rank`` (cards.py), so a hand is a 32-bit mask whose byte ``s`` is suit ``s``.
The engine builds the tables in these layouts (engine/rule_arrays.py); the kernels read them.
"""

from __future__ import annotations

# Columns of the suit table (engine.rule_arrays.SuitArrays.suit), indexed by a suit's 8-bit rank mask.
SUIT_POINT_KEY, SUIT_SEQUENCE_KEY, SUIT_SEQUENCE_POINTS, SUIT_CARD_COUNT, SUIT_TOP_RANK, SUIT_IN_SEQUENCE = range(6)

# The scalar rules, packed in this order by engine.rule_arrays.kernel_params.
(RULE_BLANCHE, RULE_REPIQUE, RULE_PIQUE, RULE_REPIQUE_AT, RULE_PIQUE_AT, RULE_CARTE_ROUGE,
 RULE_LEAD, RULE_LAST_LEAD, RULE_WIN_OWN, RULE_LAST_TRICK, RULE_SEVENTH, RULE_SCORING_RANKS, RULE_TRIO, RULE_QUATORZE,
 RULE_SET_RANKS, RULE_SPOILERS) = range(16)
RULE_SLOTS = 16

# The side analysed, packed (engine.enumeration.side_array): whether "me" is elder, my carte blanche
# points, and the opponent's (-1: read off each of his holdings).
SIDE_ME_IS_ELDER, SIDE_MY_BLANCHE, SIDE_OPPONENT_BLANCHE = range(3)

# Columns of the per-discard count array: exact integers over every (draw, opponent holding).
COUNT_NAMES = (
    "deals",
    "point_win", "point_tie", "point_lose", "sequence_win", "sequence_tie", "sequence_lose",
    "sets_win", "sets_tie", "sets_lose",
    "point_me", "point_opp", "sequence_me", "sequence_opp", "sets_me", "sets_opp",
    "carte_blanche_me", "carte_blanche_opp",
    "repique_me", "repique_opp", "pique_me", "pique_opp",
    "carte_rouge_me", "carte_rouge_opp",
)
(COUNT_DEALS,
 COUNT_POINT_WIN, COUNT_POINT_TIE, COUNT_POINT_LOSE, COUNT_SEQUENCE_WIN, COUNT_SEQUENCE_TIE, COUNT_SEQUENCE_LOSE,
 COUNT_SETS_WIN, COUNT_SETS_TIE, COUNT_SETS_LOSE,
 COUNT_POINT_ME, COUNT_POINT_OPP, COUNT_SEQUENCE_ME, COUNT_SEQUENCE_OPP, COUNT_SETS_ME, COUNT_SETS_OPP,
 COUNT_CARTE_BLANCHE_ME, COUNT_CARTE_BLANCHE_OPP,
 COUNT_REPIQUE_ME, COUNT_REPIQUE_OPP, COUNT_PIQUE_ME, COUNT_PIQUE_OPP, COUNT_CARTE_ROUGE_ME,
 COUNT_CARTE_ROUGE_OPP) = range(24)
COUNT_COLUMNS = len(COUNT_NAMES)

# Indices into the tuple a hand's features are returned in (kernels.declarations.hand_features).
(FEATURE_POINT, FEATURE_POINT_SCORE, FEATURE_SEQUENCE, FEATURE_SEQUENCE_SCORE, FEATURE_SETS, FEATURE_SETS_SCORE,
 FEATURE_CARTE_ROUGE) = range(7)
FEATURE_SLOTS = 7

# Point, sequence and set keys as integers (engine.rule_arrays.point_code, run_code, set_code) are below these.
POINT_KEYS, SEQUENCE_KEYS, SET_KEYS = 1152, 128, 64

# A set key (engine.rule_arrays.set_code): size * 8 + rank, so any quatorze is above any trio.
QUATORZE_KEY, TRIO_KEY = 4 * 8, 3 * 8

# A dealer's suit as elder's pique run sees it (engine.rule_arrays.dealer_profile): its top rank (0-7, or
# none as 8) times PROFILE_TOPS, plus its length; 7 bits a suit in a packed four-suit profile.
PROFILE_TOPS = 9
PROFILES = PROFILE_TOPS * 9
PROFILE_BITS = 7

# The play's rules, packed in this order by engine.play.play_params (the solver, kernels/play/).
(PLAY_RULE_LEAD, PLAY_RULE_LAST_LEAD, PLAY_RULE_WIN_OPP, PLAY_RULE_WIN_OWN, PLAY_RULE_LAST_TRICK, PLAY_RULE_SEVENTH,
 PLAY_RULE_SCORING_RANK, PLAY_RULE_CARDS, PLAY_RULE_CAPOT,
 PLAY_RULE_CAPOT_CARDS, PLAY_RULE_CAPOT_LAST, PLAY_RULE_DEAL_BONUS, PLAY_RULE_PIQUE_BONUS,
 PLAY_RULE_PIQUE_AT) = range(14)
PLAY_RULE_SLOTS = 14

# The play of four's rules, packed in this order by engine.play_four.params_four (the solver, kernels/play_four/).
(FOUR_RULE_LEAD, FOUR_RULE_WIN_OPP, FOUR_RULE_WIN_OWN, FOUR_RULE_LAST_TRICK, FOUR_RULE_CARDS, FOUR_RULE_CARDS_TRICKS,
 FOUR_RULE_CAPOT, FOUR_RULE_CAPOT_LAST, FOUR_RULE_PIQUE_BONUS, FOUR_RULE_PIQUE_AT) = range(10)
FOUR_RULE_SLOTS = 10

# The play solver's transposition table: rows of (key of the hands, key of the rest | stamp, bounds and
# best card); its last row holds the stamp of the current solve. 2 ** TRANSPOSITION_BITS rows by default (1.5 MB a
# table, kept in the core's cache: one solve stores a few thousand positions; 2 ** 15 to 2 ** 18 rows
# measured within 6% of each other, 2 ** 21 rows 10% slower; benchmarks/RESULTS.md).
TRANSPOSITION_BITS = 16
TRANSPOSITION_COLUMNS = 3
# The whole-deal sampler (engine/deal.py) keeps one table across a chunk's solves, whose rows share most
# of their endings, so a larger table pays there: up to 2 ** SAMPLER_TRANSPOSITION_BITS rows a worker thread (96 MB),
# all its threads' tables within SAMPLER_TRANSPOSITION_BYTES (au-cent's three elder hands: 2 ** 16 rows 42 s,
# 2 ** 20 rows 35 s, 2 ** 22 and 2 ** 23 rows 25 to 26 s, at load 1.8; benchmarks/RESULTS.md).
SAMPLER_TRANSPOSITION_BITS = 22
SAMPLER_TRANSPOSITION_BYTES = 256 << 20

# Columns of the whole-deal evaluation of one sampled deal (kernels.deal.evaluate_deals), elder's and the
# dealer's: declarations before the play (carte blanche, classes, carte rouge and the repique bonus),
# repique, pique by elder's pique run (the uniform model's reading, for the checks), the play's points
# (pique, the cards, capot and the deal bonus included), pique in the play, the cards (+1 elder won
# them, 0 divided, -1 the dealer), capot; then the solver's line of play, packed (the deal's counting
# order, which au-cent's race reads): DEAL_LINE_TRICKS_1_TO_6 holds the cards of tricks 1 to 6,
# DEAL_LINE_TRICKS_7_TO_12 of 7 to 12,
# LINE_CARD_BITS bits a card index, the leader's card then the follower's, the first card lowest.
(DEAL_ELDER_DECLARATIONS, DEAL_DEALER_DECLARATIONS, DEAL_ELDER_REPIQUE, DEAL_DEALER_REPIQUE, DEAL_ELDER_RUN_PIQUE,
 DEAL_ELDER_PLAY, DEAL_DEALER_PLAY, DEAL_ELDER_PIQUE, DEAL_CARDS,
 DEAL_ELDER_CAPOT, DEAL_DEALER_CAPOT, DEAL_LINE_TRICKS_1_TO_6, DEAL_LINE_TRICKS_7_TO_12) = range(13)
DEAL_COLUMNS = 13
LINE_CARD_BITS = 5
LINE_CARDS_A_COLUMN = 12
# Beside them (engine.deal.DealSampler.evaluate with ``uniform``), the same deal's declarations in the uniform
# model, the opponent keeping his dealt hand: elder's, the dealer's, and pique by elder's pique run (the
# race's control variate, whose exact mean the uniform model gives).
(DEAL_UNIFORM_ELDER_DECLARATIONS, DEAL_UNIFORM_DEALER_DECLARATIONS,
 DEAL_UNIFORM_ELDER_RUN_PIQUE) = range(DEAL_COLUMNS, DEAL_COLUMNS + 3)
DEAL_ALL_COLUMNS = DEAL_COLUMNS + 3

# --- three seats (kernels/declarations_normand.py) ------------------------------------------------------------------

# The scalar rules of engine.declarations_normand.seating_params, in this order.
(SEATING_RULE_BLANCHE, SEATING_RULE_REPIQUE_AT, SEATING_RULE_PIQUE_AT, SEATING_RULE_LEAD, SEATING_RULE_WIN_OWN,
 SEATING_RULE_LAST_TRICK, SEATING_RULE_HAND_SIZE, SEATING_RULE_MIN_PIPS, SEATING_RULE_SET_RANKS, SEATING_RULE_TRIO,
 SEATING_RULE_QUATORZE, SEATING_RULE_SPOILERS) = range(12)
SEATING_RULE_SLOTS = 12

# One scored deal, per seat: points of each class, repique and pique flags, then each class's standing
# for the seat (0 win: strictly best at the table; 1 tie: equal to the best, or nobody holds one; 2 lose).
SEAT_BLANCHE, SEAT_POINT, SEAT_SEQUENCE, SEAT_SETS, SEAT_REPIQUE, SEAT_PIQUE, SEAT_STATUS = range(7)
SEAT_SUMMED_COLUMNS = 6  # the columns summed per seat
SEAT_COLUMNS = 9

SEATS_NORMAND = ("elder", "middle", "dealer")
CLASSES_NORMAND = ("point", "sequence", "sets")
# A count row of one option: deals; the analysed seat's win/tie/lose per class; every seat's summed
# points per class, carte blanche points, repiques and piques.
COUNT_NAMES_NORMAND = ("deals", *(f"{c}_{w}" for c in CLASSES_NORMAND for w in ("win", "tie", "lose")),
                *(f"{n}_{s}" for s in SEATS_NORMAND
                  for n in ("carte_blanche", "point", "sequence", "sets", "repique", "pique")))
COUNT_DEALS_NORMAND, COUNT_CLASSES_FROM_NORMAND, COUNT_SEATS_FROM_NORMAND = 0, 1, 10
COUNT_COLUMNS_NORMAND = len(COUNT_NAMES_NORMAND)

# --- four players (kernels/declarations_four/) --------------------------------------------------------------------

SIDES_FOUR = ("side", "opponents")  # the analysed seat's partnership and the other
# A count row: deals; the side's win/tie/lose per class; each side's summed carte blanche, point,
# sequence and sets points, repiques and piques.
COUNT_NAMES_FOUR = ("deals", *(f"{c}_{w}" for c in CLASSES_NORMAND for w in ("win", "tie", "lose")),
                *(f"{n}_{s}" for s in SIDES_FOUR
                  for n in ("carte_blanche", "point", "sequence", "sets", "repique", "pique")))
COUNT_SIDES_FROM_FOUR = 10
COUNT_COLUMNS_FOUR = len(COUNT_NAMES_FOUR)

# --- every card valued (kernels/seen.py) --------------------------------------------------------------

# One position to value, a row of int64 (engine.seen): elder's and the dealer's cards (the card led still
# in its leader's mask), who leads the trick, the tricks each has won, elder's total minus the dealer's,
# the points elder still needs for pique (0: not live), and the card led to the trick (-1: nobody has led).
(POSITION_ELDER_CARDS, POSITION_DEALER_CARDS, POSITION_LEADER, POSITION_ELDER_TRICKS, POSITION_DEALER_TRICKS,
 POSITION_SCORE_DIFF, POSITION_PIQUE_NEED, POSITION_LED) = range(8)
POSITION_COLUMNS = 8
# One valued card, a row of the output: the card, its value (what the rest of the play adds to elder's total
# minus the dealer's from the position, the card led included, both perfect after it), and the tricks elder
# has at the end on the solver's line after it (-1 when the lines were not asked for).
(VALUED_CARD, VALUED_VALUE, VALUED_ELDER_TRICKS) = range(3)
VALUED_COLUMNS = 3

# The Normand play's rules, packed in this order by engine.play_normand.params_normand (kernels/play_normand/);
# the cards and capot come beside them as a table by the tricks each seat won (game.play_normand.score_cards).
(NPLAY_RULE_LEAD, NPLAY_RULE_LAST_LEAD, NPLAY_RULE_WIN_OPP, NPLAY_RULE_WIN_OWN, NPLAY_RULE_LAST_TRICK,
 NPLAY_RULE_SCORING_RANK, NPLAY_RULE_PIQUE_BONUS) = range(7)
NPLAY_RULE_SLOTS = 7
NPLAY_ENDS = 8  # from here: the cards and capot each seat scores, 3 slots per packed tricks (t0 | t1 << 4 | t2 << 8)
NPLAY_SLOTS = NPLAY_ENDS + 3 * 4096
