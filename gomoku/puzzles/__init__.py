"""Puzzles from games and the shipped sets (layer above the records and the review,
below the commands; docs/puzzles.md).

- ``gomoku.puzzles.puzzle``: ``Puzzle`` (a forced win or the only defence, proven
  by the threat solver), found in a game, a review or a puzzle set;
- ``gomoku.puzzles.play``: ``Attempt``, a puzzle played move by move against the
  engine's defence;
- ``gomoku.puzzles.store``: the record of a streak and what was solved, in the
  user's data folder.
"""

from gomoku.puzzles.play import Attempt, Outcome
from gomoku.puzzles.puzzle import (
    NODES,
    Puzzle,
    PuzzleError,
    from_file,
    from_game,
    from_review,
    from_set,
    prove,
    shipped,
)
from gomoku.puzzles.store import PuzzleRecord, PuzzleRecordError, load_record, save_record

__all__ = [
    "NODES",
    "Attempt",
    "Outcome",
    "Puzzle",
    "PuzzleError",
    "PuzzleRecord",
    "PuzzleRecordError",
    "from_file",
    "from_game",
    "from_review",
    "from_set",
    "load_record",
    "prove",
    "save_record",
    "shipped",
]
