"""Stepping through a forcing line on the board (a mixin of the app).

When the hint finds a proven win, the whole forcing sequence (the VCF or VCT of
``gomoku.engine.forced``, else the search's own line) is kept with it; when it does
not, the opponent's threat is looked for (``find_forced_win(attacker=...)``: the win the
opponent would have given a free move). Either is a :class:`~tui.services.ForcingLine`,
which :class:`ForcingPreview` lets the player step through: ``.`` shows its next
move as a stone, ``,`` takes the last one away, Escape leaves. The stones are a
preview drawn by the board view: the game is not changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["ForcingPreview"]

if TYPE_CHECKING:
    from textual.app import App

    from tui.game import Game
    from tui.services import ForcingLine
    from tui.widgets.board_view import BoardView

    _AppBase = App[int]
else:
    _AppBase = object


class ForcingPreview(_AppBase):
    """The forcing line of the last hint, stepped through as a preview."""

    if TYPE_CHECKING:  # what the app that mixes this in provides
        game: Game
        hint: Any | None

        @property
        def board_view(self) -> BoardView: ...
        def refresh_all(self) -> None: ...

    def __init__(self) -> None:
        super().__init__()
        self.forcing: ForcingLine | None = None
        """The forcing line of the position on show (the hint's win, or the opponent's threat)."""
        self.preview_step: int | None = None
        """How many of its moves the board shows as stones; None: not stepping through it."""

    def action_preview(self, step: int) -> None:
        """Show one more move of the forcing line (``step`` 1), or one fewer (-1)."""
        line = self.forcing
        if line is None:
            self.notify("No forcing line to step through: h looks for a win, or for the opponent's threat.", timeout=3)
            return
        shown = max(0, min(len(line.moves), (self.preview_step or 0) + step))
        if shown == 0 and step < 0 and self.preview_step is None:
            shown = len(line.moves)  # , first: the whole line at once
        self.preview_step = shown
        self.show_preview()

    def action_leave_preview(self) -> None:
        """Leave the preview: the board shows the game again."""
        if self.preview_step is not None:
            self.preview_step = None
            self.show_preview()

    def show_preview(self) -> None:
        """Hand the preview to the board view and show it."""
        view = self.board_view
        line = self.forcing
        stepping = line is not None and self.preview_step is not None
        view.preview = tuple(line.moves) if stepping and line is not None else ()
        view.preview_step = self.preview_step or 0
        view.preview_first = line.attacker if line is not None else None
        if stepping and line is not None and self.preview_step:
            view.move_cursor_to(line.moves[self.preview_step - 1])
        self.refresh_all()

    def forget_forcing(self) -> None:
        """The position changed: its forcing line and the preview go."""
        self.forcing = None
        self.preview_step = None
        view = self.board_view
        view.preview = ()
        view.preview_step = 0
