"""Piskvork PSQ game records (``.psq``), read and written: a header, one
1-based ``x,y,ms`` line a move, then our ``;gomoku:`` line with the offset,
rules and result, so that a game on the endless board reads back to the same
points.

>>> from gomoku.board import Board
>>> record = GameRecord.from_board(Board(moves=[(0, 0), (1, 1), (-1, 0)]))
>>> parse_psq(format_psq(record)).moves
[(0, 0), (1, 1), (-1, 0)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gomoku.board import Point
from gomoku.records.game import (
    RESULTS,
    GameRecord,
    RecordError,
    fit_board,
    parse_int,
    parse_point,
    rules_by_name,
    whole_number,
)

__all__ = ["PSQ_MAX", "format_psq", "parse_psq"]

PSQ_MAX = 999
"""The widest board this module writes as PSQ (Piskvork itself plays on far smaller ones)."""


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
    offset, (width, height) = fit_board(record, PSQ_MAX, 20, "PSQ")
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
    width, height = (whole_number(header.group(i), "PSQ line 1: the board size") for i in (1, 2))
    if not (1 <= width <= PSQ_MAX and 1 <= height <= PSQ_MAX):
        raise RecordError(f"PSQ line 1: expected a board size from 1 to {PSQ_MAX}, found {width}x{height}")
    raw: list[tuple[int, int, int]] = []
    trailer = len(lines)
    for index in range(1, len(lines)):
        match = _PSQ_MOVE.fullmatch(lines[index])
        if not match:
            trailer = index
            break
        raw.append(
            (
                index + 1,
                whole_number(match.group(1), f"PSQ line {index + 1}"),
                whole_number(match.group(2), f"PSQ line {index + 1}"),
            )
        )
    tags: dict[str, str] = {}
    tag_line = 0
    for index in range(trailer, len(lines)):
        stripped = lines[index].strip()
        if stripped.lower().startswith(_PSQ_TAG):
            tag_line = index + 1
            for item in stripped[len(_PSQ_TAG) :].split():
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
    k = parse_int(tags.get("k", "5"), f"{where}: k")
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
    rules = rules_by_name("" if name == "-" else name, overline, k, bounds)
    moves: list[Point] = []
    for line_number, x, y in raw:
        if not (1 <= x <= width and 1 <= y <= height):
            raise RecordError(
                f"PSQ line {line_number}: {x},{y} lies outside the {width}x{height} board (coordinates count from 1)"
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
