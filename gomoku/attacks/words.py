"""The attack scanner's breakdown of a cell in words (``explain``, ``gomoku.attacks.scanner``).

The scanner writes an attack as ``[power:potential/divider]``: its stones, its
open ends and 1 + the empty cells between it and the stone played (1 for the
run through the cell itself, the *central* attack). People say "open three".
This module says it: each attack by its shape and its notation, each line by
its room and the threat it holds (its *breakpoint*), each side by its weight
and its bonuses, numbers rounded to what a reader needs (``format_weight``, the
one formatter of a weight: also exact, for a breakdown whose parts add up, and
in a fixed width, for a grid's cells).

Everything reads the plain data of ``CellExplanation.to_dict()`` (what the CLI
and the app pass around), or the scanner's objects themselves, which are turned
into that data first. ``k`` is the win length of the rules (five in a row
unless they say otherwise): a shape is named by its stones, and the threats by
how far they are from ``k``.

>>> from gomoku.board import Board
>>> from gomoku.attacks.scanner import explain
>>> board = Board(moves=[(0, 0), (1, 1), (1, 0), (2, 2), (2, 0)])
>>> print(describe(explain(board, (3, 0))))
cell 3,0, O to move: weight 102 (X 101 + O 0.85)
X 101
  row: room 11, breakpoint: open four
    open four [4:2], 100
  column: room 11
    open one [1:2], 0.25
  diagonal: room 11
    open one [1:2], 0.25
  anti-diagonal: room 11
    open one [1:2], 0.25
O (to move) 0.85
  row: room 6
    closed one [1:1], 0.1
  column: room 11
    open one [1:2], 0.25
  diagonal: room 11
    open one [1:2], 0.25
  anti-diagonal: room 11
    open one [1:2], 0.25
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "LEGEND",
    "count_word",
    "format_weight",
    "shape",
    "attack_words",
    "breakpoint_words",
    "line_words",
    "room_words",
    "threat_words",
    "direction_words",
    "stone_words",
    "bonus_words",
    "describe",
]

LEGEND = "[stones:open ends/1+gap], weight"
"""The notation in one line: an attack's stones, its open ends (0-2) and its
divider (1 + the empty cells between it and the cell; left out when 1), then
its weight."""

_COUNTS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ENDS = {2: "open", 1: "closed", 0: "dead"}


def count_word(n: int) -> str:
    """A number of stones in a word, from one to ten; figures after that.

    >>> count_word(3), count_word(12)
    ('three', '12')
    """
    return _COUNTS[n - 1] if 1 <= n <= len(_COUNTS) else str(n)


def format_weight(weight: float, width: int | None = None, *, exact: bool = False) -> str:
    """A weight (a cell's, a line's, an attack's, a bonus) as text, in one of three forms.

    Rounded for reading (the default): whole from 100 up, one decimal from 1,
    two below, no trailing zeros.

    >>> [format_weight(w) for w in (100.75, 7.0, 8.625, 12.5, 0.25, 0.125, 0.1, 0.0, -3.5)]
    ['101', '7', '8.6', '12.5', '0.25', '0.12', '0.1', '0', '-3.5']

    ``exact``: every decimal the table's divisions make, up to four, without
    float noise (a breakdown whose parts add up).

    >>> [format_weight(w, exact=True) for w in (0.125, 2.0000000000000004, 1 / 12)]
    ['0.125', '2', '0.0833']

    ``width`` (3 or more; ``exact`` is then ignored): right-aligned in exactly
    ``width`` characters, for a grid's cells: one decimal below 10, whole
    numbers while they fit, then thousands (``k``) and millions (``M``, under
    a million in tenths: ``.3M``).

    >>> [format_weight(w, 3) for w in (0.25, 8.625, 101.5, 999.4, 1250.0, 301000.0)]
    ['0.2', '8.6', '102', '999', ' 1k', '.3M']
    >>> [format_weight(w, 5) for w in (2.0, 101.5, 12345.0, 301000.0)]
    ['  2.0', '  102', '12345', ' 301k']
    """
    if width is not None:
        return _fitted(weight, width).rjust(width)
    if exact:
        text = f"{weight:.4f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    size = abs(weight)
    text = f"{weight:.0f}" if size >= 99.5 else f"{weight:.1f}" if size >= 1 else f"{weight:.2f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _fitted(weight: float, width: int) -> str:
    """``format_weight``'s fixed-width form, before its alignment."""
    if weight < 9.95:
        return f"{weight:.1f}"
    text = f"{weight:.0f}"
    for scale, suffix in ((1_000, "k"), (1_000_000, "M")):
        if len(text) <= width:
            return text
        tenths = round(weight / (scale // 10))
        text = f".{tenths}{suffix}" if tenths < 10 else f"{weight / scale:.0f}{suffix}"
    return text if len(text) <= width else f"{10 ** (width - 1) - 1}M"


def shape(power: int, potential: int, k: int = 5) -> str:
    """An attack's shape in gomoku's words: its open ends, then its stones; a run of
    ``k`` is a five (``k`` in a row), a longer one an overline.

    >>> shape(3, 2), shape(4, 1), shape(2, 0), shape(5, 1), shape(6, 2), shape(3, 2, k=3)
    ('open three', 'closed four', 'dead two', 'five', 'overline', 'three in a row')
    """
    if power > k:
        return "overline"
    if power == k:
        return "five" if k == 5 else f"{count_word(k)} in a row"
    return f"{_ENDS.get(potential, str(potential))} {count_word(power)}"


def _plain(item: Any) -> Any:
    """The scanner's object as its plain data (``to_dict``); plain data as it is."""
    to_dict = getattr(item, "to_dict", None)
    return to_dict() if callable(to_dict) else item


def attack_words(attack: Any, k: int = 5) -> str:
    """One attack (``Attack`` or its data): shape, notation, weight. The central
    attack (through the cell) has divider 1, left out of the notation; a side
    attack says how many empty cells lie between it and the cell.

    >>> attack_words({"power": 3, "potential": 2, "divider": 1, "central": True, "weight": 7.0})
    'open three [3:2], 7'
    >>> attack_words({"power": 1, "potential": 2, "divider": 2, "central": False, "weight": 0.125})
    'open one past 1 gap [1:2/2], 0.12'
    """
    data = _plain(attack)
    power, potential, divider = int(data["power"]), int(data["potential"]), int(data["divider"])
    text = shape(power, potential, k)
    if divider > 1:
        gaps = divider - 1
        text += f" past {gaps} gap{'s' if gaps > 1 else ''}"
    notation = f"[{power}:{potential}]" if divider == 1 else f"[{power}:{potential}/{divider}]"
    return f"{text} {notation}, {format_weight(float(data.get('weight', 0.0)))}"


def breakpoint_words(attacks: Sequence[Any], k: int = 5) -> str | None:
    """What makes a line a breakpoint (one careless reply loses), from its kept
    attacks, by the scanner's own rule: a five, a four, an open three, or a run
    one empty cell from another that together make a broken three or four. None
    when the line holds none.

    >>> central = {"power": 2, "potential": 2, "divider": 1, "central": True}
    >>> side = {"power": 1, "potential": 2, "divider": 2, "central": False}
    >>> breakpoint_words([central, side]), breakpoint_words([central])
    ('broken three', None)
    >>> breakpoint_words([{"power": 4, "potential": 1, "divider": 1, "central": True}])
    'four'
    """
    runs = [_plain(a) for a in attacks]
    central = next((a for a in runs if a.get("central")), None)
    if central is None:
        return None
    power, potential = int(central["power"]), int(central["potential"])
    if power >= k:
        return shape(power, potential, k)
    if power == k - 1:
        return f"{'open ' if potential == 2 else ''}{count_word(power)}"
    if power == k - 2 and potential == 2:
        return f"open {count_word(power)}"
    for side in runs:
        if side.get("central") or int(side["divider"]) != 2:
            continue
        bonus = 1 if int(side["potential"]) == 2 and potential == 2 else 0
        stones = power + int(side["power"])
        if stones + bonus >= k - 1:
            return f"broken {count_word(min(stones, k - 1))}"
    return None


def direction_words(direction: Sequence[int]) -> str:
    """A line's direction in words (x to the right, y downwards, as the files have it).

    >>> direction_words((1, 0)), direction_words((1, -1)), direction_words((0, 0, 1))
    ('row', 'anti-diagonal', 'line (0,0,1)')
    """
    names: dict[tuple[int, ...], str] = {(1, 0): "row", (0, 1): "column", (1, 1): "diagonal", (1, -1): "anti-diagonal"}
    key = tuple(int(c) for c in direction)
    return names.get(key, "line (" + ",".join(str(c) for c in key) + ")")


def room_words(line: Any, k: int = 5) -> str:
    """A line's room (``attackplace``: the cells a five could use, at most 2k + 1), or
    why it gives nothing (``LineScan`` or its data).

    >>> room_words({"attackplace": 11}), room_words({"attackplace": 4})
    ('room 11', 'room 4: no five fits')
    """
    room = int(_plain(line).get("attackplace", 0))
    return f"room {room}" if room >= k else f"room {room}: no {shape(k, 2, k)} fits"


def threat_words(line: Any, k: int = 5) -> str | None:
    """What a line threatens (``LineScan`` or its data): a five made, a breakpoint and
    its kind; None for a line that holds neither.

    >>> threat_words({"five": True, "attacks": []}), threat_words({"breakpoint": False, "attacks": []})
    ('makes five', None)
    """
    data = _plain(line)
    if data.get("five"):
        return f"makes {shape(k, 2, k)}"
    if data.get("breakpoint"):
        kind = breakpoint_words(data.get("attacks", ()), k)
        return f"breakpoint: {kind}" if kind else "breakpoint"
    return None


def line_words(line: Any, k: int = 5) -> str:
    """A line's verdict (``LineScan`` or its data), its direction left to the caller:
    its room and its threat (``room_words``, ``threat_words``).

    >>> line_words({"attackplace": 11, "breakpoint": True, "five": False,
    ...             "attacks": [{"power": 3, "potential": 2, "divider": 1, "central": True}]})
    'room 11, breakpoint: open three'
    >>> line_words({"attackplace": 4, "breakpoint": False, "five": False, "attacks": []})
    'room 4: no five fits'
    """
    room = room_words(line, k)
    threat = threat_words(line, k) if int(_plain(line).get("attackplace", 0)) >= k else None
    return f"{room}, {threat}" if threat else room


def bonus_words(stone: Any, k: int = 5) -> list[str]:
    """A side's bonuses in words (``StoneWeight`` or its data): the fork's, for two
    breakpoint lines, and the finishing one, for a five made by the side to move.

    >>> bonus_words({"fork_bonus": 100.0, "finish_bonus": 0.0})
    ['fork +100: two breakpoint lines']
    """
    data = _plain(stone)
    words = []
    if float(data.get("fork_bonus", 0.0)):
        words.append(f"fork +{format_weight(float(data['fork_bonus']))}: two breakpoint lines")
    if float(data.get("finish_bonus", 0.0)):
        words.append(f"finishing +{format_weight(float(data['finish_bonus']))}: makes {shape(k, 2, k)} now")
    return words


def stone_words(name: str, stone: Any, to_move: bool = False) -> str:
    """A side's heading: its name, whether it is to move, and its stone weight.

    >>> stone_words("X", {"weight": 100.75}, to_move=True)
    'X (to move) 101'
    """
    data = _plain(stone)
    return f"{name}{' (to move)' if to_move else ''} {format_weight(float(data.get('weight', 0.0)))}"


def describe(explanation: Any, k: int = 5) -> str:
    """The whole breakdown of a cell (``CellExplanation`` or its data) as text: the
    cell weight, then for X and O their weight, each line with its attacks, and
    their bonuses (the module's docstring shows one)."""
    data: Mapping[str, Any] = _plain(explanation)
    stones = data.get("stones", {})
    point = ",".join(str(c) for c in data.get("point", ()))
    to_move = data.get("to_move", "?")
    parts = " + ".join(
        f"{name} {format_weight(float(stones[name].get('weight', 0.0)))}" for name in ("X", "O") if name in stones
    )
    lines = [f"cell {point}, {to_move} to move: weight {format_weight(float(data.get('weight', 0.0)))} ({parts})"]
    for name in ("X", "O"):
        stone = stones.get(name)
        if stone is None:
            continue
        lines.append(stone_words(name, stone, name == to_move))
        for line in stone.get("lines", ()):
            lines.append(f"  {direction_words(line.get('direction', ()))}: {line_words(line, k)}")
            lines.extend(f"    {attack_words(attack, k)}" for attack in line.get("attacks", ()))
        lines.extend(f"  {words}" for words in bonus_words(stone, k))
    return "\n".join(lines)
