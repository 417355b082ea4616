"""Playing a puzzle move by move against the engine's defence, the solver the judge.

In a ``win`` puzzle a move is right when the solver proves the win after every
reply of the defender; the engine then plays the reply that makes the win
longest, and the puzzle goes on to the five. A wrong move is refuted by the
reply that holds (or by the defender's own five) and taken back. In a
``defence`` puzzle the only defence solves it; any other move is refuted by
the opponent's winning line.

>>> from gomoku.board import Board
>>> from gomoku.puzzles.puzzle import Puzzle, prove
>>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
>>> attempt = Attempt(prove(Puzzle("p", board, "win", (0, 0)), nodes=2000))
>>> attempt.play((5, 5)).text
'O blocks at -1,0 and X has no forced win left'
>>> attempt.play((3, 0)).reply in [(-1, 0), (4, 0)]
True
"""

from __future__ import annotations

from dataclasses import dataclass

from gomoku.board import Board, Point, Stone, format_point
from gomoku.puzzles.puzzle import Puzzle, fives, format_line, solve
from gomoku.puzzles.store import PuzzleRecord
from gomoku.review.shapes import shape_words, shapes_at

__all__ = ["Outcome", "Attempt"]


@dataclass(frozen=True)
class Outcome:
    """What a move did: ``correct`` or not, whether the puzzle is ``solved``, the
    engine's ``reply`` (a defence played, or the refutation), and the words."""

    correct: bool
    solved: bool
    text: str
    reply: Point | None = None


def _threat(board: Board, move: Point, stone: Stone) -> str:
    """What ``move`` makes for ``stone`` in brackets (``(four-three)``), or ""."""
    shapes = shapes_at(board, move, stone)
    if not shapes:
        return ""
    words = shape_words(shapes, board.rules.k, lines=False)
    return f" ({words.split(' ', 1)[1] if words.startswith(('a ', 'an ')) else words})"


