"""The Gomocup ``pbrain`` protocol: the engine as a brain for tournament managers.

A manager (Piskvork, a GUI, our own match runner) starts the brain and talks to
it one line at a time: commands on stdin, answers on stdout, flushed per line.
``Brain`` holds the position and the clock and answers one command line at a
time; ``gomoku.protocol.pbrain.serve`` runs it on two streams with a reader thread, so
that ``STOP`` and ``END`` are heard while the engine thinks. The engine is injected: any
object with ``hint(board, *, time=..., level=..., on_info=..., stop=...)``
returning something with a ``.move`` (``gomoku.engine.Engine`` by default).

A short dialogue (``Brain.handle`` answers through ``write``), with a stand-in
engine that plays the first cell next to a stone:

>>> from types import SimpleNamespace
>>> class FirstCandidate:
...     def hint(self, board, **limits):
...         return SimpleNamespace(move=board.candidates(1)[0])
>>> lines = []
>>> brain = Brain(lambda memory_mb: FirstCandidate(), write=lines.append)
>>> for command in ["START 20", "INFO timeout_turn 1000", "TURN 10,10", "ABOUT", "FOO"]:
...     _ = brain.handle(command)
>>> lines[0], lines[1], lines[3]
('OK', '9,9', 'UNKNOWN unknown command FOO')

Coordinates are the protocol's: ``x,y``, 0-based, x the column, inside the box
given by START/RECTSTART. See ``docs/protocol.md`` for the protocol in brief
and for what each command does here.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from gomoku import __version__
from gomoku.board import Board, Point, Stone, format_point
from gomoku.core.context import clear_tables
from gomoku.engine import Engine
from gomoku.protocol.balance import BalanceCommands
from gomoku.protocol.clock import (
    FAST_THRESHOLD,
    MAX_TIMER,
    STAND_IN_SHARE,
    Budget,
    Pacer,
    TimeControl,
    hint_by,
    level_limits,
    plan_time,
)
from gomoku.protocol.engines import (
    EngineFactory,
    GreedyPlayer,
    HintEngine,
    Preparation,
    default_engine_factory,
    small_engine,
    table_mb,
    warm_greedy,
)
from gomoku.protocol.info import MAX_MEMORY, InfoCommand
from gomoku.protocol.position import (
    fallback_move,
    is_legal,
    place,
    point_on,
    read_board,
    rules_for,
    take_back,
)
from gomoku.protocol.realtime import ShowInfoCommands
from gomoku.protocol.streams import ProtocolError, excerpt, parse_coords, parse_int, safe_line
from gomoku.protocol.swap2 import SwapCommands
from gomoku.protocol.yixin import MAX_NBEST, YixinCommands, nbest_line, pick
from gomoku.search.warmup import cache_is_cold, is_warm

__all__ = ["MAX_SIZE", "MAX_MEMORY", "BRAIN_THREADS", "ABOUT", "START_WAIT", "READY_SHARE", "Brain"]

MAX_SIZE = 1_000_000
"""The widest board START or RECTSTART accepts (the engine itself is endless)."""


BRAIN_THREADS = 1
"""Threads a brain's search uses until ``INFO thread_num`` says otherwise: a
tournament manager may run two brains at once on a machine, and the classic
managers (Piskvork) never send the key."""

ABOUT = f'name="gomoku", version="{__version__}", author="the gomoku project"'

START_WAIT = 0.75
"""The longest START (RECTSTART, RESTART) waits for the engine to be ready, in seconds.
Loading the compiled kernels and building the tables take a fraction of a second and fit;
a first run's compile (tens of seconds) is not waited for: START answers OK at once, the
kernels compile in the background, and the greedy move is played until they are ready."""

READY_SHARE = 0.5
"""The share of a move's search time it may wait for an engine still being made ready
(its tables, after ``max_memory`` or the rule changed; its kernels, on a first run, which
a long turn may see compiled); past it, that move is the greedy one."""


# -- the brain ----------------------------------------------------------------
class Brain(SwapCommands, ShowInfoCommands, InfoCommand, YixinCommands, BalanceCommands):
    """One pbrain session: the board, the clock, and the answers to commands.

    ``handle(line)`` answers one line through ``write`` (one call per output
    line, no newline) and returns False after END. A command that asks for a
    move runs the engine in a thread of its own and answers by the reply
    deadline; ``request_stop`` (from another thread) makes it answer with the
    best move so far. The engine is made ready (``Preparation``) in the
    background whenever it or the board's rules change: START waits for that
    up to ``START_WAIT``, a move up to ``READY_SHARE`` of its search time, and
    until it is ready the moves are searched by a stand-in of small tables (new
    tables or rules) or are the greedy ones (``GreedyPlayer``: kernels loading).
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
        self.threads: int | None = None
        """Threads a search may use, from ``INFO thread_num`` (None: ``BRAIN_THREADS``)."""
        self.rule = 0
        self.size: tuple[int, int] | None = None
        self.board: Board | None = None
        self.walls: set[Point] = set()
        self.blocked: set[Point] = set()
        """Cells our moves avoid (YXBLOCK: a GUI's analysis), until YXBLOCKRESET or a new game."""
        self._block: tuple[list[str], str] | None = None
        """A block being read (YXBLOCK, YXBLOCKUNDO, a database command's): its lines so far, its command."""
        self.show_detail = 0
        """``INFO show_detail`` (``gomoku.protocol.realtime``): what a search says besides its MESSAGE lines."""
        self.ours: Stone | None = None
        """Our stones' colour, once known (a move asked for, a BOARD, a PLAY)."""
        self._earlier: list[Board] = []
        """Boards a side's second move in a row left (``position.place``), for TAKEBACK."""
        self.closed = False
        self._engine: HintEngine | None = None
        self._engine_memory: int | None = None  # the MB of its tables (``table_mb``)
        self._warmed = False  # whether an engine of this session was made ready: a stand-in may search
        self._preparation: Preparation | None = None
        self._preparing = threading.Lock()  # one preparation at a time: the old tables go first
        self._last_search: Any = None  # the last move's search (``clock.Thinking``), joined at END
        self._unplayed: str | None = None
        """Why the manager's INFO rule is refused: every move asked for gets this ERROR
        until a rule this brain plays is set."""
        self._refusal: str | None = None
        """An INFO refused (a rule switch the position cannot stand): the next move asked
        for gets this ERROR instead, as the protocol has it (managers read no answer to INFO)."""
        self._board_lines: list[str] | None = None
        self._swap_lines: list[str] | None = None
        """A SWAP2BOARD block being read (``gomoku.protocol.swap2``): its lines so far."""
        self.opening_rule = "swap2"
        """The rule of the SWAP2BOARD answers (``INFO opening swap1`` makes it swap1)."""
        self._notes: list[str] = []
        self._lock = threading.Lock()
        self._board_thinks = True
        self._stop: threading.Event | None = None
        self._ending = False
        self._received: float | None = None
        self.late_replies = 0
        """Replies sent at the hard deadline, before the engine had answered."""
        self.collect_garbage = False
        """Run the garbage collector after each move and at START (``pbrain.serve`` turns
        the automatic one off)."""

    # -- output ------------------------------------------------------------
    def write(self, line: str) -> None:
        """Send one line, unless the session has ended."""
        line = safe_line(line)
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

    def join(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the last move's search thread to end (its
        stop is set at END); whether it has. A process should not exit under a running
        search: Python's shutdown stops such a thread mid-call, which can abort the
        process (``gomoku.protocol.pbrain.finish`` exits at once if one is left)."""
        worker = getattr(self._last_search, "worker", None)
        if worker is not None:
            worker.join(timeout)
            return not worker.is_alive()
        return True

    def wait_ready(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the engine to be ready for the board's rules
        (its kernels loaded or compiled, its tables built); whether it is. For a caller
        that wants the next move searched, not greedy (a test, a first run)."""
        job = self._preparation
        return job is None or job.done.wait(timeout)

    @property
    def thinking(self) -> bool:
        return self._stop is not None

    # -- commands ----------------------------------------------------------
    def handle(self, line: str, received: float | None = None) -> bool:
        """Answer one command line; False once the session is over (END).

        ``received`` is when the line came (``time.monotonic``): a move's
        reply deadline counts from then (default: now).
        """
        self._received = received
        line = line.strip().lstrip("\ufeff")
        if self._board_lines is not None:
            return self._board_line(line)
        if self._block is not None:
            return self._block_line(line)
        if self._swap_lines is not None:
            return self._swap_line(line)
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
                self._reply(f"UNKNOWN unknown command {excerpt(word)}")
            elif command in ("BEGIN", "TURN") and self._refused():
                pass
            else:
                handler(self, rest.strip())
        except ProtocolError as exc:
            self._reply(f"ERROR {exc}")
        except Exception as exc:  # a brain never dies of a command: say so, and go on
            self._reply(f"ERROR {command} failed ({type(exc).__name__}: {exc})")
        return True

    def _refused(self) -> bool:
        """Answer a move request with the ERROR of a refused INFO, if there is one: the
        protocol's way, since managers read nothing after INFO; whether it did."""
        refusal = self._unplayed or self._refusal
        if refusal is None:
            return False
        self._refusal = None
        self._reply(f"ERROR {refusal}")
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
        self.walls, self.blocked = set(), set()
        self.ours, self._earlier = None, []
        self.time.used = 0  # a new game: the match clock starts again
        # START is not on the turn clock: the greedy route is made ready now, then the
        # engine (in the background, waited for until START_WAIT is up).
        ready_by = time.monotonic() + START_WAIT
        self._warm_greedy()
        job = self._prepare()
        job.tell_again()  # a move that finds it still under way says so once a game
        if not job.compiling:
            job.done.wait(max(ready_by - time.monotonic(), 0.0))
        if self.collect_garbage:
            gc.collect()
        self._reply("OK")

    def _warm_greedy(self) -> None:
        """Do the greedy route's one-off work now, off the turn clock: its tables
        (0.2 s the first time, a millisecond after)."""
        assert self.board is not None
        failure = warm_greedy(self.board.rules, self.size or (0, 0))
        if failure is not None:  # a warm-up that fails costs time later, never the game
            self.write(f"MESSAGE warm-up failed ({failure})")

    def _prepare(self) -> Preparation:
        """The engine's preparation for the board's rules: the one under way or done,
        else a new one started in the background."""
        assert self.board is not None
        # No local name for the old preparation: it would keep the old engine alive (below).
        if self._preparation is not None and self._preparation.done.is_set() and self._preparation.error is None:
            self._warmed = True  # the kernels are loaded: a stand-in can search while tables are built
        engine = self.engine()
        rules = self.board.rules
        job = self._preparation
        if job is not None and job.engine is engine and job.rules == rules:
            return job
        # Only the search's kernels compile; a greedy brain never searches.
        kernels = isinstance(engine, Engine) and self.level != "greedy"
        compiling = kernels and not is_warm() and cache_is_cold()
        small = partial(small_engine, self._factory, self.threads or BRAIN_THREADS)
        job = Preparation(engine, rules, compiling, stand_in=small if self._warmed and not compiling else None)
        self._preparation = job
        job.start(self._preparing, lambda: self._preparation, needed=self.level != "greedy")
        return job

    def _restart(self, arg: str) -> None:
        if self.size is None:
            raise ProtocolError("RESTART before START: send START size first")
        self._new_board(*self.size, "RESTART")

    def _need_board(self, command: str) -> Board:
        if self.board is None:
            raise ProtocolError(f"{command} before START: send START size first")
        return self.board

    def _point(self, board: Board, arg: str, command: str) -> Point:
        return point_on(board.rules, arg, command, self.size or (0, 0))

    def _turn(self, arg: str) -> None:
        board = self._need_board("TURN")
        point = self._point(board, arg, "TURN")
        if point in board.stones or point in self.walls:
            raise ProtocolError(f"TURN {format_point(point)}: that cell is already taken")
        if board.is_over:
            raise ProtocolError(f"TURN {format_point(point)}: the game is over ({board.result})")
        theirs = self.ours.other if self.ours is not None else board.turn
        self.board = place(board, point, theirs, self._earlier)
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
        if self.ours is None:
            self.ours = board.turn
        self.board = place(board, point, self.ours, self._earlier)
        self._reply(format_point(point))

    def _takeback(self, arg: str) -> None:
        board = self._need_board("TAKEBACK")
        self.board = take_back(board, self.walls, self._point(board, arg, "TAKEBACK"), self._earlier)
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
        if self._board_thinks and self._refused():
            return True
        command = "BOARD" if self._board_thinks else "YXBOARD"
        try:
            self._set_position(lines, command)
            if self._board_thinks:
                self._think()
        except ProtocolError as exc:
            self._reply(f"ERROR {exc}")
        except Exception as exc:  # as in handle: never the end of the session
            self._reply(f"ERROR {command} failed ({type(exc).__name__}: {exc})")
        return True

    def _set_position(self, lines: list[str], command: str = "BOARD") -> None:
        assert self.board is not None
        self.board, self.walls = read_board(lines, self.board.rules, command)
        self.ours, self._earlier = self.board.turn, []

    def _about(self, arg: str) -> None:
        self._reply(ABOUT)

    def _block_line(self, line: str) -> bool:
        """A line of a YXBLOCK block (``gomoku.protocol.yixin``): kept, or at DONE the block read."""
        assert self._block is not None
        if line.upper() != "DONE":
            self._block[0].append(line)
            return True
        try:
            self.finish_block()
        except ProtocolError as exc:
            self._reply(f"ERROR {exc}")
        return True

    def clear_tables(self) -> None:
        """YXHASHCLEAR: the search's tables forget every position (a search still running
        after its reply is waited for, up to half a second, first)."""
        self.join(0.5)
        searcher = getattr(self._engine, "_searcher", None)
        ctx = getattr(searcher, "ctx", None)
        if ctx is not None:
            clear_tables(ctx)

    def _stop_command(self, arg: str) -> None:
        """STOP/YXSTOP when not thinking: nothing to stop, no answer."""

    # -- thinking ----------------------------------------------------------
    def engine(self) -> HintEngine:
        """The engine, made anew when the memory limit changes (it may not be ready yet:
        ``wait_ready``)."""
        memory_mb = None if self.max_memory is None else max(self.max_memory // (1 << 20), 1)
        if self._engine is None or table_mb(memory_mb) != self._engine_memory:
            # The old engine and its tables go first: a manager may check the peak memory.
            self._engine = self._preparation = None
            self._engine = self._factory(memory_mb)
            self._engine_memory = table_mb(memory_mb)
        if hasattr(self._engine, "threads"):
            self._engine.threads = self.threads or BRAIN_THREADS
        return self._engine

    def _think(self, multipv: int = 1) -> None:
        board = self._need_board("move")
        if board.is_over:
            raise ProtocolError(f"the game is over ({board.result}); no move to make")
        started = self.clock()
        received = self._received if self._received is not None else time.monotonic()
        budget = plan_time(self.time, len(board.stones))
        stop = threading.Event()
        with self._lock:
            self._stop = stop
            if self._ending:
                stop.set()
        waited = time.monotonic() - received  # the line's time in the queue counts
        # Capped: a timer much past a day overflows the platform's clock (INFO timeout_turn 10**20).
        timer = threading.Timer(min(max(budget.deadline - waited, 0.0), MAX_TIMER), stop.set)
        timer.daemon = True
        timer.start()
        try:
            move = self._search(board, budget, stop, received, multipv)
        finally:
            timer.cancel()
            with self._lock:
                self._stop = None
        self.ours = board.turn
        board.push(move)
        self._reply(format_point(move))
        spent = round((self.clock() - started) * 1000)
        self.time.used += spent
        if self.time.time_left is not None:
            self.time.time_left -= spent
        if self.collect_garbage:
            gc.collect(1)  # the young objects of this move, in the opponent's time

    def _search(self, board: Board, budget: Budget, stop: threading.Event, received: float, multipv: int) -> Point:
        """The engine's move, searched in a thread of its own; by the reply time
        (``budget.reply`` after ``received``, ``time.monotonic``) the best move known
        so far, whatever the engine is doing. An engine not ready in time leaves the
        move to a stand-in of small tables (its tables or rules being made ready), or
        to the greedy player (its kernels loading or compiling). ``multipv`` moves are
        searched for (YXNBEST) and said; with blocked cells, enough to pass them by."""
        limits: dict[str, Any] = {}
        if multipv > 1 or self.blocked:
            limits["multipv"] = min(max(multipv, len(self.blocked) + 1), MAX_NBEST)
        engine: HintEngine = self.engine()
        if budget.fast or self.level == "greedy":
            limits["level"] = "greedy"  # the engine's greedy level needs nothing prepared
        else:
            ready, waited = self._ready_engine(budget, stop)
            if ready is None:
                engine = GreedyPlayer()
            elif budget.search - waited < FAST_THRESHOLD:
                limits["level"] = "greedy"
            else:
                engine = ready
                limits.update(level_limits(self.level, budget.search - waited))
        pacer = Pacer(budget, received) if budget.soft is not None and "time" in limits else None
        turn = hint_by(
            engine,
            board,
            limits,
            stop,
            received + budget.reply,
            on_info=self.heard,
            pacer=pacer,
        )
        self._last_search = turn
        if not turn.done.is_set():
            # Out of time: the best line's first move, else any legal move; the
            # engine stops at its next check and its late answer is dropped.
            self.late_replies += 1
            move = turn.best
            if move is None or not self._legal(board, move):
                move = self._fallback(board)
            self.write(f"MESSAGE the engine was still thinking at the reply deadline; playing {format_point(move)}")
            return move
        if turn.error is not None:  # a brain must answer, whatever the engine does
            exc = turn.error
            self.write(f"MESSAGE engine failed ({type(exc).__name__}: {exc}); playing a fallback move")
            return self._fallback(board)
        candidates = getattr(turn.hint, "candidates", ())
        if multipv > 1:
            for rank, candidate in enumerate(candidates[:multipv], 1):
                self.write(f"MESSAGE {nbest_line(rank, candidate)}")
        move = turn.move
        if move is None or not self._legal(board, move):
            other = pick(board, self.walls, self.blocked, (c.move for c in candidates))
            if other is not None:
                return other
            shown = format_point(move) if move is not None else "nothing"
            self.write(f"MESSAGE engine proposed {shown}, not a legal move; playing a fallback move")
            return self._fallback(board)
        return move

    def _ready_engine(self, budget: Budget, stop: threading.Event) -> tuple[HintEngine | None, float]:
        """The engine if it is ready for this move, else its stand-in if it has one, and
        the seconds this waited for it (up to ``READY_SHARE`` of the search time, or
        ``STAND_IN_SHARE`` with a stand-in; less if ``stop`` is set meanwhile: STOP and
        END are heard while it waits); None while neither is, said once in a MESSAGE."""
        job = self._prepare()
        waited = job.wait(budget.search * (STAND_IN_SHARE if job.has_stand_in else READY_SHARE), stop)
        done = job.done.is_set()
        stand_in = None if done else job.stand_in()
        news = job.news(done)
        if news is not None:
            self.write(f"MESSAGE {news}")
        return (self.engine() if done else stand_in), waited

    def _legal(self, board: Board, move: Point) -> bool:
        return move not in self.blocked and is_legal(board, self.walls, move)

    def _fallback(self, board: Board) -> Point:
        return fallback_move(board, self.walls, self.size or (0, 0), self.blocked)

    _COMMANDS: dict[str, Callable[[Brain, str], None]] = {
        "START": _start,
        "RECTSTART": _rectstart,
        "RESTART": _restart,
        "TURN": _turn,
        "BEGIN": _begin,
        "BOARD": _board,
        "YXBOARD": _yxboard,
        "TAKEBACK": _takeback,
        "PLAY": _play,
        "INFO": InfoCommand._info,
        "ABOUT": _about,
        **YixinCommands.COMMANDS,
        **SwapCommands.SWAP_COMMANDS,
        **ShowInfoCommands.SHOW_COMMANDS,
        **BalanceCommands.BALANCE_COMMANDS,
        "STOP": _stop_command,
        "YXSTOP": _stop_command,
    }
