"""The engine's side of the app: when it moves, the worker that thinks, and how its answers come back.

:class:`EngineThinking` is mixed into :class:`~tui.app.GomokuApp`. The search runs in a thread worker
(``@work(thread=True, exclusive=True)``) on a copy of the board, with a ``threading.Event`` to stop it
and a job number so that an answer to a question no longer asked is dropped; results come back to the
main thread by ``call_from_thread``.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from textual import work
from textual.worker import get_current_worker

from gomoku.engine.chance import is_proven
from gomoku.search.types import WIN
from tui.services import ForcingLine, engine_time
from tui.view.panels import search_scored

__all__ = ["EngineThinking", "FAST_LEVEL", "FAST_SECONDS", "FORCING_SECONDS"]

FAST_LEVEL = "greedy"
"""What the engine plays when its clock leaves no time to search (if the rules allow it)."""
FAST_SECONDS = 0.01
"""The time limit passed along with a move played at once."""
FORCING_SECONDS = 0.4
"""The most a hint spends after its search on the forcing line: the whole VCF or VCT of
a proven win, or the opponent's threat when there is no win."""

if TYPE_CHECKING:
    from textual.app import App

    from gomoku.board import Point
    from tui.game import Game
    from tui.services import Analyst
    from tui.widgets.board_view import BoardView

    _AppBase = App[int]
else:
    _AppBase = object


