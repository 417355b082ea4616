"""Renju's forbidden points checked against an independent detector, and the positions to do it.

``python -m bench.renju_reference --reference CMD [--positions N] [--seed S]`` makes N
15x15 positions (half of them middle games, half heavy in black stones, so that
threes, fours, overlines and the recursion come often; none already holding a five),
sends them to CMD one a line, and compares CMD's forbidden cells with
``gomoku.board.renju``'s. A line is 225 characters, cell (x, y) at ``15 * y + x``:
``.`` empty, ``X`` black, ``O`` white; CMD answers each with one line of its
forbidden cells as ``x,y`` separated by spaces (an empty line for none). The
reference's code stays outside the repository: docs/rules.md says which one was used
and what it found. Prints one JSON line of figures; exit 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
import sys
import time

from gomoku.board import Rules
from gomoku.board.renju import forbidden, forbidden_points

RENJU = Rules.preset("renju")
Stones = dict[tuple[int, int], int]


def position(rng: random.Random, heavy: bool) -> Stones:
    """Stones gathered round a random centre: 8 to 70 of them, half black (``heavy``:
    10 to 45, three in four black)."""
    count, black = (rng.randint(10, 45), 0.75) if heavy else (rng.randint(8, 70), 0.5)
    cx, cy = rng.randint(4, 10), rng.randint(4, 10)
    stones: Stones = {}
    while len(stones) < count:
        x = min(14, max(0, round(rng.gauss(cx, 3))))
        y = min(14, max(0, round(rng.gauss(cy, 3))))
        stones.setdefault((x, y), 1 if rng.random() < black else 2)
    return stones


def has_five(stones: Stones) -> bool:
    """Whether either side has five or more in a row (a game already over)."""
    for (x, y), stone in stones.items():
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all(stones.get((x + i * dx, y + i * dy)) == stone for i in range(1, 5)):
                return True
    return False


def positions(count: int, seed: int) -> list[Stones]:
    """``count`` positions with no five, alternately middle games and heavy in black."""
    rng = random.Random(seed)
    found: list[Stones] = []
    while len(found) < count:
        stones = position(rng, heavy=len(found) % 2 == 0)
        if not has_five(stones):
            found.append(stones)
    return found


def as_line(stones: Stones) -> str:
    return "".join({1: "X", 2: "O"}.get(stones.get((x, y), 0), ".") for y in range(15) for x in range(15))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.renju_reference", description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", required=True, help="the command of the independent detector")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=54)
    args = parser.parse_args(argv)
    cases = positions(args.positions, args.seed)
    start = time.perf_counter()
    answer = subprocess.run(
        shlex.split(args.reference), input="".join(as_line(s) + "\n" for s in cases), capture_output=True, text=True
    )
    theirs_seconds = time.perf_counter() - start
    lines = answer.stdout.splitlines()
    if answer.returncode != 0 or len(lines) != len(cases):
        print(f"the reference failed: exit {answer.returncode}, {len(lines)} lines for {len(cases)} positions")
        return 1
    start = time.perf_counter()
    ours = [forbidden_points(s, RENJU) for s in cases]
    ours_seconds = time.perf_counter() - start
    kinds: dict[str, int] = {}
    disagreements = 0
    for number, (stones, mine, line) in enumerate(zip(cases, ours, lines)):
        theirs = sorted((int(x), int(y)) for x, y in (cell.split(",") for cell in line.split()))
        for point in mine:
            verdict = forbidden(stones, point, RENJU)
            assert verdict is not None
            kinds[verdict.kind] = kinds.get(verdict.kind, 0) + 1
        if theirs != mine:
            disagreements += 1
            only_ours, only_theirs = sorted(set(mine) - set(theirs)), sorted(set(theirs) - set(mine))
            print(f"# position {number} {as_line(stones)}: ours only {only_ours}, the reference's only {only_theirs}")
    figures = {
        "positions": len(cases),
        "seed": args.seed,
        "forbidden_cells": sum(map(len, ours)),
        "kinds": kinds,
        "disagreements": disagreements,
        "ours_s": round(ours_seconds, 2),
        "reference_s": round(theirs_seconds, 2),
    }
    print(json.dumps(figures))
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
