"""The board layer, at the bottom of the engine: the sparse endless board, the
rules of a game, and the geometry of bounded boards. It imports nothing else of
``gomoku``'s.

- ``gomoku.board.rules``: ``Rules`` (geometry and win condition) and points;
- ``gomoku.board.board``: ``Board``, ``Stone`` and the board's errors;
- ``gomoku.board.geometry``: a bounded board's cells and win lines as bit masks.
"""

from gomoku.board.board import (
    MASK64,
    SIDE_KEY,
    Board,
    BoardError,
    FloatingError,
    GameOverError,
    InvalidPointError,
    OccupiedError,
    OutOfBoundsError,
    Stone,
    format_point,
    zobrist,
)
from gomoku.board.rules import Point, Rules, line_directions

__all__ = [
    "MASK64",
    "SIDE_KEY",
    "Board",
    "BoardError",
    "FloatingError",
    "GameOverError",
    "InvalidPointError",
    "OccupiedError",
    "OutOfBoundsError",
    "Point",
    "Rules",
    "Stone",
    "format_point",
    "line_directions",
    "zobrist",
]
