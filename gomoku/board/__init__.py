"""The board layer, at the bottom of the engine: the sparse endless board, the
rules of a game, and the geometry of bounded boards. It imports nothing else of
``gomoku``'s.

- ``gomoku.board.rules``: ``Rules`` (geometry and win condition) and points;
- ``gomoku.board.board``: ``Board``, ``Stone`` and the board's errors;
- ``gomoku.board.renju``: renju's forbidden points for black, exactly;
- ``gomoku.board.geometry``: a bounded board's cells and win lines as bit masks.
"""

from gomoku.board.board import (
    MASK64,
    SIDE_KEY,
    Board,
    BoardError,
    FloatingError,
    ForbiddenError,
    GameOverError,
    InvalidPointError,
    OccupiedError,
    OutOfBoundsError,
    Stone,
    format_point,
    zobrist,
)
from gomoku.board.renju import Forbidden, forbidden_points
from gomoku.board.rules import Point, Rules, line_directions

__all__ = [
    "MASK64",
    "SIDE_KEY",
    "Board",
    "BoardError",
    "FloatingError",
    "Forbidden",
    "ForbiddenError",
    "GameOverError",
    "InvalidPointError",
    "OccupiedError",
    "OutOfBoundsError",
    "Point",
    "Rules",
    "Stone",
    "format_point",
    "forbidden_points",
    "line_directions",
    "zobrist",
]
