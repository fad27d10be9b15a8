"""Result objects -> JSON-ready data -> a table (tabulate) or JSON: the data first, the table from it."""

from .render import (
    analysis_data,
    declaration_data,
    declaration_table,
    four_declaration_data,
    four_declaration_table,
    normand_declaration_data,
    normand_declaration_table,
    normand_exchange_data,
    normand_exchange_table,
    odds_rows,
    odds_table,
    rules_data,
    rules_table,
    score_data,
    score_table,
    table,
    table_score_data,
    table_score_table,
)

__all__ = ["analysis_data", "declaration_data", "declaration_table", "four_declaration_data",
           "four_declaration_table", "normand_declaration_data",
           "normand_declaration_table", "normand_exchange_data", "normand_exchange_table", "odds_rows", "odds_table",
           "rules_data", "rules_table", "score_data", "score_table", "table", "table_score_data", "table_score_table"]
