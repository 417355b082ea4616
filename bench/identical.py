"""Whether the search is still the same search: fixed-depth searches on fixed
positions, every depth's score, line, nodes and cut-offs written to a file, and
a later run compared with it (not a benchmark itself: no ``bench_`` prefix).

A change that only makes the search faster (the make/unmake machinery, a
table's layout) must leave every figure as it was:

    python -m bench.identical --save /tmp/before.json      # before the change
    python -m bench.identical --check /tmp/before.json     # after: exit 1 on any difference

The cases cover the learned evaluation (``strong``, the tree's moves keep the
network's sums) and the hand-set one (``strong:classic``, the bare moves), on
freestyle (lines read 4 cells each side) and exact five (5), each searched by
one thread to a fixed depth (the root's threat checks on their node budgets).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench.positions import speed_board
from gomoku.engine import Engine
from gomoku.search.types import Limit
from gomoku.search.warmup import ensure_loaded

CASES = (
    # (position, rules, level, depth)
    ("P1", "gomocup20", "strong", 6),
    ("P2", "gomocup20", "strong", 6),
    ("P3", "gomocup20", "strong", 6),
    ("P4", "gomocup20", "strong", 8),
    ("P5", "gomocup20", "strong", 8),
    ("P2", "gomocup20", "strong:classic", 6),
    ("P4", "gomocup20", "strong:classic", 8),
    ("P5", "gomocup20", "strong:classic", 8),
    ("P3", "standard", "strong", 6),
    ("P4", "standard", "strong:classic", 7),
)


def run_case(position: str, rules: str, level: str, depth: int) -> list[dict]:
    """Every completed depth of one search: depth, score, nodes, cut-offs, line."""
    engine = Engine(level)
    engine.threads = 1
    board = speed_board(position, rules)
    return [
        {
            "depth": info.depth,
            "score": info.score,
            "nodes": info.nodes,
            "cutoffs": info.cutoffs,
            "pv": [list(p) for p in info.pv],
        }
        for info in engine.analyse(board, Limit(depth=depth))
    ]


def run_all() -> dict[str, list[dict]]:
    ensure_loaded()
    out = {}
    for position, rules, level, depth in CASES:
        name = f"{position} {rules} {level} depth {depth}"
        start = time.process_time()
        out[name] = run_case(position, rules, level, depth)
        last = out[name][-1]
        print(
            f"{name}: nodes {last['nodes']}, score {last['score']:+.0f}, move {last['pv'][0]} "
            f"({time.process_time() - start:.2f} s CPU)",
            file=sys.stderr,
        )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.identical", description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--save", type=Path, help="write the figures to this file")
    group.add_argument("--check", type=Path, help="compare with the figures of this file")
    args = parser.parse_args()
    figures = run_all()
    if args.save:
        args.save.write_text(json.dumps(figures, indent=1) + "\n")
        print(f"saved {len(figures)} searches to {args.save}")
        return 0
    before = json.loads(args.check.read_text())
    differ = [name for name in before if before[name] != figures.get(name)]
    for name in differ:
        print(f"DIFFERENT: {name}\n  before {before[name][-1]}\n  now    {figures.get(name, [{}])[-1]}")
    total = sum(case[-1]["nodes"] for case in figures.values())
    print(f"{len(before) - len(differ)} of {len(before)} searches identical ({total} nodes in all)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
