"""The packed layouts every kernel and every table builder agree on: plain Python, no numba.

Cards: index ``suit * 8 + rank`` (cards.py), so a hand is a 32-bit mask whose byte ``s`` is suit ``s``.
The engine builds the tables in these layouts (engine/tables.py); the kernels read them.
"""

from __future__ import annotations

# Columns of the suit table (engine.tables.SuitTables.suit), indexed by a suit's 8-bit rank mask.
T_POINT, T_SEQ_KEY, T_SEQ_SCORE, T_POPCOUNT, T_TOP, T_SEQ_COVER = range(6)

# The scalar rules, packed in this order by engine.tables.kernel_params.
(P_BLANCHE, P_REPIQUE, P_PIQUE, P_REPIQUE_AT, P_PIQUE_AT, P_ROUGE,
 P_LEAD, P_LAST_LEAD, P_WIN_OWN, P_LAST, P_SEVENTH, P_SCORING_RANKS, P_TRIO, P_QUATORZE, P_SET_RANKS,
 P_SPOILERS) = range(16)
N_PARAMS = 16

# The side analysed, packed (engine.enumeration.side_array): whether "me" is elder, my carte blanche
# points, and the opponent's (-1: read off each of his holdings).
S_ME_IS_ELDER, S_CB_ME, S_OPP_CB = range(3)

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
(C_DEALS,
 C_PT_WIN, C_PT_TIE, C_PT_LOSE, C_SQ_WIN, C_SQ_TIE, C_SQ_LOSE, C_ST_WIN, C_ST_TIE, C_ST_LOSE,
 C_ME_PT, C_OPP_PT, C_ME_SQ, C_OPP_SQ, C_ME_ST, C_OPP_ST, C_ME_CB, C_OPP_CB,
 C_ME_REPIQUE, C_OPP_REPIQUE, C_ME_PIQUE, C_OPP_PIQUE, C_ME_CR, C_OPP_CR) = range(24)
N_COUNTS = len(COUNT_NAMES)

# Indices into the tuple a hand's features are returned in (kernels.declarations.hand_features).
F_POINT, F_POINT_SCORE, F_SEQ, F_SEQ_SCORE, F_SET, F_SET_SCORE, F_ROUGE = range(7)
N_FEATURES = 7

# Point, sequence and set keys as integers (engine.tables.point_code, run_code, set_code) are below these.
PK_SIZE, SK_SIZE, TK_SIZE = 1152, 128, 64

# A set key (engine.tables.set_code): size * 8 + rank, so any quatorze is above any trio.
QUATORZE_KEY, TRIO_KEY = 4 * 8, 3 * 8

# A dealer's suit as elder's pique run sees it (engine.tables.dealer_profile): its top rank (0-7, or
# none as 8) times PROFILE_TOPS, plus its length; 7 bits a suit in a packed four-suit profile.
PROFILE_TOPS = 9
PROFILES = PROFILE_TOPS * 9
PROFILE_BITS = 7

# The play's rules, packed in this order by engine.play.play_params (the solver, kernels/play/).
(PL_LEAD, PL_LAST_LEAD, PL_WIN_OPP, PL_WIN_OWN, PL_LAST_TRICK, PL_SEVENTH, PL_SCORING_RANK, PL_CARDS, PL_CAPOT,
 PL_CAPOT_CARDS, PL_CAPOT_LAST, PL_DEAL_BONUS, PL_PIQUE_BONUS, PL_PIQUE_AT) = range(14)
N_PLAY_PARAMS = 14

# The play solver's transposition table: rows of (key of the hands, key of the rest | stamp, bounds and
# best card); its last row holds the stamp of the current solve. 2 ** TT_BITS rows by default (1.5 MB a
# table, kept in the core's cache: one solve stores a few thousand positions; 2 ** 15 to 2 ** 18 rows
# measured within 6% of each other, 2 ** 21 rows 10% slower; benchmarks/RESULTS.md).
TT_BITS = 16
TT_COLUMNS = 3
# The whole-deal sampler (engine/deal.py) keeps one table across a chunk's solves, whose rows share most
# of their endings, so a larger table pays there: up to 2 ** SAMPLER_TT_BITS rows a worker thread (96 MB),
# all its threads' tables within SAMPLER_TT_BYTES (au-cent's three elder hands: 2 ** 16 rows 42 s,
# 2 ** 20 rows 35 s, 2 ** 22 and 2 ** 23 rows 25 to 26 s, at load 1.8; benchmarks/RESULTS.md).
SAMPLER_TT_BITS = 22
SAMPLER_TT_BYTES = 256 << 20

