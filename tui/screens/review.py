"""The review screen: a game reviewed move by move (``gomoku.review``), with the
evaluation graph, the classes in colour, the summary, and the selected move's
reason and better move.

The review runs in a thread worker (it takes about a second a position) while a
progress bar fills; the screen stays responsive and Escape stops it.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, ProgressBar, Static

from gomoku.board import Point, Rules, Stone, format_point
from gomoku.engine.chance import percent
from gomoku.review import GRADES, MoveReview, Review, ReviewStopped, review_game
from gomoku.review.plot import COLOURS, plot_points
from tui.screens.once import AnswersOnce
from tui.widgets.evalgraph import EvalGraph

__all__ = ["GRADE_STYLES", "ReviewScreen", "chance_text"]

GRADE_STYLES = {
    "best": "bold green",
    "good": "green",
    "inaccuracy": COLOURS["inaccuracy"],
    "mistake": f"bold {COLOURS['mistake']}",
    "blunder": f"bold {COLOURS['blunder']}",
}
"""The colour of each class in the move list (the graph's marks have the same hues)."""


def chance_text(move: MoveReview) -> str:
    """The mover's chance before and after the move, or the proven results.

    >>> from gomoku.review.judge import Judgement
    >>> even = Judgement(0.0, 0.5, (0, 0))
    >>> chance_text(MoveReview(0, (0, 0), Stone.X, "good", 0.55, 0.5, None, "", (), even, even))
    '55% -> 50%'
    """
    data = move.to_dict()
    before = data.get("result_before") or f"{percent(move.chance_before)}%"
    after = data.get("result_after") or f"{percent(move.chance_after)}%"
    return f"{before} -> {after}"


class ReviewScreen(AnswersOnce, Screen[int | None]):
    """The review of a game, for the app to push:
    ``app.push_screen(ReviewScreen(moves, rules), callback)``.

    ``moves`` are the game's moves (X first, or ``first`` after ``setup``
    stones) under ``rules``; ``nodes`` nodes a position (the judge's
    ``DEFAULT_NODES`` when neither is given: the same review every time) or
    ``time`` seconds; ``engine`` the engine that searches (a new one by
    default, at the judge's ``JUDGE_LEVEL``: never the app's own, which may
    be thinking), ``threats`` whether the threat solver looks for wins
    besides it (see ``gomoku.review.review_game``).

    Dismissed with the 0-based ply of the move selected when Enter is pressed
    on it (the app may then show the position of that move), or with None on
    Escape (which also stops a review still running).
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
    ]

    DEFAULT_CSS = """
    ReviewScreen {
        layout: vertical;
    }
    ReviewScreen #review-title {
        height: 1;
        text-style: bold;
        padding: 0 1;
    }
    ReviewScreen #review-progress {
        height: 1;
        padding: 0 1;
    }
    ReviewScreen EvalGraph {
        height: 30%;
        min-height: 6;
    }
    ReviewScreen #review-moves {
        height: 1fr;
    }
    ReviewScreen #review-detail {
        height: auto;
        max-height: 4;
        padding: 0 1;
        background: $boost;
    }
    ReviewScreen #review-summary {
        height: auto;
        max-height: 2;
        padding: 0 1;
    }
    ReviewScreen #review-keys {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    """

    def __init__(
        self,
        moves: Sequence[Point],
        rules: Rules,
        *,
        time: float | None = None,
        nodes: int | None = None,
        engine: object | None = None,
        threats: bool = True,
        setup: Mapping[Point, Stone] | None = None,
        first: Stone | None = None,
        name: str | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id)
        self.moves = [tuple(m) for m in moves]
        self.rules = rules
        self.options: dict[str, Any] = {
            "time": time,
            "nodes": nodes,
            "engine": engine,
            "threats": threats,
            "setup": setup,
            "first": first,
        }
        self.stop = threading.Event()
        self.review: Review | None = None
        self.error: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(f"Review of {len(self.moves)} moves ({self.rules.title()})", id="review-title")
        yield ProgressBar(total=len(self.moves) + 2, show_eta=False, id="review-progress")
        yield EvalGraph(id="review-graph")
        table: DataTable[Any] = DataTable(id="review-moves", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("reviewing: about a second a position...", id="review-detail")
        yield Static("", id="review-summary")
        yield Static("up/down: a move   Enter: go to it   Esc: close", id="review-keys")

    def on_mount(self) -> None:
        table = self.query_one("#review-moves", DataTable)
        table.add_columns("#", "side", "move", "class", "chance", "better")
        table.focus()
        self.run_review()

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def run_review(self) -> None:
        """The review, off the event loop; its progress and result come back by call_from_thread."""
        try:
            review = review_game(
                self.moves, self.rules, on_progress=self._progress_from_thread, stop=self.stop, **self.options
            )
        except ReviewStopped:
            return
        except ValueError as exc:  # a game that cannot be reviewed: said in a line
            self.app.call_from_thread(self._failed, str(exc))
            return
        except Exception as exc:  # shown on the screen, never a crash of the app
            if not self.stop.is_set():
                self.app.call_from_thread(self._failed, f"{type(exc).__name__}: {exc}")
            return
        if not self.stop.is_set():
            self.app.call_from_thread(self._show, review)

    def _progress_from_thread(self, done: int, total: int) -> None:
        if not self.stop.is_set():
            self.app.call_from_thread(self._progress, done, total)

    def _progress(self, done: int, total: int) -> None:
        if self.is_attached:
            self.query_one("#review-progress", ProgressBar).update(total=total, progress=done)

    def _failed(self, message: str) -> None:
        if not self.is_attached:
            return
        self.error = message
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-detail", Static).update(f"no review: {message}")

    def _show(self, review: Review) -> None:
        """Fill the list, the graph and the summary."""
        if not self.is_attached:
            return
        self.review = review
        self.query_one("#review-progress", ProgressBar).display = False
        table = self.query_one("#review-moves", DataTable)
        for move in review.moves:
            table.add_row(
                str(move.ply + 1),
                move.side.name,
                format_point(move.move),
                Text(move.grade, style=GRADE_STYLES[move.grade], justify="left"),
                chance_text(move),
                format_point(move.better) if move.better is not None else "",
                key=str(move.ply),
            )
        points, marks = plot_points(review)
        graph = self.query_one(EvalGraph)
        graph.marks = [(m.ply, m.grade) for m in review.moves if m.grade in ("inaccuracy", "mistake", "blunder")]
        graph.show(points, graph.marks)
        self.query_one("#review-summary", Static).update(self.summary_text(review))
        if review.moves:
            self._select(0)

    @staticmethod
    def summary_text(review: Review) -> str:
        """Each side's classes counted and its accuracy, a line each."""
        summary = review.summary()
        lines = []
        for side in ("X", "O"):
            counts = summary["counts"][side]
            if sum(counts.values()):
                parts = " ".join(f"{grade} {counts[grade]}" for grade in GRADES)
                lines.append(f"{side}: {parts}  accuracy {summary['accuracy'][side]}%")
        return "\n".join(lines)

    def _select(self, ply: int) -> None:
        if self.review is None or not 0 <= ply < len(self.review.moves):
            return
        move = self.review.moves[ply]
        text = Text()
        text.append(f"{move.ply + 1}. {move.side.name} {format_point(move.move)} ")
        text.append(move.grade, style=GRADE_STYLES[move.grade])
        text.append(f": {move.reason}")
        if move.better is not None:
            text.append(f"  better: {format_point(move.better)}")
        self.query_one("#review-detail", Static).update(text)
        self.query_one(EvalGraph).select(ply)

    @property
    def selected(self) -> int | None:
        """The 0-based ply of the move under the list's cursor (None before the review is in)."""
        if self.review is None or not self.review.moves:
            return None
        return self.query_one("#review-moves", DataTable).cursor_row

    @on(DataTable.RowHighlighted, "#review-moves")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._select(event.cursor_row)

    @on(DataTable.RowSelected, "#review-moves")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        if self.review is not None:
            self.dismiss(event.cursor_row)

    def action_close(self) -> None:
        """Escape: stop a review still running and close with None."""
        self.stop.set()
        self.dismiss(None)
