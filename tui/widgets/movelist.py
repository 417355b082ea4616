"""The move list of the side panel: every move of the game, the position on show
picked out, the moves after it (while walking back through the game) dimmed; a
click on a move shows the position after it.

:func:`move_lines` is the text (a pure function); :class:`MoveList` shows it and
posts :class:`MoveList.Chosen` with the ply clicked.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from gomoku.board import Point, format_point

__all__ = ["MoveList", "move_lines", "ply_at", "NUMBER_WIDTH", "MOVE_WIDTH"]

NUMBER_WIDTH = 5
"""Columns of a line's move number (``  1. ``)."""
MOVE_WIDTH = 9
"""Columns of X's move of a line; O's follows."""


def move_lines(moves: list[Point], ply: int, setup: int = 0) -> Text:
    """The move list: a heading, the set-up stones if any, then one line per pair of
    moves, the move at ``ply`` (the last one on show) in reverse, those after it dim.

    >>> print(move_lines([(0, 0), (1, -1), (2, 0)], 2).plain)
    Moves 2 of 3
      1. 0,0      1,-1
      2. 2,0
    >>> print(move_lines([], 0, setup=4).plain)
    Moves
      (4 set-up stones)
      none yet
    """
    text = Text()
    heading = f"Moves {ply} of {len(moves)}" if ply < len(moves) else "Moves"
    text.append(heading, "bold")
    if setup:
        text.append(f"\n  ({setup} set-up stones)", "dim" if ply else "reverse")
    if not moves:
        text.append("\n  none yet", "dim")
        return text
    for index in range(0, len(moves), 2):
        text.append("\n" + f"{index // 2 + 1:3d}. ".ljust(NUMBER_WIDTH))
        for offset, move in enumerate(moves[index : index + 2]):
            played = index + offset + 1
            label = format_point(move)
            style = "reverse bold" if played == ply else "dim" if played > ply else ""
            text.append(label, style)
            if offset == 0 and index + 1 < len(moves):
                text.append(" " * max(1, MOVE_WIDTH - len(label)))
    return text


def ply_at(line: int, column: int, count: int, setup: int = 0) -> int | None:
    """The ply a click on ``line`` and ``column`` of the move list shows: the position
    after the move clicked; the heading (and the set-up line) is the start. None
    past the last move.

    >>> ply_at(0, 3, 10), ply_at(1, 6, 10), ply_at(1, 15, 10), ply_at(5, 6, 10), ply_at(9, 0, 10)
    (0, 1, 2, 9, None)
    """
    first = 1 + (1 if setup else 0)
    if line < first:
        return 0
    ply = 2 * (line - first) + (1 if column < NUMBER_WIDTH + MOVE_WIDTH else 2)
    if ply > count:
        ply = 2 * (line - first) + 1
    return ply if ply <= count else None


class MoveList(Static):
    """The game's moves; a click shows the position after a move."""

    class Chosen(Message):
        """The player clicked a move: show the position after ``ply`` moves."""

        def __init__(self, ply: int) -> None:
            super().__init__()
            self.ply = ply

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.moves: list[Point] = []
        self.ply = 0
        self.setup = 0

    def show(self, moves: list[Point], ply: int, setup: int = 0) -> None:
        """Show ``moves`` with the position after ``ply`` of them picked out."""
        self.moves, self.ply, self.setup = list(moves), ply, setup
        self.update(move_lines(self.moves, ply, setup))

    @property
    def current_line(self) -> int:
        """The line of the move on show (0: the heading)."""
        first = 1 + (1 if self.setup else 0)
        return 0 if self.ply == 0 else first + (self.ply - 1) // 2

    def on_click(self, event: events.Click) -> None:
        """Ask to show the position after the move clicked."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        ply = ply_at(offset.y, offset.x, len(self.moves), self.setup)
        if ply is not None:
            event.stop()
            self.post_message(self.Chosen(ply))
