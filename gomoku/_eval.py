"""A fast incremental pattern evaluator for the search: the board as a dense grid.

The search cannot afford the seed's full scan at every node, so it keeps its
own picture of the position, updated on every push and pop:

* the endless board is mapped onto a flat list of cells (one block per group of
  stones, each grown by a margin, with a ring of wall cells around it), and
  every cell maps back to its exact point, whatever the coordinates;
* for every cell and line, a *key*: the neighbouring cells along the line
  (4 on each side, 5 under exact five; 2 bits each: empty, X, O, wall);
* for every key, the *pattern* each stone would make by playing the cell on
  that line (five, open four, four, open three, three, open two, two, one,
  dead), looked up in a table that is filled in on first use;
* from the patterns, the cells where each side makes a five, a four or an
  open four (the forced moves and the threats VCF is made of), a move-ordering
  value per cell, and a running evaluation.

A move changes the keys of at most 32 cells (8 on each line through it; 40 under exact five), so
push and pop cost a few dozen list operations, not a scan.

>>> from gomoku.board import Board
>>> board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)])
>>> grid = Grid(board)
>>> sorted(grid.point(i) for i in grid.fours[1])      # X makes a four here
[(-2, 0), (-1, 0), (3, 0), (4, 0)]
>>> sorted(grid.point(i) for i in grid.open_fours[1])  # ... and an open four here
[(-1, 0), (3, 0)]
"""

from __future__ import annotations

from typing import Iterable

from gomoku.board import Board, Point, Rules, zobrist

EMPTY, WALL = 0, 3

# Pattern codes, weakest first: what a stone makes on one line by playing a cell.
DEAD, ONE, B2, F2, B3, F3, B4, F4, FIVE = range(9)
PATTERN_NAMES = ("dead", "one", "two", "open two", "three", "open three", "four", "open four", "five")

MARGIN = 16
"""Empty cells kept around each group of stones (the search's room to move)."""
MIN_MARGIN = 8
"""The narrowest margin (for stones spread far and wide): a candidate cell, two
from a stone, still sees its whole line windows (5 cells) inside the block."""
GRID_CELLS = 1 << 15
"""Cells a grid may hold at the full margin before it falls back to ``MIN_MARGIN``."""
RING = 5
"""Wall cells around each block: a line window reaches 4 cells each side (5
under exact-five rules, to see an overline)."""

# Move-ordering value of a pattern for the side that plays it (and, scaled, for
# the side that takes the cell away from the opponent).
ORDER_VALUE = (0, 0, 6, 20, 25, 400, 500, 5000, 100000)
# Evaluation value of a pattern: the position's potential for that side.
EVAL_VALUE = (0, 0, 4, 12, 12, 60, 70, 300, 1500)


_TRANSITIONS: list[tuple | None] = [None] * (81 * 81)


def _levels(code: int) -> tuple[bool, bool, bool, bool]:
    """Whether a pattern code is a five, a four (open or not), an open four, an open three."""
    return code == FIVE, B4 <= code <= F4, code == F4, code == F3


def _transition(old: int, new: int) -> tuple:
    """The effect of a cell's pattern pair going from ``old`` to ``new`` (X * 9 + O):
    (order change X, value change X, order change O, value change O,
    ((threat dict index, +1/-1), ...)); dicts are five/four/open four/open three
    of X (0-3), then of O (4-7)."""
    (ox, oo), (nx, no) = divmod(old, 9), divmod(new, 9)
    changes = []
    for stone, a, b in ((0, ox, nx), (1, oo, no)):
        for n, (was, now) in enumerate(zip(_levels(a), _levels(b))):
            if was != now:
                changes.append((4 * stone + n, 1 if now else -1))
    entry = (
        ORDER_VALUE[nx] - ORDER_VALUE[ox],
        EVAL_VALUE[nx] - EVAL_VALUE[ox],
        ORDER_VALUE[no] - ORDER_VALUE[oo],
        EVAL_VALUE[no] - EVAL_VALUE[oo],
        tuple(changes),
    )
    _TRANSITIONS[old * 81 + new] = entry
    return entry


def _run_through_centre(cells: list[int]) -> int:
    """Length of the run of own stones (1) through the centre cell."""
    centre = len(cells) // 2
    n = 1
    i = centre - 1
    while i >= 0 and cells[i] == 1:
        n += 1
        i -= 1
    i = centre + 1
    while i < len(cells) and cells[i] == 1:
        n += 1
        i += 1
    return n


def _makes_five(cells: list[int], exact: bool) -> bool:
    n = _run_through_centre(cells)
    return n == 5 if exact else n >= 5


