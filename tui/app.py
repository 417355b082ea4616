"""The terminal app: play on the endless board, see the weights, ask the engine.

Run it with ``gomoku`` (or ``make play``). The app's state is one
:class:`~tui.state.AppState` (the game, the overlays, the engine's results), shown in a
:class:`BoardView` and a side panel by :class:`~tui.showing.GameDisplay`. Its parts
are objects of their own, one subject a module, each given what it needs:
:class:`EngineThinking` (:mod:`tui.thinking`, the engine's moves and hints, asked
through an :class:`Analyst` in a thread worker so that the screen never freezes),
:class:`LiveAnalysis` (:mod:`tui.analysis`, ``a``), :class:`ForcingPreview`
(:mod:`tui.preview`, a forcing line stepped through), :class:`MoveWalk` (:mod:`tui.walk`,
the move list) and :class:`GameFiles` (:mod:`tui.filing`, saving and opening). The app
holds them, lays out the screen, and turns keys into their actions; whenever the
position on show changes, :meth:`GomokuApp.position_changed` says so to all of them.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from textual import events, on
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.notifications import SeverityLevel
from textual.widgets import Static

from gomoku.board import BoardError, Point, format_point
from gomoku.puzzles.store import RECORD_NAME
from tui import storage
from tui.analysis import LiveAnalysis
from tui.clipboard import GameClipboard
from tui.editor import PositionEditor
from tui.filing import GameFiles
from tui.game import Game, GameSettings
from tui.keys import APP_BINDINGS, GAME_ACTIONS
from tui.preview import ForcingPreview
from tui.screens.dialogs import ConfirmScreen, HelpScreen, NewGameScreen
from tui.screens.puzzles import PuzzleScreen
from tui.services import Analyst, with_engine
from tui.showing import SIDE_PANEL_MIN_WIDTH, GameDisplay
from tui.state import AppState
from tui.swapping import SwapPlay
from tui.thinking import EngineThinking
from tui.walk import MoveWalk
from tui.widgets.board_view import BoardView
from tui.widgets.evalbar import EvalBar
from tui.widgets.footer import KeysFooter
from tui.widgets.movelist import MoveList

__all__ = ["GomokuApp", "main", "SIDE_PANEL_MIN_WIDTH", "CLOCK_TICK"]

CLOCK_TICK = 0.1
"""Seconds between two looks at the game clock (its text, and whether a side ran out)."""


class GomokuApp(App[int]):
    """Five in a row on an endless board, with the engine's weights and hints."""

    CSS_PATH = "app.tcss"
    TITLE = "gomoku"

    BINDINGS = [*APP_BINDINGS]

    def __init__(
        self,
        *,
        analyst: Analyst | None = None,
        settings: GameSettings | None = None,
        data_dir: Path | None = None,
        autosave: bool = True,
        offer_resume: bool = True,
        watch_delay: float = 0.4,
        games_dir: Path | None = None,
        now: Callable[[], float] = time.monotonic,
        open_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.analyst = analyst or Analyst.default()
        self.data_dir = data_dir if data_dir is not None else storage.data_dir()
        self.now = now
        """The game clock's time source (monotonic seconds): tests pass a fake one."""
        if settings is None:  # the choices of the last new game, if files are kept
            settings = storage.read_settings(self.data_dir, GameSettings()) if autosave else GameSettings()
        self.state = AppState(self.adopt(Game(settings)))
        """The game, the overlays and the engine's results: what every part reads and the screen shows."""
        self.title = f"gomoku: {self.game.rules.title()}"
        """The game's name (``Rules.title()``), kept up to date by ``refresh_all``."""
        self.autosave = storage.Autosave(self.data_dir, on_error=self._autosave_failed) if autosave else None
        self.offer_resume = offer_resume
        self.notices: list[tuple[str, str]] = []
        """Every notification shown, as (severity, message): the app's own log."""
        # The app's parts, each given what it needs.
        self.showing = GameDisplay(self, self.state, self.analyst)
        self.thinker = EngineThinking(self, self.state, self.analyst, self.showing, self.play, watch_delay)
        self.swap = SwapPlay(self, self.state, self.analyst, self.showing, self.play, self.thinker)
        self.thinker.opening_turn = self.swap.turn  # a swap opening acts before any engine move
        self.live_analysis = LiveAnalysis(self, self.state, self.analyst, self.showing, self.thinker)
        self.forcing_preview = ForcingPreview(self, self.state, self.showing)
        self.move_walk = MoveWalk(
            self,
            self.state,
            self.showing,
            self.thinker,
            self.live_analysis,
            play=self.play,
            position_changed=self.position_changed,
            save=self.save_progress,
        )
        games = games_dir if games_dir is not None else storage.games_dir(self.data_dir)
        self.files = GameFiles(self, self.state, games, self.start_game, self.analyst.levels_of, self.analyst.levels)
        self.open_path = open_path
        """The game file to open at start (``gomoku FILE``): in place of the offer to resume."""
        self.editor = PositionEditor(
            self, self.state, self.showing, self.thinker, self.live_analysis, self.start_game, GAME_ACTIONS
        )
        self.copy_paste = GameClipboard(self, self.state, self.start_game)
        self.quit_asked = False
        """The quit question is open or its answer on its way: the game's keys sleep."""
        self.puzzle_options: dict[str, Any] = {}
        """Extra arguments of the puzzle screen (``z``): tests give it their puzzles."""

    @property
    def game(self) -> Game:
        """The game on show (the state's)."""
        return self.state.game

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Show a one-line notification (plain text: an error may hold brackets) and log it."""
        self.notices.append((str(severity), message))
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def exit(self, result: int | None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Leave the app, telling a search in progress to stop (by any way out, ctrl+q too)."""
        self.thinker.drop_all()
        super().exit(result, return_code, message)

    def on_unmount(self) -> None:
        """The app is gone, by whatever way: the search stops, an external program ends."""
        self.thinker.drop_all()

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The board on the left, the side panel on the right (on a narrow terminal, a
        summary line under the board instead), the status line and keys below."""
        with Horizontal(id="main"):
            yield BoardView(self.game.board, id="board")
            yield EvalBar(id="evalbar")
            with Vertical(id="side"):
                yield Static(id="info")
                yield Static(id="hint")
                yield Static(id="analysis")
                yield Static(id="legend")
                with VerticalScroll(id="breakdown-box"):
                    yield Static(id="breakdown")
                with VerticalScroll(id="moves-box"):
                    yield MoveList(id="moves")
        yield Static(id="summary")
        yield Static(id="status")
        yield KeysFooter()

    @property
    def board_view(self) -> BoardView:
        """The board widget."""
        return self.showing.board_view

    def on_mount(self) -> None:
        """Show the game, prepare the engine off the event loop, and offer to resume an unfinished one."""
        self.keep_focus_on_board()
        self.set_interval(CLOCK_TICK, self.tick_clock)
        self.showing.refresh_all()
        if self.analyst.prepare is not None:
            self.thinker.prepare()
        asked = self.offer_resume or self.open_path is not None
        saved = self.autosave.read(self.game.settings) if self.autosave is not None and asked else None
        if self.open_path is not None:  # gomoku FILE: the unfinished game is kept aside, not offered
            if saved is not None:
                self.keep_previous(saved)
            if self.files.open_file(self.open_path):
                return
        elif self.offer_resume and saved is not None:
            question = f"Resume the unfinished game ({len(saved.board.move_stack)} moves)?"

            def answered(yes: bool | None) -> None:
                if yes:  # the level and clock it was played with, unless its level cannot play it (asked)
                    self.files.offer(saved, storage.ALL_SETTINGS, "the unfinished game", self.start_game, declined)
                else:
                    declined()

            def declined() -> None:
                self.keep_previous(saved)
                self.thinker.maybe_engine_turn()

            self.push_screen(ConfirmScreen(question, "Resume", "New game"), answered)
            return
        self.thinker.maybe_engine_turn()

    def on_resize(self, event: events.Resize) -> None:
        """A narrow terminal gives the whole width to the board."""
        self.showing.show_panel(event.size.width)

    # -- focus ---------------------------------------------------------------------
    def keep_focus_on_board(self) -> None:
        """Make the board the main screen's only focusable widget, and focus it: Tab and
        shift+Tab then leave the keys with the board (the panels scroll with the mouse)."""
        view = self.board_view
        for widget in view.screen.query("*"):
            if widget is not view:
                widget.can_focus = False
        view.focus()

    @on(events.DescendantFocus)
    def focus_moved(self, event: events.DescendantFocus) -> None:
        """On the main screen the focus goes back to the board, whatever took it (a widget
        added later, a click): the arrows and Enter never go silently nowhere.

        The widget's ancestors, not its ``screen``: a dialog's field may have left the DOM
        by the time this arrives (Tab and Enter typed in one burst: Enter closed the dialog
        first), and a detached widget has no screen to ask for (issue 53). Nor is the
        board always there: the app closing takes its widgets first."""
        boards = self.query(BoardView)
        view = boards.first() if boards else None
        if view is not None and event.widget is not view and view.screen in event.widget.ancestors:
            view.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys sleep while a dialog is open, and once the app is leaving (a key
        typed right after q would open a dialog while the screens are taken down), from
        the quit question's answer on (its dialog closes a few turns before the answer arrives)."""
        if action in GAME_ACTIONS and (len(self.screen_stack) > 1 or self._exit or self.quit_asked):
            return False
        return self.editor.allows(action)  # while editing, its keys instead of the game's

    # -- the position on show ----------------------------------------------------------
    def position_changed(self, *, walked: bool = False) -> None:
        """The position on show changed (a move, undo or redo, a new or opened game, the
        clock's end; ``walked``: the move list showed another one of the game): what the
        engine said of the old one goes (the hint, its forcing line and preview), the live
        analysis stops (on a walk, it follows to the position shown), the game is
        autosaved (a walk changes no game), and everything is shown again."""
        if walked:
            self.live_analysis.follow_position()
        else:
            self.live_analysis.stop()
        self.state.forget_results()
        if not walked:
            self.save_progress()
        self.showing.refresh_all()

    def start_game(self, game: Game) -> None:
        """Replace the game (new, opened or resumed) and show it from its last move.

        An unfinished game it replaces is kept aside (``previous.json``)."""
        self.thinker.cancel()
        if self.game is not game:
            self.keep_previous(self.game)
        self.state.game = self.adopt(game)
        game.start_clock()
        self.files.game_path = None
        view = self.board_view
        view.board = game.board
        last = game.board.last_move
        # Under gravity the cursor starts where the next stone of the column would land.
        view.centre_on(view.resting(last if last is not None else game.rules.centre()))
        self.position_changed()
        self.thinker.maybe_engine_turn()

    def adopt(self, game: Game) -> Game:
        """``game``, its clock on the app's time source."""
        if game.clock is not None:
            game.clock.now = self.now
        return game

    def play(self, point: Point) -> bool:
        """Play a move for the side to move; a bad move is a one-line warning, a late one loses.
        On an earlier position of the game (the move list), the line's next move steps
        forward, and another makes a branch (:meth:`tui.walk.MoveWalk.play`)."""
        game = self.game
        if game.check_time() is not None:
            self.time_ran_out()
            return False
        if game.walking:
            return self.move_walk.play(point)
        try:
            game.play(point)
        except BoardError as exc:
            self.notify(str(exc), severity="warning", timeout=3)
            return False
        view = self.board_view
        if game.board.rules.gravity:  # the cursor goes where its column's next stone would land
            view.move_cursor_to(view.resting(view.cursor))
        self.position_changed()
        if game.is_over:
            self.notify(self.showing.over_message(), timeout=6)
        self.thinker.maybe_engine_turn()
        return True

    def tick_clock(self) -> None:
        """Show the running clock, and end the game when the side to move runs out of time."""
        game = self.game
        if game.clock is None or game.clock.running is None or not self.query("#status"):
            return  # no clock running, or the app closing (its widgets gone before its timers)
        if game.check_time() is not None:
            self.time_ran_out()
        elif game.clock_text() != self.showing.clock_shown:
            self.showing.refresh_status()

    def time_ran_out(self) -> None:
        """The side to move lost on time: stop the engine, keep the result, say it."""
        self.thinker.cancel()
        self.position_changed()
        self.notify(self.showing.over_message(), timeout=6)

    def save_progress(self) -> None:
        """Autosave the game (if files are kept)."""
        if self.autosave is not None:
            self.autosave.write(self.game)

    def keep_previous(self, game: Game) -> None:
        """Keep an unfinished game that is being replaced, and say where."""
        if self.autosave is not None:
            kept = self.autosave.keep_previous(game)
            if kept is not None:
                self.notify(f"The unfinished game is kept in {kept}.", timeout=4)

    def _autosave_failed(self, exc: Exception) -> None:
        self.notify(f"autosave failed: {exc}", severity="warning")

    @on(BoardView.CellChosen)
    def cell_chosen(self, message: BoardView.CellChosen) -> None:
        """Play the chosen cell, if it is a human's turn (editing: cycle its stone)."""
        if self.editor.active:
            self.editor.cell_chosen(message.point)
            return
        if self.swap.cell_taken():  # a swap opening's choice, or the engine's part of it
            return
        thinking = self.state.thinking
        if thinking == "move":
            self.notify("Wait: the engine is thinking (u takes back your move).", timeout=3)
            return
        if self.game.engine_to_move():
            self.notify("It is the engine's turn.", timeout=3)
            return
        # Under gravity the stone drops down its column, as in Connect Four.
        point = self.board_view.cell_layout.landing(message.point, self.game.board.stones)
        if point is None:
            self.notify(f"Column {format_point(message.point[:-1])} is full.", severity="warning", timeout=3)
            return
        if thinking is not None:
            self.thinker.cancel()
        self.play(point)

    @on(BoardView.CursorMoved)
    def cursor_moved(self, message: BoardView.CursorMoved) -> None:
        """Follow the cursor in the side panel."""
        self.showing.refresh_info(layout=False)
        if self.state.show_breakdown:
            self.showing.refresh_breakdown()

    @on(MoveList.Chosen)
    def move_chosen(self, message: MoveList.Chosen) -> None:
        """A click on a move in the list shows the position after it (or on a variation, the
        variation); not while editing."""
        if self.editor.active:
            return
        if message.node is not None:
            self.move_walk.show_variation(message.node)
        else:
            self.move_walk.walk_to(message.ply)

    # -- actions ---------------------------------------------------------------------
    def action_new_game(self) -> None:
        """Ask for the new game's settings and start it."""

        def chosen(settings: GameSettings | None) -> None:
            if settings is not None:
                if self.autosave is not None:
                    storage.write_settings(self.data_dir, settings)
                self.start_game(Game(settings))

        current = self.swap.offered_settings()  # a swap game's players as chosen, not as the colours fell
        self.push_screen(NewGameScreen(current, self.analyst.levels_of, self.analyst.level_note), chosen)

    def action_undo(self) -> None:
        """Take back moves until a human is to move; stops the engine."""
        game = self.game
        if game.lost_on_time is not None:
            self.notify("The game was lost on time: press n for a new game.", timeout=3)
            return
        if self.swap.refused("undo"):
            return
        if game.walking:  # looking back through the game: a step back, the game kept
            self.action_walk(-1) if game.board.ply else self.notify("This is the start of the game.", timeout=2)
            return
        if not game.board.move_stack:
            if not self.editor.restore_before():  # at an edited position's start: the game before it
                self.notify("Nothing to undo.", timeout=2)
            return
        self.thinker.cancel()
        game.undo_to_human()
        self.after_history_change()

    def action_redo(self) -> None:
        """Replay moves taken back."""
        game = self.game
        if game.lost_on_time is not None:
            self.notify("The game was lost on time: press n for a new game.", timeout=3)
            return
        if game.walking:
            self.action_walk(1)
            return
        if not game.redo_stack:
            self.notify("Nothing to redo.", timeout=2)
            return
        self.thinker.cancel()
        game.redo_to_human()
        self.after_history_change()

    def after_history_change(self) -> None:
        """Show the game after undo or redo, and let the engine move if it is its turn."""
        game = self.game
        last = game.board.last_move
        if last is not None:
            self.board_view.move_cursor_to(self.board_view.resting(last))
        self.position_changed()
        if game.settings.mode != "engines":
            self.thinker.maybe_engine_turn()
        elif game.clock is not None:
            game.clock.run_for(None)  # two engines wait for d: so does their clock

    def action_toggle_weights(self) -> None:
        """Show or hide the weights overlay."""
        self.state.show_weights = not self.state.show_weights
        self.showing.refresh_all()

    def action_toggle_breakdown(self) -> None:
        """Show or hide the cursor cell's breakdown (in the side panel: on a narrow
        terminal the panel opens with it, and closes with it)."""
        state = self.state
        state.show_breakdown = not state.show_breakdown
        if state.show_breakdown and not self.showing.panel_shown():
            state.panel = True
            state.panel_for_breakdown = True
        elif not state.show_breakdown and state.panel_for_breakdown:
            state.panel = None
            state.panel_for_breakdown = False
        self.showing.show_panel()
        self.showing.refresh_breakdown()

    def action_toggle_numbers(self) -> None:
        """Show the stones' move numbers instead of X and O, or not."""
        self.state.move_numbers = not self.state.move_numbers
        self.showing.refresh_board()

    def action_scroll_breakdown(self, direction: int) -> None:
        """Scroll the breakdown a few lines up (-1) or down (1)."""
        if not self.state.show_breakdown:
            self.notify("t shows the breakdown of the cursor's cell.", timeout=2)
            return
        box = self.query_one("#breakdown-box", VerticalScroll)
        box.scroll_relative(y=direction * max(1, box.size.height - 2), animate=False)

    def action_toggle_panel(self) -> None:
        """Show or hide the side panel (a narrow terminal shows a summary line instead)."""
        self.state.panel = not self.showing.panel_shown()
        self.state.panel_for_breakdown = False
        self.showing.show_panel()

    def action_hint(self) -> None:
        """Ask the engine for the side to move's best move, without playing it."""
        if self.swap.refused("hint"):
            return
        if self.game.is_over:
            self.notify("The game is over.", timeout=2)
            return
        if self.state.thinking == "move":
            self.notify("The engine is already thinking.", timeout=2)
            return
        self.live_analysis.stop()  # one search at a time: the hint's
        self.state.forcing = None
        self.state.preview_step = None
        self.showing.refresh_board()
        self.thinker.start("hint")

    def action_engine_move(self) -> None:
        """The engine plays for the side to move (the hint on show, else the live analysis's best)."""
        if self.swap.refused("engine_move"):
            return
        if self.game.is_over:
            self.notify("The game is over.", timeout=2)
            return
        if self.state.thinking == "move":
            self.notify("The engine is already thinking.", timeout=2)
            return
        best = self.state.best_move()
        if best is not None:
            self.play(best)
            return
        self.live_analysis.stop()
        self.thinker.start("play")

    def action_analyse(self) -> None:
        """Start the live analysis of the position on show, or stop it."""
        self.live_analysis.toggle()

    def action_preview(self, step: int) -> None:
        """Show one more move of the forcing line (``step`` 1), or one fewer (-1)."""
        self.forcing_preview.step(step)

    def action_leave_preview(self) -> None:
        """Leave the forcing line's preview: the board shows the game again."""
        self.forcing_preview.leave()

    def action_walk(self, step: int) -> None:
        """Show the position ``step`` moves later (earlier when negative)."""
        self.move_walk.walk_to(self.game.board.ply + step)

    def action_walk_start(self) -> None:
        """Show the position before the first move."""
        self.move_walk.walk_to(0)

    def action_walk_end(self) -> None:
        """Back to the game as it stands, after its last move."""
        self.move_walk.walk_to(len(self.game.moves))

    def action_review(self) -> None:
        """Review the whole game move by move."""
        self.move_walk.review()

    def action_edit_position(self) -> None:
        """Edit the position on show (the position editor)."""
        self.editor.start()

    def action_edit(self, command: str) -> None:
        """One of the position editor's keys."""
        self.editor.command(command)

    def action_copy(self, kind: str) -> None:
        """Copy the game to the clipboard as moves or SGF."""
        self.copy_paste.copy(kind)

    def on_paste(self, event: events.Paste) -> None:
        """Pasted text (the terminal's bracketed paste) loads the game it holds."""
        self.copy_paste.paste(event.text, editing=self.editor.active)

    def action_variation(self, what: str) -> None:
        """The variations: the next or previous one, promote the line on show, delete it."""
        self.move_walk.variation(what)

    def action_puzzles(self) -> None:
        """Puzzles from this game, your saved games and the shipped sets (Esc comes back)."""
        if self.state.thinking in ("move", "wait"):
            self.notify("The engine is thinking of its move: puzzles when it is yours.", timeout=3)
            return
        self.thinker.cancel()
        self.live_analysis.stop()  # the solver wants the machine
        game = storage.game_to_record(self.game)
        options = {"game": game, "games_dir": self.files.games_dir, "record_file": self.data_dir / RECORD_NAME}
        self.push_screen(PuzzleScreen(**{**options, **self.puzzle_options}))

    def action_save(self) -> None:
        """Save the game through the file browser."""
        self.files.save()

    def action_open(self) -> None:
        """Open a game through the file browser."""
        self.files.open()

    def action_help(self) -> None:
        """Show every key."""
        self.push_screen(HelpScreen())

    def action_quit_game(self) -> None:
        """Quit, asking first in the middle of a game."""
        if not self.game.in_progress:
            self.quit_now()
            return

        def answered(yes: bool | None) -> None:
            self.quit_asked = False
            if yes:
                self.quit_now()

        self.quit_asked = True
        self.push_screen(
            ConfirmScreen("Quit in the middle of the game? (it is saved; you can resume)", "Quit", "Stay"), answered
        )

    def quit_now(self) -> None:
        """Stop the engine and leave (a game on the clock is saved with its time left)."""
        self.thinker.cancel()
        if self.game.clock is not None and self.game.in_progress:
            self.save_progress()
        self.exit(0)


def main(path: str | None = None, engine: str | None = None) -> int:
    """Run the app (on the game in ``path``, ``gomoku FILE``; with ``engine``, an external
    pbrain program's command line, as the engine it plays and hints with: ``gomoku
    --engine PATH``); its exit code. A file that cannot be opened is one line on stderr
    and exit code 2, before the screen changes."""
    if path is not None:
        error = storage.unreadable(path)
        if error:
            print(f"gomoku: error: {error}", file=sys.stderr)
            return 2
    settings = None
    if engine:
        settings = with_engine(storage.read_settings(storage.data_dir(), GameSettings()), engine)
    app = GomokuApp(settings=settings, open_path=Path(path) if path is not None else None)
    app.run()
    return app.return_code or 0
