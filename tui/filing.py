"""Saving and opening games through the file browser.

:class:`GameFiles` is one of the app's parts: ``s`` and ``o`` push the file browser's
dialogs (:mod:`tui.screens.files`) in the folder used last (else the games folder), and
a file that cannot be written or read is one line of error. It keeps which file the
game on show came from, and which was used last.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import App

from tui import storage
from tui.game import Game
from tui.screens.dialogs import ConfirmScreen
from tui.screens.files import OpenGameScreen, SaveGameScreen
from tui.state import AppState

__all__ = ["GameFiles"]


class GameFiles:
    """The app's ``s`` and ``o``: the game saved to, or opened from, a file."""

    def __init__(self, app: App[int], state: AppState, games_dir: Path, start_game: Callable[[Game], None]) -> None:
        self.app = app
        self.state = state
        self.games_dir = games_dir
        """Where the file browser starts (``$GOMOKU_GAMES_DIR``, else the data directory's ``games``)."""
        self.start_game = start_game
        """Shows an opened game (the app's ``start_game``)."""
        self.last_path: Path | None = None
        """The file saved or opened last: the browser starts in its folder."""
        self.game_path: Path | None = None
        """The file this game was opened from or last saved to: saving there asks nothing."""

    def save(self) -> None:
        """Save the game through the file browser: in the folder used last (else the games
        folder, made now if need be), as the game's own file or a new timestamped one."""

        def write(path: Path) -> None:
            try:
                written = storage.save(self.state.game, path)
            except Exception as exc:  # one line, whatever went wrong
                self.app.notify(f"cannot save to {path}: {_detail(exc, str(path))}", severity="error")
                return
            self.last_path = written
            self.game_path = _resolved(written)
            self.app.notify(f"Saved {len(self.state.game.board.move_stack)} moves to {written}", timeout=4)

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            target = storage.with_game_suffix(Path(path))
            if target.is_file() and _resolved(target) != self.game_path:
                # Another game's file (the last one saved, say, before a new game): ask first.
                self.app.push_screen(
                    ConfirmScreen(f"{target} holds another game: overwrite it?", "Overwrite", "Cancel"),
                    lambda yes: write(target) if yes else None,
                )
                return
            write(target)

        if self.game_path is not None:
            folder, name = self.game_path.parent, self.game_path.name
        else:
            folder, name = self.browse_folder(), storage.game_file_name()
            if folder == self.games_dir:
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:  # the browser starts where it can; saving says what went wrong
                    self.app.notify(
                        f"cannot make the games folder {folder}: {_detail(exc, str(folder))}", severity="warning"
                    )
        self.app.push_screen(SaveGameScreen(folder, name), chosen)

    def open(self) -> None:
        """Open a game through the file browser: in the folder used last (else the games
        folder), on the file used last (else the newest game there). A file that cannot be
        read is one line of error, and the game on show stays."""

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            try:
                game = storage.load(path, self.state.game.settings)
            except Exception as exc:  # one line, whatever went wrong
                self.app.notify(f"cannot open {path}: {_detail(exc, str(path))}", severity="error")
                return
            self.last_path = Path(path)
            self.start_game(game)
            self.game_path = _resolved(self.last_path)
            self.app.notify(f"Opened {path}: {len(game.board.move_stack)} moves", timeout=4)

        folder = self.browse_folder()
        if self.last_path is not None and self.last_path.parent == folder:
            name: str | None = self.last_path.name
        else:
            newest = storage.newest_game(folder)
            name = newest.name if newest is not None else None
        self.app.push_screen(OpenGameScreen(folder, name), chosen)

    def browse_folder(self) -> Path:
        """Where the file browser starts: the folder of the file saved or opened last, else the games folder."""
        return self.last_path.parent if self.last_path is not None else self.games_dir


def _resolved(path: Path) -> Path | None:
    """``path`` made absolute with its links followed (None if that fails)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return None


def _detail(exc: Exception, path: str) -> str:
    """An error's message on one line, without the path it may start with.

    >>> _detail(ValueError("/tmp/a.sgf: line 3: expected ']'"), "/tmp/a.sgf")
    "line 3: expected ']'"
    """
    text = " ".join(str(exc).split()) or type(exc).__name__
    for prefix in (f"{path}: ", f"{Path(path).expanduser()}: "):
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text
