"""The position editor (``e``): stones of either colour placed and taken off, the side to
move set, then the game goes on from there.

:class:`PositionEdit` is the position being edited, plain Python (no Textual): the
stones, the side to move, the edits taken back with ``u``, and the check made on leaving
(:meth:`PositionEdit.board`): a position already won, or impossible under the rules (two
fives, a stone floating under gravity, a full board), is refused in one line and the edit
stays. :class:`PositionEditor` is the app's part: while it is on, the game's keys sleep,
the board shows the edit, and the status line says which keys do what. Leaving it makes
the edited position a new game's start (its stones are set-up stones, as a position JSON
file's: undo never takes them back), with the game's settings; ``u`` on that start, with
no move left to take back, brings back the game as it was before the edit.

>>> edit = PositionEdit.from_board(Board())
>>> for point in [(0, 0), (1, 0), (2, 0)]:
...     _ = edit.place(point, Stone.X)
>>> _ = edit.cycle((0, 1)); _ = edit.cycle((0, 1))  # empty -> X -> O
>>> edit.counts(), edit.turn.name  # the side to move follows the stones...
((3, 1), 'O')
>>> edit.toggle_turn(); _ = edit.place((5, 5), Stone.O)
>>> edit.counts(), edit.turn.name  # ...until t sets it
((3, 2), 'X')
>>> sorted(edit.board().setup.items())[:2]
[((0, 0), <Stone.X: 1>), ((0, 1), <Stone.O: 2>)]
>>> for x in (3, 4):
...     _ = edit.place((x, 0), Stone.X)
>>> edit.board()
Traceback (most recent call last):
...
tui.editor.EditError: X already has five in a row (0,0 to 4,0): take a stone of it off first
>>> edit.undo(), edit.board().turn.name
(True, 'X')
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from textual.app import App
from textual.binding import Binding
from textual.widgets import Static

from gomoku.board import Board, BoardError, Point, Rules, Stone, format_point
from tui.analysis import LiveAnalysis
from tui.game import Game, in_a_row
from tui.showing import GameDisplay
from tui.state import AppState
from tui.thinking import EngineThinking
from tui.view.layout import Layout

__all__ = ["EDIT_ACTION", "EDITOR_BINDINGS", "EditError", "PositionEdit", "PositionEditor"]

EDIT_ACTION = "edit"
"""The action of every key of the editor (its parameter says which): it runs only while editing."""

EDITOR_BINDINGS = [
    Binding("x", "edit('X')", "X stone"),
    Binding("o", "edit('O')", "O stone"),
    Binding("delete,backspace", "edit('remove')", "Remove"),
    Binding("t", "edit('turn')", "Side to move"),
    Binding("C", "edit('clear')", "Clear"),
    Binding("u,ctrl+z", "edit('undo')", "Undo edit"),
    Binding("e,escape", "edit('done')", "Done"),
    Binding("q", "edit('cancel')", "Cancel"),
]
"""The editor's keys, bound on the app after its own (which sleep while editing: ``o``,
``t``, ``u``, ``q`` and Esc are the editor's then). Enter, space and a click cycle the
cell's stone (empty, X, O, empty): that is the board's key, which the app hands on."""


class EditError(ValueError):
    """An edit that cannot be made, or a position the game cannot start from: one line."""


@dataclass
class PositionEdit:
    """The position being edited: the stones, the side to move, and what ``u`` takes back."""

    rules: Rules
    stones: dict[Point, Stone] = field(default_factory=dict)
    turn: Stone = Stone.X
    turn_set: bool = False
    """The side to move was set (``t``, or a position whose stones imply the other):
    until then it follows the stones, X unless X has more."""
    history: list[tuple[dict[Point, Stone], Stone, bool]] = field(default_factory=list)
    """The edits taken back by ``u``: the position before each, the last one last."""
    start: tuple[dict[Point, Stone], Stone] = field(default_factory=lambda: ({}, Stone.X))
    """The position the edit started from: leaving unchanged changes no game."""

    @classmethod
    def from_board(cls, board: Board) -> PositionEdit:
        """An edit starting from ``board``'s position (its set-up stones and moves alike)."""
        stones = dict(board.stones)
        edit = cls(board.rules, dict(stones), board.turn, start=(stones, board.turn))
        edit.turn_set = board.turn is not edit.implied_turn()
        return edit

    @property
    def changed(self) -> bool:
        """Whether the position differs from the one the edit started from."""
        return (self.stones, self.turn) != self.start

    def counts(self) -> tuple[int, int]:
        """How many X and how many O stones."""
        x = sum(1 for stone in self.stones.values() if stone is Stone.X)
        return x, len(self.stones) - x

    def implied_turn(self) -> Stone:
        """The side to move the stones imply: X, unless X has more stones."""
        x, o = self.counts()
        return Stone.O if x > o else Stone.X

    def _keep(self) -> None:
        self.history.append((dict(self.stones), self.turn, self.turn_set))

    def _follow(self) -> None:
        """After a change of stones, the side to move follows them unless it was set."""
        if not self.turn_set:
            self.turn = self.implied_turn()

    def place(self, point: Point, stone: Stone | None) -> Point:
        """Put ``stone`` on ``point`` (None: take its stone off); the cell changed.

        Under gravity a stone put on an empty cell drops to the lowest free cell of its
        column, and a stone with another on top of it stays (take the top one first).
        EditError, and nothing changes, for a cell off the board, a full column, or no
        stone to take off."""
        if len(point) != self.rules.dims or not self.rules.contains(point):
            raise EditError(f"{format_point(point)} is off the board")
        held = self.stones.get(point)
        if stone is None:
            if held is None:
                raise EditError(f"no stone on {format_point(point)} to take off")
            above = self._above(point)
            if above is not None and above in self.stones:
                raise EditError(
                    f"under gravity {format_point(above)} rests on {format_point(point)}: take it off first"
                )
            self._keep()
            del self.stones[point]
            self._follow()
            return point
        if held is stone:
            return point
        if held is None:
            landing = Layout(self.rules).landing(point, self.stones)
            if landing is None:
                raise EditError(f"column {format_point(point[:-1])} is full")
            point = landing
        self._keep()
        self.stones[point] = stone
        self._follow()
        return point

    def cycle(self, point: Point) -> Point:
        """Enter's edit: an empty cell gets X, X turns O, O is taken off; the cell changed."""
        held = self.stones.get(point)
        if held is None:
            return self.place(point, Stone.X)
        return self.place(point, Stone.O if held is Stone.X else None)

    def toggle_turn(self) -> None:
        """The other side is to move (from now on the stones placed do not change it)."""
        self._keep()
        self.turn = self.turn.other
        self.turn_set = True

    def clear(self) -> None:
        """No stones at all (the side to move stays)."""
        if self.stones:
            self._keep()
            self.stones = {}
            self._follow()

    def undo(self) -> bool:
        """Take the last edit back; False when there is none."""
        if not self.history:
            return False
        self.stones, self.turn, self.turn_set = self.history.pop()
        return True

    def _above(self, point: Point) -> Point | None:
        """Under gravity, the cell on top of ``point`` (None without gravity)."""
        if not self.rules.gravity or self.rules.bounds is None:
            return None
        return point[:-1] + (point[-1] + 1,)

    def board(self) -> Board:
        """The edited position as a board of set-up stones, for a game to start from.

        EditError, in one line, for a position the game cannot start from: one already
        won, two fives, a stone floating under gravity, a full board, or an empty board
        with O to move (X moves first on an empty board)."""
        if not self.stones and self.turn is not Stone.X:
            raise EditError("on an empty board X moves first: press t, or place a stone")
        board = Board(self.rules)
        try:
            board.set_up(self.stones, self.turn)
        except BoardError as exc:
            detail = str(exc).removeprefix("set-up position: ")
            raise EditError(f"no game can go on from this position: {detail}") from None
        if board.winner is not None:
            line = board.winning_line or ()
            where = f" ({format_point(min(line))} to {format_point(max(line))})" if line else ""
            raise EditError(
                f"{board.winner.name} already has {in_a_row(self.rules.k)}{where}: take a stone of it off first"
            )
        if board.is_full:
            raise EditError("the board is full: no move is left to play")
        return board

    def drawing(self) -> Board:
        """A board that shows the edit, whatever it holds (a five is picked out; two
        fives, which no board can hold, are drawn without)."""
        board = Board(self.rules)
        try:
            board.set_up(self.stones, self.turn)
        except BoardError:
            board = Board(self.rules)
            board.stones = dict(self.stones)
            board.turn = self.turn
        return board


