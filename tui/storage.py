"""Where games are kept: the user's data directory, its games folder, the autosave, save and open.

Records are read and written by ``gomoku.records`` (native JSON, or SGF/PSQ
by the file's extension); this module only decides where, and makes the
autosave safe against a crash half-way through a write. The app's file
browser starts in :func:`games_dir`; nothing is written to the current
directory unless the player goes there.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from gomoku import records
from gomoku.board import Board, Rules, Stone
from tui.game import Game, GameSettings, unplayable
from tui.swap import SwapOpening

__all__ = [
    "DATA_DIR_ENV",
    "GAMES_DIR_ENV",
    "GAMES_NAME",
    "AUTOSAVE_NAME",
    "PREVIOUS_NAME",
    "SETTINGS_NAME",
    "data_dir",
    "games_dir",
    "game_file_name",
    "with_game_suffix",
    "newest_game",
    "game_to_record",
    "record_to_game",
    "SETTING_KEYS",
    "ALL_SETTINGS",
    "settings_named",
    "save",
    "load",
    "read_game",
    "unreadable",
    "error_text",
    "Autosave",
    "read_settings",
    "write_settings",
]

DATA_DIR_ENV = "GOMOKU_DATA_DIR"
GAMES_DIR_ENV = "GOMOKU_GAMES_DIR"
GAMES_NAME = "games"
AUTOSAVE_NAME = "autosave.json"
PREVIOUS_NAME = "previous.json"
SETTINGS_NAME = "settings.json"


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
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


def games_dir(data: Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """Where the file browser starts: ``$GOMOKU_GAMES_DIR``, else the ``games`` folder
    of the data directory (``data``, else :func:`data_dir`), so by default
    ``$XDG_DATA_HOME/gomoku/games`` or ``~/.local/share/gomoku/games``.

    >>> games_dir(environ={"GOMOKU_GAMES_DIR": "/tmp/mine"})
    PosixPath('/tmp/mine')
    >>> games_dir(environ={"XDG_DATA_HOME": "/x"})
    PosixPath('/x/gomoku/games')
    >>> games_dir(Path("/d"), environ={})
    PosixPath('/d/games')
    """
    env = os.environ if environ is None else environ
    if env.get(GAMES_DIR_ENV):
        return Path(env[GAMES_DIR_ENV]).expanduser()
    return (data if data is not None else data_dir(env)) / GAMES_NAME


def game_file_name(when: datetime | None = None) -> str:
    """A new game's file name, from the time it is saved.

    >>> game_file_name(datetime(2025, 3, 9, 14, 5, 7))
    'game-20250309-140507.json'
    """
    return f"game-{(when or datetime.now()):%Y%m%d-%H%M%S}.json"


def with_game_suffix(path: Path) -> Path:
    """``path``, with ``.json`` added when its name has no extension (a name typed bare).

    >>> with_game_suffix(Path("g/first")), with_game_suffix(Path("g/first.sgf"))
    (PosixPath('g/first.json'), PosixPath('g/first.sgf'))
    """
    return path if path.suffix else path.with_name(path.name + ".json")


def newest_game(folder: Path) -> Path | None:
    """The game file in ``folder`` changed last (None if there is none, or no folder)."""
    try:
        files = [path for path in folder.iterdir() if path.suffix.lower() in records.FORMATS and path.is_file()]
        return max(files, key=lambda path: (path.stat().st_mtime, path.name), default=None)
    except OSError:
        return None


def game_to_record(game: Game) -> records.GameRecord:
    """The game as a ``gomoku.records.GameRecord``: its tree of variations (the main
    line as its moves), settings, clock and a loss on time kept in its metadata, the
    result as the main line has it (on time too)."""
    metadata: dict[str, Any] = game.settings.to_metadata()
    if game.clock is not None:
        metadata["clock_left"] = game.clock.times()
    if game.lost_on_time is not None:
        metadata["lost_on_time"] = game.lost_on_time.name
    if game.opening is not None:  # the swap opening's choices (its stones are the first moves)
        metadata["swap"] = game.opening.to_metadata()
    # The whole tree, whatever position is on show; the result is the main line's.
    result = game.result if game.lost_on_time is not None else game.tree.board().result
    return records.GameRecord.from_tree(game.tree, result, metadata)


def record_to_game(record: records.GameRecord, fallback: GameSettings) -> Game:
    """A game from a record: its board, and the settings, clock and loss on time its metadata holds."""
    board: Board = record.to_board()
    metadata = dict(record.metadata or {})
    settings = GameSettings.from_metadata(metadata, board.rules, fallback)
    left: dict[Stone, float] = {}
    saved = metadata.get("clock_left")
    if isinstance(saved, dict):
        for stone in Stone:
            try:
                value = float(saved[stone.name])
            except (KeyError, TypeError, ValueError):  # a side missing or odd keeps its full time
                continue
            if math.isfinite(value):
                left[stone] = max(value, 0.0)
    lost = metadata.get("lost_on_time")
    lost_on_time = Stone[lost] if lost in ("X", "O") else None
    opening = SwapOpening.from_metadata(metadata.get("swap"), len(record.moves)) if not board.setup else None
    tree = record.game_tree()
    return Game(settings, board, clock_left=left, lost_on_time=lost_on_time, tree=tree, opening=opening)


SETTING_KEYS = ("mode", "level", "time", "clock", "increment")
"""The settings a record's metadata may hold (``GameSettings.to_metadata``); the rules are the record's own."""

ALL_SETTINGS = frozenset(SETTING_KEYS)
"""Every setting: what a game the app saved itself (the autosave) names."""


def settings_named(record: records.GameRecord) -> frozenset[str]:
    """The settings ``record``'s metadata holds: a game the app saved holds them all, a
    position or another program's game none (the app's own choices stand in for them).

    >>> settings_named(records.GameRecord.from_board(Board(), metadata={"level": "strong", "x": 1}))
    frozenset({'level'})
    """
    metadata = record.metadata or {}
    return frozenset(key for key in SETTING_KEYS if key in metadata)


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
    return read_game(path, fallback)[0]


def read_game(path: str | os.PathLike[str], fallback: GameSettings) -> tuple[Game, frozenset[str]]:
    """Open a saved game, and say which of its settings the file named (``settings_named``):
    the others are ``fallback``'s, which the app asks about before they apply (``tui.opening``)."""
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
    return record_to_game(record, fallback), settings_named(record)


def unreadable(path: str | os.PathLike[str]) -> str:
    """Why the game in ``path`` cannot be opened, on one line ("" when it can).

    >>> unreadable("/no/such/game.json")
    'cannot open /no/such/game.json: no such file'
    """
    try:
        read_game(path, GameSettings())
    except Exception as exc:  # one line, whatever went wrong
        return f"cannot open {path}: {error_text(exc, str(path))}"
    return ""


def error_text(exc: Exception, path: str) -> str:
    """An error's message on one line, without the path it may start with.

    >>> error_text(ValueError("/tmp/a.sgf: line 3: expected ']'"), "/tmp/a.sgf")
    "line 3: expected ']'"
    """
    text = " ".join(str(exc).split()) or type(exc).__name__
    for prefix in (f"{path}: ", f"{Path(path).expanduser()}: "):
        if text.startswith(prefix):
            return text[len(prefix) :]
    return text


class Autosave:
    """The game in progress, saved at every move in one file of the data directory."""

    def __init__(self, directory: Path | None = None, on_error: Callable[[Exception], None] | None = None) -> None:
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
