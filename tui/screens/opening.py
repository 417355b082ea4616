"""The question asked before a game opened from a file plays with another level or clock.

:class:`OpeningScreen` shows :class:`tui.opening.OpeningQuestion`'s questions, each with
its choice: the level among those that play the game's rules (the one suggested
first), and whether the clock carried over is turned off (first) or kept. Enter (on
a choice or on Open) opens the game as chosen; Escape or Cancel leaves the game on
show as it is. It dismisses with an :class:`~tui.opening.OpeningChoice`, or None.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from tui.game import clock_name
from tui.opening import OpeningChoice, OpeningQuestion
from tui.screens.dialogs import FieldSelect, FormScroll

__all__ = ["CLOCK_OFF", "CLOCK_KEPT", "OpeningScreen"]

CLOCK_OFF = "off"
CLOCK_KEPT = "kept"


class OpeningScreen(ModalScreen[OpeningChoice | None]):
    """Ask before an opened game plays with a level or a clock it did not name."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: OpeningQuestion) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        question = self.question
        with Vertical(id="dialog", classes="dialog"):
            yield Label(f"Open {question.name}", classes="dialog-title")
            with FormScroll(classes="dialog-body"):
                if question.asks_level:
                    yield Static(question.level_text(), id="level-question", classes="dialog-note")
                    yield FieldSelect(
                        [(name, name) for name in question.levels],
                        value=question.suggested,
                        allow_blank=False,
                        id="level",
                    )
                if question.clock is not None:
                    name = clock_name(*question.clock)
                    yield Static(question.clock_text(), id="clock-question", classes="dialog-note")
                    yield FieldSelect(
                        [("no clock for this game", CLOCK_OFF), (f"keep the {name} clock", CLOCK_KEPT)],
                        value=CLOCK_OFF,
                        allow_blank=False,
                        id="clock",
                    )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Open (Enter)", variant="primary", id="open")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        """The first choice has the focus (the arrows change it, Enter opens)."""
        self.query(FieldSelect).first().focus()

    def choice(self) -> OpeningChoice:
        """The choices on show."""
        question = self.question
        level = str(self.query_one("#level", Select).value) if question.asks_level else question.suggested
        keep = question.clock is not None and self.query_one("#clock", Select).value == CLOCK_KEPT
        return OpeningChoice(level, keep)

    @on(Button.Pressed, "#open")
    @on(FieldSelect.Submitted)
    def open_game(self) -> None:
        self.dismiss(self.choice())

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
