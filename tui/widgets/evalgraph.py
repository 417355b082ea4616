"""The evaluation graph of a reviewed game: X's win chance after each move, in the
terminal, with the mistakes and blunders marked and the selected move's position
shown by a vertical line.

It is a ``PlotextPlot`` (textual-plotext: Plotext, a terminal plotting library,
in a Textual widget that follows the app's theme): axes, ticks and a braille
line for free, redrawn to the widget's size at every render, so it keeps
working in an 80x24 terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual_plotext import PlotextPlot

from gomoku.review.plot import COLOURS

__all__ = ["MARK_COLOURS", "EvalGraph", "tick_step"]


def _rgb(colour: str) -> tuple[int, int, int]:
    """``"#d62728"`` as (214, 39, 40)."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


MARK_COLOURS = {grade: _rgb(colour) for grade, colour in COLOURS.items()}
"""The marks' colours, the SVG graph's (``gomoku.review.plot.COLOURS``)."""


def tick_step(plies: int, most: int = 8) -> int:
    """A round step between the x axis's ticks (1, 2, 5, 10, 20, 50, ...) that
    puts at most ``most`` of them on ``plies`` plies.

    >>> tick_step(7), tick_step(30), tick_step(61), tick_step(400)
    (1, 5, 10, 50)
    """
    step, scale = 1, 1
    while plies / step > most:
        for factor in (2, 5, 10):
            step = factor * scale
            if plies / step <= most:
                return step
        scale *= 10
    return step


class EvalGraph(PlotextPlot):
    """X's chance (0-100%) over the plies of a game.

    ``show(points, marks)`` gives the data: ``points[n]`` is X's chance after
    n moves (0..1), ``marks`` the (0-based ply of a move, its class) to mark;
    ``select(ply)`` moves the line that shows the selected move.
    """

    DEFAULT_CSS = """
    EvalGraph {
        height: 10;
        width: 1fr;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.points: list[float] = []
        self.marks: list[tuple[int, str]] = []
        self.cursor: int | None = None

    def show(self, points: Sequence[float], marks: Sequence[tuple[int, str]] = ()) -> None:
        """Plot X's chances ``points`` with ``marks`` (see the class)."""
        self.points = list(points)
        self.marks = list(marks)
        self.replot()

    def select(self, ply: int | None) -> None:
        """Show the position after the move of 0-based ``ply`` (None: no line)."""
        self.cursor = None if ply is None else ply + 1
        self.replot()

    def replot(self) -> None:
        """Draw the data again (the widget renders it at its current size)."""
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        count = len(self.points)
        plt.ylim(0, 100)
        plt.yticks([0, 50, 100], ["0%", "50%", "100%"])
        plt.xlim(0, max(1, count - 1))
        ticks = list(range(0, max(1, count - 1) + 1, tick_step(count - 1)))
        plt.xticks([float(t) for t in ticks], [str(t) for t in ticks])
        plt.xlabel("moves played")
        plt.horizontal_line(50, color="gray")
        if count:
            plt.plot(list(range(count)), [100 * p for p in self.points], marker="braille", color=(31, 119, 180))
        for grade in ("inaccuracy", "mistake", "blunder"):
            chosen = [ply + 1 for ply, g in self.marks if g == grade and ply + 1 < count]
            if chosen:
                plt.scatter(chosen, [100 * self.points[n] for n in chosen], marker="●", color=MARK_COLOURS[grade])
        if self.cursor is not None and 0 <= self.cursor < count:
            plt.vertical_line(self.cursor, color=(150, 150, 150))
        self.refresh()
