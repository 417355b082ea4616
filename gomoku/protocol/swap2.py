"""The swap openings through the pbrain protocol: ``SWAP2BOARD`` ... ``DONE``, as Piskvork
(2020) and the Gomocup send it, answered by the engine's decisions (``gomoku.engine.swap``).

The block lists the opening's stones one ``x,y`` a line, in play order (black, white,
black, ...), and the answer is one line:

- 0 stones: the three opening stones, ``7,7 8,7 9,9``;
- 3 stones: ``SWAP`` (we take black), one move (we keep white and play it), or two
  moves (a white and a black stone placed; the opponent chooses the colour);
- 5 stones: ``SWAP`` or one move (white's sixth stone).

After the answer the brain's position is the stones with its own placed on them, so
that a TURN (the opponent's next stone) or a BOARD may follow. ``INFO opening swap1``
(this brain's own key, ignored by others as the protocol asks of unknown keys) makes
the 3-stone answer SWAP or one move only, as swap1 allows; ``INFO opening swap2`` is
the default. A block the brain cannot take (a count of stones other than these, a cell
twice or outside the board, stones that already make five) gets one ``ERROR`` line.

The decision's searches share the move's search time (``gomoku.protocol.clock.plan_time``);
while the engine is not ready (its kernels compiling), the time is too short to search or
the brain plays the greedy level (which loads no search),
the answer is one made without a search (``unsearched``): a fixed opening, and black taken.

``SwapCommands`` is a part of the brain (``gomoku.protocol.brain.Brain`` derives from it).

>>> unsearched(Board(Rules.preset("gomocup15"))).protocol_line()
'7,7 8,8 3,7'
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, ClassVar

from gomoku.board import Board, BoardError, Point, Rules, format_point
from gomoku.engine.swap import OPENING_RULES, SwapBudget, SwapDecision, decide
from gomoku.protocol.clock import Budget, TimeControl, plan_time
from gomoku.protocol.position import point_on
from gomoku.protocol.streams import ProtocolError, excerpt

__all__ = ["FIXED_OPENING", "unsearched", "read_stones", "SwapCommands"]

FIXED_OPENING = ((0, 0), (1, 1), (-4, 0))
"""The three stones (offsets from the centre) answered without a search: a diagonal
white stone and a black one four cells off: black's chance 51% by the engine's own weighing
(``strong``, 3000 nodes), where a black stone three cells off gives it 68%."""


def unsearched(board: Board) -> SwapDecision:
    """The answer made without a search: the fixed opening on an empty board, else black taken
    (the first move's edge is black's)."""
    if board.move_stack:
        return SwapDecision(swap=True)
    cx, cy = board.rules.centre()[:2]
    return SwapDecision(stones=tuple((cx + dx, cy + dy) for dx, dy in FIXED_OPENING))


def read_stones(lines: list[str], rules: Rules, size: tuple[int, int], rule: str) -> Board:
    """The board of a SWAP2BOARD block's ``lines`` (``x,y`` each, in play order, or
    ``x,y,c`` as BOARD gives them, as Piskvork and Rapfi do: ``c`` 1 or 2, whose stone it is,
    read but not needed, since the order gives the colours) under ``rules``;
    ``ProtocolError`` (one line) if it is not an opening this rule decides on."""
    counts = (0, 3) if rule == "swap1" else (0, 3, 5)
    if len(lines) not in counts:
        allowed = " or ".join(map(str, counts))
        raise ProtocolError(f"SWAP2BOARD: {len(lines)} stones given; {rule} decides on {allowed}")
    points: list[Point] = []
    for number, line in enumerate(lines, 1):
        coords, _, colour = line.strip().rpartition(",") if line.count(",") == 2 else (line, "", "")
        if colour and colour.strip() not in ("1", "2"):
            raise ProtocolError(f"SWAP2BOARD line {number}: {line.strip()!r}: a stone's colour is 1 or 2")
        try:
            point = point_on(rules, coords, "SWAP2BOARD", size)
        except ProtocolError as exc:
            raise ProtocolError(f"SWAP2BOARD line {number}: {exc} (expected x,y or x,y,c)") from None
        if point in points:
            raise ProtocolError(f"SWAP2BOARD line {number}: {format_point(point)} appears twice")
        points.append(point)
    try:
        board = Board(rules, moves=points)
    except BoardError as exc:
        raise ProtocolError(f"SWAP2BOARD: {exc}") from None
    if board.is_over:
        raise ProtocolError(f"SWAP2BOARD: the stones already make five ({board.result})")
    return board


class SwapCommands:
    """SWAP2BOARD (``SWAP_COMMANDS``), and what of the brain it uses."""

    board: Board | None
    size: tuple[int, int] | None
    time: TimeControl
    ours: Any
    _earlier: list[Board]
    _swap_lines: list[str] | None
    opening_rule: str
    level: str

    def _reply(self, line: str) -> None:
        raise NotImplementedError  # the brain's

    def _need_board(self, command: str) -> Board:
        raise NotImplementedError  # the brain's

    def _refused(self) -> bool:
        raise NotImplementedError  # the brain's

    def _ready_engine(self, budget: Budget, stop: threading.Event) -> tuple[Any, float]:
        raise NotImplementedError  # the brain's

    def _swap2board(self, arg: str) -> None:
        self._need_board("SWAP2BOARD")
        self._swap_lines = []

    def _swap_line(self, line: str) -> bool:
        """A line of a SWAP2BOARD block: kept, or at DONE the block answered."""
        assert self._swap_lines is not None
        if line.upper() != "DONE":
            if line:
                self._swap_lines.append(line)
            return True
        lines, self._swap_lines = self._swap_lines, None
        if self._refused():
            return True
        try:
            self._answer_swap(lines)
        except ProtocolError as exc:
            self._reply(f"ERROR {exc}")
        except Exception as exc:  # never the end of the session
            self._reply(f"ERROR SWAP2BOARD failed ({type(exc).__name__}: {exc})")
        return True

    def _answer_swap(self, lines: list[str]) -> None:
        board = self._need_board("SWAP2BOARD")
        given = read_stones(lines, board.rules, self.size or (0, 0), self.opening_rule)
        budget = plan_time(self.time, len(given.move_stack))
        decision: SwapDecision | None = None
        if not budget.fast and self.level != "greedy":  # a greedy brain never loads the search
            engine, waited = self._ready_engine(budget, threading.Event())
            seconds = budget.search - waited
            if engine is not None and seconds > 0.02:
                decision = decide(engine, given, self.opening_rule, SwapBudget(seconds=seconds))
        if decision is None:
            decision = unsearched(given)
        after = given.copy()
        for stone in decision.stones:
            after.play(stone)
        self.board, self._earlier = after, []
        # Our colour: black when we swap, white when we play one stone; still open otherwise.
        self.ours = given.turn.other if decision.swap else given.turn if len(decision.stones) == 1 else None
        self._reply(decision.protocol_line())

    def _opening_info(self, value: str) -> str | None:
        """INFO opening swap1|swap2: the rule of the SWAP2BOARD answers; a MESSAGE's text if refused."""
        if value.lower() not in OPENING_RULES:
            return f"INFO opening ignored: expected {' or '.join(OPENING_RULES)}, got '{excerpt(value)}'"
        self.opening_rule = value.lower()
        return None

    SWAP_COMMANDS: ClassVar[dict[str, Callable[[SwapCommands, str], None]]] = {"SWAP2BOARD": _swap2board}
    """The commands of this part, by name, for the brain's table."""
