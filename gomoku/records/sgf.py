"""SGF FF[4] GM[4] game records (``.sgf``), read and written.

A game on the endless board is translated to fit on SGF's board and the offset
recorded in our own property ``OF[x:y]`` (with ``EB[1]`` for the endless board,
``WL[k]`` for the length that wins and ``OL[0|1]`` for overlines), so that it
reads back to the same points. Variations are read and written with SGF's own
game-tree syntax, ``(;B[hh](;W[hi])(;W[ii]))``, into and from the record's
``tree`` (``gomoku.records.tree``), and so are comments (``C``); other
properties of the nodes are dropped. A record of one line without comments is
written as a plain sequence of moves.

>>> from gomoku.board import Board
>>> record = GameRecord.from_board(Board(moves=[(0, 0), (1, 1), (-1, 0)]))
>>> parse_sgf(format_sgf(record)).to_board().stones == record.to_board().stones
True
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gomoku.board import Board, BoardError, Point, Stone
from gomoku.records.game import GameRecord, RecordError, fit_board, parse_int, rules_by_name, whole_number
from gomoku.records.tree import GameTree, Node

__all__ = ["SGF_MAX", "SGF_DEFAULT_SIZE", "SGF_METADATA", "format_sgf", "parse_sgf", "sgf_root"]

SGF_MAX = 52
"""The widest board SGF FF[4] can hold: coordinates are the letters a-z, A-Z."""

SGF_DEFAULT_SIZE = 15
"""The smallest board an endless game is written on, so other programs show it well."""

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


_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _sgf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def sgf_root(record: GameRecord) -> tuple[str, Callable[[Point], str | None]]:
    """The root node's properties of the record's SGF (the board it is written on,
    the rules, metadata, result and set-up stones), and the SGF coordinates of a
    point on that board (None for a point off it: a variation that strays from
    the game's box). ``format_sgf`` writes the record with them; a review writes
    its annotated game tree with them (``gomoku review --sgf``).

    >>> from gomoku.board import Board
    >>> root, coord = sgf_root(GameRecord.from_board(Board(moves=[(0, 0), (1, 1)])))
    >>> root
    'FF[4]GM[4]CA[UTF-8]AP[gomoku]SZ[15]RU[freestyle]OL[1]EB[1]OF[-6:-6]'
    >>> coord((0, 0)), coord((40, 0))
    ('gg', None)
    """
    offset, (width, height) = fit_board(record, SGF_MAX, SGF_DEFAULT_SIZE, "SGF")
    rules = record.rules

    def coord(p: Point) -> str | None:
        x, y = p[0] - offset[0], p[1] - offset[1]
        return _SGF_LETTERS[x] + _SGF_LETTERS[y] if 0 <= x < width and 0 <= y < height else None

    props = [
        "FF[4]",
        "GM[4]",
        "CA[UTF-8]",
        "AP[gomoku]",
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
    return "".join(props), coord


def format_sgf(record: GameRecord) -> str:
    """A record as SGF FF[4] GM[4] text (see the module doc for the extensions),
    its variations and comments too: ten nodes a line, each variation on a line
    of its own."""
    root, coord = sgf_root(record)
    tree = record.game_tree()
    first = tree.to_move or Stone.X

    def text(node: Node, ply: int) -> str:
        assert node.move is not None
        colour = "B" if (first if ply % 2 == 1 else first.other) is Stone.X else "W"
        comment = f"C[{_sgf_escape(node.comment)}]" if node.comment else ""
        return f";{colour}[{coord(node.move)}]{comment}"

    def sequence(node: Node, ply: int, lines: list[str], chunk: list[str]) -> None:
        """The nodes after ``node`` (``ply`` moves in), then its variations, each a game tree."""
        while len(node.children) == 1:
            node, ply = node.children[0], ply + 1
            chunk.append(text(node, ply))
            if len(chunk) == 10:
                lines.append("".join(chunk))
                chunk.clear()
        if chunk:
            lines.append("".join(chunk))
        for child in node.children if len(node.children) > 1 else []:
            start = len(lines)
            sequence(child, ply + 1, lines, [text(child, ply + 1)])
            lines[start] = "(" + lines[start]
            lines[-1] += ")"

    lines = ["(;" + root + (f"C[{_sgf_escape(tree.root.comment)}]" if tree.root.comment else "")]
    try:
        sequence(tree.root, 0, lines, [])
    except RecursionError:
        raise RecordError("SGF: variations nested too deeply to write") from None
    return "\n".join(lines) + ")\n"


_Nodes = list[tuple[int, dict[str, list[str]]]]
_SgfTree = tuple[_Nodes, list["_SgfTree"]]


class _SgfReader:
    """A small recursive-descent reader of SGF's game tree: a sequence of nodes,
    each a dict of property -> list of values with its line number for errors,
    and the game trees that follow it (its variations)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def line(self) -> int:
        return self.text.count("\n", 0, self.pos) + 1

    def fail(self, expected: str) -> RecordError:
        found = self.text[self.pos : self.pos + 10]
        found = repr(found) if found else "the end of the file"
        return RecordError(f"SGF line {self.line()}: expected {expected}, found {found}")

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos : self.pos + 1]

    def expect(self, char: str, what: str) -> None:
        if self.peek() != char:
            raise self.fail(what)
        self.pos += 1

    def read(self) -> _SgfTree:
        self.expect("(", "'(' to start the game tree")
        tree = self.game_tree()
        if self.peek():
            raise self.fail("nothing after the game tree")
        return tree

    def game_tree(self) -> _SgfTree:
        """A game tree after its '(': its nodes, then its variations."""
        nodes = []
        while self.peek() == ";":
            self.pos += 1
            nodes.append((self.line(), self.node()))
        if not nodes:
            raise self.fail("';' to start a node")
        variations = []
        while self.peek() == "(":
            self.pos += 1
            variations.append(self.game_tree())
        self.expect(")", "')' to close the game tree")
        return nodes, variations

    def node(self) -> dict[str, list[str]]:
        props: dict[str, list[str]] = {}
        while True:
            self.skip_space()
            start = self.pos
            while self.pos < len(self.text) and self.text[self.pos].isalpha():
                self.pos += 1
            ident = self.text[start : self.pos]
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


