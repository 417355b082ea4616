"""YXBALANCEONE and YXBALANCETWO: Yixin-Board's request for a move (or two) after which
the position is balanced, as Rapfi answers it, weighed by the engine's own win chance.

``YXBALANCEONE [bias]`` places one stone for the side to move, ``YXBALANCETWO [bias]``
two (one for the side to move, then one for the other side), each answered on one line as
the moves (``7,8``; ``7,8 9,6``) and played on the brain's board. The stones are the
placement, among the candidates next to the stones (``BALANCE_CANDIDATES`` at most),
after which the side that placed the last stone has the chance closest to the target
(``target``): what a score of ``bias`` is worth by the engine's map (``gomoku.engine.chance``,
without its side-to-move term), ``bias`` a score in the engine's units (the MESSAGE lines'
``score``), 0 by default: 50%. Each placement is weighed by a search
of at most ``BALANCE_NODES`` nodes (``gomoku.engine.swap.black_chance``, as the swap
openings weigh theirs), all of them within the move's search time.

``BalanceCommands`` is a part of the brain (``gomoku.protocol.brain.Brain`` derives
from it); ``placements``, ``target`` and ``closest`` are the pure parts.

>>> from gomoku.protocol.position import rules_for
>>> board = Board(rules_for(15, 15, 0), moves=[(7, 7)])
>>> placements(board, 2, lambda b, p: True, limit=3)
[((6, 6), (5, 5)), ((6, 7), (5, 7)), ((6, 8), (5, 9))]
>>> closest([0.8, 0.45, 0.6], 0.5), target(0), round(target(500), 2)
(1, 0.5, 0.74)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from gomoku.board import Board, Point, Stone, format_point
from gomoku.engine.chance import ChanceModel, default_model, percent
from gomoku.engine.swap import SwapBudget, black_chance
from gomoku.protocol.clock import Budget, TimeControl, plan_time
from gomoku.protocol.position import is_legal
from gomoku.protocol.streams import ProtocolError, excerpt, to_int

__all__ = ["BALANCE_NODES", "BALANCE_CANDIDATES", "placements", "closest", "target", "BalanceCommands"]

BALANCE_NODES = 3000
"""The most nodes one placement's search takes (the swap openings' figure)."""

BALANCE_CANDIDATES = 16
"""The most placements weighed for one answer."""

MAX_BIAS = 100_000
"""The largest bias (either sign) taken: a score past a proven win's means nothing more."""


def placements(
    board: Board, count: int, allowed: Callable[[Board, Point], bool], limit: int
) -> list[tuple[Point, ...]]:
    """Up to ``limit`` placements of ``count`` (1 or 2) stones on ``board``, in play order:
    the first a cell next to the stones (around the centre on an empty board), the second
    one next to the stones after it, each ``allowed`` for the side that places it; none
    that ends the game."""
    firsts = [p for p in _near(board) if allowed(board, p)]
    found: list[tuple[Point, ...]] = []
    for first in firsts:
        after = board.copy()
        after.push(first)
        if after.is_over:
            continue
        if count == 1:
            found.append((first,))
        else:
            seconds = [p for p in _near(after) if allowed(after, p) and not _ends(after, p)]
            if not seconds:
                continue
            found.append((first, seconds[len(found) % len(seconds)]))  # varied, and the same each time
        if len(found) >= limit:
            break
    return found


def _near(board: Board) -> list[Point]:
    if board.stones:
        return board.candidates(1)
    cx, cy = board.rules.centre()[:2]
    cells = [(cx + dx, cy + dy) for dy in range(-2, 3) for dx in range(-2, 3)]
    return [p for p in cells if board.rules.contains(p)]


def _ends(board: Board, point: Point) -> bool:
    after = board.copy()
    after.push(point)
    return after.is_over


def target(bias: float) -> float:
    """The chance a side at score ``bias`` has by the shipped map, its side-to-move term left
    out (that term is the edge of the side to move, and the target is the other side's): 0.5 at 0."""
    return ChanceModel(a=default_model().a).chance(bias)


def closest(chances: Sequence[float], target: float) -> int:
    """The index of the chance closest to ``target`` (the first of equals)."""
    return min(range(len(chances)), key=lambda i: (abs(chances[i] - target), i))


