"""The shapes a reason names, in the attack scanner's words (``gomoku.attacks``).

- ``Threats``: the immediate threats of a position, for either side: the cells
  where it makes five now (its fours), and those where it makes two fives to
  make at once (its open threes, and the like);
- ``shapes_at``: the breakpoint lines through an empty cell for one side, each
  with the scanner's word for what a stone there makes on it (``five``, ``open
  four``, ``four``, ``open three``, ``broken three``: ``gomoku.attacks.words``);
- ``shape_words``: such shapes in a phrase: ``an open three (row)``, and two
  lines at once by their name in gomoku, ``a four-three (row and column)``, a
  ``double four``, a ``double three``;
- ``move_words``: what a move makes and what it stops, in those words.

>>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
>>> shapes_at(board, (3, 0), Stone.X)
[('open four', (1, 0))]
>>> move_words(board, (3, 0), Stone.X), move_words(board, (-1, 0), Stone.O)
('makes an open four (row)', "stops X's open four (row)")
>>> shape_words([("four", (1, 0)), ("open three", (0, 1))])
'a four-three (row and column)'
"""

from __future__ import annotations

from collections.abc import Sequence

from gomoku.attacks import scan_stone
from gomoku.attacks.words import breakpoint_words, count_word, direction_words, shape
from gomoku.board import Board, Point, Stone

__all__ = ["Shape", "Threats", "shape_names", "shapes_at", "shape_words", "move_words", "double_threat", "lines_words"]

Shape = tuple[str, Point]
"""A breakpoint line through a cell: the scanner's word for what a stone there makes, and the line's direction."""

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def shape_names(k: int) -> tuple[str, str, str, str]:
    """The words for an open three, a four, a five and an open four when ``k`` in a row wins.

    >>> shape_names(5)
    ('open three', 'four', 'five', 'an open four')
    >>> shape_names(4)
    ('open two', 'three in a row', 'four in a row', 'an open three')
    """
    if k == 5:
        return "open three", "four", "five", "an open four"
    two, one, full = (_NUMBERS.get(n, str(n)) for n in (k - 2, k - 1, k))
    return f"open {two}", f"{one} in a row", f"{full} in a row", f"an open {one}"