def _pattern(cells: tuple[int, ...], exact: bool, memo: dict) -> int:
    """The pattern of a line window (0 empty, 1 own, 2 blocked; centre own)."""
    found = memo.get(cells)
    if found is not None:
        return found
    work = list(cells)
    if _makes_five(work, exact):
        result = FIVE
    else:
        empties = [i for i in range(len(work)) if work[i] == 0]
        fives = 0
        for i in empties:
            work[i] = 1
            if _makes_five(work, exact):
                fives += 1
            work[i] = 0
        if fives >= 2:
            result = F4
        elif fives == 1:
            result = B4
        else:
            best = DEAD
            for i in empties:
                work[i] = 1
                best = max(best, _pattern(tuple(work), exact, memo))
                work[i] = 0
            if best >= B4:
                result = best - 2  # F4 -> F3, B4 -> B3
            elif best >= B3:
                result = best - 2  # F3 -> F2, B3 -> B2
            else:
                # Room for a five through the centre: one stone with a future.
                result = DEAD
                centre = len(cells) // 2
                for start in range(centre - 4, centre + 1):
                    if all(cells[j] != 2 for j in range(start, start + 5)):
                        result = ONE
                        break
    memo[cells] = result
    return result


class _PatternTable:
    """key (2 * reach cells x 2 bits) -> pattern code of X * 9 + pattern code of O,
    filled lazily. The reach is 4 cells each side, 5 under exact five (an
    overline must be seen to be refused)."""

    def __init__(self, exact: bool) -> None:
        self.exact = exact
        self.reach = 5 if exact else 4
        self.memo: dict = {}
        self.codes: list[int] = [-1] * (1 << (4 * self.reach))

    def compute(self, key: int) -> int:
        """The code of ``key``, computed now and kept."""
        reach = self.reach
        raw = [(key >> (2 * j)) & 3 for j in range(2 * reach)]
        out = 0
        for stone in (1, 2):
            window = [0 if c == EMPTY else 1 if c == stone else 2 for c in raw]
            window.insert(reach, 1)
            out = out * 9 + _pattern(tuple(window), self.exact, self.memo)
        self.codes[key] = out
        return out


_TABLES: dict[bool, _PatternTable] = {}


def pattern_table(exact: bool) -> _PatternTable:
    """The shared table for freestyle (``exact=False``) or exact-five rules."""
    table = _TABLES.get(exact)
    if table is None:
        table = _TABLES[exact] = _PatternTable(exact)
    return table


def _boxes(points: list[Point], margin: int, bounds: tuple[Point, Point] | None) -> list[tuple[list[int], list[int]]]:
    """The blocks of a grid: each point's square of ``margin`` cells around it,
    squares that overlap merged into their bounding box until no two boxes
    overlap, each clipped to ``bounds``; sorted.

    Only overlapping squares are merged, so stones spread along a diagonal (no
    gap in either projection) still get small blocks of their own instead of
    one box the size of their whole span.
    """
    boxes: list[list[int]] = []
    for x, y in sorted(points):
        box = [x - margin, y - margin, x + margin, y + margin]
        merged = True
        while merged:
            merged = False
            for n, other in enumerate(boxes):
                if box[0] <= other[2] and other[0] <= box[2] and box[1] <= other[3] and other[1] <= box[3]:
                    del boxes[n]
                    box = [min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3])]
                    merged = True
                    break
        boxes.append(box)
    out = []
    for x0, y0, x1, y1 in sorted(boxes):
        low, high = [x0, y0], [x1, y1]
        if bounds is not None:
            blow, bhigh = bounds
            low = [max(low[a], blow[a]) for a in (0, 1)]
            high = [min(high[a], bhigh[a]) for a in (0, 1)]
        out.append((low, high))
    return out


def _cells(boxes: list[tuple[list[int], list[int]]]) -> int:
    """Cells of a grid laid out from ``boxes`` (side by side, walls between)."""
    width = sum(h[0] - l[0] + 1 + RING for l, h in boxes) + RING
    height = max(h[1] - l[1] + 1 for l, h in boxes) + 2 * RING
    return width * height


_SQUARE_LINES = {(1, 0), (0, 1), (1, 1), (1, -1)}
"""The lines the grid's steps follow (its only directions)."""