class Attempt:
    """One go at a puzzle: the position now, and what the solver made of it."""

    def __init__(self, puzzle: Puzzle, nodes: int | None = None) -> None:
        self.puzzle = puzzle
        self.nodes = puzzle.nodes if nodes is None else nodes
        self.board = puzzle.board.copy()
        self.solver = puzzle.side
        self.played: list[Point] = []
        self.mistakes = 0
        self.hints = 0
        self.shown = False
        self.solved = False
        self.hinted: Point | None = None
        """The cell the last hint named (None: no hint yet, or only its area)."""
        self.shown_line: tuple[Point, ...] = ()
        """The solution last shown, from the position then (the solver's side first)."""
        self.recorded = False

    @property
    def clean(self) -> bool:
        """Solved with no wrong move and no solution shown."""
        return self.solved and not self.mistakes and not self.shown

    def line(self) -> tuple[Point, ...]:
        """The solution from the position now: the proven winning line, or the only defence."""
        if self.puzzle.kind == "defence" and not self.played:
            return (self.puzzle.solution,)
        result = solve(self.board, self.nodes)
        return result.moves or ()

    def hint(self) -> str:
        """The area of the next move first (a 3x3 box), then its cell."""
        line = self.line()
        if not line:
            return "no hint: the solver finds no win here"
        self.hints += 1
        move = line[0]
        if self.hints == 1 and len(move) == 2:
            self.hinted = None
            x, y = (c - c % 3 for c in move)
            return f"hint: the move is among x {x} to {x + 2}, y {y} to {y + 2}"
        self.hinted = move
        return f"hint: play {format_point(move)}"

    def solution(self) -> str:
        """The solution in words; the attempt no longer counts as clean."""
        self.shown = True
        line = self.line()
        self.shown_line = tuple(line)
        if self.puzzle.kind == "defence" and not self.played:
            threat = format_line(self.puzzle.line)
            return (
                f"solution: {format_point(line[0])}, the only defence against {self.solver.other.name}'s win {threat}"
            )
        return f"solution: {format_line(line)}" if line else "no solution: the solver finds no win here"

    @property
    def counts(self) -> bool:
        """Whether the attempt goes into the record: solved, or left after a wrong
        move or the solution (a puzzle only looked at, hints or not, does not)."""
        return self.solved or bool(self.mistakes) or self.shown

    def record(self, record: PuzzleRecord) -> bool:
        """Put the attempt into ``record`` once, if it ``counts``; whether it did now.

        >>> from gomoku.puzzles.store import PuzzleRecord
        >>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (9, 9)])
        >>> attempt, record = Attempt(Puzzle("p", board, "win", (0, 0))), PuzzleRecord()
        >>> attempt.record(record), attempt.play((9, 0)).correct, attempt.record(record), attempt.record(record)
        (False, False, True, False)
        >>> record.puzzles, record.streak
        ({'p': {'solved': False, 'tries': 1, 'hints': 0}}, 0)
        """
        if self.recorded or not self.counts:
            return False
        record.add(self.puzzle.id, solved=self.clean, hints=self.hints)
        self.recorded = True
        return True

    def play(self, move: Point) -> Outcome:
        """The solver's move ``move``: right or refuted (a BoardError for an illegal move)."""
        if self.solved:
            return Outcome(True, True, "the puzzle is solved")
        self.board.play(move)
        if self.puzzle.kind == "defence":
            outcome = self._defend(move)
        else:
            outcome = self._attack(move)
        if outcome.correct:
            self.played.append(move)
            if outcome.reply is not None and not outcome.solved:
                self.board.push(outcome.reply)
                self.played.append(outcome.reply)
        else:
            self.board.pop()
            self.mistakes += 1
        self.solved = outcome.solved
        return outcome

    def _defend(self, move: Point) -> Outcome:
        opponent = self.solver.other
        if move == self.puzzle.solution and not self.played:
            return Outcome(True, True, f"the only defence: {opponent.name} has no forced win left")
        result = solve(self.board, self.nodes)
        if result.moves is None:
            return Outcome(True, True, f"it holds: {opponent.name} has no forced win left")
        first = result.moves[0]
        self.board.pop()
        shape = _threat(self.board, first, opponent) if first not in self.board.stones else ""
        self.board.push(move)
        after = format_line(result.moves)
        return Outcome(
            False,
            False,
            f"that lets {opponent.name} win: {opponent.name} plays {format_point(first)}{shape}: {after}",
            first,
        )

    def _attack(self, move: Point) -> Outcome:
        board = self.board
        me, them = self.solver, self.solver.other
        if board.winner is me:
            return Outcome(True, True, f"{me.name} makes five")
        theirs = fives(board, them)
        if theirs:
            q = theirs[0]
            return Outcome(False, False, f"that lets {them.name} win: {them.name} makes five at {format_point(q)}", q)
        mine = fives(board, me)
        replies = mine if mine else self._replies()
        best: tuple[int, Point] | None = None
        for reply in replies:
            board.push(reply)
            try:
                result = solve(board, self.nodes)
            finally:
                board.pop()
            if result.moves is None:
                left = "has no forced win left" if result.complete else "has no forced win the solver finds"
                return Outcome(False, False, f"{them.name} blocks at {format_point(reply)} and {me.name} {left}", reply)
            if best is None or len(result.moves) > best[0]:
                best = (len(result.moves), reply)
        if best is None:  # no reply at all: a full board
            return Outcome(True, True, f"{them.name} has no move left")
        return Outcome(True, False, f"{them.name} defends at {format_point(best[1])}", best[1])

    def _replies(self) -> list[Point]:
        """The defender's replies to weigh, the likeliest defences first: the cells
        on the attacker's lines, then the rest near the stones."""
        board = self.board
        near = board.candidates(2)
        on_lines = [q for q in near if shapes_at(board, q, self.solver)]
        return on_lines + [q for q in near if q not in set(on_lines)]
