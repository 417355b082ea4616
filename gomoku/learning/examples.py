"""Training examples for the learned evaluation, from self-play datasets.

Each position of a dataset (``gomoku.selfplay.dataset``) becomes the feature
rows of its two views (``gomoku.core.network``), the hand-set evaluation's
potentials and a target: the side to move's chance of winning, a blend of the
game's result and the search's score read as a chance (``engine.chance``).

``Examples`` (N positions, R feature rows in all):

``rows`` int32[R]
    Position ``i``'s rows are ``rows[start[i]:split[i]]`` (the side to move's
    view) and ``rows[split[i]:start[i + 1]]`` (the opponent's).
``start`` int64[N + 1], ``split`` int64[N]
``own``, ``opp`` float32[N]
    The hand-set potentials of the side to move and of the opponent
    (``cellvalues``), which the network's head reads beside its own value.
``target`` float32[N]
    ``(1 - blend) * result + blend * chance(score)``: ``result`` 1 won, 0.5
    drawn, 0 lost; where the search gave no score, the result alone.
``game`` int32[N]
    A number per game, over all the datasets read: the split into training
    and held-out positions is by game (positions of one game are alike).

>>> data = toy_dataset()
>>> ex = to_examples([data], blend=0.5)
>>> len(ex), int(ex.start[-1]) == ex.rows.size, bool((ex.target > 0).all() and (ex.target < 1).all())
(4, True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from gomoku.board import Board, Point, Rules
from gomoku.core import grid as kgrid
from gomoku.core.grid import HEIGHT, TURN
from gomoku.core.network import cell_features, cell_table, feature_index, features
from gomoku.engine.chance import ChanceModel, default_model
from gomoku.match.games import GameResult
from gomoku.search.layout import Grid
from gomoku.selfplay.dataset import Dataset, dataset_from_games

__all__ = ["Examples", "select", "replay", "to_examples", "toy_dataset"]

SCORE_CLIP = 2000.0
"""Scores beyond this (proven results included) count as this: a near-certain chance, not a certain one."""


@dataclass
class Examples:
    """Positions as the trainer reads them (see the module docstring)."""

    rows: np.ndarray
    start: np.ndarray
    split: np.ndarray
    own: np.ndarray
    opp: np.ndarray
    target: np.ndarray
    game: np.ndarray

    def __len__(self) -> int:
        return int(self.own.size)

    def subset(self, keep: np.ndarray) -> Examples:
        """The positions where ``keep`` (bool[N]) is true."""
        idx = np.flatnonzero(keep)
        entries, start = select(self.start, idx)
        split = start[:-1] + (self.split[idx] - self.start[idx])
        return Examples(
            self.rows[entries], start, split, self.own[idx], self.opp[idx], self.target[idx], self.game[idx]
        )


def _targets(data: Dataset, model: ChanceModel, blend: float) -> np.ndarray:
    result = (data.result.astype(np.float64) + 1.0) / 2.0
    score = np.clip(data.score.astype(np.float64), -SCORE_CLIP, SCORE_CLIP)
    chance = 1.0 / (1.0 + np.exp(-(model.a * np.nan_to_num(score) + model.b)))
    mixed = (1.0 - blend) * result + blend * chance
    return np.where(np.isnan(data.score), result, mixed).astype(np.float32)


def select(start: np.ndarray, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For positions laid out as ``start`` (position ``i``'s entries are
    ``start[i]:start[i + 1]``), the entries of positions ``idx`` in order and
    their new ``start``.

    >>> entries, new = select(np.array([0, 2, 5, 6]), np.array([0, 2]))
    >>> entries.tolist(), new.tolist()
    ([0, 1, 5], [0, 2, 3])
    """
    lengths = start[idx + 1] - start[idx]
    new = np.zeros(idx.size + 1, dtype=np.int64)
    np.cumsum(lengths, out=new[1:])
    entries = np.repeat(start[idx] - new[:-1], lengths) + np.arange(int(new[-1]), dtype=np.int64)
    return entries, new


