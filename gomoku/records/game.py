"""A game record and the native formats: the ``GameRecord``, move strings,
position JSON and native JSON, and what the text formats (``gomoku.records.sgf``,
``gomoku.records.psq``) share: fitting an endless game on a bounded board, whole
numbers and rules by name.

Every reader checks what it reads and raises ``RecordError`` (a ValueError)
naming the line or the field at fault and what was expected.

>>> moves = parse_moves("0,0 1,1 -1,0")
>>> moves
[(0, 0), (1, 1), (-1, 0)]
>>> format_moves(moves)
'0,0 1,1 -1,0'
>>> record_from_dict(record_to_dict(GameRecord.from_board(Board(moves=moves)))).moves == moves
True

* native JSON: ``{"format": "gomoku", "version": 1, "rules": {...},
  "moves": [[x, y], ...], "result": "X" | "O" | "draw" | null, "metadata": {...}}``,
  plus ``"setup"`` and ``"to_move"`` for a game that starts from set-up stones,
  and ``"variations"`` and ``"comments"`` for a game tree (see ``_line_to_dict``);
* position JSON: ``{"stones": {"X": [[x, y], ...], "O": [...]}, "to_move": "X"}``,
  as the shared puzzle and opening files.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gomoku.board import Board, BoardError, Point, Rules, Stone, format_point
from gomoku.records.tree import GameTree, Node

__all__ = [
    "FORMAT_VERSION",
    "RESULTS",
    "RecordError",
    "GameRecord",
    "parse_point",
    "clip",
    "whole_number",
    "parse_moves",
    "format_moves",
    "board_from_position",
    "position_to_dict",
    "position_from_dict",
    "rules_to_dict",
    "rules_from_dict",
    "record_to_dict",
    "record_from_dict",
    "fit_board",
    "parse_int",
    "rules_by_name",
    "check_tree",
]

FORMAT_VERSION = 1
"""The version of the native JSON format this module writes and reads."""

RESULTS = ("X", "O", "draw")


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
    tree: GameTree | None = None
    """The moves with their variations and comments, whose main line is
    ``moves``; None for a game of one line (``game_tree`` makes one)."""

    @classmethod
    def from_tree(
        cls, tree: GameTree, result: str | None = None, metadata: Mapping[str, Any] | None = None
    ) -> GameRecord:
        """The record of a game tree: its main line as ``moves``, and the tree
        itself when it has variations or comments."""
        return cls(
            rules=tree.rules,
            moves=tree.main_line(),
            result=result,
            metadata=dict(metadata or {}),
            setup=dict(tree.setup),
            to_move=tree.to_move,
            tree=tree if tree.has_variations() or tree.has_comments() else None,
        )

    def game_tree(self) -> GameTree:
        """The record's tree (``tree``), or a new tree of its one line.

        RecordError if ``tree`` no longer matches the record (its main line is
        not ``moves``, or other rules or set-up stones).
        """
        if self.tree is None:
            return GameTree.from_moves(self.moves, self.rules, self.setup, self.to_move)
        if self.tree.main_line() != list(self.moves):
            raise RecordError("the record's moves are not its tree's main line")
        if (self.tree.rules, self.tree.setup, self.tree.to_move) != (self.rules, self.setup, self.to_move):
            raise RecordError("the record's rules or set-up stones are not its tree's")
        return self.tree

    @classmethod
    def from_board(cls, board: Board, metadata: Mapping[str, Any] | None = None) -> GameRecord:
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
        """Every point the record places a stone on: set-up stones, then moves
        (the main line's, then the variations')."""
        points = list(self.setup) + list(self.moves)
        if self.tree is not None:
            main = set(self.moves)
            points += [n.move for n in self.tree.nodes() if n.move is not None and n.move not in main]
        return points


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
        raise RecordError(f"{what} {clip(text)!r}: expected x,y with integer coordinates, e.g. 3,-4")
    return tuple(whole_number(p, what) for p in parts)


def clip(text: str, limit: int = 40) -> str:
    """At most ``limit`` characters of ``text`` for a message (``...`` marks a cut)."""
    return text if len(text) <= limit else text[:limit] + "..."


def whole_number(text: str, where: str) -> int:
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
            raise RecordError(f"move {number} {token!r}: expected {len(moves[0])} coordinates like the first move")
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
    raise RecordError(f'{where}: expected "X" or "O", not {value!r}')


def _stones_from(stones: object, where: str, dims: int | None) -> dict[Point, Stone]:
    """``{"X": [[x, y], ...], "O": [...]}`` checked, as point -> Stone."""
    if not isinstance(stones, Mapping):
        raise RecordError(f'{where}: expected an object {{"X": [[x, y], ...], "O": [...]}}')
    placed: dict[Point, Stone] = {}
    for key in stones:
        if key not in ("X", "O"):
            raise RecordError(f'{where}: unexpected key {key!r}; expected "X" and "O"')
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
    if isinstance(stones, Mapping) and stones and all(isinstance(k, tuple) for k in stones):
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
        raise RecordError(f'{where}: expected an object with "stones" and "to_move"')
    rules = rules_from_dict(data["rules"], f"{where}.rules") if "rules" in data else None
    to_move = data.get("to_move")
    if to_move is not None:
        to_move = _coerce_stone(to_move, f"{where}.to_move")
    try:
        return board_from_position(data["stones"], to_move, rules)
    except RecordError as exc:
        raise RecordError(f"{where}.{exc}") from None


# -- native JSON ----------------------------------------------------------------
def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Rules as JSON: name, k, overline, bounds (or null), dims, and gravity, renju, caro when on."""
    return {
        "name": rules.name,
        "k": rules.k,
        "overline": rules.overline,
        "bounds": None if rules.bounds is None else [list(rules.bounds[0]), list(rules.bounds[1])],
        "dims": rules.dims,
        **({"gravity": True} if rules.gravity else {}),
        **({"renju": True} if rules.renju else {}),
        **({"caro": True} if rules.caro else {}),
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
    known = {"name", "k", "overline", "bounds", "dims", "gravity", "renju", "caro"}
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
    flags = {}
    for flag in ("gravity", "renju", "caro"):
        flags[flag] = data.get(flag, False)
        if not isinstance(flags[flag], bool):
            raise RecordError(f"{where}.{flag}: expected true or false")
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
        return Rules(k=k, overline=overline, bounds=bounds, dims=dims, name=name, **flags)
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
            s.name: [list(p) for p in sorted(q for q, t in record.setup.items() if t is s)] for s in (Stone.X, Stone.O)
        }
        data["to_move"] = (record.to_move or Stone.X).name
    if record.tree is not None:
        tree = record.game_tree()
        fields = _line_to_dict(tree.root, tree.root.children[0] if tree.root.children else None, top=True)
        data.update((key, fields[key]) for key in ("comments", "variations") if key in fields)
    return data


