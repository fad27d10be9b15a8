"""Result objects -> JSON-ready data -> a table (tabulate) or JSON: the data first, the table from it."""

from .render import (
    analysis_data,
    declaration_data,
    declaration_table,
    declaration_table_of,
    odds_table,
    rules_data,
    rules_table,
    score_data,
    score_table,
    table,
    table_of,
)

__all__ = ["analysis_data", "declaration_data", "declaration_table", "declaration_table_of", "odds_table",
           "rules_data", "rules_table", "score_data", "score_table", "table", "table_of"]
