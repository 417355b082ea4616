"""gomoku: five-in-a-row on an endless board.

The engine is a library: the sparse board and its rules (``gomoku.board``),
game records (``gomoku.records``), the seed-002 attack scanner
(``gomoku.attacks``), the threat-space matrix (``gomoku.threatspace``), the
search (``gomoku.search``) and the facade the CLI, protocol and app share
(``gomoku.engine``).
"""

from gomoku.board import (
    Board,
    BoardError,
    GameOverError,
    InvalidPointError,
    OccupiedError,
    OutOfBoundsError,
    Point,
    Rules,
    Stone,
    format_point,
    line_directions,
)

__version__ = "0.1.0"

__all__ = [
    "Board",
    "BoardError",
    "GameOverError",
    "InvalidPointError",
    "OccupiedError",
    "OutOfBoundsError",
    "Point",
    "Rules",
    "Stone",
    "format_point",
    "line_directions",
    "__version__",
]
