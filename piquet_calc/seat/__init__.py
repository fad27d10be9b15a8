"""What a seat knows, plain Python: the announcements as a dialogue (``dialogue``), what was heard in the
``--heard`` notation (``heard``) and the knowledge built from it (``knowledge``), the declarations as announced
(``announced``), every hand the opponent can hold (``hands``) and the exchange as the seat knows it (``seat``).

Its floor is above game/ (docs/engine.md, "The layers"): it may import game, rules, cards and numerals, and is
imported by record/ and what is above it."""
