"""The evaluation graph of a review: X's chance over the game, the inaccuracies,
mistakes and blunders marked on it (each class its colour and marker, in a
legend), written as SVG (our own writer, no dependency) or PNG (matplotlib, the
optional ``plot`` extra: ``pip install 'endless-gomoku[plot]'``).

The point at n is X's chance in the position after n moves (0: the start); a
move's mark sits where it left the curve, at the position it made. The ticks
of the move axis are whole move numbers (``move_ticks``).

>>> points = [0.5, 0.55, 0.2, 0.25, 0.0]
>>> text = svg(points, [(1, "blunder"), (3, "mistake"), (0, "inaccuracy")], title="a game")
>>> text.startswith("<svg") and text.count("<title>move") == 3 and "a game" in text
True
>>> check_plot("graph.gif")
Traceback (most recent call last):
...
ValueError: --plot graph.gif: expected a .svg or .png file
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

__all__ = ["COLOURS", "MARKED", "MARKERS", "FORMATS", "plot_points", "move_ticks", "svg", "check_plot", "write_plot"]

COLOURS = {"mistake": "#e69f00", "blunder": "#d62728", "inaccuracy": "#56b4e9"}
"""The marks' colours (the same hues as the app's review screen)."""

MARKED = ("inaccuracy", "mistake", "blunder")
"""The classes marked on the graph, mildest first."""

MARKERS = {"inaccuracy": "o", "mistake": "s", "blunder": "D"}
"""The marks' shapes, as matplotlib names them (the SVG draws the same): a circle,
a square, a diamond."""

FORMATS = (".svg", ".png")
"""The graph's file types: SVG always, PNG with matplotlib."""

_W, _H = 720, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 16, 32, 36


def plot_points(review: Any) -> tuple[list[float], list[tuple[int, str]]]:
    """X's chances and the marks ``(ply of the move, class)`` of a ``Review``'s
    inaccuracies, mistakes and blunders."""
    marks = [(m.ply, m.grade) for m in review.moves if m.grade in MARKED]
    return review.x_chances(), marks


def move_ticks(count: int, most: int = 10) -> list[int]:
    """The ticks of the move axis for ``count`` points (0 to ``count - 1`` moves
    played): whole numbers, a round step apart (1, 2, 5, 10, 20, 50, ...), at most
    ``most`` + 1 of them.

    >>> move_ticks(6), move_ticks(22)
    ([0, 1, 2, 3, 4, 5], [0, 5, 10, 15, 20])
    >>> move_ticks(61)
    [0, 10, 20, 30, 40, 50, 60]
    """
    last = max(count - 1, 1)
    scale = 1
    while True:
        for factor in (1, 2, 5):
            step = factor * scale
            if last / step <= most:
                return list(range(0, last + 1, step))
        scale *= 10


def _marker(shape: str, x: float, y: float, colour: str, size: float = 5.0) -> str:
    """An SVG element of a mark's shape (``MARKERS``), its title to be added inside."""
    if shape == "s":
        side = 2 * size
        return f'<rect x="{x - size:.1f}" y="{y - size:.1f}" width="{side:.1f}" height="{side:.1f}" fill="{colour}"'
    if shape == "D":
        r = size * 1.35
        points = f"{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}"
        return f'<polygon points="{points}" fill="{colour}"'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size:.1f}" fill="{colour}"'


def _x(n: int, count: int) -> float:
    return _LEFT + (_W - _LEFT - _RIGHT) * (n / max(count - 1, 1))


def _y(p: float) -> float:
    return _TOP + (_H - _TOP - _BOTTOM) * (1.0 - p)


