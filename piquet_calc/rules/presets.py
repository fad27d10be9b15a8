"""The presets: the five two-handed rule systems and the games for three and four, each citing its book.

The books are the five source texts the project was built from (numbered 000 to 004: 000 the English
rules, 001 and 003 the Russian ones, 002 the rubicon and au-cent book, 004 the encyclopedia of games);
docs/rules.md names each by its title. The docstrings quote them.
"""

from __future__ import annotations

from ..cards import Rank
from .model import FOUR_SEATS, NORMAND_SEATS, PlayPoints, RuleSet, Seating, SeatingRules

RUBICON = RuleSet(
    name="rubicon",
    source="docs/rules.md's default, after 002 ('РУБИКОН-ПИКЕ, ДЛЯ ДВУХ ИГРОКОВ')",
)
"""Rubicon piquet, the default (docs/rules.md; book 002). Elder exchanges 1 to 5, the dealer 0 to all that
is left; carte blanche is a dealt hand without K, Q or J (002: "Если пона обнаруживает у себя отсутствие
К, Д или В, он должен немедленно заявить о карте-бланк на 10 очков"); sets from the ten up; repique 60,
pique 30; in the play every lead scores 1, winning the opponent's lead 1, one's own 0, the last trick
1 more. The cards 10, capot 40 in place of the 10, the last trick still scoring (002: "он добавляет к
своему счету десять очков за карты", "сорок очков за капут"; docs/rules.md's rubicon counts the last
trick's point beside capot)."""

AU_CENT = RuleSet(
    name="au-cent",
    source="002, piquet au cent: the French exchange rule and the play scored on tens and higher",
    exchange=((1, 2, 3, 4, 5), tuple(range(1, 9))),
    play=PlayPoints(scoring_rank=Rank.TEN, capot_replaces_last_trick=True),
)
"""Piquet au cent (book 002). The dealer must take at least one card: "во Франции он должен взять по
меньшей мере одну карту". In the play a lead scores only with a ten or higher: "Если эта карта —
десятка или старше, он требует одно очко за ход ею, даже если не выигрывает взятку", and winning the
opponent's lead likewise only with a ten or higher; the last trick 1 more. The cards: "если кто-то из
игроков выигрывает нечетную взятку, он добавляет к своему счету десять очков за карты"; capot: "сорок
очков за капут; но эти сорок очков включают в себя очки за последнюю взятку и за нечетную взятку", so
40 in place of the last trick's point and the 10."""

ENGLISH = RuleSet(
    name="english",
    source="000: the English rules, the dealer free to take nothing, the play scored on tens and higher",
    play=PlayPoints(scoring_rank=Rank.TEN, capot_replaces_last_trick=True),
)
"""English piquet (book 000). "Сдающий не обязан брать карты из резерва" (the dealer need not take);
"Игрок получает одно очко за каждую карту старше девятки, с которой он заходит, и одно очко каждый раз,
когда он выигрывает заход противника на карте старше девятки. За выигрыш последней взятки игрок получает
дополнительное очко." The cards and capot: "Игрок, выигравший минимум семь из двенадцати взяток, получает
10. ... Если один игрок выигрывает все двенадцать взяток, он получает 40 за капот. Дополнительные
начисления за выигрыш последней взятки и большинства взяток не производится": 40 in place of the last
trick's point and the 10. Otherwise as rubicon."""

RUSSIAN = RuleSet(
    name="russian",
    source="003 and 001: exchange 3 to 5 or refuse, carte blanche without an ace either, carte rouge 20",
    exchange=((0, 3, 4, 5), (0, *range(3, 9))),
    blanche_ranks=frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK}),
    carte_rouge_points=20,
    play=PlayPoints(win_own_lead=1, last_trick=3, capot_replaces_last_trick=True),
)
"""Russian piquet (book 003, 001). Elder takes 3 to 5: "Первый игрок имеет право поменять пять своих
карт, но не менее трёх", or none: "Противник сдающего вправе вовсе отказаться от прикупа. В этом случае
дилер может воспользоваться только тремя последними («своими») картами"; the dealer likewise at least
three. Carte blanche: "набор без фигур и туза". Sets: "Ниже десятки комплекты не считаются". Carte rouge:
"Если при этом в выигрышных вариантах участвуют все карты, счастливчик получает 20 очков премии". Play:
"ещё по очку за каждый заход и за каждую взятку. За последнюю взятку - четыре очка" (001 rule 9: "не за
единицу, а за четыре"), so the twelfth trick's win scores 3 more than an ordinary one; 003's "всего
разыгрывается 27 очков" (12 leads, 11 tricks at 1, the last at 4) checks this reading. The leza: "Тот, кто
взял более половины взяток, получает ... ещё 10 премиальных баллов" (003); capot 40 in place of the leza
and of the last trick's extra 3: "Если игрок делает капот, то за последнюю взятку он не прибавляет лишних
три очка, а считает ее за единицу. При капоте не прибавляется также 10 очков за лезу" (001, Капот и
леза; 003: "В этом случае не засчитываются очки за последнюю взятку и победу в розыгрыше")."""

