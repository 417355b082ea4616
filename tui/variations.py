"""The game's variations as the app walks them: which branch the keys act on, and
what switching, promoting and deleting a variation does to the line on show.

Plain Python on a :class:`~tui.game.Game` (no Textual): :class:`tui.walk.MoveWalk`
turns the keys into these, and the tests check them directly.

The *line on show* runs from the start to ``game.tip`` through the position on show
(``game.node``). Its *branch point* is where ``v`` and ``V`` switch: the nearest move
of the line, at or before the next one, that has other variations beside it (else the
first such move ahead). The *current variation* is what ``P`` and Delete act on: the
last move of the line that is not its parent's first child (none on the main line).

>>> from tui.game import Game, GameSettings
>>> game = Game(GameSettings(mode="humans"))
>>> for move in [(0, 0), (1, 0), (2, 0)]:
...     game.play(move)
>>> _ = game.go_to(1); game.play((5, 5))           # another second move: a branch
>>> [n.move for n in game.node.siblings], current_variation(game)
([(5, 5), (1, 0)], None)
>>> switch(game, 1).moves(), game.moves, game.walking
([(0, 0), (1, 0)], [(0, 0), (1, 0), (2, 0)], True)
>>> promote_line(game), game.tree.main_line()
(1, [(0, 0), (1, 0), (2, 0)])
"""

from __future__ import annotations

from gomoku.board import format_point
from gomoku.records.tree import Node
from tui.game import Game

__all__ = [
    "line_nodes",
    "branch_point",
    "current_variation",
    "switch",
    "promote_line",
    "delete_variation",
    "size",
    "describe",
]


def line_nodes(tip: Node) -> list[Node]:
    """The nodes of the line that ends at ``tip``, its first move first (the root left out)."""
    nodes: list[Node] = []
    node: Node | None = tip
    while node is not None and node.parent is not None:
        nodes.append(node)
        node = node.parent
    return nodes[::-1]


def branch_point(game: Game) -> Node | None:
    """The move of the line on show where ``v`` and ``V`` switch variations: the nearest
    one, from the line's next move back to its first, that has siblings; else the first
    one after that has; None when the line has no variation beside it."""
    line = line_nodes(game.tip)
    ply = game.board.ply
    behind = line[: ply + 1]  # up to the next move (index ply is move ply + 1)
    for node in reversed(behind):
        if len(node.siblings) > 1:
            return node
    return next((node for node in line[ply + 1 :] if len(node.siblings) > 1), None)


def current_variation(game: Game) -> Node | None:
    """The first move of the variation the line on show is in (``P`` and Delete act on
    it): the line's last move that is not its parent's first child; None on the main line."""
    for node in reversed(line_nodes(game.tip)):
        if node.parent is not None and node.parent.children[0] is not node:
            return node
    return None


def switch(game: Game, step: int) -> Node | None:
    """Show the next variation (``step`` 1) or the previous (-1) at the branch point, in
    turn round (after the last, the first): the position after its first move, on its
    line. Returns that node, or None when there is no branch point (nothing changes)."""
    here = branch_point(game)
    if here is None:
        return None
    siblings = here.siblings
    index = next(i for i, node in enumerate(siblings) if node is here)
    chosen = siblings[(index + step) % len(siblings)]
    game.show(chosen)
    return chosen


def promote_line(game: Game) -> int:
    """Make the line on show the main line: at each of its branch points where it is a
    variation, it changes places with the main line there. Returns how many branch
    points changed (0: it was the main line already). The position on show stays."""
    changed = 0
    for node in line_nodes(game.tip):
        if node.parent is not None and node.parent.children[0] is not node:
            game.tree.promote(node)
            changed += 1
    return changed


def delete_variation(game: Game) -> Node | None:
    """Delete the current variation (its first move and everything after it): the line
    on show becomes the one left at its branch point, the position on show the one
    before the variation if it was in it. Returns the variation's first node (no longer
    in the tree), or None on the main line (nothing changes)."""
    variation = current_variation(game)
    if variation is None or variation.parent is None:
        return None
    parent = variation.parent
    inside = game.node is variation or variation in line_nodes(game.node)
    game.tree.delete(variation)
    game.show(parent if inside else game.node, parent.end())
    return variation


def size(node: Node) -> int:
    """How many moves ``node`` and everything after it hold (its variations too)."""
    count, stack = 0, [node]
    while stack:
        current = stack.pop()
        count += 1
        stack.extend(current.children)
    return count


def describe(node: Node) -> str:
    """A variation named by its first move, for a question or a notice.

    >>> from gomoku.records.tree import GameTree
    >>> tree = GameTree.from_moves([(0, 0), (1, 0), (2, 0)])
    >>> describe(tree.root.children[0].children[0])
    'the variation 1,0 at move 2 (2 moves)'
    """
    count = size(node)
    where = f"at move {node.ply}"
    return f"the variation {format_point(node.move or ())} {where} ({count} move{'s' if count != 1 else ''})"
