"""The puzzle screen (``z``): puzzles from your games and the shipped sets, played
on the board against the engine's defence, the threat solver the judge.

The puzzles are found in a thread worker (``gomoku.puzzles.sources.gather``: the
game in hand, your saved games newest first, then the shipped sets, each proven
before it is offered), and come onto the list as they are found; the screen opens
on the first that the record does not have as solved.

Every move is checked by ``gomoku.puzzles.play.Attempt`` in a thread worker (a VCT
puzzle's move takes a second or more): a right move gets the engine's defence
played back on the board; a wrong one is taken back, shown numbered with the
engine's refutation, and counted as a miss. ``h`` hints (the area, then the cell),
``s`` shows the solution numbered on the board, ``n`` and ``p`` go to the next and
the previous puzzle, ``r`` starts the puzzle again. Each attempt that counts (solved,
or left after a miss or the solution) goes into the record in the user's data folder
(``gomoku.puzzles.store``), with the streak of clean solves; Escape goes back.

The board on show is a copy of the attempt's: the worker plays on the attempt's own
board while the screen draws.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.screen import Screen
from textual.widgets import Static

from gomoku.board import Board, BoardError, Point, format_point
from gomoku.puzzles.play import Attempt, Outcome
from gomoku.puzzles.puzzle import NODES, SETS, Puzzle
from gomoku.puzzles.sources import HERE, gather
from gomoku.puzzles.store import (
    PuzzleRecord,
    PuzzleRecordError,
    load_record,
    newest_games,
    record_path,
    save_record,
)
from gomoku.records import GameRecord
from tui.widgets.board_view import BoardView
from tui.widgets.footer import KeysFooter

__all__ = ["MINE", "NARROW", "PuzzleScreen", "source_text", "middle"]

MINE = 10
"""How many of the user's newest saved games are looked through."""

NARROW = 100
"""Under this many columns the puzzle's text goes under the board, not beside it."""

T = TypeVar("T")


def source_text(puzzle: Puzzle) -> str:
    """Where the puzzle comes from, in short.

    >>> source_text(Puzzle("a", Board(), "win", (0, 0), source="data/puzzles/vcf.jsonl", ply=2))
    'set vcf.jsonl, line 2'
    >>> source_text(Puzzle("b", Board(), "win", (0, 0), source="/home/me/games/g1.sgf", ply=12))
    'your game g1.sgf, move 13'
    >>> source_text(Puzzle("c", Board(), "win", (0, 0), source=HERE, ply=0))
    'this game, move 1'
    """
    name = Path(puzzle.source).name
    if puzzle.source.lower().endswith(".jsonl"):
        return f"set {name}, line {puzzle.ply}"
    where = HERE if puzzle.source == HERE else f"your game {name}"
    return where if puzzle.ply is None else f"{where}, move {puzzle.ply + 1}"


def middle(board: Board) -> Point:
    """The cell in the middle of the stones (the rules' centre on an empty board).

    >>> middle(Board(moves=[(0, 0), (4, 2)]))
    (2, 1)
    """
    stones = list(board.stones)
    if not stones:
        return board.rules.centre()
    return tuple(round(sum(axis) / len(stones)) for axis in zip(*stones, strict=True))


