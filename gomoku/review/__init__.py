"""The review of a game (layer 4, beside the records, which it does not import:
the caller loads the game and hands over its moves and rules).

- ``gomoku.review.review``: ``review_game``, ``Review`` and ``MoveReview``, the
  classes of a move and their thresholds, hindsight along the game line;
- ``gomoku.review.judge``: how each position is judged (the perfect player, the
  threat solver, the engine's search) and its win chance;
- ``gomoku.review.reasons``: a move's reason in words;
- ``gomoku.review.plot``: the evaluation graph as SVG (our own writer) or PNG
  (matplotlib, the optional ``plot`` extra).
"""

from gomoku.review.judge import DEFAULT_NODES, Judge, Judgement
from gomoku.review.review import (
    BLUNDER,
    GRADES,
    INACCURACY,
    MISTAKE,
    MoveReview,
    Review,
    ReviewError,
    ReviewStopped,
    review_game,
)

__all__ = [
    "BLUNDER",
    "DEFAULT_NODES",
    "GRADES",
    "INACCURACY",
    "MISTAKE",
    "Judge",
    "Judgement",
    "MoveReview",
    "Review",
    "ReviewError",
    "ReviewStopped",
    "review_game",
]
