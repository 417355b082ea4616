"""A reviewed move's reason, in words a player understands.

The reason says what decided the move's class, the first of these that holds:

- **a missed win**: the mover had a forced win (a VCF or a VCT of N plies,
  shown as the line) and the move let it go; or the move **keeps the win**;
- **the game was already lost**: the opponent had a forced win before the move;
- **a missed defence**: after the move the opponent has a forced win, shown,
  with what was left unanswered when that says it best: the opponent's **four**
  (a five to make), its **open three** (an open four to make), or a **double
  threat** the move allowed (a cell where the attack scanner finds two
  breakpoint lines for the opponent, ``gomoku.attacks``);
- **a double threat made**: the move is a cell of two breakpoint lines for the mover;
- otherwise the chances before and after, and the engine's move when it is better.

Lines are written as ``gomoku solve`` writes them: the attacker's moves, each
defender's reply in brackets.

>>> board = Board(moves=[(0, 0), (0, 5), (1, 0), (1, 5), (2, 0), (2, 5)])
>>> Threats(board).fives(Stone.X), Threats(board).open_fours(Stone.O)
([], [(-1, 5), (3, 5)])
>>> format_line([(3, 0), (4, 0), (-1, 0)])
'3,0 (4,0) -1,0'
"""

from __future__ import annotations

from collections.abc import Sequence

from gomoku.attacks import scan_stone
from gomoku.board import Board, Point, Stone, format_point
from gomoku.engine.chance import percent
from gomoku.review.judge import Judgement

__all__ = ["Threats", "format_line", "shape_names", "direction_name", "double_threat", "kind_name", "explain_move"]

_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}

_NAMES = {(1, 0): "row", (0, 1): "column", (1, 1): "diagonal", (1, -1): "anti-diagonal"}


def format_line(line: Sequence[Point]) -> str:
    """A forcing line: every second move (the defender's) in brackets."""
    return " ".join(format_point(p) if n % 2 == 0 else f"({format_point(p)})" for n, p in enumerate(line))


def shape_names(k: int) -> tuple[str, str, str, str]:
    """The words for an open three, a four, a five and an open four when ``k`` in a row wins.

    >>> shape_names(5)
    ('open three', 'four', 'five', 'an open four')
    >>> shape_names(4)
    ('open two', 'three in a row', 'four in a row', 'an open three')
    """
    if k == 5:
        return "open three", "four", "five", "an open four"
    two, one, full = (_NUMBERS.get(n, str(n)) for n in (k - 2, k - 1, k))
    return f"open {two}", f"{one} in a row", f"{full} in a row", f"an open {one}"


def direction_name(direction: Point) -> str:
    """A line's name: row, column, diagonal, anti-diagonal (other dimensions: the vector).

    >>> direction_name((1, -1)), direction_name((1, 0, 1))
    ('anti-diagonal', 'line 1,0,1')
    """
    return _NAMES.get(tuple(direction), f"line {format_point(direction)}")


def kind_name(judgement: Judgement) -> str:
    """How a proven win is won: ``"a VCF"``, ``"a VCT"``, ``"perfect play"`` or ``"force"``."""
    return {"vcf": "a VCF", "vct": "a VCT", "perfect": "perfect play"}.get(judgement.how, "force")


