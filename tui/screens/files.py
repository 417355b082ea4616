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
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.widgets import Button, Input
from textual_fspicker import FileOpen, FileSave
from textual_fspicker.file_dialog import BaseFileDialog
from textual_fspicker.parts import DirectoryNavigation
from textual_fspicker.path_filters import Filter
from textual_fspicker.suggest_path import SuggestPath

from gomoku import records
from tui.screens.once import AnswersOnce

__all__ = [
    "GAME_FILES",
    "BROWSER_CSS",
    "existing_folder",
    "name_problem",
    "too_long",
    "clipped_paste",
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
    if too_long(name):
        return f"a file name is at most {NAME_MAX} bytes long, a path {PATH_MAX}"
    return ""


NAME_MAX = 255
"""The most bytes of a file name (one part of a path) the system looks up."""
PATH_MAX = 4000
"""The most bytes of a whole path the picker may look up (the system's limit is 4096)."""


def too_long(name: str, folder: Path | None = None) -> bool:
    """Whether a name (in ``folder``) is past what the system can look up: a part over
    ``NAME_MAX`` bytes, or the whole path over ``PATH_MAX`` (OSError 36, file name too long).

    >>> too_long("game.json"), too_long("x" * 256), too_long("a/" * 2100), too_long("a/" * 2100, Path("/"))
    (False, True, False, True)
    """
    try:
        parts = [os.fsencode(part) for part in Path(name).parts]
        whole = os.fsencode(str(folder / name)) if folder is not None else b""
    except (UnicodeError, ValueError):  # a name the file system cannot encode: not the length's business
        return False
    return any(len(part) > NAME_MAX for part in parts) or len(whole) > PATH_MAX


def clipped_paste(value: str, cursor: int, text: str, folder: Path | None = None) -> str:
    """The part of pasted ``text`` (its first line, as a field takes it) that fits at
    ``cursor`` in ``value`` without making the name too long (``too_long``).

    >>> clipped_paste("game", 4, "-1.json"), len(clipped_paste("game", 4, "(;FF[4]" + ";B[ab]" * 60))
    ('-1.json', 251)
    """
    lines = text.splitlines()
    line = lines[0] if lines else ""

    def fits(count: int) -> bool:
        return not too_long(value[:cursor] + line[:count] + value[cursor:], folder)

    low, high = 0, len(line)  # the longest start of the line that fits (a longer one never does)
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return line[:low]


class SafeSuggestPath(SuggestPath):
    """The picker's path completion, with no suggestion for a name the system cannot look up
    (too long: OSError 36 in the completion's worker closed the app; issue 53)."""

    async def get_suggestion(self, value: str) -> str | None:
        try:
            return await super().get_suggestion(value)
        except (OSError, ValueError):
            return None


class NameInput(Input):
    """The picker's name field: a paste that would make a name too long to look up is cut
    to what fits, and a line says so."""

    def __init__(self, *args: Any, folder: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.folder = folder
        """Gives the folder shown (a name's whole path is checked too)."""

    def _on_paste(self, event: events.Paste) -> None:
        folder = self.folder() if self.folder is not None else None
        text = event.text
        if text:
            start, end = sorted(self.selection)  # the paste replaces the selection (a field focused selects all)
            left = self.value[:start] + self.value[end:]
            fits = clipped_paste(left, start, text, folder)
            if fits != text.splitlines()[0]:
                event.prevent_default()  # not Input's own paste, of the whole line
                event.stop()
                self.replace(fits, start, end)
                self.app.notify(
                    f"The paste was cut to {len(fits)} characters: a file name is at most {NAME_MAX} bytes long.",
                    severity="warning",
                    timeout=4,
                )
        # Otherwise Input's own handler (called after this one) pastes the line.


class NameChecked(BaseFileDialog):
    """A picker that refuses a name it cannot even look up, in one line, before its own
    checks; its name field cuts a paste to what fits, and its completion never raises."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if getattr(self, "_suggest_path", None) is not None:
            self._suggest_path = SafeSuggestPath()

    def _input_bar(self) -> ComposeResult:
        # The picker's own field (FileDialog._input_bar), as a NameInput; no filter choice is offered.
        default = Path(getattr(self, "_default_file", None) or "").name
        yield NameInput(default, suggester=getattr(self, "_suggest_path", None), folder=self.folder_shown)

    def folder_shown(self) -> Path:
        """The folder the list shows."""
        return self.query_one(DirectoryNavigation).location

    @on(Input.Submitted)
    @on(Button.Pressed, "#select")
    def check_name(self, event: Input.Submitted | Button.Pressed) -> None:
        name = self.query_one(Input).value
        problem = name_problem(name) or (
            f"a path is at most {PATH_MAX} bytes long" if too_long(name, self.folder_shown()) else ""
        )
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
