"""The deal record, plain Python: a deal of two, three or four players written down as JSON or tag-pair text
(``record``), checked and worked out (``record_check``; three and four: ``record_table``); the one reader of the
documents ``play --json`` writes, with their schema check (``from_play``: ``record --from-play`` and ``partie`` read
them through it, ``review`` the record so made), and a played deal turned into a partie's deal
(``partie_from_play``).

Its floor is above seat/ (docs/engine.md, "The layers"): it may import seat, game, rules, cards, numerals and
schemas, and is imported by the engine, analysis, report and cli."""
