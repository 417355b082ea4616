"""The file browser for opening and saving games: textual-fspicker's dialogs, set up for games.

Both start in a folder the app gives them (the games folder, see
``tui.storage.games_dir``, or the folder used last) and list it with its
sub-folders and ``..``; Backspace goes up a folder, Enter on a folder enters it.

* Opening: the list has the focus, on the game named (the one used last, or the
  folder's newest); the name field follows the list, and Enter on a file, in the
  name field or on Open opens it. Only game files (and folders) are listed; a
  path typed whole may name any file.
* Saving: the name field has the focus, holding the name offered (the game's own
  file, or a new ``game-YYYYMMDD-HHMMSS.json``); Enter saves there, in the folder
  shown. Enter on a file in the list takes its name (the app asks before writing
  over another game's file).

Each dismisses with the chosen path, or None (Escape, Cancel).
"""

from __future__ import annotations

import os
from pathlib import Path

from textual import events, on
from textual.widgets import Button, Input
from textual_fspicker import FileOpen, FileSave
from textual_fspicker.file_dialog import BaseFileDialog
from textual_fspicker.parts import DirectoryNavigation
from textual_fspicker.path_filters import Filter

from gomoku import records
from tui.screens.once import AnswersOnce

__all__ = [
    "GAME_FILES",
    "BROWSER_CSS",
    "existing_folder",
    "OpenGameScreen",
    "SaveGameScreen",
]

GAME_FILES = Filter(f"Games ({' '.join(records.FORMATS)})", lambda path: path.suffix.lower() in records.FORMATS)
"""What the open dialog lists besides folders (a path typed whole may name any file)."""

BROWSER_CSS = """
DirectoryNavigation:focus {
    border: tall $border !important;
}
InputBar Button {
    min-width: 10;
}
"""
"""The focused list is marked like a focused field (the picker's own rule draws the same blank
border, focused or not, and wins without ``!important``), and the buttons leave the name field
room for a whole ``game-YYYYMMDD-HHMMSS.json`` at 80 columns."""


def existing_folder(folder: Path) -> Path:
    """``folder``, or its nearest ancestor that exists (a folder not made yet is browsed from there).

    >>> existing_folder(Path("/no/such/folder/anywhere"))
    PosixPath('/')
    """
    folder = folder.expanduser()
    for candidate in (folder, *folder.parents):
        if candidate.is_dir():
            return candidate
    return Path.home()


def name_problem(name: str) -> str:
    """What is wrong with a file name typed (or pasted) into the picker, in a line; "" if nothing.
    The picker's own path checks raise on these (ValueError, OSError: the app closed).

    >>> name_problem("game.json"), name_problem("a" + chr(0)), name_problem("x" * 300)[:26]
    ('', 'a file name cannot hold a NUL character', 'a file name is at most 255')
    """
    if "\x00" in name:
        return "a file name cannot hold a NUL character"
    if any(len(os.fsencode(part)) > 255 for part in Path(name).parts):
        return "a file name is at most 255 bytes long"
    return ""


class NameChecked(BaseFileDialog):
    """A picker that refuses a name it cannot even look up, in one line, before its own checks."""

    @on(Input.Submitted)
    @on(Button.Pressed, "#select")
    def check_name(self, event: Input.Submitted | Button.Pressed) -> None:
        problem = name_problem(self.query_one(Input).value)
        if problem:
            event.prevent_default()  # not the picker's own handler, whose path check would raise
            event.stop()
            self._set_error(problem)


class OpenGameScreen(AnswersOnce, NameChecked, FileOpen):
    """Choose a game to open, starting in ``folder`` on the file named ``name``."""

    DEFAULT_CSS = BROWSER_CSS

    def __init__(self, folder: Path, name: str | None = None) -> None:
        # The filter is set on the list, not offered as a choice: at 80 columns the
        # picker's filter field left the list two lines.
        super().__init__(existing_folder(folder), "Open a game", default_file=name)
        self.wanted = name
        """The file the list's highlight goes to once the folder is read (None once the player moves it)."""

    def on_mount(self) -> None:
        self.query_one(DirectoryNavigation).file_filter = GAME_FILES

    @on(DirectoryNavigation.Highlighted)
    def highlighted(self, event: DirectoryNavigation.Highlighted) -> None:
        """Keep the highlight on the file wanted until the player moves it; the name field follows the list."""
        navigation = event.navigation
        if self.wanted is not None and event.path.name != self.wanted:
            # The list is drawn more than once at first (before and after the folder is read,
            # and when the filter is set), each time from its top: back to the file wanted.
            for index in range(navigation.option_count):
                location = getattr(navigation.get_option_at_index(index), "location", None)
                if isinstance(location, Path) and location.name == self.wanted:
                    navigation.highlighted = index  # posts Highlighted again, for that file
                    return
        if event.path.is_file():
            self.query_one(Input).value = event.path.name

    def on_key(self, event: events.Key) -> None:
        self.wanted = None  # the player takes the list over

    def on_click(self, event: events.Click) -> None:
        self.wanted = None

    @on(DirectoryNavigation.Selected)
    def chosen(self, event: DirectoryNavigation.Selected) -> None:
        """Enter (or a click) on a file opens it: the list's choice is the dialog's answer."""
        event.prevent_default()  # not the picker's own step of copying the name to the field first
        event.stop()
        self.dismiss(event.path)


class SaveGameScreen(AnswersOnce, NameChecked, FileSave):
    """Choose where to save the game: the folder shown and the name typed (``name`` at first)."""

    DEFAULT_CSS = BROWSER_CSS

    def __init__(self, folder: Path, name: str) -> None:
        super().__init__(existing_folder(folder), "Save the game", default_file=name)

    def on_mount(self) -> None:
        # The picker focuses its list on mount; the name is what a save needs, so it takes the focus after.
        self.call_after_refresh(self.query_one(Input).focus)
