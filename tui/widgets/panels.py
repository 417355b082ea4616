"""The side panel's texts: the cell breakdown, the hint, the overlay's legend
(and the hint on one line, for the summary under the board).

Each is a pure function from plain data to a ``rich.text.Text``, so it is
checked without an app; the widgets only show what these return.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text

from gomoku.board import Point, format_point
from tui.widgets.frame import HEAT_COLOURS, format_weight

DIRECTION_NAMES = {(1, 0): "─ row", (0, 1): "│ column", (1, 1): "╲ diagonal", (1, -1): "╱ diagonal"}
"""How a line's direction is shown (y grows downwards on screen)."""

AXES = "xyzwvu"


def direction_name(direction: tuple[int, ...], flipped: bool = False) -> str:
    """How the breakdown names a line's direction: as drawn on a flat board (whose y
    runs up the screen when ``flipped``, under gravity), else by the axes it runs
    along (z runs through the layers of a 3-D board).

    >>> direction_name((1, -1)), direction_name((1, -1), flipped=True)
    ('╱ diagonal', '╲ diagonal')
    >>> direction_name((0, 0, 1)), direction_name((1, 0, -1))
    ('z axis', 'diagonal x -z')
    """
    if direction in DIRECTION_NAMES:
        if flipped:  # y runs up the screen: the two diagonals swap their looks
            direction = {(1, 1): (1, -1), (1, -1): (1, 1)}.get(direction, direction)
        return DIRECTION_NAMES[direction]
    parts = [("-" if c < 0 else "") + axis for c, axis in zip(direction, AXES) if c]
    if len(parts) == 1:
        return f"{parts[0]} axis"
    return "diagonal " + " ".join(parts)


def _number(value: float) -> str:
    """A weight without trailing zeros: 7.0 -> '7', 0.125 -> '0.125'."""
    return f"{value:.4f}".rstrip("0").rstrip(".")


def breakdown_text(data: dict[str, Any], flipped: bool = False) -> Text:
    """A cell's explanation (``explain(...).to_dict()``) as the side panel shows it
    (``flipped``: on a board drawn with y up the screen, see ``direction_name``).

    >>> data = {"point": [3, -1], "to_move": "X", "weight": 2.0, "stones": {
    ...     "X": {"weight": 1.0, "fork_bonus": 0, "finish_bonus": 0, "lines": [
    ...         {"direction": [1, 0], "attackplace": 11, "breakpoint": False, "five": False,
    ...          "attacks": [{"power": 1, "potential": 2, "divider": 1, "central": True, "weight": 0.25}]}]},
    ...     "O": {"weight": 1.0, "fork_bonus": 0, "finish_bonus": 0, "lines": []}}}
    >>> print(breakdown_text(data).plain)
    Cell 3,-1 · X to move
    Cell weight 2
    <BLANKLINE>
    X stone weight 1
      ─ row  place 11
        [1:2/1] central  0.25
    <BLANKLINE>
    O stone weight 1
    """
    text = Text()
    point = data.get("point", [])
    text.append(f"Cell {','.join(str(c) for c in point)} · {data.get('to_move', '?')} to move\n", "bold")
    text.append(f"Cell weight {_number(float(data.get('weight', 0)))}\n", "bold yellow")
    for name in ("X", "O"):
        stone = data.get("stones", {}).get(name)
        if stone is None:
            continue
        colour = "#ffb454" if name == "X" else "#7fd7ff"
        text.append(f"\n{name} stone weight {_number(float(stone.get('weight', 0)))}\n", f"bold {colour}")
        for line in stone.get("lines", []):
            direction = tuple(line.get("direction", ()))
            label = direction_name(direction, flipped)
            text.append(f"  {label}  place {line.get('attackplace', '?')}")
            if line.get("breakpoint"):
                text.append("  breakpoint", "bold red")
            if line.get("five"):
                text.append("  five", "bold green")
            text.append("\n")
            for attack in line.get("attacks", []):
                shape = f"[{attack.get('power')}:{attack.get('potential')}/{attack.get('divider')}]"
                where = " central" if attack.get("central") else ""
                text.append(f"    {shape}{where}  {_number(float(attack.get('weight', 0)))}\n")
        if stone.get("fork_bonus"):
            text.append(f"  fork bonus +{_number(float(stone['fork_bonus']))}\n", "bold magenta")
        if stone.get("finish_bonus"):
            text.append(f"  finishing bonus +{_number(float(stone['finish_bonus']))}\n", "bold green")
    text.rstrip()
    return text


