"""Stepping through a forcing line on the board.

When the hint finds a proven win, the whole forcing sequence (the VCF or VCT of
``gomoku.engine.forced``, else the search's own line) is kept with it; when it does
not, the opponent's threat is looked for (``find_forced_win(attacker=...)``: the win the
opponent would have given a free move). Either is a :class:`~tui.services.ForcingLine`
(the state's ``forcing``), which :class:`ForcingPreview` lets the player step through:
``.`` shows its next move as a stone, ``,`` takes the last one away, Escape leaves.
The stones are a preview drawn by the board view: the game is not changed.
"""

from __future__ import annotations

from textual.app import App

from tui.showing import GameDisplay
from tui.state import AppState

__all__ = ["ForcingPreview"]


class ForcingPreview:
    """The forcing line of the last hint, stepped through as a preview."""

    def __init__(self, app: App[int], state: AppState, display: GameDisplay) -> None:
        self.app = app
        self.state = state
        self.display = display

    def step(self, step: int) -> None:
        """Show one more move of the forcing line (``step`` 1), or one fewer (-1)."""
        shown = self.state.step_preview(step)
        if shown is None:
            self.app.notify(
                "No forcing line to step through: h looks for a win, or for the opponent's threat.", timeout=3
            )
            return
        line = self.state.forcing
        if line is not None and shown:
            self.display.board_view.move_cursor_to(line.moves[shown - 1])
        self.display.refresh_all()

    def leave(self) -> None:
        """Leave the preview: the board shows the game again."""
        if self.state.preview_step is not None:
            self.state.preview_step = None
            self.display.refresh_all()
