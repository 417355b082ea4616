"""Walking through the game: the move list's keys and clicks (a mixin of the app).

:class:`MoveWalk` is mixed into :class:`~tui.app.GomokuApp`. ``<`` and ``>`` show the
position one move back or forward, ``Home`` the start and ``End`` the game as it
stands; a click on a move in the side panel shows the position after it. The game
itself is not changed (:meth:`tui.game.Game.go_to`): the later moves wait, the engine
does not move, the clock goes on as at the end, the autosave keeps the whole game.
Hints, the live analysis and the breakdown work on the position on show. Playing
there (a stone, or ``d``) plays the game's next move if it is the same, else asks
first and then drops the later moves: the game goes on from there.

``R`` reviews the whole game (:class:`~tui.screens.review.ReviewScreen`); Enter on a
move there comes back to the position where that move was played, its cursor on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gomoku.board import Point, format_point
from tui.screens.dialogs import ConfirmScreen
from tui.screens.review import ReviewScreen
from tui.widgets.movelist import MoveList

__all__ = ["MoveWalk"]

if TYPE_CHECKING:
    from textual.app import App

    from tui.game import Game
    from tui.widgets.board_view import BoardView

    _AppBase = App[int]
else:
    _AppBase = object


class MoveWalk(_AppBase):
    """The move list's walk through earlier positions of the game."""

    if TYPE_CHECKING:  # what the app that mixes this in provides
        game: Game
        hint: Any | None

        @property
        def board_view(self) -> BoardView: ...

        thinking: str | None
        review_options: dict[str, Any]

        def cancel_engine(self) -> None: ...
        def stop_analysis(self) -> None: ...
        def refresh_all(self) -> None: ...
        def maybe_engine_turn(self) -> None: ...
        def play(self, point: Point) -> bool: ...
        def position_changed(self) -> None: ...

    def action_walk(self, step: int) -> None:
        """Show the position ``step`` moves later (earlier when negative)."""
        self.walk_to(self.game.board.ply + step)

    def action_walk_start(self) -> None:
        """Show the position before the first move."""
        self.walk_to(0)

    def action_walk_end(self) -> None:
        """Back to the game as it stands, after its last move."""
        self.walk_to(len(self.game.moves))

    def on_move_list_chosen(self, message: MoveList.Chosen) -> None:
        """A click on a move in the list shows the position after it (a handler by its
        name: ``@on`` does not reach a mixin's methods)."""
        self.walk_to(message.ply)

    def walk_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the game."""
        game = self.game
        total = len(game.moves)
        ply = max(0, min(ply, total))
        if ply == game.board.ply:
            self.notify(
                "This is the game's last move." if ply == total else "This is the start of the game.", timeout=2
            )
            return
        if not game.walking:  # leaving the end: the engine stops thinking of its move
            self.cancel_engine()
            if game.settings.mode == "engines" and game.clock is not None:
                game.clock.run_for(None)  # two engines wait for d: so does their clock
        game.go_to(ply)
        self.hint = None
        view = self.board_view
        last = game.board.last_move
        view.move_cursor_to(view.resting(last if last is not None else game.rules.centre()))
        self.position_changed()
        self.refresh_all()
        if not game.walking and game.settings.mode != "engines":
            self.maybe_engine_turn()

    def play_while_walking(self, point: Point) -> bool:
        """A move on an earlier position: the game's next move is a step forward; another
        one asks first, then drops the later moves and plays it. True when played now."""
        game = self.game
        if game.lost_on_time is not None:
            self.notify("The game was lost on time: press n for a new game.", timeout=3)
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
            if yes and game is self.game and game.walking:
                game.truncate()
                self.play(point)

        self.push_screen(ConfirmScreen(question, "Play", "Cancel"), answered)
        return False

    def action_review(self) -> None:
        """Review the whole game move by move; Enter on a move there shows the position
        where it was played (its cursor on the move, ``>`` plays it), Escape comes back."""
        game = self.game
        moves = game.moves
        if not moves:
            self.notify("No moves to review yet.", timeout=2)
            return
        if self.thinking in ("move", "wait"):
            self.notify("The engine is thinking of its move: review when it is yours.", timeout=3)
            return
        self.cancel_engine()
        self.stop_analysis()  # the review searches with an engine of its own: the machine is its
        board = game.board
        first = board.turn if board.ply % 2 == 0 else board.turn.other  # who played the first move
        setup = dict(board.setup) or None

        def chosen(ply: int | None) -> None:
            if ply is None or game is not self.game or not 0 <= ply < len(game.moves):
                return
            if game.board.ply != ply:
                self.walk_to(ply)
            view = self.board_view
            view.move_cursor_to(game.moves[ply])

        self.push_screen(
            ReviewScreen(moves, game.rules, setup=setup, first=first if setup else None, **self.review_options), chosen
        )
