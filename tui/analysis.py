"""Live analysis: the engine searches the position on show until told to stop (a mixin of the app).

:class:`LiveAnalysis` is mixed into :class:`~tui.app.GomokuApp`. ``a`` starts an
unbounded search of the position on show (``Engine.analyse(..., multipv=N)``) in a
thread worker, as :mod:`tui.thinking` does for moves and hints: on a copy of the board,
stopped by the worker's own cancellation (``Worker.cancelled_event``, which Textual sets
when the worker is cancelled, replaced by the next analysis, or the app shuts down:
an unbounded search can never outlive the app), with a job number so that a late
report of a search no longer wanted is dropped. Each completed depth comes back by
``call_from_thread``: the best ``ANALYSIS_LINES`` moves are marked on the board with
their win chances, listed in the side panel with their lines, and the evaluation bar
follows the best. ``a`` again stops it, and so does any move, undo, redo, a new game
or an opened one; walking the move list moves it to the position shown.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from textual import work
from textual.worker import get_current_worker

from tui.view.panels import chance_label

__all__ = ["LiveAnalysis", "ANALYSIS_LINES"]

ANALYSIS_LINES = 4
"""How many of the best moves the live analysis follows (MultiPV)."""

if TYPE_CHECKING:
    from textual.app import App

    from tui.game import Game
    from tui.services import Analyst
    from tui.widgets.board_view import BoardView

    _AppBase = App[int]
else:
    _AppBase = object


class LiveAnalysis(_AppBase):
    """The engine's unbounded search of the position on show, its best moves on the board."""

    if TYPE_CHECKING:  # what the app that mixes this in provides
        analyst: Analyst
        game: Game
        hint: Any | None
        thinking: str | None

        @property
        def board_view(self) -> BoardView: ...
        def cancel_engine(self) -> None: ...
        def forget_forcing(self) -> None: ...
        def refresh_all(self) -> None: ...
        def refresh_analysis(self) -> None: ...

    def __init__(self) -> None:
        super().__init__()
        self.analysing = False
        """Whether the live analysis runs (or ran to its end on the position on show)."""
        self.analysis: Any | None = None
        """The analysis's last report (a ``SearchInfo`` with its ``candidates``), None before the first."""
        self.analysis_done = False
        """The search ended by itself (the position is solved, or the search's depth is spent)."""
        self._analysis_job = 0

    def action_analyse(self) -> None:
        """Start the live analysis of the position on show, or stop it."""
        if self.analysing:
            self.stop_analysis()
            self.refresh_all()
            return
        if self.game.is_over:
            self.notify("The game is over: nothing to analyse (walk back with < or Home).", timeout=3)
            return
        if self.thinking in ("move", "wait"):
            self.notify("The engine is thinking of its move: analyse when it is yours.", timeout=3)
            return
        if self.thinking is not None:  # a hint on its way: the analysis replaces it
            self.cancel_engine()
        self.start_analysis()

    def start_analysis(self) -> None:
        """Search the position on show, with no limit, in a worker (it replaces the one before)."""
        self._analysis_job += 1
        self.analysing = True
        self.analysis = None
        self.analysis_done = False
        self.hint = None
        self.forget_forcing()
        self.board_view.candidates = ()
        self.refresh_all()
        self.analyse_position(self.game.board.copy(), self._analysis_job)

    def stop_analysis(self) -> None:
        """Stop the live analysis (if it runs) and forget what it found."""
        self._analysis_job += 1
        self.workers.cancel_group(self, "analysis")  # sets the search's stop
        if not self.analysing:
            return
        self.analysing = False
        self.analysis = None
        self.analysis_done = False
        self.board_view.candidates = ()

    def follow_position(self) -> None:
        """The position on show changed without a move (the move list): the analysis
        goes on from there, if it runs and the game is not over there."""
        if not self.analysing:
            return
        if self.game.is_over:
            self.stop_analysis()
        else:
            self.start_analysis()

    @work(thread=True, exclusive=True, group="analysis", exit_on_error=False)
    def analyse_position(self, board: Any, job: int) -> None:
        """The engine's search of ``board`` until the worker is cancelled, each depth reported to the app."""
        worker = get_current_worker()
        stop: threading.Event = worker.cancelled_event

        def send(callback: Any, *args: Any) -> None:
            if worker.is_cancelled or stop.is_set():
                return
            try:
                self.call_from_thread(callback, *args)
            except RuntimeError:  # the app is closing
                stop.set()

        search = None
        try:
            search = self.analyst.analyse(board, multipv=ANALYSIS_LINES, stop=stop)
            for info in search:
                if stop.is_set() or worker.is_cancelled:
                    break
                send(self.analysis_report, job, info)
        except Exception as exc:  # shown as one line, never as a traceback
            send(self.analysis_failed, job, exc)
            return
        finally:
            close = getattr(search, "close", None)
            if close is not None:
                close()  # the engine takes its next search only once this one let go
        send(self.analysis_finished, job)

    def analysis_report(self, job: int, info: Any) -> None:
        """A completed depth (main thread): its candidates on the board and in the panel."""
        if job != self._analysis_job or not self.analysing:
            return
        self.analysis = info
        candidates = tuple(getattr(info, "candidates", ()) or ())
        self.board_view.candidates = tuple((c.move, chance_label(c.score)) for c in candidates)
        self.board_view.refresh()
        self.refresh_analysis()

    def analysis_finished(self, job: int) -> None:
        """The search ended by itself (main thread): its last depth stays on show."""
        if job == self._analysis_job and self.analysing:
            self.analysis_done = True
            self.refresh_analysis()

    def analysis_failed(self, job: int, exc: Exception) -> None:
        """Say in one line that the analysis failed (main thread)."""
        if job != self._analysis_job:
            return
        self.stop_analysis()
        self.refresh_all()
        self.notify(f"the analysis failed: {exc}", severity="error")
