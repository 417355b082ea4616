"""The review of a game: every move scored, classed and explained.

``review_game(moves, rules)`` judges every position of the game once
(``gomoku.review.judge``): the search of the position after move i gives the
opponent's chance, which is also the chance "before" move i+1. The positions
are judged from the last to the first with one engine, whose tables outlive a
search: the earlier positions' searches meet the later ones' results (a win
found near the end is known when the tree reaches it from further back). Each
move is then classed by what it gives up (``gomoku.review.grades``: the drop of
the mover's chance, and a proven result by what it is, the length of a forced
win included) and explained (``gomoku.review.reasons``).

Chances come from ``gomoku.engine.chance`` (a proven win is 1, a loss 0, a
proven draw 0.5). Two things keep search noise from reading as a mistake:
an unproven search's chance is the mean of its last two depths (judge.py);
and a move whose drop would make it a blunder on unproven chances gets a
second, longer look at both positions (``VERIFY_FACTOR`` times the time),
whose judgements replace the first.

**Hindsight.** A short search misses the long forcing wins (VCTs of twenty
plies and more), but the game line shows them: once a win is proven somewhere,
the result is backed up the game line while the loser's moves in between
were forced (each blocked the winner's only five to make, and the loser had no
five of its own: then the position before it was lost too), and a winning move
makes the position before it a win. The move that let the win in is then the
one classed a blunder, not the later ones, when it was already too late.

>>> from gomoku.board import Rules
>>> review = review_game([(1, 1), (0, 1), (0, 0), (2, 2), (1, 0)], Rules.preset("tictactoe"))
>>> [(r.ply, r.side.name, r.grade) for r in review.moves]
[(0, 'X', 'best'), (1, 'O', 'blunder'), (2, 'X', 'best'), (3, 'O', 'best'), (4, 'X', 'best')]
>>> review.moves[1].better
(0, 0)
"""

from __future__ import annotations

import threading
import time as _time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gomoku.board import Board, BoardError, Point, Rules, Stone, format_point
from gomoku.engine.chance import percent
from gomoku.review.advised import AdvisedJudge, Adviser
from gomoku.review.grades import BLUNDER, GRADES, INACCURACY, MISTAKE, SHORT, grade_move
from gomoku.review.judge import Judge, Judgement
from gomoku.review.reasons import explain_move
from gomoku.review.shapes import Threats
from gomoku.search.types import LIKELY, WIN

__all__ = [
    "BETTER_PLIES",
    "GRADES",
    "INACCURACY",
    "MISTAKE",
    "BLUNDER",
    "SHORT",
    "VERIFY_FACTOR",
    "HUNT_FACTOR",
    "HUNT_FROM",
    "HUNT_SHARE",
    "HUNT_BACK",
    "MAX_HUNTS",
    "SHALLOW",
    "MAX_VERIFY",
    "ReviewError",
    "ReviewStopped",
    "MoveReview",
    "Review",
    "grade_move",
    "back_up",
    "through_forced",
    "hunt",
    "review_game",
]

VERIFY_FACTOR = 2.0
"""The second look at a move that would be a blunder on unproven chances, or a
judge's own move that loses a mistake's worth: both its positions judged again
with this many times the time."""
MAX_VERIFY = 8
"""Second looks in a game, at most (the largest drops first)."""

HUNT_FACTOR = 4.0
"""The longer look for a forcing win before one that was found (``hunt``)."""
HUNT_SHARE = 0.15
"""The threat solver's share of a hunt's look (the search has the rest)."""
HUNT_FROM = 0.5
"""``hunt`` looks again only where the side to move is at least this likely to win."""
HUNT_BACK = 4
"""How many positions of the winning side ``hunt`` looks at before a win, if none is found."""
MAX_HUNTS = 8
"""``hunt``'s longer looks in a game, at most."""
SHALLOW = 3
"""A search that ends at this depth or less is valued by the position after the
judge's own move, when that was played (``through_forced``), or else gets a
second look (``VERIFY_FACTOR`` times the time)."""

Progress = Callable[[int, int], None]
"""Told (positions done, positions in all) as the review goes."""


class ReviewError(ValueError):
    """A game that cannot be reviewed: no moves, or moves that are not a legal game."""


class ReviewStopped(Exception):
    """The review's ``stop`` event was set before it finished."""


BETTER_PLIES = 10
"""The plies of the judge's better line shown (on the board, in the SGF); a proven win's whole."""


