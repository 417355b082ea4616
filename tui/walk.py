"""Walking through the game and its variations: the move list's keys and clicks, and the review.

:class:`MoveWalk` is one of the app's parts. ``<`` and ``>`` show the position one
move back or forward along the line on show, ``Home`` the start and ``End`` the line's
end; a click on a move in the side panel shows the position after it. The game itself
is not changed (:meth:`tui.game.Game.go_to`): the later moves wait, the engine does not
move, the clock goes on as at the end, the autosave keeps the whole game. Hints, the
live analysis and the breakdown work on the position on show. Playing there (a stone,
or ``d``) plays the line's next move if it is the same; another move makes a branch
(the old continuation is kept as a variation) and the game goes on from it.

The variations (:mod:`tui.variations`): ``v`` and ``V`` show the next and the previous
variation at the line's branch point, a click on one in the move list shows it, ``P``
makes the line on show the main line and Delete deletes the variation it is in (after
a question).

``R`` reviews the game's main line (:class:`~tui.screens.review.ReviewScreen`); Enter on
a move there comes back to the position where that move was played, its cursor on it.

It steers the app's other parts (the engine, the live analysis, the position shown),
so it is given them, with the app's ``play``, ``position_changed`` and ``save_progress``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App

from gomoku.board import BoardError, Point
from gomoku.records.tree import Node
from tui import variations
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
        save: Callable[[], None] = lambda: None,
    ) -> None:
        self.app = app
        self.state = state
        self.display = display
        self.thinker = thinker
        self.analysis = analysis
        self.play_move = play
        """Plays a move on the game (the app's ``play``)."""
        self.position_changed = position_changed
        self.save = save
        """Autosaves the game (the app's ``save_progress``): promoting or deleting a variation changes it."""
        self.review_options: dict[str, Any] = {}
        """Extra arguments of the review screen (``R``): tests keep its engine small."""

    def walk_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the line on show."""
        game = self.state.game
        total = len(game.moves)
        ply = max(0, min(ply, total))
        if ply == game.board.ply:
            end = "the game's" if game.tip.is_main_line else "the variation's"
            self.app.notify(
                f"This is {end} last move." if ply == total else "This is the start of the game.", timeout=2
            )
            return
        self.leave_the_end()
        game.go_to(ply)
        self.after_walk()

    def leave_the_end(self) -> None:
        """Before showing another position: leaving the end of the line, the engine stops
        thinking of its move (two engines' clock stops too: they wait for d)."""
        game = self.state.game
        if not game.walking:
            self.thinker.cancel()
            if game.settings.mode == "engines" and game.clock is not None:
                game.clock.run_for(None)

    def after_walk(self) -> None:
        """After showing another position: the cursor on its last move, everything shown
        again, and the engine's turn if the line ends there."""
        game = self.state.game
        view = self.display.board_view
        last = game.board.last_move
        view.move_cursor_to(view.resting(last if last is not None else game.rules.centre()))
        self.position_changed(walked=True)
        if not game.walking and game.settings.mode != "engines":
            self.thinker.maybe_engine_turn()

    def play(self, point: Point) -> bool:
        """A move on an earlier position: the line's next move is a step forward, another
        variation's first move there shows that variation, and a new move makes a branch:
        the old continuation is kept as a variation and the game goes on from the new
        move. True when a move was played or shown."""
        app = self.app
        game = self.state.game
        if game.lost_on_time is not None:
            app.notify("The game was lost on time: press n for a new game.", timeout=3)
            return False
        existing = game.node.child(point)
        if existing is not None:
            if existing is game.next_node():
                self.walk_to(game.board.ply + 1)
            else:
                self.show_variation(existing)
            return True
        try:
            game.board.copy().play(point)
        except BoardError as exc:
            app.notify(str(exc), severity="warning", timeout=3)
            return False
        game.go_on()
        if not self.play_move(point):
            return False
        app.notify(f"A new line from move {game.node.ply}: the old one is kept as a variation (v, V).", timeout=4)
        return True

    def show_variation(self, node: Node) -> None:
        """Show the position after ``node``'s move, on its variation's line (a click on a
        variation in the move list)."""
        if node.root() is not self.state.game.tree.root:
            return  # a click on a list drawn before another game came
        self.leave_the_end()
        self.state.game.show(node)
        self.after_walk()

    def variation(self, what: str) -> None:
        """The variation keys: ``next`` and ``previous`` switch variations at the branch
        point (in turn round), ``promote`` makes the line on show the main line, ``delete``
        deletes the current variation (after a question)."""
        app = self.app
        game = self.state.game
        if self.state.thinking in ("move", "wait"):
            app.notify("The engine is thinking of its move: wait, or u takes it back.", timeout=3)
            return
        if game.lost_on_time is not None:
            app.notify("The game was lost on time: press n for a new game.", timeout=3)
            return
        if what == "promote":
            if not variations.promote_line(game):
                app.notify("This line is the main line already.", timeout=2)
                return
            self.save()
            self.display.refresh_all()
            app.notify("This line is the main line now (R reviews it, and a file saves it as the game).", timeout=3)
            return
        if what == "delete":
            self.delete()
            return
        if variations.branch_point(game) is None:
            app.notify("No variations on this line.", timeout=2)
            return
        self.leave_the_end()
        chosen = variations.switch(game, -1 if what == "previous" else 1)
        assert chosen is not None
        self.after_walk()
        index = next(i for i, node in enumerate(chosen.siblings) if node is chosen)
        kind = "the main line" if index == 0 else f"variation {index}"
        app.notify(f"Move {chosen.ply}: {kind} ({index + 1} of {len(chosen.siblings)} there).", timeout=2)

    def delete(self) -> None:
        """Delete the current variation (the line on show's), after a question."""
        app = self.app
        game = self.state.game
        variation = variations.current_variation(game)
        if variation is None:
            app.notify("This is the main line: v shows a variation to delete.", timeout=3)
            return
        what = variations.describe(variation)

        def answered(yes: bool | None) -> None:
            if not yes or game is not self.state.game or variations.current_variation(game) is not variation:
                return
            self.leave_the_end()
            variations.delete_variation(game)
            self.after_walk()
            self.save()
            app.notify(f"Deleted {what}.", timeout=3)

        app.push_screen(ConfirmScreen(f"Delete {what}?", "Delete", "Cancel"), answered)

    def review(self) -> None:
        """Review the game's main line move by move; Enter on a move there shows the
        position where it was played (on the main line, its cursor on the move, ``>``
        plays it), Escape comes back."""
        app = self.app
        game = self.state.game
        tree = game.tree
        moves = tree.main_line()
        if not moves:
            app.notify("No moves to review yet.", timeout=2)
            return
        if self.state.thinking in ("move", "wait"):
            app.notify("The engine is thinking of its move: review when it is yours.", timeout=3)
            return
        self.thinker.cancel()
        self.analysis.stop()  # the review searches with an engine of its own: the machine is its
        setup = dict(tree.setup) or None

        def chosen(ply: int | None) -> None:
            if ply is None or game is not self.state.game or game.tree.main_line() != moves:
                return
            if not 0 <= ply < len(moves):
                return
            end = tree.root.end()
            node = end
            while node.ply > ply and node.parent is not None:
                node = node.parent
            if game.node is not node or game.tip is not end:
                self.leave_the_end()
                game.show(node, end)
                self.after_walk()
            self.display.board_view.move_cursor_to(moves[ply])
            if screen.review is not None and game.board.ply == ply:  # its better move and line drawn
                self.state.reviewed = screen.review.moves[ply]
                self.display.refresh_all()

        screen = ReviewScreen(
            moves, game.rules, setup=setup, first=tree.to_move if setup else None, **self.review_options
        )
        app.push_screen(screen, chosen)
