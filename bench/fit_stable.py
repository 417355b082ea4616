"""Fit the table-form, ply-stable evaluation to the results of our own self-play games.

The evaluation (``grid.evaluate`` for a table-form evaluation) is

    value(mover) - value(opponent) + tempo[threat_state]

``value(side)`` the sum over the empty cells of the cell value of the side's four
line codes (495 entries by their sorted codes, as the classic table,
``gomoku.core.cellvalues``), the same table for both sides; ``tempo`` a table of
``gomoku.core.tempo.STATES`` entries indexed by what each side can make with one
move, which carries the side to move's edge. Compared with the classic form
(``TEMPO`` times the mover's potential less the opponent's), the score of a
position no longer swings by the sum of both potentials from one ply to the next.

The fit is a logistic regression on game results: every position of the games in
the self-play datasets (``data/selfplay/*.npz``, ``gomoku selfplay``'s output)
after the opening, labelled 1 when the side to move went on to win, 0 when it
lost (draws 0.5); positions where either side has a five to make are left out
(the search never evaluates those). 15% of the games are held out, whole. The
values are in units of ``1 / SCALE`` logits, the scale of the win-chance model.

    .venv/bin/python -m bench.fit_stable data/selfplay/round5.npz data/selfplay/round6.npz --out data/nets/NAME.npz

It prints the held-out cross-entropy of the classic table and of the fit (JSON).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from scipy import sparse
from scipy.optimize import minimize

from gomoku.board import Board
from gomoku.core.cellvalues import CELL_VALUES, MULTISETS, TEMPO
from gomoku.core.grid import EMPTY
from gomoku.core.patterns import C_FIVE, ONE, multiset_index
from gomoku.core.tempo import SIDE_STATES, STATES, threat_states
from gomoku.search.layout import Grid
from gomoku.search.nets import Net, save_net
from gomoku.selfplay.dataset import load_dataset

SCALE = 483.0
"""Evaluation units a logit (``data/win-chance.json``: a = 1 / 483)."""
CLASSIC_SCALE = 600.0
"""The classic table's own best scale (``bench/fit_eval.py``)."""
SKIP = 5
"""Positions with fewer stones than this (the openings) are left out."""


def game_features(moves: list[tuple[int, int]], board: Board, first: int) -> list[tuple[int, np.ndarray, np.ndarray]]:
    """For each position of a game from ``first`` stones on: the stones, the mover's and
    the opponent's counts of cells of each of the 495 kinds, and both class-count rows."""
    grid = Grid(Board(board.rules, moves[:first]))
    g = grid.state
    index = multiset_index()
    out = []
    for k in range(first, len(moves) + 1):
        s = int(g.meta[0])
        o = 3 - s
        if g.meta[3] != 0:
            break
        if g.count[s, C_FIVE] == 0 and g.count[o, C_FIVE] == 0:
            empty = g.cells == EMPTY
            mine = np.bincount(index[g.combo[s][empty]], minlength=len(MULTISETS))
            theirs = np.bincount(index[g.combo[o][empty]], minlength=len(MULTISETS))
            counts = np.stack([g.count[s].copy(), g.count[o].copy()])
            out.append((k, np.stack([mine, theirs]), counts))
        if k < len(moves):
            grid.push(grid.index[moves[k]])
    return out


def load(paths: list[str]) -> dict[str, np.ndarray]:
    """Every position's features and label from the datasets at ``paths``."""
    kinds, counts, labels, games = [], [], [], []
    game_id = 0
    for path in paths:
        data = load_dataset(path)
        rules = data.rules
        for g in range(len(data.game_result)):
            start, end = int(data.game_start[g]), int(data.game_start[g + 1])
            moves = [tuple(int(v) for v in m) for m in data.moves[start:end]]
            result = int(data.game_result[g])
            if data.game_forfeit[g] or len(moves) <= SKIP:
                continue
            for k, kind, count in game_features(moves, Board(rules), SKIP):
                to_move = 1 if k % 2 == 0 else 2
                kinds.append(kind)
                counts.append(count)
                labels.append(0.5 if result == 0 else float(result == to_move))
                games.append(game_id)
            game_id += 1
    return {
        "kinds": np.array(kinds, dtype=np.float32),
        "counts": np.array(counts, dtype=np.int32),
        "labels": np.array(labels),
        "games": np.array(games),
    }


