"""The app's keys: the game screen's bindings, and the actions they run.

A key of the game screen sleeps while a dialog is open, and while the position editor
is on (whose own keys, ``EDITOR_BINDINGS``, come after these and take ``o``, ``t``,
``u``, ``q`` and Esc then). The footer shows those with ``show`` set, as many as fit;
the keys' screen (``?``, ``tui.screens.dialogs.HELP``) lists them all.

>>> "hint" in GAME_ACTIONS and "variation" in GAME_ACTIONS, "edit" in GAME_ACTIONS
(True, False)
"""

from __future__ import annotations

from textual.binding import Binding

from tui.editor import EDITOR_BINDINGS

__all__ = ["GAME_BINDINGS", "APP_BINDINGS", "GAME_ACTIONS"]

GAME_BINDINGS = [
    Binding("question_mark", "help", "Keys"),
    Binding("n", "new_game", "New"),
    Binding("u,ctrl+z", "undo", "Undo"),
    Binding("r,ctrl+y", "redo", "Redo"),
    Binding("w", "toggle_weights", "Weights"),
    Binding("t", "toggle_breakdown", "Breakdown"),
    Binding("h", "hint", "Hint"),
    Binding("d", "engine_move", "Engine plays"),
    Binding("s", "save", "Save"),
    Binding("o", "open", "Open"),
    Binding("q", "quit_game", "Quit"),
    Binding("p", "toggle_panel", "Panel"),
    Binding("a,A", "analyse", "Analyse"),
    Binding("m", "toggle_numbers", "Move numbers", show=False),
    Binding("less_than_sign", "walk(-1)", "Move back", show=False),
    Binding("greater_than_sign", "walk(1)", "Move forward", show=False),
    Binding("home", "walk_start", "First move", show=False),
    Binding("end", "walk_end", "Last move", show=False),
    Binding("comma", "preview(-1)", "Line back", show=False),
    Binding("full_stop", "preview(1)", "Line forward", show=False),
    Binding("escape", "leave_preview", "Leave the line", show=False),
    Binding("left_curly_bracket", "scroll_breakdown(-1)", "Breakdown up", show=False),
    Binding("right_curly_bracket", "scroll_breakdown(1)", "Breakdown down", show=False),
    Binding("R", "review", "Review", show=False),
    Binding("e", "edit_position", "Edit position", show=False),
    Binding("y", "copy('moves')", "Copy moves", show=False),
    Binding("Y", "copy('sgf')", "Copy SGF", show=False),
    Binding("v", "variation('next')", "Next variation", show=False),
    Binding("V", "variation('previous')", "Previous variation", show=False),
    Binding("P", "variation('promote')", "Main line", show=False),
    Binding("delete,D", "variation('delete')", "Delete variation", show=False),
    Binding("z", "puzzles", "Puzzles", show=False),
]
"""The game screen's keys, in the footer's order."""

GAME_ACTIONS = frozenset(binding.action.split("(")[0] for binding in GAME_BINDINGS)
"""The actions of the game screen's keys: switched off while a dialog is open or the
position editor is on."""

APP_BINDINGS = [*GAME_BINDINGS, *EDITOR_BINDINGS]
"""Every key the app binds: the editor's last, awake only while editing."""