class Grid:
    """A position on a dense grid with incremental patterns (see the module docstring).

    ``cells[i]`` is EMPTY, 1 (X), 2 (O) or WALL; ``point(i)`` is the board point of
    cell ``i`` and ``index[point]`` the reverse. ``fives[s]``, ``fours[s]`` and
    ``open_fours[s]`` map cells to the number of lines on which stone ``s`` makes a
    five, a four (open or not) or an open four by playing there. ``hash`` is the
    board's own zobrist hash, so a transposition table outlives the grid.
    """

    @staticmethod
    def supports(rules: Rules) -> bool:
        """Whether the grid can hold a game of these rules (two dimensions, five in a row,
        on the four lines of the square: rows, columns and both diagonals)."""
        if rules.dims != 2 or rules.k != 5:
            return False
        lines = {d if d in _SQUARE_LINES else (-d[0], -d[1]) for d in rules.directions}
        return lines == _SQUARE_LINES and len(rules.directions) == 4

    def __init__(self, board: Board, margin: int = MARGIN) -> None:
        rules = board.rules
        if not self.supports(rules):
            raise ValueError("the pattern grid plays five in a row on the rows, columns and diagonals of a two-dimensional board only")
        self.table = pattern_table(not rules.overline)
        stones = list(board.stones)
        seeds = stones or [rules.centre()]
        boxes = _boxes(seeds, margin, rules.bounds)
        if margin > MIN_MARGIN and _cells(boxes) > GRID_CELLS:
            # Stones strung out far and wide: a narrower margin keeps the grid
            # (its memory and the time to build it) to the stones' own size.
            boxes = _boxes(seeds, MIN_MARGIN, rules.bounds)
        width = sum(h[0] - l[0] + 1 + RING for l, h in boxes) + RING
        height = max(h[1] - l[1] + 1 for l, h in boxes) + 2 * RING
        self.width = width
        size = width * height
        self.size = size
        cells = [WALL] * size
        points: list[Point | None] = [None] * size
        index: dict[Point, int] = {}
        left = RING
        for low, high in boxes:
            for y in range(low[1], high[1] + 1):
                row = (y - low[1] + RING) * width
                for x in range(low[0], high[0] + 1):
                    i = row + left + x - low[0]
                    cells[i] = EMPTY
                    p = (x, y)
                    points[i] = p
                    index[p] = i
            left += high[0] - low[0] + 1 + RING
        self.cells = cells
        self.points = points
        self.index = index
        self.steps = (1, width, width + 1, 1 - width)
        # For each line: (cell offset, key increment per unit of stone code) of the
        # 8 cells whose key sees a stone placed here.
        reach = self.table.reach
        self.neighbours = []
        for d, step in enumerate(self.steps):
            entries = []
            for t in range(1, reach + 1):
                entries.append((-t * step * 4 + d, -t * step, 1 << (2 * (reach - 1 + t))))
                entries.append((t * step * 4 + d, t * step, 1 << (2 * (reach - t))))
            self.neighbours.append(entries)
        flat = []
        for entries in self.neighbours:
            flat.extend(entries)
        self.flat_neighbours = flat
        # The same with the key change of each stone (2: O, -1: X taken away, ...).
        self.stone_neighbours = {
            step: [(j, off, step * mult) for j, off, mult in flat] for step in (1, 2, -1, -2)
        }
        self.near_offsets = [dx + dy * width for dx in range(-2, 3) for dy in range(-2, 3) if dx or dy]
        self.keys = [0] * (4 * size)
        self.order = [None, [0] * size, [0] * size]
        self.value = [0, 0, 0]
        self.fives: list[dict[int, int]] = [{}, {}, {}]
        self.fours: list[dict[int, int]] = [{}, {}, {}]
        self.open_fours: list[dict[int, int]] = [{}, {}, {}]
        self.threes: list[dict[int, int]] = [{}, {}, {}]
        self._dicts = [self.fives[1], self.fours[1], self.open_fours[1], self.threes[1],
                       self.fives[2], self.fours[2], self.open_fours[2], self.threes[2]]
        self.near = [0] * size
        self.near_cells: set[int] = set()
        self.zob = [None, [0] * size, [0] * size]
        for i, p in enumerate(points):
            if p is not None:
                self.zob[1][i] = zobrist(p, 1)
                self.zob[2][i] = zobrist(p, 2)
        self.hash = 0
        self.stack: list[int] = []
        self.turn = 1
        self.wins: list[bool] = []
        self.winner = 0
        self.rules = rules
        # The walls: their code (3) enters the keys of the cells next to them.
        keys = self.keys
        for i in range(size):
            if cells[i] == WALL:
                for j, off, mult in flat:
                    if 0 <= i + off < size:
                        keys[4 * i + j] += 3 * mult
        for i in range(size):
            if cells[i] == EMPTY:
                for d in range(4):
                    k = keys[4 * i + d]
                    if k:
                        self._apply(i, self._code(0), self._code(k))
        # Set-up stones first (in no particular order), then the moves; none of
        # them is ever popped, so the stack starts empty above them.
        setup = getattr(board, "setup", {})
        for p, stone in sorted(setup.items()):
            self.turn = int(stone)
            self.push(index[p])
        for p in board.move_stack:
            self.turn = int(board.stones[p])
            self.push(index[p])
        self.base = len(self.stack)
        self.stack.clear()
        self.wins.clear()
        self.hash = board.hash
        self.turn = int(board.turn)
        self.winner = int(board.winner) if board.winner is not None else 0

    # -- reading -----------------------------------------------------------
    def point(self, i: int) -> Point:
        """The board point of cell ``i``."""
        p = self.points[i]
        assert p is not None
        return p

    def patterns(self, i: int, stone: int) -> list[int]:
        """The pattern codes ``stone`` makes on the four lines by playing empty cell ``i``."""
        out = []
        for d in range(4):
            code = self._code(self.keys[4 * i + d])
            out.append(code // 9 if stone == 1 else code % 9)
        return out

    def _code(self, key: int) -> int:
        code = self.table.codes[key]
        return code if code >= 0 else self.table.compute(key)

    def candidates(self) -> list[int]:
        """Empty cells within two cells of a stone (the centre on an empty grid)."""
        cells = self.cells
        found = [i for i in self.near_cells if cells[i] == EMPTY]
        if not found:
            centre = self.index.get(self.rules.centre())
            if centre is not None and cells[centre] == EMPTY:
                return [centre]
            return [i for i, c in enumerate(cells) if c == EMPTY][:1]
        return found

    def evaluate(self) -> int:
        """Static value for the side to move (its potential minus the opponent's)."""
        s = self.turn
        return (self.value[s] * 6) // 5 - self.value[3 - s]

    # -- changing ----------------------------------------------------------
    def _apply(self, i: int, old: int, new: int) -> None:
        """Move cell ``i``'s contribution from pattern pair ``old`` to ``new``."""
        if old == new:
            return
        t = _TRANSITIONS[old * 81 + new] or _transition(old, new)
        self.order[1][i] += t[0]
        self.order[2][i] += t[2]
        self.value[1] += t[1]
        self.value[2] += t[3]
        dicts = self._dicts
        for which, delta in t[4]:
            table = dicts[which]
            n = table.get(i, 0) + delta
            if n:
                table[i] = n
            else:
                del table[i]

    def _add_cell(self, i: int, sign: int) -> None:
        """Add (1) or remove (-1) the contributions of empty cell ``i`` on all lines."""
        keys = self.keys
        for d in range(4):
            code = self._code(keys[4 * i + d])
            if code:
                if sign > 0:
                    self._apply(i, 0, code)
                else:
                    self._apply(i, code, 0)

    def _update(self, i: int, s: int, sign: int) -> None:
        """The keys and patterns of the cells on the lines through ``i``, after
        stone ``s`` was placed (sign 1) or taken away (sign -1) there."""
        cells = self.cells
        keys = self.keys
        codes = self.table.codes
        compute = self.table.compute
        order_x = self.order[1]
        order_o = self.order[2]
        dicts = self._dicts
        trans = _TRANSITIONS
        vx = vo = 0
        base = 4 * i
        for j, off, delta in self.stone_neighbours[s * sign]:
            kj = base + j
            k0 = keys[kj]
            k1 = k0 + delta
            keys[kj] = k1
            q = i + off
            if cells[q] == EMPTY:
                a = codes[k0]
                if a < 0:
                    a = compute(k0)
                b = codes[k1]
                if b < 0:
                    b = compute(k1)
                if a != b:
                    t = trans[a * 81 + b] or _transition(a, b)
                    order_x[q] += t[0]
                    order_o[q] += t[2]
                    vx += t[1]
                    vo += t[3]
                    for which, delta in t[4]:
                        table = dicts[which]
                        n = table.get(q, 0) + delta
                        if n:
                            table[q] = n
                        else:
                            del table[q]
        value = self.value
        value[1] += vx
        value[2] += vo

    def push(self, i: int) -> None:
        """Play the side to move's stone on empty cell ``i`` (no check)."""
        s = self.turn
        win = i in self.fives[s]
        self.wins.append(win)
        if win and not self.winner:
            self.winner = s
        self._add_cell(i, -1)
        self.cells[i] = s
        self._update(i, s, 1)
        near = self.near
        near_cells = self.near_cells
        for off in self.near_offsets:
            q = i + off
            if not near[q]:
                near_cells.add(q)
            near[q] += 1
        self.hash ^= self.zob[s][i]
        self.stack.append(i)
        self.turn = 3 - s

    def pop(self) -> int:
        """Take back the last move and return its cell."""
        i = self.stack.pop()
        s = 3 - self.turn
        self.turn = s
        self.hash ^= self.zob[s][i]
        near = self.near
        near_cells = self.near_cells
        for off in self.near_offsets:
            q = i + off
            near[q] -= 1
            if not near[q]:
                near_cells.discard(q)
        self._update(i, s, -1)
        self.cells[i] = EMPTY
        self._add_cell(i, 1)
        if self.wins.pop() and self.winner == s:
            self.winner = 0
        return i

    def play_points(self, points: Iterable[Point]) -> None:
        """Push the moves at ``points`` (for tests and tools)."""
        for p in points:
            self.push(self.index[p])