def pv_text(pv: Iterable[Point], limit: int = 8) -> str:
    """A principal variation as a move string, cut after ``limit`` moves.

    >>> pv_text([(1, 2), (3, -4)])
    '1,2 3,-4'
    >>> pv_text([(0, 0)] * 10, limit=2)
    '0,0 0,0 …'
    """
    moves = list(pv)
    text = " ".join(format_point(p) for p in moves[:limit])
    return text + (" …" if len(moves) > limit else "")


WIN_SCORE = 1_000_000
"""The search's score for a won game; a win found n plies ahead scores WIN_SCORE - n."""


def format_score(score: float) -> str:
    """A search score for people: signed, or who wins when the search proved it
    (or found it likely).

    >>> format_score(12.345), format_score(-3), format_score(999_997), format_score(-999_990)
    ('+12.3', '-3.0', 'win in 3 plies', 'loss in 10 plies')
    >>> format_score(980_000), format_score(-980_000)
    ('likely win', 'likely loss')
    """
    if abs(score) >= WIN_SCORE - 10_000:
        plies = int(WIN_SCORE - abs(score))
        return f"{'win' if score > 0 else 'loss'} in {plies} plies"
    if abs(score) >= WIN_SCORE - 20_000:
        return f"likely {'win' if score > 0 else 'loss'}"
    return f"{score:+.1f}"


def _hint_head(hint: Any, to_move: str, gap: str) -> Text:
    """``Hint for X: 3,-2``, and ``forced win!`` after ``gap`` when it is one."""
    text = Text()
    text.append(f"Hint for {to_move}: ", "bold")
    text.append(format_point(hint.move), "bold #ff7ef2")
    if hint.forced_win:
        text.append(f"{gap}forced win!", "bold green")
    return text


def hint_text(hint: Any, to_move: str, note: str = "") -> Text:
    """A hint (``Hint``: move, score, pv, depth, nodes, time, forced_win) for the panel,
    with a ``note`` line under it (the perfect player's solved value)."""
    text = _hint_head(hint, to_move, "  ")
    text.append(f"\nscore {format_score(hint.score)}  depth {hint.depth}\n")
    text.append(f"nodes {hint.nodes:,}  time {hint.time:.2f} s\n")
    text.append(f"PV {pv_text(hint.pv)}")
    if note:
        text.append(f"\n{note}", "bold")
    return text


def hint_line(hint: Any, to_move: str, note: str = "") -> Text:
    """The hint on one line, for the summary under the board when the side panel
    is hidden: the move, its score, the depth and the line (cut at the screen's edge).

    >>> from types import SimpleNamespace
    >>> hint = SimpleNamespace(move=(3, -2), score=12.5, pv=[(3, -2), (4, -3)], depth=4, forced_win=False)
    >>> print(hint_line(hint, "X", "solved: a draw").plain)
    Hint for X: 3,-2 · score +12.5 · depth 4 · solved: a draw · PV 3,-2 4,-3
    """
    text = _hint_head(hint, to_move, " ")
    text.append(f" · score {format_score(hint.score)} · depth {hint.depth}")
    if note:
        text.append(f" · {note}", "bold")
    text.append(f" · PV {pv_text(hint.pv)}")
    return text


def thinking_text(stone: str, info: Any | None) -> str:
    """The status line while the engine thinks, from its latest ``SearchInfo``."""
    if info is None:
        return f"{stone} is thinking…"
    best = format_point(info.pv[0]) if info.pv else "?"
    return (f"{stone} is thinking… depth {info.depth}  nodes {info.nodes:,}  "
            f"best {best} ({format_score(info.score)})")


def legend_text(weights: dict[Point, float]) -> Text:
    """The overlay's legend: the heat scale from the lowest to the highest weight."""
    text = Text()
    if not weights:
        text.append("Weights: no candidate cells")
        return text
    low, high = min(weights.values()), max(weights.values())
    text.append("Weights ", "bold")
    text.append(format_weight(low).strip() + " ")
    for colour in HEAT_COLOURS:
        text.append("  ", f"on {colour}")
    text.append(" " + format_weight(high).strip())
    best = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:3]
    text.append("\nbest " + "  ".join(f"{format_point(p)}={_number(w)}" for p, w in best))
    return text