def replay(data: Dataset, order: np.ndarray) -> Iterator[tuple[int, Grid]]:
    """The positions ``order`` (rows of ``data``, sorted by game, then by ply),
    each as the row and a grid holding its stones: one grid a game, its moves
    played forward (the grid is the same object from row to row of a game)."""
    at = 0
    while at < order.size:
        g = int(data.game[order[at]])
        end = at
        while end < order.size and int(data.game[order[end]]) == g:
            end += 1
        first = int(data.game_start[g])
        moves = [(int(x), int(y)) for x, y in data.moves[first : first + int(data.ply[order[end - 1]])]]
        grid = Grid(Board(data.rules, moves))
        state = grid.state
        while state.meta[HEIGHT] > 0:
            kgrid.pop(state)
        played = 0
        for j in order[at:end]:
            while played < int(data.ply[j]):
                kgrid.push(state, grid.index[moves[played]])
                played += 1
            yield int(j), grid
        at = end


def to_examples(
    datasets: Sequence[Dataset],
    blend: float = 0.5,
    model: ChanceModel | None = None,
    max_score: float = math.inf,
    cells: bool = False,
) -> Examples:
    """The examples of the positions of ``datasets`` (freestyle five on a
    two-dimensional board: the networks' rules) whose search score is at most
    ``max_score`` either way (the others are settled by the search's threat
    checks before any evaluation counts: left out, with those without a score)."""
    model = model or default_model()
    index = feature_index(4)
    table = cell_table()
    rows: list[np.ndarray] = []
    starts, splits, own, opp, target, game = [0], [], [], [], [], []
    buffer = np.empty(1 << 18, dtype=np.int32)
    total = 0
    game_base = 0
    for data in datasets:
        rules = data.rules
        if rules.overline is False or not Grid.supports(rules):
            raise ValueError("the learned evaluation is trained on freestyle five in a row on a flat board only")
        targets = _targets(data, model, blend)
        order = np.lexsort((data.ply, data.game))
        if math.isfinite(max_score):
            order = order[np.abs(data.score[order]) <= max_score]  # NaN compares False: left out
        for j, grid in replay(data, order):
            state = grid.state
            s = int(state.meta[TURN])
            for side in (s, 3 - s):
                n = features(state.cells, state.keys, index, side, buffer)
                if cells:
                    n = cell_features(state.cells, state.combo, state.cls, table, side, buffer, n)
                rows.append(buffer[:n].copy())
                total += n
                if side == s:
                    splits.append(total)
            starts.append(total)
            own.append(float(state.value[s]))
            opp.append(float(state.value[3 - s]))
            target.append(float(targets[j]))
            game.append(game_base + int(data.game[j]))
        game_base += int(data.game_result.size)
    return Examples(
        rows=np.concatenate(rows).astype(np.int32) if rows else np.zeros(0, dtype=np.int32),
        start=np.array(starts, dtype=np.int64),
        split=np.array(splits, dtype=np.int64),
        own=np.array(own, dtype=np.float32),
        opp=np.array(opp, dtype=np.float32),
        target=np.array(target, dtype=np.float32),
        game=np.array(game, dtype=np.int32),
    )


def toy_dataset() -> Dataset:
    """Two short games on the 20x20 board, quiet (no threat made), for examples
    and tests: X is said to win the first, O the second; the last two
    positions of each are in the dataset, with scores."""
    rules = Rules.preset("gomocup20")
    first: list[Point] = [(9, 9), (10, 10), (9, 11), (11, 9), (12, 12), (7, 7), (8, 12), (13, 8), (6, 10)]
    second: list[Point] = [(9, 9), (10, 10), (1, 1), (10, 11), (1, 3), (12, 12), (1, 5), (15, 15), (18, 18), (3, 16)]
    games = []
    for k, (moves, result) in enumerate(((first, "X"), (second, "O"))):
        games.append(
            GameResult(
                index=k,
                opening=None,
                x="toy",
                o="toy",
                a_side="X",
                result=result,
                reason="five",
                moves=moves,
                times_ms=[0] * len(moves),
                opening_moves=len(moves) - 2,
                scores=[None] * (len(moves) - 2) + [150.0, -90.0],
                best=[],
            )
        )
    return dataset_from_games(games, rules, {"players": ["toy", "toy"]})
