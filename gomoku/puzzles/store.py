"""The puzzle record: the streak and what was solved, in the user's data folder.

The folder is ``$GOMOKU_DATA_DIR``, else ``$XDG_DATA_HOME/gomoku``, else
``~/.local/share/gomoku`` (the app's, ``tui.storage.data_dir``); the file
``puzzles.json`` there, written whole or not at all. A file that cannot be read
is a ``PuzzleRecordError`` (one line) and is never overwritten: fix or move it.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "puzzles.json"
>>> record = load_record(path)
>>> record.add("vct-001", solved=True, hints=0); record.add("vct-002", solved=False, hints=1)
>>> _ = save_record(record, path); again = load_record(path)
>>> again.streak, again.best_streak, again.solved_count, again.tried_count
(0, 1, 1, 2)
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gomoku.files import parse_json, read_file, write_atomically

__all__ = [
    "GAMES_DIR_ENV",
    "games_dir",
    "own_games",
    "newest_games",
    "DATA_DIR_ENV",
    "RECORD_NAME",
    "PuzzleRecordError",
    "PuzzleRecord",
    "data_dir",
    "record_path",
    "load_record",
    "save_record",
]

DATA_DIR_ENV = "GOMOKU_DATA_DIR"
GAMES_DIR_ENV = "GOMOKU_GAMES_DIR"
GAME_SUFFIXES = (".json", ".sgf", ".psq")
RECORD_NAME = "puzzles.json"
FORMAT = "gomoku-puzzles"


class PuzzleRecordError(ValueError):
    """A puzzle record file that cannot be read or written."""


def data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$GOMOKU_DATA_DIR``, else ``$XDG_DATA_HOME/gomoku``, else ``~/.local/share/gomoku``.

    >>> data_dir({"GOMOKU_DATA_DIR": "/tmp/g"}), data_dir({"XDG_DATA_HOME": "/x"})
    (PosixPath('/tmp/g'), PosixPath('/x/gomoku'))
    """
    env = os.environ if environ is None else environ
    if env.get(DATA_DIR_ENV):
        return Path(env[DATA_DIR_ENV]).expanduser()
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]).expanduser() / "gomoku"
    return Path.home() / ".local" / "share" / "gomoku"


def games_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The user's games, where the app saves them: ``$GOMOKU_GAMES_DIR``, else the
    ``games`` folder of ``data_dir``.

    >>> games_dir({"GOMOKU_GAMES_DIR": "/tmp/mine"}), games_dir({"XDG_DATA_HOME": "/x"})
    (PosixPath('/tmp/mine'), PosixPath('/x/gomoku/games'))
    """
    env = os.environ if environ is None else environ
    if env.get(GAMES_DIR_ENV):
        return Path(env[GAMES_DIR_ENV]).expanduser()
    return data_dir(env) / "games"


def own_games(count: int, environ: Mapping[str, str] | None = None) -> list[Path]:
    """The ``count`` game files of ``games_dir`` changed last, newest first."""
    return newest_games(games_dir(environ), count)


def newest_games(folder: Path, count: int) -> list[Path]:
    """The ``count`` game files (.json, .sgf, .psq) of ``folder`` changed last,
    newest first; none when the folder cannot be read."""
    try:
        files = [p for p in folder.iterdir() if p.suffix.lower() in GAME_SUFFIXES and p.is_file()]
        files.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    except OSError:
        return []
    return files[:count]


def record_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the record is kept."""
    return data_dir(environ) / RECORD_NAME


@dataclass
class PuzzleRecord:
    """The current streak of puzzles solved clean (no wrong move, no solution
    shown), the best one, and each puzzle tried: its id -> ``{"solved": bool,
    "tries": int, "hints": int}`` (``solved`` once solved clean)."""

    streak: int = 0
    best_streak: int = 0
    puzzles: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def solved_count(self) -> int:
        return sum(1 for entry in self.puzzles.values() if entry.get("solved"))

    @property
    def tried_count(self) -> int:
        return len(self.puzzles)

    def add(self, puzzle_id: str, *, solved: bool, hints: int) -> None:
        """One attempt's result: a clean solve lengthens the streak, anything else ends it."""
        entry = self.puzzles.setdefault(puzzle_id, {"solved": False, "tries": 0, "hints": 0})
        entry["tries"] = int(entry.get("tries", 0)) + 1
        entry["hints"] = int(entry.get("hints", 0)) + hints
        entry["solved"] = bool(entry.get("solved")) or solved
        self.streak = self.streak + 1 if solved else 0
        self.best_streak = max(self.best_streak, self.streak)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "puzzles": self.puzzles,
        }


def _count(data: Mapping[str, Any], key: str, name: str) -> int:
    value = data.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PuzzleRecordError(f"{name}: {key!r} must be a whole number, not {value!r}; fix or move the file")
    return value


def load_record(path: str | os.PathLike[str] | None = None) -> PuzzleRecord:
    """The record at ``path`` (default ``record_path()``); an empty one if there is no file."""
    target = Path(path) if path is not None else record_path()
    name = os.fspath(target)
    if not target.exists():
        return PuzzleRecord()
    text = read_file(target, what="a puzzle record", error=PuzzleRecordError).decode("utf-8", errors="replace")
    try:
        data = parse_json(text, name, error=PuzzleRecordError)
    except PuzzleRecordError as exc:
        raise PuzzleRecordError(f"{exc}; the puzzle record is broken: fix or move it") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("puzzles", {}), dict):
        raise PuzzleRecordError(f'{name}: not a puzzle record (expected {{"format": "{FORMAT}", ...}}); fix or move it')
    puzzles = {str(k): v for k, v in data.get("puzzles", {}).items() if isinstance(v, dict)}
    return PuzzleRecord(_count(data, "streak", name), _count(data, "best_streak", name), puzzles)


def save_record(record: PuzzleRecord, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the record whole (``gomoku.files.write_atomically``), making its folder."""
    target = Path(path) if path is not None else record_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        return write_atomically(target, (json.dumps(record.to_dict(), indent=1) + "\n").encode("utf-8"))
    except OSError as exc:
        raise PuzzleRecordError(
            f"{os.fspath(target)}: cannot write the puzzle record ({exc.strerror or exc})"
        ) from None
