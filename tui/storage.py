"""Where games are kept: the user's data directory, the autosave, save and open.

Records are read and written by ``gomoku.records`` (native JSON, or SGF/PSQ
by the file's extension); this module only decides where, and makes the
autosave safe against a crash half-way through a write.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path
from typing import Callable

from gomoku import records
from gomoku.board import Board, Rules
from tui.game import Game, GameSettings, unplayable

DATA_DIR_ENV = "GOMOKU_DATA_DIR"
AUTOSAVE_NAME = "autosave.json"
PREVIOUS_NAME = "previous.json"
SETTINGS_NAME = "settings.json"


def data_dir(environ: dict[str, str] | None = None) -> Path:
    """The app's data directory: ``$GOMOKU_DATA_DIR``, else ``$XDG_DATA_HOME/gomoku``,
    else ``~/.local/share/gomoku``.

    >>> data_dir({"GOMOKU_DATA_DIR": "/tmp/g"})
    PosixPath('/tmp/g')
    >>> data_dir({"XDG_DATA_HOME": "/x"})
    PosixPath('/x/gomoku')
    """
    env = os.environ if environ is None else environ
    if env.get(DATA_DIR_ENV):
        return Path(env[DATA_DIR_ENV]).expanduser()
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]).expanduser() / "gomoku"
    return Path.home() / ".local" / "share" / "gomoku"


def game_to_record(game: Game) -> records.GameRecord:
    """The game as a ``gomoku.records.GameRecord`` (settings kept in its metadata)."""
    return records.GameRecord.from_board(game.board, metadata=game.settings.to_metadata())


def record_to_game(record: records.GameRecord, fallback: GameSettings) -> Game:
    """A game from a record: its board, and the settings its metadata holds."""
    board: Board = record.to_board()
    settings = GameSettings.from_metadata(dict(record.metadata or {}), board.rules, fallback)
    return Game(settings, board)


def save(game: Game, path: str | os.PathLike[str]) -> Path:
    """Save the game to ``path`` (format by extension), atomically; the path written."""
    target = Path(path).expanduser()
    if target.parent and not target.parent.exists():
        raise FileNotFoundError(f"{target.parent}: no such directory")
    # save_game writes through a temporary file: a crash leaves the old file whole.
    records.save_game(game_to_record(game), target)
    return target


def load(path: str | os.PathLike[str], fallback: GameSettings) -> Game:
    """Open a saved game (any format ``gomoku.records`` reads, by extension)."""
    target = Path(path).expanduser()
    if target.is_dir():
        raise IsADirectoryError(f"{target}: a directory, expected a game file")
    if not target.is_file():
        raise FileNotFoundError(f"{target}: no such file")
    record = records.load_game(target)
    reason = unplayable(record.rules)
    if reason:
        # A game the board view cannot draw is refused, not half shown.
        raise records.RecordError(f"{target}: {reason} (gomoku show prints it)")
    return record_to_game(record, fallback)


class Autosave:
    """The game in progress, saved at every move in one file of the data directory."""

    def __init__(self, directory: Path | None = None,
                 on_error: Callable[[Exception], None] | None = None) -> None:
        self.directory = directory if directory is not None else data_dir()
        self.path = self.directory / AUTOSAVE_NAME
        self.previous_path = self.directory / PREVIOUS_NAME
        self.on_error = on_error
        self.failed = False

    def write(self, game: Game) -> bool:
        """Save ``game``; a failure is reported once (to ``on_error``) and never raised."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            save(game, self.path)
        except Exception as exc:  # a full disk must not stop the game
            if not self.failed and self.on_error is not None:
                self.on_error(exc)
            self.failed = True
            return False
        self.failed = False
        return True

    def keep_previous(self, game: Game) -> Path | None:
        """Put an unfinished ``game`` that is being replaced aside, in ``previous.json``
        (the one before is dropped), so that a new game never costs the old one.

        Returns the file, or None when there was nothing to keep or it failed.
        """
        if not game.in_progress:
            return None
        path = self.previous_path
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            save(game, path)
        except Exception as exc:  # reported like an autosave failure, never raised
            if self.on_error is not None:
                self.on_error(exc)
            return None
        return path

    def read(self, fallback: GameSettings) -> Game | None:
        """The autosaved game if there is one worth resuming (moves played, not over)."""
        if not self.path.is_file():
            return None
        try:
            game = load(self.path, fallback)
        except Exception:  # a damaged autosave is simply not offered
            return None
        return game if game.in_progress else None


def read_settings(directory: Path, fallback: GameSettings) -> GameSettings:
    """The new-game choices saved last time in ``directory``, or ``fallback``."""
    try:
        data = json.loads((directory / SETTINGS_NAME).read_text(encoding="utf-8"))
        rules = str(data["rules"])
        return replace(GameSettings.from_metadata(data, Rules.parse(rules), fallback), rules=rules)
    except (OSError, ValueError, KeyError, TypeError, RecursionError):  # missing or damaged: the defaults
        return fallback


def write_settings(directory: Path, settings: GameSettings) -> bool:
    """Keep the new-game choices for next time; False if they could not be written."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        data = {"rules": settings.rules, **settings.to_metadata()}
        (directory / SETTINGS_NAME).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError:
        return False
    return True
