"""Another program as the engine: any pbrain (Gomocup protocol) brain asked for its
move in any position, through the match's protocol client (``BrainPlayer``).

``ExternalEngine`` has the engine's ``hint`` (``gomoku.engine.Engine``'s signature):
the app plays against it and asks it for hints, and a review asks it for the move
it would play (``gomoku.review.advised``). The program is started on first use and
kept between moves; the position goes to it as one ``TURN`` when it only adds the
opponent's reply to what the program knows, else as a ``BOARD``. A program that
cannot start, crashes, says nothing by its deadline (its time and ``GRACE``), or
answers anything but a free cell is an ``EngineError`` of one line; the program is
then ended and the next move starts it afresh.

A pbrain brain plays five in a row on a bounded flat board. A bounded board is
given as it is (``START`` of its size); the endless board as a ``WINDOW`` x
``WINDOW`` board around the stones, moved to keep them in its middle (the program
sees edges that the game has not: the window moves before a stone comes within
``MARGIN`` of them).

The program's ``MESSAGE`` lines are kept (``said``); those in our own brain's form
(``gomoku.protocol.engines.describe_info``) are read as the search's progress, their
score on our search's scale. Anything else a program says is shown as it is, never
turned into a chance: its scale is its own.

>>> info = parse_message("depth 4 | score +12.5 | nodes 3000 | nps 15000 | time 0.20s | pv 9,9 10,10", (-10, -10))
>>> info.depth, info.score, info.pv
(4, 12.5, ((-1, -1), (0, 0)))
>>> parse_message("ev 35 winrate 52%", (0, 0)) is None
True
"""

from __future__ import annotations

import queue
import re
import threading
import time as _time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gomoku.board import Board, Point, Rules, format_point
from gomoku.engine import Hint
from gomoku.match.contestants import BrainPlayer, MatchError, PlayerFailure, program_command, short_name
from gomoku.search.types import WIN_THRESHOLD, SearchInfo

__all__ = [
    "EXTERNAL",
    "WINDOW",
    "MARGIN",
    "GRACE",
    "STARTUP_TIMEOUT",
    "DEFAULT_TIME",
    "EngineError",
    "EngineStopped",
    "EngineHint",
    "ExternalEngine",
    "external_engine",
    "unplayable_for_brain",
    "parse_message",
]

EXTERNAL = "engine"
"""The level that names the external program (``engine: NAME`` where it is shown)."""

WINDOW = 20
"""The side of the board an endless game is given to a program as (Gomocup's size)."""

MARGIN = 3
"""The window moves before a stone comes this close to its edge."""

GRACE = 2.0
"""Seconds a program may be late with its move before it counts as silent."""

STARTUP_TIMEOUT = 15.0
"""Seconds a program has to answer START (a Python brain imports its engine first)."""

DEFAULT_TIME = 1.0
"""A move's seconds when the caller gives none (a node or depth limit is ours only)."""

POLL = 0.05
"""How often a wait looks whether it was asked to stop."""


class EngineError(Exception):
    """The external program failed: the message says how, in one line."""


class EngineStopped(EngineError):
    """A request was asked to stop (its ``stop`` set) before the program answered."""


@dataclass(frozen=True)
class EngineHint(Hint):
    """A program's move as a hint: ``scored`` when its score is our search's (read from
    MESSAGE lines in our brain's form), ``said`` its last MESSAGE line."""

    scored: bool = False
    said: str = ""


def unplayable_for_brain(rules: Rules) -> str:
    """Why a pbrain program cannot play these rules ("" when it can).

    >>> unplayable_for_brain(Rules.preset("gomocup15")), unplayable_for_brain(Rules())
    ('', '')
    >>> unplayable_for_brain(Rules.preset("connect4"))
    'a pbrain program plays five in a row on a flat board without gravity, not Connect Four'
    """
    if rules.dims != 2 or rules.k != 5 or rules.gravity:
        return f"a pbrain program plays five in a row on a flat board without gravity, not {rules.title()}"
    if rules.bounds is not None:
        (lx, ly), (hx, hy) = rules.bounds
        if min(hx - lx, hy - ly) + 1 < 5:
            return f"a pbrain program needs a board of 5 cells a side or more, not {rules.title()}"
    return ""