class Threats:
    """The immediate threats of a position, for either side: the cells where it
    makes five (its fours), and those where it makes an open four or two fours at
    once (its open threes, and the like: two fives to make, one answer).

    Only cells a stone can be played on now count (under gravity, those that
    rest on something).

    >>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5)])
    >>> Threats(board).fives(Stone.X), Threats(board).open_fours(Stone.O)
    ([], [(-1, 5), (3, 5)])
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rules = board.rules
        self.stones = board.stones

    def _playable(self, q: Point, extra: Point | None = None) -> bool:
        if q in self.stones or q == extra or not self.rules.contains(q):
            return False
        if not self.rules.gravity:
            return True
        occupied = set(self.stones) | ({extra} if extra is not None else set())
        return self.rules.rests(q, occupied)

    def _run(self, q: Point, d: Point, stone: Stone, extra: Point | None) -> int:
        """The run of ``stone`` through ``q`` along ``d``, ``q`` and ``extra`` counted as its stones."""
        get = self.stones.get
        limit = self.rules.k + 1
        run = 1
        for sign in (1, -1):
            n = 0
            p = q
            while n < limit:
                p = tuple(a + sign * b for a, b in zip(p, d))
                if p != extra and get(p) != stone:
                    break
                n += 1
            run += n
        return run

    def _makes_five(
        self, q: Point, stone: Stone, extra: Point | None = None, directions: Sequence[Point] | None = None
    ) -> bool:
        k = self.rules.k
        for d in directions or self.rules.directions:
            run = self._run(q, d, stone, extra)
            if run == k or (run > k and self.rules.overline):
                return True
        return False

    def fives(self, stone: Stone) -> list[Point]:
        """The cells where ``stone`` makes five now, sorted."""
        near = self.board.candidates(1) if self.stones else []
        return [q for q in near if self._playable(q) and self._makes_five(q, stone)]

    def fives_after(self, stone: Stone, c: Point) -> list[Point]:
        """The cells where ``stone`` would make five after a stone of its own at ``c``."""
        found = {q for q in self.fives(stone) if q != c}
        k = self.rules.k
        for d in self.rules.directions:
            for sign in (1, -1):
                for n in range(1, k):
                    q = tuple(a + sign * n * b for a, b in zip(c, d))
                    if q not in found and self._playable(q, c) and self._makes_five(q, stone, c, (d,)):
                        found.add(q)
        return sorted(found)

    def open_fours(self, stone: Stone) -> list[Point]:
        """The cells where ``stone`` makes two fives to make at once (an open four or
        two fours): the threat of an open three. Sorted."""
        near = self.board.candidates(1) if self.stones else []
        return [q for q in near if self._playable(q) and len(self.fives_after(stone, q)) >= 2]


def shapes_at(board: Board, cell: Point, stone: Stone) -> list[Shape]:
    """The breakpoint lines through the empty ``cell`` for ``stone`` (the attack
    scanner's: a line where a stone there makes a five, a four, an open three or
    a broken three), each as (the scanner's word for it, the line's direction),
    in the rules' order of directions; [] for a cell that is taken or off the
    board, and under gravity (the scanner reads lines, not what rests where)."""
    if board.rules.gravity or cell in board.stones or not board.rules.contains(cell):
        return []
    k = board.rules.k
    found = []
    for line in scan_stone(board, cell, stone).lines:
        if line.five:
            found.append((shape_names(k)[2], line.direction))
        elif line.breakpoint:
            kind = breakpoint_words(line.attacks, k) or "threat"
            found.append((kind if k == 5 or kind == "threat" else f"{kind} in a row", line.direction))
    return found


def double_threat(board: Board, cell: Point, stone: Stone) -> list[Point]:
    """The directions of the breakpoint lines through the empty ``cell`` for
    ``stone`` (the attack scanner's), when there are two or more; else []."""
    lines = [direction for _, direction in shapes_at(board, cell, stone)]
    return lines if len(lines) >= 2 else []


def lines_words(directions: Sequence[Point]) -> str:
    """Lines by their names: ``row``, ``row and column``, ``row, column and diagonal``."""
    names = [direction_words(d) for d in directions]
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _article(words: str) -> str:
    return ("an " if words[0] in "aeiou" else "a ") + words


def shape_words(shapes: Sequence[Shape], k: int = 5, lines: bool = True) -> str:
    """Shapes made at once in a phrase (``shapes`` non-empty): one line by its word,
    two or more by gomoku's name for the combination when ``k`` is 5 (a four and a
    three: ``four-three``; two fours: ``double four``; two threes: ``double
    three``), else ``double threat``; the lines' names in brackets.

    >>> shape_words([("open three", (1, 0))]), shape_words([("five", (0, 1))])
    ('an open three (row)', 'five (column)')
    >>> shape_words([("four", (1, 0)), ("broken four", (1, 1))]), shape_words([("open three", (1, 0))] * 2, k=4)
    ('a double four (row and diagonal)', 'a double threat (row and row)')
    """
    directions = f" ({lines_words([d for _, d in shapes])})" if lines else ""
    kinds = [kind for kind, _ in shapes]
    five = shape_names(k)[2]
    if five in kinds:
        return f"{five}{directions}"
    if len(kinds) == 1:
        return f"{_article(kinds[0])}{directions}"
    fours = sum(1 for kind in kinds if kind.endswith(count_word(k - 1)))
    threes = sum(1 for kind in kinds if kind.endswith(count_word(k - 2)))
    if k != 5:
        name = "double threat"
    elif fours >= 2:
        name = "double four"
    elif fours and threes:
        name = "four-three"
    elif threes >= 2:
        name = "double three"
    else:
        name = "double threat"
    return f"{_article(name)}{directions}"


def move_words(board: Board, move: Point, mover: Stone) -> str | None:
    """What ``move`` (not yet played on ``board``) makes for ``mover`` and what it
    stops of the opponent's, in the scanner's words (the opponent's five point
    taken is its four blocked); a move that does neither is named by the run it
    builds (``builds an open two (row)``: its strongest run of two or more through
    the cell); None for a move that builds nothing either.

    >>> board = Board(moves=[(0, 0), (5, 5), (1, 1)])
    >>> move_words(board, (2, 2), Stone.O), move_words(board, (9, 0), Stone.O)
    ("stops X's open three (diagonal)", None)
    >>> move_words(board, (6, 5), Stone.O)
    'builds an open two (row)'
    """
    k = board.rules.k
    made = shapes_at(board, move, mover)
    stopped = shapes_at(board, move, mover.other)
    parts = []
    if made:
        parts.append("makes " + shape_words(made, k))
    if stopped:
        five = shape_names(k)[2]
        fives = [s for s in stopped if s[0] == five]
        if fives:
            parts.append(f"blocks {mover.other.name}'s {shape_names(k)[1]} ({lines_words([d for _, d in fives])})")
        else:
            parts.append(f"stops {mover.other.name}'s {shape_words(stopped, k).split(' ', 1)[1]}")
    if parts:
        return " and ".join(parts)
    built = _built(board, move, mover)
    return f"builds {_article(built[0])} ({direction_words(built[1])})" if built else None


def _built(board: Board, move: Point, mover: Stone) -> Shape | None:
    """The strongest run of two or more stones the move makes (the scanner's central
    attack of the largest weight), as (its shape, its line's direction)."""
    if board.rules.gravity or move in board.stones or not board.rules.contains(move):
        return None
    best: tuple[float, Shape] | None = None
    for line in scan_stone(board, move, mover).lines:
        for attack in line.attacks:
            if attack.central and attack.power >= 2 and (best is None or attack.weight > best[0]):
                best = (attack.weight, (shape(attack.power, attack.potential, board.rules.k), line.direction))
    return best[1] if best else None