@dataclass(frozen=True)
class MoveReview:
    """One move of the game, reviewed: ``ply`` its 0-based index, ``side`` who
    played it, its ``grade`` (one of ``GRADES``), the mover's chances before
    and after it, the better move (the judge's, when the move is not ``best``),
    the reason in words and the line the reason shows."""

    ply: int
    move: Point
    side: Stone
    grade: str
    chance_before: float
    chance_after: float
    better: Point | None
    reason: str
    line: tuple[Point, ...] = ()
    before: Judgement | None = field(default=None, repr=False, compare=False)
    after: Judgement | None = field(default=None, repr=False, compare=False)

    @property
    def drop(self) -> float:
        """The mover's chance lost by the move (negative: gained)."""
        return self.chance_before - self.chance_after

    @property
    def better_line(self) -> tuple[Point, ...]:
        """The judge's line from the better move: its whole proven win, else its first
        ``BETTER_PLIES`` plies; ``()`` when the move is the best or the judge had no line.

        >>> j = Judgement(0.0, 0.6, (1, 1), line=((1, 1), (2, 2), (3, 3)))
        >>> MoveReview(0, (0, 0), Stone.X, "mistake", 0.6, 0.4, (1, 1), "", before=j).better_line
        ((1, 1), (2, 2), (3, 3))
        """
        judged = self.before
        if self.better is None or judged is None or not judged.line or judged.line[0] != self.better:
            return ()
        return judged.line if judged.proven else judged.line[:BETTER_PLIES]

    @property
    def chance_change(self) -> str:
        """The mover's chance before and after the move as the table shows it:
        ``"41% -> 39%"``, or the proven results (``"win in 1 -> won"``, ``"draw"``)."""
        before = self.before.outcome if self.before is not None else None
        after = _flip(self.after.outcome) if self.after is not None else None
        return f"{before or f'{percent(self.chance_before)}%'} -> {after or f'{percent(self.chance_after)}%'}"

    def to_dict(self) -> dict[str, Any]:
        """``{"ply", "move", "side", "class", "win_chance_before", "win_chance_after",
        "better", "reason", ...}``, plus the scores and proven results from the
        mover's view and the reason's line."""
        data: dict[str, Any] = {
            "ply": self.ply,
            "move": list(self.move),
            "side": self.side.name,
            "class": self.grade,
            "win_chance_before": round(self.chance_before, 4),
            "win_chance_after": round(self.chance_after, 4),
            "better": list(self.better) if self.better is not None else None,
            "reason": self.reason,
            "line": [list(p) for p in self.line],
        }
        if self.before is not None and self.after is not None:
            data["score_before"] = self.before.score
            data["score_after"] = -self.after.score
            data["result_before"] = self.before.outcome
            data["result_after"] = _flip(self.after.outcome)
            data["judge"] = self.before.how
        return data


def _flip(text: str | None) -> str | None:
    """A proven result seen from the other side (``"lost"``, the game over, is ``"won"``).

    >>> _flip("loss in 3"), _flip("lost"), _flip("draw"), _flip(None)
    ('win in 3', 'won', 'draw', None)
    """
    if text is None or text == "draw":
        return text
    if text in ("won", "lost"):
        return "lost" if text == "won" else "won"
    word, rest = text.split(" ", 1)
    return ("loss " if word == "win" else "win ") + rest


@dataclass(frozen=True)
class Review:
    """A reviewed game: each move's review, each position's judgement (one more
    than the moves: the last is the final position's), the time it took and
    the settings it ran with."""

    rules: Rules
    moves: tuple[MoveReview, ...]
    judgements: tuple[Judgement, ...]
    seconds: float
    settings: Mapping[str, Any]
    result: str | None

    def x_chances(self) -> list[float]:
        """X's chance at each position, from the start to the end (the evaluation graph)."""
        first = self.moves[0].side if self.moves else Stone.X
        chances = []
        for n, j in enumerate(self.judgements):
            to_move = first if n % 2 == 0 else first.other
            chances.append(j.chance if to_move is Stone.X else 1.0 - j.chance)
        return chances

    def counts(self) -> dict[str, dict[str, int]]:
        """How many moves of each class each side played: ``{"X": {"best": 12, ...}, "O": {...}}``."""
        table = {side: {grade: 0 for grade in GRADES} for side in ("X", "O")}
        for move in self.moves:
            table[move.side.name][move.grade] += 1
        return table

    def accuracy(self) -> dict[str, float | None]:
        """Each side's accuracy in percent: 100 times one less the mean drop of its
        moves (a gain counts as no drop); None for a side with no move."""
        figures: dict[str, float | None] = {}
        for side in ("X", "O"):
            drops = [max(0.0, m.drop) for m in self.moves if m.side.name == side]
            figures[side] = round(100.0 * (1.0 - sum(drops) / len(drops)), 1) if drops else None
        return figures

    def summary(self) -> dict[str, Any]:
        """The counts, accuracy, the first mistake or blunder of each side, time and settings."""
        turning = {}
        for side in ("X", "O"):
            worst = next((m.ply for m in self.moves if m.side.name == side and m.grade in ("mistake", "blunder")), None)
            turning[side] = worst
        return {
            "moves": len(self.moves),
            "result": self.result,
            "counts": self.counts(),
            "accuracy": self.accuracy(),
            "first_mistake": turning,
            "seconds": round(self.seconds, 2),
            "settings": dict(self.settings),
        }

    def to_dict(self) -> dict[str, Any]:
        """``{"moves": [...], "summary": {...}}``: what ``gomoku review --json`` prints."""
        return {"moves": [m.to_dict() for m in self.moves], "summary": self.summary()}