class PuzzleScreen(Screen[None]):
    """Puzzles played on the board, for the app to push: ``app.push_screen(PuzzleScreen(...))``.

    ``puzzles`` are the puzzles to offer, proven (tests give a few); without them
    the screen finds them itself: those of ``game`` (the game in hand), of the
    ``mine`` newest games of ``games_dir`` and of the puzzle ``sets``, the solver spending ``nodes``
    threat nodes a call. The record is read from and written to ``record_file``
    (``gomoku.puzzles.store.record_path()`` by default). Dismissed with None.
    """

    BINDINGS = [
        Binding("h", "hint", "Hint"),
        Binding("s", "solution", "Solution"),
        Binding("n", "next(1)", "Next"),
        Binding("p", "next(-1)", "Previous"),
        Binding("r", "again", "Again"),
        Binding("escape", "close", "Back"),
    ]

    DEFAULT_CSS = """
    PuzzleScreen #puzzle-main {
        layout: horizontal;
        height: 1fr;
    }
    PuzzleScreen #puzzle-side {
        width: 36;
        height: 1fr;
        padding: 0 1;
    }
    PuzzleScreen #puzzle-main.narrow {
        layout: vertical;
    }
    PuzzleScreen #puzzle-main.narrow #puzzle-side {
        width: 1fr;
        height: auto;
        max-height: 7;
    }
    PuzzleScreen #puzzle-side Static {
        height: auto;
        margin-bottom: 1;
    }
    PuzzleScreen #puzzle-main.narrow #puzzle-side Static {
        margin-bottom: 0;
    }
    PuzzleScreen #puzzle-goal {
        text-style: bold;
    }
    """

    def __init__(
        self,
        puzzles: Iterable[Puzzle] | None = None,
        *,
        game: GameRecord | None = None,
        games_dir: Path | None = None,
        mine: int = MINE,
        sets: Sequence[Path] = SETS,
        nodes: int = NODES,
        record_file: Path | None = None,
        name: str | None = None,
        id: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id)
        self.stop = threading.Event()
        """Set when the screen closes: the search for puzzles ends at the next one."""
        self.notes: list[str] = []
        """Sources left out while finding puzzles (a broken file), a line each."""
        self._source: Callable[[], Iterator[Puzzle]]
        if puzzles is not None:
            given = puzzles
            self._source = lambda: iter(given)
        else:
            self._source = lambda: gather(
                game, newest_games(games_dir, mine) if games_dir else [], sets, nodes, self.stop, self._left_out
            )
        self.puzzles: list[Puzzle] = []
        self.index: int | None = None
        """The puzzle on show (None until the first one is found)."""
        self.attempt: Attempt | None = None
        self.finding = True
        self.wanted_next = False
        """``n`` was pressed on the last puzzle found: the next one found comes up."""
        self.busy: str | None = None
        """What the solver is doing for the screen (checking a move, a hint), or None."""
        self.message: Text = Text("finding puzzles: the solver proves each one first...")
        self.record_file = record_file if record_file is not None else record_path()
        self.record_error: str | None = None
        try:
            self.record = load_record(self.record_file)
        except PuzzleRecordError as exc:  # never overwritten: shown, and nothing saved
            self.record = PuzzleRecord()
            self.record_error = str(exc)

    # -- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Container(id="puzzle-main"):
            yield BoardView(Board(), id="puzzle-board")
            with Vertical(id="puzzle-side"):
                yield Static(id="puzzle-title")
                yield Static(id="puzzle-goal")
                yield Static(id="puzzle-turn")
                yield Static(id="puzzle-message")
                yield Static(id="puzzle-tally")
                yield Static(id="puzzle-record")
        yield KeysFooter()

    @property
    def board_view(self) -> BoardView:
        return self.query_one("#puzzle-board", BoardView)

    def on_mount(self) -> None:
        for widget in self.query("#puzzle-side, #puzzle-side *"):
            widget.can_focus = False
        self.board_view.focus()
        self._fit(self.app.size.width)
        self.find_puzzles()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """The text beside the board, or under it on a narrow terminal."""
        self.query_one("#puzzle-main").set_class(width < NARROW, "narrow")
        self.refresh_text()

    # -- finding the puzzles ------------------------------------------------------------
    @work(thread=True, group="puzzle-find", exit_on_error=False)
    def find_puzzles(self) -> None:
        """The puzzles, off the event loop, each onto the list as soon as it is proven."""
        try:
            for puzzle in self._source():
                if self.stop.is_set():
                    return
                self.app.call_from_thread(self._found, puzzle)
        except Exception as exc:  # a note on the screen, never a crash of the app
            self._left_out(f"{type(exc).__name__}: {exc}")
        if not self.stop.is_set():
            self.app.call_from_thread(self._all_found)

    def _left_out(self, note: str) -> None:
        """A source that could not be read: kept for the screen (from the worker's thread)."""
        self.notes.append(note)

    def _found(self, puzzle: Puzzle) -> None:
        if not self.is_attached:
            return
        self.puzzles.append(puzzle)
        if (self.index is None and not self._solved_before(puzzle)) or self.wanted_next:
            self.wanted_next = False  # the first one not solved before opens the screen
            self.show(len(self.puzzles) - 1)
        else:
            self.refresh_text()

    def _all_found(self) -> None:
        if not self.is_attached:
            return
        self.finding = False
        if self.index is None and self.puzzles:
            self.show(0)  # every one solved before: from the first
            return
        if not self.puzzles:
            notes = f" ({'; '.join(self.notes)})" if self.notes else ""
            self.message = Text(f"no puzzles found{notes}", style="bold")
        self.refresh_text()

    def _solved_before(self, puzzle: Puzzle) -> bool:
        return bool(self.record.puzzles.get(puzzle.id, {}).get("solved"))

    # -- the puzzle on show ------------------------------------------------------------
    def show(self, index: int) -> None:
        """Put puzzle ``index`` on the board, from its start."""
        self.keep_attempt()
        self.busy = None  # a check still running is for the attempt left: its answer is dropped
        self.index = index
        puzzle = self.puzzles[index]
        self.attempt = Attempt(puzzle)
        self.message = Text(f"{puzzle.side.name} to play: choose a cell and press Enter")
        view = self.board_view
        view.board = puzzle.board.copy()
        self._clear_marks()
        view.centre_on(middle(puzzle.board))
        self.refresh_text()

    def _clear_marks(self) -> None:
        view = self.board_view
        view.hint_move = None
        view.preview = ()
        view.preview_step = 0
        view.preview_first = None
        view.refresh()

    def keep_attempt(self) -> None:
        """Put the attempt on show into the record (if it counts) and save it."""
        if self.attempt is not None and self.attempt.record(self.record):
            self.save()

    def save(self) -> None:
        """Write the record; a file that could not be read is never written over."""
        if self.record_error is not None:
            return
        try:
            save_record(self.record, self.record_file)
        except PuzzleRecordError as exc:
            self.record_error = str(exc)
            self.app.notify(str(exc), severity="warning", timeout=6)

    def refresh_text(self) -> None:
        """The panel: which puzzle, the goal, whose move, what happened, the tally and the record."""
        if not self.is_mounted:
            return
        attempt = self.attempt
        more = " (finding more...)" if self.finding else ""
        apart = " · " if self.query_one("#puzzle-main").has_class("narrow") else "\n"  # under the board: a line each
        if attempt is None or self.index is None:
            title = f"Puzzles{more}"
            goal = turn = tally = ""
        else:
            puzzle = attempt.puzzle
            before = "; solved before" if self._solved_before(puzzle) and not attempt.solved else ""
            title = f"Puzzle {self.index + 1} of {len(self.puzzles)}{more}{apart}{source_text(puzzle)}{before}"
            goal = puzzle.goal()
            if attempt.solved:
                turn = "solved" + ("" if attempt.clean else " (not counted: a miss or the solution)")
            elif self.busy is not None:
                turn = self.busy
            else:
                turn = f"{attempt.board.turn.name} to move (you)"
            tally = f"misses {attempt.mistakes}  hints {attempt.hints}"
        record = self.record
        kept = f"streak {record.streak} (best {record.best_streak}){apart}"
        kept += f"solved {record.solved_count} of {record.tried_count} tried"
        if self.record_error is not None:
            kept += f"{apart}not saved: {self.record_error}"
        self.query_one("#puzzle-title", Static).update(title)
        self.query_one("#puzzle-goal", Static).update(goal)
        self.query_one("#puzzle-turn", Static).update(turn)
        self.query_one("#puzzle-message", Static).update(self.message)
        self.query_one("#puzzle-tally", Static).update(tally)
        self.query_one("#puzzle-record", Static).update(kept)

    def say(self, text: str, style: str = "") -> None:
        self.message = Text(text, style=style)
        self.refresh_text()

    # -- the solver's work ------------------------------------------------------------
    def _ready(self) -> Attempt | None:
        """The attempt on show if the screen can take a request now, else None (said why)."""
        if self.attempt is None:
            self.say("no puzzle yet: the solver is still finding them" if self.finding else "no puzzles found")
            return None
        if self.busy is not None:
            self.say(f"wait: {self.busy}")
            return None
        return self.attempt

    def ask(self, busy: str, job: Callable[[Attempt], T], done: Callable[[Attempt, T], None]) -> None:
        """Run ``job`` on the attempt in a thread worker, then ``done`` on the event loop
        (if the attempt is still the one on show); a BoardError is said in a line."""
        attempt = self._ready()
        if attempt is None:
            return
        self.busy = busy
        self._clear_marks()
        self.refresh_text()
        self._work(attempt, job, done)

    @work(thread=True, group="puzzle-solver", exit_on_error=False)
    def _work(self, attempt: Attempt, job: Callable[[Attempt], Any], done: Callable[[Attempt, Any], None]) -> None:
        try:
            result = job(attempt)
        except BoardError as exc:
            illegal = str(exc)
            self._answer(attempt, lambda: self.say(illegal, "bold"))
            return
        except Exception as exc:  # on the screen, never a crash of the app
            message = f"{type(exc).__name__}: {exc}"
            self._answer(attempt, lambda: self.say(message, "bold red"))
            return
        self._answer(attempt, lambda: done(attempt, result))

    def _answer(self, attempt: Attempt, then: Callable[[], None]) -> None:
        """Back on the event loop: the screen free again, then ``then`` (from the worker's thread)."""

        def answer() -> None:
            if not self.is_attached or attempt is not self.attempt:
                return
            self.busy = None
            self.board_view.board = attempt.board.copy()
            self.board_view.refresh()
            then()

        if not self.stop.is_set():
            self.app.call_from_thread(answer)

    # -- moves, hints, the solution ------------------------------------------------------
    @on(BoardView.CellChosen)
    def _cell_chosen(self, message: BoardView.CellChosen) -> None:
        message.stop()  # the game's app must not play it
        self.play(message.point)

    @on(BoardView.CursorMoved)
    def _cursor_moved(self, message: BoardView.CursorMoved) -> None:
        message.stop()  # the game's side panel follows its own board's cursor only

    def play(self, move: Point) -> None:
        """Play ``move`` for the solver's side; the solver says whether it is right."""
        if self.attempt is not None and self.attempt.solved:
            self.say("solved: n for the next puzzle, r to play it again")
            return
        self.ask(f"checking {format_point(move)}...", lambda attempt: attempt.play(move), self._played(move))

    def _played(self, move: Point) -> Callable[[Attempt, Outcome], None]:
        def played(attempt: Attempt, outcome: Outcome) -> None:
            view = self.board_view
            if outcome.correct and outcome.solved:
                self.keep_attempt()
                streak = f"streak {self.record.streak}" if attempt.clean else "not counted"
                self.say(f"right: {outcome.text}. Solved ({streak}): n for the next puzzle", "bold green")
            elif outcome.correct:
                self.say(f"right: {outcome.text}. Your move", "green")
            else:
                if outcome.reply is not None:  # the move and its refutation, numbered
                    view.preview = (move, outcome.reply)
                    view.preview_step = 2
                    view.preview_first = attempt.solver
                    view.refresh()
                self.say(f"wrong: {outcome.text}. Try again (a miss)", "bold red")

        return played

    def action_hint(self) -> None:
        """The next move's area, then its cell (marked on the board)."""

        def hinted(attempt: Attempt, text: str) -> None:
            if attempt.hinted is not None:
                self.board_view.hint_move = attempt.hinted
                self.board_view.refresh()
            self.say(text)

        self.ask("thinking of a hint...", lambda attempt: attempt.hint(), hinted)

    def action_solution(self) -> None:
        """The solution from the position on the board, numbered on it (the attempt no longer counts as clean)."""

        def shown(attempt: Attempt, text: str) -> None:
            view = self.board_view
            view.preview = attempt.shown_line
            view.preview_step = 0
            view.preview_first = attempt.board.turn
            view.refresh()
            self.say(text)

        if self.attempt is not None and self.attempt.solved:
            self.say("solved: n for the next puzzle, r to play it again")
            return
        self.ask("finding the solution...", lambda attempt: attempt.solution(), shown)

    def action_next(self, step: int) -> None:
        """The next puzzle (``step`` 1) or the previous one (-1)."""
        if self.index is None:
            self._ready()
            return
        target = self.index + step
        if target < 0:
            self.say("this is the first puzzle")
        elif target < len(self.puzzles):
            self.show(target)
        elif self.finding:
            self.wanted_next = True
            self.say("the solver is still finding the next puzzle: it comes up when found")
        else:
            self.say("this is the last puzzle")

    def action_again(self) -> None:
        """The puzzle on show from its start (the attempt so far goes into the record if it counts)."""
        if self.index is None:
            self._ready()
            return
        self.show(self.index)

    def action_close(self) -> None:
        """Back to the game: the attempt on show is kept in the record, the search stops."""
        self.keep_attempt()
        self.stop.set()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.stop.set()
