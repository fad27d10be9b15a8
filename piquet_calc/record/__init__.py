"""The deal record, plain Python: a deal written down as JSON or tag-pair text (``record``), checked and worked
out (``record_check``), and the JSON ``play --json`` writes read back (``record_normand``).

Its floor is above seat/ (docs/engine.md, "The layers"): it may import seat, game, rules, cards, numerals and
schemas, and is imported by the engine, analysis, report and cli."""
