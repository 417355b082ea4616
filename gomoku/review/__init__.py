"""The review of a game (layer 4, beside the records, which it does not import:
the caller loads the game and hands over its moves and rules).

- ``gomoku.review.review``: ``review_game``, ``Review`` and ``MoveReview``,
  hindsight along the game line, the hunts and second looks;
- ``gomoku.review.judge``: how each position is judged (the perfect player, the
  threat solver, the engine's search) and its win chance;
- ``gomoku.review.advised``: a review judged by another program (its moves, valued
  by the judge);
- ``gomoku.review.grades``: the class of a move (what it gives up, the length of
  a forced win included) and the thresholds;
- ``gomoku.review.reasons``: a move's reason in words, on ``gomoku.review.shapes``
  (the threats and shapes of a position in the attack scanner's words);
- ``gomoku.review.plot``: the evaluation graph as SVG (our own writer) or PNG
  (matplotlib, the optional ``plot`` extra);
- ``gomoku.review.sgf``: the review as an annotated SGF game tree.
"""

from gomoku.review.advised import AdvisedJudge, AdviserError
from gomoku.review.judge import DEFAULT_NODES, Judge, Judgement
from gomoku.review.review import (
    BLUNDER,
    GRADES,
    INACCURACY,
    MISTAKE,
    SHORT,
    MoveReview,
    Review,
    ReviewError,
    ReviewStopped,
    review_game,
)

__all__ = [
    "AdvisedJudge",
    "AdviserError",
    "BLUNDER",
    "DEFAULT_NODES",
    "GRADES",
    "INACCURACY",
    "MISTAKE",
    "SHORT",
    "Judge",
    "Judgement",
    "MoveReview",
    "Review",
    "ReviewError",
    "ReviewStopped",
    "review_game",
]