_OURS = re.compile(
    r"depth (\d+) \| score ([-+0-9.e]+) \| nodes (\d+) \| nps (\d+) \| time ([0-9.]+)s( \| forced win)? \| pv (.*)$"
)


def parse_message(text: str, origin: Point) -> SearchInfo | None:
    """A MESSAGE line's text as a search's progress, if it is in our brain's form
    (``describe_info``), its points moved by ``origin``; else None."""
    found = _OURS.match(text.strip())
    if found is None:
        return None
    try:
        pv = tuple(_point(word, origin) for word in found.group(7).split() if word != "-")
        score = float(found.group(2))
    except ValueError:
        return None
    depth, nodes, nps, seconds = int(found.group(1)), int(found.group(3)), float(found.group(4)), float(found.group(5))
    forced = bool(found.group(6)) or score > WIN_THRESHOLD
    return SearchInfo(depth, score, pv, nodes, seconds, nps, 0, 0.0, forced)


def _point(text: str, origin: Point) -> Point:
    x, y = text.split(",")
    return (int(x) + origin[0], int(y) + origin[1])


class ExternalEngine:
    """A pbrain program as an engine: ``hint(board, time=...)`` is its move for the side
    to move. One request at a time; ``stop`` (set from another thread) ends the wait at
    once, the answer still owed being read and dropped by the next request."""

    def __init__(
        self,
        command: Sequence[str],
        *,
        startup_timeout: float = STARTUP_TIMEOUT,
        grace: float = GRACE,
        window: int = WINDOW,
    ) -> None:
        self.command = list(command)
        self.name = short_name(self.command)
        self.startup_timeout = startup_timeout
        self.grace = grace
        self.window = window
        self.said: list[str] = []
        """Every MESSAGE line of the program's last answer."""
        self._player: BrainPlayer | None = None
        self._size: tuple[int, int] | None = None  # the board the program was started with
        self._overline = True
        self._origin: Point = (0, 0)  # our point of the program's 0,0
        self._known: tuple[Point, tuple[tuple[Point, int], ...], tuple[Point, ...]] | None = None
        """What the program's board holds: the origin, the set-up stones and the moves (its own last)."""
        self._turn_ms: int | None = None
        self._owed: float | None = None  # the deadline of an answer a stopped request left unread
        self._lock = threading.Lock()

    # -- the engine's interface ---------------------------------------------------------------
    def hint(
        self,
        board: Board,
        *,
        time: float | None = None,
        on_info: Callable[[SearchInfo], None] | None = None,
        stop: threading.Event | None = None,
        **limits: Any,
    ) -> EngineHint:
        """The program's move for the side to move on ``board`` (left unchanged), thought
        for ``time`` seconds (``DEFAULT_TIME`` if None; node and depth limits are ours
        only: ignored). EngineError (one line) when the program fails."""
        reason = unplayable_for_brain(board.rules)
        if reason:
            raise EngineError(reason)
        if board.is_over:
            raise EngineError("the game is over")
        seconds = time if time is not None and time > 0 else DEFAULT_TIME
        stop = stop or threading.Event()
        with self._lock:
            try:
                return self._ask(board, seconds, on_info, stop)
            except PlayerFailure as exc:
                self._end()
                raise EngineError(f"{self.name}: {exc.reason}") from None
            except MatchError as exc:
                self._end()
                raise EngineError(f"{self.name}: {exc}") from None
            except EngineStopped:
                raise  # the program goes on: its answer is read and dropped by the next request
            except EngineError:
                self._end()
                raise
            except (OSError, ValueError, AssertionError, AttributeError) as exc:  # closed under us
                self._end()
                raise EngineError(f"{self.name}: {type(exc).__name__}: {exc}") from None

    def close(self) -> None:
        """End the program (END, then killed if it lingers)."""
        self._end()

    # -- a request ----------------------------------------------------------------------------
    def _ask(
        self, board: Board, seconds: float, on_info: Callable[[SearchInfo], None] | None, stop: threading.Event
    ) -> EngineHint:
        size = self._board_size(board.rules)
        origin = self._place(board, size)
        player = self._started(board.rules, size, seconds, stop)
        self._settle(player, stop)
        turn_ms = max(1, round(seconds * 1000))
        if turn_ms != self._turn_ms:
            player._send(f"INFO timeout_turn {turn_ms}")
            self._turn_ms = turn_ms
        what = self._send_position(player, board, origin)
        started = _time.monotonic()
        deadline = started + seconds + self.grace
        self.said = []
        info: SearchInfo | None = None
        while True:
            line = self._line(player, deadline, what, stop)
            word = line.partition(" ")[0].upper()
            if word in ("MESSAGE", "DEBUG"):
                text = line[len(word) :].strip()
                self.said.append(text)
                found = parse_message(text, origin)
                if found is not None:
                    info = found
                    if on_info is not None:
                        on_info(found)
                continue
            if line:
                break
        answer = line
        suggested = answer.upper().startswith("SUGGEST ")
        if suggested:  # a proposal, taken as the move: its board does not hold it, and is told afresh next time
            answer = answer[8:].strip()
        move = self._move_of(answer, board, origin, what)
        setup = tuple(sorted((p, int(s)) for p, s in board.setup.items()))
        self._known = None if suggested else (origin, setup, (*board.move_stack, move))
        spent = _time.monotonic() - started
        said = next((text for text in reversed(self.said) if text), "")
        if info is not None and info.pv and info.pv[0] == move:
            return EngineHint(
                move, info.score, info.pv, info.depth, info.nodes, spent, info.forced_win, EXTERNAL, (), True, said
            )
        return EngineHint(move, 0.0, (move,), 0, 0, spent, False, EXTERNAL, (), False, said)

    def _board_size(self, rules: Rules) -> tuple[int, int]:
        if rules.bounds is None:
            return (self.window, self.window)
        (lx, ly), (hx, hy) = rules.bounds
        return (hx - lx + 1, hy - ly + 1)

    def _place(self, board: Board, size: tuple[int, int]) -> Point:
        """Our point of the program's 0,0: the board's corner, or for the endless board
        the window's, kept while every stone is ``MARGIN`` from its edges, else centred."""
        if board.rules.bounds is not None:
            origin = tuple(board.rules.bounds[0])
            self._origin = (origin[0], origin[1])
            return self._origin
        stones = list(board.stones)
        if not stones:
            self._origin = (-(size[0] // 2), -(size[1] // 2))
            return self._origin
        low = [min(p[i] for p in stones) for i in (0, 1)]
        high = [max(p[i] for p in stones) for i in (0, 1)]
        span = [high[i] - low[i] + 1 for i in (0, 1)]
        if span[0] > size[0] or span[1] > size[1]:
            raise EngineError(
                f"the stones span {span[0]}x{span[1]} cells: more than the {size[0]}x{size[1]} board "
                f"a pbrain program is given of the endless board"
            )
        current = self._origin
        inside = all(
            current[i] + min(MARGIN, (size[i] - span[i]) // 2) <= low[i]
            and high[i] <= current[i] + size[i] - 1 - min(MARGIN, (size[i] - span[i]) // 2)
            for i in (0, 1)
        )
        if not inside:
            self._origin = (low[0] - (size[0] - span[0]) // 2, low[1] - (size[1] - span[1]) // 2)
        return self._origin

    def _started(self, rules: Rules, size: tuple[int, int], seconds: float, stop: threading.Event) -> BrainPlayer:
        """The program, started (START of ``size``) if it is not running for this board."""
        if self._player is not None and self._size == size and self._overline == rules.overline:
            process = self._player.process
            if process is not None and process.poll() is None:
                return self._player
        self._end()
        if stop.is_set():
            raise EngineStopped("stopped")
        player = BrainPlayer(self.command, name=self.name, startup_timeout=self.startup_timeout)
        self._player = player
        bounds = ((0, 0), (size[0] - 1, size[1] - 1))
        player.new_game(Rules(bounds=bounds, overline=rules.overline, name="external"), round(seconds * 1000))
        self._size, self._overline = size, rules.overline
        self._turn_ms = round(seconds * 1000)
        return player

    def _settle(self, player: BrainPlayer, stop: threading.Event) -> None:
        """Read and drop the answer a stopped request left owed (the program is restarted
        if it does not come by its deadline)."""
        if self._owed is None:
            return
        deadline, self._owed = self._owed, None
        while True:
            line = self._line(player, deadline, "an earlier request", stop)
            word = line.partition(" ")[0].upper()
            if line and word not in ("MESSAGE", "DEBUG"):
                return

    def _send_position(self, player: BrainPlayer, board: Board, origin: Point) -> str:
        """Tell the program the position: TURN when it adds one move to what it knows,
        BEGIN on the empty board, else BOARD; the command's name, for an error."""
        moves = tuple(board.move_stack)
        setup = tuple(sorted((p, int(s)) for p, s in board.setup.items()))
        known = self._known
        local = self._local
        if known is not None and known[0] == origin and known[1] == setup and moves[:-1] == known[2] and moves:
            player._send(f"TURN {local(moves[-1], origin)}")
            return "TURN"
        if not moves and not setup:
            if known is not None:
                player._send("RESTART")
                answer = self._line(player, _time.monotonic() + self.startup_timeout, "RESTART", threading.Event())
                if answer.upper() != "OK":
                    raise EngineError(f"{self.name}: answered {answer[:60]!r} to RESTART, not OK")
            player._send("BEGIN")
            return "BEGIN"
        mine = board.turn
        lines = ["BOARD"]
        for point, stone in (*board.setup.items(), *((p, board.stones[p]) for p in moves)):
            lines.append(f"{local(point, origin)},{1 if stone is mine else 2}")
        lines.append("DONE")
        for line in lines:
            player._send(line)
        return "BOARD"

    @staticmethod
    def _local(point: Point, origin: Point) -> str:
        return f"{point[0] - origin[0]},{point[1] - origin[1]}"

    def _line(self, player: BrainPlayer, deadline: float, what: str, stop: threading.Event) -> str:
        """The program's next line by ``deadline``, looking every ``POLL`` whether to stop."""
        while True:
            if stop.is_set():
                self._owed = deadline
                raise EngineStopped("stopped")
            remaining = deadline - _time.monotonic()
            if remaining <= 0:
                raise EngineError(f"{self.name}: time-out: no answer to {what} in time")
            try:
                line = player.lines.get(timeout=min(POLL, remaining))
            except queue.Empty:
                continue
            if line is None:
                raise PlayerFailure(player._crash_reason())
            return line

    def _move_of(self, answer: str, board: Board, origin: Point, what: str) -> Point:
        if answer.upper().startswith(("ERROR", "UNKNOWN")):
            raise EngineError(f"{self.name}: answered {answer[:60]!r} to {what}")
        try:
            move = _point(answer, origin)
        except ValueError:
            raise EngineError(f"{self.name}: answered {answer[:60]!r} to {what}, not a move x,y") from None
        if move in board.stones or not board.rules.contains(move):
            where = "taken" if move in board.stones else "off the board"
            raise EngineError(f"{self.name}: answered {format_point(move)}, a cell {where}")
        return move

    def _end(self) -> None:
        player, self._player = self._player, None
        self._known, self._owed, self._size = None, None, None
        if player is not None:
            player.close()


def external_engine(spec: str, **options: Any) -> ExternalEngine:
    """The engine of a command line (a path, or a path with its arguments); a one-line
    ValueError when it names no program that can be run."""
    try:
        command = program_command(spec)
    except ValueError as exc:
        raise ValueError(f"engine {spec!r}: {exc}") from None
    if command is None:
        raise ValueError(f"engine {spec!r}: no such program, or not one that can be run")
    return ExternalEngine(command, **options)
