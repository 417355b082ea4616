"""Game records in and out: move strings, native JSON, position JSON, SGF and PSQ.

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
  plus ``"setup"`` and ``"to_move"`` for a game that starts from set-up stones;
* position JSON (``.json``): ``{"stones": {"X": [[x, y], ...], "O": [...]}, "to_move": "X"}``,
  as the shared puzzle and opening files; ``.jsonl`` files of them are read with
  ``FILE.jsonl:N`` (the N-th line, from 1) or ``FILE.jsonl:ID``;
* SGF FF[4] GM[4] (``.sgf``) and Piskvork PSQ (``.psq``, 1-based ``x,y,ms`` lines):
  a game on the endless board is translated to fit and the offset recorded
  (SGF property ``OF[x:y]``, a PSQ trailing line ``;gomoku: ...``), so that it
  reads back to the same points.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from gomoku._jsonio import parse_json, read_file
from gomoku.board import Board, BoardError, Point, Rules, Stone, format_point

FORMAT_VERSION = 1
"""The version of the native JSON format this module writes and reads."""

SGF_MAX = 52
"""The widest board SGF FF[4] can hold: coordinates are the letters a-z, A-Z."""

PSQ_MAX = 999
"""The widest board this module writes as PSQ (Piskvork itself plays on far smaller ones)."""

SGF_DEFAULT_SIZE = 15
"""The smallest board an endless game is written on, so other programs show it well."""

RESULTS = ("X", "O", "draw")

SGF_METADATA = {
    "black": "PB",
    "white": "PW",
    "date": "DT",
    "event": "EV",
    "round": "RO",
    "place": "PC",
    "game_name": "GN",
    "comment": "GC",
}
"""Metadata keys that SGF holds, and their property."""


class RecordError(ValueError):
    """A game record or a position that cannot be read or written as asked."""


@dataclass
class GameRecord:
    """A game: its rules, moves in order (X first unless ``setup`` says otherwise),
    result and free-form metadata (player names, date, ...).

    ``setup`` holds stones placed before the first move and ``to_move`` the side
    that moves after them; both are empty/None for an ordinary game.
    """

    rules: Rules = field(default_factory=Rules)
    moves: list[Point] = field(default_factory=list)
    result: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    setup: dict[Point, Stone] = field(default_factory=dict)
    to_move: Stone | None = None

    @classmethod
    def from_board(cls, board: Board, metadata: Mapping[str, Any] | None = None) -> "GameRecord":
        """The record of a board's game so far."""
        return cls(
            rules=board.rules,
            moves=list(board.move_stack),
            result=board.result,
            metadata=dict(metadata or {}),
            setup=dict(board.setup),
            to_move=_first_mover(board) if board.setup else None,
        )

    def to_board(self) -> Board:
        """Replay the record on a new board, checking every move.

        Raises RecordError naming the move that cannot be played.
        """
        board = Board(self.rules)
        if self.setup:
            try:
                board.set_up(self.setup, self.to_move)
            except BoardError as exc:
                raise RecordError(f"set-up stones: {exc}") from None
        for number, move in enumerate(self.moves, 1):
            try:
                board.play(move)
            except BoardError as exc:
                raise RecordError(f"move {number} ({_show(move)}): {exc}") from None
        return board

    def all_points(self) -> list[Point]:
        """Every point the record places a stone on: set-up stones, then moves."""
        return list(self.setup) + list(self.moves)


def _first_mover(board: Board) -> Stone:
    """The side that moved first after the set-up stones."""
    return board.turn if len(board.move_stack) % 2 == 0 else board.turn.other


def _show(value: object) -> str:
    if isinstance(value, tuple) and all(isinstance(c, int) for c in value):
        return format_point(value)
    return repr(value)


# -- move strings -------------------------------------------------------------
_SEPARATORS = re.compile(r"[\s;]+")
_INT = re.compile(r"[+-]?\d+")


def parse_point(text: str, what: str = "point") -> Point:
    """``"3,-4"`` as ``(3, -4)``; any number of coordinates.

    >>> parse_point("3,-4")
    (3, -4)
    """
    parts = text.strip().split(",")
    if len(parts) < 2 or not all(_INT.fullmatch(p.strip()) for p in parts):
        raise RecordError(f"{what} {_clip(text)!r}: expected x,y with integer coordinates, e.g. 3,-4")
    return tuple(_whole(p, what) for p in parts)