class EngineThinking(_AppBase):
    """The engine's moves and hints, thought out in a worker (a mixin of the app)."""

    if TYPE_CHECKING:  # what the app that mixes this in provides
        analyst: Analyst
        game: Game
        watch_delay: float
        hint: Any | None
        hint_note: str
        forcing: ForcingLine | None

        @property
        def board_view(self) -> BoardView: ...
        def refresh_all(self) -> None: ...
        def refresh_status(self) -> None: ...
        def play(self, point: Point) -> bool: ...

    def __init__(self) -> None:
        super().__init__()
        self.thinking: str | None = None
        """What the engine is doing: "wait" (for its move, two engines), "move", "hint", "play" or None."""
        self.last_info: Any | None = None
        self._job = 0
        self._stop = threading.Event()

    def maybe_engine_turn(self) -> None:
        """Start the engine if it is its move (after a short pause when two engines play,
        which is not on the game clock: it is for the people watching)."""
        if self.thinking is not None or not self.game.engine_to_move():
            return
        if self.game.settings.mode == "engines" and self.watch_delay > 0 and self.game.board.move_stack:
            self.thinking = "wait"
            if self.game.clock is not None:
                self.game.clock.run_for(None)
            job = self._job

            def go() -> None:
                if self._job == job and self.thinking == "wait":
                    self.thinking = None
                    if self.game.engine_to_move():
                        self.start_engine("move")

            self.set_timer(self.watch_delay, go)
            return
        self.start_engine("move")

    def start_engine(self, purpose: str) -> None:
        """Think about the position in a worker: ``purpose`` is "move", "hint" or "play"."""
        self.cancel_engine()
        self.game.start_clock()  # after a pause between two engines' moves, the clock runs again
        self._job += 1
        self._stop = threading.Event()
        self.thinking = purpose
        self.last_info = None
        self.refresh_status()
        level, seconds = self.move_limits()
        self.think(self.game.board.copy(), self._job, purpose, level, seconds, self._stop)

    def move_limits(self) -> tuple[str, float]:
        """The level and search time for the side to move: the settings', or under a game
        clock a time planned from that side's time left (``tui.services.engine_time``),
        and the greedy move at once when too little is left to search."""
        game = self.game
        settings = game.settings
        seconds = engine_time(settings.time, game.clock_left(), settings.increment, game.board.ply)
        if seconds > 0:
            return settings.level, seconds
        fast = FAST_LEVEL if FAST_LEVEL in self.analyst.levels_of(game.rules) else settings.level
        return fast, FAST_SECONDS

    def cancel_engine(self) -> None:
        """Stop the engine and forget what it would have said."""
        self._stop.set()
        self._job += 1
        if self.thinking is not None:
            self.thinking = None
            self.last_info = None
            self.workers.cancel_group(self, "engine")

    @work(thread=True, group="prepare", exit_on_error=False)
    def prepare_engine(self) -> None:
        """Load (or compile, the first time) the engine's kernels in a thread: the app stays responsive."""

        def announce(text: str) -> None:
            self.call_from_thread(self.notify, text, timeout=30)

        try:
            self.analyst.prepare(announce)
        except Exception as exc:  # the first hint will try again; say it in one line
            self.call_from_thread(self.notify, f"the engine's warm-up failed: {exc}", severity="warning")

    @work(thread=True, exclusive=True, group="engine", exit_on_error=False)
    def think(self, board: Any, job: int, purpose: str, level: str, seconds: float, stop: threading.Event) -> None:
        """The engine's search, off the event loop; results come back by call_from_thread."""
        worker = get_current_worker()

        def send(callback: Any, *args: Any, **kwargs: Any) -> None:
            if worker.is_cancelled or stop.is_set():
                return
            try:
                self.call_from_thread(callback, *args, **kwargs)
            except RuntimeError:  # the app is closing
                stop.set()

        def on_info(info: Any) -> None:
            send(self.engine_info, job, info)

        try:
            try:
                hint = self.analyst.hint(board, level=level, time=seconds, on_info=on_info, stop=stop)
            except ValueError as exc:
                # A level that cannot play these rules leaves the first level that can.
                fallback = next((name for name in self.analyst.levels_of(board.rules) if name != level), None)
                if fallback is None or board.is_over:
                    raise
                send(self.notify, f"{exc}: the {fallback} level plays instead", severity="warning")
                hint = self.analyst.hint(board, level=fallback, time=seconds, on_info=on_info, stop=stop)
        except Exception as exc:  # shown as one line, never as a traceback
            send(self.engine_failed, job, exc)
            return
        note = ""
        if purpose == "hint" and level == "perfect":  # the solver's value and the plies to the end
            try:
                note = self.analyst.solved(board)
            except Exception:  # the hint stands without it
                note = ""
        forcing = self.forcing_of(board, hint, min(seconds, FORCING_SECONDS), stop) if purpose == "hint" else None
        send(self.engine_done, job, purpose, board.hash, hint, note, forcing)

    def forcing_of(self, board: Any, hint: Any, seconds: float, stop: threading.Event) -> ForcingLine | None:
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

    def engine_info(self, job: int, info: Any) -> None:
        """Show the search's progress (main thread)."""
        if job == self._job and self.thinking is not None:
            self.last_info = info
            self.refresh_status()

    def engine_failed(self, job: int, exc: Exception) -> None:
        """Say in one line that the engine failed (main thread)."""
        if job != self._job:
            return
        self.thinking = None
        self.refresh_status()
        self.notify(f"the engine failed: {exc}", severity="error")

    def engine_done(
        self, job: int, purpose: str, position: int, hint: Any, note: str = "", forcing: ForcingLine | None = None
    ) -> None:
        """Show the hint (with its forcing line) or play the move, unless the game moved
        on meanwhile (main thread)."""
        if job != self._job or position != self.game.board.hash:
            return
        self.thinking = None
        self.last_info = None
        if purpose == "hint":
            self.hint = hint
            self.hint_note = note
            self.forcing = forcing
            self.refresh_all()
            return
        move = tuple(hint.move)
        if self.play(move):
            # Watching two engines, the view follows the game; against one, it shows a far reply.
            view = self.board_view
            if self.game.settings.mode == "engines" or view.offset_of(move) is None:
                view.move_cursor_to(move)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Leave the app, telling a search in progress to stop (by any way out, ctrl+q too)."""
        self._stop.set()
        self._job += 1  # and any answer or timer still on its way is dropped
        super().exit(*args, **kwargs)
