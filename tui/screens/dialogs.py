"""The app's modal dialogs: new game, a yes/no question, the keys (the file browser is in files.py).

Every dialog opens with its first field focused, and Enter in a field presses its
default button (Start, Yes); Escape cancels. A question answers to its own keys
only, shown on its buttons, none of them a key of the game: a stray ``n`` (new
game) or ``q`` never decides it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static
from textual.widgets._select import SelectCurrent, SelectOverlay

from gomoku.board import Rules
from gomoku.match.external import EXTERNAL, external_engine, unplayable_for_brain
from tui.game import CLOCKS, MODES, GameSettings, SettingsError, clock_name, parse_rules
from tui.screens.once import AnswersOnce
from tui.services import level_name
from tui.swap import OPENINGS

__all__ = [
    "OTHER_RULES",
    "GENERAL_FORM",
    "clock_value",
    "parse_clock",
    "PagedOverlay",
    "FieldSelect",
    "FormScroll",
    "NewGameScreen",
    "ConfirmScreen",
    "HELP",
    "HelpScreen",
]

OTHER_RULES = "other"
"""The rules choice that takes the general form from its text field."""

SAME_LEVEL = ""
"""O's level choice that plays X's level (two engines at one level)."""

EXTERNAL_NOTE = "the external program plays and hints (a pbrain brain); the live analysis stays ours"

GENERAL_FORM = "size=7x6,k=4,gravity"
"""The general form's example, shown in its empty field."""


def clock_value(base: float, increment: float) -> str:
    """A clock as the dialog's choice holds it.

    >>> clock_value(300, 3), parse_clock("300+3")
    ('300+3', (300.0, 3.0))
    """
    return f"{base:g}+{increment:g}"


def parse_clock(value: str) -> tuple[float, float]:
    """The (base, increment) seconds of a clock choice."""
    base, _, increment = value.partition("+")
    return float(base), float(increment or 0)


class PagedOverlay(SelectOverlay):
    """A choice's list that ignores PageUp and PageDown until it is laid out (issue 53).

    Space opens the list and gives it the focus at once, but its lines are counted at
    its first layout, a few turns of the event loop later: a page key typed in between
    made Textual's ``OptionList._move_page`` look the highlighted option up in an empty
    table (KeyError: the app closed). Until then the key does nothing."""

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        if self.highlighted is not None and self.highlighted not in self._index_to_line:
            return
        super()._move_page(direction)


class FieldSelect(Select[str]):
    """A choice of a dialog's form: space and the arrows open it, Enter submits the form;
    its list is a :class:`PagedOverlay`."""

    BINDINGS = [Binding("enter", "submit", "Submit", show=False)]

    def compose(self) -> ComposeResult:
        # Select's own compose, with the list that waits for its layout.
        yield SelectCurrent(self.prompt)
        yield PagedOverlay(type_to_search=self._type_to_search).data_bind(compact=Select.compact)

    @dataclass
    class Submitted(Message):
        """Enter was pressed on the choice."""

        select: FieldSelect

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self))


class FormScroll(VerticalScroll, can_focus=False):
    """A dialog's body: it scrolls on a short terminal (to the focused field), but never
    takes the focus itself, so that Tab goes from field to field."""


