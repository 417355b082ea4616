"""Live analysis: the engine searches the position on show until told to stop.

:class:`LiveAnalysis` is one of the app's parts. ``a`` starts an unbounded search of
the position on show (``Engine.analyse(..., multipv=N)``) in a thread worker, as
:mod:`tui.thinking` does for moves and hints: on a copy of the board, stopped by the
worker's own cancellation (``Worker.cancelled_event``, which Textual sets when the
worker is cancelled, replaced by the next analysis, or the app shuts down: an unbounded
search can never outlive the app), with a job number so that a late report of a search
no longer wanted is dropped. Each completed depth comes back by ``call_from_thread``:
the best ``ANALYSIS_LINES`` moves are marked on the board with their win chances,
listed in the side panel with their lines, and the evaluation bar follows the best.
``a`` again stops it, and so does any move, undo, redo, a new game or an opened one;
walking the move list moves it to the position shown.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from textual.app import App
from textual.worker import get_current_worker

from gomoku.board import Board
from gomoku.search.types import SearchInfo
from tui.services import Analyst
from tui.showing import GameDisplay
from tui.state import AppState
from tui.thinking import EngineThinking

__all__ = ["LiveAnalysis", "ANALYSIS_LINES"]

ANALYSIS_LINES = 4
"""How many of the best moves the live analysis follows (MultiPV)."""


class LiveAnalysis:
    """The engine's unbounded search of the position on show, its best moves on the board."""

    def __init__(
        self, app: App[int], state: AppState, analyst: Analyst, display: GameDisplay, thinker: EngineThinking
    ) -> None:
        self.app = app
        self.state = state
        self.analyst = analyst
        self.display = display
        self.thinker = thinker
        """The engine's moves and hints: one search at a time, so a hint on its way gives way."""
        self._job = 0

    def toggle(self) -> None:
        """Start the live analysis of the position on show, or stop it (``a``)."""
        state = self.state
        if state.analysing:
            self.stop()
            self.display.refresh_all()
            return
        if state.game.is_over:
            self.app.notify("The game is over: nothing to analyse (walk back with < or Home).", timeout=3)
            return
        if state.thinking in ("move", "wait"):
            self.app.notify("The engine is thinking of its move: analyse when it is yours.", timeout=3)
            return
        if state.thinking is not None:  # a hint on its way: the analysis replaces it
            self.thinker.cancel()
        self.start()

    def start(self) -> None:
        """Search the position on show, with no limit, in a worker (it replaces the one before)."""
        state = self.state
        self._job += 1
        state.analysing = True
        state.analysis = None
        state.analysis_done = False
        state.forget_results()
        self.display.refresh_all()
        work = partial(self.search, state.game.board.copy(), self._job)
        self.app.run_worker(work, name="analyse", group="analysis", thread=True, exclusive=True, exit_on_error=False)

    def stop(self) -> None:
        """Stop the live analysis (if it runs) and forget what it found."""
        self._job += 1
        self.app.workers.cancel_group(self.app, "analysis")  # sets the search's stop
        state = self.state
        state.analysing = False
        state.analysis = None
        state.analysis_done = False

    def follow_position(self) -> None:
        """The position on show changed without a move (the move list): the analysis
        goes on from there, if it runs and the game is not over there."""
        if not self.state.analysing:
            return
        if self.state.game.is_over:
            self.stop()
        else:
            self.start()

    def search(self, board: Board, job: int) -> None:
        """The engine's search of ``board`` until the worker is cancelled, each depth reported (in the worker)."""
        worker = get_current_worker()
        stop: threading.Event = worker.cancelled_event

        def send(callback: Callable[..., object], *args: Any) -> None:
            if worker.is_cancelled or stop.is_set():
                return
            try:
                self.app.call_from_thread(callback, *args)
            except RuntimeError:  # the app is closing
                stop.set()

        search: Iterator[SearchInfo] | None = None
        try:
            search = self.analyst.analyse(board, multipv=ANALYSIS_LINES, stop=stop)
            for info in search:
                if stop.is_set() or worker.is_cancelled:
                    break
                send(self.report, job, info)
        except Exception as exc:  # shown as one line, never as a traceback
            send(self.failed, job, exc)
            return
        finally:
            close = getattr(search, "close", None)
            if close is not None:
                close()  # the engine takes its next search only once this one let go
        send(self.finished, job)

    def report(self, job: int, info: SearchInfo) -> None:
        """A completed depth (main thread): its candidates on the board and in the panel."""
        if job != self._job or not self.state.analysing:
            return
        self.state.analysis = info
        self.display.refresh_board()
        self.display.refresh_analysis()

    def finished(self, job: int) -> None:
        """The search ended by itself (main thread): its last depth stays on show."""
        if job == self._job and self.state.analysing:
            self.state.analysis_done = True
            self.display.refresh_analysis()

    def failed(self, job: int, exc: Exception) -> None:
        """Say in one line that the analysis failed (main thread)."""
        if job != self._job:
            return
        self.stop()
        self.display.refresh_all()
        self.app.notify(f"the analysis failed: {exc}", severity="error")
