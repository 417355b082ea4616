"""The app's modal dialogs: new game, a yes/no question, a file path, the keys."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gomoku.board import Rules

from tui.game import MODES, GameSettings, SettingsError

RULE_NAMES = {
    "freestyle": "Freestyle, endless",
    "standard": "Exactly five, endless",
    "gomocup20": "Gomocup 20x20 freestyle",
    "gomocup15": "Gomocup 15x15 freestyle",
    "tictactoe": "Tic-tac-toe 3x3",
}


class NewGameScreen(ModalScreen[GameSettings | None]):
    """Choose rules, who plays, the engine's level and its time per move."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: GameSettings, levels: tuple[str, ...]) -> None:
        super().__init__()
        self.current = current
        self.levels = levels

    def compose(self) -> ComposeResult:
        current = self.current
        rules = [(RULE_NAMES.get(name, name), name) for name in Rules.PRESETS]
        rule_value = current.rules if current.rules in Rules.PRESETS else "freestyle"
        levels = list(self.levels) or [current.level]
        level_value = current.level if current.level in levels else levels[0]
        with Vertical(id="dialog", classes="dialog"):
            yield Label("New game", classes="dialog-title")
            with Grid(id="form"):
                yield Label("Rules")
                yield Select(rules, value=rule_value, allow_blank=False, id="rules")
                yield Label("Players")
                yield Select([(text, name) for name, text in MODES.items()], value=current.mode,
                             allow_blank=False, id="mode")
                yield Label("Engine level")
                yield Select([(name, name) for name in levels], value=level_value, allow_blank=False,
                             id="level")
                yield Label("Seconds a move")
                yield Input(str(current.time), id="time")
            yield Static("", id="error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def settings(self) -> GameSettings:
        """The dialog's choices; SettingsError when the time is not a positive number."""
        text = self.query_one("#time", Input).value.strip()
        try:
            seconds = float(text)
        except ValueError:
            raise SettingsError(f"seconds per move: expected a number such as 1 or 0.5, not {text!r}") from None
        return GameSettings(
            rules=str(self.query_one("#rules", Select).value),
            mode=str(self.query_one("#mode", Select).value),
            level=str(self.query_one("#level", Select).value),
            time=seconds,
        )

    @on(Button.Pressed, "#start")
    @on(Input.Submitted, "#time")
    def start(self) -> None:
        """Start the game, or say what is wrong with the choices."""
        try:
            settings = self.settings()
        except SettingsError as exc:
            self.query_one("#error", Static).update(str(exc))
            return
        self.dismiss(settings)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; `y`/Enter for yes, `n`/Escape for no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="primary", id="yes")
                yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class PathScreen(ModalScreen[str | None]):
    """Ask for a file path (to save or open a game)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, default: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Label("Format by extension: .json (native), .sgf, .psq")
            yield Input(self.default, id="path")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def ok(self) -> None:
        path = self.query_one("#path", Input).value.strip()
        self.dismiss(path or None)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


HELP = """\
[b]Board[/b]
  ← ↑ → ↓  a j k l      move the cursor (h is the hint, so a is left)
  Enter  space          place a stone at the cursor
  click                 place a stone there
  PgUp PgDn  shift+←↑→↓ pan by a screen
  mouse wheel           scroll (shift+wheel: sideways)
  c                     centre on the last move
  [  ]                  3-D boards: to the layer below, above (z-1, z+1)

[b]Game[/b]
  n                     new game: rules, players, level, time a move
  u  ctrl+z             undo (against the engine: your move and its reply)
  r  ctrl+y             redo
  s  o                  save, open (.json native, .sgf, .psq)
  q                     quit (asks first in the middle of a game)

[b]Analysis[/b]
  w                     weights overlay: the cell weight of every candidate
  t                     breakdown of the cursor's cell: attacks, breakpoints
  h                     hint: the engine's move and line, not played
  d                     the engine plays your move (the hint, if shown)
  ?                     this help
"""


class HelpScreen(ModalScreen[None]):
    """Every key of the app."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Label("Keys", classes="dialog-title")
            yield Static(HELP, id="help-text")
            yield Button("Close", id="close")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