class Threats:
    """The immediate threats of a position, for either side: the cells where it
    makes five (its fours), and those where it makes an open four or two fours at
    once (its open threes, and the like: two fives to make, one answer).

    Only cells a stone can be played on now count (under gravity, those that
    rest on something).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.rules = board.rules
        self.stones = board.stones

    def _playable(self, q: Point, extra: Point | None = None) -> bool:
        if q in self.stones or q == extra or not self.rules.contains(q):
            return False
        if not self.rules.gravity:
            return True
        occupied = set(self.stones) | ({extra} if extra is not None else set())
        return self.rules.rests(q, occupied)

    def _run(self, q: Point, d: Point, stone: Stone, extra: Point | None) -> int:
        """The run of ``stone`` through ``q`` along ``d``, ``q`` and ``extra`` counted as its stones."""
        get = self.stones.get
        limit = self.rules.k + 1
        run = 1
        for sign in (1, -1):
            n = 0
            p = q
            while n < limit:
                p = tuple(a + sign * b for a, b in zip(p, d))
                if p != extra and get(p) != stone:
                    break
                n += 1
            run += n
        return run

    def _makes_five(
        self, q: Point, stone: Stone, extra: Point | None = None, directions: Sequence[Point] | None = None
    ) -> bool:
        k = self.rules.k
        for d in directions or self.rules.directions:
            run = self._run(q, d, stone, extra)
            if run == k or (run > k and self.rules.overline):
                return True
        return False

    def fives(self, stone: Stone) -> list[Point]:
        """The cells where ``stone`` makes five now, sorted."""
        near = self.board.candidates(1) if self.stones else []
        return [q for q in near if self._playable(q) and self._makes_five(q, stone)]

    def fives_after(self, stone: Stone, c: Point) -> list[Point]:
        """The cells where ``stone`` would make five after a stone of its own at ``c``."""
        found = {q for q in self.fives(stone) if q != c}
        k = self.rules.k
        for d in self.rules.directions:
            for sign in (1, -1):
                for n in range(1, k):
                    q = tuple(a + sign * n * b for a, b in zip(c, d))
                    if q not in found and self._playable(q, c) and self._makes_five(q, stone, c, (d,)):
                        found.add(q)
        return sorted(found)

    def open_fours(self, stone: Stone) -> list[Point]:
        """The cells where ``stone`` makes two fives to make at once (an open four or
        two fours): the threat of an open three. Sorted."""
        near = self.board.candidates(1) if self.stones else []
        return [q for q in near if self._playable(q) and len(self.fives_after(stone, q)) >= 2]


def double_threat(board: Board, cell: Point, stone: Stone) -> list[Point]:
    """The directions of the breakpoint lines through the empty ``cell`` for
    ``stone`` (the attack scanner's), when there are two or more; else []."""
    if board.rules.gravity or cell in board.stones or not board.rules.contains(cell):
        return []
    lines = [line.direction for line in scan_stone(board, cell, stone).lines if line.breakpoint]
    return lines if len(lines) >= 2 else []


def _plies(n: int | None) -> str:
    return "1 ply" if n == 1 else f"{n} plies"


def _lines(directions: Sequence[Point]) -> str:
    names = [direction_name(d) for d in directions]
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _unanswered(board: Board, move: Point, mover: Stone) -> tuple[str, Point | None]:
    """What of the opponent's the move left standing: its four, its open three, or a
    double threat it allowed, with the cell; ("", None) when none."""
    opponent = mover.other
    before = Threats(board)
    fives = before.fives(opponent)
    if fives and move not in fives and move not in before.fives(mover):
        four, five = shape_names(board.rules.k)[1:3]
        return (
            f"left {opponent.name}'s {four} unanswered ({opponent.name} makes {five} at {format_point(fives[0])})"
        ), fives[0]
    board.push(move)
    try:
        after = Threats(board)
        if after.fives(mover):  # a four of the mover's: the opponent must answer it first
            return "", None
        threes = before.open_fours(opponent)
        still = [q for q in after.open_fours(opponent) if q in threes] if threes else []
        if still:
            three, open_four = shape_names(board.rules.k)[::3]
            return (
                f"left {opponent.name}'s {three} unanswered ({opponent.name} makes {open_four} at "
                f"{format_point(still[0])})"
            ), still[0]
        for q in sorted(board.candidates(1)):
            lines = double_threat(board, q, opponent)
            if lines:
                return f"allowed {opponent.name} a double threat at {format_point(q)} ({_lines(lines)})", q
    finally:
        board.pop()
    return "", None


def explain_move(
    board: Board,
    move: Point,
    before: Judgement,
    after: Judgement,
    grade: str,
    chance_before: float,
    chance_after: float,
    later: Judgement | None = None,
    last_chance: bool = False,
) -> tuple[str, tuple[Point, ...]]:
    """The reason for the move ``move`` played on ``board`` (left unchanged), and the
    line it shows. ``before`` judges ``board`` (the mover to move), ``after`` the
    position after the move (the opponent to move); ``chance_before`` and
    ``chance_after`` are the mover's chances the review settled on; ``later``
    judges the position after the opponent's reply, if any; ``last_chance``: the
    position was only likely lost, for the first time (the review's rule)."""
    mover = board.turn
    opponent = mover.other
    m, o = mover.name, opponent.name
    better = before.best if before.best is not None and not before.is_best(move) else None
    if after.how == "end":
        return (
            f"makes {shape_names(board.rules.k)[2]}: the game is won" if after.lost else "fills the board: a draw"
        ), ()
    if before.won:
        if after.lost:
            return f"keeps the win ({m} wins in {_plies(after.plies)} more)", ()
        if later is not None and later.won and not after.winning:
            return f"keeps the win ({m} wins again after the reply, in {_plies(later.plies)})", ()
        line = before.line
        return (f"missed a win: {m} wins by {kind_name(before)} in {_plies(before.plies)}: {format_line(line)}", line)
    if before.losing:
        if last_chance:
            what, _ = _unanswered(board, move, mover)
            line = after.line
            wins = (
                f"{o} then wins by {kind_name(after)} in {_plies(after.plies)}" if after.won else f"{o}'s attack holds"
            )
            return (
                f"{what + '; ' if what else ''}the last chance to defend (every defence the search tried "
                f"loses): {wins}: {format_line(line)}"
            ), line
        if not before.lost:
            return f"the game was likely lost already: every defence the search tried loses to {o}'s attack", ()
        text = f"the game was already lost: {o} wins in {_plies(before.plies)}"
        if after.won and better is not None and (after.plies or 0) + 1 < (before.plies or 0):
            text += f"; {format_point(better)} holds out longer"
        return text, ()
    if after.winning:
        what, _ = _unanswered(board, move, mover)
        line = after.line
        if after.won:
            forced = f"{o} then wins by {kind_name(after)} in {_plies(after.plies)}: {format_line(line)}"
        else:
            forced = f"{o}'s attack then looks decisive (every answer the search tried loses): {format_line(line)}"
        return (f"{what}; {forced}" if what else f"missed the defence: {forced}"), line
    made = double_threat(board, move, mover)
    if after.lost:
        wins = f"{m} wins in {_plies(after.plies)} more"
        text = f"made a double threat ({_lines(made)}): {wins}" if made else f"finds the win: {wins}"
        return text, tuple(after.line)
    if after.exact and before.exact:
        return ("holds the draw" if grade == "best" else "the draw holds"), ()
    if made:
        return f"made a double threat ({_lines(made)})", ()
    change = f"{m}'s chance {percent(chance_before)}% -> {percent(chance_after)}%"
    if grade in ("mistake", "blunder", "inaccuracy"):
        what, _ = _unanswered(board, move, mover)
        if what:
            return f"{what}; {change}", ()
    if grade == "best":
        return ("the engine's choice" if before.best == move else "as good as the engine's choice"), ()
    if better is not None:
        return f"{change}; {format_point(better)} was better", tuple(before.line)
    return change, ()