def _clip(text: str, limit: int = 40) -> str:
    """At most ``limit`` characters of ``text`` for a message (``...`` marks a cut)."""
    return text if len(text) <= limit else text[:limit] + "..."


def _whole(text: str, where: str) -> int:
    """``int(text)`` of a checked number, or RecordError naming ``where`` if it is
    longer than Python reads (4300 digits)."""
    try:
        return int(text)
    except ValueError:
        digits = len(text.strip().lstrip("+-"))
        raise RecordError(f"{where}: a number of {digits} digits is too large to read") from None


def parse_moves(text: str) -> list[Point]:
    """The points of a move string ``"x,y x,y ..."`` (X first), separated by
    spaces or semicolons; all of one dimension.

    >>> parse_moves("0,0  1,0; -2,10")
    [(0, 0), (1, 0), (-2, 10)]
    """
    moves: list[Point] = []
    for number, token in enumerate((t for t in _SEPARATORS.split(text) if t), 1):
        point = parse_point(token, f"move {number}")
        if moves and len(point) != len(moves[0]):
            raise RecordError(
                f"move {number} {token!r}: expected {len(moves[0])} coordinates like the first move"
            )
        moves.append(point)
    return moves


def format_moves(moves: Iterable[Point]) -> str:
    """Points as a move string, the inverse of ``parse_moves``.

    >>> format_moves([(0, 0), (-1, 2)])
    '0,0 -1,2'
    """
    return " ".join(format_point(p) for p in moves)


# -- position JSON ----------------------------------------------------------
def _coerce_point(value: object, where: str, dims: int | None = None) -> Point:
    if (
        not isinstance(value, (list, tuple))
        or len(value) < 1
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in value)
    ):
        raise RecordError(f"{where}: expected a point [x, y] of integers, not {value!r}")
    if dims is not None and len(value) != dims:
        raise RecordError(f"{where}: expected {dims} coordinates, not {len(value)}")
    return tuple(value)


def _coerce_stone(value: object, where: str) -> Stone:
    if isinstance(value, Stone):
        return value
    if isinstance(value, str) and value.upper() in ("X", "O"):
        return Stone[value.upper()]
    raise RecordError(f"{where}: expected \"X\" or \"O\", not {value!r}")


def _stones_from(stones: object, where: str, dims: int | None) -> dict[Point, Stone]:
    """``{"X": [[x, y], ...], "O": [...]}`` checked, as point -> Stone."""
    if not isinstance(stones, Mapping):
        raise RecordError(f"{where}: expected an object {{\"X\": [[x, y], ...], \"O\": [...]}}")
    placed: dict[Point, Stone] = {}
    for key in stones:
        if key not in ("X", "O"):
            raise RecordError(f"{where}: unexpected key {key!r}; expected \"X\" and \"O\"")
    for name in ("X", "O"):
        points = stones.get(name, [])
        if not isinstance(points, (list, tuple)):
            raise RecordError(f"{where}.{name}: expected a list of points")
        for i, value in enumerate(points):
            point = _coerce_point(value, f"{where}.{name}[{i}]", dims)
            dims = len(point)
            if point in placed:
                raise RecordError(f"{where}.{name}[{i}]: cell {format_point(point)} is listed twice")
            placed[point] = Stone[name]
    return placed


