"""What the board draws on its cells besides the stones themselves: the hint's line
numbered, the live analysis's candidates with their chances, the stones of a
forcing line being stepped through, and the stones' move numbers.

Pure functions of the board and the layout, no Textual: each returns, per cell, a
:class:`Mark` (a short label, the side it belongs to, and what kind of mark it is);
the board view chooses the colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gomoku.board import Board, Point, Stone
from tui.view.layout import Layout

__all__ = ["Mark", "cell_text", "line_marks", "candidate_marks", "preview_marks", "forbidden_marks", "move_numbers"]

LINE_LIMIT = 99
"""The most moves of a line numbered on the board (two digits fit a cell)."""


@dataclass(frozen=True)
class Mark:
    """One cell's mark: ``text`` (at most three characters), the ``stone`` whose move it
    is (None for a candidate), and its ``kind``: ``"line"`` (a later move of the hint's
    line), ``"candidate"`` / ``"best"`` (a move of the live analysis), ``"preview"`` (a
    stone of a forcing line being stepped through), ``"preview-last"`` (the last one
    shown), ``"ahead"`` (a move of that line not shown yet), ``"forbidden"`` (a cell
    black may not play under renju)."""

    text: str
    stone: Stone | None
    kind: str


def cell_text(label: str) -> str:
    """A label of up to three characters in a cell's four (the last is the gap),
    placed as a stone's letter is.

    >>> [cell_text(label) for label in ("7", "12", "57%", "1234")]
    [' 7  ', ' 12 ', '57% ', '234 ']
    """
    label = label[-3:]
    if len(label) == 1:
        return f" {label}  "
    if len(label) == 2:
        return f" {label} "
    return f"{label} "


def _playable(layout: Layout, line: Iterable[Point], board: Board) -> list[Point]:
    """The moves of ``line`` that may be played one after another from ``board``
    (under gravity a move that would float ends it; a taken cell ends it too)."""
    placed = dict(board.stones)
    turn = board.turn
    kept = []
    for move in line:
        if move in placed or not layout.playable(move, placed):
            break
        placed[move] = turn
        turn = turn.other
        kept.append(move)
    return kept


def line_marks(board: Board, layout: Layout, line: Sequence[Point]) -> dict[Point, Mark]:
    """The later moves of a line (a hint's principal variation: its first move is the
    hint's own ``*``), numbered from 2, each marked with the side that plays it.

    >>> board = Board(moves=[(0, 0)])
    >>> marks = line_marks(board, Layout(board.rules), [(1, 1), (2, 2), (3, 3)])
    >>> [(p, m.text, m.stone.name) for p, m in marks.items()]
    [((2, 2), '2', 'X'), ((3, 3), '3', 'O')]
    """
    moves = _playable(layout, line[:LINE_LIMIT], board)
    side = board.turn
    return {
        move: Mark(str(index), side if index % 2 else side.other, "line")
        for index, move in enumerate(moves, start=1)
        if index > 1
    }


def candidate_marks(board: Board, layout: Layout, candidates: Sequence[tuple[Point, str]]) -> dict[Point, Mark]:
    """The live analysis's candidate moves, best first, each with its label (a chance,
    or a win or loss in so many plies); the first is the best.

    >>> board = Board(moves=[(0, 0)])
    >>> marks = candidate_marks(board, Layout(board.rules), [((1, 1), "52%"), ((0, 0), "50%"), ((1, 0), "48%")])
    >>> [(p, m.text, m.kind) for p, m in marks.items()]
    [((1, 1), '52%', 'best'), ((1, 0), '48%', 'candidate')]
    """
    marks = {}
    for index, (move, label) in enumerate(candidates):
        if move not in board.stones and layout.playable(move, board.stones):
            marks[move] = Mark(label, board.turn, "best" if index == 0 else "candidate")
    return marks


def preview_marks(
    board: Board, layout: Layout, line: Sequence[Point], step: int, first: Stone | None = None
) -> dict[Point, Mark]:
    """A forcing line stepped through: its first ``step`` moves drawn as stones (the
    last of them picked out), the rest numbered as moves to come. ``first`` is the
    side that plays the line's first move (the side to move unless the line is the
    opponent's threat).

    >>> board = Board(moves=[(0, 0)])
    >>> marks = preview_marks(board, Layout(board.rules), [(1, 0), (5, 5), (2, 0)], 2, first=Stone.X)
    >>> [(p, m.text, m.stone.name, m.kind) for p, m in marks.items()]
    [((1, 0), '1', 'X', 'preview'), ((5, 5), '2', 'O', 'preview-last'), ((2, 0), '3', 'X', 'ahead')]
    """
    side = first if first is not None else board.turn
    marks = {}
    placed = dict(board.stones)
    for index, move in enumerate(line[:LINE_LIMIT], start=1):
        if move in placed or not layout.playable(move, placed):
            break
        stone = side if index % 2 else side.other
        placed[move] = stone
        kind = "ahead" if index > step else "preview-last" if index == step else "preview"
        marks[move] = Mark(str(index), stone, kind)
    return marks


FORBIDDEN = "×"
"""The mark of a cell forbidden to black (renju), in black's colour."""


def forbidden_marks(board: Board, points: Iterable[Point]) -> dict[Point, Mark]:
    """The cells forbidden to black (renju's double three, double four, overline), each
    marked ``×`` in X's colour, whoever is to move (white plays to force black there).

    >>> from gomoku.board import Rules
    >>> board = Board(Rules.preset("renju"), moves=[(6, 7), (0, 0), (8, 7), (0, 2), (7, 6), (0, 4), (7, 8), (0, 6)])
    >>> forbidden_marks(board, board.forbidden_points())
    {(7, 7): Mark(text='×', stone=<Stone.X: 1>, kind='forbidden')}
    """
    return {p: Mark(FORBIDDEN, Stone.X, "forbidden") for p in points if p not in board.stones}


def move_numbers(board: Board) -> dict[Point, int]:
    """Each stone's move number (the set-up stones have none).

    >>> move_numbers(Board(moves=[(0, 0), (1, 0), (2, 0)]))
    {(0, 0): 1, (1, 0): 2, (2, 0): 3}
    """
    return {move: ply for ply, move in enumerate(board.move_stack, start=1)}
