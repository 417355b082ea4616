"""Self-play's dataset: every position its games went through after their
openings, with the move played, the search's best move and score, and how the
game ended, in one numpy ``.npz`` file (no dependency beyond numpy).

The arrays (``FORMAT`` ``gomoku-selfplay``, version 1; G games, M moves in all,
N positions):

====================  ==========  =======  ==================================================
name                  dtype       shape    an entry
====================  ==========  =======  ==================================================
``moves``             int32       (M, 2)   every game's moves in play order (x, y), openings
                                           included, game after game; X moves first
``game_start``        int64       (G+1,)   game g's moves are ``moves[game_start[g]:game_start[g+1]]``
``game_number``       int32       (G,)     its number in the folder (``game-NNN.json``)
``game_result``       int8        (G,)     1 X won, 2 O won, 0 a draw
``game_forfeit``      bool        (G,)     won by a forfeit (time-out, crash, illegal move), not a five
``game_opening``      int32       (G,)     the opening's number in its file, from 1; 0 for none
``game``              int32       (N,)     the position's game: a row of the ``game_*`` arrays
``ply``               int32       (N,)     stones on the board: the position is its game's first
                                           ``ply`` moves
``to_move``           int8        (N,)     the side to move: 1 X, 2 O
``move``              int32       (N, 2)   the move played (the game's move number ``ply``)
``best``              int32       (N, 2)   the search's best move (the move played where unknown)
``score``             float32     (N,)     the search's score, the side to move's view; NaN unknown
                                           (a pbrain program's or the greedy level's move)
``result``            int8        (N,)     the game's result for the side to move: 1, 0 or -1
``meta``              str         ()       JSON: format, version, rules, players, settings
====================  ==========  =======  ==================================================

A position's stones are thus ``moves[game_start[g] : game_start[g] + ply]``, X
at even indices: ``Dataset.stones(i)`` and ``Dataset.board(i)`` give them.
``save_dataset`` writes through a temporary file renamed into place;
``load_dataset`` checks every array (names, types, shapes, ranges, and that the
positions agree with the games) and reports a bad file in one line.

>>> from gomoku.match import GameResult
>>> game = GameResult(0, None, "a", "b", "X", "X", "X (a) made five",
...                   [(0, 0), (5, 5), (1, 0), (6, 6), (2, 0)], [0] * 5, 1,
...                   [None, -3.0, 10.0, -50.0, 900.0], [None, (5, 5), (1, 0), (6, 6), (2, 0)])
>>> data = dataset_from_games([game], Rules.preset("gomocup20"), {"players": ["a", "b"]})
>>> len(data), data.ply.tolist(), data.result.tolist(), data.score.tolist()
(4, [1, 2, 3, 4], [-1, 1, -1, 1], [-3.0, 10.0, -50.0, 900.0])
>>> data.stones(2)
([(0, 0), (5, 5), (1, 0)], [1, 2, 1])
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from gomoku import __version__
from gomoku.board import Board, Point, Rules
from gomoku.files import write_atomically
from gomoku.match import GameResult
from gomoku.records import RecordError, rules_from_dict, rules_to_dict

__all__ = [
    "FORMAT",
    "VERSION",
    "ARRAYS",
    "DatasetError",
    "Dataset",
    "dataset_from_games",
    "save_dataset",
    "load_dataset",
]

FORMAT = "gomoku-selfplay"
VERSION = 1

ARRAYS: dict[str, tuple[str, tuple[str, ...]]] = {
    "moves": ("int32", ("M", "2")),
    "game_start": ("int64", ("G+1",)),
    "game_number": ("int32", ("G",)),
    "game_result": ("int8", ("G",)),
    "game_forfeit": ("bool", ("G",)),
    "game_opening": ("int32", ("G",)),
    "game": ("int32", ("N",)),
    "ply": ("int32", ("N",)),
    "to_move": ("int8", ("N",)),
    "move": ("int32", ("N", "2")),
    "best": ("int32", ("N", "2")),
    "score": ("float32", ("N",)),
    "result": ("int8", ("N",)),
}
"""Each array's dtype and shape (in the sizes G, M, N), besides ``meta``."""