# -- hindsight --------------------------------------------------------------------------------------
def back_up(boards: Sequence[Board], moves: Sequence[Point], judgements: list[Judgement]) -> int:
    """Back won and lost positions up the game line, in place (see the module's
    text); the number of judgements changed. A proven result backs up as a
    proven one (a ply longer), a likely one (``Judgement.winning``) as a likely one.

    ``judgements[i]`` judges ``boards[i]``, the position before ``moves[i]``.
    """
    changed = 0
    for i in range(len(moves) - 1, -1, -1):
        now, later = judgements[i], judgements[i + 1]
        if now.proven and not (now.lost and later.lost):
            continue  # (a loss the tree claimed, then a win the line proves: the proof stands)
        if later.losing:
            if now.winning and not later.proven:
                continue
            sign = 1.0  # the move wins: so does the position before it
        elif later.winning and not now.losing and _forced(boards[i], moves[i]):
            sign = -1.0  # the only move, and it loses: so did the position before it
        else:
            continue
        line = (moves[i],) + tuple(later.line)
        score = float(WIN - (later.plies or 0) - 1) if later.proven else float(LIKELY)
        judgements[i] = Judgement(
            sign * score, 1.0 if sign > 0 else 0.0, moves[i], line, "hindsight", now.depth, now.nodes
        )
        changed += 1
    return changed


def through_forced(boards: Sequence[Board], moves: Sequence[Point], judgements: list[Judgement]) -> int:
    """Value a position by the one after the move played where that one knows
    better, in place; the number of judgements changed:

    - where the side to move had one move (``_forced``) and played it: the search
      stops at once on a forced reply, so its own judgement there is a depth-1
      guess (a chance of 52% in a position the next search finds lost), while a
      forced move's position is worth exactly what its one move makes
      (``how`` ``"forced"``);
    - where the search stopped at ``SHALLOW`` plies or less (the root's threat
      checks took its time), the judge's own move was played, and the position
      it made was searched deeper (``how`` ``"deeper"``).

    The latest first, so a chain of them takes the value from its end. Proven
    judgements are left to ``back_up``.

    >>> moves = [(0, 0), (-1, 0), (1, 0), (9, 9), (2, 0), (9, 8), (3, 0), (4, 0)]    # O blocks X's four
    >>> boards = [Board(moves=moves[:n]) for n in range(len(moves) + 1)]
    >>> judgements = [Judgement(0.0, 0.5, (5, 5), depth=9) for _ in boards]
    >>> judgements[8] = Judgement(700.0, 0.8, (9, 6), ((9, 6),), depth=12)    # X to move after O's block
    >>> through_forced(boards, moves, judgements), judgements[7].chance, judgements[7].how
    (1, 0.19999999999999996, 'forced')
    """
    changed = 0
    for i in range(len(moves) - 1, -1, -1):
        now, later = judgements[i], judgements[i + 1]
        if now.proven or later.proven:
            continue
        if _forced(boards[i], moves[i]):
            how = "forced"
        elif now.how == "search" and now.depth <= SHALLOW < later.depth and now.is_best(moves[i]):
            how = "deeper"
        else:
            continue
        judgements[i] = Judgement(
            -later.score,
            1.0 - later.chance,
            moves[i],
            (moves[i],) + tuple(later.line),
            how,
            later.depth,
            now.nodes + later.nodes,
        )
        changed += 1
    return changed


def _forced(board: Board, move: Point) -> bool:
    """Whether ``move`` was the mover's only move: it blocks the opponent's one five
    to make, and the mover had no five of its own."""
    threats = Threats(board)
    fives = threats.fives(board.turn.other)
    return fives == [move] and not threats.fives(board.turn)


