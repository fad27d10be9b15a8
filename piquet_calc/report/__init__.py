"""Result objects -> JSON-ready data -> a table (tabulate) or JSON: the data first, the table from it."""

from .deal import deal_data, deal_table
from .render import (
    analysis_data,
    declaration_data,
    declaration_table,
    declaration_table_of,
    four_declaration_data,
    four_declaration_table,
    normand_declaration_data,
    normand_declaration_table,
    normand_exchange_data,
    normand_exchange_table,
    odds_data,
    odds_table,
    play_data,
    play_table,
    rules_data,
    rules_table,
    score_data,
    score_table,
    table,
    table_of,
    table_score_data,
    table_score_table,
)

__all__ = ["analysis_data", "deal_data", "deal_table", "declaration_data", "declaration_table", "declaration_table_of",
           "four_declaration_data", "four_declaration_table", "normand_declaration_data", "normand_declaration_table",
           "normand_exchange_data", "normand_exchange_table", "odds_data", "odds_table", "play_data", "play_table",
           "rules_data", "rules_table", "score_data", "score_table", "table", "table_of", "table_score_data",
           "table_score_table"]
