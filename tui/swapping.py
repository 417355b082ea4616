"""The app's part in a swap opening (swap2, swap1; the opening itself: :mod:`tui.swap`).

:class:`SwapPlay` acts when the opening is on, before any ordinary engine move (the
thinker asks it first): the engine's placements and choices
(``gomoku.engine.swap.decide``: the colour with the better chance, stones placed aiming
near 50%) in a thread worker, their stones played in order as the game's moves; the
human's choice in a dialog (:class:`tui.screens.swap.SwapChoiceScreen`); and the keys
that wait for the opening (the hint, ``d``, undo of its stones), each said no to in a line.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from textual.app import App
from textual.worker import get_current_worker

from gomoku.board import Board, BoardError, Point, format_point
from gomoku.engine.swap import SwapBudget, SwapDecision, decide
from tui.game import GameSettings
from tui.screens.swap import SwapChoiceScreen
from tui.services import Analyst
from tui.showing import GameDisplay
from tui.state import AppState
from tui.swap import SwapOpening
from tui.thinking import EngineThinking

__all__ = ["SwapPlay"]


class SwapPlay:
    """The app's part for the swap openings: the engine's placements and choices in a
    worker, the human's choice in a dialog, and the keys that wait for the opening."""

    def __init__(
        self,
        app: App[int],
        state: AppState,
        analyst: Analyst,
        display: GameDisplay,
        play: Callable[[Point], bool],
        thinker: EngineThinking,
    ) -> None:
        self.app = app
        self.state = state
        self.analyst = analyst
        self.display = display
        self.play = play
        """Plays a stone as the player's are played (the app's ``play``)."""
        self.thinker = thinker
        """Makes the engine's moves after the opening (its ``maybe_engine_turn``)."""
        self._job = 0
        self.budget = SwapBudget()
        """What one decision of the engine may spend (its seconds: the game's time a move)."""
        self.seed: int | None = random.randrange(1 << 30)
        """Varies the engine's placements from game to game (None: the same each time)."""

    def offered_settings(self) -> GameSettings:
        """The game's settings as the new-game dialog offers them: a swap game's players as
        chosen at its start, not as the colours fell."""
        game = self.state.game
        return game.opening.settings_before(game.settings) if game.opening is not None else game.settings

    @property
    def opening(self) -> SwapOpening | None:
        """The opening on, if the game has one not yet decided."""
        opening = self.state.game.opening
        return opening if opening is not None and not opening.done else None

    def turn(self) -> bool:
        """Act for the opening if it is on (the thinker asks first, before any engine move):
        the engine decides in a worker, the human is asked for a choice; True if the
        opening is on (no ordinary engine move now)."""
        opening = self.opening
        game = self.state.game
        if opening is None:
            return False
        if game.walking or game.is_over:
            return True
        ply = game.board.ply
        if opening.engine_acts(ply):
            if self.state.thinking is None:
                self.start()
        elif opening.phase(ply) == "choose" and len(self.app.screen_stack) == 1:
            self.ask_choice()
        return True

    def ask_choice(self) -> None:
        """The human's choice, in a dialog (Escape: later, Enter on the board asks again)."""
        opening, game = self.opening, self.state.game
        if opening is None or opening.phase(game.board.ply) != "choose":
            return
        self.app.push_screen(SwapChoiceScreen(opening, game.board.ply), self.chosen)

    def chosen(self, choice: str | None) -> None:
        """The human chose (None: not yet)."""
        opening, game = self.opening, self.state.game
        if opening is None or choice is None or opening.phase(game.board.ply) != "choose":
            return
        self.apply(opening, choice)

    def apply(self, opening: SwapOpening, choice: str, go_on: bool = True) -> None:
        """Make a choice, say it, and (``go_on``) go on: the other's stones, or the game
        under the colours chosen."""
        game = self.state.game
        part = opening.part(game.board.ply)
        opening.choose(choice, game.board.ply)
        said = opening.said(part, choice)
        if opening.done:
            game.settings = opening.settings_after(game.settings)
            game.start_clock()
        self.app.notify(f"{opening.rule.capitalize()}: {said}.", timeout=5)
        self.state.forget_results()
        self.display.refresh_all()
        if go_on:
            self.app.call_later(self.continue_game)

    def continue_game(self) -> None:
        """After a choice: the opening's next part, or the game's next move."""
        if not self.turn():
            self.thinker.maybe_engine_turn()

    def cell_taken(self) -> bool:
        """A cell chosen on the board during the opening: True if the opening takes it (a
        choice to make: the dialog again; the engine's part: a line), False to play it."""
        opening, game = self.opening, self.state.game
        if opening is None or game.walking:
            return False
        ply = game.board.ply
        if opening.engine_acts(ply):
            if self.state.thinking is None:  # its decision failed: ask again
                self.start()
            self.app.notify(f"{opening.rule.capitalize()}: it is the engine's part of the opening.", timeout=3)
            return True
        if opening.phase(ply) == "choose":
            self.ask_choice()
            return True
        return False

    def refused(self, what: str) -> bool:
        """Whether a key (``hint``, ``engine_move``, ``undo``) waits for the opening; if so, a line says why."""
        game = self.state.game
        opening = game.opening
        if opening is None:
            return False
        if what == "undo" and not game.walking and game.board.ply <= game.fixed_plies and game.board.move_stack:
            self.app.notify(
                f"The {opening.rule} opening's stones stay (n starts a new game).", severity="warning", timeout=3
            )
            return True
        if what in ("hint", "engine_move") and self.opening is not None:
            if what == "engine_move" and opening.engine_acts(game.board.ply) and self.state.thinking is None:
                self.start()  # its decision failed before: d asks again
                return True
            self.app.notify(
                f"{opening.rule.capitalize()}: the opening first ({opening.status(game.board.ply)})", timeout=3
            )
            return True
        return False

    # -- the engine's decisions -----------------------------------------------------------
    def start(self) -> None:
        """The engine's decision, in a thread worker (it may search for a second or so)."""
        game = self.state.game
        opening = self.opening
        if opening is None:
            return
        self._job += 1
        self.state.thinking = "move"
        self.state.engine_failure = ""
        self.display.refresh_status()
        budget = replace(self.budget, seconds=min(self.budget.seconds, game.settings.time) or self.budget.seconds)
        work = partial(self.decide, game.board.copy(), opening.rule, budget, self.seed, self._job)
        self.app.run_worker(work, name="swap", group="engine", thread=True, exclusive=True, exit_on_error=False)

    def decide(self, board: Board, rule: str, budget: SwapBudget, seed: int | None, job: int) -> None:
        """The engine's decision (in the worker); it comes back by call_from_thread."""
        worker = get_current_worker()
        try:
            decision: SwapDecision | Exception = decide(self.analyst.engine, board, rule, budget, seed)
        except Exception as exc:  # shown as one line, never as a traceback
            decision = exc
        if worker.is_cancelled:
            return
        try:
            self.app.call_from_thread(self.decided, job, board.hash, decision)
        except RuntimeError:  # the app is closing
            pass

    def decided(self, job: int, position: int, decision: SwapDecision | Exception) -> None:
        """The engine's decision, back on the main thread: its stones played, its choice made."""
        state, game = self.state, self.state.game
        opening = self.opening
        if job != self._job or state.thinking != "move" or position != game.board.hash or opening is None:
            return
        state.thinking = None
        if isinstance(decision, Exception):
            message = str(decision).replace("\n", " ") or type(decision).__name__
            state.engine_failure = f"the engine failed: {message}"
            self.display.refresh_status()
            self.app.notify(f"{state.engine_failure} (d: again)", severity="error")
            return
        ply = game.board.ply
        if opening.phase(ply) == "place":
            self.place(decision.stones)
            return
        if decision.swap:
            self.apply(opening, "black")
        elif len(decision.stones) == 2 and "more" in opening.options(ply):
            opening.choose("more", ply)
            self.app.notify(f"{opening.rule.capitalize()}: {opening.said(1, 'more')}.", timeout=5)
            self.place(decision.stones)
        else:  # white, and its stone as the game's next move
            self.apply(opening, "white", go_on=not decision.stones)
            if decision.stones:
                self.play(tuple(decision.stones[0]))

    def place(self, stones: tuple[Point, ...]) -> None:
        """The engine's stones, played in order (the board checks each), then the opening goes on."""
        game = self.state.game
        self.state.thinking = "move"  # no decision is asked for between the stones
        try:
            for stone in stones:
                point = tuple(stone)
                try:
                    game.board.copy().play(point)
                except BoardError as exc:
                    self.app.notify(f"the engine's stone {format_point(point)}: {exc}", severity="error")
                    return
                if not self.play(point) or self.state.game is not game:
                    return
        finally:
            self.state.thinking = None
        self.display.refresh_status()
        self.continue_game()