def hunt(
    boards: Sequence[Board], judgements: list[Judgement], judge: Judge, check: Callable[[], None] = lambda: None
) -> int:
    """Look longer for the forcing wins the first look missed, in place (a
    win found late in the game was there before: the first look was too short).

    A *run* starts at a position where the side to move wins (proven or likely)
    and did not two plies before. Before each run, up to ``HUNT_BACK`` positions
    of the same side to move, where that side was favoured (chance at least
    ``HUNT_FROM``), are judged again with ``HUNT_FACTOR`` times the time, most of
    it for the search (``HUNT_SHARE`` for the threat solver: the long wins are
    mostly the tree's); a win found starts the count again from there. The
    earliest runs first, the game's winner's before the loser's (where the game
    turned matters most), at most ``MAX_HUNTS`` looks a game. The number of looks taken."""
    winner = boards[-1].winner
    starts = [k for k in range(2, len(judgements)) if judgements[k].winning and not judgements[k - 2].winning]
    starts.sort(key=lambda k: (boards[k].turn is not winner, k))
    looks = 0
    for k in starts:
        j, back = k - 2, 0
        while j >= 0 and back < HUNT_BACK and looks < MAX_HUNTS:
            early = judgements[j]
            if early.winning or early.proven or early.losing or early.chance < HUNT_FROM:
                break
            check()
            judgements[j] = judge.judge(boards[j], HUNT_FACTOR, HUNT_SHARE)
            looks += 1
            back = 0 if judgements[j].winning else back + 1
            j -= 2
    return looks


# -- the review -------------------------------------------------------------------------------------
def _replay(
    moves: Sequence[Point], rules: Rules, setup: Mapping[Point, Stone] | None, first: Stone | None
) -> list[Board]:
    """The position before each move and the final one; ReviewError for an illegal game."""
    if not moves:
        raise ReviewError("no moves to review: the game is empty")
    board = Board(rules)
    if setup:
        try:
            board.set_up(setup, first)
        except BoardError as exc:
            raise ReviewError(f"set-up stones: {exc}") from None
    boards = [board.copy()]
    for n, move in enumerate(moves, 1):
        if board.is_over:
            raise ReviewError(f"move {n} ({_show(move)}) comes after the end of the game ({board.result})")
        try:
            board.play(tuple(move))
        except BoardError as exc:
            raise ReviewError(f"move {n} ({_show(move)}): {exc}") from None
        boards.append(board.copy())
    return boards


def _show(move: object) -> str:
    return format_point(move) if isinstance(move, tuple) else repr(move)


def review_game(
    moves: Sequence[Point],
    rules: Rules,
    *,
    time: float | None = None,
    nodes: int | None = None,
    engine: object | None = None,
    on_progress: Progress | None = None,
    stop: threading.Event | None = None,
    threats: bool = True,
    verify: bool = True,
    setup: Mapping[Point, Stone] | None = None,
    first: Stone | None = None,
    adviser: Adviser | None = None,
    advice_time: float = 1.0,
) -> Review:
    """Review the game of ``moves`` under ``rules`` (from ``setup`` stones with
    ``first`` to move, if any).

    Each position gets ``nodes`` nodes (the judge's ``DEFAULT_NODES`` when
    neither budget is given), which makes the review the same every run, or
    ``time`` seconds; a node limit replaces the time. ``engine`` is the engine
    to search with (anything with ``Engine.hint``'s signature; a
    ``strong`` one by default); ``threats=False`` leaves out the threat solver's
    separate look for a win, ``verify=False`` the second look at the mistakes
    and blunders. ``on_progress(done, total)`` hears each position judged;
    setting ``stop`` ends the review with ReviewStopped. ReviewError (a
    ValueError) for an empty game or moves that are not a legal game.

    With an ``adviser`` (another program, ``advice_time`` seconds a move) the
    best moves are its, each position valued by the judge after its move
    (``gomoku.review.advised``); AdviserError (a ValueError) if it fails.
    """
    start = _time.perf_counter()
    moves = [tuple(m) for m in moves]
    boards = _replay(moves, rules, setup, first)
    if time is not None and not time > 0:
        raise ReviewError(f"time must be positive, not {time}")
    limit_time = None if nodes is not None else time
    options: dict[str, Any] = {"time": limit_time, "nodes": nodes, "engine": engine, "threats": threats, "stop": stop}
    if adviser is not None:
        if not advice_time > 0:
            raise ReviewError(f"the program's time must be positive, not {advice_time}")
        judge: Judge = AdvisedJudge(rules, adviser, advice_time=advice_time, **options)
    else:
        judge = Judge(rules, **options)
    nodes = judge.nodes
    total = len(boards) + 1

    def check() -> None:
        if stop is not None and stop.is_set():
            raise ReviewStopped("the review was stopped")

    judgements: list[Judgement] = []
    for board in reversed(boards):  # the last first: see the module's text
        check()
        judgements.append(judge.judge(board))
        if on_progress is not None:
            on_progress(len(judgements), total)
    judgements.reverse()
    if not judge.perfect:
        through_forced(boards, moves, judgements)
        for i in _shallow(judgements):
            check()
            judgements[i] = judge.judge(boards[i], VERIFY_FACTOR)
        through_forced(boards, moves, judgements)
        hunt(boards, judgements, judge, check)
    back_up(boards, moves, judgements)
    if verify and not judge.perfect:
        looked: set[int] = set()
        for i in _doubtful(moves, judgements):
            for j in (i, i + 1):
                if j not in looked and not judgements[j].proven and judgements[j].how not in ("forced", "deeper"):
                    check()
                    judgements[j] = judge.judge(boards[j], VERIFY_FACTOR)
                    looked.add(j)
        through_forced(boards, moves, judgements)
        back_up(boards, moves, judgements)
    check()
    reviews = tuple(_review_move(i, boards[i], moves[i], judgements) for i in range(len(moves)))
    if on_progress is not None:
        on_progress(total, total)
    settings = {
        "time": limit_time,
        "nodes": nodes,
        "judge": "perfect" if judge.perfect else "engine" if adviser is None else "program",
        "threats": judge.threats,
        "verify": verify,
        "rules": rules.name,
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
    }
    if adviser is not None and not judge.perfect:
        settings["program"] = adviser.name
        settings["program_time"] = advice_time
    return Review(rules, reviews, tuple(judgements), _time.perf_counter() - start, settings, boards[-1].result)