# Columns of the whole-deal evaluation of one sampled deal (kernels.deal.evaluate_deals), elder's and the
# dealer's: declarations before the play (carte blanche, classes, carte rouge and the repique bonus),
# repique, pique by elder's pique run (the uniform model's reading, for the checks), the play's points
# (pique, the cards, capot and the deal bonus included), pique in the play, the cards (+1 elder won
# them, 0 divided, -1 the dealer), capot.
(D_E_DECL, D_D_DECL, D_E_REPIQUE, D_D_REPIQUE, D_E_RUN_PIQUE, D_E_PLAY, D_D_PLAY, D_E_PIQUE, D_CARDS,
 D_E_CAPOT, D_D_CAPOT) = range(11)
N_DEAL = 11
# Beside them (engine.deal.DealSampler.evaluate with ``uniform``), the same deal's declarations in the uniform
# model, the opponent keeping his dealt hand: elder's, the dealer's, and pique by elder's pique run (the
# race's control variate, whose exact mean the uniform model gives).
D_UNIFORM_E_DECL, D_UNIFORM_D_DECL, D_UNIFORM_E_RUN_PIQUE = range(N_DEAL, N_DEAL + 3)
N_DEAL_ALL = N_DEAL + 3

# --- three seats (kernels/table.py) ------------------------------------------------------------------

# The scalar rules of engine.table.table_params, in this order.
(Q_BLANCHE, Q_REPIQUE_AT, Q_PIQUE_AT, Q_LEAD, Q_WIN_OWN, Q_LAST, Q_HAND, Q_MIN_PIPS, Q_SET_RANKS, Q_TRIO,
 Q_QUATORZE, Q_SPOILERS) = range(12)
N_QPARAMS = 12

# One scored deal, per seat: points of each class, repique and pique flags, then each class's standing
# for the seat (0 win: strictly best at the table; 1 tie: equal to the best, or nobody holds one; 2 lose).
S_BLANCHE, S_POINT, S_SEQ, S_SETS, S_REPIQUE, S_PIQUE, S_STATUS = range(7)
N_SEAT_COUNTS = 6  # the columns summed per seat
N_OUT = 9

SEATS3 = ("elder", "middle", "dealer")
CLASSES3 = ("point", "sequence", "sets")
# A count row of one option: deals; the analysed seat's win/tie/lose per class; every seat's summed
# points per class, carte blanche points, repiques and piques.
COUNT3_NAMES = ("deals", *(f"{c}_{w}" for c in CLASSES3 for w in ("win", "tie", "lose")),
                *(f"{n}_{s}" for s in SEATS3
                  for n in ("carte_blanche", "point", "sequence", "sets", "repique", "pique")))
X_DEALS, X_CLASS, X_SEAT = 0, 1, 10
N3_COUNTS = len(COUNT3_NAMES)

# --- four players (kernels/four/) --------------------------------------------------------------------

SIDES4 = ("side", "opponents")  # the analysed seat's partnership and the other
# A count row: deals; the side's win/tie/lose per class; each side's summed carte blanche, point,
# sequence and sets points, repiques and piques.
COUNT4_NAMES = ("deals", *(f"{c}_{w}" for c in CLASSES3 for w in ("win", "tie", "lose")),
                *(f"{n}_{s}" for s in SIDES4
                  for n in ("carte_blanche", "point", "sequence", "sets", "repique", "pique")))
V_SIDE = 10
N4_COUNTS = len(COUNT4_NAMES)

# --- every card valued (kernels/seen.py) --------------------------------------------------------------

# One position to value, a row of int64 (engine.seen): elder's and the dealer's cards (the card led still
# in its leader's mask), who leads the trick, the tricks each has won, elder's total minus the dealer's,
# the points elder still needs for pique (0: not live), and the card led to the trick (-1: nobody has led).
(SP_EM, SP_DM, SP_LEADER, SP_ET, SP_DT, SP_DIFF, SP_NEED, SP_LED) = range(8)
N_SP = 8
# One valued card, a row of the output: the card, its value (what the rest of the play adds to elder's total
# minus the dealer's from the position, the card led included, both perfect after it), and the tricks elder
# has at the end on the solver's line after it (-1 when the lines were not asked for).
(CV_CARD, CV_VALUE, CV_ELDER_TRICKS) = range(3)
N_CV = 3
