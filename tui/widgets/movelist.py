"""The move list of the side panel: every move of the line on show, the position on
show picked out, the moves after it (while walking back through the game) dimmed,
and the game's variations where they branch off; a click on a move shows the
position after it, a click on a variation shows that variation.

A move of the line that has other moves beside it (variations, or the main line
when the line is a variation) is marked ``*``, and a row under it lists them:
``or 5,5 +3 · 3,3 main``, each with how many moves follow it (``+3``), the main
line's named. The heading says whether the line is the main line or a variation, and
the comment of the move on show (an SGF's ``C``), if any, is a row under its move.

:func:`move_rows` lays the list out as rows of :class:`Segment` (a pure function);
:func:`move_lines` is its text; :class:`MoveList` shows it and posts
:class:`MoveList.Chosen` with the ply (or the variation) clicked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widgets import Static

from gomoku.board import Point, format_point
from gomoku.records.tree import Node

__all__ = [
    "MoveList",
    "Segment",
    "move_rows",
    "move_lines",
    "target_at",
    "NUMBER_WIDTH",
    "MOVE_WIDTH",
    "WIDTH",
    "BRANCH_MARK",
]

NUMBER_WIDTH = 5
"""Columns of a line's move number (``  1. ``)."""
MOVE_WIDTH = 9
"""Columns of X's move of a line; O's follows."""
WIDTH = 36
"""Columns a row of variations may take (the side panel's, by default)."""
BRANCH_MARK = "*"
"""After a move of the line that has variations beside it."""


@dataclass(frozen=True, eq=False)
class Segment:
    """A piece of a row of the move list: its text, style, and what a click on it shows
    (a ply of the line on show, a variation's first node, or nothing)."""

    text: str
    style: str = ""
    target: int | Node | None = None


def _line(tip: Node | None, count: int) -> list[Node | None]:
    """The nodes of the line ending at ``tip`` (None for each move without a tree)."""
    if tip is None or tip.ply != count:
        return [None] * count
    nodes: list[Node | None] = []
    node: Node | None = tip
    while node is not None and node.parent is not None:
        nodes.append(node)
        node = node.parent
    return nodes[::-1]


def _alternatives(node: Node, indent: int, width: int) -> list[Segment]:
    """The row under a move of the line: the other moves at its place, each a click away."""
    row = [Segment(" " * indent), Segment("or ", "dim")]
    used = indent + 3
    others = [other for other in node.siblings if other is not node]
    for index, other in enumerate(others):
        after = other.end().ply - other.ply
        label = format_point(other.move or ()) + (f" +{after}" if after else "")
        if other.parent is not None and other.parent.children[0] is other:
            label += " main"
        separator = " · " if index else ""
        rest = len(others) - index
        if index and used + len(separator) + len(label) + (len(f" · {rest - 1} more") if rest > 1 else 0) > width:
            row.append(Segment(f" · {rest} more", "dim"))
            break
        if separator:
            row.append(Segment(separator, "dim"))
        row.append(Segment(label, "italic", other))
        used += len(separator) + len(label)
    return row


def move_rows(
    moves: list[Point], ply: int, setup: int = 0, tip: Node | None = None, width: int = WIDTH
) -> list[list[Segment]]:
    """The move list as rows: a heading, the set-up stones if any, then one row per pair
    of moves, the move at ``ply`` (the last one on show) in reverse, those after it dim;
    with ``tip`` (the last node of the line, in its game tree) a row of variations under
    each move that has some.

    >>> from gomoku.records.tree import GameTree
    >>> tree = GameTree.from_moves([(0, 0), (1, -1), (2, 0)])
    >>> branch = tree.add(tree.root.children[0], (3, 3)); _ = tree.add(branch, (4, 4))
    >>> print(move_lines(tree.main_line(), 3, tip=tree.root.end()).plain)
    Moves, main line
      1. 0,0      1,-1*
                  or 3,3 +1
      2. 2,0
    """
    line = _line(tip, len(moves))
    main = all(n is None or n.parent is None or n.parent.children[0] is n for n in line)
    branched = any(n is not None and len(n.siblings) > 1 for n in line)
    heading = f"Moves {ply} of {len(moves)}" if ply < len(moves) else "Moves"
    if not main:
        heading += ", a variation"
    elif branched:
        heading += ", main line"
    rows = [[Segment(heading, "bold", 0)]]
    if setup:
        rows.append([Segment(f"  ({setup} set-up stones)", "dim" if ply else "reverse", 0)])
    if not moves:
        rows.append([Segment("  none yet", "dim", 0)])
        return rows
    for index in range(0, len(moves), 2):
        row = [Segment(f"{index // 2 + 1:3d}. ".ljust(NUMBER_WIDTH), "", index + 1)]
        branches: list[tuple[Node, int]] = []
        for offset, move in enumerate(moves[index : index + 2]):
            played = index + offset + 1
            node = line[played - 1]
            label = format_point(move)
            if node is not None and len(node.siblings) > 1:
                label += BRANCH_MARK
                branches.append((node, NUMBER_WIDTH + offset * MOVE_WIDTH))
            style = "reverse bold" if played == ply else "dim" if played > ply else ""
            row.append(Segment(label, style, played))
            if offset == 0 and index + 1 < len(moves):
                row.append(Segment(" " * max(1, MOVE_WIDTH - len(label)), "", played))
        rows.append(row)
        shown = line[ply - 1] if index < ply <= index + 2 else None
        if shown is not None and shown.comment:
            rows.append([Segment(_comment(shown.comment, width), "italic dim")])
        rows.extend(_alternatives(node, indent, width) for node, indent in branches)
    return rows


