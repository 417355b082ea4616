"""Walking through the game: the move list's keys and clicks, and the review.

:class:`MoveWalk` is one of the app's parts. ``<`` and ``>`` show the position one
move back or forward, ``Home`` the start and ``End`` the game as it stands; a click on a
move in the side panel shows the position after it. The game itself is not changed
(:meth:`tui.game.Game.go_to`): the later moves wait, the engine does not move, the clock
goes on as at the end, the autosave keeps the whole game. Hints, the live analysis and
the breakdown work on the position on show. Playing there (a stone, or ``d``) plays the
game's next move if it is the same, else asks first and then drops the later moves: the
game goes on from there.

``R`` reviews the whole game (:class:`~tui.screens.review.ReviewScreen`); Enter on a
move there comes back to the position where that move was played, its cursor on it.

It steers the app's other parts (the engine, the live analysis, the position shown),
so it is given them, with the app's ``play`` and ``position_changed``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App

from gomoku.board import Point, format_point
from tui.analysis import LiveAnalysis
from tui.screens.dialogs import ConfirmScreen
from tui.screens.review import ReviewScreen
from tui.showing import GameDisplay
from tui.state import AppState
from tui.thinking import EngineThinking

__all__ = ["MoveWalk", "PositionChanged"]


class PositionChanged(Protocol):
    """The app's ``position_changed``: what follows a change of the position on show."""

    def __call__(self, *, walked: bool = False) -> None: ...


class MoveWalk:
    """The move list's walk through earlier positions of the game."""

    def __init__(
        self,
        app: App[int],
        state: AppState,
        display: GameDisplay,
        thinker: EngineThinking,
        analysis: LiveAnalysis,
        *,
        play: Callable[[Point], bool],
        position_changed: PositionChanged,
    ) -> None:
        self.app = app
        self.state = state
        self.display = display
        self.thinker = thinker
        self.analysis = analysis
        self.play_move = play
        """Plays a move on the game (the app's ``play``)."""
        self.position_changed = position_changed
        self.review_options: dict[str, Any] = {}
        """Extra arguments of the review screen (``R``): tests keep its engine small."""

    def walk_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the game."""
        game = self.state.game
        total = len(game.moves)
        ply = max(0, min(ply, total))
        if ply == game.board.ply:
            self.app.notify(
                "This is the game's last move." if ply == total else "This is the start of the game.", timeout=2
            )
            return
        if not game.walking:  # leaving the end: the engine stops thinking of its move
            self.thinker.cancel()
            if game.settings.mode == "engines" and game.clock is not None:
                game.clock.run_for(None)  # two engines wait for d: so does their clock
        game.go_to(ply)
        view = self.display.board_view
        last = game.board.last_move
        view.move_cursor_to(view.resting(last if last is not None else game.rules.centre()))
        self.position_changed(walked=True)
        if not game.walking and game.settings.mode != "engines":
            self.thinker.maybe_engine_turn()

    def play(self, point: Point) -> bool:
        """A move on an earlier position: the game's next move is a step forward; another
        one asks first, then drops the later moves and plays it. True when played now."""
        app = self.app
        game = self.state.game
        if game.lost_on_time is not None:
            app.notify("The game was lost on time: press n for a new game.", timeout=3)
            return False
        if game.redo_stack and game.redo_stack[-1] == point:
            self.walk_to(game.board.ply + 1)
            return True
        later = len(game.redo_stack)
        question = (
            f"Play {format_point(point)} as move {game.board.ply + 1} and drop the "
            f"{later} later move{'s' if later != 1 else ''}?"
        )

        def answered(yes: bool | None) -> None:
            if yes and game is self.state.game and game.walking:
                game.truncate()
                self.play_move(point)

        app.push_screen(ConfirmScreen(question, "Play", "Cancel"), answered)
        return False

    def review(self) -> None:
        """Review the whole game move by move; Enter on a move there shows the position
        where it was played (its cursor on the move, ``>`` plays it), Escape comes back."""
        app = self.app
        game = self.state.game
        moves = game.moves
        if not moves:
            app.notify("No moves to review yet.", timeout=2)
            return
        if self.state.thinking in ("move", "wait"):
            app.notify("The engine is thinking of its move: review when it is yours.", timeout=3)
            return
        self.thinker.cancel()
        self.analysis.stop()  # the review searches with an engine of its own: the machine is its
        board = game.board
        first = board.turn if board.ply % 2 == 0 else board.turn.other  # who played the first move
        setup = dict(board.setup) or None

        def chosen(ply: int | None) -> None:
            if ply is None or game is not self.state.game or not 0 <= ply < len(game.moves):
                return
            if game.board.ply != ply:
                self.walk_to(ply)
            self.display.board_view.move_cursor_to(game.moves[ply])

        screen = ReviewScreen(moves, game.rules, setup=setup, first=first if setup else None, **self.review_options)
        app.push_screen(screen, chosen)
