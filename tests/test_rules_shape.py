"""The seat-aware RuleSet (issue: make room for more players): the table shape, per-seat exchanges,
and house-rule files written for the earlier flat fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from piquet_calc.rules import PRESETS, RUBICON, RUSSIAN, RulesError, load_rules, rules_from_dict

# Every preset's exchange limits as the flat two-seated RuleSet had them (elder_discards,
# dealer_discards_allowed) before the reshape.
FLAT = {
    "rubicon": ((1, 2, 3, 4, 5), tuple(range(9))),
    "au-cent": ((1, 2, 3, 4, 5), tuple(range(1, 9))),
    "english": ((1, 2, 3, 4, 5), tuple(range(9))),
    "russian": ((0, 3, 4, 5), (0, 3, 4, 5, 6, 7, 8)),
    "encyclopedia": ((1, 2, 3, 4, 5), tuple(range(9))),
}


@pytest.mark.parametrize("name", list(FLAT))
def test_two_handed_presets_keep_their_exchanges(name):
    rules = PRESETS[name]
    assert (rules.elder_discards, rules.dealer_discards_allowed) == FLAT[name]
    assert rules.table.seats == ("elder", "dealer") and rules.table.hand_size == 12
    assert rules.table.talon == 8 and rules.table.talon_shares == (5, 3)


def test_the_dealer_takes_only_his_own_three_when_elder_refuses():
    assert RUSSIAN.dealer_discards(0) == (0, 3)
    assert RUBICON.dealer_discards(5) == (0, 1, 2, 3)


def test_a_house_file_with_the_old_field_names_still_loads(tmp_path: Path):
    old = tmp_path / "old.toml"
    old.write_text('base = "rubicon"\nelder_discards = [1, 2, 3]\ndealer_discards_allowed = [1, 2, 3, 4, 5]\n')
    new = tmp_path / "new.toml"
    new.write_text('base = "rubicon"\n[exchange]\nelder = [1, 2, 3]\ndealer = [1, 2, 3, 4, 5]\n')
    a, b = load_rules(old), load_rules(new)
    assert a.exchange == b.exchange == ((1, 2, 3), (1, 2, 3, 4, 5))
    assert a.settings()["exchange"] == {"elder": [1, 2, 3], "dealer": [1, 2, 3, 4, 5]}


def test_old_and_new_names_together_are_refused_naming_both():
    with pytest.raises(RulesError, match="elder_discards and exchange.elder both given"):
        rules_from_dict({"elder_discards": [1], "exchange": {"elder": [2]}})


def test_an_unknown_seat_is_refused_naming_the_seats():
    with pytest.raises(RulesError, match=r"exchange.middle.*seats: elder, dealer"):
        rules_from_dict({"exchange": {"middle": [1]}})


def test_with_exchange_changes_one_seat():
    assert RUBICON.with_exchange(elder=(1, 2)).exchange == ((1, 2), RUBICON.exchange[1])
    with pytest.raises(RulesError, match="no seat 'middle'"):
        RUBICON.with_exchange(middle=(1,))
