"""A game with its variations: a tree of moves (``GameTree`` of ``Node``).

Each node but the root holds a move; the moves from the root to a node are the
game up to it. A node's first child is its main line, the others are
variations, in order. Playing a move at a node reuses the child that holds it,
else adds a new variation; variations can be stepped through (the siblings of
a node), promoted (changing places with the main line at their branch point)
and deleted. ``GameRecord.tree`` holds a record's tree, whose main line is the
record's ``moves``; SGF and native JSON save and load it.

>>> tree = GameTree.from_moves([(0, 0), (1, 0), (0, 1)])
>>> second = tree.root.children[0].children[0]
>>> branch = tree.play(second, (5, 5))             # another third move: a variation
>>> tree.main_line(), branch.moves()
([(0, 0), (1, 0), (0, 1)], [(0, 0), (1, 0), (5, 5)])
>>> tree.promote(branch)
>>> tree.main_line()
[(0, 0), (1, 0), (5, 5)]
>>> tree.next_variation(branch).move, tree.previous_variation(branch)
((0, 1), None)
>>> tree.delete(branch) is second, tree.main_line()
(True, [(0, 0), (1, 0), (0, 1)])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from gomoku.board import Board, BoardError, Point, Rules, Stone

__all__ = ["GameTree", "Node"]


class Node:
    """A position of a game tree: the move that led to it (None at the root),
    its parent, its children (the main line first) and a free-text comment.

    Nodes compare by identity (the app can key its marks by them); trees
    compare by their moves and comments (``GameTree.__eq__``).
    """

    __slots__ = ("move", "parent", "children", "comment")

    def __init__(self, move: Point | None = None, parent: Node | None = None, comment: str = "") -> None:
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self.comment = comment

    def __repr__(self) -> str:
        return f"Node(move={self.move!r}, ply={self.ply}, children={len(self.children)})"

    @property
    def ply(self) -> int:
        """The number of moves from the root to this node."""
        count, node = 0, self
        while node.parent is not None:
            count, node = count + 1, node.parent
        return count

    @property
    def is_main_line(self) -> bool:
        """Whether every node from the root to this one is its parent's first child."""
        node = self
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    @property
    def siblings(self) -> list[Node]:
        """The variations at this node's branch point, itself among them (the main line first)."""
        return self.parent.children if self.parent is not None else [self]

    def moves(self) -> list[Point]:
        """The moves from the root to this node."""
        path: list[Point] = []
        node: Node | None = self
        while node is not None and node.move is not None:
            path.append(node.move)
            node = node.parent
        return path[::-1]

    def end(self) -> Node:
        """The last node of this node's main line (first children onwards)."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def child(self, move: Point) -> Node | None:
        """The child holding ``move``, or None."""
        return next((c for c in self.children if c.move == move), None)

    def root(self) -> Node:
        """The root of this node's tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node


