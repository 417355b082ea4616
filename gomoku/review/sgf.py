"""A review as an annotated SGF game tree (FF[4], GM[4]), which SGF viewers show.

Every move of the game is a node of the main line with a comment ``C[]``: its
number, class, the mover's chances before and after it, and the reason. The
classes use SGF's own move annotations where they fit: ``BM[2]`` (bad move,
emphasised) a blunder, ``BM[1]`` a mistake, ``DO[]`` (doubtful) an
inaccuracy, ``TE[1]`` (tesuji) the move that finds a forced win, ``IT[]``
(interesting) a move that makes a double threat (a four-three, a double four or
three). Where a move is not the judge's and the judge had a better one, its
line (the reason's forcing line when the judge proved a win, else the search's
principal variation) is a variation beside the move played, its first node
commented. The root's comment is the summary.

The review layer does not know SGF's board (``gomoku.records``, a layer beside
it): the caller gives the root node's properties and the SGF coordinates of a
point (``gomoku.records.sgf.sgf_root``; None off the written board, where a
variation stops).

>>> from gomoku.board import Rules
>>> from gomoku.review import review_game
>>> review = review_game([(1, 1), (0, 1), (0, 0), (2, 2), (1, 0)], Rules.preset("tictactoe"))
>>> text = review_sgf(review, "FF[4]GM[4]SZ[3]", lambda p: "abc"[p[0]] + "abc"[p[1]])
>>> text.startswith("(;FF[4]GM[4]SZ[3]C[") and ";W[ab]BM[2]C[2. O 0,1: blunder" in text
True
"""

from __future__ import annotations

from collections.abc import Callable

from gomoku.board import Board, BoardError, Point, Stone, format_point
from gomoku.review.grades import GRADES
from gomoku.review.review import MoveReview, Review
from gomoku.review.shapes import shape_words, shapes_at

__all__ = ["ANNOTATIONS", "review_sgf", "move_comment", "summary_comment"]

ANNOTATIONS = {"blunder": "BM[2]", "mistake": "BM[1]", "inaccuracy": "DO[]"}
"""SGF FF[4]'s move annotation of each flagged class."""

Coordinates = Callable[[Point], str | None]
"""A point's SGF coordinates on the written board, None off it."""


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _colour(stone: Stone) -> str:
    return "B" if stone is Stone.X else "W"


def move_comment(move: MoveReview) -> str:
    """A move's comment: number, side, move, class, chances, reason, better move.

    >>> from gomoku.review.judge import Judgement
    >>> even = Judgement(0.0, 0.5, (1, 1))
    >>> move_comment(MoveReview(4, (2, 3), Stone.X, "mistake", 0.5, 0.38, (1, 1), "makes no threat", (), even, even))
    '5. X 2,3: mistake (50% -> 38%). makes no threat. Better: 1,1.'
    """
    played = f"{move.ply + 1}. {move.side.name} {format_point(move.move)}"
    text = f"{played}: {move.grade} ({move.chance_change}). {move.reason}."
    if move.better is not None:
        text += f" Better: {format_point(move.better)}."
    return text


def summary_comment(review: Review) -> str:
    """The root's comment: each side's classes counted and accuracy, the result and the judge."""
    summary = review.summary()
    lines = ["Reviewed by gomoku."]
    for side in ("X", "O"):
        counts = summary["counts"][side]
        if sum(counts.values()):
            parts = ", ".join(f"{g} {counts[g]}" for g in GRADES)
            lines.append(f"{side} ({_colour(Stone[side])}): {parts}; accuracy {summary['accuracy'][side]}%")
    settings = summary["settings"]
    if settings["judge"] == "perfect":
        judge = "the perfect player"
    else:
        budget = f"{settings['nodes']} nodes" if settings["nodes"] else f"{settings['time']:g} s"
        judge = f"the engine, {budget} a position"
    lines.append(f"Result: {summary['result'] or 'unfinished'}; judged by {judge}.")
    return "\n".join(lines)


def _annotation(move: MoveReview, board: Board) -> str:
    """The move's SGF annotation: its class's (``ANNOTATIONS``), else ``TE[1]`` for a
    best move that finds a forced win, ``IT[]`` for a best or good one that makes a
    four-three, a double four or a double three; "" for the rest."""
    if move.grade in ANNOTATIONS:
        return ANNOTATIONS[move.grade]
    found = move.after is not None and move.after.lost and move.after.plies
    if move.grade == "best" and found and move.before is not None and not move.before.won:
        return "TE[1]"  # finds the win
    made = shapes_at(board, move.move, move.side)
    if board.rules.k == 5 and len(made) >= 2 and not shape_words(made).startswith("a double threat"):
        return "IT[]"  # a four-three, a double four or a double three made
    return ""


def _variation(move: MoveReview, board: Board, coord: Coordinates) -> str:
    """The judge's line instead of the move, as SGF nodes ("" when there is none to show)."""
    judged = move.before
    line = move.better_line
    if not line or judged is None or move.better is None:
        return ""
    board = board.copy()
    nodes = []
    for point in line:
        where = coord(point)
        if where is None or board.is_over:
            break
        try:
            board.play(point)
        except BoardError:
            break
        nodes.append(f";{_colour(board.turn.other)}[{where}]")
    if not nodes:
        return ""
    if judged.won:
        what = f"{move.side.name} wins in {judged.plies}"
    else:
        what = "a draw" if judged.exact else "the engine's line"
    nodes[0] += f"C[{_escape(f'Better: {format_point(move.better)}: {what}.')}]"
    return "".join(nodes)


def review_sgf(review: Review, root: str, coord: Coordinates, start: Board | None = None) -> str:
    """The review as SGF text: ``root`` the root node's properties (the board,
    rules, players, set-up stones: ``gomoku.records.sgf.sgf_root``), ``coord`` a
    point's SGF coordinates (None off the board); ``start`` the position before
    the first move (the empty board of the review's rules by default)."""
    board = start.copy() if start is not None else Board(review.rules)
    boards = []
    for move in review.moves:
        boards.append(board.copy())
        board.play(move.move)
    tail = ""
    for move, board in zip(reversed(review.moves), reversed(boards)):
        where = coord(move.move)
        node = f";{_colour(move.side)}[{where or ''}]{_annotation(move, board)}C[{_escape(move_comment(move))}]"
        variation = _variation(move, board, coord)
        tail = f"\n({node}{tail})\n({variation})" if variation else f"\n{node}{tail}"
    return f"(;{root}C[{_escape(summary_comment(review))}]{tail})\n"
