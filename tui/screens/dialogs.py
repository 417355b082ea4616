"""The app's modal dialogs: new game, a yes/no question, a file path, the keys."""

from __future__ import annotations

from typing import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from gomoku.board import Rules
from tui.game import MODES, GameSettings, SettingsError, parse_rules

RULE_NAMES = {
    "freestyle": "Freestyle, endless",
    "standard": "Exactly five, endless",
    "gomocup20": "Gomocup 20x20 freestyle",
    "gomocup15": "Gomocup 15x15 freestyle",
    "tictactoe": "Tic-tac-toe 3x3",
    "4x4": "4x4, four in a row",
    "cube3": "Cube 3x3x3, three in a row",
    "qubic": "Qubic 4x4x4, four in a row",
}

OTHER_RULES = "other"
"""The rules choice that takes the general form from its text field."""

GENERAL_FORM = "size=7x6,k=4,gravity"
"""The general form's example, shown in its empty field."""


class NewGameScreen(ModalScreen[GameSettings | None]):
    """Choose the rules (a preset or the general form), who plays, the player the
    engine plays among those that play these rules, and its time per move.

    ``levels_for`` names those players and ``level_note`` says what each is: the
    app passes its ``Analyst``'s, which are the registry's (``gomoku.engine.players``).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, current: GameSettings, levels_for: Callable[[Rules], tuple[str, ...]],
                 level_note: Callable[[str], str] | None = None) -> None:
        super().__init__()
        self.current = current
        self.levels_for = levels_for
        self.level_note = level_note or (lambda level: "")
        self.offered: list[str] = []
        """The players the level choice offers (those that play the rules chosen)."""

    def compose(self) -> ComposeResult:
        current = self.current
        rules = [(RULE_NAMES.get(name, name), name) for name in Rules.PRESETS]
        rules.append(("Other: the general form below", OTHER_RULES))
        preset = current.rules in Rules.PRESETS
        levels = self.offered = self._levels(current.parsed_rules)
        level_value = next((level for level in (current.level, "normal") if level in levels), levels[0])
        with VerticalScroll(id="dialog", classes="dialog"):  # scrolls on a short terminal
            yield Label("New game", classes="dialog-title")
            with Grid(id="form"):
                yield Label("Rules")
                yield Select(rules, value=current.rules if preset else OTHER_RULES, allow_blank=False, id="rules")
                yield Label("General form")
                yield Input("" if preset else current.rules, placeholder=GENERAL_FORM, id="rules-text")
                yield Label("Players")
                yield Select([(text, name) for name, text in MODES.items()], value=current.mode,
                             allow_blank=False, id="mode")
                yield Label("Engine level")
                yield Select([(name, name) for name in levels], value=level_value, allow_blank=False,
                             id="level")
                yield Label("Seconds a move")
                yield Input(str(current.time), id="time")
            yield Static(self.level_note(level_value), id="level-note", classes="dialog-note")
            yield Static("", id="error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def _levels(self, rules: Rules) -> list[str]:
        return list(self.levels_for(rules)) or [self.current.level]

    def rules_text(self) -> str:
        """The rules chosen: the preset's name, or the general form's text."""
        choice = str(self.query_one("#rules", Select).value)
        if choice == OTHER_RULES:
            return self.query_one("#rules-text", Input).value.strip()
        return choice

    def chosen_rules(self) -> Rules:
        """The rules chosen; SettingsError (one line) when the general form is wrong."""
        text = self.rules_text()
        if not text:
            raise SettingsError(f"the rules: give the general form, e.g. {GENERAL_FORM}")
        return parse_rules(text)

    def settings(self) -> GameSettings:
        """The dialog's choices; SettingsError when the rules or the time are wrong."""
        self.chosen_rules()
        text = self.query_one("#time", Input).value.strip()
        try:
            seconds = float(text)
        except ValueError:
            raise SettingsError(f"seconds per move: expected a number such as 1 or 0.5, not {text!r}") from None
        return GameSettings(
            rules=self.rules_text(),
            mode=str(self.query_one("#mode", Select).value),
            level=str(self.query_one("#level", Select).value),
            time=seconds,
        )

    @on(Select.Changed, "#rules")
    def preset_chosen(self, event: Select.Changed) -> None:
        """A preset empties the general form's field; either way the levels follow the rules."""
        if event.value != OTHER_RULES:
            self.query_one("#rules-text", Input).value = ""
        self.rules_changed()

    @on(Input.Changed, "#rules-text")
    def general_form_typed(self, event: Input.Changed) -> None:
        """Typing the general form chooses it."""
        if event.value.strip():
            select = self.query_one("#rules", Select)
            if select.value != OTHER_RULES:
                select.value = OTHER_RULES  # its Changed message brings the levels up to date
                return
        self.rules_changed()

    def rules_changed(self) -> None:
        """Offer the players that play the rules chosen, or say what is wrong with them."""
        error = self.query_one("#error", Static)
        try:
            rules = self.chosen_rules()
        except SettingsError as exc:
            error.update(str(exc) if self.rules_text() else "")
            return
        error.update("")
        select = self.query_one("#level", Select)
        levels = self._levels(rules)
        if levels == self.offered:
            return
        before = select.value
        self.offered = levels
        select.set_options([(name, name) for name in levels])
        for level in (before, self.current.level, "normal"):
            if level in levels:
                select.value = level
                break

    @on(Select.Changed, "#level")
    def level_chosen(self, event: Select.Changed) -> None:
        """Say what the player is."""
        self.query_one("#level-note", Static).update(self.level_note(str(event.value)))

    @on(Button.Pressed, "#start")
    @on(Input.Submitted, "#time")
    @on(Input.Submitted, "#rules-text")
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
