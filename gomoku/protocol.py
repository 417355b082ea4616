"""The Gomocup ``pbrain`` protocol: the engine as a brain for tournament managers.

A manager (Piskvork, a GUI, our own match runner) starts the brain and talks to
it one line at a time: commands on stdin, answers on stdout, flushed per line.
``Brain`` holds the position and the clock and answers one command line at a
time; ``serve`` runs it on two streams with a reader thread, so that ``STOP``
and ``END`` are heard while the engine thinks. The engine is injected: any
object with ``hint(board, *, time=..., level=..., on_info=..., stop=...)``
returning something with a ``.move`` (``gomoku.engine.Engine`` by default).

A short dialogue (``Brain.handle`` answers through ``write``):

>>> lines = []
>>> brain = Brain(lambda memory_mb: _FirstCandidate(), write=lines.append)
>>> for command in ["START 20", "INFO timeout_turn 1000", "TURN 10,10", "ABOUT", "FOO"]:
...     _ = brain.handle(command)
>>> lines[0], lines[1], lines[3]
('OK', '9,9', 'UNKNOWN unknown command FOO')

Coordinates are the protocol's: ``x,y``, 0-based, x the column, inside the box
given by START/RECTSTART. See ``docs/notes/protocol.md`` for what each command
does here, and ``/work/shared/docs/pbrain-protocol.md`` for the protocol.
"""

from __future__ import annotations

import argparse
import queue
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol, Sequence, TextIO

from gomoku import __version__
from gomoku.board import Board, Point, Rules, Stone, format_point

UNLIMITED_MS = 2147483647
"""What managers send as ``time_left`` when the match time is unlimited."""

DEFAULT_TIMEOUT_TURN_MS = 5000
"""The turn time assumed until the manager sends ``INFO timeout_turn``."""

MAX_SIZE = 1_000_000
"""The widest board START or RECTSTART accepts (the engine itself is endless)."""

ABOUT = f'name="gomoku", version="{__version__}", author="the gomoku project"'

# The reply margin: what a move costs besides the search (Python, the pipe,
# the manager), taken off every deadline.
REPLY_MARGIN = 0.06
# Below this much search time the brain plays the greedy level at once.
FAST_THRESHOLD = 0.03
# The longest the deadline timer waits (seconds): a day.
MAX_TIMER = 86400.0


class ProtocolError(ValueError):
    """A command the brain understood but cannot carry out; answered ``ERROR <message>``."""


class HintEngine(Protocol):
    """What the brain needs of an engine (``gomoku.engine.Engine`` has it)."""

    def hint(self, board: Board, **limits: Any) -> Any: ...


# -- the clock ----------------------------------------------------------------
@dataclass
class TimeControl:
    """The limits the manager announced, in milliseconds as the protocol has them.

    ``timeout_turn`` 0 means "as fast as possible"; ``timeout_match`` 0 means no
    match limit; ``time_left`` is None until the manager sends it (or when it
    is ``UNLIMITED_MS``). ``used`` is the time the brain has spent on its own
    moves this game: without ``time_left``, the match time left is
    ``timeout_match`` less it.
    """

    timeout_turn: int = DEFAULT_TIMEOUT_TURN_MS
    timeout_match: int = 0
    time_left: int | None = None
    used: int = 0


@dataclass(frozen=True)
class Budget:
    """The time for one move, in seconds.

    ``search`` goes to the engine as its limit; ``deadline`` is when the brain
    tells the engine to stop regardless. ``fast`` asks for the greedy level
    (no search): the time is too short for anything else.
    """

    search: float
    deadline: float
    fast: bool = False


