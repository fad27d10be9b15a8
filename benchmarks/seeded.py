"""The command line the seeded benchmarks share: how many deals or hands, the rules, the seed."""

from __future__ import annotations

import argparse


def seeded_arguments(doc: str, count: str, count_default: int, seed: int) -> argparse.Namespace:
    """A benchmark's arguments: ``--<count>`` (how many), ``--rules`` (a preset, rubicon by default) and
    ``--seed``; its description the first line of ``doc``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument(f"--{count}", type=int, default=count_default)
    parser.add_argument("--rules", default="rubicon")
    parser.add_argument("--seed", type=int, default=seed)
    return parser.parse_args()
