"""Saving and opening games through the file browser.

:class:`GameFiles` is one of the app's parts: ``s`` and ``o`` push the file browser's
dialogs (:mod:`tui.screens.files`) in the folder used last (else the games folder), and
a file that cannot be written or read is one line of error. It keeps which file the
game on show came from, and which was used last.

A game opened (from the browser, the autosave, or ``gomoku FILE``) keeps its own rules;
before it plays with a level that does not play them, or with the clock of the game on
show, the app asks (:meth:`GameFiles.offer`, :mod:`tui.opening`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.app import App

from gomoku.board import Rules
from tui import storage
from tui.game import Game
from tui.opening import OpeningChoice, apply_choice, opening_question
from tui.screens.dialogs import ConfirmScreen
from tui.screens.files import OpenGameScreen, SaveGameScreen
from tui.screens.opening import OpeningScreen
from tui.state import AppState

__all__ = ["GameFiles"]


class GameFiles:
    """The app's ``s`` and ``o``: the game saved to, or opened from, a file."""

    def __init__(
        self,
        app: App[int],
        state: AppState,
        games_dir: Path,
        start_game: Callable[[Game], None],
        levels_of: Callable[[Rules], tuple[str, ...]] = lambda rules: (),
        ladder: tuple[str, ...] = (),
    ) -> None:
        self.app = app
        self.state = state
        self.games_dir = games_dir
        """Where the file browser starts (``$GOMOKU_GAMES_DIR``, else the data directory's ``games``)."""
        self.start_game = start_game
        """Shows an opened game (the app's ``start_game``)."""
        self.levels_of = levels_of
        """The levels that play a set of rules (the analyst's ``levels_of``)."""
        self.ladder = ladder
        """The engine's levels, weakest first: a level that does not play is offered the nearest that does."""
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
                self.app.notify(f"cannot save to {path}: {storage.error_text(exc, str(path))}", severity="error")
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
                        f"cannot make the games folder {folder}: {storage.error_text(exc, str(folder))}",
                        severity="warning",
                    )
        self.app.push_screen(SaveGameScreen(folder, name), chosen)

    def open(self) -> None:
        """Open a game through the file browser: in the folder used last (else the games
        folder), on the file used last (else the newest game there). A file that cannot be
        read is one line of error, and the game on show stays."""

        def chosen(path: Path | None) -> None:
            if path is None:
                return
            self.open_file(Path(path))

        folder = self.browse_folder()
        if self.last_path is not None and self.last_path.parent == folder:
            name: str | None = self.last_path.name
        else:
            newest = storage.newest_game(folder)
            name = newest.name if newest is not None else None
        self.app.push_screen(OpenGameScreen(folder, name), chosen)

    def open_file(self, path: Path) -> bool:
        """Open the game in ``path`` (asking first if it would play with a level or clock
        it does not name); a file that cannot be read is one line of error, and False."""
        try:
            game, named = storage.read_game(path, self.state.game.settings)
        except Exception as exc:  # one line, whatever went wrong
            self.app.notify(f"cannot open {path}: {storage.error_text(exc, str(path))}", severity="error")
            return False
        self.last_path = path

        def opened(game: Game) -> None:
            self.start_game(game)
            self.game_path = _resolved(path)
            self.app.notify(f"Opened {path}: {len(game.board.move_stack)} moves", timeout=4)

        self.offer(game, named, path.name, opened)
        return True

    def offer(
        self,
        game: Game,
        named: frozenset[str],
        name: str,
        opened: Callable[[Game], None],
        declined: Callable[[], None] | None = None,
    ) -> None:
        """Hand ``game`` (opened from ``name``; its file held the settings ``named``) to
        ``opened``, as it is, or after asking when its level does not play its rules or
        the clock of the game on show would carry over to it; ``declined`` if the player
        cancels (the game on show stays)."""
        question = opening_question(game, named, self.levels_of(game.rules), name, self.ladder)
        if question is None:
            opened(game)
            return

        def answered(choice: OpeningChoice | None) -> None:
            if choice is None:
                self.app.notify(f"{name} is not opened: the game on show stays.", timeout=3)
                if declined is not None:
                    declined()
                return
            opened(apply_choice(game, choice))

        self.app.push_screen(OpeningScreen(question), answered)

    def browse_folder(self) -> Path:
        """Where the file browser starts: the folder of the file saved or opened last, else the games folder."""
        return self.last_path.parent if self.last_path is not None else self.games_dir


def _resolved(path: Path) -> Path | None:
    """``path`` made absolute with its links followed (None if that fails)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return None
