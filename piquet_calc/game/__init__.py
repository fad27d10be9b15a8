"""The rules of play and the plain reference solvers, plain Python: the readable reference the kernels are tested
against (one hand's declarations and a deal's score, ``declarations``; the play, the exchange, the table of three
or four, the partie). What a seat knows is seat/'s, the deal record record/'s; game/ imports only rules, cards
and numerals (docs/engine.md, "The layers")."""
