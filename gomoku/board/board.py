"""The sparse, unbounded board: stones, the board's errors and the board itself
(the rules and points are ``gomoku.board.rules``'s, importable from here too).

Only stones are stored, in a dictionary keyed by their point. A point is a
tuple of Python ints of any size and sign, so a game can wander as far as it
likes in any direction at no cost.

>>> board = Board()
>>> for point in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)]:
...     board.play(point)
>>> board.winner
<Stone.X: 1>
>>> board.winning_line
((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections.abc import Iterable, Mapping
from functools import lru_cache

from gomoku.board.renju import Forbidden, forbidden, forbidden_points
from gomoku.board.rules import Point, Rules, line_directions  # noqa: F401 - part of the board's API

__all__ = [
    "MASK64",
    "Stone",
    "BoardError",
    "InvalidPointError",
    "OccupiedError",
    "OutOfBoundsError",
    "GameOverError",
    "FloatingError",
    "ForbiddenError",
    "zobrist",
    "SIDE_KEY",
    "Board",
    "format_point",
]

MASK64 = (1 << 64) - 1


class Stone(enum.IntEnum):
    """A player's stone. X (black) moves first."""

    X = 1
    O = 2  # noqa: E741 - gomoku's name for the second player's stone

    @property
    def other(self) -> Stone:
        """The opponent's stone."""
        return Stone.O if self is Stone.X else Stone.X

    def __str__(self) -> str:
        return self.name


class BoardError(ValueError):
    """A move or a point the board cannot take; the board is left unchanged."""


class InvalidPointError(BoardError):
    """The point is not a tuple of ints of the board's dimension."""


class OccupiedError(BoardError):
    """The cell already holds a stone."""


class OutOfBoundsError(BoardError):
    """The cell lies outside a bounded board."""


class GameOverError(BoardError):
    """The game is already won or drawn."""


class FloatingError(BoardError):
    """Under gravity, the cell below is empty: the stone would float."""


class ForbiddenError(BoardError):
    """Under renju, the cell is forbidden to black (an overline, a double four, a double three)."""


def _mix(h: int) -> int:
    """One splitmix64 finalising round."""
    h = (h + 0x9E3779B97F4A7C15) & MASK64
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9 & MASK64
    h = (h ^ (h >> 27)) * 0x94D049BB133111EB & MASK64
    return h ^ (h >> 31)


@lru_cache(maxsize=1 << 16)
def zobrist(point: Point, stone: int) -> int:
    """A 64-bit key for a stone on a point, for any coordinates (splitmix64 mixing).

    Coordinates beyond 64 bits fold their higher parts in too, so that
    2**64 and 0 get different keys.

    >>> zobrist((0, 0), 1) != zobrist((0, 0), 2) != zobrist((10**15, -3), 1) != zobrist((2**64, 0), 1)
    True
    """
    h = _mix(stone)
    for c in point:
        h = _mix(h ^ (c & MASK64))
        high = c >> 63  # 0 or -1 for every coordinate that fits in 64 bits
        if high != 0 and high != -1:
            while high != 0 and high != -1:
                h = _mix(h ^ (high & MASK64) ^ 0xD6E8FEB86659FD93)
                high >>= 64
            h = _mix(h ^ (high & 1))
    return h


SIDE_KEY = 0x6A09E667F3BCC909
"""Mixed into the hash of a set-up position whose side to move is not the one
the stone count implies, so that the hash stays a function of stones and turn."""


