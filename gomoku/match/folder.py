"""A match's ``--out`` folder: one ``game-NNN.json`` (and ``.psq``) a finished
game, each written whole (a temporary file, then a rename) by the one process
that runs the match, and each carrying the match's settings, so that a match
that was cut short can be resumed: its finished games are read back, and only
the others are played.

A game is finished when its JSON file is there: the PSQ file is written
first, the JSON last, each through a temporary file renamed into place.

>>> settings = {"a": "strong", "b": "greedy", "time_per_move_ms": 500}
>>> differing(settings, dict(settings, time_per_move_ms=100))
'time_per_move_ms 500, not 100'
>>> differing(settings, dict(settings)) is None
True
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gomoku.files import write_atomically
from gomoku.match.contestants import MatchError
from gomoku.match.games import GameResult, MatchConfig, schedule
from gomoku.records import GameRecord, RecordError, format_psq, load_game, rules_to_dict, save_game

__all__ = ["GAME_FILE", "match_settings", "differing", "prepare_folder", "load_finished", "save_game_files"]

GAME_FILE = re.compile(r"game-(\d{3,})\.json")
"""A finished game's file: ``game-001.json``, numbered from 1."""


def match_settings(
    a_spec: str, b_spec: str, config: MatchConfig, extra: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """What makes a match the same match: the players as given, the rules, the
    clock (the turn limit and any game clock), the openings (a digest), the move limit and threads, and any
    ``extra`` the caller names (self-play's sampling). Not the number of games,
    nor where or how many at once they run.

    >>> s = match_settings("strong", "greedy", MatchConfig())
    >>> s["a"], s["rules"]["name"], len(s["openings"])
    ('strong', 'gomocup20', 16)
    """
    openings = json.dumps([[list(p) for p in opening] for opening in config.openings])
    settings = {
        "a": a_spec,
        "b": b_spec,
        "rules": rules_to_dict(config.rules),
        "time_per_move_ms": config.time_per_move_ms,
        "grace_ms": config.grace_ms,
        "max_moves": config.max_moves,
        "threads": config.threads,
        "openings": hashlib.sha256(openings.encode()).hexdigest()[:16],
        **dict(extra or {}),
    }
    if config.time_per_game_ms > 0:  # only then: a folder of a match without a game clock resumes as before
        settings["time_per_game_ms"] = config.time_per_game_ms
    if config.opening_rule is not None:  # likewise: only a swap match names it
        settings["opening_rule"] = config.opening_rule
    return json.loads(json.dumps(settings))  # as a file holds it: lists, not tuples


def differing(old: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
    """The first setting that differs, as ``'name old, not new'``; None when all agree."""
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            return f"{key} {json.dumps(old.get(key))}, not {json.dumps(new.get(key))}"
    return None


def prepare_folder(directory: Path, *, resume: bool, settings: Mapping[str, Any], games: int) -> list[GameResult]:
    """Make ``directory`` ready for a match and return the games it already holds.

    Without ``resume`` it must be new or empty (a folder holding another
    match's games, or anything else, is refused before a game is played).
    With ``resume`` its finished games are read back: each must have been
    played with the same ``settings`` and be among the first ``games``.
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
        entries = sorted(directory.iterdir())
    except OSError as exc:
        raise MatchError(f"--out {directory}: {exc.strerror or exc}") from None
    if not resume:
        # Another match's games would be overwritten one by one, and a folder holding
        # games of two matches (or a match and anything else) reads as one: refuse it.
        old = next((p for p in entries if p.name.startswith("game-")), None)
        if old is not None:
            raise MatchError(
                f"--out {directory}: it holds the games of another match ({old.name} ...); "
                "give a new or empty folder, or --resume to finish that match"
            )
        if entries:
            raise MatchError(
                f"--out {directory}: the folder is not empty (it holds {entries[0].name!r} ...); "
                "give a new or empty folder"
            )
        return []
    for stale in directory.glob(".game-*.tmp"):  # a write cut short: never renamed into place
        try:
            stale.unlink()
        except OSError:
            pass
    return load_finished(directory, settings, games)


def load_finished(directory: Path, settings: Mapping[str, Any], games: int) -> list[GameResult]:
    """The finished games of ``directory``, checked against the match's ``settings``."""
    plan = schedule(games, 0)
    found: list[GameResult] = []
    for path in sorted(directory.glob("game-*.json")):
        match = GAME_FILE.fullmatch(path.name)
        if match is None:
            continue
        number = int(match.group(1))
        try:
            record = load_game(path)
        except (RecordError, OSError) as exc:
            raise MatchError(f"--resume: {exc}; delete that file to play its game again") from None
        meta = record.metadata
        held = meta.get("settings")
        if not isinstance(held, dict):
            raise MatchError(
                f"--resume: {path} holds no match settings (written by an older gomoku?); "
                "it cannot be resumed: give a new folder"
            )
        change = differing(held, settings)
        if change is not None:
            raise MatchError(f"--resume: {path} was played with {change}; give the same settings, or a new folder")
        if meta.get("game") != number:
            raise MatchError(f"--resume: {path} holds game {meta.get('game')!r}, not game {number}")
        if number > games:
            raise MatchError(
                f"--resume: {directory} holds game {number}, past --games {games}; give --games {number} or more"
            )
        try:
            found.append(_result(number - 1, record, plan[number - 1][1]))
        except (KeyError, TypeError, ValueError) as exc:
            raise MatchError(
                f"--resume: {path}: the game's metadata is not a match's ({exc}); "
                "delete that file to play its game again"
            ) from None
    return found


def _result(index: int, record: GameRecord, a_side: str) -> GameResult:
    meta = record.metadata
    moves = list(record.moves)
    opening = meta["opening"]
    scores = meta.get("scores") or [None] * len(moves)
    best = meta.get("best") or [None] * len(moves)
    if len(scores) != len(moves) or len(best) != len(moves) or len(meta["times_ms"]) != len(moves):
        raise ValueError("a list of the metadata is not as long as the moves")
    a_side = str(meta.get("a_side", a_side))  # a swap opening's colours are the players' choice
    return GameResult(
        index,
        None if opening is None else int(opening) - 1,
        str(meta["x"]),
        str(meta["o"]),
        a_side,
        record.result or "draw",
        str(meta["reason"]),
        moves,
        [int(t) for t in meta["times_ms"]],
        int(meta["opening_moves"]),
        [None if s is None else float(s) for s in scores],
        [None if b is None else (int(b[0]), int(b[1])) for b in best],
        None if meta.get("left_ms") is None else {str(k): int(v) for k, v in meta["left_ms"].items()},
        [str(note) for note in meta.get("swap", [])],
    )


def save_game_files(
    game: GameResult, config: MatchConfig, directory: Path, settings: Mapping[str, Any] | None = None
) -> list[Path]:
    """Write ``game-NNN.psq`` (for a flat game without gravity: PSQ holds only
    those) and then ``game-NNN.json`` (native) into ``directory``, each whole."""
    metadata: dict[str, Any] = {
        "x": game.x,
        "o": game.o,
        "reason": game.reason,
        "game": game.index + 1,
        "opening": None if game.opening is None else game.opening + 1,
        "opening_moves": game.opening_moves,
        "time_per_move_ms": config.time_per_move_ms,
        "times_ms": game.times_ms,
    }
    if game.left_ms is not None:
        metadata["left_ms"] = dict(game.left_ms)
    if game.swap:
        metadata["swap"] = list(game.swap)
        metadata["a_side"] = game.a_side
    if any(s is not None for s in game.scores):
        metadata["scores"] = game.scores
        metadata["best"] = [None if b is None else list(b) for b in game.best]
    if settings is not None:
        metadata["settings"] = dict(settings)
    record = GameRecord(config.rules, list(game.moves), game.result, metadata)
    stem = directory / f"game-{game.index + 1:03d}"
    paths = [stem.with_suffix(".json")]
    if config.rules.dims == 2 and not getattr(config.rules, "gravity", False):
        psq = format_psq(record, game.times_ms).splitlines()
        # Piskvork's trailer after the moves: the two players' names, then a result code.
        psq[-1:-1] = [game.x, game.o, "-1"]
        write_atomically(stem.with_suffix(".psq"), ("\n".join(psq) + "\n").encode("utf-8"))
        paths.append(stem.with_suffix(".psq"))
    save_game(record, paths[0])  # through a temporary file too: the game counts once this is there
    return paths
