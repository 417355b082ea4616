"""Game records in and out, by file: load, save and the CLI's POSITION argument.

The formats live in their own modules and are all importable from here:
``gomoku.records.game`` (the ``GameRecord``, move strings, native and position
JSON), ``gomoku.records.sgf`` and ``gomoku.records.psq``.

Every reader checks what it reads and raises ``RecordError`` (a ValueError)
naming the line or the field at fault and what was expected. Writers check
first and write after, through a temporary file, so a failed save leaves the
old file as it was.

>>> moves = parse_moves("0,0 1,1 -1,0")
>>> moves
[(0, 0), (1, 1), (-1, 0)]
>>> format_moves(moves)
'0,0 1,1 -1,0'
>>> record = GameRecord.from_board(Board(moves=moves))
>>> parse_sgf(format_sgf(record)).to_board().stones == record.to_board().stones
True

Formats:

* native JSON (``.json``): ``{"format": "gomoku", "version": 1, "rules": {...},
  "moves": [[x, y], ...], "result": "X" | "O" | "draw" | null, "metadata": {...}}``,
  plus ``"setup"`` and ``"to_move"`` for a game that starts from set-up stones,
  and ``"variations"`` and ``"comments"`` for a game tree (``gomoku.records.tree``);
* position JSON (``.json``): ``{"stones": {"X": [[x, y], ...], "O": [...]}, "to_move": "X"}``,
  as the shared puzzle and opening files; ``.jsonl`` files of them are read with
  ``FILE.jsonl:N`` (the N-th line, from 1) or ``FILE.jsonl:ID``;
* SGF FF[4] GM[4] (``.sgf``) and Piskvork PSQ (``.psq``, 1-based ``x,y,ms`` lines):
  a game on the endless board is translated to fit and the offset recorded
  (SGF property ``OF[x:y]``, a PSQ trailing line ``;gomoku: ...``), so that it
  reads back to the same points. SGF holds a game tree's variations, PSQ only
  its main line.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gomoku.board import Board, Rules
from gomoku.files import parse_json, read_file, write_atomically
from gomoku.records.game import (
    FORMAT_VERSION,
    RESULTS,
    GameRecord,
    RecordError,
    board_from_position,
    clip,
    format_moves,
    parse_moves,
    parse_point,
    position_from_dict,
    position_to_dict,
    record_from_dict,
    record_to_dict,
    rules_from_dict,
    rules_to_dict,
)
from gomoku.records.psq import PSQ_MAX, format_psq, parse_psq
from gomoku.records.sgf import SGF_DEFAULT_SIZE, SGF_MAX, format_sgf, parse_sgf
from gomoku.records.tree import GameTree, Node

__all__ = [
    "FORMATS",
    "FORMAT_VERSION",
    "PSQ_MAX",
    "RESULTS",
    "SGF_DEFAULT_SIZE",
    "SGF_MAX",
    "GameRecord",
    "GameTree",
    "Node",
    "RecordError",
    "board_from_position",
    "dumps_game",
    "format_moves",
    "format_psq",
    "format_sgf",
    "load_game",
    "parse_moves",
    "parse_point",
    "parse_psq",
    "parse_sgf",
    "position_from_dict",
    "position_to_dict",
    "read_position",
    "record_from_dict",
    "record_from_json",
    "record_to_dict",
    "rules_from_dict",
    "rules_to_dict",
    "save_game",
    "save_position",
]


# -- files ------------------------------------------------------------------------
def _dumps(data: Mapping[str, Any]) -> str:
    """JSON with one top-level field a line, each value on one line."""
    fields = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}" for key, value in data.items()]
    return "{\n" + ",\n".join(fields) + "\n}\n"


def save_position(board: Board, path: str | os.PathLike[str]) -> None:
    """Write a board as position JSON."""
    _write_text(path, _dumps(position_to_dict(board)))


FORMATS = (".json", ".sgf", ".psq")


_SGF_CHARSET = re.compile(rb"CA\s*\[([^\]]*)\]")


def _read_text(path: str | os.PathLike[str], suffix: str = "") -> str:
    """A file's text: UTF-8 (a byte-order mark, as Windows editors write, is
    dropped). SGF text in another charset is read as its ``CA`` property says,
    else as Latin-1, SGF FF[4]'s default; PSQ as Latin-1 (Piskvork writes the
    players' names in the Windows charset)."""
    data = read_file(path, what="a game file", error=RecordError)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if suffix == ".sgf":
            charset = _SGF_CHARSET.search(data)
            try:
                return data.decode(charset.group(1).decode("ascii").strip() if charset else "latin-1")
            except (LookupError, UnicodeDecodeError):
                return data.decode("latin-1")
        if suffix == ".psq":
            return data.decode("latin-1")
        raise RecordError(f"{os.fspath(path)}: expected UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write UTF-8 text whole or not at all (``gomoku.files.write_atomically``)."""
    write_atomically(path, text.encode("utf-8"))


def record_from_json(data: Any, name: str = "game") -> GameRecord:
    """A record from parsed JSON, native or position."""
    if isinstance(data, Mapping) and "format" in data:
        return record_from_dict(data, name)
    if isinstance(data, Mapping) and "stones" in data:
        board = position_from_dict(data, name)
        return GameRecord.from_board(board)
    raise RecordError(f'{name}: expected a native game ("format": "gomoku") or a position ("stones")')


def _suffix(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise RecordError(
            f"{os.fspath(path)}: unknown format {suffix or '(no extension)'!r}; expected .json, .sgf or .psq"
        )
    return suffix


def load_game(path: str | os.PathLike[str]) -> GameRecord:
    """Read a game file; the format is chosen by the extension (.json, .sgf, .psq)."""
    suffix = _suffix(path)
    text = _read_text(path, suffix)
    name = os.fspath(path)
    try:
        if suffix == ".json":
            return record_from_json(parse_json(text, name, error=RecordError), name)
        if suffix == ".sgf":
            return parse_sgf(text)
        return parse_psq(text)
    except RecordError as exc:
        message = str(exc)
        raise RecordError(message if message.startswith(name) else f"{name}: {message}") from None


def dumps_game(record: GameRecord, suffix: str) -> str:
    """A record as the text of the format ``suffix`` (.json, .sgf, .psq)."""
    if suffix == ".json":
        return _dumps(record_to_dict(record))
    if suffix == ".sgf":
        return format_sgf(record)
    if suffix == ".psq":
        return format_psq(record)
    raise RecordError(f"unknown format {suffix!r}; expected .json, .sgf or .psq")


def save_game(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write a game file in the format of its extension; the old file is left
    as it was if the record cannot be written."""
    text = dumps_game(record, _suffix(path))
    _write_text(path, text)


def _read_jsonl(path: str, selector: str) -> Board:
    text = _read_text(path)
    lines = text.splitlines()
    chosen = None
    if selector.isascii() and selector.isdigit():
        index = int(selector) if len(selector) <= 18 else 0
        if not 1 <= index <= len(lines):
            raise RecordError(f"{path}: line {clip(selector)}: expected a line number from 1 to {len(lines)}")
        chosen = (index, lines[index - 1])
    else:
        for index, line in enumerate(lines, 1):
            if line.strip() and f'"{selector}"' in line:
                data = parse_json(line, path, line=index, error=RecordError)
                if isinstance(data, Mapping) and data.get("id") == selector:
                    chosen = (index, line)
                    break
        if chosen is None:
            raise RecordError(f"{path}: no position with id {selector!r}; expected FILE.jsonl:N or FILE.jsonl:ID")
    index, line = chosen
    data = parse_json(line, path, line=index, error=RecordError)
    return record_from_json(data, f"{path} line {index}").to_board()


def read_position(arg: str, rules: Rules | None = None) -> Board:
    """The board a CLI POSITION names: a game file (.json native or position,
    .sgf, .psq), ``FILE.jsonl:N`` or ``FILE.jsonl:ID`` for a line of a JSON
    Lines file, or a move string played from the empty board (under ``rules``,
    freestyle on the endless board by default); no moves at all (``""``) is
    the empty board.

    >>> read_position("0,0 1,0 0,1").move_stack
    [(0, 0), (1, 0), (0, 1)]
    >>> len(read_position(""))
    0
    """
    text = arg.strip()
    if not text:
        return Board(rules or Rules())
    jsonl = re.fullmatch(r"(.+\.jsonl):([^:/\\]+)", text, re.IGNORECASE)
    if jsonl:
        return _read_jsonl(jsonl.group(1), jsonl.group(2))
    if text.lower().endswith(".jsonl"):
        raise RecordError(f"{text}: expected FILE.jsonl:N (a line number) or FILE.jsonl:ID")
    if Path(text).suffix.lower() in FORMATS or os.path.isfile(text):
        return load_game(text).to_board()
    try:
        moves = parse_moves(text)
    except RecordError as exc:
        if os.path.exists(text):
            # A directory, a FIFO, a device: say what it is, not that its name is no move.
            read_file(text, what="a game file (.json, .sgf or .psq) or moves like '0,0 1,0'", error=RecordError)
        raise RecordError(f"{exc} (or a .json, .sgf or .psq file)") from None
    if rules is None and moves and len(moves[0]) != 2:
        rules = Rules(dims=len(moves[0]), name=f"freestyle{len(moves[0])}d")
    return GameRecord(rules or Rules(), moves).to_board()