class DatasetError(ValueError):
    """A dataset file that cannot be read or does not hold what it should: one line."""


@dataclass
class Dataset:
    """A self-play dataset in memory: the arrays of the module's table, and ``meta``."""

    moves: np.ndarray
    game_start: np.ndarray
    game_number: np.ndarray
    game_result: np.ndarray
    game_forfeit: np.ndarray
    game_opening: np.ndarray
    game: np.ndarray
    ply: np.ndarray
    to_move: np.ndarray
    move: np.ndarray
    best: np.ndarray
    score: np.ndarray
    result: np.ndarray
    meta: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return int(self.ply.shape[0])

    @property
    def rules(self) -> Rules:
        """The rules the games were played under."""
        return rules_from_dict(self.meta["rules"], "meta.rules")

    def stones(self, i: int) -> tuple[list[Point], list[int]]:
        """Position ``i``'s stones in play order, and their sides (1 X, 2 O)."""
        start = int(self.game_start[self.game[i]])
        points: list[Point] = [(int(x), int(y)) for x, y in self.moves[start : start + int(self.ply[i])]]
        return points, [1 + k % 2 for k in range(len(points))]

    def board(self, i: int) -> Board:
        """Position ``i`` as a board, its moves played in order."""
        return Board(self.rules, self.stones(i)[0])


def dataset_from_games(games: Iterable[GameResult], rules: Rules, meta: Mapping[str, Any]) -> Dataset:
    """The positions of ``games`` after their openings, one for each move played."""
    games = sorted(games, key=lambda g: g.index)
    moves: list[Point] = []
    starts = [0]
    rows: list[tuple[int, int, Point, Point, float, int]] = []
    for g, game in enumerate(games):
        won = {"X": 1, "O": 2}.get(game.result, 0)
        for ply in range(game.opening_moves, len(game.moves)):
            side = 1 + ply % 2
            found = game.best[ply] if ply < len(game.best) else None
            best = game.moves[ply] if found is None else found
            said = game.scores[ply] if ply < len(game.scores) else None
            score = np.nan if said is None else said
            rows.append((g, ply, game.moves[ply], best, score, 0 if not won else 1 if won == side else -1))
        moves.extend(game.moves)
        starts.append(len(moves))
    n = len(rows)
    return Dataset(
        moves=np.array(moves, dtype=np.int32).reshape(-1, 2),
        game_start=np.array(starts, dtype=np.int64),
        game_number=np.array([g.index + 1 for g in games], dtype=np.int32),
        game_result=np.array([{"X": 1, "O": 2}.get(g.result, 0) for g in games], dtype=np.int8),
        game_forfeit=np.array([g.result != "draw" and "made five" not in g.reason for g in games], dtype=bool),
        game_opening=np.array([0 if g.opening is None else g.opening + 1 for g in games], dtype=np.int32),
        game=np.array([r[0] for r in rows], dtype=np.int32),
        ply=np.array([r[1] for r in rows], dtype=np.int32),
        to_move=np.array([1 + r[1] % 2 for r in rows], dtype=np.int8),
        move=np.array([r[2] for r in rows], dtype=np.int32).reshape(n, 2),
        best=np.array([r[3] for r in rows], dtype=np.int32).reshape(n, 2),
        score=np.array([r[4] for r in rows], dtype=np.float32),
        result=np.array([r[5] for r in rows], dtype=np.int8),
        meta={
            "format": FORMAT,
            "version": VERSION,
            "gomoku": __version__,
            "rules": rules_to_dict(rules),
            "games": len(games),
            "positions": n,
            **dict(meta),
        },
    )


def save_dataset(data: Dataset, path: str | os.PathLike[str]) -> Path:
    """Write ``data`` to ``path`` (``.npz``, compressed) through a temporary file
    renamed into place: the old file, or the whole new one, never half of one."""
    target = Path(path)
    arrays = {name: getattr(data, name) for name in ARRAYS}
    arrays["meta"] = np.array(json.dumps(data.meta, sort_keys=True))
    write_atomically(target, lambda handle: np.savez_compressed(handle, **arrays))
    return target


