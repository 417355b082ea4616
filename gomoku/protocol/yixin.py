"""The Yixin-Board extensions of the pbrain protocol a GUI sends an engine for analysis,
as Rapfi (the engine most Yixin-Board users run) answers them:

- ``YXSHOWFORBID``: the cells forbidden to black, on one line (``position.forbid_line``);
- ``YXBLOCK`` ... ``DONE``, ``YXBLOCKUNDO`` ... ``DONE``, ``YXBLOCKRESET``: cells our
  moves must avoid (a GUI's "exclude these moves" for analysis), added, taken off,
  cleared; the cells may follow on the command's line or one a line, up to ``DONE``;
- ``YXNBEST n``: a search for the n best moves (MultiPV), each said in a MESSAGE line,
  then the best played as after TURN;
- ``YXHASHCLEAR``: the engine's tables cleared, said in a MESSAGE line;
- ``YXSHOWHASHUSAGE``: how full the search's table is, in a MESSAGE line;
- ``YXSEARCHDEFEND``: as ``YXNBEST`` with the most moves it searches (Rapfi ranks every move);
- the position database and the hash files (``DATABASE_BLOCKS``, ``FILE_COMMANDS``): not kept
  here, answered by one ERROR line each; a database command's position block (up to
  ``DONE``) is read first, so that its lines are not taken for commands.

``YixinCommands`` is a part of the brain (``gomoku.protocol.brain.Brain`` derives from
it): its commands read and change the brain's position, blocked cells and engine,
declared here. ``read_cells``, ``pick`` and ``nbest_line`` are the pure parts.

>>> sorted(read_cells(["7,7 8,8", "1,2"], (15, 15)))
[(1, 2), (7, 7), (8, 8)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from gomoku.board import Board, Point, format_point
from gomoku.protocol.position import forbid_line, is_legal
from gomoku.protocol.streams import ProtocolError, parse_coords, parse_int

__all__ = ["MAX_NBEST", "DATABASE_BLOCKS", "FILE_COMMANDS", "read_cells", "pick", "nbest_line", "YixinCommands"]

MAX_NBEST = 10
"""The most moves YXNBEST searches for (the engine's MultiPV limit): more are searched as this many."""

DATABASE_BLOCKS = (
    "YXQUERYDATABASEALL",
    "YXQUERYDATABASEONE",
    "YXQUERYDATABASETEXT",
    "YXQUERYDATABASEALLT",
    "YXEDITTVDDATABASE",
    "YXEDITTEXTDATABASE",
    "YXEDITLABELDATABASE",
    "YXDELETEDATABASEONE",
    "YXDELETEDATABASEALL",
)
"""Yixin-Board's position-database commands that Rapfi reads a position for (``x,y`` lines up
to ``DONE``): the block is read, then one ERROR line (this brain keeps no database)."""

FILE_COMMANDS = (
    "YXSETDATABASE",
    "YXSAVEDATABASE",
    "YXDBTOTXT",
    "YXDBTOTXTALL",
    "YXLIBTODB",
    "YXDBTOLIB",
    "YXDBSPLIT",
    "YXDBMERGE",
    "YXHASHDUMP",
    "YXHASHLOAD",
)
"""Yixin-Board's commands on database and hash files (a path on the command's line): one
ERROR line, nothing read or written."""


def read_cells(tokens: Iterable[str], size: tuple[int, int]) -> set[Point]:
    """The cells of a YXBLOCK block's text (``x,y`` tokens separated by spaces or lines)
    on a board ``size`` wide and high; ``ProtocolError`` for a bad or outside cell."""
    width, height = size
    cells: set[Point] = set()
    for line in tokens:
        for token in line.split():
            point = parse_coords(token)
            if not (0 <= point[0] < width and 0 <= point[1] < height):
                raise ProtocolError(f"YXBLOCK {format_point(point)} is outside the board")
            cells.add(point)
    return cells


def pick(board: Board, walls: set[Point], blocked: set[Point], moves: Iterable[Point]) -> Point | None:
    """The first of ``moves`` the brain may play: legal (``position.is_legal``: empty, no
    wall, not forbidden to black under renju) and not blocked; None if none is."""
    for move in moves:
        move = tuple(move)
        if move not in blocked and is_legal(board, walls, move):
            return move
    return None


def nbest_line(rank: int, candidate: Any) -> str:
    """One of YXNBEST's moves as a MESSAGE line's text.

    >>> from types import SimpleNamespace
    >>> nbest_line(1, SimpleNamespace(move=(7, 7), score=35.0, pv=((7, 7), (8, 8))))
    'NBEST 1 7,7 score +35 pv 7,7 8,8'
    """
    pv = " ".join(format_point(p) for p in candidate.pv)
    return f"NBEST {rank} {format_point(candidate.move)} score {candidate.score:+g} pv {pv}"


def _database_handler(command: str) -> Callable[[YixinCommands, str], None]:
    """The handler of a database command: its position block read (``finish_block``), then its ERROR."""

    def handler(self: YixinCommands, arg: str) -> None:
        self._block_lines(arg, command)

    return handler


def _file_handler(command: str) -> Callable[[YixinCommands, str], None]:
    """The handler of a database or hash file command: one ERROR line, nothing read or written."""

    def handler(self: YixinCommands, arg: str) -> None:
        kind = "the search's tables in no file" if "HASH" in command else "no position database"
        raise ProtocolError(f"{command} is not supported: this brain keeps {kind}")

    return handler


class YixinCommands:
    """The Yixin-Board commands (``COMMANDS``), and what of the brain they use."""

    board: Board | None
    size: tuple[int, int] | None
    walls: set[Point]
    blocked: set[Point]
    _block: tuple[list[str], str] | None
    _engine: Any

    def _reply(self, line: str) -> None:
        raise NotImplementedError  # the brain's

    def _need_board(self, command: str) -> Board:
        raise NotImplementedError  # the brain's

    def _refused(self) -> bool:
        raise NotImplementedError  # the brain's

    def _think(self, multipv: int = 1) -> None:
        raise NotImplementedError  # the brain's

    def clear_tables(self) -> None:
        raise NotImplementedError  # the brain's

    def _show_forbid(self, arg: str) -> None:
        self._reply(forbid_line(self._need_board("YXSHOWFORBID"), self.walls))

    def _block_add(self, arg: str) -> None:
        self._need_board("YXBLOCK")
        self._block_lines(arg, "YXBLOCK")

    def _block_undo(self, arg: str) -> None:
        self._need_board("YXBLOCK")
        self._block_lines(arg, "YXBLOCKUNDO")

    def _block_lines(self, arg: str, command: str) -> None:
        """Start reading the block of ``command`` (YXBLOCK, YXBLOCKUNDO, a database command):
        the words on the command's line, then each line's, until DONE (``finish_block``)."""
        words = arg.split()
        done = bool(words) and words[-1].upper() == "DONE"
        self._block = ([" ".join(words[:-1] if done else words)], command)
        if done:
            self.finish_block()

    def finish_block(self) -> None:
        """DONE: the block's cells added to the blocked cells (taken off for YXBLOCKUNDO). A
        bad cell is one ERROR line and changes nothing; a good block has no answer. A
        database command's block is one ERROR line."""
        assert self._block is not None
        lines, command = self._block
        self._block = None
        if command in DATABASE_BLOCKS:
            raise ProtocolError(f"{command} is not supported: this brain keeps no position database")
        cells = read_cells(lines, self.size or (0, 0))
        if command == "YXBLOCKUNDO":
            self.blocked -= cells
        else:
            self.blocked |= cells

    def _hash_usage(self, arg: str) -> None:
        """YXSHOWHASHUSAGE: the share of the search's table in use, in a MESSAGE line."""
        ctx = getattr(getattr(self._engine, "_searcher", None), "ctx", None)
        keys = getattr(ctx, "tt_key", None)
        used = 0.0 if keys is None or not len(keys) else float((keys != 0).mean())
        self._reply(f"MESSAGE the search's table is {used * 100:.1f}% full")

    def _search_defend(self, arg: str) -> None:
        """YXSEARCHDEFEND: the most best moves YXNBEST gives, said, then the first played."""
        self._need_board("YXSEARCHDEFEND")
        if self._refused():
            return
        self._think(multipv=MAX_NBEST)

    def _block_reset(self, arg: str) -> None:
        self.blocked.clear()

    def _nbest(self, arg: str) -> None:
        count = parse_int(arg, "YXNBEST's count of moves")
        if count < 1:
            raise ProtocolError(f"YXNBEST {count}: expected a count of moves of at least 1")
        if self._refused():
            return
        self._think(multipv=min(count, MAX_NBEST))

    def _hash_clear(self, arg: str) -> None:
        self.clear_tables()
        self._reply("MESSAGE the search's tables are cleared")

    COMMANDS: ClassVar[dict[str, Callable[[YixinCommands, str], None]]] = {
        "YXSHOWFORBID": _show_forbid,
        "YXBLOCK": _block_add,
        "YXBLOCKUNDO": _block_undo,
        "YXBLOCKRESET": _block_reset,
        "YXNBEST": _nbest,
        "YXHASHCLEAR": _hash_clear,
        "YXSHOWHASHUSAGE": _hash_usage,
        "YXSEARCHDEFEND": _search_defend,
        **{command: _database_handler(command) for command in DATABASE_BLOCKS},
        **{command: _file_handler(command) for command in FILE_COMMANDS},
    }
    """The commands of this part, by name, for the brain's table."""
