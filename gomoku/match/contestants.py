"""The players of a match: any player of the registry (``gomoku.engine.players``:
an engine level or a classic player), played in this process, or any program
that speaks the pbrain protocol, started afresh for every game.

A player that fails loses the game by ``PlayerFailure``, whose reason says how
(a time-out, a crash, an illegal move); ``make_player`` reads a player from the
command line.

>>> short_name(["/usr/bin/python3", "/home/me/pbrain-foo.py"])
'pbrain-foo.py'
"""

from __future__ import annotations

import os
import queue
import shlex
import shutil
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

from gomoku.attacks import greedy_move
from gomoku.board import Board, Point, Rules
from gomoku.engine import Engine
from gomoku.engine.players import PLAYERS, check_player
from gomoku.engine.swap import SEARCH_LEVEL, SwapBudget, SwapDecision, decide
from gomoku.protocol.clock import Pacer, TimeControl, hint_by, level_limits, plan_time
from gomoku.protocol.streams import ProtocolError, parse_coords

__all__ = [
    "MatchError",
    "PlayerFailure",
    "Player",
    "SWAP_SHARE",
    "EnginePlayer",
    "warm",
    "BrainPlayer",
    "make_player",
    "short_name",
    "check_command",
    "program_command",
]


SWAP_SHARE = 0.7
"""The share of the turn time an engine level's swap decision is given (its searches stop
by then; the rest is the margin a move keeps)."""


class MatchError(ValueError):
    """A match that cannot be run as asked (a bad player, openings file or option)."""


class PlayerFailure(Exception):
    """A player lost the game by failing: ``reason`` says how (time-out, crash, illegal move)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Player(Protocol):
    """One side of a game. ``move`` gets the game so far, with this player to move."""

    name: str

    def new_game(self, rules: Rules, time_per_move_ms: int) -> None: ...

    def move(self, board: Board) -> Point: ...

    def close(self) -> None: ...


class EnginePlayer:
    """A player of the registry, in this process (a fresh engine each game).

    An engine level keeps the pbrain brain's budget discipline: the search gets
    the time a brain would plan for ``time_per_move`` and, under a game clock,
    ``time_per_game_ms`` with ``time_left_ms`` left (``gomoku.protocol.clock.plan_time``,
    paced as the brain paces it), the engine's cold start is done in
    ``new_game``, and the move comes back by the brain's reply deadline
    whatever the search is doing. A classic player is quick and needs no
    clock: it just plays (its one-off work, such as a solve, done in ``new_game``).
    """

    def __init__(self, level: str, *, seed: int | None = None, engine: Any = None) -> None:
        self.name = level
        self.level = level
        self.seed = seed
        self._given = engine
        self.engine: Any = engine
        self.time_per_move = 0.5
        self.time_per_game_ms = 0
        """The game clock (0: none), set by the match before ``new_game``."""
        self.time_left_ms: int | None = None
        """What is left of it, set by the match before each move."""
        self.late_replies = 0
        """Moves answered at the reply deadline with the search still running."""
        self.threads = 1
        """Threads its search may use (``MatchConfig.threads``)."""
        self.classic = level in PLAYERS and PLAYERS[level].classic
        """Whether a classic player makes the moves (no search, no clock)."""

    def check(self, rules: Rules) -> None:
        """A MatchError (one line) when this player does not play ``rules``."""
        try:
            check_player(self.level, rules)
        except ValueError as exc:
            raise MatchError(str(exc)) from None

    def new_game(self, rules: Rules, time_per_move_ms: int) -> None:
        self.check(rules)
        self.time_per_move = time_per_move_ms / 1000
        if self._given is None:
            self.engine = Engine(self.level, seed=self.seed)
        if self.classic:
            self.engine.hint(Board(rules))  # a solve or a move table is made once, off the clock
            return
        if hasattr(self.engine, "threads"):
            self.engine.threads = self.threads
        warm(self.engine, rules)

    def move(self, board: Board) -> Point:
        if self.classic:
            return tuple(self.engine.hint(board).move)
        started = time.monotonic()
        control = TimeControl(
            timeout_turn=round(self.time_per_move * 1000),
            timeout_match=self.time_per_game_ms,
            time_left=self.time_left_ms if self.time_per_game_ms else None,
        )
        budget = plan_time(control, len(board.stones))
        if self.level == "greedy" or (budget.fast and not board.rules.gravity):
            limits: dict[str, Any] = {"level": "greedy"}
        else:
            limits = {"level": self.level, **level_limits(self.level, budget.search)}
        stop = threading.Event()
        timer = threading.Timer(max(budget.deadline, 0.0), stop.set)
        timer.daemon = True
        timer.start()
        try:
            turn = hint_by(
                self.engine,
                board,
                limits,
                stop,
                started + budget.reply,
                pacer=Pacer(budget, started) if budget.soft is not None and "time" in limits else None,
            )
        finally:
            timer.cancel()
        if turn.done.is_set() and turn.error is not None:
            raise turn.error
        if turn.done.is_set() and turn.move is not None:
            return turn.move
        self.late_replies += 1
        if turn.best is not None and turn.best not in board.stones and board.rules.contains(turn.best):
            return turn.best
        return board.candidates()[0]

    def swap(self, board: Board, rule: str) -> SwapDecision:
        """The swap opening's decision on ``board`` (``gomoku.engine.swap``), in at most
        ``SWAP_SHARE`` of the turn time: a classic or greedy player's by a ``normal`` search."""
        engine = self.engine if self.engine is not None and not self.classic else Engine(SEARCH_LEVEL, seed=self.seed)
        budget = SwapBudget(seconds=self.time_per_move * SWAP_SHARE)
        return decide(engine, board, rule, budget, seed=self.seed)

    def close(self) -> None:
        self.engine = self._given


