"""Result objects -> JSON-ready data -> a table (tabulate) or JSON: the data first, the table from it."""

from .deal import deal_data, deal_table
from .render import (
    analysis_data,
    declaration_data,
    declaration_four_data,
    declaration_four_table,
    declaration_normand_data,
    declaration_normand_table,
    declaration_table,
    declaration_table_of,
    exchange_normand_data,
    exchange_normand_table,
    odds_data,
    odds_table,
    play_data,
    play_table,
    rules_data,
    rules_table,
    score_data,
    score_table,
    seating_score_data,
    seating_score_table,
    table,
    table_of,
)

__all__ = ["analysis_data", "deal_data", "deal_table", "declaration_data", "declaration_table", "declaration_table_of",
           "declaration_four_data", "declaration_four_table", "declaration_normand_data", "declaration_normand_table",
           "exchange_normand_data", "exchange_normand_table", "odds_data", "odds_table", "play_data", "play_table",
           "rules_data", "rules_table", "score_data", "score_table", "table", "table_of", "seating_score_data",
           "seating_score_table"]
