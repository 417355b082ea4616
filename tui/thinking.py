"""The engine's side of the app: when it moves, the worker that thinks, and how its answers come back.

:class:`EngineThinking` is one of the app's parts: it gets the app (for its workers,
timers and notifications), the state it changes, the engine, the display, and the way
to play a move. The search runs in a thread worker (``App.run_worker(thread=True,
exclusive=True)``) on a copy of the board, with a ``threading.Event`` to stop it and a
job number so that an answer to a question no longer asked is dropped; results come
back to the main thread by ``call_from_thread``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from textual.app import App
from textual.worker import get_current_worker

from gomoku.board import Board, Point
from gomoku.engine import Hint
from gomoku.engine.chance import is_proven
from gomoku.match.external import EXTERNAL
from gomoku.protocol.streams import excerpt
from gomoku.search.types import WIN, SearchInfo
from tui.services import Analyst, ForcingLine, engine_time, level_name
from tui.showing import GameDisplay
from tui.state import AppState, Thinking
from tui.view.panels import search_scored

__all__ = ["EngineThinking", "EXTERNAL_FAST_SECONDS", "FAST_LEVEL", "FAST_SECONDS", "FORCING_SECONDS"]

FAST_LEVEL = "greedy"
"""What the engine plays when its clock leaves no time to search (if the rules allow it)."""
FAST_SECONDS = 0.01
"""The time limit passed along with a move played at once."""
EXTERNAL_FAST_SECONDS = 0.1
"""The time an external program is told when the clock leaves no time to search."""
FORCING_SECONDS = 0.4
"""The most a hint spends after its search on the forcing line: the whole VCF or VCT of
a proven win, or the opponent's threat when there is no win."""


