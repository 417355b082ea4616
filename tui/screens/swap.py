"""The choice of a swap opening (swap2, swap1) when it is a human's: take black, take white,
or (swap2, after three stones) place two more.

:class:`SwapChoiceScreen` shows what was placed and chosen so far and the choices, each a
button with its key: ``b`` black, ``w`` white, ``p`` two more; Enter presses the focused
button (the first). Escape closes it undecided: the board can be looked at, and Enter on
it asks again. It dismisses with the choice ("black", "white", "more") or None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from tui.screens.once import AnswersOnce

if TYPE_CHECKING:
    from tui.swap import SwapOpening

__all__ = ["SwapChoiceScreen", "explain"]

BUTTONS = {"black": "Black, X (b)", "white": "White, O (w)", "more": "Two more (p)"}


def explain(choice: str, you: bool) -> str:
    """What a choice means, in a line.

    >>> explain("white", you=True)
    'White (O): you play the next stone.'
    """
    subject, verb = ("you", "play") if you else ("the chooser", "plays")
    return {
        "black": "Black (X): the other side plays white, and moves next.",
        "white": f"White (O): {subject} {verb} the next stone.",
        "more": "Two more: an O, then an X; then the other side chooses its colour.",
    }[choice]


class SwapChoiceScreen(AnswersOnce, ModalScreen[str | None]):
    """A human's choice in a swap opening."""

    BINDINGS = [
        Binding("b", "choose('black')", "Black"),
        Binding("w", "choose('white')", "White"),
        Binding("p", "choose('more')", "Two more"),
        Binding("escape", "later", "Later"),
    ]

    def __init__(self, opening: SwapOpening, ply: int) -> None:
        super().__init__()
        self.opening = opening
        self.ply = ply
        self.options = opening.options(ply)

    def compose(self) -> ComposeResult:
        opening, ply = self.opening, self.ply
        you = opening.actor(ply) == "you"
        whose = "Your choice" if you else f"The {opening.actor(ply)} player's choice"
        with Vertical(id="dialog", classes="dialog"):
            yield Label(f"{opening.rule.capitalize()}: {whose}", classes="dialog-title")
            yield Static(opening.status(ply), id="swap-status", classes="dialog-note")
            yield Static("\n".join(explain(choice, you) for choice in self.options), id="swap-help")
            with Horizontal(classes="dialog-buttons"):
                for choice in self.options:
                    yield Button(BUTTONS[choice], variant="primary" if choice == "black" else "default", id=choice)
            yield Static("Esc: decide later (Enter on the board asks again)", classes="dialog-note")

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def action_choose(self, choice: str) -> None:
        if choice in self.options:
            self.dismiss(choice)

    def action_later(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.action_choose(str(event.button.id))
