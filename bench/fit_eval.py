"""Fit the search's cell-value table (``gomoku/core/cellvalues.py``) to labelled positions.

The static evaluation sums, over the empty cells, a value for each side: the
value of the cell's four line patterns for that side (``gomoku.core.patterns``),
with the four codes sorted, so 495 entries. The side to move's sum counts
``TEMPO`` times (``grid.evaluate``). This tool fits those 495 values by logistic
regression: the chance that the side to move wins is taken to be
``1 / (1 + exp(-eval / SCALE))``, and the values that best predict the labels
(cross-entropy, a little L2 pull towards the current table) are written out.
With ``--rules renju`` it fits renju's two tables, black's and white's
(``gomoku/core/rulevalues.py``: 990 values, black's forbidden cells counting
for nothing, as in the search), with ``--rules caro`` caro's one table, on
positions of games played under that rule.

Labels are JSON lines ``{"moves": [[x, y], ...], "winrate": w}``: a position on
the 20x20 board (moves alternate, X first) and the side to move's chance to win,
e.g. a strong engine's evaluation at a short time, or ``--games DIR...`` to label
every position of game records (``gomoku match`` output) by who won.
Positions where either side has a five to make are left out: the search never
evaluates those.

    .venv/bin/python -m bench.fit_eval labels.jsonl --write
    .venv/bin/python -m bench.fit_eval --games /path/to/match/*/game-*.json
    .venv/bin/python -m bench.fit_eval --rules renju renju-labels.jsonl --write

It prints the cross-entropy of the current and the fitted table on held-out games (JSON)
and, with ``--write``, rewrites ``gomoku/core/cellvalues.py`` (or the rule's tables in
``gomoku/core/rulevalues.py``).
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
from gomoku.core.cellvalues import MULTISETS, TEMPO
from gomoku.core.grid import EMPTY, TURN
from gomoku.core.patterns import C_FIVE, ONE, multiset_index
from gomoku.core.rulevalues import rule_values
from gomoku.engine.chance import win_chance
from gomoku.records import load_game
from gomoku.search.layout import Grid

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "gomoku" / "core" / "cellvalues.py"
RULE_TABLES = ROOT / "gomoku" / "core" / "rulevalues.py"
SCALE = 600.0
"""Evaluation units per unit of log-odds (the current table's best fit)."""
RULES = Rules.preset("gomocup20")
GAME_KEY = 6
"""Positions that share their first this many moves count as one game: the held-out
cross-entropy is measured on games the fit never saw (15% of them)."""


def features(moves: list[tuple[int, int]], rules: Rules = RULES) -> tuple[np.ndarray, np.ndarray, int] | None:
    """How many empty cells of each of the 495 kinds the side to move and the
    opponent have, and the side to move (1 X, 2 O); None when either side has a
    five to make. Under renju a cell forbidden to black is none of black's (the
    search takes its value out)."""
    grid = Grid(Board(rules=rules, moves=moves)).state
    s = int(grid.meta[TURN])
    o = 3 - s
    if grid.count[s, C_FIVE] or grid.count[o, C_FIVE]:
        return None
    empty = grid.cells == EMPTY
    index = multiset_index()
    counted = {1: empty & (grid.forb == 0) if rules.renju else empty, 2: empty}
    mine = np.bincount(index[grid.combo[s][counted[s]]], minlength=len(MULTISETS))
    theirs = np.bincount(index[grid.combo[o][counted[o]]], minlength=len(MULTISETS))
    return mine, theirs, s


def design(mine: np.ndarray, theirs: np.ndarray, side: np.ndarray, per_colour: bool) -> np.ndarray:
    """The rows the table's values multiply: ``TEMPO`` times the side to move's
    counts less the opponent's; ``per_colour``, black's table's 495 columns then
    white's, each side's counts under its own colour's."""
    if not per_colour:
        return TEMPO * mine - theirs
    n = len(MULTISETS)
    x = np.zeros((len(mine), 2 * n))
    black = side == 1
    x[black, :n] = TEMPO * mine[black]
    x[black, n:] = -theirs[black]
    x[~black, n:] = TEMPO * mine[~black]
    x[~black, :n] = -theirs[~black]
    return x


def labelled(path: str) -> Iterator[tuple[list[tuple[int, int]], float]]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                item = json.loads(line)
                yield [tuple(m) for m in item["moves"]], float(item["winrate"])


def from_games(paths: list[str], skip: int = 6, searched: float = 0.0) -> Iterator[tuple[list[tuple[int, int]], float]]:
    """Every position of each game after ``skip`` moves, labelled 1 when the
    side to move went on to win, 0 when it lost (draws 0.5); with ``searched``
    (0 to 1) that share of the label is instead the side to move's chance by
    the search's score of the move played there (``gomoku selfplay`` records
    it: ``metadata.scores``, the mover's view; ``engine.chance.win_chance``),
    where the record has one."""
    for path in paths:
        record = load_game(path)
        moves = [tuple(p) for p in record.moves]
        winner = record.result
        scores = (record.metadata or {}).get("scores") or []
        for k in range(skip, len(moves)):
            to_move = "X" if k % 2 == 0 else "O"
            result = 0.5 if winner not in ("X", "O") else float(winner == to_move)
            score = scores[k] if k < len(scores) else None
            if searched > 0 and isinstance(score, (int, float)):
                result = (1 - searched) * result + searched * win_chance(float(score))
            yield moves[:k], result


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


def fit(x: np.ndarray, y: np.ndarray, start: np.ndarray, pull: float) -> np.ndarray:
    """The table (or tables, one after the other) minimising cross-entropy plus ``pull``
    times the squared distance to ``start``, ``x`` the rows of ``design``. Cells with no
    pattern stronger than a lone stone stay at 0 (the empty board's value)."""
    fixed = np.tile([max(m) <= ONE for m in MULTISETS], len(start) // len(MULTISETS))

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        w = np.where(fixed, 0.0, w)
        ev = x @ w
        p = 1.0 / (1.0 + np.exp(-ev / SCALE))
        grad = x.T @ ((p - y) / SCALE / len(y)) + 2 * pull * (w - start)
        grad[fixed] = 0.0
        return cross_entropy(ev, y) + pull * float(np.sum((w - start) ** 2)), grad

    result = minimize(loss, start.astype(float), jac=True, method="L-BFGS-B", options={"maxiter": 5000})
    return np.where(fixed, 0.0, result.x)


def write_table(values: np.ndarray, note: str, path: Path | None = None, name: str = "CELL_VALUES") -> None:
    """Rewrite the table ``name`` in ``path`` (``gomoku/core/cellvalues.py``), keeping
    the rest of the module."""
    path = path or TABLE
    text = path.read_text(encoding="utf-8")
    head, found, rest = text.partition(f"{name} = (\n")
    if not found:
        raise ValueError(f"{path}: no table {name}")
    _, _, tail = rest.partition("\n)\n")
    numbers = [str(int(round(v))) for v in values]
    rows = [", ".join(numbers[i : i + 15]) + "," for i in range(0, len(numbers), 15)]
    body = "\n".join("    " + row for row in rows)
    path.write_text(f"{head}{name} = (\n    # {note}\n{body}\n)\n{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("labels", nargs="?", help="JSON lines of moves and winrate")
    parser.add_argument("--games", nargs="+", default=[], help="game records labelled by their result")
    parser.add_argument(
        "--searched",
        type=float,
        default=0.0,
        help="with --games: the share of a label that is the search's chance, not the result (0 to 1)",
    )
    parser.add_argument("--pull", type=float, default=1e-7, help="L2 pull towards the current table")
    parser.add_argument(
        "--rules", default="gomocup20", help="the games' rules, a preset (default gomocup20; renju, caro: their tables)"
    )
    parser.add_argument("--write", action="store_true", help="rewrite the rule's table (gomoku/core/*values.py)")
    args = parser.parse_args(argv)
    try:
        rules = Rules.preset(args.rules)
    except ValueError as exc:
        print(f"fit_eval: {exc}", file=sys.stderr)
        return 1
    items = list(labelled(args.labels)) if args.labels else []
    if not 0.0 <= args.searched <= 1.0:
        print("fit_eval: --searched must be between 0 and 1", file=sys.stderr)
        return 1
    items += list(from_games(args.games, searched=args.searched))
    rows = [(m, f, w) for m, f, w in ((m, features(m, rules), w) for m, w in items) if f is not None]
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
    side = np.array([f[2] for _, f, _ in rows])
    y = np.clip(np.array([w for _, _, w in rows]), 0.001, 0.999)
    x_values, o_values = rule_values(rules.renju, rules.caro)
    current = np.array(x_values + o_values if rules.renju else x_values, dtype=float)
    design_all = design(mine, theirs, side, rules.renju)
    values = fit(design_all[train], y[train], current, args.pull)
    x = design_all[test]
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
        note = f"fitted to {len(y)} positions, held-out cross-entropy {report['cross_entropy_fitted']}"
        n = len(MULTISETS)
        if rules.renju:
            write_table(values[:n], f"black's, {note}", RULE_TABLES, "RENJU_X")
            write_table(values[n:], f"white's, {note}", RULE_TABLES, "RENJU_O")
        elif rules.caro:
            write_table(values, note, RULE_TABLES, "CARO")
        else:
            write_table(values, note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
