"""The judges of a review: how good a position is for the side to move.

Every position of a game is judged once (``Judge.judge``), from the side to
move's view: a ``Judgement`` holds the score, the win chance, the best move
and the line behind them, and how it was found:

- ``"end"``: the game is over (the side to move lost to a five, or a full board drew);
- ``"perfect"``: the complete search of the small bounded games
  (``gomoku.classic.perfect``: tic-tac-toe, 4x4, 3x3x3 and any board the
  ``perfect`` player solves), exact: a win, a draw or a loss, with every best move;
- ``"vcf"`` / ``"vct"``: a win by threats the side to move can start, proven by the
  threat solver (``gomoku.engine.forced``), which gets a share of the position's
  time before the tree search (it sees the long forcing wins a short search misses);
- ``"search"``: the engine's alpha-beta search (``Engine.hint``), its score turned
  into a chance by ``gomoku.engine.chance``; a win or loss it proves is exact too.
- ``"hindsight"``: proven later along the game line (``gomoku.review.review``);
- ``"forced"``: the side to move had one move (the block of the opponent's only
  five), and the position is worth what that move made (``gomoku.review.review``);
- ``"deeper"``: the search stopped after a few plies, the judge's own move was
  played, and the position it made was searched deeper: its value stands; and
  the empty board, whose search stops after one ply (one move is worth trying):
  it is worth the position after the judge's first move, searched like any other
  (one chance model for every position).

An unproven search's chance is the mean of the chances of its last two
completed depths: an odd and an even depth disagree by a few hundred points
in a sharp position (the side that moved last looks better), and the mean
keeps that from reading as a drop of the mover's chance.

>>> from gomoku.board import Rules
>>> judge = Judge(Rules.preset("tictactoe"))
>>> j = judge.judge(Board(Rules.preset("tictactoe"), [(0, 0), (1, 1), (2, 2)]))
>>> j.how, j.result, j.chance
('perfect', 'draw', 0.5)
>>> j = judge.judge(Board(Rules.preset("tictactoe"), [(0, 0), (0, 1), (1, 1)]))
>>> j.result, j.outcome, j.best
('loss', 'loss in 4', (2, 2))
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from typing import Any

from gomoku.board import Board, Point, Rules
from gomoku.classic.perfect import solver_for
from gomoku.classic.strategies import solvable
from gomoku.engine import Engine
from gomoku.engine.chance import outcome, win_chance
from gomoku.engine.forced import find_forced_win
from gomoku.search.layout import Grid
from gomoku.search.nets import CLASSIC
from gomoku.search.types import LIKELY, WIN, WIN_THRESHOLD, SearchInfo

__all__ = [
    "DEFAULT_NODES",
    "JUDGE_LEVEL",
    "THREAT_SHARE",
    "Judgement",
    "Judge",
    "ended",
    "proven",
    "perfect_line",
    "settled_chance",
    "uses_perfect",
]

DEFAULT_NODES = 500_000
"""Nodes a position when no budget is given (``gomoku review`` without ``--time``).
A node budget makes a review the same on every run, whatever the machine's load;
a timed one depends on the machine and its load (lichess's analysis gives each
position a fixed number of nodes too). One search thread: about a second a
position on one core of the 2-core machine the project is measured on
(docs/review.md says why this many)."""

JUDGE_LEVEL = f"strong:{CLASSIC}"
"""The search that judges: the hand-set evaluation, whatever the engine's default,
since the win-chance map (``data/win-chance.json``) was fitted to its scores."""

THREAT_SHARE = 0.4
"""The share of a position's time the threat solver gets (a VCF, then a VCT, for
the side to move) before the engine's search, which takes the rest: most
positions are settled in a few milliseconds (no VCT exists), so the search
gets nearly all of it."""


@dataclass(frozen=True)
class Judgement:
    """A position judged from the side to move's view.

    ``score`` is on the search's scale (``WIN - n``: a win in n plies, its
    negative a loss); ``chance`` the side to move's chance of winning (0.5 a
    proven draw); ``best`` the judge's move (None when the game is over) and
    ``line`` the line that backs the judgement (a win's whole forcing line, or
    the search's principal variation); ``bests`` every move as good as
    ``best`` where the judge knows them (the perfect player's).
    """

    score: float
    chance: float
    best: Point | None
    line: tuple[Point, ...] = ()
    how: str = "search"
    depth: int = 0
    nodes: int = 0
    exact: bool = False
    """A draw that is proven (the perfect player's, or a full board)."""
    bests: frozenset[Point] = field(default_factory=frozenset)

    @property
    def proven(self) -> bool:
        """Whether the result is known: a proven win, loss or draw."""
        return self.exact or abs(self.score) > WIN_THRESHOLD

    @property
    def won(self) -> bool:
        """The side to move has a proven win."""
        return self.score > WIN_THRESHOLD

    @property
    def lost(self) -> bool:
        """The side to move has a proven loss."""
        return self.score < -WIN_THRESHOLD

    @property
    def winning(self) -> bool:
        """The side to move has a proven win, or one the search calls likely (every
        answer it tried loses: ``gomoku.search.types.LIKELY``)."""
        return self.score >= LIKELY

    @property
    def losing(self) -> bool:
        """The side to move has a proven or a likely loss."""
        return self.score <= -LIKELY

    @property
    def plies(self) -> int | None:
        """Plies to the five of a proven win or loss (None otherwise)."""
        return int(round(WIN - abs(self.score))) if abs(self.score) > WIN_THRESHOLD else None

    @property
    def result(self) -> str | None:
        """``"win"``, ``"loss"``, ``"draw"`` when proven, else None."""
        if self.won:
            return "win"
        if self.lost:
            return "loss"
        return "draw" if self.exact else None

    @property
    def outcome(self) -> str | None:
        """``"win in N"``, ``"loss in N"``, ``"draw"`` or None (``gomoku.engine.chance.outcome``);
        ``"lost"`` for a game over, the side to move's opponent having made five."""
        if self.how == "end" and self.lost:
            return "lost"
        return "draw" if self.exact and not (self.won or self.lost) else outcome(self.score)

    def is_best(self, move: Point) -> bool:
        """Whether ``move`` is the judge's move or one as good."""
        return move == self.best or move in self.bests


def proven(score: float, line: tuple[Point, ...], how: str, **kwargs: Any) -> Judgement:
    """The judgement of a proven win (``score > 0``) or loss, its chance exact."""
    best = line[0] if line else None
    return Judgement(score, 1.0 if score > 0 else 0.0, best, line, how, **kwargs)


def ended(board: Board) -> Judgement:
    """The judgement of a finished game: the side to move lost to the five just made
    (a loss in 0 plies), or the board is full (a draw)."""
    if board.winner is not None:
        return Judgement(-float(WIN), 0.0, None, (), "end")
    return Judgement(0.0, 0.5, None, (), "end", exact=True)


def uses_perfect(rules: Rules) -> bool:
    """Whether the perfect player judges these rules (it solves them exactly).

    >>> uses_perfect(Rules.preset("4x4")), uses_perfect(Rules.preset("qubic")), uses_perfect(Rules())
    (True, False, False)
    """
    return solvable(rules)


class Judge:
    """Judges the positions of one game: the perfect player where it solves the
    rules, else the threat solver and the engine's search, ``time`` seconds (or
    ``nodes`` nodes, deterministic) a position.

    ``engine`` is any object with ``Engine.hint``'s signature (a new engine by
    default); it searches at ``JUDGE_LEVEL`` whatever its own level.
    ``threats=False`` leaves the threat solver out (the engine's own root
    checks remain). ``stop`` ends a search early, as it does the engine's.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        time: float | None = None,
        nodes: int | None = None,
        engine: object | None = None,
        threats: bool = True,
        stop: threading.Event | None = None,
    ) -> None:
        self.rules = rules
        self.time = time
        self.nodes = DEFAULT_NODES if time is None and nodes is None else nodes
        self.engine: Any = engine if engine is not None else Engine(JUDGE_LEVEL)
        self.perfect = uses_perfect(rules)
        self.threats = threats and Grid.supports(rules)
        self.stop = stop

    def judge(self, board: Board, factor: float = 1.0, share: float = THREAT_SHARE) -> Judgement:
        """The judgement of ``board`` (left unchanged), with ``factor`` times the
        usual time or nodes (a longer look at a position that decides a move's
        class), ``share`` of it for the threat solver first."""
        if board.is_over:
            return ended(board)
        if self.perfect:
            return self._perfect(board)
        time = self.time * factor if self.time is not None else None
        nodes = int(self.nodes * factor) if self.nodes is not None else None
        won, spent = self.threat_proof(board, factor, share)
        if won is not None:
            return won
        if time is not None:
            time = max(time - spent, time * (1 - share))
        judgement = self._search(board, time, nodes)
        if not board.stones and judgement.best is not None and not judgement.proven:
            return self._through(board, judgement, factor, share)
        return judgement

    def threat_proof(
        self, board: Board, factor: float = 1.0, share: float = THREAT_SHARE
    ) -> tuple[Judgement | None, float]:
        """The side to move's win by threats, proven by the threat solver with ``share`` of
        ``factor`` times the usual time or nodes (None if it finds none, or does not play
        these rules), and the seconds it took."""
        if not self.threats:
            return None, 0.0
        time = self.time * factor if self.time is not None else None
        nodes = int(self.nodes * factor) if self.nodes is not None else None
        found = find_forced_win(
            board,
            time=time * share if time is not None else None,
            nodes=max(1, int(nodes * share)) if nodes is not None else None,
            vct=True,
            stop=self.stop,
        )
        if found.moves is not None:
            won = proven(WIN - len(found.moves), found.moves, found.kind, depth=found.depth, nodes=found.nodes)
            return won, found.time
        return None, found.time

    def _through(self, board: Board, first: Judgement, factor: float, share: float) -> Judgement:
        """The empty board valued by the position after the judge's first move, as
        every other position is valued by its search: the search of an empty board
        has one move worth trying (the centre) and stops after one ply, its score the
        static evaluation's, which the chances were not fitted to (47% for X, when the
        search of the position after the centre gives X 68%)."""
        move = first.best
        assert move is not None
        board = board.copy()
        board.push(move)
        after = self.judge(board, factor, share)
        return Judgement(
            -after.score,
            1.0 - after.chance,
            move,
            (move, *after.line),
            "deeper",
            after.depth + 1,
            first.nodes + after.nodes,
        )

    def _search(self, board: Board, time: float | None, nodes: int | None) -> Judgement:
        infos: list[SearchInfo] = []
        hint = self.engine.hint(
            board,
            time=time,
            nodes=nodes,
            level=JUDGE_LEVEL,
            on_info=infos.append,
            stop=self.stop,
        )
        score = float(hint.score)
        line = tuple(hint.pv) or (hint.move,)
        if abs(score) > WIN_THRESHOLD:
            return proven(score, line, "search", depth=hint.depth, nodes=hint.nodes)
        return Judgement(score, settled_chance(infos, score), hint.move, line, "search", hint.depth, hint.nodes)

    def _perfect(self, board: Board) -> Judgement:
        solver = solver_for(board.rules)
        moves, value = solver.best_moves(board)
        line = perfect_line(board, moves[0])
        if value == 0:
            return Judgement(0.0, 0.5, moves[0], line, "perfect", exact=True, bests=frozenset(moves))
        plies = solver.big - abs(value) - len(board.stones)
        score = float(WIN - plies) if value > 0 else -float(WIN - plies)
        return replace(proven(score, line, "perfect"), bests=frozenset(moves))


def perfect_line(board: Board, first: Point) -> tuple[Point, ...]:
    """The perfect player's line from ``board`` (left unchanged): ``first``, then
    the first best move of each side to the end of the game.

    >>> from gomoku.board import Rules
    >>> perfect_line(Board(Rules.preset("tictactoe"), [(0, 0), (0, 1), (1, 1)]), (2, 2))
    ((2, 2), (1, 0), (0, 2), (1, 2))
    """
    solver = solver_for(board.rules)
    board = board.copy()
    board.push(first)
    line = [first]
    while not board.is_over:
        move = solver.best_moves(board)[0][0]
        board.push(move)
        line.append(move)
    return tuple(line)


def settled_chance(infos: list[SearchInfo], score: float) -> float:
    """The chance of an unproven search: the mean of its last two completed depths'
    chances (depth 0 is the static evaluation: counted only when alone).

    >>> from gomoku.search.types import SearchInfo
    >>> infos = [SearchInfo(d, s, ((0, 0),), 1, 0.1, 10.0, 0, 1.0, False) for d, s in ((0, 9), (5, 400), (6, -400))]
    >>> settled_chance(infos, -400.0) == (win_chance(400.0) + win_chance(-400.0)) / 2
    True
    """
    scores = [info.score for info in infos if info.depth > 0 and abs(info.score) <= WIN_THRESHOLD][-2:]
    if not scores:
        return win_chance(score)
    return sum(win_chance(s) for s in scores) / len(scores)