def record_from_dict(data: object, where: str = "game") -> GameRecord:
    """A record from native JSON data, every field checked (the moves too)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{where}: expected a JSON object")
    if data.get("format") != "gomoku":
        raise RecordError(f'{where}.format: expected "gomoku"')
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
        raise RecordError(f'{where}.result: expected "X", "O", "draw" or null, not {result!r}')
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
    if "variations" in data or "comments" in data:
        tree = GameTree(rules, setup, to_move)
        where_of: dict[int, str] = {}
        lines = {"moves": moves_data, **{k: data[k] for k in ("comments", "variations") if k in data}}
        _line_from_dict(tree, tree.root, lines, where, rules.dims, where_of, top=True)
        check_tree(tree, lambda node: where_of[id(node)])
        record.tree = tree if tree.has_variations() or tree.has_comments() else None
    return record


# -- variations in native JSON ------------------------------------------------------
# A line is its moves, then "comments" ({"k": text}, the comment of the node after
# the line's k-th move; "0" the root's, at the top only) and "variations", each a
# line of its own with "at": the number of the outer line's moves played before it
# branches off (at least 1 inside a variation, whose own branch point is outer).
_LINE_KEYS = {"at", "moves", "comments", "variations"}


def _line_to_dict(branch: Node, first: Node | None, top: bool) -> dict[str, Any]:
    moves: list[list[int]] = []
    comments: dict[str, str] = {}
    variations: list[dict[str, Any]] = []
    if top and branch.comment:
        comments["0"] = branch.comment
    node = first
    while node is not None and node.move is not None:
        if (top or moves) and node.parent is not None:
            for other in node.parent.children[1:]:
                variations.append({"at": len(moves), **_line_to_dict(node.parent, other, top=False)})
        moves.append(list(node.move))
        if node.comment:
            comments[str(len(moves))] = node.comment
        node = node.children[0] if node.children else None
    data: dict[str, Any] = {"moves": moves}
    if comments:
        data["comments"] = comments
    if variations:
        data["variations"] = variations
    return data


def _line_from_dict(
    tree: GameTree,
    branch: Node,
    data: Mapping[str, Any],
    where: str,
    dims: int,
    where_of: dict[int, str],
    top: bool,
) -> None:
    """Add the line ``data`` at ``branch``, each node's field in ``where_of``."""
    moves = data.get("moves")
    if not isinstance(moves, list) or (not top and not moves):
        raise RecordError(f"{where}.moves: expected a list of points [x, y]{'' if top else ', at least one'}")
    nodes: list[Node] = []
    node = branch
    for i, value in enumerate(moves):
        point = _coerce_point(value, f"{where}.moves[{i}]", dims)
        try:
            node = tree.add(node, point)
        except ValueError:
            raise RecordError(f"{where}.moves[{i}]: {format_point(point)} is already a variation there") from None
        where_of[id(node)] = f"{where}.moves[{i}]"
        nodes.append(node)
    low = 0 if top else 1
    comments = data.get("comments", {})
    if not isinstance(comments, Mapping):
        raise RecordError(f'{where}.comments: expected an object {{"k": "text"}}')
    for key, text in comments.items():
        if not (isinstance(key, str) and key.isdigit() and low <= int(key) <= len(nodes)):
            raise RecordError(f"{where}.comments: key {key!r}: expected a move number from {low} to {len(nodes)}")
        if not isinstance(text, str):
            raise RecordError(f"{where}.comments[{key!r}]: expected a string")
        (nodes[int(key) - 1] if int(key) else branch).comment = text
    variations = data.get("variations", [])
    if not isinstance(variations, list):
        raise RecordError(f"{where}.variations: expected a list of variations")
    for j, variation in enumerate(variations):
        inner = f"{where}.variations[{j}]"
        if not isinstance(variation, Mapping):
            raise RecordError(f'{inner}: expected an object {{"at": n, "moves": [...]}}')
        unknown = sorted(set(variation) - _LINE_KEYS)
        if unknown:
            raise RecordError(f"{inner}: unexpected field {unknown[0]!r}; expected {', '.join(sorted(_LINE_KEYS))}")
        at = variation.get("at")
        if not isinstance(at, int) or isinstance(at, bool) or not low <= at < len(nodes):
            raise RecordError(f"{inner}.at: expected a move number from {low} to {len(nodes) - 1}, not {at!r}")
        _line_from_dict(tree, nodes[at - 1] if at else branch, variation, inner, dims, where_of, top=False)