def board_from_position(
    stones: Mapping[str, Iterable[Iterable[int]]] | Mapping[Point, Stone],
    to_move: Stone | str | None = None,
    rules: Rules | None = None,
) -> Board:
    """A board holding exactly ``stones`` with ``to_move`` to play.

    ``stones`` is ``{"X": [[x, y], ...], "O": [...]}`` (the position JSON form)
    or a mapping point -> Stone. A position has no move order: when the counts
    allow it (as many X as O with X to move, one X more with O to move), the
    stones are pushed alternately, X first, each colour in sorted order, so the
    board has an ordinary move stack; otherwise they become set-up stones
    (``Board.set_up``), which ``pop`` never removes. ``to_move`` defaults to the
    side the counts imply. Raises RecordError for a bad point, a cell listed
    twice, a point out of the rules' bounds, or fives for both sides.

    >>> board = board_from_position({"X": [[0, 0], [2, 0]], "O": [[1, 0]]}, "O")
    >>> board.move_stack, board.turn
    ([(0, 0), (1, 0), (2, 0)], <Stone.O: 2>)
    >>> board_from_position({"X": [[0, 0]], "O": [[1, 0]]}, "O").setup
    {(0, 0): <Stone.X: 1>, (1, 0): <Stone.O: 2>}
    """
    if stones and all(isinstance(k, tuple) for k in stones):
        placed: dict[Point, Stone] = {}
        for point, stone in stones.items():
            placed[_coerce_point(point, "stones")] = _coerce_stone(stone, f"stones[{point!r}]")
    else:
        placed = _stones_from(stones, "stones", rules.dims if rules else None)
    if rules is None:
        dims = len(next(iter(placed))) if placed else 2
        rules = Rules() if dims == 2 else Rules(dims=dims, name=f"freestyle{dims}d")
    for point in placed:
        if len(point) != rules.dims:
            raise RecordError(f"stones: cell {format_point(point)} has not {rules.dims} coordinates")
        if not rules.contains(point):
            raise RecordError(f"stones: cell {format_point(point)} is outside the board")
    xs = sorted(p for p, s in placed.items() if s is Stone.X)
    os_ = sorted(p for p, s in placed.items() if s is Stone.O)
    implied = Stone.O if len(xs) > len(os_) else Stone.X
    turn = implied if to_move is None else _coerce_stone(to_move, "to_move")
    alternates = len(xs) - len(os_) == (1 if turn is Stone.O else 0)
    board = Board(rules)
    if alternates:
        for i, x in enumerate(xs):
            board.push(x)
            if i < len(os_):
                board.push(os_[i])
        if board.winner is not None:
            # The alternation's order is invented: rebuild so the winner
            # does not depend on which five it happened to finish first.
            board = Board(rules)
            alternates = False
    if not alternates:
        try:
            board.set_up(placed, turn)
        except BoardError as exc:
            raise RecordError(f"stones: {exc}") from None
    return board


def position_to_dict(board: Board) -> dict[str, Any]:
    """A board as position JSON: ``{"stones": {...}, "to_move": ...}`` (plus
    ``"rules"`` unless freestyle on the endless board).

    >>> position_to_dict(Board(moves=[(0, 0), (3, -1)]))
    {'stones': {'X': [[0, 0]], 'O': [[3, -1]]}, 'to_move': 'X'}
    """
    data: dict[str, Any] = {
        "stones": {s.name: [list(p) for p in board.stones_of(s)] for s in (Stone.X, Stone.O)},
        "to_move": board.turn.name,
    }
    if board.rules != Rules():
        data["rules"] = rules_to_dict(board.rules)
    return data


def position_from_dict(data: object, where: str = "position") -> Board:
    """A board from parsed position JSON (see ``board_from_position``)."""
    if not isinstance(data, Mapping) or "stones" not in data:
        raise RecordError(f"{where}: expected an object with \"stones\" and \"to_move\"")
    rules = rules_from_dict(data["rules"], f"{where}.rules") if "rules" in data else None
    to_move = data.get("to_move")
    if to_move is not None:
        to_move = _coerce_stone(to_move, f"{where}.to_move")
    try:
        return board_from_position(data["stones"], to_move, rules)
    except RecordError as exc:
        raise RecordError(f"{where}.{exc}") from None


def _dumps(data: Mapping[str, Any]) -> str:
    """JSON with one top-level field a line, each value on one line."""
    fields = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}" for key, value in data.items()]
    return "{\n" + ",\n".join(fields) + "\n}\n"


def save_position(board: Board, path: str | os.PathLike[str]) -> None:
    """Write a board as position JSON."""
    _write_text(path, _dumps(position_to_dict(board)))