def svg(points: Sequence[float], marks: Sequence[tuple[int, str]] = (), title: str = "X's win chance") -> str:
    """The graph as an SVG document: ``points`` X's chance after each ply (the
    first at the start), ``marks`` the moves to mark by their 0-based ply."""
    count = len(points)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" viewBox="0 0 {_W} {_H}" '
        'font-family="sans-serif" font-size="11">',
        f'<rect width="{_W}" height="{_H}" fill="white"/>',
        f'<text x="{_W / 2:.0f}" y="18" text-anchor="middle" font-size="13">{escape(title)}</text>',
    ]
    for p in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = _y(p)
        dash = ' stroke-dasharray="4 3"' if p == 0.5 else ""
        out.append(f'<line x1="{_LEFT}" y1="{y:.1f}" x2="{_W - _RIGHT}" y2="{y:.1f}" stroke="#bbbbbb"{dash}/>')
        out.append(f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{round(p * 100)}%</text>')
    for n in move_ticks(count):
        x = _x(n, count)
        bottom = _H - _BOTTOM
        out.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}" stroke="#555555"/>')
        out.append(f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle">{n}</text>')
    out.append(f'<text x="{_W / 2:.0f}" y="{_H - 6}" text-anchor="middle">moves played</text>')
    if count:
        area = " ".join(f"{_x(n, count):.1f},{_y(p):.1f}" for n, p in enumerate(points))
        base = _y(0.5)
        out.append(
            f'<polygon points="{_x(0, count):.1f},{base:.1f} {area} {_x(count - 1, count):.1f},{base:.1f}" '
            'fill="#1f77b4" fill-opacity="0.12" stroke="none"/>'
        )
        out.append(f'<polyline points="{area}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    for ply, grade in marks:
        n = ply + 1
        if 0 <= n < count and grade in MARKERS:
            mark = _marker(MARKERS[grade], _x(n, count), _y(points[n]), COLOURS[grade])
            out.append(
                f'<g class="mark {grade}">{mark} stroke="black" stroke-width="0.5"/>'
                f"<title>move {ply + 1}: {escape(grade)}</title></g>"
            )
    for k, grade in enumerate(MARKED):
        x = _W - _RIGHT - 250 + 85 * k
        mark = _marker(MARKERS[grade], x, 14, COLOURS[grade], 4.5)
        out.append(
            f'<g class="legend">{mark} stroke="black" stroke-width="0.5"/><text x="{x + 9}" y="18">{grade}</text></g>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _pyplot() -> Any:
    """matplotlib's pyplot on its file-only backend, or a ValueError naming the extra."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise ValueError(
            "a .png graph needs matplotlib: pip install 'endless-gomoku[plot]' (or write a .svg)"
        ) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def check_plot(path: str | os.PathLike[str]) -> Path:
    """``path`` if a graph can be written there (a .svg, or a .png with matplotlib,
    in a folder that exists); else a one-line ValueError. Checked before a review
    starts, so that a minute of review is not lost on a bad name."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"--plot {path}: expected a .svg or .png file")
    if path.is_dir():
        raise ValueError(f"--plot {path}: is a folder")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"--plot {path}: no folder {folder}")
    if suffix == ".png":
        _pyplot()
    return path


def write_plot(review: Any, path: str | os.PathLike[str], title: str = "X's win chance") -> Path:
    """Write the graph of ``review`` to ``path`` (.svg or .png, by its suffix)."""
    path = check_plot(path)
    points, marks = plot_points(review)
    if path.suffix.lower() == ".svg":
        path.write_text(svg(points, marks, title), encoding="utf-8")
        return path
    plt = _pyplot()
    figure = _png(plt, points, marks, title)
    try:
        figure.savefig(path, format="png")
    finally:
        plt.close(figure)
    return path


def _png(plt: Any, points: Sequence[float], marks: Sequence[tuple[int, str]], title: str) -> Any:
    """The PNG's matplotlib figure: the curve, a mark for each class, the legend, whole move ticks."""
    figure, axes = plt.subplots(figsize=(8, 3.2), dpi=100)
    axes.plot(range(len(points)), [100 * p for p in points], color="#1f77b4", linewidth=2)
    axes.axhline(50, color="#bbbbbb", linestyle="--", linewidth=1)
    for grade in MARKED:
        chosen = [ply + 1 for ply, g in marks if g == grade and ply + 1 < len(points)]
        axes.scatter(
            chosen,
            [100 * points[n] for n in chosen],
            color=COLOURS[grade],
            marker=MARKERS[grade],
            label=grade,
            zorder=3,
            edgecolors="black",
            linewidths=0.5,
            clip_on=False,
        )
    axes.set_ylim(0, 100)
    axes.set_xlim(0, max(1, len(points) - 1))
    axes.set_xticks(move_ticks(len(points)))
    axes.set_ylabel("X's chance (%)")
    axes.set_xlabel("moves played")
    axes.set_title(title)
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small", frameon=False)  # beside the curve
    figure.tight_layout()
    return figure