def parse_sgf(text: str) -> GameRecord:
    """An SGF FF[4] GM[4] game record: the main line as ``moves``, and the
    whole tree (``tree``) when the file has variations or comments.

    Without our ``EB[1]`` property the board is SZ's bounded square.
    """
    try:
        sgf_tree = _SgfReader(text).read()
    except RecursionError:
        raise RecordError("SGF: variations nested too deeply to read") from None
    root_line, root = sgf_tree[0][0]
    if root.get("GM", ["4"])[0].strip() != "4":
        raise RecordError(f"SGF line {root_line}: GM[{root['GM'][0]}] is not gomoku; expected GM[4]")
    size_text = root.get("SZ", ["15"])[0]
    match = re.fullmatch(r"\s*(\d+)\s*(?::\s*(\d+)\s*)?", size_text)
    if not match:
        raise RecordError(f"SGF line {root_line}: SZ[{size_text}]: expected SZ[n] or SZ[columns:rows]")
    width = whole_number(match.group(1), f"SGF line {root_line}: SZ")
    height = whole_number(match.group(2), f"SGF line {root_line}: SZ") if match.group(2) else width
    if not (1 <= width <= SGF_MAX and 1 <= height <= SGF_MAX):
        raise RecordError(f"SGF line {root_line}: SZ[{size_text}]: expected a size from 1 to {SGF_MAX}")
    offset: Point = (0, 0)
    if "OF" in root:
        parts = root["OF"][0].split(":")
        if len(parts) != 2:
            raise RecordError(f"SGF line {root_line}: OF[{root['OF'][0]}]: expected OF[x:y]")
        offset = (parse_int(parts[0], f"SGF line {root_line}: OF"), parse_int(parts[1], f"SGF line {root_line}: OF"))
    k = parse_int(root["WL"][0], f"SGF line {root_line}: WL") if "WL" in root else 5
    overline = None
    if "OL" in root:
        if root["OL"][0] not in ("0", "1"):
            raise RecordError(f"SGF line {root_line}: OL[{root['OL'][0]}]: expected OL[0] or OL[1]")
        overline = root["OL"][0] == "1"
    endless = root.get("EB", ["0"])[0] == "1"
    bounds = None if endless else (offset, (offset[0] + width - 1, offset[1] + height - 1))
    rules = rules_by_name(root.get("RU", [""])[0], overline, k, bounds)

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
    tree = GameTree(rules, setup, to_move)
    first = to_move or Stone.X
    board = Board(rules)
    if setup:
        try:
            board.set_up(setup, to_move)
        except BoardError as exc:
            raise RecordError(f"SGF line {root_line}: set-up stones: {exc}") from None

    def add(at: Node, sgf: _SgfTree) -> None:
        """The nodes of ``sgf`` after ``at``, played on ``board`` and taken back."""
        nodes, variations = sgf
        played = 0
        for line, props in nodes:
            colours = [c for c in ("B", "W") if c in props]
            if len(colours) > 1:
                raise RecordError(f"SGF line {line}: expected one move in a node, found B and W")
            if colours:
                colour = colours[0]
                expected = first if len(board.move_stack) % 2 == 0 else first.other
                if (Stone.X if colour == "B" else Stone.O) is not expected:
                    raise RecordError(
                        f"SGF line {line}: expected a move of {'B' if expected is Stone.X else 'W'} "
                        f"(players alternate), found {colour}"
                    )
                value = props[colour][0]
                if value == "":
                    raise RecordError(f"SGF line {line}: a pass; expected a point (gomoku has no passes)")
                move = point(value, f"SGF line {line}: {colour}")
                try:
                    board.play(move)
                except BoardError as exc:
                    number = len(board.move_stack) + 1
                    raise RecordError(f"SGF line {line}: move {number} ({move[0]},{move[1]}): {exc}") from None
                played += 1
                try:
                    at = tree.add(at, move)
                except ValueError:
                    raise RecordError(f"SGF line {line}: {colour}[{value}] is already a variation there") from None
            if "C" in props:
                at.comment = "\n\n".join(c for c in (at.comment, props["C"][0]) if c)
        for variation in variations:
            add(at, variation)
        for _ in range(played):
            board.pop()

    try:
        add(tree.root, sgf_tree)
    except RecursionError:
        raise RecordError("SGF: variations nested too deeply to read") from None
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
    return GameRecord.from_tree(tree, result, metadata)