class NewGameScreen(AnswersOnce, ModalScreen[GameSettings | None]):
    """Choose the engine's time per move, the game clock, who plays, the player the
    engine plays among those that play these rules, the rules (a preset or the
    general form) and the opening (none, swap2, swap1: ``tui.swap``; the first of the
    players places the three stones). The time per move comes first: it is the field
    people type in.

    ``levels_for`` names those players and ``level_note`` says what each is: the
    app passes its ``Analyst``'s, which are the registry's (``gomoku.engine.players``).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#time"
    # Eight fields: the dialog spends no line on margins, so that it fits 100x35 whole; on a
    # shorter terminal its fields scroll (to the focused one) between the title and the
    # buttons, which stay in view: at 80x24, 22 rows (issue 53).
    CSS = """
    NewGameScreen .dialog { padding: 0 2; max-height: 100%; }
    NewGameScreen .dialog-title { margin-bottom: 0; }
    NewGameScreen .dialog-buttons { margin-top: 0; }
    """

    def __init__(
        self,
        current: GameSettings,
        levels_for: Callable[[Rules], tuple[str, ...]],
        level_note: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__()
        self.current = current
        self.levels_for = levels_for
        self.level_note = level_note or (lambda level: "")
        self.offered: list[str] = []
        """The players the level choice offers (those that play the rules chosen)."""

    def compose(self) -> ComposeResult:
        current = self.current
        rules = [(Rules.TITLES[name], name) for name in Rules.PRESETS]
        rules.append(("Other: the general form below", OTHER_RULES))
        preset = current.rules in Rules.PRESETS
        levels = self.offered = self._levels(current.parsed_rules)
        level_value = next((level for level in (current.level, "normal") if level in levels), levels[0])
        clocks = list(CLOCKS)
        if current.clock > 0 and (current.clock, current.increment) not in clocks:
            clocks.append((current.clock, current.increment))  # a clock of its own, kept from last time
        # The title and the buttons always show; the fields between them scroll on a short terminal.
        with Vertical(id="dialog", classes="dialog"):
            yield Label("New game", classes="dialog-title")
            with FormScroll(classes="dialog-body"):
                with Grid(id="form"):
                    yield Label("Seconds a move")
                    yield Input(f"{current.time:g}", id="time")
                    yield Label("Clock")
                    yield FieldSelect(
                        [(clock_name(*clock), clock_value(*clock)) for clock in clocks],
                        value=clock_value(current.clock, current.increment if current.clock else 0),
                        allow_blank=False,
                        id="clock",
                    )
                    yield Label("Players")
                    yield FieldSelect(
                        [(text, name) for name, text in MODES.items()], value=current.mode, allow_blank=False, id="mode"
                    )
                    yield Label("Engine level")
                    yield FieldSelect(self._options(levels), value=level_value, allow_blank=False, id="level")
                    yield Label("O's level", id="o-level-label")
                    yield FieldSelect(
                        self._options(levels, same=True),
                        value=current.o_level if current.o_level in levels else SAME_LEVEL,
                        allow_blank=False,
                        id="o-level",
                    )
                    yield Label("Rules")
                    yield FieldSelect(
                        rules, value=current.rules if preset else OTHER_RULES, allow_blank=False, id="rules"
                    )
                    yield Label("General form")
                    yield Input("" if preset else current.rules, placeholder=GENERAL_FORM, id="rules-text")
                    yield Label("Opening")
                    yield FieldSelect(
                        [(text, name) for name, text in OPENINGS.items()],
                        value=current.opening,
                        allow_blank=False,
                        id="opening",
                    )
                note = EXTERNAL_NOTE if level_value == EXTERNAL else self.level_note(level_value)
                yield Static(note, id="level-note", classes="dialog-note")
                yield Static("", id="error", classes="dialog-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def _levels(self, rules: Rules) -> list[str]:
        levels = [level for level in self.levels_for(rules) if level != EXTERNAL] or [self.current.level]
        if self._engine_text() and not unplayable_for_brain(rules):
            levels.append(EXTERNAL)  # the program of gomoku --engine, shown by its name
        return levels

    def _engine_text(self) -> str:
        """The external program's command line (``gomoku --engine PATH``, kept with the settings)."""
        return self.current.engine.strip()

    def _options(self, levels: list[str], same: bool = False) -> list[tuple[str, str]]:
        options = [(level_name(level, self._engine_text()), level) for level in levels]
        return [("the same as X's", SAME_LEVEL), *options] if same else options

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
            raise SettingsError(f"seconds a move: expected a number such as 1 or 0.5, not {text!r}") from None
        clock, increment = parse_clock(str(self.query_one("#clock", Select).value))
        level, o_level = (str(self.query_one(name, Select).value) for name in ("#level", "#o-level"))
        mode = str(self.query_one("#mode", Select).value)
        o_level = o_level if mode == "engines" else SAME_LEVEL  # a choice of two engines only
        engine = self._engine_text()
        if EXTERNAL in (level, o_level):
            try:
                external_engine(engine)  # a program that can be run, or one line saying why not
            except ValueError as exc:
                raise SettingsError(str(exc)) from None
        return GameSettings(
            rules=self.rules_text(),
            mode=mode,
            level=level,
            time=seconds,
            clock=clock,
            increment=increment,
            o_level=o_level,
            engine=engine,
            opening=str(self.query_one("#opening", Select).value),
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
            error.update(Content(str(exc)) if self.rules_text() else "")  # plain text: it quotes [,gravity]
            return
        error.update("")
        levels = self._levels(rules)
        if levels == self.offered:
            return
        self.offered = levels
        for name, same in (("#level", False), ("#o-level", True)):
            select = self.query_one(name, Select)
            before = select.value
            select.set_options(self._options(levels, same))
            wanted = (before, SAME_LEVEL) if same else (before, self.current.level, "normal")
            for level in wanted:
                if level in levels or (same and level == SAME_LEVEL):
                    select.value = level
                    break

    def on_mount(self) -> None:
        self.mode_chosen()

    @on(Select.Changed, "#mode")
    def mode_chosen(self) -> None:
        """O's level of its own is a choice when two engines play: shown then only."""
        engines = self.query_one("#mode", Select).value == "engines"
        for name in ("#o-level-label", "#o-level"):
            self.query_one(name).display = engines

    @on(Select.Changed, "#level")
    @on(Select.Changed, "#o-level")
    def level_chosen(self, event: Select.Changed) -> None:
        """Say what the player is."""
        level = str(event.value)
        note = EXTERNAL_NOTE if level == EXTERNAL else self.level_note(level)
        if level != SAME_LEVEL:
            self.query_one("#level-note", Static).update(note)

    @on(Button.Pressed, "#start")
    @on(Input.Submitted)
    @on(FieldSelect.Submitted)
    def start(self) -> None:
        """Start the game, or say what is wrong with the choices."""
        try:
            settings = self.settings()
        except SettingsError as exc:
            self.query_one("#error", Static).update(Content(str(exc)))
            return
        self.dismiss(settings)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(AnswersOnce, ModalScreen[bool]):
    """A yes/no question: `y`, or Enter on the Yes button (focused at first), says yes;
    Escape, or Enter on the No button, says no. No other key answers it: at start-up
    the question of resuming must survive an `n` meant for a new game."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("escape", "answer(False)", "No"),
    ]
    AUTO_FOCUS = "#yes"

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
                yield Button(f"{self.no} (Esc)", id="no")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


HELP = """\
[b]Board[/b]
  ← ↑ → ↓  j k l        move the cursor (h is the hint, a the analysis)
  Enter  space          place a stone at the cursor; under gravity, it
                        drops to the lowest free cell of its column
  click                 place a stone there (under gravity: its column)
  PgUp PgDn  shift+←↑→↓ pan by a screen
  mouse wheel           scroll (shift+wheel: sideways)
  c                     centre on the last move
  [  ]                  3-D boards: to the layer below, above (z-1, z+1)
  m                     move numbers on the stones, or X and O

[b]Game[/b]
  n                     new game: time a move, clock, players,
                        level, rules, opening (none, swap2, swap1)
  b  w  p               a swap opening's choice: take black, take
                        white, place two more (Enter on the board
                        asks again after Esc)
  u  ctrl+z             undo (against the engine: your move and
                        its reply)
  r  ctrl+y             redo
  <  >                  the position a move back, forward (the game
                        stays whole; a click on the move list too)
  Home  End             the start; the end of the line on show
                        (a move on an earlier position makes a
                        branch: the old line is kept as a variation)
  v  V                  the next, previous variation where the line
                        branches (marked * in the move list; a click
                        on one there shows it)
  P                     make the line on show the main line
  Delete  D             delete the variation on show (asks first)
  R                     review the main line move by move; Enter on a
                        move shows the position where it was played
  z                     puzzles from your games and the shipped sets:
                        play the win or the only defence (h hint,
                        s solution, n p next, previous; Esc back)
  s  o                  save, open: a file browser in the games folder
                        (.json native, .sgf, .psq, by extension)
  q                     quit (asks first in the middle of a game)

[b]Position and clipboard[/b]
  e                     edit the position; e or Esc again plays from
                        there, q cancels (u at its start: the game
                        before the edit)
  x  o  Enter           editing: an X, an O; Enter cycles X, O, empty
  delete  backspace     editing: take the cursor's stone off
  t  C  u               editing: the other side to move; clear the
                        board; take the last edit back
  y  Y                  copy the game as moves, as SGF
  paste                 moves (0,0 1,1), SGF or PSQ text: that game

[b]Analysis[/b]
  w                     weights overlay: every candidate's weight
  t                     breakdown of the cursor's cell in words:
                        attacks, threats (on a narrow terminal, in the
                        side panel it opens)
  {  }                  scroll the breakdown up, down
  h                     hint: the engine's move, its win chance and
                        line, not played; with a proven win, or the
                        opponent's threat, the whole forcing line
  ,  .                  step through that forcing line, a stone at a
                        time (Esc leaves it; the game is not changed)
  a                     live analysis on/off: the best moves with their
                        win chances, deeper and deeper (a move stops it)
  d                     the engine plays your move (the hint's, or the
                        analysis's best, if shown)
  p                     the side panel on/off; under 100 columns it
                        starts hidden, and a line under the board shows
                        the hint (or the game and the cursor) instead
  ?                     this help

The bar beside the board is X's chance (X fills it from the bottom),
from the hint or the live analysis.

[b]Dialogs[/b]
  Tab  shift+Tab        next, previous field (the board keeps the keys
                        while no dialog is open)
  Enter                 the default button: Start, Save, Open, Yes
  y  Esc                a question's yes, no
  Backspace             the file browser: up a folder
"""


class HelpScreen(AnswersOnce, ModalScreen[None]):
    """Every key of the app."""

    BINDINGS = [Binding("escape,question_mark,q,enter", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog help"):  # the keys scroll between the title and Close, in view
            yield Label("Keys", classes="dialog-title")
            with VerticalScroll(classes="dialog-body"):
                yield Static(HELP, id="help-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close (Esc)", id="close")

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