class Board:
    """A game in progress on a sparse board.

    ``play`` checks the move; ``push`` and ``pop`` do not, and are for the
    search, which must only push empty, in-bounds cells while the game is on
    (pushing after a win is allowed: the winner stays the first one).

    Attributes meant to be read (never written directly): ``stones`` (point ->
    Stone), ``move_stack``, ``turn``, ``winner``, ``winning_line``, ``hash``,
    ``setup`` (the set-up stones, see ``set_up``).

    The hash is the XOR of ``zobrist(point, stone)`` over every stone, plus
    ``SIDE_KEY`` when a set-up gave the move to the side the count does not.
    """

    __slots__ = (
        "_rules",
        "stones",
        "move_stack",
        "turn",
        "winner",
        "winning_line",
        "hash",
        "setup",
        "_win_ply",
        "_limit",
        "_exact",
        "_renju",
        "_caro",
        "_k",
        "_dirs",
        "_flat",
        "_counts",
    )

    def __init__(self, rules: Rules | None = None, moves: Iterable[Point] = ()) -> None:
        self._rules = rules or Rules()
        self.stones: dict[Point, Stone] = {}
        self.move_stack: list[Point] = []
        self.turn = Stone.X
        self.winner: Stone | None = None
        self.winning_line: tuple[Point, ...] = ()
        self.hash = 0
        self.setup: dict[Point, Stone] = {}
        # The ply (length of move_stack) at which the winner appeared; pop()
        # clears the winner when it takes that move back. -1: no winner.
        self._win_ply = -1
        self._cache_rules()
        for move in moves:
            self.play(move)

    @property
    def rules(self) -> Rules:
        """The rules of the game (set them before the first move)."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        self._rules = rules
        self._cache_rules()

    def _cache_rules(self) -> None:
        rules = self._rules
        self._k = rules.k
        self._exact = not rules.overline
        self._renju = rules.renju
        self._caro = rules.caro
        # Exact-k rules (and renju's black) look one cell further each side, to see an
        # overline; caro looks to the ends of the run, to see whether both are blocked.
        self._limit = rules.k if self._exact or self._renju else rules.k - 1
        if self._caro:
            self._limit = 1 << 62
        self._dirs = rules.directions
        # The 2-D fast path unpacks directions as (dx, dy) pairs.
        self._flat = rules.dims == 2 and all(len(d) == 2 for d in rules.directions)
        # Stones of X and O (by the Stone's value), kept by push and pop off the 2-D path.
        count_x = sum(1 for s in self.stones.values() if s is Stone.X)
        self._counts = [0, count_x, len(self.stones) - count_x]

    # -- reading -----------------------------------------------------------
    def __getitem__(self, point: Point) -> Stone | None:
        return self.stones.get(point)

    def __len__(self) -> int:
        return len(self.stones)

    def __repr__(self) -> str:
        return f"Board(rules={self.rules.name!r}, moves={self.move_stack!r})"

    @property
    def last_move(self) -> Point | None:
        return self.move_stack[-1] if self.move_stack else None

    @property
    def ply(self) -> int:
        return len(self.move_stack)

    @property
    def is_full(self) -> bool:
        area = self.rules.area
        return area is not None and len(self.stones) >= area

    @property
    def is_draw(self) -> bool:
        """A full bounded board with no winner."""
        return self.winner is None and self.is_full

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.is_full

    @property
    def result(self) -> str | None:
        """``"X"``, ``"O"``, ``"draw"``, or None while the game goes on."""
        if self.winner is not None:
            return self.winner.name
        return "draw" if self.is_full else None

    def stones_of(self, stone: Stone) -> list[Point]:
        """The points holding ``stone``, sorted."""
        return sorted(p for p, s in self.stones.items() if s == stone)

    def bounding_box(self) -> tuple[Point, Point] | None:
        """The lowest and highest corner of the stones, or None on an empty board."""
        if not self.stones:
            return None
        dims = self.rules.dims
        low = tuple(min(p[i] for p in self.stones) for i in range(dims))
        high = tuple(max(p[i] for p in self.stones) for i in range(dims))
        return low, high

    def candidates(self, radius: int = 2) -> list[Point]:
        """The empty cells within Chebyshev distance ``radius`` of a stone, sorted.

        On an empty board: the centre (the origin on the endless board), and
        under gravity the bottom of the middle column, where a stone can go.

        >>> Board(moves=[(0, 0)]).candidates(1)
        [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
        >>> Board(Rules.preset("connect4")).candidates()
        [(3, 0)]
        """
        stones = self.stones
        if not stones:
            centre = self.rules.centre()
            if self.rules.gravity and self.rules.bounds is not None:
                centre = centre[:-1] + (self.rules.bounds[0][-1],)
            return [centre]
        rules = self.rules
        found: set[Point] = set()
        if rules.dims == 2:
            span = range(-radius, radius + 1)
            for x, y in stones:
                found.update((x + dx, y + dy) for dx in span for dy in span)
        else:
            offsets = list(itertools.product(range(-radius, radius + 1), repeat=rules.dims))
            for p in stones:
                found.update(tuple(a + b for a, b in zip(p, o)) for o in offsets)
        found.difference_update(stones)
        if rules.gravity:
            return sorted(q for q in found if rules.contains(q) and rules.rests(q, stones))
        if rules.bounded:
            return sorted(q for q in found if rules.contains(q))
        return sorted(found)

    def legal_moves(self) -> list[Point]:
        """Every cell the side to move may play, sorted; none once the game is over.

        On a bounded board: every empty cell (under gravity, only those resting
        on the bottom or a stone). On the endless board every empty cell is
        legal and there are endlessly many: this gives those near the stones
        (``candidates()``).

        >>> board = Board(Rules.parse("size=3x3,k=3,gravity"), moves=[(1, 0)])
        >>> board.legal_moves()
        [(0, 0), (1, 1), (2, 0)]
        """
        if self.is_over:
            return []
        if self._renju and self.turn is Stone.X:
            banned = set(self.forbidden_points())
            return [p for p in self._legal_cells() if p not in banned]
        return self._legal_cells()

    def _legal_cells(self) -> list[Point]:
        """The empty cells ``legal_moves`` gives, forbidden points not taken out."""
        rules = self.rules
        if rules.bounds is None:
            return self.candidates()
        stones = self.stones
        low, high = rules.bounds
        if rules.gravity:
            # One cell per column: the lowest empty one.
            moves = []
            for base in itertools.product(*[range(a, b + 1) for a, b in zip(low[:-1], high[:-1])]):
                for z in range(low[-1], high[-1] + 1):
                    if base + (z,) not in stones:
                        moves.append(base + (z,))
                        break
            return sorted(moves)
        cells = itertools.product(*[range(a, b + 1) for a, b in zip(low, high)])
        return [p for p in cells if p not in stones]

    def forbidden(self, point: Point) -> Forbidden | None:
        """Why black may not play the empty cell ``point`` under renju, or None when it
        may (or the rules are not renju's). Whoever is to move: the verdict is black's.

        >>> board = Board(Rules.preset("renju"), moves=[(6, 7), (0, 0), (8, 7), (0, 2), (7, 6), (0, 4), (7, 8), (0, 6)])
        >>> board.forbidden((7, 7)).reason()
        'double three at 7,7 (lines 6,7-8,7 and 7,6-7,8)'
        """
        if not self._renju:
            return None
        return forbidden(self.stones, point, self._rules)

    def forbidden_points(self) -> list[Point]:
        """Every cell forbidden to black under renju, sorted (none under other rules)."""
        if not self._renju:
            return []
        return forbidden_points(self.stones, self._rules)

    def check_point(self, point: object) -> Point:
        """``point`` as a Point of this board's dimension, or InvalidPointError."""
        if (
            not isinstance(point, tuple)
            or len(point) != self.rules.dims
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in point)
        ):
            raise InvalidPointError(f"a point is a tuple of {self.rules.dims} integers, not {point!r}")
        return point

    # -- changing ----------------------------------------------------------
    def play(self, point: Point) -> None:
        """Place the side to move's stone at ``point``, after checking it is legal.

        Raises a BoardError subclass (OccupiedError, OutOfBoundsError,
        GameOverError, InvalidPointError, FloatingError under gravity,
        ForbiddenError for black under renju) and leaves the board unchanged.
        """
        point = self.check_point(point)
        if self.is_over:
            raise GameOverError(f"the game is over ({self.result}); no more moves")
        if point in self.stones:
            raise OccupiedError(f"cell {format_point(point)} is already taken")
        if not self.rules.contains(point):
            raise OutOfBoundsError(f"cell {format_point(point)} is outside the board")
        if not self.rules.rests(point, self.stones):
            raise FloatingError(
                f"cell {format_point(point)} would float: under gravity a stone rests on the one below it"
            )
        if self._renju and self.turn is Stone.X:
            verdict = forbidden(self.stones, point, self._rules)
            if verdict is not None:
                raise ForbiddenError(f"forbidden for black: {verdict.reason()}")
        self.push(point)

    def push(self, point: Point) -> None:
        """Place the side to move's stone with no check (for the search).

        The win check runs only while there is no winner yet.
        """
        stone = self.turn
        self.stones[point] = stone
        self.move_stack.append(point)
        self.hash ^= zobrist(point, stone)
        self.turn = Stone.O if stone is Stone.X else Stone.X
        if not self._flat:
            self._counts[stone] += 1
        if self._win_ply < 0:
            if self._flat:
                line = self._five_2d(point, stone)
            elif self._counts[stone] >= self._k:
                line = self.five_through(point, stone)
            else:
                # Fewer than k stones make no line: on a sparse board of many dimensions
                # (364 lines through a 6-D cell) the check would cost the most.
                return
            if line:
                self.winner = stone
                self.winning_line = line
                self._win_ply = len(self.move_stack)

    def pop(self) -> Point:
        """Take back the last move and return its point (no check for an empty
        stack). Set-up stones are never taken back."""
        stack = self.move_stack
        point = stack.pop()
        if len(stack) + 1 == self._win_ply:
            self.winner = None
            self.winning_line = ()
            self._win_ply = -1
        stone = self.stones.pop(point)
        if not self._flat:
            self._counts[stone] -= 1
        self.hash ^= zobrist(point, stone)
        self.turn = stone
        return point

    def set_up(self, stones: Mapping[Point, Stone], turn: Stone | None = None) -> None:
        """Place set-up stones on an empty board, with ``turn`` to move.

        For positions with no move order (position JSON, SGF AB/AW) whose
        stone counts no alternation of X and O explains. Set-up stones are in
        ``stones`` and ``setup`` but not in ``move_stack``, so ``pop`` never
        takes them back, and ``push``/``pop`` work above them as usual. A five
        among them makes a winner at once (if both sides have one, an error).
        ``turn`` defaults to the side the counts imply (X unless X has more).

        >>> board = Board()
        >>> board.set_up({(0, 0): Stone.X, (1, 0): Stone.X}, Stone.O)
        >>> board.push((5, 5))
        >>> board.pop()
        (5, 5)
        >>> len(board), board.turn
        (2, <Stone.O: 2>)

        Raises BoardError (and leaves the board unchanged) for a board that is
        not empty, an invalid or out-of-bounds point, or two winners.
        """
        if self.stones or self.move_stack:
            raise BoardError("set-up stones go on an empty board only")
        placed: dict[Point, Stone] = {}
        for point, stone in stones.items():
            point = self.check_point(point)
            if not self.rules.contains(point):
                raise OutOfBoundsError(f"set-up cell {format_point(point)} is outside the board")
            placed[point] = Stone(stone)
        for point in placed:
            if not self.rules.rests(point, placed):
                raise FloatingError(f"set-up cell {format_point(point)} would float: the cell below it is empty")
        count_x = sum(1 for s in placed.values() if s is Stone.X)
        implied = Stone.O if count_x > len(placed) - count_x else Stone.X
        turn = implied if turn is None else Stone(turn)
        winners: dict[Stone, tuple[Point, ...]] = {}
        self.stones = placed
        try:
            for point in sorted(placed):
                stone = placed[point]
                if stone not in winners:
                    line = self.five_through(point, stone)
                    if line:
                        winners[stone] = line
        finally:
            self.stones = {}
        if len(winners) > 1:
            raise BoardError("set-up position: both X and O have a five")
        self.stones = dict(placed)
        self.setup = dict(placed)
        self._counts = [0, count_x, len(placed) - count_x]
        self.turn = turn
        parity = Stone.X if len(placed) % 2 == 0 else Stone.O
        self.hash = SIDE_KEY if turn is not parity else 0
        for point, stone in placed.items():
            self.hash ^= zobrist(point, stone)
        for stone, line in winners.items():
            self.winner, self.winning_line, self._win_ply = stone, line, 0

    def copy(self) -> Board:
        """An independent copy, e.g. for a worker thread."""
        other = Board.__new__(Board)
        other._rules = self._rules
        other.stones = dict(self.stones)
        other.move_stack = list(self.move_stack)
        other.turn = self.turn
        other.winner = self.winner
        other.winning_line = self.winning_line
        other.hash = self.hash
        other.setup = dict(self.setup)
        other._win_ply = self._win_ply
        other._cache_rules()
        return other

    # -- the win check -----------------------------------------------------
    def run_through(self, point: Point, direction: Point, stone: Stone, limit: int) -> tuple[int, int]:
        """How many ``stone`` stones follow ``point`` backwards and forwards along
        ``direction``, at most ``limit`` each side (the point itself not counted)."""
        get = self.stones.get
        counts = []
        for step in (operator.sub, operator.add):
            n = 0
            q = point
            while n < limit:
                q = tuple(map(step, q, direction))
                if get(q) != stone:
                    break
                n += 1
            counts.append(n)
        return counts[0], counts[1]

    def five_through(self, point: Point, stone: Stone) -> tuple[Point, ...]:
        """The winning run of ``stone`` through ``point`` (as if it were there), or ().

        Seed 002's scan of the end of the game: along each line only the run
        through the last move matters, counted at most k-1 cells each side
        (k each side under exact-k rules and for renju's black, to see an
        overline; to its ends under caro, where a run whose two ends hold the
        opponent's stones does not win).

        >>> Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0)]).five_through((4, 0), Stone.X)
        ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
        """
        k = self._k
        exact = self._exact or (self._renju and stone is Stone.X)
        limit = self._limit
        for direction in self._dirs:
            back, forward = self.run_through(point, direction, stone, limit)
            run = back + forward + 1
            if run == k or (run > k and not exact):
                if self._caro and self._blocked(point, direction, stone, back, forward):
                    continue
                return tuple(tuple(a + i * d for a, d in zip(point, direction)) for i in range(-back, forward + 1))
        return ()

    def _blocked(self, point: Point, direction: Point, stone: Stone, back: int, forward: int) -> bool:
        """Whether the opponent's stones stand at both ends of the run through ``point``
        (``back`` and ``forward`` stones each side of it): caro's run that does not win."""
        get = self.stones.get
        other = stone.other
        before = tuple(a - (back + 1) * d for a, d in zip(point, direction))
        after = tuple(a + (forward + 1) * d for a, d in zip(point, direction))
        return get(before) is other and get(after) is other

    def _five_2d(self, point: Point, stone: Stone) -> tuple[Point, ...]:
        """``five_through`` unrolled for two dimensions: the search's hot path."""
        get = self.stones.get
        k = self._k
        limit = self._limit
        exact = self._exact or (self._renju and stone is Stone.X)
        x, y = point
        for dx, dy in self._dirs:
            back = 0
            cx = x - dx
            cy = y - dy
            while back < limit and get((cx, cy)) is stone:
                back += 1
                cx -= dx
                cy -= dy
            forward = 0
            cx = x + dx
            cy = y + dy
            while forward < limit and get((cx, cy)) is stone:
                forward += 1
                cx += dx
                cy += dy
            run = back + forward + 1
            if run == k or (run > k and not exact):
                if self._caro and self._blocked(point, (dx, dy), stone, back, forward):
                    continue
                return tuple((x + i * dx, y + i * dy) for i in range(-back, forward + 1))
        return ()


def format_point(point: Point) -> str:
    """``(3, -4)`` as ``"3,-4"``, the move-string form."""
    return ",".join(str(c) for c in point)