def warm(engine: Any, rules: Rules) -> None:
    """Do an engine's one-off work for ``rules`` now, before the clock runs: its
    first search's (``prepare``) and the greedy level's tables."""
    prepare = getattr(engine, "prepare", None)
    if callable(prepare):
        prepare(rules)
    board = Board(rules)
    if rules.dims >= 1:
        board.push(rules.centre())
        greedy_move(board)


class BrainPlayer:
    """An external pbrain program, started for one game and ended after it."""

    def __init__(
        self,
        command: Sequence[str],
        *,
        name: str | None = None,
        startup_timeout: float = 30.0,
        grace_ms: int = 1000,
        max_memory: int = 350 * 1024 * 1024,
    ) -> None:
        self.command = list(command)
        self.name = name or short_name(self.command)
        self.startup_timeout = startup_timeout
        self.grace_ms = grace_ms
        self.max_memory = max_memory
        self.process: subprocess.Popen[str] | None = None
        self._drainer: threading.Thread | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=5)
        self.messages: list[str] = []
        self.sent = -1  # how many moves of the game the brain knows; -1 before the first
        self.time_per_move_ms = 1000
        self.time_per_game_ms = 0
        """The game clock (0: none, ``INFO timeout_match 0``), set by the match before ``new_game``."""
        self.time_left_ms: int | None = None
        """What is left of it, set by the match before each move and sent as ``INFO time_left``."""
        self.threads = 1
        """Threads the brain is told it may use (``INFO thread_num``)."""

    # -- the pipe ----------------------------------------------------------
    def new_game(self, rules: Rules, time_per_move_ms: int) -> None:
        if rules.bounds is None or rules.dims != 2:
            raise MatchError(
                f"{self.name}: a pbrain program needs a bounded 2-D board; use --rules gomocup20 or gomocup15"
            )
        self.time_per_move_ms = time_per_move_ms
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                bufsize=1,
                encoding="utf-8",
                errors="replace",
            )
        except OSError as exc:
            raise PlayerFailure(f"crash: cannot start {self.command[0]!r} ({exc.strerror or exc})") from None
        threading.Thread(target=self._read, args=(self.process.stdout, self.lines), daemon=True).start()
        self._drainer = threading.Thread(target=self._drain, args=(self.process.stderr,), daemon=True)
        self._drainer.start()
        (low_x, low_y), (high_x, high_y) = rules.bounds
        width, height = high_x - low_x + 1, high_y - low_y + 1
        self.origin = (low_x, low_y)
        self._send(f"START {width}" if width == height else f"RECTSTART {width},{height}")
        answer = self._answer(self.startup_timeout, "the START command")
        if answer.upper() != "OK":
            raise PlayerFailure(f"error: answered {answer[:60]!r} to START, not OK")
        self._send(f"INFO timeout_turn {time_per_move_ms}")
        self._send(f"INFO timeout_match {max(self.time_per_game_ms, 0)}")
        self._send(f"INFO max_memory {self.max_memory}")
        self._send("INFO game_type 1")
        self._send(f"INFO rule {4 if rules.renju else (0 if rules.overline else 1) | (8 if rules.caro else 0)}")
        self._send(f"INFO thread_num {self.threads}")
        self.sent = -1

    @staticmethod
    def _read(stream: TextIO, lines: queue.Queue[str | None]) -> None:
        try:
            for line in iter(stream.readline, ""):
                lines.put(line.strip())
        except (OSError, ValueError):
            pass
        lines.put(None)

    def _drain(self, stream: TextIO) -> None:
        try:
            for line in iter(stream.readline, ""):
                if line.strip():
                    self.stderr_tail.append(line.strip())
        except (OSError, ValueError):
            pass

    def _send(self, line: str) -> None:
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            raise PlayerFailure(self._crash_reason()) from None

    def _send_all(self, lines: list[str]) -> None:
        for line in lines:
            self._send(line)

    def _crash_reason(self) -> str:
        code = None
        if self.process is not None:
            try:
                code = self.process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
        if code is not None and self._drainer is not None:
            self._drainer.join(0.5)  # its last words on stderr, read to their end
        reason = "crash: the brain closed its output" if code is None else f"crash: exit code {code}"
        if self.stderr_tail:
            reason += f" ({self.stderr_tail[-1][:80]})"
        return reason

    def _answer(self, timeout: float, what: str) -> str:
        """The next line that is not MESSAGE/DEBUG, within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(remaining, 0.0))
            except queue.Empty:
                raise PlayerFailure(f"time-out: no answer to {what} within {round(timeout * 1000)} ms") from None
            if line is None:
                raise PlayerFailure(self._crash_reason())
            word = line.partition(" ")[0].upper()
            if word in ("MESSAGE", "DEBUG"):
                self.messages.append(line)
                continue
            if line:
                return line

    # -- moves -------------------------------------------------------------
    def _local(self, point: Point) -> str:
        return f"{point[0] - self.origin[0]},{point[1] - self.origin[1]}"

    def move(self, board: Board) -> Point:
        stack = board.move_stack
        mine = board.turn
        left = self.time_left_ms if self.time_per_game_ms > 0 else None
        told = [f"INFO time_left {left}"] if left is not None else []  # before every move, as a manager does
        if self.sent >= 0 and len(stack) == self.sent + 1:
            self._send_all(told)
            self._send(f"TURN {self._local(stack[-1])}")
            what = f"TURN {self._local(stack[-1])}"
        elif not board.stones:
            self._send_all(told)
            self._send("BEGIN")
            what = "BEGIN"
        else:
            if self.sent >= 0:
                self._send("RESTART")
                if self._answer(self.startup_timeout, "RESTART").upper() != "OK":
                    raise PlayerFailure("error: did not answer OK to RESTART")
            self._send_all(told)
            self._send("BOARD")
            for point in board.setup:
                self._send(f"{self._local(point)},{1 if board.setup[point] is mine else 2}")
            for point in stack:
                self._send(f"{self._local(point)},{1 if board.stones[point] is mine else 2}")
            self._send("DONE")
            what = "BOARD"
        started = time.monotonic()
        allowed = (
            min(self.time_per_move_ms, max(left, 0) if left is not None else self.time_per_move_ms) + self.grace_ms
        ) / 1000
        answer = self._answer(allowed, what)
        if answer.upper().startswith("SUGGEST "):
            # The brain proposes; as in a tournament, the manager confirms with PLAY
            # and the brain echoes the move, all inside the same turn.
            self._send(f"PLAY {answer[8:].strip()}")
            what = f"PLAY {answer[8:].strip()}"
            answer = self._answer(max(allowed - (time.monotonic() - started), 0.0), what)
        if answer.upper().startswith(("ERROR", "UNKNOWN")):
            raise PlayerFailure(f"error: answered {answer[:80]!r} to {what}")
        try:
            x_text, y_text = answer.split(",")
            point = (int(x_text) + self.origin[0], int(y_text) + self.origin[1])
        except ValueError:
            raise PlayerFailure(f"illegal move: answered {answer[:60]!r}, not x,y") from None
        self.sent = len(stack) + 1
        return point

    def swap(self, board: Board, rule: str) -> SwapDecision:
        """The swap opening's decision, asked by SWAP2BOARD (after ``INFO opening swap1`` under
        swap1: this project's own key, which other brains ignore); the brain is sent the whole
        position (BOARD) at its next move."""
        left = self.time_left_ms if self.time_per_game_ms > 0 else None
        if left is not None:
            self._send(f"INFO time_left {left}")
        if rule == "swap1":
            self._send("INFO opening swap1")
        self._send("SWAP2BOARD")
        # As BOARD lists them (Rapfi reads them so): 1 the stones of the side to move, 2 the others'.
        n = len(board.move_stack)
        self._send_all(
            [f"{self._local(point)},{1 if k % 2 == n % 2 else 2}" for k, point in enumerate(board.move_stack)]
        )
        self._send("DONE")
        answer = self._answer((self.time_per_move_ms + self.grace_ms) / 1000, "SWAP2BOARD")
        self.sent = -1  # its position is told again, whole, with its next move
        if answer.upper().startswith(("ERROR", "UNKNOWN")):
            raise PlayerFailure(f"error: answered {answer[:80]!r} to SWAP2BOARD")
        if answer.upper() == "SWAP":
            return SwapDecision(swap=True)
        try:
            points = [parse_coords(word) for word in answer.split()]
        except ProtocolError:
            raise PlayerFailure(f"illegal answer: {answer[:60]!r} to SWAP2BOARD, not SWAP nor x,y moves") from None
        return SwapDecision(stones=tuple((x + self.origin[0], y + self.origin[1]) for x, y in points))

    def close(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write("END\n")
                process.stdin.flush()
                process.wait(timeout=1)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
        if process.poll() is None:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def make_player(spec: str, *, seed: int | None = None, grace_ms: int = 1000) -> Player:
    """A player from its name on the command line: a player of the registry, or a pbrain command line.

    >>> make_player("greedy").name, make_player("perfect").classic
    ('greedy', True)
    >>> make_player("no-such-brain-here --fast")
    Traceback (most recent call last):
    ...
    gomoku.match.contestants.MatchError: player 'no-such-brain-here --fast': not a player (greedy, easy, normal, strong, max, perfect, table, script, magic, minimax, alphabeta, random) nor a program that can be run
    """  # noqa: E501 - a doctest's message is one line
    if spec in PLAYERS:
        return EnginePlayer(spec, seed=seed)
    command = check_command(spec)
    return BrainPlayer(command, name=short_name(command), grace_ms=grace_ms)


def short_name(command: Sequence[str]) -> str:
    """A player's name for the table: the program (or the script an interpreter runs) and its arguments.

    >>> short_name(["/usr/bin/python3", "-u", "/home/me/brains/pbrain-foo.py", "--fast"])
    'pbrain-foo.py --fast'
    >>> short_name(["./pbrain-rapfi"])
    'pbrain-rapfi'
    """
    parts = list(command)
    program = Path(parts[0]).name
    if program.startswith(("python", "pypy", "node", "java", "ruby", "perl")):
        scripts = [i for i, a in enumerate(parts[1:], 1) if not a.startswith("-")]
        if scripts:
            parts = parts[scripts[0] :]
    return " ".join([Path(parts[0]).name, *parts[1:]])


def program_command(spec: str) -> list[str] | None:
    """The words of the command line ``spec`` when its first names a program that can be
    run (on the PATH, or a path to an executable file), else None; a ValueError when the
    line cannot be split (an unclosed quote)."""
    command = shlex.split(spec)
    if not command or (shutil.which(command[0]) is None and not os.access(command[0], os.X_OK)):
        return None
    return command


def check_command(spec: str) -> list[str]:
    """The command line of an external brain, checked for a program to run."""
    try:
        command = program_command(spec)
    except ValueError as exc:
        raise MatchError(f"player {spec!r}: {exc}") from None
    if command is None:
        raise MatchError(f"player {spec!r}: not a player ({', '.join(PLAYERS)}) nor a program that can be run")
    return command