def _shallow(judgements: Sequence[Judgement]) -> list[int]:
    """The positions whose search ended at ``SHALLOW`` plies or less (the root's
    threat checks took its time) and that nothing valued better since
    (``through_forced``): they get a second look with ``VERIFY_FACTOR`` times the
    time, at most ``MAX_VERIFY`` of them, the earliest first.

    >>> _shallow([Judgement(0.0, 0.5, (0, 0), depth=2), Judgement(0.0, 0.5, (0, 0), depth=9),
    ...           Judgement(0.0, 0.5, (0, 0), how="forced", depth=1), Judgement(0.0, 0.5, None, depth=3)])
    [0, 3]
    """
    found = [i for i, j in enumerate(judgements) if j.how == "search" and not j.proven and j.depth <= SHALLOW]
    return found[:MAX_VERIFY]


def _doubtful(moves: Sequence[Point], judgements: Sequence[Judgement]) -> list[int]:
    """The moves whose class rests on a large drop between unproven chances: those
    that would be blunders, and the judge's own moves that lose ``MISTAKE`` or more
    (is the judge's move still its move on a longer look?). The ``MAX_VERIFY``
    largest drops."""
    found = []
    for i, move in enumerate(moves):
        before, after = judgements[i], judgements[i + 1]
        if before.proven or after.proven or before.losing or after.winning:
            continue
        later = judgements[i + 2] if i + 2 < len(judgements) else None
        drop = before.chance - (1.0 - after.chance)
        own = before.is_best(move) and drop >= MISTAKE
        if own or grade_move(before, after, move, before.chance, 1.0 - after.chance, later) == "blunder":
            found.append((drop, i))
    return [i for _, i in sorted(found, reverse=True)[:MAX_VERIFY]]


def _review_move(ply: int, board: Board, move: Point, judgements: Sequence[Judgement]) -> MoveReview:
    before, after = judgements[ply], judgements[ply + 1]
    later = judgements[ply + 2] if ply + 2 < len(judgements) else None
    earlier = judgements[ply - 2] if ply >= 2 else None
    chance_before, chance_after = before.chance, 1.0 - after.chance
    grade = grade_move(before, after, move, chance_before, chance_after, later, earlier)
    better = before.best if grade != "best" and before.best is not None and before.best != move else None
    reason, line = explain_move(
        board,
        move,
        before,
        after,
        grade,
        chance_before,
        chance_after,
        later,
        last_chance=before.losing and not before.lost and after.winning and (earlier is None or not earlier.losing),
    )
    return MoveReview(ply, move, board.turn, grade, chance_before, chance_after, better, reason, line, before, after)