class PositionEditor:
    """The app's ``e``: the position editor's mode, and the game it leaves behind."""

    def __init__(
        self,
        app: App[int],
        state: AppState,
        display: GameDisplay,
        thinker: EngineThinking,
        live_analysis: LiveAnalysis,
        start_game: Callable[[Game], None],
        game_actions: Collection[str],
    ) -> None:
        self.app = app
        self.state = state
        self.display = display
        self.thinker = thinker
        self.live_analysis = live_analysis
        self.start_game = start_game
        """Shows a new game (the app's ``start_game``)."""
        self.game_actions = frozenset(game_actions) - {"help"}
        """The app's actions that sleep while editing (the help stays)."""
        self.edit: PositionEdit | None = None
        """The position being edited; None when the editor is off."""
        self.before: Game | None = None
        """The game the last edit replaced, while the game it started is on show."""
        self.edited: Game | None = None
        """The game the last edit started."""
        self._clock_running: Stone | None = None

    @property
    def active(self) -> bool:
        """Whether the editor is on."""
        return self.edit is not None

    def allows(self, action: str) -> bool:
        """Whether the app's ``action`` runs now: the editor's keys only while editing,
        the game's only while not."""
        if action == EDIT_ACTION:  # not under a dialog (the keys' screen, say)
            return self.active and len(self.app.screen_stack) == 1
        return not (self.active and action in self.game_actions)

    # -- in and out ----------------------------------------------------------------
    def start(self) -> None:
        """Edit the position on show: the engine stops, the clock stands still."""
        state = self.state
        self.thinker.cancel()
        self.live_analysis.stop()
        state.forget_results()
        game = state.game
        if game.clock is not None:
            self._clock_running = game.clock.running
            game.clock.run_for(None)
        self.edit = PositionEdit.from_board(game.board)
        self.app.refresh_bindings()
        self.display.refresh_all()  # the analysis and the hint gone from the panel and the bar
        self.show()

    def command(self, name: str) -> None:
        """One of the editor's keys (``EDITOR_BINDINGS``); an edit that cannot be made is
        one line of warning, and changes nothing."""
        edit = self.edit
        if edit is None:
            return
        view = self.display.board_view
        try:
            if name in ("X", "O"):
                view.move_cursor_to(edit.place(view.cursor, Stone[name]))
            elif name == "remove":
                edit.place(view.cursor, None)
            elif name == "turn":
                edit.toggle_turn()
            elif name == "clear":
                edit.clear()
            elif name == "undo":
                if not edit.undo():
                    self.app.notify("No edit to undo (q leaves the position as it was).", timeout=3)
            elif name == "done":
                self.finish()
                return
            elif name == "cancel":
                self.cancel()
                return
        except EditError as exc:
            self.app.notify(str(exc), severity="warning", timeout=3)
            return
        self.show()

    def cell_chosen(self, point: Point) -> None:
        """Enter, space or a click on a cell: its stone cycles (empty, X, O, empty)."""
        if self.edit is None:
            return
        try:
            changed = self.edit.cycle(point)
        except EditError as exc:
            self.app.notify(str(exc), severity="warning", timeout=3)
            return
        self.display.board_view.move_cursor_to(changed)
        self.show()

    def finish(self) -> None:
        """Leave the editor: the edited position starts a game with the same settings (a
        position already won or impossible is refused in one line, the edit kept)."""
        edit = self.edit
        if edit is None:
            return
        if not edit.changed:
            self._leave()
            self.app.notify("The position is unchanged: the game goes on.", timeout=3)
            return
        try:
            board = edit.board()
        except EditError as exc:
            self.app.notify(f"{exc} (q leaves the game as it was)", severity="warning", timeout=5)
            return
        before = self.state.game
        game = Game(before.settings, board)
        self.edit = None
        self.app.refresh_bindings()
        view = self.display.board_view
        cursor = view.cursor
        self.start_game(game)
        view.move_cursor_to(cursor)  # where the editing left it, not the centre
        self.before, self.edited = before, game
        x, o = edit.counts()
        self.app.notify(
            f"The game starts from the edited position: {x} X, {o} O, {board.turn.name} to move"
            " (u there brings back the game before the edit).",
            timeout=5,
        )

    def cancel(self) -> None:
        """Leave the editor without a change: the game goes on as it was."""
        if self.edit is None:
            return
        self._leave()
        self.app.notify("Edit cancelled: the game is as it was.", timeout=3)

    def _leave(self) -> None:
        """Back to the game on show: its clock runs again, the engine moves if it is its turn."""
        self.edit = None
        game = self.state.game
        if game.clock is not None:
            game.clock.run_for(self._clock_running)
        self.app.refresh_bindings()
        self.display.refresh_all()
        self.thinker.maybe_engine_turn()

    def restore_before(self) -> bool:
        """Undo on the edited position's start, with no move to take back: the game
        before the edit comes back. False when there is none to bring back."""
        game = self.state.game
        before = self.before
        if before is None or game is not self.edited or game.board.move_stack:
            return False
        self.before = self.edited = None
        self.start_game(before)
        self.app.notify("Back to the game before the edit.", timeout=3)
        return True

    # -- what the screen shows ------------------------------------------------------------
    def show(self) -> None:
        """The edit on the board (no hint, analysis, weights or numbers on it), and the
        mode, the side to move and the keys on the status line."""
        edit = self.edit
        if edit is None:
            return
        view = self.display.board_view
        view.board = edit.drawing()
        view.hint_move = None
        view.hint_pv = ()
        view.candidates = ()
        view.preview, view.preview_step, view.preview_first = (), 0, None
        view.weights = None
        view.move_numbers = False
        view.refresh()
        status = self.app.query_one("#status", Static)
        status.set_class(False, "over")
        status.update(status_text(edit))


def status_text(edit: PositionEdit) -> str:
    """The status line while editing: the mode, the side to move, the stones, the keys.

    >>> status_text(PositionEdit(Rules(), {(0, 0): Stone.X}, Stone.O))
    'EDITING · O to move · 1 X, 0 O │ e: done · q: cancel · x o Enter: stone · Del: off · t: side · C: clear · u: undo'
    """
    x, o = edit.counts()
    return (
        f"EDITING · {edit.turn.name} to move · {x} X, {o} O │ e: done · q: cancel"
        " · x o Enter: stone · Del: off · t: side · C: clear · u: undo"
    )
