"""Tables that fit the terminal: a rendered output cut to a width, column by column, the least needed first.

The commands render every table with tabulate's plain format (a line of dashes under the headers, two
spaces between columns). ``fit_text`` finds each such table in the text; when one is wider than the
width it leaves out whole columns, those a player reads last first (``LEAST_NEEDED``, then the rightmost),
never the first two (the rank and the choice, or what a row is), and names what it left out in a line
under the table. Lines of prose wider than the width are wrapped. The CLI applies it only when stdout is a
terminal and ``--wide`` was not given: piped output and JSON are never changed.

>>> from tabulate import tabulate
>>> text = tabulate([[1, "AS KS QS", "+1.25", "10.0/2.0", "5.0/1.0"]], disable_numparse=True,
...                 headers=["#", "discard", "net", "pique %\\nme/opp", "repique %\\nme/opp"])
>>> print(fit_text(text, 30))
#    discard    net
---  ---------  -----
1    AS KS QS   +1.25
(left out to fit 30 columns:
pique % me/opp, repique %
me/opp; --wide shows them)
"""

from __future__ import annotations

import re
import textwrap

LEAST_NEEDED = (
    # discard --play
    "exact net (uniform)", "repique % me/opp", "capot % me/opp", "pique % me/opp", "cards % win/div/lose",
    "play me/opp", "declarations me/opp",
    # discard (exact)
    "carte rouge % me/opp", "E[opp]", "E[me]", "sets win %", "sequence win/tie %",
    # normand's dealer
    "repique e/m/d", "pique elder",
)
"""Column headers (their lines joined by a space), the first left out first; others go rightmost first."""
KEEP_FIRST = 2  # the first columns are never left out
_DASHES = re.compile(r"^-+(?: {2}-+)*$")


def _fits(line: str, gaps: list[tuple[int, int]], end: int) -> bool:
    """Whether ``line`` belongs to a table of these columns: no longer, spaces in every gap between them."""
    return bool(line.strip()) and len(line) <= end and all(not line[a:b].strip() for a, b in gaps)


def _block(lines: list[str], k: int) -> tuple[int, int, list[tuple[int, int]]]:
    """The table around the dash line ``k``: (its first line, one past its last, the columns' spans)."""
    spans = [(m.start(), m.end()) for m in re.finditer("-+", lines[k])]
    gaps = [(spans[i][1], spans[i + 1][0]) for i in range(len(spans) - 1)]
    end = spans[-1][1]
    top = k
    while top > 0 and _fits(lines[top - 1], gaps, end):
        top -= 1
    bottom = k + 1
    while bottom < len(lines) and _fits(lines[bottom], gaps, end):
        bottom += 1
    return top, bottom, spans


def _names(lines: list[str], top: int, k: int, spans: list[tuple[int, int]]) -> list[str]:
    return [" ".join(w for w in (line.ljust(e)[s:e].strip() for line in lines[top:k]) if w) for s, e in spans]


def _order(names: list[str]) -> list[int]:
    """Columns in the order they are left out: LEAST_NEEDED's, then the rightmost, never the first two."""
    rank = {n: i for i, n in enumerate(LEAST_NEEDED)}
    free = range(KEEP_FIRST, len(names))
    listed = sorted((i for i in free if names[i] in rank), key=lambda i: rank[names[i]])
    return listed + [i for i in reversed(free) if names[i] not in rank]


def fit_table(lines: list[str], k: int, width: int) -> tuple[list[str], int, int]:
    """The table whose dash line is ``k`` cut to ``width``: (its new lines and footer, its first line, one past
    its last in ``lines``). Unchanged (and no footer) when it fits."""
    top, bottom, spans = _block(lines, k)
    block = lines[top:bottom]
    if max(len(line) for line in block) <= width:
        return block, top, bottom
    names = _names(lines, top, k, spans)
    dropped: list[int] = []
    size = spans[-1][1]
    for i in _order(names):
        if size <= width:
            break
        dropped.append(i)
        size -= spans[i][1] - spans[i][0] + 2
    kept = [span for i, span in enumerate(spans) if i not in dropped]
    out = ["  ".join(line.ljust(spans[-1][1])[s:e] for s, e in kept).rstrip() for line in block]
    out[k - top] = "  ".join("-" * (e - s) for s, e in kept)
    out = [line for line in out if line]  # a header's line, or a cell's, that only the columns left out had
    left = ", ".join(names[i] or f"column {i + 1}" for i in sorted(dropped))
    note = f"(left out to fit {width} columns: {left}; --wide shows them)"
    return out + textwrap.wrap(note, width) if dropped else out, top, bottom


def fit_text(text: str, width: int) -> str:
    """``text`` with every plain table cut to ``width`` and every longer line of prose wrapped (module
    docstring)."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        k = next((j for j in range(i, len(lines)) if _DASHES.match(lines[j])), None)
        stop = len(lines) if k is None else max(i, _block(lines, k)[0])
        for line in lines[i:stop]:
            out.extend(_wrap(line, width))
        if k is None:
            break
        table, _, bottom = fit_table(lines, k, width)
        out.extend(table)
        i = bottom
    return "\n".join(out)


def _wrap(line: str, width: int) -> list[str]:
    if len(line) <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip())]
    return textwrap.wrap(line, width, subsequent_indent=indent + "  " * bool(line.strip()), break_on_hyphens=False,
                         break_long_words=False) or [line]
