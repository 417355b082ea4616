"""The puzzles the app offers, one after another as the solver proves them: those
of the game in hand, then of the user's saved games (newest first), then of the
shipped sets; a position met twice (a game saved and still on the board) once.

Finding them takes time (a game's positions each go to the solver, a second or two
a game; a set's puzzles are each proven again), so ``gather`` is a generator that a
thread can walk, stopping between two puzzles when told to.

>>> from gomoku.records import load_game
>>> record = load_game(SETS[0].parents[1] / "positions" / "won-game.json")
>>> [p.id for p in gather(record, sets=(), nodes=5_000)] == [f"{game_id(record)}:6"]
True
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from gomoku.board import Board, format_point
from gomoku.puzzles.puzzle import NODES, SETS, Puzzle, PuzzleError, from_file, from_game, shipped
from gomoku.records import GameRecord

__all__ = ["HERE", "gather", "game_id", "position_key"]

HERE = "this game"
"""The source named for the game in hand (it has no file yet)."""


def position_key(board: Board) -> tuple[object, ...]:
    """What makes two puzzles the same position: the rules, the side to move, the stones."""
    return (board.rules, board.turn, frozenset(board.stones.items()))


def game_id(record: GameRecord) -> str:
    """A name for the puzzles of a game without a file: ``game-`` and 8 hex digits
    of its moves, the same for the same game whenever it is asked.

    >>> game_id(GameRecord(moves=[(0, 0), (1, 1)]))
    'game-085b4b43'
    """
    text = " ".join(format_point(p) for p in record.moves)
    return "game-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def _of_game(record: GameRecord, nodes: int) -> Iterator[Puzzle]:
    stem = game_id(record)
    for puzzle in from_game(record, HERE, nodes):
        yield replace(puzzle, id=f"{stem}:{puzzle.ply}")


def gather(
    game: GameRecord | None = None,
    games: Sequence[Path | str] = (),
    sets: Sequence[Path] = SETS,
    nodes: int = NODES,
    stop: threading.Event | None = None,
    on_error: Callable[[str], None] | None = None,
) -> Iterator[Puzzle]:
    """The puzzles of ``game`` (the one in hand, if it has moves), of the files
    ``games`` and of the puzzle ``sets``, each proven, each position once. A source
    that cannot be read (a broken file, a game of other rules) is left out and
    said to ``on_error`` in a line; ``stop`` set ends the walk at the next puzzle."""
    sources: list[Callable[[], Iterable[Puzzle]]] = []
    if game is not None and game.moves:
        sources.append(partial(_of_game, game, nodes))
    sources += [partial(from_file, str(path), nodes) for path in games]
    if sets:
        sources.append(partial(shipped, nodes, sets))
    seen: set[tuple[object, ...]] = set()
    for source in sources:
        if stop is not None and stop.is_set():
            return
        try:
            for puzzle in source():
                if stop is not None and stop.is_set():
                    return
                key = position_key(puzzle.board)
                if key not in seen:
                    seen.add(key)
                    yield puzzle
        except (PuzzleError, OSError) as exc:
            if on_error is not None:
                on_error(str(exc))