class BalanceCommands:
    """YXBALANCEONE and YXBALANCETWO (``BALANCE_COMMANDS``), and what of the brain they use."""

    board: Board | None
    walls: set[Point]
    blocked: set[Point]
    ours: Stone | None
    time: TimeControl
    level: str
    _earlier: list[Board]
    _lock: threading.Lock
    _stop: threading.Event | None

    def write(self, line: str) -> None:
        raise NotImplementedError  # the brain's

    def _reply(self, line: str) -> None:
        raise NotImplementedError  # the brain's

    def _need_board(self, command: str) -> Board:
        raise NotImplementedError  # the brain's

    def _refused(self) -> bool:
        raise NotImplementedError  # the brain's

    def _ready_engine(self, budget: Budget, stop: threading.Event) -> tuple[Any, float]:
        raise NotImplementedError  # the brain's

    def _balance_one(self, arg: str) -> None:
        self._balance("YXBALANCEONE", arg, 1)

    def _balance_two(self, arg: str) -> None:
        self._balance("YXBALANCETWO", arg, 2)

    def _balance(self, command: str, arg: str, count: int) -> None:
        board = self._need_board(command)
        words = arg.split()
        bias = to_int(words[0]) if words else 0
        if len(words) > 1 or bias is None or abs(bias) > MAX_BIAS:
            raise ProtocolError(
                f"{command} {excerpt(arg)}: expected a bias, an integer within +-{MAX_BIAS}, or nothing"
            )
        if board.is_over:
            raise ProtocolError(f"{command}: the game is over ({board.result})")
        if self._refused():
            return
        candidates = placements(board, count, self._allowed, BALANCE_CANDIDATES)
        if not candidates:
            raise ProtocolError(f"{command}: no {'move' if count == 1 else 'pair of moves'} to place here")
        budget = plan_time(self.time, len(board.stones))
        stop = threading.Event()
        with self._lock:
            self._stop = stop
        try:
            weighed = self._weigh(command, board, candidates, budget, stop)
        finally:
            with self._lock:
                self._stop = None
        aim = target(float(bias))
        best = closest([chance for _, chance in weighed], aim)
        stones, chance = weighed[best]
        after = board.copy()
        for stone in stones:
            after.push(stone)
        self.board, self._earlier = after, []
        self.ours = board.turn if count == 1 else None  # two stones: the colours are still open
        moves = " ".join(format_point(p) for p in stones)
        self.write(
            f"MESSAGE {command} {moves}: {percent(chance)}% for the side that placed the last stone "
            f"(target {percent(aim)}%; {len(weighed)} placements weighed)"
        )
        self._reply(moves)

    def _allowed(self, board: Board, point: Point) -> bool:
        return point not in self.blocked and is_legal(board, self.walls, point)

    def _weigh(
        self, command: str, board: Board, candidates: list[tuple[Point, ...]], budget: Budget, stop: threading.Event
    ) -> list[tuple[tuple[Point, ...], float]]:
        """Each placement's chance for the side that placed its last stone, by a bounded
        search, as many as the search time allows (at least one); ``ProtocolError`` if the
        engine cannot search now."""
        engine = None
        waited = 0.0
        if not budget.fast and self.level != "greedy":
            engine, waited = self._ready_engine(budget, stop)
        if engine is None or budget.search - waited <= 0.02:
            raise ProtocolError(
                f"{command}: the engine cannot search now (greedy level, still getting ready, "
                "or timeout_turn too short); try again"
            )
        deadline = time.monotonic() + budget.search - waited
        weighed: list[tuple[tuple[Point, ...], float]] = []
        for index, stones in enumerate(candidates):
            left = deadline - time.monotonic()
            if weighed and (left <= 0 or stop.is_set()):
                break
            after = board.copy()
            for stone in stones:
                after.push(stone)
            share = max(left / (len(candidates) - index), 0.005)
            black = black_chance(engine, after, SwapBudget(seconds=share, nodes=BALANCE_NODES))
            last = after.turn.other  # the side that placed the last stone
            weighed.append((stones, black if last is Stone.X else 1.0 - black))
        return weighed

    BALANCE_COMMANDS: ClassVar[dict[str, Callable[[BalanceCommands, str], None]]] = {
        "YXBALANCEONE": _balance_one,
        "YXBALANCETWO": _balance_two,
    }
    """The commands of this part, by name, for the brain's table."""