def moves_to_go(ply: int) -> int:
    """How many more moves of ours to spread the match time over.

    >>> moves_to_go(0), moves_to_go(60), moves_to_go(400)
    (30, 15, 10)
    """
    return max(10, 30 - ply // 4)


def plan_time(control: TimeControl, ply: int) -> Budget:
    """The budget for the move at ``ply`` (the number of stones on the board).

    The engine stops within 5% + 20 ms of its limit, and the brain stops it at
    the deadline anyway, so ``search * 1.05 + 0.02 <= deadline``; the deadline
    keeps ``REPLY_MARGIN`` and a tenth of the turn time clear of the turn
    limit, and spends at most half of the match time left.

    >>> budget = plan_time(TimeControl(timeout_turn=1000), 0)
    >>> round(budget.search, 3), round(budget.deadline, 3), budget.fast
    (0.781, 0.84, False)
    >>> plan_time(TimeControl(timeout_turn=0), 0).fast
    True
    >>> plan_time(TimeControl(timeout_turn=10000, time_left=3000), 0).deadline < 1.5
    True
    """
    deadlines = []
    shares = []
    if control.timeout_turn <= 0:
        return Budget(0.0, REPLY_MARGIN, fast=True)
    turn = control.timeout_turn / 1000
    deadlines.append(turn * 0.9 - REPLY_MARGIN)
    left = control.time_left
    if left is None and control.timeout_match > 0:
        left = control.timeout_match - control.used
    if left is not None and left < UNLIMITED_MS:
        seconds = max(left, 0) / 1000
        deadlines.append(seconds * 0.5 - REPLY_MARGIN)
        shares.append(seconds / moves_to_go(ply))
    deadline = min(deadlines)
    search = (deadline - 0.02) / 1.05
    if shares:
        search = min(search, min(shares))
    if search < FAST_THRESHOLD:
        return Budget(0.0, max(deadline, 0.0), fast=True)
    return Budget(search, deadline)


# -- parsing ------------------------------------------------------------------
def parse_int(text: str, what: str) -> int:
    """A decimal integer, or ProtocolError naming ``what`` was expected.

    >>> parse_int(" 42 ", "size")
    42
    >>> parse_int("x", "size")
    Traceback (most recent call last):
    ...
    gomoku.protocol.ProtocolError: expected size as an integer, got 'x'
    """
    try:
        return int(text.strip())
    except ValueError:
        raise ProtocolError(f"expected {what} as an integer, got {text.strip()!r}") from None


def parse_coords(text: str, count: int = 2) -> tuple[int, ...]:
    """``"x,y"`` (``count`` comma-separated integers) as a tuple.

    >>> parse_coords("10, 11")
    (10, 11)
    >>> parse_coords("10,11,2", 3)
    (10, 11, 2)
    >>> parse_coords("10")
    Traceback (most recent call last):
    ...
    gomoku.protocol.ProtocolError: expected x,y, got '10'
    """
    fields = text.strip().split(",")
    shape = ",".join("xyf"[i] if i < 3 else "n" for i in range(count))
    if len(fields) != count:
        raise ProtocolError(f"expected {shape}, got {text.strip()!r}")
    try:
        return tuple(int(f.strip()) for f in fields)
    except ValueError:
        raise ProtocolError(f"expected {shape} as integers, got {text.strip()!r}") from None


def rules_for(width: int, height: int, rule: int) -> Rules:
    """The board of a START/RECTSTART under INFO ``rule`` (bit 1: exactly five)."""
    exact = bool(rule & 1) or bool(rule & 4)  # renju: exact five is the nearest we play
    name = f"{'standard' if exact else 'freestyle'}{width}" + (f"x{height}" if height != width else "")
    return Rules(overline=not exact, bounds=((0, 0), (width - 1, height - 1)), name=name)


def describe_info(info: Any) -> str:
    """A ``SearchInfo`` as the text of one MESSAGE line."""
    pv = " ".join(format_point(p) for p in getattr(info, "pv", ()))
    parts = [
        f"depth {getattr(info, 'depth', '?')}",
        f"score {getattr(info, 'score', 0):+g}",
        f"nodes {getattr(info, 'nodes', 0)}",
        f"nps {round(getattr(info, 'nps', 0) or 0)}",
        f"time {getattr(info, 'time', 0):.2f}s",
    ]
    if getattr(info, "forced_win", False):
        parts.append("forced win")
    parts.append(f"pv {pv}" if pv else "pv -")
    return " | ".join(parts)


# -- the brain ----------------------------------------------------------------
EngineFactory = Callable[[int | None], HintEngine]


# What the interpreter and the engine's code take besides its tables.
PROCESS_MB = 40


def default_engine_factory(level: str = "strong") -> EngineFactory:
    """An ``Engine`` of ``level`` for a memory budget in MB (imported lazily).

    The engine's tables get the budget less what the process itself needs.
    """

    def make(memory_mb: int | None) -> HintEngine:
        from gomoku.engine import Engine

        tables = None if memory_mb is None else max(memory_mb - PROCESS_MB, 8)
        return Engine(level, memory_mb=tables)

    return make


def level_limits(level: str, seconds: float) -> dict[str, Any]:
    """The engine limits for a move of ``level`` with ``seconds`` on the clock.

    The clock sets the time; the level keeps its own depth and node caps (so
    ``normal`` still searches 4 plies), but not its time, which is the hint's
    default and not a brain's.

    >>> level_limits("normal", 2.0)
    {'time': 2.0, 'depth': 4}
    >>> level_limits("strong", 2.0)
    {'time': 2.0}
    """
    limits: dict[str, Any] = {"time": seconds}
    try:
        from gomoku.engine import LEVELS
    except ImportError:  # pragma: no cover - the engine is part of the package
        return limits
    base = LEVELS.get(level)
    if base is not None:
        if base.depth is not None:
            limits["depth"] = base.depth
        if base.nodes is not None:
            limits["nodes"] = base.nodes
    return limits


class Brain:
    """One pbrain session: the board, the clock, and the answers to commands.

    ``handle(line)`` answers one line through ``write`` (one call per output
    line, no newline) and returns False after END. A command that asks for a
    move runs the engine in the calling thread; ``request_stop`` (from another
    thread) makes it answer with the best move so far.
    """

    def __init__(
        self,
        engine_factory: EngineFactory | None = None,
        write: Callable[[str], None] | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        level: str = "strong",
    ) -> None:
        self._factory = engine_factory or default_engine_factory(level)
        self.level = level
        self._write_line = write or (lambda line: print(line, flush=True))
        self.clock = clock
        self.time = TimeControl()
        self.max_memory: int | None = None
        self.rule = 0
        self.size: tuple[int, int] | None = None
        self.board: Board | None = None
        self.walls: set[Point] = set()
        self.closed = False
        self._engine: HintEngine | None = None
        self._engine_memory: int | None = None
        self._board_lines: list[str] | None = None
        self._notes: list[str] = []
        self._lock = threading.Lock()
        self._board_thinks = True
        self._stop: threading.Event | None = None
        self._ending = False

    # -- output ------------------------------------------------------------
    def write(self, line: str) -> None:
        """Send one line, unless the session has ended."""
        with self._lock:
            if not self.closed:
                try:
                    self._write_line(line)
                except (OSError, ValueError):  # the manager has gone: nothing to answer
                    self.closed = True

    def _reply(self, line: str) -> None:
        for note in self._notes:
            self.write(f"MESSAGE {note}")
        self._notes.clear()
        self.write(line)

    # -- control from other threads ----------------------------------------
    def request_stop(self) -> None:
        """Make the current search (if any) answer now with its best move."""
        with self._lock:
            if self._stop is not None:
                self._stop.set()

    def request_end(self) -> None:
        """END is on its way (the reader has seen it): stop the current search, and any
        search still to start before END is handled, at once."""
        with self._lock:
            self._ending = True
            if self._stop is not None:
                self._stop.set()

    def close(self) -> None:
        """END: stop thinking and write nothing more."""
        self.request_stop()
        with self._lock:
            self.closed = True

    @property
    def thinking(self) -> bool:
        return self._stop is not None

    # -- commands ----------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Answer one command line; False once the session is over (END)."""
        line = line.strip().lstrip("\ufeff")
        if self._board_lines is not None:
            return self._board_line(line)
        if not line:
            return True
        word, _, rest = line.partition(" ")
        command = word.upper()
        try:
            if command == "END":
                self.close()
                return False
            handler = self._COMMANDS.get(command)
            if handler is None:
                self._reply(f"UNKNOWN unknown command {word}")
            else:
                handler(self, rest.strip())
        except ProtocolError as exc:
            self._reply(f"ERROR {exc}")
        return True

    def _start(self, arg: str) -> None:
        size = parse_int(arg, "the board size") if arg else 0
        self._new_board(size, size, "START")

    def _rectstart(self, arg: str) -> None:
        width, height = parse_coords(arg.replace(" ", ""))
        self._new_board(width, height, "RECTSTART")

    def _new_board(self, width: int, height: int, command: str) -> None:
        if not (5 <= width <= MAX_SIZE and 5 <= height <= MAX_SIZE):
            raise ProtocolError(f"{command}: unsupported size {width}x{height}; expected 5 to {MAX_SIZE}")
        self.size = (width, height)
        self.board = Board(rules_for(width, height, self.rule))
        self.walls = set()
        self.time.used = 0  # a new game: the match clock starts again
        # Make the engine and its tables now: START is not on the turn clock.
        engine = self.engine()
        prepare = getattr(engine, "prepare", None)
        if callable(prepare):
            prepare(self.board.rules)
        self._reply("OK")

    def _restart(self, arg: str) -> None:
        if self.size is None:
            raise ProtocolError("RESTART before START: send START size first")
        self._new_board(*self.size, "RESTART")

    def _need_board(self, command: str) -> Board:
        if self.board is None:
            raise ProtocolError(f"{command} before START: send START size first")
        return self.board

    def _point(self, board: Board, arg: str, command: str) -> Point:
        point = parse_coords(arg)
        if not board.rules.contains(point):
            width, height = self.size or (0, 0)
            raise ProtocolError(
                f"{command} {format_point(point)} is outside the board (0..{width - 1}, 0..{height - 1})"
            )
        return point

    def _turn(self, arg: str) -> None:
        board = self._need_board("TURN")
        point = self._point(board, arg, "TURN")
        if point in board.stones or point in self.walls:
            raise ProtocolError(f"TURN {format_point(point)}: that cell is already taken")
        if board.is_over:
            raise ProtocolError(f"TURN {format_point(point)}: the game is over ({board.result})")
        board.push(point)
        self._think()

    def _begin(self, arg: str) -> None:
        board = self._need_board("BEGIN")
        if board.stones or self.walls:
            raise ProtocolError("BEGIN needs an empty board (send RESTART, or BOARD for a position)")
        self._think()

    def _play(self, arg: str) -> None:
        # The manager's answer to SUGGEST: play that move as ours and echo it.
        board = self._need_board("PLAY")
        point = self._point(board, arg, "PLAY")
        if point in board.stones or point in self.walls or board.is_over:
            raise ProtocolError(f"PLAY {format_point(point)}: not a legal move here")
        board.push(point)
        self._reply(format_point(point))

    def _takeback(self, arg: str) -> None:
        board = self._need_board("TAKEBACK")
        point = self._point(board, arg, "TAKEBACK")
        if point in self.walls:
            self.walls.discard(point)
        elif board.move_stack and board.move_stack[-1] == point:
            board.pop()
        elif point in board.stones:
            raise ProtocolError(f"TAKEBACK {format_point(point)}: only the last move can be taken back")
        else:
            raise ProtocolError(f"TAKEBACK {format_point(point)}: there is no stone there")
        self._reply("OK")

    def _board(self, arg: str) -> None:
        self._need_board("BOARD")
        self._board_lines = []
        self._board_thinks = True

    def _yxboard(self, arg: str) -> None:
        self._board(arg)
        self._board_thinks = False

    def _board_line(self, line: str) -> bool:
        if line.upper() != "DONE":
            if line:
                assert self._board_lines is not None
                self._board_lines.append(line)
            return True
        lines, self._board_lines = self._board_lines or [], None
        try:
            self._set_position(lines)
            if self._board_thinks:
                self._think()
        except ProtocolError as exc:
            self._reply(f"ERROR {exc}")
        return True

    def _set_position(self, lines: list[str]) -> None:
        assert self.board is not None
        rules = self.board.rules
        own: list[Point] = []
        opponent: list[Point] = []
        walls: set[Point] = set()
        seen: set[Point] = set()
        fields: list[int] = []
        for number, text in enumerate(lines, 1):
            try:
                x, y, field = parse_coords(text, 3)
            except ProtocolError as exc:
                raise ProtocolError(f"BOARD line {number}: {exc}") from None
            point = (x, y)
            if not rules.contains(point):
                raise ProtocolError(f"BOARD line {number}: {x},{y} is outside the board")
            if point in seen:
                raise ProtocolError(f"BOARD line {number}: {x},{y} appears twice")
            if field not in (1, 2, 3):
                raise ProtocolError(f"BOARD line {number}: field {field}; expected 1 (own), 2 (opponent) or 3 (wall)")
            seen.add(point)
            fields.append(field)
            if field == 3:
                walls.add(point)
            else:
                (own if field == 1 else opponent).append(point)
        board = Board(rules)
        if len(own) == len(opponent) or len(opponent) == len(own) + 1:
            # An alternation explains the counts: replay it, so TAKEBACK works.
            first, second = (own, opponent) if len(own) == len(opponent) else (opponent, own)
            for i in range(len(second)):
                board.push(first[i])
                board.push(second[i])
            if len(first) > len(second):
                board.push(first[-1])
        else:
            # No alternation fits (an unusual opening): set the stones up with us to move.
            # As Rapfi does: we are X (black) if the first stone listed is ours.
            first_field = next(f for f in fields if f != 3)
            we_are_x = first_field == 1
            ours = Stone.X if we_are_x else Stone.O
            stones = {p: ours for p in own}
            stones.update({p: ours.other for p in opponent})
            try:
                board.set_up(stones, ours)
            except ValueError as exc:
                raise ProtocolError(f"BOARD: {exc}") from None
        if board.winner is not None:
            raise ProtocolError(f"BOARD: the position is already won by {'us' if board.winner is board.turn else 'the opponent'}")
        self.board = board
        self.walls = walls

    def _info(self, arg: str) -> None:
        key, _, value = arg.partition(" ")
        key = key.lower()
        value = value.strip()
        numeric = {"timeout_turn", "timeout_match", "time_left", "max_memory", "rule", "game_type"}
        if key not in numeric:
            return  # folder, evaluate and the unknown keys: accepted, nothing to do
        try:
            number = int(value)
        except ValueError:
            # Managers read no answer to INFO: an ERROR line here would be taken
            # as the answer to the next command, so say it in a MESSAGE instead.
            self.write(f"MESSAGE INFO {key} ignored: expected an integer, got {value!r}")
            return
        if key == "timeout_turn":
            self.time.timeout_turn = max(number, 0)
        elif key == "timeout_match":
            self.time.timeout_match = max(number, 0)
        elif key == "time_left":
            self.time.time_left = None if number >= UNLIMITED_MS else number
        elif key == "max_memory":
            self.max_memory = number if number > 0 else None
        elif key == "rule":
            self._set_rule(number)

    def _set_rule(self, rule: int) -> None:
        if rule & 4:
            self._notes.append("renju is not supported: playing exact five without forbidden moves")
        if rule & 8:
            self._notes.append("caro is not supported: playing five in a row")
        self.rule = rule
        if self.board is not None and self.size is not None:
            old = self.board
            board = Board(rules_for(*self.size, rule))
            if old.setup:
                # The side to move right after the set-up: every move since flips it.
                first = old.turn if len(old.move_stack) % 2 == 0 else old.turn.other
                board.set_up(old.setup, first)
            for point in old.move_stack:
                board.push(point)
            self.board = board

    def _about(self, arg: str) -> None:
        self._reply(ABOUT)

    def _stop_command(self, arg: str) -> None:
        """STOP/YXSTOP when not thinking: nothing to stop, no answer."""

    # -- thinking ----------------------------------------------------------
    def engine(self) -> HintEngine:
        """The engine, made anew when the memory limit changes."""
        memory_mb = None if self.max_memory is None else max(self.max_memory // (1 << 20), 1)
        if self._engine is None or memory_mb != self._engine_memory:
            self._engine = self._factory(memory_mb)
            self._engine_memory = memory_mb
        return self._engine

    def _think(self) -> None:
        board = self._need_board("move")
        if board.is_over:
            raise ProtocolError(f"the game is over ({board.result}); no move to make")
        started = self.clock()
        budget = plan_time(self.time, len(board.stones))
        stop = threading.Event()
        with self._lock:
            self._stop = stop
            if self._ending:
                stop.set()
        # Capped: a timer much past a day overflows the platform's clock (INFO timeout_turn 10**20).
        timer = threading.Timer(min(max(budget.deadline, 0.0), MAX_TIMER), stop.set)
        timer.daemon = True
        timer.start()
        try:
            move = self._search(board, budget, stop)
        finally:
            timer.cancel()
            with self._lock:
                self._stop = None
        board.push(move)
        self._reply(format_point(move))
        spent = round((self.clock() - started) * 1000)
        self.time.used += spent
        if self.time.time_left is not None:
            self.time.time_left -= spent

    def _search(self, board: Board, budget: Budget, stop: threading.Event) -> Point:
        def on_info(info: Any) -> None:
            self.write(f"MESSAGE {describe_info(info)}")

        limits: dict[str, Any] = {"stop": stop, "on_info": on_info}
        if budget.fast or self.level == "greedy":
            limits["level"] = "greedy"
        else:
            limits.update(level_limits(self.level, budget.search))
        try:
            hint = self.engine().hint(board.copy(), **limits)
            move = tuple(hint.move)
        except Exception as exc:  # a brain must answer, whatever the engine does
            self.write(f"MESSAGE engine failed ({type(exc).__name__}: {exc}); playing a fallback move")
            return self._fallback(board)
        if move in board.stones or move in self.walls or not board.rules.contains(move):
            self.write(f"MESSAGE engine proposed {format_point(move)}, not a legal move; playing a fallback move")
            return self._fallback(board)
        return move

    def _fallback(self, board: Board) -> Point:
        """A legal move near the stones (or anywhere on the board)."""
        for point in board.candidates():
            if point not in self.walls:
                return point
        width, height = self.size or (0, 0)
        for y in range(height):
            for x in range(width):
                if (x, y) not in board.stones and (x, y) not in self.walls:
                    return (x, y)
        raise ProtocolError("no empty cell left to play")

    _COMMANDS: dict[str, Callable[["Brain", str], None]] = {
        "START": _start,
        "RECTSTART": _rectstart,
        "RESTART": _restart,
        "TURN": _turn,
        "BEGIN": _begin,
        "BOARD": _board,
        "YXBOARD": _yxboard,
        "TAKEBACK": _takeback,
        "PLAY": _play,
        "INFO": _info,
        "ABOUT": _about,
        "STOP": _stop_command,
        "YXSTOP": _stop_command,
    }


class _FirstCandidate:
    """A stand-in engine for the doctest: the first candidate cell."""

    def hint(self, board: Board, **limits: Any) -> Any:
        return type("Hint", (), {"move": board.candidates(1)[0]})()


# -- the loop over streams -------------------------------------------------------
def serve(
    source: TextIO | Iterable[str],
    out: TextIO,
    engine_factory: EngineFactory | None = None,
    *,
    level: str = "strong",
) -> int:
    """Speak the protocol on ``source``/``out`` until END or end of input.

    A reader thread takes every line as it comes: STOP/YXSTOP and END cut a
    running search short at once (it answers with its best move so far);
    every line but STOP waits its turn on a queue, so END still ends the
    session after the answers owed before it.
    """

    def write(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    brain = Brain(engine_factory, write, level=level)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        try:
            for line in iter(source.readline, "") if hasattr(source, "readline") else source:
                word = line.strip().partition(" ")[0].upper()
                if word in ("STOP", "YXSTOP"):
                    if brain.thinking:
                        brain.request_stop()
                    continue
                if word == "END":
                    # Cut the search short, or a search that has not begun yet;
                    # the move asked for before END still goes out (at once), so
                    # a scripted session loses no answer.
                    brain.request_end()
                lines.put(line)
                if word == "END":
                    break
        finally:
            lines.put(None)

    reader = threading.Thread(target=read, name="pbrain-reader", daemon=True)
    reader.start()
    while True:
        line = lines.get()
        if line is None or not brain.handle(line):
            break
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The ``pbrain-gomoku`` console script: the brain on stdin/stdout."""
    parser = argparse.ArgumentParser(
        prog="pbrain-gomoku", description="The gomoku engine as a Gomocup pbrain brain on stdin/stdout."
    )
    parser.add_argument("--level", default="strong", help="engine level: greedy, easy, normal, strong (default)")
    args = parser.parse_args(argv)
    from gomoku.engine import check_level

    try:
        check_level(args.level)
    except ValueError as exc:
        print(f"pbrain-gomoku: error: {exc}", file=sys.stderr)
        return 2
    try:
        return serve(sys.stdin, sys.stdout, level=args.level)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
