"""What scripts/cli_docs.py and scripts/json_docs.py share: write a generated doc, or check it is fresh."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path


def write_or_check(out: Path, root: Path, generate: Callable[[], str], source: str, script: str, doc: str) -> int:
    """``script``'s command line: write ``generate()`` to ``out``, or with --check exit 1 if ``out`` differs."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 if {out.relative_to(root)} is not a fresh generation")
    args = parser.parse_args()
    text = generate()
    if args.check:
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            print(f"{out.relative_to(root)} differs from the {source}: run python scripts/{script}", file=sys.stderr)
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    return 0