class EngineThinking:
    """The engine's moves and hints, thought out in a worker."""

    def __init__(
        self,
        app: App[int],
        state: AppState,
        analyst: Analyst,
        display: GameDisplay,
        play: Callable[[Point], bool],
        watch_delay: float,
        opening_turn: Callable[[], bool] = lambda: False,
    ) -> None:
        self.app = app
        self.state = state
        self.analyst = analyst
        self.display = display
        self.play = play
        """Plays the engine's move as the player's are played (the app's ``play``)."""
        self.watch_delay = watch_delay
        """Seconds between moves of engine against engine, so that people can follow."""
        self.opening_turn = opening_turn
        """Acts for a swap opening if one is on (``tui.swapping.SwapPlay.turn``): True then,
        and no ordinary engine move is made."""
        self._job = 0
        self._stop = threading.Event()

    def maybe_engine_turn(self) -> None:
        """Start the engine if it is its move (after a short pause when two engines play,
        which is not on the game clock: it is for the people watching)."""
        state = self.state
        game = state.game
        if state.thinking is not None or self.opening_turn() or not game.engine_to_move():
            return
        if game.settings.mode == "engines" and self.watch_delay > 0 and game.board.move_stack:
            state.thinking = "wait"
            if game.clock is not None:
                game.clock.run_for(None)
            job = self._job

            def go() -> None:
                if self._job == job and state.thinking == "wait":
                    state.thinking = None
                    if state.game.engine_to_move():
                        self.start("move")

            self.app.set_timer(self.watch_delay, go)
            return
        self.start("move")

    def start(self, purpose: Thinking) -> None:
        """Think about the position in a worker: ``purpose`` is "move", "hint" or "play"."""
        self.cancel()
        game = self.state.game
        game.start_clock()  # after a pause between two engines' moves, the clock runs again
        self.analyst.use_engine(game.settings.engine)
        self.state.engine_failure = ""
        self._job += 1
        self._stop = threading.Event()
        self.state.thinking = purpose
        self.state.last_info = None
        self.display.refresh_status()
        level, seconds = self.move_limits()
        work = partial(self.think, game.board.copy(), self._job, purpose, level, seconds, self._stop)
        self.app.run_worker(work, name="think", group="engine", thread=True, exclusive=True, exit_on_error=False)

    def move_limits(self) -> tuple[str, float]:
        """The level and search time for the side to move: the settings', or under a game
        clock a time planned from that side's time left (``tui.services.engine_time``),
        and the greedy move at once when too little is left to search."""
        game = self.state.game
        settings = game.settings
        level = settings.level_for(game.board.turn)
        seconds = engine_time(settings.time, game.clock_left(), settings.increment, game.board.ply)
        if seconds > 0:
            return level, seconds
        if level == EXTERNAL:  # the program is told the little time there is
            return level, EXTERNAL_FAST_SECONDS
        fast = FAST_LEVEL if FAST_LEVEL in self.analyst.levels_of(game.rules) else level
        return fast, FAST_SECONDS

    def cancel(self) -> None:
        """Stop the engine and forget what it would have said."""
        self._stop.set()
        self._job += 1
        if self.state.thinking is not None:
            self.state.thinking = None
            self.state.last_info = None
            self.app.workers.cancel_group(self.app, "engine")

    def prepare(self) -> None:
        """Load (or compile, the first time) the engine's kernels in a thread: the app stays responsive."""
        self.app.run_worker(self._prepare, name="prepare", group="prepare", thread=True, exit_on_error=False)

    def _prepare(self) -> None:
        app = self.app

        def announce(text: str) -> None:
            app.call_from_thread(app.notify, text, timeout=30)

        try:
            if self.analyst.prepare is not None:
                self.analyst.prepare(announce)
        except Exception as exc:  # the first hint will try again; say it in one line
            app.call_from_thread(app.notify, f"the engine's warm-up failed: {exc}", severity="warning")

    def think(
        self, board: Board, job: int, purpose: Thinking, level: str, seconds: float, stop: threading.Event
    ) -> None:
        """The engine's search, off the event loop (in the worker); results come back by call_from_thread."""
        worker = get_current_worker()

        def send(callback: Callable[..., object], *args: Any, **kwargs: Any) -> None:
            if worker.is_cancelled or stop.is_set():
                return
            try:
                self.app.call_from_thread(callback, *args, **kwargs)
            except RuntimeError:  # the app is closing
                stop.set()

        def on_info(info: SearchInfo) -> None:
            send(self.engine_info, job, info)

        try:
            try:
                hint = self.analyst.hint(board, level=level, time=seconds, on_info=on_info, stop=stop)
            except ValueError as exc:
                # A level that cannot play these rules leaves the first level that can.
                fallback = next((name for name in self.analyst.levels_of(board.rules) if name != level), None)
                if fallback is None or board.is_over:
                    raise
                send(self.app.notify, f"{exc}: the {fallback} level plays instead", severity="warning")
                hint = self.analyst.hint(board, level=fallback, time=seconds, on_info=on_info, stop=stop)
        except Exception as exc:  # shown as one line, never as a traceback
            send(self.engine_failed, job, exc)
            return
        note = ""
        if level == EXTERNAL:  # who gave the move, and what it said of it
            said = "" if getattr(hint, "scored", False) else getattr(hint, "said", "")  # a search's: shown above
            note = f"{level_name(level, self.state.game.settings.engine)}" + (
                f" says: {excerpt(said, 60)}" if said else ""
            )
        if purpose == "hint" and level == "perfect":  # the solver's value and the plies to the end
            try:
                note = self.analyst.solved(board)
            except Exception:  # the hint stands without it
                note = ""
        forcing = self.forcing_of(board, hint, min(seconds, FORCING_SECONDS), stop) if purpose == "hint" else None
        send(self.engine_done, job, purpose, board.hash, hint, note, forcing)

    def forcing_of(self, board: Board, hint: Hint, seconds: float, stop: threading.Event) -> ForcingLine | None:
        """The forcing line a hint comes with (in the worker): for a proven win, the whole
        VCF or VCT (else the hint's own line); else the opponent's threat, if it has one."""
        if not search_scored(hint) or board.is_over:
            return None
        try:
            if is_proven(hint.score) and hint.score > 0:
                line = self.analyst.forcing_line(board, None, seconds, stop)
                plies = round(WIN - hint.score)  # the five included
                if line is None and len(hint.pv) >= plies:  # the search's own line, when it is whole
                    line = ForcingLine(tuple(hint.pv), board.turn, "line")
                return line
            return self.analyst.forcing_line(board, board.turn.other, seconds, stop)
        except Exception:  # rules the threat search does not play (gravity, 3-D...): the hint stands alone
            return None

    def engine_info(self, job: int, info: SearchInfo) -> None:
        """Show the search's progress (main thread)."""
        if job == self._job and self.state.thinking is not None:
            self.state.last_info = info
            self.display.refresh_status()

    def engine_failed(self, job: int, exc: Exception) -> None:
        """Say in one line that the engine failed (main thread)."""
        if job != self._job:
            return
        self.state.thinking = None
        message = str(exc).replace("\n", " ") or type(exc).__name__
        self.state.engine_failure = f"the engine failed: {message}"
        self.display.refresh_status()
        self.app.notify(self.state.engine_failure, severity="error")

    def drop_all(self) -> None:
        """The app is leaving: the search in progress stops, any answer or timer still on
        its way is dropped, and an external program is ended."""
        self._stop.set()
        self._job += 1
        self.analyst.close()

    def engine_done(
        self,
        job: int,
        purpose: Thinking,
        position: int,
        hint: Hint,
        note: str = "",
        forcing: ForcingLine | None = None,
    ) -> None:
        """Show the hint (with its forcing line) or play the move, unless the game moved
        on meanwhile (main thread)."""
        state = self.state
        if job != self._job or position != state.game.board.hash:
            return
        state.thinking = None
        state.last_info = None
        if purpose == "hint":
            state.hint = hint
            state.hint_note = note
            state.forcing = forcing
            self.display.refresh_all()
            return
        move = tuple(hint.move)
        if self.play(move):
            # Watching two engines, the view follows the game; against one, it shows a far reply.
            view = self.display.board_view
            if state.game.settings.mode == "engines" or view.offset_of(move) is None:
                view.move_cursor_to(move)
