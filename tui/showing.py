"""Showing the game: the board's overlays, the side panel or its summary line, the
evaluation bar, the move list and the status line (a mixin of the app).

:class:`GameDisplay` is mixed into :class:`~tui.app.GomokuApp`: it reads the app's state
(the game, the hint, the live analysis, the forcing line, the toggles) and hands it
to the widgets, attributes down; the texts themselves are :mod:`tui.view.panels`'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.containers import VerticalScroll
from textual.widgets import Static

from gomoku.board import Point, format_point
from gomoku.engine.chance import percent
from tui.game import MODES, in_a_row
from tui.view.panels import (
    analysis_line,
    analysis_text,
    breakdown_text,
    forcing_line_text,
    hint_line,
    hint_text,
    legend_text,
    search_scored,
    thinking_text,
    x_chance,
)
from tui.widgets.evalbar import EvalBar
from tui.widgets.movelist import MoveList

__all__ = ["GameDisplay"]

if TYPE_CHECKING:
    from textual.app import App

    from tui.game import Game
    from tui.services import Analyst, ForcingLine
    from tui.widgets.board_view import BoardView

    _AppBase = App[int]
else:
    _AppBase = object


class GameDisplay(_AppBase):
    """What the app shows of its state, refreshed after every change."""

    if TYPE_CHECKING:  # what the app that mixes this in provides
        analyst: Analyst
        game: Game
        hint: Any | None
        hint_note: str
        forcing: ForcingLine | None
        preview_step: int | None
        analysing: bool
        analysis: Any | None
        analysis_done: bool
        thinking: str | None
        last_info: Any | None
        show_weights: bool
        show_breakdown: bool
        _weights_key: tuple[int, int] | None
        _weights: dict[Point, float] | None
        _clock_shown: str

        @property
        def board_view(self) -> BoardView: ...
        def show_panel(self, width: int | None = None) -> None: ...
        def notify(
            self,
            message: str,
            *,
            title: str = "",
            severity: Any = "information",
            timeout: float | None = None,
            markup: bool = False,
        ) -> None: ...

    def current_weights(self) -> dict[Point, float] | None:
        """The weight map of the position, computed once per position: only the cells
        a stone may go to (under gravity, those resting on the bottom or a stone)."""
        board = self.game.board
        key = (board.hash, len(board.move_stack))
        if self._weights_key != key:
            layout = self.board_view.cell_layout
            weights = self.analyst.weight_map(board)
            self._weights = {p: w for p, w in weights.items() if layout.playable(p, board.stones)}
            self._weights_key = key
        return self._weights

    def refresh_all(self) -> None:
        """Show the game: title, board, side panel (or summary line), status line."""
        self.title = f"gomoku: {self.game.rules.title()}"
        self.show_panel()
        view = self.board_view
        view.board = self.game.board
        # Stepping through a forcing line, its stones take the place of the hint's marks.
        shown = self.hint if self.preview_step is None else None
        view.hint_move = shown.move if shown is not None else None
        view.hint_pv = tuple(shown.pv) if shown is not None else ()
        view.weights = None
        legend = self.query_one("#legend", Static)
        if self.show_weights:
            try:
                view.weights = self.current_weights()
            except Exception as exc:  # the overlay failing must not take the game with it
                self.show_weights = False
                self.notify(f"weights: {exc}", severity="error")
        legend.display = view.weights is not None
        if view.weights is not None:
            legend.update(legend_text(view.weights))
        view.refresh()
        self.refresh_info()
        self.refresh_breakdown()
        hint_box = self.query_one("#hint", Static)
        hint_box.display = self.hint is not None
        if self.hint is not None:
            hint_box.update(
                hint_text(self.hint, self.game.board.turn.name, self.hint_note, self.forcing, self.preview_step)
            )
        self.refresh_analysis(status=False)
        self.refresh_moves()
        self.refresh_status()

    def refresh_moves(self) -> None:
        """The move list, the position on show picked out and kept in view."""
        game = self.game
        moves = self.query_one(MoveList)
        moves.show(game.moves, game.board.ply, len(game.board.setup))
        box = self.query_one("#moves-box", VerticalScroll)
        if not game.walking:
            box.scroll_end(animate=False)
        else:
            box.scroll_to(y=max(0, moves.current_line - box.size.height // 2), animate=False)

    def refresh_analysis(self, status: bool = True) -> None:
        """The live analysis's panel (or summary line), and the evaluation bar."""
        box = self.query_one("#analysis", Static)
        box.display = self.analysing
        if self.analysing:
            box.update(analysis_text(self.analysis, self.analysis_done))
        self.refresh_evaluation()
        if status:
            self.refresh_info(layout=False)
            self.refresh_status()

    def evaluation(self) -> tuple[float, str] | None:
        """X's chance in the position on show and where it comes from: the live
        analysis's best move, else the hint (when its score is the search's); None."""
        turn = self.game.board.turn.name
        candidates = getattr(self.analysis, "candidates", ()) if self.analysing else ()
        if candidates:
            return x_chance(candidates[0].score, turn), f"analysis, depth {self.analysis.depth}"
        if self.hint is not None and search_scored(self.hint):
            return x_chance(self.hint.score, turn), "hint"
        return None

    def refresh_evaluation(self) -> None:
        """The evaluation bar beside the board."""
        evaluation = self.evaluation()
        self.query_one(EvalBar).show(*evaluation) if evaluation is not None else self.query_one(EvalBar).show(None)

    def refresh_info(self, layout: bool = True) -> None:
        """The game, players, level and the cursor (with its weight when the overlay is
        on), in the side panel and in the summary line that stands in for it."""
        game = self.game
        settings = game.settings
        view = self.board_view
        cursor = f"cursor {format_point(view.cursor)}"
        if view.weights is not None and view.cursor in view.weights:
            cursor += f" · weight {view.weights[view.cursor]:g}"
        name = self.title.removeprefix("gomoku: ")
        evaluation = self.evaluation()
        # The evaluation bar's figure, said in words (the bar itself has no room for it).
        judged = f" · X {percent(evaluation[0])}%" if evaluation is not None else ""
        text = f"{name} · {MODES[settings.mode]}\nlevel {settings.level} · {settings.time:g} s a move\n{cursor}{judged}"
        # The cursor's moves change no line count: no new layout for them.
        self.query_one("#info", Static).update(text, layout=layout)
        summary = self.query_one("#summary", Static)
        if self.analysing:
            summary.update(analysis_line(self.analysis), layout=False)
        elif self.hint is not None:
            if self.forcing is not None and self.preview_step:  # stepping: where in the line
                summary.update(forcing_line_text(self.forcing, self.preview_step), layout=False)
            else:
                summary.update(
                    hint_line(self.hint, self.game.board.turn.name, self.hint_note, self.forcing), layout=False
                )
        else:
            summary.update(f"{name} · {MODES[settings.mode]} · {cursor} · p: panel", layout=False)

    def refresh_breakdown(self) -> None:
        """The cursor cell's explanation, when the panel is open."""
        box = self.query_one("#breakdown-box", VerticalScroll)
        box.display = self.show_breakdown
        if not self.show_breakdown:
            return
        board = self.game.board
        point = self.board_view.cursor
        panel = self.query_one("#breakdown", Static)
        if point in board.stones:
            panel.update(
                f"Cell {format_point(point)} holds {board.stones[point].name}: "
                "move the cursor to an empty cell for its breakdown"
            )
            return
        try:
            panel.update(
                breakdown_text(self.analyst.explain(board, point), self.board_view.cell_layout.flipped, board.rules.k)
            )
        except Exception as exc:  # an unexplainable cell is shown, never raised
            panel.update(f"breakdown of {format_point(point)}: {exc}")

    def over_message(self) -> str:
        """The game-over message ("" while the game goes on)."""
        board = self.game.board
        if self.game.lost_on_time is not None:
            loser = self.game.lost_on_time
            return f"{loser.name} ran out of time: {loser.other.name} wins. Press n for a new game."
        if board.winner is not None:
            return f"{board.winner.name} wins with {in_a_row(board.rules.k)}! Press n for a new game, u to undo."
        if board.is_draw:
            return "The board is full: a draw. Press n for a new game."
        return ""

    def refresh_status(self) -> None:
        """Whose move it is, what the engine is thinking, or how the game ended."""
        board = self.game.board
        status = self.query_one("#status", Static)
        if self.game.is_over:
            text = self.over_message()
            status.set_class(True, "over")
        else:
            status.set_class(False, "over")
            turn = board.turn.name
            if self.analysing:
                info = self.analysis
                text = (
                    f"Analysing {turn} to play… depth {info.depth}  nodes {info.nodes:,}  {info.time:.1f} s"
                    if info is not None
                    else f"Analysing {turn} to play…"
                ) + "  (a stops)"
            elif self.thinking == "wait":
                text = f"Move {board.ply + 1}: {turn} to play (engine)."
            elif self.thinking in ("move", "play"):
                text = thinking_text(turn, self.last_info)
            elif self.thinking is not None:
                text = "Hint: " + thinking_text(turn, self.last_info)
            elif self.game.walking:
                text = (
                    f"Move {board.ply} of {len(self.game.moves)}: {turn} to play. "
                    "< > walk the moves, End: back to the game."
                )
            else:
                who = "engine" if self.game.settings.engine_plays(board.turn) else "you"
                text = f"Move {board.ply + 1}: {turn} to play ({who})."
        clock = self.game.clock_text()  # both sides' time left, the running one marked
        if clock:
            text = f"{clock} │ {text}"
        self._clock_shown = clock
        status.update(text)