def check_tree(tree: GameTree, where: Callable[[Node], str]) -> None:
    """RecordError naming (by ``where(node)``) the first move of ``tree`` that cannot be played."""
    try:
        illegal = tree.first_illegal()
    except BoardError as exc:
        raise RecordError(f"set-up stones: {exc}") from None
    if illegal is not None:
        node, error = illegal
        raise RecordError(f"{where(node)} ({_show(node.move)}): {error}")


# -- shared by the text formats ----------------------------------------------
def fit_board(record: GameRecord, limit: int, minimum: int, fmt: str) -> tuple[Point, tuple[int, int]]:
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
            raise RecordError(f"the board is {size[0]}x{size[1]}; {fmt} holds boards up to {limit}x{limit}")
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
            f"the game spans {high[0] - low[0] + 1}x{high[1] - low[1] + 1} cells; {fmt} holds at most {limit}x{limit}"
        )
    side = max(extent, minimum)
    # Centre the stones on the written board, so other programs show them well.
    offset = tuple(lo - (side - (hi - lo + 1)) // 2 for lo, hi in zip(low, high))
    return offset, (side, side)


def parse_int(value: str, where: str) -> int:
    if not _INT.fullmatch(value.strip()):
        raise RecordError(f"{where}: expected a whole number, not {clip(value)!r}")
    return whole_number(value, where)


def rules_by_name(name: str, overline: bool | None, k: int, bounds: tuple[Point, Point] | None) -> Rules:
    """Rules named ``name`` (as written by ``rules.name``) with the given geometry."""
    lowered = name.strip().lower()
    if overline is None:
        overline = not any(w in lowered for w in ("standard", "exact", "renju", "caro"))
    if not name.strip():
        name = "freestyle" if overline else "standard"
    renju, caro = "renju" in lowered, "caro" in lowered  # the names Rules gives them all hold the word
    try:
        return Rules(k=k, overline=overline or renju, bounds=bounds, name=name.strip(), renju=renju, caro=caro)
    except ValueError as exc:
        raise RecordError(f"rules: {exc}") from None