# -- native JSON ----------------------------------------------------------------
def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Rules as JSON: name, k, overline, bounds (or null), dims, and gravity when on."""
    return {
        "name": rules.name,
        "k": rules.k,
        "overline": rules.overline,
        "bounds": None if rules.bounds is None else [list(rules.bounds[0]), list(rules.bounds[1])],
        "dims": rules.dims,
        **({"gravity": True} if rules.gravity else {}),
    }


def rules_from_dict(data: object, where: str = "rules") -> Rules:
    """Rules from JSON: a preset name, or an object as ``rules_to_dict`` writes."""
    if isinstance(data, str):
        try:
            return Rules.preset(data)
        except ValueError as exc:
            raise RecordError(f"{where}: {exc}") from None
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: expected a preset name or an object with name, k, overline, bounds")
    known = {"name", "k", "overline", "bounds", "dims", "gravity"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RecordError(f"{where}: unexpected field {unknown[0]!r}; expected {', '.join(sorted(known))}")
    name = data.get("name", "freestyle")
    k = data.get("k", 5)
    overline = data.get("overline", True)
    dims = data.get("dims", 2)
    if not isinstance(name, str):
        raise RecordError(f"{where}.name: expected a string")
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise RecordError(f"{where}.k: expected a whole number at least 1")
    if not isinstance(overline, bool):
        raise RecordError(f"{where}.overline: expected true or false")
    gravity = data.get("gravity", False)
    if not isinstance(gravity, bool):
        raise RecordError(f"{where}.gravity: expected true or false")
    if not isinstance(dims, int) or isinstance(dims, bool) or not 1 <= dims <= 6:
        raise RecordError(f"{where}.dims: expected a whole number from 1 to 6")
    raw = data.get("bounds")
    bounds = None
    if raw is not None:
        if not isinstance(raw, (list, tuple)) or len(raw) != 2:
            raise RecordError(f"{where}.bounds: expected [[low...], [high...]] or null")
        bounds = (
            _coerce_point(raw[0], f"{where}.bounds[0]", dims),
            _coerce_point(raw[1], f"{where}.bounds[1]", dims),
        )
    try:
        return Rules(k=k, overline=overline, bounds=bounds, dims=dims, name=name, gravity=gravity)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from None


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """A record as native JSON data."""
    data: dict[str, Any] = {
        "format": "gomoku",
        "version": FORMAT_VERSION,
        "rules": rules_to_dict(record.rules),
        "moves": [list(p) for p in record.moves],
        "result": record.result,
        "metadata": dict(record.metadata),
    }
    if record.setup:
        data["setup"] = {
            s.name: [list(p) for p in sorted(q for q, t in record.setup.items() if t is s)]
            for s in (Stone.X, Stone.O)
        }
        data["to_move"] = (record.to_move or Stone.X).name
    return data


def record_from_dict(data: object, where: str = "game") -> GameRecord:
    """A record from native JSON data, every field checked (the moves too)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: expected a JSON object")
    if data.get("format") != "gomoku":
        raise RecordError(f"{where}.format: expected \"gomoku\"")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError(f"{where}.version: expected a whole number, at least 1")
    if version > FORMAT_VERSION:
        raise RecordError(
            f"{where}.version: {version} is newer than this program reads ({FORMAT_VERSION}); upgrade gomoku"
        )
    rules = rules_from_dict(data.get("rules", "freestyle"), f"{where}.rules")
    moves_data = data.get("moves", [])
    if not isinstance(moves_data, list):
        raise RecordError(f"{where}.moves: expected a list of points [x, y]")
    moves = [_coerce_point(m, f"{where}.moves[{i}]", rules.dims) for i, m in enumerate(moves_data)]
    result = data.get("result")
    if result is not None and result not in RESULTS:
        raise RecordError(f"{where}.result: expected \"X\", \"O\", \"draw\" or null, not {result!r}")
    metadata = data.get("metadata", {})
    if not isinstance(metadata, dict):
        raise RecordError(f"{where}.metadata: expected an object")
    setup: dict[Point, Stone] = {}
    to_move = None
    if data.get("setup") is not None:
        setup = _stones_from(data["setup"], f"{where}.setup", rules.dims)
        to_move = _coerce_stone(data.get("to_move", "X"), f"{where}.to_move")
    record = GameRecord(rules, moves, result, dict(metadata), setup, to_move)
    record.to_board()  # every move must be legal
    return record