def load_dataset(path: str | os.PathLike[str]) -> Dataset:
    """Read and check a dataset written by ``save_dataset``; a ``DatasetError``
    naming the file and what is wrong with it otherwise."""
    name = os.fspath(path)
    try:
        with np.load(name, allow_pickle=False) as npz:
            arrays = {key: npz[key] for key in npz.files}
    except FileNotFoundError:
        raise DatasetError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise DatasetError(f"{name}: a folder, not a dataset file") from None
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        raise DatasetError(f"{name}: not a readable .npz dataset ({' '.join(str(exc).split())[:120]})") from None
    try:
        return _check(arrays)
    except DatasetError as exc:
        raise DatasetError(f"{name}: {exc}") from None


def _check(arrays: dict[str, np.ndarray]) -> Dataset:
    missing = [key for key in [*ARRAYS, "meta"] if key not in arrays]
    if missing:
        raise DatasetError(f"not a self-play dataset: no {', '.join(missing)} array")
    meta_array = arrays["meta"]
    if meta_array.shape != () or meta_array.dtype.kind != "U":
        raise DatasetError("meta: expected one JSON string")
    try:
        meta = json.loads(str(meta_array))
    except ValueError as exc:
        raise DatasetError(f"meta: not JSON ({exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise DatasetError(f"meta: not a {FORMAT} dataset")
    if meta.get("version") != VERSION:
        raise DatasetError(f"meta: version {meta.get('version')!r}; this gomoku reads version {VERSION}")
    try:
        rules_from_dict(meta.get("rules"), "meta.rules")
    except RecordError as exc:
        raise DatasetError(str(exc)) from None
    sizes = {
        "G": arrays["game_number"].shape[0] if arrays["game_number"].ndim == 1 else -1,
        "M": arrays["moves"].shape[0] if arrays["moves"].ndim else -1,
        "N": arrays["ply"].shape[0] if arrays["ply"].ndim == 1 else -1,
    }
    sizes["G+1"], sizes["2"] = sizes["G"] + 1, 2
    for key, (dtype, shape) in ARRAYS.items():
        array = arrays[key]
        want = tuple(sizes[s] for s in shape)
        if array.dtype != np.dtype(dtype) or array.shape != want:
            raise DatasetError(f"{key}: expected {dtype} of shape {want}, not {array.dtype} of shape {array.shape}")
    data = Dataset(**{key: arrays[key] for key in ARRAYS}, meta=meta)
    _check_values(data, sizes["M"])
    return data


def _check_values(data: Dataset, moves: int) -> None:
    start = data.game_start
    if len(start) and (start[0] != 0 or start[-1] != moves or np.any(np.diff(start) < 0)):
        raise DatasetError("game_start: expected offsets rising from 0 to the number of moves")
    if np.any((data.game_result < 0) | (data.game_result > 2)):
        raise DatasetError("game_result: expected 0, 1 or 2")
    if len(data) == 0:
        return
    if np.any((data.game < 0) | (data.game >= len(data.game_number))):
        raise DatasetError("game: a position names a game that is not there")
    length = start[data.game + 1] - start[data.game]
    if np.any((data.ply < 0) | (data.ply >= length)):
        raise DatasetError("ply: a position past the end of its game")
    if np.any(data.to_move != 1 + data.ply % 2):
        raise DatasetError("to_move: not the side whose turn it is after ply moves")
    if np.any(data.move != data.moves[start[data.game] + data.ply]):
        raise DatasetError("move: a position's move is not its game's next move")
    if np.any(~np.isin(data.result, (-1, 0, 1))):
        raise DatasetError("result: expected 1, 0 or -1")
    won = data.game_result[data.game]
    expected = np.where(won == 0, 0, np.where(won == data.to_move, 1, -1))
    if np.any(data.result != expected):
        raise DatasetError("result: a position's result is not its game's")
    if np.any(np.isinf(data.score)):
        raise DatasetError("score: an infinite score (unknown scores are NaN)")
