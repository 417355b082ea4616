"""Showing the game: the board's overlays, the side panel or its summary line, the
evaluation bar, the move list and the status line.

:class:`GameDisplay` reads the app's state (:class:`~tui.state.AppState`: the game, the
hint, the live analysis, the forcing line, the overlays) and hands it to the widgets,
attributes down; the texts themselves are :mod:`tui.view.panels`'. It queries the app's
main screen (``App.query_one`` does), so a dialog on top changes nothing.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.containers import VerticalScroll
from textual.widgets import Static

from gomoku.attacks.words import format_weight
from gomoku.board import Point, Stone, format_point
from gomoku.engine.chance import percent
from tui.game import MODES, GameSettings, clock_name, in_a_row
from tui.services import Analyst, players_text
from tui.state import AppState
from tui.view.panel_place import panel_place
from tui.view.panels import (
    analysis_line,
    analysis_text,
    breakdown_text,
    chance_label,
    forcing_line_text,
    hint_line,
    hint_text,
    legend_text,
    reviewed_text,
    thinking_text,
)
from tui.widgets.board_view import BoardView
from tui.widgets.evalbar import EvalBar
from tui.widgets.movelist import MoveList

__all__ = ["GameDisplay", "SIDE_PANEL_MIN_WIDTH", "plays_text"]

SIDE_PANEL_MIN_WIDTH = 100
"""From this terminal width the side panel shows (unless ``p`` hides it). Below it the
board takes the whole width and a line under it sums the panel up: the hint's move,
score, depth and line, else the game and the cursor (``p`` shows the panel there too)."""


def plays_text(settings: GameSettings) -> str:
    """The level that plays and the clock, as the header and the title name them.

    >>> plays_text(GameSettings(level="strong")), plays_text(GameSettings(level="easy", clock=60))
    ('level strong', 'level easy · 1 min clock')
    """
    clock = f" · {clock_name(settings.clock, settings.increment)} clock" if settings.clock > 0 else ""
    return f"{players_text(settings)}{clock}"


class GameDisplay:
    """What the app shows of its state, refreshed after every change."""

    def __init__(self, app: App[int], state: AppState, analyst: Analyst) -> None:
        self.app = app
        self.state = state
        self.analyst = analyst
        self.clock_shown = ""
        """The clock's text on the status line, so that a tick redraws it only when it changed."""
        self._weights_key: tuple[object, ...] | None = None
        self._weights: dict[Point, float] | None = None
        self._forbidden_key: tuple[object, ...] | None = None
        self._forbidden: tuple[Point, ...] = ()

    @property
    def board_view(self) -> BoardView:
        """The board widget."""
        return self.app.query_one("#board", BoardView)

    def panel_shown(self, width: int | None = None) -> bool:
        """Whether the side panel is on show: the player's choice, else the width's."""
        width = self.app.size.width if width is None else width
        return self.state.panel if self.state.panel is not None else width >= SIDE_PANEL_MIN_WIDTH

    def show_panel(self, width: int | None = None) -> None:
        """Show the side panel, or the summary line under the board in its place; the
        panel beside the board, or under it on a narrow terminal (``panel_place``)."""
        shown = self.panel_shown(width)
        side = self.app.query_one("#side")
        side.display = shown
        self.app.query_one("#summary").display = not shown
        if shown:
            place = panel_place(self.app.size.width if width is None else width, self.app.size.height)
            side.set_class(place.under, "under")
            side.styles.width = "100%" if place.under else place.size
            side.styles.height = place.size if place.under else "1fr"

    def current_weights(self) -> dict[Point, float] | None:
        """The weight map of the position, computed once per position: only the cells
        a stone may go to (under gravity, those resting on the bottom or a stone)."""
        board = self.state.game.board
        key = (board.rules, board.hash, len(board.move_stack))
        if self._weights_key != key:
            layout = self.board_view.cell_layout
            weights = self.analyst.weight_map(board)
            barred = set(self.current_forbidden()) if board.turn is Stone.X else set()  # no weight: not a move
            self._weights = {p: w for p, w in weights.items() if layout.playable(p, board.stones) and p not in barred}
            self._weights_key = key
        return self._weights

    def current_forbidden(self) -> tuple[Point, ...]:
        """The cells forbidden to black in the position on show (renju; none under other
        rules, or once the game is over), computed once per position."""
        board = self.state.game.board
        key = (board.rules, board.hash, len(board.move_stack))
        if self._forbidden_key != key:
            self._forbidden = () if board.is_over else tuple(board.forbidden_points())
            self._forbidden_key = key
        return self._forbidden

    def refresh_all(self) -> None:
        """Show the game: title, board, side panel (or summary line), status line."""
        state = self.state
        self.app.title = f"gomoku: {state.game.rules.title()} · {plays_text(state.game.settings)}"
        self.show_panel()
        self.refresh_board()
        view = self.board_view
        legend = self.app.query_one("#legend", Static)
        legend.display = view.weights is not None
        if view.weights is not None:
            legend.update(legend_text(view.weights))
        self.refresh_info()
        self.refresh_breakdown()
        hint_box = self.app.query_one("#hint", Static)
        hint_box.display = state.hint is not None or state.reviewed is not None
        if state.hint is not None:
            turn = state.game.board.turn.name
            hint_box.update(hint_text(state.hint, turn, state.hint_note, state.forcing, state.preview_step))
        elif state.reviewed is not None:
            hint_box.update(reviewed_text(state.reviewed))
        self.refresh_analysis(status=False)
        self.refresh_moves()
        self.refresh_status()

    def refresh_board(self) -> None:
        """Hand the board view the position and its marks (the hint and its line, the
        live analysis's best moves, the forcing line stepped through, the weights, the
        move numbers), and redraw it."""
        state = self.state
        view = self.board_view
        view.board = state.game.board
        # Stepping through a forcing line, its stones take the place of the hint's marks.
        shown = state.hint if state.preview_step is None else None
        view.hint_move = shown.move if shown is not None else None
        view.hint_pv = tuple(shown.pv) if shown is not None else ()
        reviewed = state.reviewed
        if shown is None and reviewed is not None and reviewed.better is not None:
            view.hint_move = reviewed.better  # a reviewed move's better one, drawn as a hint's
            view.hint_pv = reviewed.better_line or (reviewed.better,)
        view.candidates = tuple((c.move, chance_label(c.score)) for c in state.candidates())
        view.preview, view.preview_step, view.preview_first = state.preview()
        view.move_numbers = state.move_numbers
        view.forbidden = self.current_forbidden()
        view.weights = None
        if state.show_weights:
            try:
                view.weights = self.current_weights()
            except Exception as exc:  # the overlay failing must not take the game with it
                state.show_weights = False
                self.app.notify(f"weights: {exc}", severity="error")
        view.refresh()

    def refresh_moves(self) -> None:
        """The move list, the position on show picked out and kept in view."""
        game = self.state.game
        moves = self.app.query_one(MoveList)
        moves.show(game.moves, game.board.ply, len(game.board.setup), game.tip)
        box = self.app.query_one("#moves-box", VerticalScroll)
        if not game.walking:
            box.scroll_end(animate=False)
        else:
            box.scroll_to(y=max(0, moves.current_line - box.size.height // 2), animate=False)

    def refresh_analysis(self, status: bool = True) -> None:
        """The live analysis's panel (or summary line), and the evaluation bar."""
        state = self.state
        box = self.app.query_one("#analysis", Static)
        box.display = state.analysing
        if state.analysing:
            box.update(analysis_text(state.analysis, state.analysis_done))
        evaluation = state.evaluation()
        bar = self.app.query_one(EvalBar)
        bar.show(*evaluation) if evaluation is not None else bar.show(None)
        if status:
            self.refresh_info(layout=False)
            self.refresh_status()

    def refresh_info(self, layout: bool = True) -> None:
        """The game, players, level and the cursor (with its weight when the overlay is
        on), in the side panel and in the summary line that stands in for it. Not once the
        app is closing (a cursor's move still queued then found no board: NoMatches)."""
        if not self.app.query("#info"):
            return
        state = self.state
        settings = state.game.settings
        view = self.board_view
        cursor = f"cursor {format_point(view.cursor)}"
        if view.weights is not None and view.cursor in view.weights:
            cursor += f" · weight {format_weight(view.weights[view.cursor], exact=True)}"
        name = state.game.rules.title()
        evaluation = state.evaluation()
        # The evaluation bar's figure, said in words (the bar itself has no room for it).
        judged = f" · X {percent(evaluation[0])}%" if evaluation is not None else ""
        plays = plays_text(settings)
        text = f"{name} · {MODES[settings.mode]}\n{plays} · {settings.time:g} s a move\n{cursor}{judged}"
        # The cursor's moves change no line count: no new layout for them.
        self.app.query_one("#info", Static).update(text, layout=layout)
        summary = self.app.query_one("#summary", Static)
        turn = state.game.board.turn.name
        if state.analysing:
            summary.update(analysis_line(state.analysis), layout=False)
        elif state.hint is not None:
            if state.forcing is not None and state.preview_step:  # stepping: where in the line
                summary.update(forcing_line_text(state.forcing, state.preview_step), layout=False)
            else:
                summary.update(hint_line(state.hint, turn, state.hint_note, state.forcing), layout=False)
        elif state.reviewed is not None:
            summary.update(reviewed_text(state.reviewed), layout=False)
        else:
            summary.update(f"{name} · {MODES[settings.mode]} · {plays} · {cursor} · p: panel", layout=False)

    def refresh_breakdown(self) -> None:
        """The cursor cell's explanation, when the panel is open."""
        box = self.app.query_one("#breakdown-box", VerticalScroll)
        box.display = self.state.show_breakdown
        if not self.state.show_breakdown:
            return
        board = self.state.game.board
        view = self.board_view
        point = view.cursor
        panel = self.app.query_one("#breakdown", Static)
        if point in board.stones:
            panel.update(
                f"Cell {format_point(point)} holds {board.stones[point].name}: "
                "move the cursor to an empty cell for its breakdown"
            )
            return
        why = board.forbidden(point) if point in self.current_forbidden() else None
        try:
            text = breakdown_text(self.analyst.explain(board, point), view.cell_layout.flipped, board.rules.k)
            if why is not None:  # what a renju player looks at first
                text = Text.assemble((f"Forbidden for X (black): {why.reason()}\n\n", "bold red"), text)
            panel.update(text)
        except Exception as exc:  # an unexplainable cell is shown, never raised
            panel.update(f"breakdown of {format_point(point)}: {exc}")

    def over_message(self) -> str:
        """The game-over message ("" while the game goes on)."""
        game = self.state.game
        board = game.board
        if game.lost_on_time is not None:
            loser = game.lost_on_time
            return f"{loser.name} ran out of time: {loser.other.name} wins. Press n for a new game."
        if board.winner is not None:
            return f"{board.winner.name} wins with {in_a_row(board.rules.k)}! Press n for a new game, u to undo."
        if board.is_draw:
            return "The board is full: a draw. Press n for a new game."
        return ""

    def refresh_status(self) -> None:
        """Whose move it is, what the engine is thinking, or how the game ended."""
        state = self.state
        game = state.game
        board = game.board
        status = self.app.query_one("#status", Static)
        if game.is_over:
            text = self.over_message()
            status.set_class(True, "over")
        else:
            status.set_class(False, "over")
            turn = board.turn.name
            if state.analysing:
                info = state.analysis
                text = (
                    f"Analysing {turn} to play… depth {info.depth}  nodes {info.nodes:,}  {info.time:.1f} s"
                    if info is not None
                    else f"Analysing {turn} to play…"
                ) + "  (a stops)"
            elif game.in_opening and not game.walking:  # a swap opening: whose part, what was chosen
                assert game.opening is not None
                text = game.opening.status(board.ply, thinking=state.thinking == "move")
            elif state.thinking == "wait":
                text = f"Move {board.ply + 1}: {turn} to play (engine)."
            elif state.thinking in ("move", "play"):
                text = thinking_text(turn, state.last_info)
            elif state.thinking is not None:
                text = "Hint: " + thinking_text(turn, state.last_info)
            elif state.engine_failure:
                text = f"Move {board.ply + 1}: {turn} to play · {state.engine_failure} (d: again, n: another level)"
            elif game.walking:
                text = (
                    f"Move {board.ply} of {len(game.moves)}: {turn} to play. < > walk the moves, End: back to the game."
                )
            else:
                who = "engine" if game.settings.engine_plays(board.turn) else "you"
                text = f"Move {board.ply + 1}: {turn} to play ({who})."
                if game.opening is not None:  # what the swap opening chose
                    text += f" {game.opening.status(board.ply)}"
        clock = game.clock_text()  # both sides' time left, the running one marked
        if clock:
            text = f"{clock} │ {text}"
        self.clock_shown = clock
        status.update(text)
