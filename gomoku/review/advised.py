"""A review judged by another program: what "judged by it" means here.

A pbrain program (a tournament brain, ``gomoku review GAME --engine PATH``) answers
one thing: the move it would play. Some say more in MESSAGE lines, each in a form
and on a scale of its own, which no chance can honestly be read from. So the
program is the judge of the *moves*, and our engine the measure of what they are
worth:

- every position's best move is the program's (``Judgement.best``: the review's
  "better" move, shown on the board and in the annotated SGF);
- the position's value is that of the position after the program's move, judged by
  our judge (its threat solver and search, ``gomoku.review.judge``), a ply deeper;
- a move is then classed by what it gives up against the program's move: the same
  move gives up nothing (``best``), another is worth what our judge finds after it.

Two things come first, since they are facts and not opinions: a game over, and a
win by threats our threat solver proves (its first move is the best move then,
and a move that gives it up is named, as in every review); the small boards the
perfect player solves are judged by it alone.

The program must answer within its time (and ``gomoku.match.external.GRACE``); one
that fails ends the review with its one-line error (``AdviserError``).

>>> from types import SimpleNamespace
>>> from gomoku.board import Rules
>>> class Centre:  # an adviser that always plays 7,7, then the first free cell
...     name = "centre"
...     def hint(self, board, **limits):
...         return SimpleNamespace(move=(7, 7) if (7, 7) not in board.stones else board.candidates(1)[0])
>>> judge = AdvisedJudge(Rules.preset("gomocup15"), Centre(), advice_time=0.1, nodes=300)
>>> judgement = judge.judge(Board(Rules.preset("gomocup15")))
>>> judgement.best, judgement.how, judgement.line[0]
((7, 7), 'program', (7, 7))
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from gomoku.board import Board, BoardError, Point, Rules, format_point
from gomoku.review.judge import THREAT_SHARE, Judge, Judgement, ended
from gomoku.search.types import WIN, WIN_THRESHOLD

__all__ = ["Adviser", "AdviserError", "AdvisedJudge"]


class Adviser(Protocol):
    """A program asked for its move (``gomoku.match.external.ExternalEngine`` is one)."""

    name: str

    def hint(self, board: Board, *, time: float | None = ..., stop: threading.Event | None = ...) -> Any: ...


class AdviserError(ValueError):
    """The program failed to give a move: one line, its name and how."""


class AdvisedJudge(Judge):
    """A ``Judge`` whose best move is the ``adviser``'s (``advice_time`` seconds a move),
    each position valued by our judge a ply later (see the module's text); the other
    arguments are ``Judge``'s, for the judge that values."""

    def __init__(self, rules: Rules, adviser: Adviser, *, advice_time: float, **options: Any) -> None:
        super().__init__(rules, **options)
        self.adviser = adviser
        self.advice_time = advice_time
        self.counter = Judge(
            rules, time=self.time, nodes=self.nodes, engine=self.engine, threats=self.threats, stop=self.stop
        )
        """The judge that values the position after the program's move."""
        self.asked = 0
        """How many moves the program was asked for."""

    def judge(self, board: Board, factor: float = 1.0, share: float = THREAT_SHARE) -> Judgement:
        if board.is_over:
            return ended(board)
        if self.perfect:
            return super().judge(board, factor, share)
        won, _ = self.threat_proof(board, factor, share)
        if won is not None:
            return won
        move = self.advice(board)
        after = board.copy()
        after.play(move)
        counted = self.counter.judge(after, factor, share)
        score = -counted.score
        if abs(score) > WIN_THRESHOLD:  # a proven result: a ply further from here
            score = (WIN - (WIN - abs(score)) - 1) * (1 if score > 0 else -1)
        return Judgement(
            float(score),
            1.0 - counted.chance,
            move,
            (move, *counted.line),
            "program",
            counted.depth + 1,
            counted.nodes,
            exact=counted.exact,
        )

    def advice(self, board: Board) -> Point:
        """The program's move on ``board``; AdviserError when it gives none, or an illegal one."""
        self.asked += 1
        try:
            hint = self.adviser.hint(board, time=self.advice_time, stop=self.stop)
            move = tuple(hint.move)
        except Exception as exc:  # its own error is one line already
            if self.stop is not None and self.stop.is_set():
                raise
            raise AdviserError(str(exc) or type(exc).__name__) from None
        try:
            board.copy().play(move)
        except (BoardError, TypeError, ValueError):
            raise AdviserError(f"{self.adviser.name}: answered {format_point(move)}, not a legal move") from None
        return move