def cross_entropy(logit: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-logit)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit(
    x: sparse.csr_matrix, states: np.ndarray, y: np.ndarray, l2: float, l2_tempo: float, keep_cells: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Cell values (logits) and the tempo table minimising cross-entropy plus L2 terms.

    The tempo of a state is fitted as the side to move's term plus the opponent's
    plus their pair's (``l2_tempo`` on the first two, ten times that on the pair's):
    a pair of states seldom seen in games, as a search meets them, takes its value
    from the two sides' terms rather than from nothing. Cells with nothing better
    than lone stones stay at 0. With ``keep_cells`` the cell values are the classic
    table's times one fitted factor: only the tempo is learned."""
    fixed = np.array([max(m) <= ONE for m in MULTISETS])
    n = x.shape[1]
    mover, other = states // SIDE_STATES, states % SIDE_STATES

    classic = np.array(CELL_VALUES, dtype=float) / CLASSIC_SCALE

    def split(w: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        cells = np.where(fixed, 0.0, w[:n])
        if keep_cells:
            cells = np.where(fixed, 0.0, classic * w[0])
        a = w[n : n + SIDE_STATES]
        b = w[n + SIDE_STATES : n + 2 * SIDE_STATES]
        pair = w[n + 2 * SIDE_STATES :]
        return cells, a, b, pair

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        cells, a, b, pair = split(w)
        logit = x @ cells + a[mover] + b[other] + pair[states]
        p = 1.0 / (1.0 + np.exp(-logit))
        r = (p - y) / len(y)
        grad_cells = x.T @ r + 2 * l2 * cells
        grad_cells[fixed] = 0.0
        if keep_cells:
            factor = float(grad_cells @ classic)
            grad_cells = np.zeros(n)
            grad_cells[0] = factor
        grad_a = np.bincount(mover, weights=r, minlength=SIDE_STATES) + 2 * l2_tempo * a
        grad_b = np.bincount(other, weights=r, minlength=SIDE_STATES) + 2 * l2_tempo * b
        grad_pair = np.bincount(states, weights=r, minlength=STATES) + 20 * l2_tempo * pair
        value = cross_entropy(logit, y) + l2 * float(cells @ cells) + l2_tempo * float(a @ a + b @ b + 10 * pair @ pair)
        return value, np.concatenate([grad_cells, grad_a, grad_b, grad_pair])

    start = np.concatenate([np.array(CELL_VALUES, dtype=float) / CLASSIC_SCALE / 2, np.zeros(2 * SIDE_STATES + STATES)])
    result = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 3000})
    cells, a, b, pair = split(result.x)
    tempo = (a[:, None] + b[None, :]).reshape(-1) + pair
    return cells, tempo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("datasets", nargs="+", help="self-play datasets (.npz)")
    parser.add_argument("--cache", help="keep the positions' features in this .npz (read it when it exists)")
    parser.add_argument("--l2", type=float, default=1e-6, help="L2 weight on the cell values")
    parser.add_argument("--l2-tempo", type=float, default=1e-5, help="L2 weight on the tempo table")
    parser.add_argument("--keep-cells", action="store_true", help="the classic cell values, one factor fitted")
    parser.add_argument("--out", help="write the evaluation to this .npz (data/nets/NAME.npz)")
    args = parser.parse_args(argv)
    if args.cache and Path(args.cache).exists():
        data = dict(np.load(args.cache))
    else:
        data = load(args.datasets)
        if args.cache:
            np.savez(args.cache, **data)
    kinds, counts, y, games = data["kinds"], data["counts"], data["labels"], data["games"]
    rng = np.random.default_rng(0)
    held = rng.permutation(int(games.max()) + 1)[: (int(games.max()) + 1) * 15 // 100]
    test = np.isin(games, held)
    train = ~test
    x = sparse.csr_matrix(kinds[:, 0, :].astype(np.float64) - kinds[:, 1, :].astype(np.float64))
    states = threat_states(counts)
    cells, tempo = fit(x[train], states[train], y[train], args.l2, args.l2_tempo, args.keep_cells)
    classic = np.array(CELL_VALUES, dtype=float)
    classic_logit = (TEMPO * (kinds[:, 0, :] @ classic) - kinds[:, 1, :] @ classic) / CLASSIC_SCALE
    report = {
        "positions": len(y),
        "held_out": int(test.sum()),
        "states_seen": int(len(np.unique(states))),
        "cross_entropy_constant": round(cross_entropy(np.zeros(int(test.sum())), y[test]), 4),
        "cross_entropy_classic": round(cross_entropy(classic_logit[test], y[test]), 4),
        "cross_entropy_fitted": round(cross_entropy(x[test] @ cells + tempo[states[test]], y[test]), 4),
        "cross_entropy_fitted_no_tempo": round(cross_entropy(x[test] @ cells, y[test]), 4),
    }
    print(json.dumps(report))
    if args.out:
        empty = np.zeros(0, dtype=np.float32)
        net = Net(
            name=Path(args.out).stem,
            embed=np.zeros((1, 1), dtype=np.int32),
            w1=np.zeros((0, 2), dtype=np.float32),
            b1=empty,
            w2=empty,
            head=np.zeros(4, dtype=np.float32),
            meta={"kind": "table", "made_by": "bench/fit_stable.py", "datasets": args.datasets, "fit": report},
            cells=np.round(cells * SCALE).astype(np.int32),
            tempo=np.round(tempo * SCALE).astype(np.int64),
        )
        save_net(net, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