# -- SGF --------------------------------------------------------------------------
def _fit(record: GameRecord, limit: int, minimum: int, fmt: str) -> tuple[Point, tuple[int, int]]:
    """Where the format's cell (0, 0) lies on our board, and the board size
    (width, height) to write; RecordError if the game does not fit."""
    if record.rules.dims != 2:
        raise RecordError(f"{fmt} holds two-dimensional games only, not {record.rules.dims}-D")
    if record.rules.gravity:
        raise RecordError(f"{fmt} cannot hold a game with gravity: save it as .json")
    if record.rules.bounds is not None:
        low, high = record.rules.bounds
        size = (high[0] - low[0] + 1, high[1] - low[1] + 1)
        if max(size) > limit:
            raise RecordError(
                f"the board is {size[0]}x{size[1]}; {fmt} holds boards up to {limit}x{limit}"
            )
        return low, size
    points = record.all_points()
    if not points:
        half = minimum // 2
        return (-half, -half), (minimum, minimum)
    low = (min(p[0] for p in points), min(p[1] for p in points))
    high = (max(p[0] for p in points), max(p[1] for p in points))
    extent = max(high[0] - low[0], high[1] - low[1]) + 1
    if extent > limit:
        raise RecordError(
            f"the game spans {high[0] - low[0] + 1}x{high[1] - low[1] + 1} cells; "
            f"{fmt} holds at most {limit}x{limit}"
        )
    size = max(extent, minimum)
    # Centre the stones on the written board, so other programs show them well.
    offset = tuple(lo - (size - (hi - lo + 1)) // 2 for lo, hi in zip(low, high))
    return offset, (size, size)


_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _sgf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def format_sgf(record: GameRecord) -> str:
    """A record as SGF FF[4] GM[4] text (see the module doc for the extensions)."""
    offset, (width, height) = _fit(record, SGF_MAX, SGF_DEFAULT_SIZE, "SGF")
    rules = record.rules

    def coord(p: Point) -> str:
        return _SGF_LETTERS[p[0] - offset[0]] + _SGF_LETTERS[p[1] - offset[1]]

    props = [
        "FF[4]", "GM[4]", "CA[UTF-8]", "AP[gomoku]",
        f"SZ[{width}]" if width == height else f"SZ[{width}:{height}]",
        f"RU[{_sgf_escape(rules.name)}]",
    ]
    if rules.k != 5:
        props.append(f"WL[{rules.k}]")
    props.append(f"OL[{1 if rules.overline else 0}]")
    if rules.bounds is None:
        props.append("EB[1]")
    if any(offset):
        props.append(f"OF[{offset[0]}:{offset[1]}]")
    for key, prop in SGF_METADATA.items():
        if key in record.metadata and record.metadata[key] is not None:
            props.append(f"{prop}[{_sgf_escape(str(record.metadata[key]))}]")
    if record.result is not None:
        props.append({"X": "RE[B+]", "O": "RE[W+]", "draw": "RE[0]"}[record.result])
    if record.setup:
        for stone, prop in ((Stone.X, "AB"), (Stone.O, "AW")):
            points = sorted(p for p, s in record.setup.items() if s is stone)
            if points:
                props.append(prop + "".join(f"[{coord(p)}]" for p in points))
        props.append(f"PL[{'B' if (record.to_move or Stone.X) is Stone.X else 'W'}]")
    first = record.to_move if record.setup and record.to_move else Stone.X
    nodes = []
    for i, move in enumerate(record.moves):
        colour = "B" if (first if i % 2 == 0 else first.other) is Stone.X else "W"
        nodes.append(f";{colour}[{coord(move)}]")
    lines = ["(;" + "".join(props)]
    for start in range(0, len(nodes), 10):
        lines.append("".join(nodes[start:start + 10]))
    return "\n".join(lines) + ")\n"


class _SgfReader:
    """A small recursive-descent reader of SGF's main line: a list of nodes,
    each a dict of property -> list of values, with line numbers for errors."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def fail(self, expected: str) -> RecordError:
        found = self.text[self.pos:self.pos + 10]
        found = repr(found) if found else "the end of the file"
        return RecordError(f"SGF line {self.line()}: expected {expected}, found {found}")

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos:self.pos + 1]

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise self.fail(what)
        self.pos += 1

    def read(self) -> list[tuple[int, dict[str, list[str]]]]:
        self.expect("(", "'(' to start the game tree")
        nodes = self.sequence()
        if self.peek():
            raise self.fail("nothing after the game tree")
        return nodes

    def sequence(self) -> list[tuple[int, dict[str, list[str]]]]:
        """A game tree after its '(': its nodes, then the first variation's."""
        nodes = []
        while self.peek() == ";":
            self.pos += 1
            nodes.append((self.line(), self.node()))
        if not nodes:
            raise self.fail("';' to start a node")
        first = True
        while self.peek() == "(":
            self.pos += 1
            sub = self.sequence()
            if first:
                nodes.extend(sub)
                first = False
        self.expect(")", "')' to close the game tree")
        return nodes

    def node(self) -> dict[str, list[str]]:
        props: dict[str, list[str]] = {}
        while True:
            self.skip_space()
            start = self.pos
            while self.pos < len(self.text) and self.text[self.pos].isalpha():
                self.pos += 1
            ident = self.text[start:self.pos]
            if not ident:
                return props
            if not ident.isupper():
                self.pos = start
                raise self.fail("a property name in capital letters")
            if ident in props:
                self.pos = start
                raise self.fail(f"property {ident} only once in a node")
            values = []
            while self.peek() == "[":
                self.pos += 1
                values.append(self.value())
            if not values:
                raise self.fail(f"'[' and a value for property {ident}")
            props[ident] = values

    def value(self) -> str:
        out = []
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "\\":
                self.pos += 1
                if self.pos < len(self.text) and self.text[self.pos] != "\n":
                    out.append(self.text[self.pos])
            elif char == "]":
                self.pos += 1
                return "".join(out)
            else:
                out.append(char)
            self.pos += 1
        raise self.fail("']' to close the value")


def _sgf_int(value: str, where: str) -> int:
    if not _INT.fullmatch(value.strip()):
        raise RecordError(f"{where}: expected a whole number, not {_clip(value)!r}")
    return _whole(value, where)


def _rules_by_name(name: str, overline: bool | None, k: int, bounds: tuple[Point, Point] | None) -> Rules:
    """Rules named ``name`` (as written by ``rules.name``) with the given geometry."""
    lowered = name.strip().lower()
    if overline is None:
        overline = not any(w in lowered for w in ("standard", "exact", "renju", "caro"))
    if not name.strip():
        name = "freestyle" if overline else "standard"
    try:
        return Rules(k=k, overline=overline, bounds=bounds, name=name.strip())
    except ValueError as exc:
        raise RecordError(f"rules: {exc}") from None


def parse_sgf(text: str) -> GameRecord:
    """An SGF FF[4] GM[4] game record (the main line; variations are skipped).

    Without our ``EB[1]`` property the board is SZ's bounded square.
    """
    try:
        nodes = _SgfReader(text).read()
    except RecursionError:
        raise RecordError("SGF: variations nested too deeply to read") from None
    root_line, root = nodes[0]
    if root.get("GM", ["4"])[0].strip() != "4":
        raise RecordError(f"SGF line {root_line}: GM[{root['GM'][0]}] is not gomoku; expected GM[4]")
    size_text = root.get("SZ", ["15"])[0]
    match = re.fullmatch(r"\s*(\d+)\s*(?::\s*(\d+)\s*)?", size_text)
    if not match:
        raise RecordError(f"SGF line {root_line}: SZ[{size_text}]: expected SZ[n] or SZ[columns:rows]")
    width = _whole(match.group(1), f"SGF line {root_line}: SZ")
    height = _whole(match.group(2), f"SGF line {root_line}: SZ") if match.group(2) else width
    if not (1 <= width <= SGF_MAX and 1 <= height <= SGF_MAX):
        raise RecordError(f"SGF line {root_line}: SZ[{size_text}]: expected a size from 1 to {SGF_MAX}")
    offset: Point = (0, 0)
    if "OF" in root:
        parts = root["OF"][0].split(":")
        if len(parts) != 2:
            raise RecordError(f"SGF line {root_line}: OF[{root['OF'][0]}]: expected OF[x:y]")
        offset = (_sgf_int(parts[0], f"SGF line {root_line}: OF"), _sgf_int(parts[1], f"SGF line {root_line}: OF"))
    k = _sgf_int(root["WL"][0], f"SGF line {root_line}: WL") if "WL" in root else 5
    overline = None
    if "OL" in root:
        if root["OL"][0] not in ("0", "1"):
            raise RecordError(f"SGF line {root_line}: OL[{root['OL'][0]}]: expected OL[0] or OL[1]")
        overline = root["OL"][0] == "1"
    endless = root.get("EB", ["0"])[0] == "1"
    bounds = None if endless else (offset, (offset[0] + width - 1, offset[1] + height - 1))
    rules = _rules_by_name(root.get("RU", [""])[0], overline, k, bounds)

    def point(value: str, where: str) -> Point:
        if len(value) != 2 or value[0] not in _SGF_LETTERS or value[1] not in _SGF_LETTERS:
            raise RecordError(f"{where}: expected a point of two letters like [hh], not [{value}]")
        x, y = _SGF_LETTERS.index(value[0]), _SGF_LETTERS.index(value[1])
        if x >= width or y >= height:
            raise RecordError(f"{where}: [{value}] lies outside SZ[{size_text}]")
        return (x + offset[0], y + offset[1])

    setup: dict[Point, Stone] = {}
    for prop, stone in (("AB", Stone.X), ("AW", Stone.O)):
        for value in root.get(prop, []):
            p = point(value, f"SGF line {root_line}: {prop}")
            if p in setup:
                raise RecordError(f"SGF line {root_line}: {prop}[{value}] is set up twice")
            setup[p] = stone
    to_move = None
    if setup:
        player = root.get("PL", ["B"])[0].strip().upper()
        if player not in ("B", "W"):
            raise RecordError(f"SGF line {root_line}: PL[{player}]: expected PL[B] or PL[W]")
        to_move = Stone.X if player == "B" else Stone.O
    expected = to_move or Stone.X
    moves: list[Point] = []
    for line, node in nodes:
        colours = [c for c in ("B", "W") if c in node]
        if not colours:
            continue
        if len(colours) > 1:
            raise RecordError(f"SGF line {line}: expected one move in a node, found B and W")
        colour = colours[0]
        stone = Stone.X if colour == "B" else Stone.O
        if stone is not expected:
            raise RecordError(
                f"SGF line {line}: expected a move of {'B' if expected is Stone.X else 'W'} "
                f"(players alternate), found {colour}"
            )
        value = node[colour][0]
        if value == "":
            raise RecordError(f"SGF line {line}: a pass; expected a point (gomoku has no passes)")
        moves.append(point(value, f"SGF line {line}: {colour}"))
        expected = expected.other
    result = None
    if "RE" in root:
        verdict = root["RE"][0].strip().upper()
        if verdict.startswith("B+"):
            result = "X"
        elif verdict.startswith("W+"):
            result = "O"
        elif verdict in ("0", "DRAW", "JIGO"):
            result = "draw"
    metadata = {key: root[prop][0] for key, prop in SGF_METADATA.items() if prop in root}
    record = GameRecord(rules, moves, result, metadata, setup, to_move)
    record.to_board()
    return record


# -- PSQ --------------------------------------------------------------------------
_PSQ_MOVE = re.compile(r"\s*([+-]?\d+)\s*,\s*([+-]?\d+)\s*(?:,\s*([+-]?\d+)\s*)?")
_PSQ_HEADER = re.compile(r"\s*Piskvorky\s+(\d+)\s*x\s*(\d+)\b.*", re.IGNORECASE)
_PSQ_TAG = ";gomoku:"


def format_psq(record: GameRecord, times: Iterable[int] | None = None) -> str:
    """A record as Piskvork PSQ text: a header, one ``x,y,ms`` line a move
    (1-based), then a ``;gomoku:`` line with the offset, rules and result.

    A game with set-up stones cannot be written (PSQ has only moves).
    """
    if record.setup:
        raise RecordError("PSQ holds moves only, not set-up stones: save the game as .json or .sgf")
    offset, (width, height) = _fit(record, PSQ_MAX, 20, "PSQ")
    given = list(times or ())
    lines = [f"Piskvorky {width}x{height}, 11:11, 0"]
    for i, (x, y) in enumerate(record.moves):
        ms = given[i] if i < len(given) else 0
        lines.append(f"{x - offset[0] + 1},{y - offset[1] + 1},{ms}")
    rules = record.rules
    tag = [
        f"offset={offset[0]},{offset[1]}",
        f"rules={rules.name.replace(' ', '_') or '-'}",
        f"k={rules.k}",
        f"overline={1 if rules.overline else 0}",
        f"endless={1 if rules.bounds is None else 0}",
    ]
    if record.result is not None:
        tag.append(f"result={record.result}")
    lines.append(_PSQ_TAG + " " + " ".join(tag))
    return "\n".join(lines) + "\n"


def parse_psq(text: str) -> GameRecord:
    """A Piskvork PSQ game. Lines after the moves (brain names, our
    ``;gomoku:`` line) end the move list; without our line the board is the
    header's bounded board (freestyle, as the Gomocup plays)."""
    lines = text.splitlines()
    if not lines:
        raise RecordError("PSQ line 1: expected a header 'Piskvorky WxH, ...', found an empty file")
    header = _PSQ_HEADER.fullmatch(lines[0].lstrip("\ufeff"))
    if not header:
        raise RecordError(f"PSQ line 1: expected a header 'Piskvorky WxH, ...', found {lines[0][:40]!r}")
    width, height = (_whole(header.group(i), "PSQ line 1: the board size") for i in (1, 2))
    if not (1 <= width <= PSQ_MAX and 1 <= height <= PSQ_MAX):
        raise RecordError(f"PSQ line 1: expected a board size from 1 to {PSQ_MAX}, found {width}x{height}")
    raw: list[tuple[int, int, int]] = []
    trailer = len(lines)
    for index in range(1, len(lines)):
        match = _PSQ_MOVE.fullmatch(lines[index])
        if not match:
            trailer = index
            break
        raw.append((index + 1, _whole(match.group(1), f"PSQ line {index + 1}"),
                    _whole(match.group(2), f"PSQ line {index + 1}")))
    tags: dict[str, str] = {}
    tag_line = 0
    for index in range(trailer, len(lines)):
        stripped = lines[index].strip()
        if stripped.lower().startswith(_PSQ_TAG):
            tag_line = index + 1
            for item in stripped[len(_PSQ_TAG):].split():
                key, sep, value = item.partition("=")
                if not sep:
                    raise RecordError(f"PSQ line {tag_line}: expected key=value, found {item!r}")
                tags[key] = value
        elif tag_line and _PSQ_MOVE.fullmatch(lines[index]):
            raise RecordError(f"PSQ line {index + 1}: expected no moves after the ;gomoku: line")
    offset: Point = (0, 0)
    where = f"PSQ line {tag_line}"
    if "offset" in tags:
        offset = parse_point(tags["offset"], f"{where}: offset")
        if len(offset) != 2:
            raise RecordError(f"{where}: offset: expected x,y")
    k = _sgf_int(tags.get("k", "5"), f"{where}: k")
    overline = None
    if "overline" in tags:
        if tags["overline"] not in ("0", "1"):
            raise RecordError(f"{where}: overline: expected 0 or 1, not {tags['overline']!r}")
        overline = tags["overline"] == "1"
    endless = tags.get("endless") == "1"
    bounds = None if endless else (offset, (offset[0] + width - 1, offset[1] + height - 1))
    name = tags.get("rules", "")
    if not tags and width == height and width in (15, 20):
        name = f"gomocup{width}"
    rules = _rules_by_name("" if name == "-" else name, overline, k, bounds)
    moves = []
    for line_number, x, y in raw:
        if not (1 <= x <= width and 1 <= y <= height):
            raise RecordError(
                f"PSQ line {line_number}: {x},{y} lies outside the {width}x{height} board "
                f"(coordinates count from 1)"
            )
        moves.append((x - 1 + offset[0], y - 1 + offset[1]))
    result = tags.get("result")
    if result is not None and result not in RESULTS:
        raise RecordError(f"{where}: result: expected X, O or draw, not {result!r}")
    record = GameRecord(rules, moves, result, {})
    try:
        record.to_board()
    except RecordError as exc:
        # Name the line of the bad move: move n is on the n-th move line.
        match = re.match(r"move (\d+) ", str(exc))
        if match:
            raise RecordError(f"PSQ line {raw[int(match.group(1)) - 1][0]}: {exc}") from None
        raise
    return record


# -- files ------------------------------------------------------------------------
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
    """Write through a temporary file in the same folder, so that a failure
    leaves the old file whole."""
    target = Path(path)
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, temp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def record_from_json(data: Any, name: str = "game") -> GameRecord:
    """A record from parsed JSON, native or position."""
    if isinstance(data, Mapping) and "format" in data:
        return record_from_dict(data, name)
    if isinstance(data, Mapping) and "stones" in data:
        board = position_from_dict(data, name)
        return GameRecord.from_board(board)
    raise RecordError(f"{name}: expected a native game (\"format\": \"gomoku\") or a position (\"stones\")")


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
            raise RecordError(f"{path}: line {_clip(selector)}: expected a line number from 1 to {len(lines)}")
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
    freestyle on the endless board by default).

    >>> read_position("0,0 1,0 0,1").move_stack
    [(0, 0), (1, 0), (0, 1)]
    """
    text = arg.strip()
    jsonl = re.fullmatch(r"(.+\.jsonl):([^:/\\]+)", text, re.IGNORECASE)
    if jsonl:
        return _read_jsonl(jsonl.group(1), jsonl.group(2))
    if text.lower().endswith(".jsonl"):
        raise RecordError(f"{text}: expected FILE.jsonl:N (a line number) or FILE.jsonl:ID")
    if Path(text).suffix.lower() in FORMATS or (text and os.path.isfile(text)):
        return load_game(text).to_board()
    if not text:
        raise RecordError("empty position: expected moves like '0,0 1,0' or a .json, .sgf or .psq file")
    try:
        moves = parse_moves(text)
    except RecordError as exc:
        raise RecordError(f"{exc} (or a .json, .sgf or .psq file)") from None
    if rules is None and moves and len(moves[0]) != 2:
        rules = Rules(dims=len(moves[0]), name=f"freestyle{len(moves[0])}d")
    return GameRecord(rules or Rules(), moves).to_board()