ENCYCLOPEDIA = RuleSet(
    name="encyclopedia",
    source="004 (Энциклопедия игр): sets of any rank, carte rouge 20, repique 100, points for leads only",
    set_min_rank=Rank.SEVEN,
    carte_rouge_points=20,
    repique_bonus=100,
    play=PlayPoints(lead=1, last_lead=2, win_opponent_lead=0, win_own_lead=0, last_trick=0, seventh_trick=10,
                    cards=0, capot=0, deal_bonus=100),
)
"""The encyclopedia's piquet (book 004). Sets of any rank: "три или четыре карты одинакового достоинства"
(its own example scores four sevens). Carte rouge: "Если в действительности все карты игрока приняли
участие в игре, он получает дополнительно 20 очков премии". Repique: "выигравшему записывается
дополнительно еще 100 очков премии". Play: "За каждый выход (за выход, а не за взятку!) игрок получает
очко, а за последний выход — два", and "за седьмую взятку — премия 10 очков", scored at once (its example:
"34 — Б, так как это уже седьмая взятка"), which stands in for the cards (no 10 after the play). No capot:
004 names none. The deal: "Выигрывает тот, кто в сумме торгов и розыгрыша получил больше очков. За это он
дополнительно получает еще 100 очков премии" (equal totals: nobody). 004 says nothing of exchange limits:
rubicon's are assumed."""



NORMAND = RuleSet(
    name="normand",
    source="002 ('ПИКЕТ НОРМАНД, ДЛЯ ТРЕХ ИГРОКОВ'), 003, 001: three players, ten cards, the dealer's talon of two",
    table=Seating(seats=NORMAND_SEATS, hand_size=10, talon=2, talon_shares=(0, 0, 2)),
    exchange=((0,), (0,), (0, 2)),
    repique_bonus=70,
    repique_threshold=20,
    pique_bonus=40,
    pique_threshold=20,
    table_rules=SeatingRules(cards=10, cards_shared=5, capot=40, capot_shared=20),
)
"""Piquet Normand (book 002; 003, 001). Ten cards each, two to the talon: "Карты сдаются по две и по
три, пока у каждого не окажется по десять, а две карты остаются для талона. Дилер может выложить любые
две карты в обмен на них, но никому другому не разрешается прикасаться к ним"; both or none (003:
"менять может только обе карты или ни одной"; 001: "Прикупать нужно только обе карты, одну нельзя").
Repique and pique at 20: "Он делает репик и считает 90, если может набрать 20, не разыгрывая карту; и он
делает пик, 60, если может набрать 20 на руке и в розыгрыше" (the 20 becomes 90 or 60: 70 and 40 more).
The play as in rubicon. "Большинство взяткок приносит 10; в случае ничьей каждый получает по 5. Капот
приносит 40, если все взятки взяты одним игроком; но если двое делят их все между собой, каждый
получает по 20." House-rule variants: 003 gives nothing for two tied for most tricks ("Если двое из
трёх набрали одинаковое число очков больше третьего, премия за лезу не начисляется":
``[table_rules] cards_shared = 0``); 001 counts capot 20 ("за него пишут только 20 очков":
``capot = 20``) and has the dealer declare first ("Хвалеж начинает первым сдатчик"), which changes no
score."""

FOUR = RuleSet(
    name="four",
    source="002 ('ПИ КЕ ВОЛЬЕР, ДЛЯ ЧЕТЫРЕХ ИГРОКОВ') and 003 ('ПИКЕТ ВЧЕТВЕРОМ'): two partnerships, eight cards",
    table=Seating(seats=FOUR_SEATS, hand_size=8, talon=0, talon_shares=(0, 0, 0, 0), partnerships=True),
    exchange=((0,), (0,), (0,), (0,)),
    repique_bonus=70,
    repique_threshold=20,
    pique_bonus=40,
    pique_threshold=20,
    table_rules=SeatingRules(point_min_pips=30, cards=10, cards_tricks=5, capot=40, double_blanche_repique=True),
)
"""Piquet for four, pique voleur (book 002; 003). Partners opposite, eight cards each, no talon: "Все
карты сдаются по две и по три за раз, так что каждый получает по восемь карт" (003: "Прикупа нет").
The point: "пара записывает себе очки за самую длинную масть" (003), and "Никакой поинт менее чем в 30
очков не может быть объявлен" (002). Sequences and sets: "Пара со старшей секвенцией записывает очки за
все секвенции, имеющиеся на руках у обоих партнёров. То же самое относительно комплектов" (003).
"Если один игрок или два партнера вместе набирают 20 очков при подсчете без розыгрыша, они записывают 90
за репик. Если они набирают 20 в объявлениях и розыгрыше вместе, они записывают 60 за пик. Карте бланш
на руке того или иного партнера может засчитываться в пользу пика или репика; и если у каждого из двух
партнеров окажется карте бланш, они будут иметь право на 90 очков за репик, независимо от того, что было
у противников" (002). The cards and capot are not in the books: 10 for 5 or more of the 8 tricks and 40
for all of them are this preset's own choice."""


PRESETS: dict[str, RuleSet] = {r.name: r for r in (RUBICON, AU_CENT, ENGLISH, RUSSIAN, ENCYCLOPEDIA, NORMAND, FOUR)}
TWO_HANDED_PRESETS: dict[str, RuleSet] = {n: r for n, r in PRESETS.items() if r.game.two_handed}
ALIASES = {"voleur": "four", "pique-voleur": "four"}  # book 002 calls piquet for four "pique voleur"