class GameTree:
    """The moves of a game and their variations, under ``rules`` from the
    set-up stones ``setup`` (``to_move`` moving first after them), as in
    ``GameRecord``."""

    def __init__(
        self, rules: Rules | None = None, setup: Mapping[Point, Stone] | None = None, to_move: Stone | None = None
    ) -> None:
        self.rules = rules or Rules()
        self.setup = dict(setup or {})
        self.to_move = to_move if self.setup else None
        self.root = Node()

    @classmethod
    def from_moves(
        cls,
        moves: Iterable[Point],
        rules: Rules | None = None,
        setup: Mapping[Point, Stone] | None = None,
        to_move: Stone | None = None,
    ) -> GameTree:
        """A tree of one line, ``moves`` (not checked: ``board`` checks them)."""
        tree = cls(rules, setup, to_move)
        node = tree.root
        for move in moves:
            node = tree.add(node, move)
        return tree

    def __repr__(self) -> str:
        return f"GameTree(rules={self.rules.name!r}, nodes={sum(1 for _ in self.nodes()) - 1})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameTree):
            return NotImplemented
        if (self.rules, self.setup, self.to_move) != (other.rules, other.setup, other.to_move):
            return False
        pairs = [(self.root, other.root)]
        while pairs:
            a, b = pairs.pop()
            if a.move != b.move or a.comment != b.comment or len(a.children) != len(b.children):
                return False
            pairs.extend(zip(a.children, b.children))
        return True

    __hash__ = None  # type: ignore[assignment]  # a tree changes: it is no dictionary key

    def copy(self) -> GameTree:
        """A copy of the tree, with nodes of its own."""
        tree = GameTree(self.rules, self.setup, self.to_move)
        tree.root.comment = self.root.comment
        pairs = [(self.root, tree.root)]
        while pairs:
            old, new = pairs.pop()
            for child in old.children:
                copied = Node(child.move, new, child.comment)
                new.children.append(copied)
                pairs.append((child, copied))
        return tree

    def nodes(self) -> Iterator[Node]:
        """Every node, the root first, each before its children (the main line first)."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def has_variations(self) -> bool:
        """Whether any node has more than one child."""
        return any(len(node.children) > 1 for node in self.nodes())

    def has_comments(self) -> bool:
        """Whether any node has a comment."""
        return any(node.comment for node in self.nodes())

    def main_line(self) -> list[Point]:
        """The main line's moves: the first child at each node from the root."""
        return self.root.end().moves()

    def board(self, node: Node | None = None) -> Board:
        """The board at ``node`` (the end of the main line by default), every
        move checked: a BoardError (a ValueError) names what is wrong."""
        node = self.root.end() if node is None else node
        self._check_mine(node)
        board = Board(self.rules)
        if self.setup:
            board.set_up(self.setup, self.to_move)
        for move in node.moves():
            board.play(move)
        return board

    def turn(self, node: Node) -> Stone:
        """The side that moves at ``node``."""
        first = self.to_move or Stone.X
        return first if node.ply % 2 == 0 else first.other

    def play(self, node: Node, move: Point) -> Node:
        """The node after ``move`` at ``node``: its child that holds the move,
        else a new variation (the main line if ``node`` had no child), checked
        on the board (a BoardError if the move cannot be played there)."""
        existing = node.child(move)
        if existing is not None:
            return existing
        self.board(node).play(move)
        return self.add(node, move)

    def add(self, node: Node, move: Point, comment: str = "") -> Node:
        """A new last child of ``node`` holding ``move``, unchecked (for
        readers, which check the whole tree once); ValueError if ``node``
        already has that child."""
        if node.child(move) is not None:
            raise ValueError(f"the move {move!r} is already a variation there")
        child = Node(move, node, comment)
        node.children.append(child)
        return child

    def next_variation(self, node: Node) -> Node | None:
        """The variation after ``node`` at its branch point, or None."""
        siblings = node.siblings
        index = _index(siblings, node)
        return siblings[index + 1] if index + 1 < len(siblings) else None

    def previous_variation(self, node: Node) -> Node | None:
        """The variation before ``node`` at its branch point, or None."""
        siblings = node.siblings
        index = _index(siblings, node)
        return siblings[index - 1] if index > 0 else None

    def promote(self, node: Node) -> None:
        """Make ``node``'s variation the main line at its branch point: it
        changes places with the main line there (so promoting the old main
        line undoes it). Nothing changes for the main line or the root."""
        self._check_mine(node)
        siblings = node.siblings
        index = _index(siblings, node)
        siblings[0], siblings[index] = siblings[index], siblings[0]

    def delete(self, node: Node) -> Node:
        """Remove ``node`` and everything after it; the next variation there,
        if any, takes its place. Returns its parent (where a move list goes).
        ValueError for the root."""
        self._check_mine(node)
        if node.parent is None:
            raise ValueError("the root of a game tree cannot be deleted")
        parent = node.parent
        del parent.children[_index(parent.children, node)]
        node.parent = None
        return parent

    def first_illegal(self) -> tuple[Node, BoardError] | None:
        """The first node (in ``nodes`` order) whose move cannot be played,
        with the board's error, or None; a BoardError if the set-up stones
        cannot be set up."""
        board = Board(self.rules)
        if self.setup:
            board.set_up(self.setup, self.to_move)
        stack: list[tuple[Node, bool]] = [(child, True) for child in reversed(self.root.children)]
        while stack:
            node, entering = stack.pop()
            if not entering:
                board.pop()
                continue
            try:
                board.play(node.move or ())
            except BoardError as exc:
                return node, exc
            stack.append((node, False))
            stack.extend((child, True) for child in reversed(node.children))
        return None

    def _check_mine(self, node: Node) -> None:
        if node.root() is not self.root:
            raise ValueError("the node belongs to another game tree")


def _index(nodes: list[Node], node: Node) -> int:
    return next(i for i, n in enumerate(nodes) if n is node)
