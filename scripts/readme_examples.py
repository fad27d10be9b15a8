"""Regenerate the README's example blocks from real runs, so that its output cannot drift from the tool.

    python scripts/readme_examples.py          # run every example and rewrite its block in README.md
    python scripts/readme_examples.py --check  # exit 1 if a block differs from a fresh run
    python scripts/readme_examples.py --fast   # only the fast commands (score, declare, odds, rules, partie)

A block is the text between ``<!-- example: NAME -->`` and ``<!-- /example -->``: a console code block
with the command and what it prints on stdout. tests/test_readme.py checks the fast blocks in every
default test run and the slow ones (``discard``, ``play``) under ``-m slow``.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BLOCK = re.compile(r"(<!-- example: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(<!-- /example -->)", re.DOTALL)


@dataclass(frozen=True)
class Example:
    name: str
    args: tuple[str, ...]
    slow: bool = False  # seconds, and kernels compiled: checked under -m slow only
    tail: int = 0  # show only the last lines of the output, as `| tail -N` prints them (0: all of it)


EXAMPLES = (
    Example("discard-elder", ("discard", "AS AH KH QH TH 8H 7H AD TD 9D 9C 8C", "--elder", "--top", "3"), slow=True),
    Example("discard-play", ("discard", "KS QS TS 9S 8S 7S KH QH AC JC KD 9D", "--elder", "--play", "--top", "2",
                             "--why", "7S QH 9D AC JC"), slow=True),
    Example("declare", ("declare", "AS AH AD AC KS KH KD QS QH JS TS 9S", "--discards", "7S 8S 7H 8H 7D", "--elder")),
    Example("declare-dialogue", ("declare", "--dialogue", "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C",
                                 "KS QS JS TS 9S 8S KD QD 8D AC JC TC", "--rules", "encyclopedia")),
    Example("score", ("score", "AH 9H AC KC QC JC KD QD JD TD 9D KS", "AS QS JS 9S KH QH JH 8H AD 8D TC 9C")),
    Example("play", ("play", "AS 7S AH KH QH TH 8H 7H AD 7D KC 7C", "KS QS JS TS 9S 8S KD QD 8D AC JC TC",
                     "--rules", "encyclopedia"), slow=True, tail=7),
    Example("play-seat", ("play", "--seat", "dealer", "QS JS TS 9S 8S JH 9H KD QD AC JC TC",
                          "--discards", "7H 8H 7D", "--tricks", "AH"), slow=True),
    Example("review", ("review", "docs/examples/deal-004.pqn", "--summary"), slow=True),
    Example("partie", ("partie", "--rules", "rubicon", "31 14", "9 52", "44 20", "12 35", "60 8", "25 30")),
    Example("odds", ("odds", "AH KH QH", "--elder", "--at-least", "2")),
    Example("play-four", ("play", "AS KS 9S AH 7H KD 8D 7C", "QS 8S KH 9H AD TD AC 9C", "JS 7S QH TH QD JD KC 8C",
                          "TS JH 8H 9D 7D QC JC TC", "--rules", "four", "--tricks", "AS QS JS TS, KS 8S 7S JH, 7C",
                          "-q"), slow=True, tail=2),
    Example("discard-normand", ("discard", "AS KS QS JS 9S AH KH 8D 7D AC", "--rules", "normand", "--dealer",
                                "--play", "--top", "2", "--samples", "100", "--seed", "1", "-q"), slow=True),
    Example("play-seat-four", ("play", "KS AH QH 8H 7H QD TD 8D", "--rules", "four", "--seat", "second", "--heard",
                               "third point 5 46 in spades; no sequence; elder three jacks without the diamond",
                               "--tricks", "9D", "--seed", "1", "-q"), slow=True),
    Example("play-normand", ("play", "AS AH AD AC KC QC 9S 8S 9C 8C", "KH QH JH TH 9H KS QS TS 7S 8D",
                             "KD QD JD TD 9D JC TC 7C 8H 7H", "--rules", "normand", "-q"), slow=True, tail=3),
)
BY_NAME = {e.name: e for e in EXAMPLES}


def quoted(arg: str) -> str:
    """An argument as a shell would need it typed (the cards contain spaces, never quotes or $)."""
    return f'"{arg}"' if not re.fullmatch(r"[\w.,=/+-]+", arg) else arg


def command_line(example: Example) -> str:
    return " ".join(["piquet-calc", *map(quoted, example.args)]) + (f" | tail -{example.tail}" if example.tail else "")


def run(example: Example) -> str:
    """What the command prints on stdout, run in this process (progress goes to stderr)."""
    from typer.testing import CliRunner

    from piquet_calc.cli import app

    result = CliRunner().invoke(app, list(example.args))
    if result.exit_code != 0:
        raise RuntimeError(f"{command_line(example)} exited {result.exit_code}: {result.output}")
    return result.stdout


def block(example: Example, output: str | None = None) -> str:
    """The README text of one example: a console block with the command and its output."""
    output = run(example) if output is None else output
    if example.tail:
        output = "\n".join(output.rstrip("\n").splitlines()[-example.tail:])
    return f"```console\n$ {command_line(example)}\n{output.rstrip()}\n```\n"


def blocks(text: str) -> dict[str, str]:
    """The example blocks of a README text, by name."""
    return {m["name"]: m["body"] for m in BLOCK.finditer(text)}


def regenerate(text: str, names: set[str]) -> str:
    """``text`` with the named examples' blocks replaced by fresh runs."""
    def replace(m: re.Match[str]) -> str:
        if m["name"] not in names:
            return m.group(0)
        return m.group(1) + block(BY_NAME[m["name"]]) + m.group(4)

    return BLOCK.sub(replace, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 on a difference")
    parser.add_argument("--fast", action="store_true", help="only the fast commands")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed one
    text = README.read_text(encoding="utf-8")
    present = blocks(text)
    unknown = set(present) - set(BY_NAME)
    if unknown:
        print(f"README.md: unknown example blocks: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 1
    names = {name for name in present if not (args.fast and BY_NAME[name].slow)}
    fresh = regenerate(text, names)
    if args.check:
        stale = sorted(n for n in names if blocks(fresh)[n] != present[n])
        for name in stale:
            print(f"README.md: example {name} differs from a fresh run", file=sys.stderr)
        return 1 if stale else 0
    if fresh != text:
        README.write_text(fresh, encoding="utf-8")
    print(f"README.md: {len(names)} examples regenerated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
