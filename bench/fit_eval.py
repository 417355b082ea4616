"""Fit the search's cell-value table (``gomoku/core/cellvalues.py``) to labelled positions.

The static evaluation sums, over the empty cells, a value for each side: the
value of the cell's four line patterns for that side (``gomoku.core.patterns``),
with the four codes sorted, so 495 entries. The side to move's sum counts
``TEMPO`` times (``grid.evaluate``). This tool fits those 495 values by logistic
regression: the chance that the side to move wins is taken to be
``1 / (1 + exp(-eval / SCALE))``, and the values that best predict the labels
(cross-entropy, a little L2 pull towards the current table) are written out.

Labels are JSON lines ``{"moves": [[x, y], ...], "winrate": w}``: a position on
the 20x20 board (moves alternate, X first) and the side to move's chance to win,
e.g. a strong engine's evaluation at a short time, or ``--games DIR...`` to label
every position of game records (``gomoku match`` output) by who won.
Positions where either side has a five to make are left out: the search never
evaluates those.

    .venv/bin/python -m bench.fit_eval labels.jsonl --write
    .venv/bin/python -m bench.fit_eval --games /path/to/match/*/game-*.json

It prints the cross-entropy of the current and the fitted table on held-out games (JSON)
and, with ``--write``, rewrites ``gomoku/core/cellvalues.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from gomoku.board import Board, Rules
from gomoku.core.cellvalues import CELL_VALUES, MULTISETS, TEMPO
from gomoku.core.grid import EMPTY, TURN
from gomoku.core.patterns import C_FIVE, ONE, multiset_index
from gomoku.records import load_game
from gomoku.search.layout import Grid

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "gomoku" / "core" / "cellvalues.py"
SCALE = 600.0
"""Evaluation units per unit of log-odds (the current table's best fit)."""
RULES = Rules.preset("gomocup20")
GAME_KEY = 6
"""Positions that share their first this many moves count as one game: the held-out
cross-entropy is measured on games the fit never saw (15% of them)."""


def features(moves: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray] | None:
    """How many empty cells of each of the 495 kinds the side to move and the
    opponent have, or None when either side has a five to make."""
    grid = Grid(Board(rules=RULES, moves=moves)).state
    s = int(grid.meta[TURN])
    o = 3 - s
    if grid.count[s, C_FIVE] or grid.count[o, C_FIVE]:
        return None
    empty = grid.cells == EMPTY
    index = multiset_index()
    mine = np.bincount(index[grid.combo[s][empty]], minlength=len(MULTISETS))
    theirs = np.bincount(index[grid.combo[o][empty]], minlength=len(MULTISETS))
    return mine, theirs


def labelled(path: str) -> Iterator[tuple[list[tuple[int, int]], float]]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                item = json.loads(line)
                yield [tuple(m) for m in item["moves"]], float(item["winrate"])


def from_games(paths: list[str], skip: int = 6) -> Iterator[tuple[list[tuple[int, int]], float]]:
    """Every position of each game after ``skip`` moves, labelled 1 when the
    side to move went on to win, 0 when it lost (draws 0.5)."""
    for path in paths:
        record = load_game(path)
        moves = [tuple(p) for p in record.moves]
        winner = record.result
        for k in range(skip, len(moves)):
            to_move = "X" if k % 2 == 0 else "O"
            yield moves[:k], 0.5 if winner not in ("X", "O") else float(winner == to_move)


def split_by_game(positions: list[list[tuple[int, int]]]) -> tuple[np.ndarray, np.ndarray, int] | None:
    """The indices of the positions to fit and to hold out, and how many games
    are held out: 15% of the games (at least one), whole. The positions of one
    game are near copies of each other, and a split of positions at random
    scores the fit on positions it has all but seen. None with fewer than two games."""
    keys = [tuple(m[:GAME_KEY]) for m in positions]
    games = sorted(set(keys))
    if len(games) < 2:
        return None
    chosen = np.random.default_rng(0).permutation(len(games))[: max(1, len(games) * 15 // 100)]
    held = {games[i] for i in chosen}
    mask = np.array([k in held for k in keys])
    return np.flatnonzero(~mask), np.flatnonzero(mask), len(held)


def cross_entropy(ev: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-ev / SCALE)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(mine: np.ndarray, theirs: np.ndarray, y: np.ndarray, start: np.ndarray, pull: float) -> np.ndarray:
    """The table minimising cross-entropy plus ``pull`` times the squared distance to ``start``.
    Cells with no pattern stronger than a lone stone stay at 0 (the empty board's value)."""
    fixed = np.array([max(m) <= ONE for m in MULTISETS])
    x = TEMPO * mine - theirs

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        w = np.where(fixed, 0.0, w)
        ev = x @ w
        p = 1.0 / (1.0 + np.exp(-ev / SCALE))
        grad = x.T @ ((p - y) / SCALE / len(y)) + 2 * pull * (w - start)
        grad[fixed] = 0.0
        return cross_entropy(ev, y) + pull * float(np.sum((w - start) ** 2)), grad

    result = minimize(loss, start.astype(float), jac=True, method="L-BFGS-B", options={"maxiter": 5000})
    return np.where(fixed, 0.0, result.x)


def write_table(values: np.ndarray, note: str) -> None:
    """Rewrite the values in ``gomoku/core/cellvalues.py``, keeping the rest of the module."""
    text = TABLE.read_text(encoding="utf-8")
    head, _, rest = text.partition("CELL_VALUES = (\n")
    _, _, tail = rest.partition("\n)\n")
    numbers = [str(int(round(v))) for v in values]
    rows = [", ".join(numbers[i : i + 15]) + "," for i in range(0, len(numbers), 15)]
    body = "\n".join("    " + row for row in rows)
    TABLE.write_text(f"{head}CELL_VALUES = (\n    # {note}\n{body}\n)\n{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("labels", nargs="?", help="JSON lines of moves and winrate")
    parser.add_argument("--games", nargs="+", default=[], help="game records labelled by their result")
    parser.add_argument("--pull", type=float, default=1e-7, help="L2 pull towards the current table")
    parser.add_argument("--write", action="store_true", help="rewrite gomoku/core/cellvalues.py")
    args = parser.parse_args(argv)
    items = list(labelled(args.labels)) if args.labels else []
    items += list(from_games(args.games))
    rows = [(m, f, w) for m, f, w in ((m, features(m), w) for m, w in items) if f is not None]
    if len(rows) < 20:
        print("fit_eval: need at least 20 labelled positions", file=sys.stderr)
        return 1
    split = split_by_game([m for m, _, _ in rows])
    if split is None:
        print(
            f"fit_eval: need positions of at least two games (told apart by their first {GAME_KEY} moves)",
            file=sys.stderr,
        )
        return 1
    train, test, held_games = split
    mine = np.array([f[0] for _, f, _ in rows], dtype=float)
    theirs = np.array([f[1] for _, f, _ in rows], dtype=float)
    y = np.clip(np.array([w for _, _, w in rows]), 0.001, 0.999)
    current = np.array(CELL_VALUES, dtype=float)
    values = fit(mine[train], theirs[train], y[train], current, args.pull)
    x = TEMPO * mine[test] - theirs[test]
    report = {
        "positions": len(y),
        "held_out": len(test),
        "held_out_games": held_games,
        "cross_entropy_current": round(cross_entropy(x @ current, y[test]), 4),
        "cross_entropy_fitted": round(cross_entropy(x @ values, y[test]), 4),
        "cross_entropy_constant": round(cross_entropy(np.zeros(len(test)), y[test]), 4),
    }
    print(json.dumps(report))
    if args.write:
        write_table(values, f"fitted to {len(y)} positions, held-out cross-entropy {report['cross_entropy_fitted']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