def _comment(text: str, width: int) -> str:
    r"""The comment of the move on show (an SGF's ``C``) on one row, cut to ``width``.

    >>> _comment("the centre,\n  as ever", 36), _comment("x" * 40, 20)
    ('     "the centre, as ever"', '     "xxxxxxxxxxxx…"')
    """
    words = " ".join(text.split())
    room = max(1, width - NUMBER_WIDTH - 2)
    if len(words) > room:
        words = words[: room - 1] + "…"
    return " " * NUMBER_WIDTH + f'"{words}"'


def move_lines(moves: list[Point], ply: int, setup: int = 0, tip: Node | None = None, width: int = WIDTH) -> Text:
    """The move list's text (see :func:`move_rows`).

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
    for number, row in enumerate(move_rows(moves, ply, setup, tip, width)):
        if number:
            text.append("\n")
        for segment in row:
            text.append(segment.text, segment.style)
    return text


def target_at(rows: list[list[Segment]], line: int, column: int) -> int | Node | None:
    """What a click on ``line`` and ``column`` of the move list shows: a ply (the heading
    and the set-up line: the start; past a row's end, its last move), a variation, or
    None (below the list, or on a row's blank).

    >>> rows = move_rows([(0, 0), (1, 0), (2, 0)], 3)
    >>> [target_at(rows, *at) for at in [(0, 3), (1, 6), (1, 15), (1, 30), (2, 0), (3, 0)]]
    [0, 1, 2, 2, 3, None]
    """
    if not 0 <= line < len(rows):
        return None
    start = 0
    last: int | Node | None = None
    for segment in rows[line]:
        end = start + len(segment.text)
        if segment.target is not None:
            last = segment.target
        if start <= column < end:
            return segment.target
        start = end
    return last if isinstance(last, int) else None


class MoveList(Static):
    """The line's moves and its variations; a click shows the position after a move, or a variation."""

    class Chosen(Message):
        """The player clicked a move: show the position after ``ply`` moves of the line,
        or (``node`` not None) the variation that starts with ``node``."""

        def __init__(self, ply: int, node: Node | None = None) -> None:
            super().__init__()
            self.ply = ply
            self.node = node

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.moves: list[Point] = []
        self.ply = 0
        self.setup = 0
        self.rows: list[list[Segment]] = []

    def show(self, moves: list[Point], ply: int, setup: int = 0, tip: Node | None = None) -> None:
        """Show ``moves`` (the line ending at ``tip``, with its variations) with the
        position after ``ply`` of them picked out."""
        self.moves, self.ply, self.setup = list(moves), ply, setup
        width = self.content_size.width or WIDTH
        self.rows = move_rows(self.moves, ply, setup, tip, width)
        self.update(move_lines(self.moves, ply, setup, tip, width))

    @property
    def current_line(self) -> int:
        """The line of the move on show (0: the heading)."""
        if self.ply == 0:
            return 0
        return next(
            (i for i, row in enumerate(self.rows) if any(s.target == self.ply for s in row if s.text.strip())), 0
        )

    def on_click(self, event: events.Click) -> None:
        """Ask to show the position after the move clicked, or the variation."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        target = target_at(self.rows, offset.y, offset.x)
        if isinstance(target, Node):
            event.stop()
            self.post_message(self.Chosen(target.ply, target))
        elif target is not None:
            event.stop()
            self.post_message(self.Chosen(target))
