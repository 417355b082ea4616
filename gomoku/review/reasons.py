"""A reviewed move's reason, in words a player understands.

A reason names what decided the move, in the attack scanner's words
(``gomoku.review.shapes``: five, four, open three, four-three, ...), never only
the chances (the table and the JSON show those). Three facts are always named,
first, when they hold:

- **a five left unplayed**: ``X could win at once at -2,-2``;
- **a five left unblocked**: ``X threatens five at -2,-2: the only block`` (or
  two fives to make: no one block stops both);
- **a forced win given up** (proven: by the threat solver, the search, the
  perfect player, or along the game line): ``X had a win in 13 starting 0,3
  (a VCT: 0,3 (0,-1) ...)``.

Then what the move did, the first of these that holds:

- **the five itself**: ``X makes five``;
- **keeps the win**, with the shape the move makes;
- **the game was already lost**, and the move that holds out longer when the
  move played shortened the loss; or **the last chance to defend**;
- **a forced win allowed**: what was left unanswered when that says it best
  (the opponent's **open three**, an open four to make next, or a **double
  threat** the move allowed: a cell where the attack scanner finds two
  breakpoint lines for the opponent, named as gomoku names them), the better
  move and what it does, and the opponent's forcing line;
- **finds the win**, with the shape made and the forcing line;
- otherwise the shapes: what the move makes and stops, what the better move
  would have made or stopped, and the threat the opponent's best reply makes.

Lines are written as ``gomoku solve`` writes them: the attacker's moves, each
defender's reply in brackets.

>>> format_line([(3, 0), (4, 0), (-1, 0)])
'3,0 (4,0) -1,0'
"""

from __future__ import annotations

from collections.abc import Sequence

from gomoku.board import Board, Point, Stone, format_point
from gomoku.review.grades import SHORT, keeps_win
from gomoku.review.judge import Judgement
from gomoku.review.shapes import (
    Threats,
    double_threat,
    lines_words,
    move_words,
    shape_names,
    shape_words,
    shapes_at,
)

__all__ = [
    "Threats",
    "format_line",
    "shape_names",
    "double_threat",
    "kind_name",
    "explain_move",
]


def format_line(line: Sequence[Point]) -> str:
    """A forcing line: every second move (the defender's) in brackets."""
    return " ".join(format_point(p) if n % 2 == 0 else f"({format_point(p)})" for n, p in enumerate(line))


def kind_name(judgement: Judgement) -> str:
    """How a proven win is won: ``"a VCF"``, ``"a VCT"``, ``"perfect play"`` or ``"force"``."""
    return {"vcf": "a VCF", "vct": "a VCT", "perfect": "perfect play"}.get(judgement.how, "force")


def _by(judgement: Judgement) -> str:
    """How a proven win is won, before its line: ``a VCF``, ``a VCT``, ``perfect play``, ``by force``."""
    kind = kind_name(judgement)
    return "by force" if kind == "force" else kind


def _wins(side: str, judgement: Judgement) -> str:
    """``X wins by a VCF: 3,4 (5,6) 7,8``: the forcing line of a proven or likely win."""
    if judgement.won:
        return f"{side} wins by {kind_name(judgement)}: {format_line(judgement.line)}"
    return f"{side}'s attack looks decisive (every answer the search tried loses): {format_line(judgement.line)}"


def _cells(cells: Sequence[Point]) -> str:
    names = [format_point(c) for c in cells]
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _unanswered(board: Board, move: Point, mover: Stone) -> tuple[str, Point | None]:
    """What of the opponent's the move left standing, in the scanner's words: its
    open three (an open four to make next) or a double threat the move allowed,
    with the cell; ("", None) when none. A five left unblocked is one of the
    facts ``explain_move`` always names, not this."""
    opponent = mover.other
    k = board.rules.k
    three, _, _, open_four = shape_names(k)
    before = Threats(board)
    if before.fives(opponent):
        return "", None
    board.push(move)
    try:
        after = Threats(board)
        if after.fives(mover):  # a four of the mover's: the opponent must answer it first
            return "", None
        threes = before.open_fours(opponent)
        still = [q for q in after.open_fours(opponent) if q in threes] if threes else []
        if still:
            q = still[0]
            lines = [d for kind, d in shapes_at(board, q, opponent) if kind == open_four.split(" ", 1)[1]]
            where = f" ({lines_words(lines[:1])})" if lines else ""
            return (
                f"left {opponent.name}'s {three}{where} unanswered: {opponent.name} makes {open_four} at "
                f"{format_point(q)}"
            ), q
        for q in sorted(board.candidates(1)):
            shapes = shapes_at(board, q, opponent)
            if len(shapes) >= 2:
                name = shape_words(shapes, k, lines=False)
                return f"allowed {opponent.name} {name} at {format_point(q)} ({lines_words([d for _, d in shapes])})", q
    finally:
        board.pop()
    return "", None


def _facts(
    board: Board, move: Point, before: Judgement, kept: bool
) -> tuple[list[str], tuple[Point, ...], Point | None]:
    """The facts always named: a five left unplayed, a five left unblocked, a proven
    win given up (with its line, which the reason then shows); and the cell of the
    five left unblocked, if one was."""
    mover, opponent = board.turn, board.turn.other
    five = shape_names(board.rules.k)[2]
    threats = Threats(board)
    own, theirs = threats.fives(mover), threats.fives(opponent)
    facts = []
    line: tuple[Point, ...] = ()
    unblocked = None
    if own and move not in own:
        facts.append(f"{mover.name} could win at once at {_cells(own)}")
    elif theirs and move not in theirs and not own:
        unblocked = theirs[0]
        if len(theirs) == 1:
            facts.append(f"{opponent.name} threatens {five} at {format_point(theirs[0])}: the only block")
        else:
            facts.append(f"{opponent.name} threatens {five} at {_cells(theirs)}: no one block stops both")
    if before.won and not kept and not own and before.line:
        line = tuple(before.line)
        facts.append(
            f"{mover.name} had a win in {before.plies} starting {format_point(line[0])} "
            f"({_by(before)}: {format_line(line)})"
        )
    return facts, line, unblocked


def _better(board: Board, better: Point | None, mover: Stone, made: str | None = None) -> str | None:
    """``0,-2 was better: it makes an open three (diagonal)``, or ``0,-2, which also
    stops ..., was better`` when it does what the move played did (``made``); None
    when the better move makes no shape to name (the table's column shows it)."""
    if better is None:
        return None
    words = move_words(board, better, mover)
    if not words:
        return None
    if words == made:
        return f"{format_point(better)}, which also {words}, was better"
    return f"{format_point(better)} was better: it {words}"


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
    position after the move (the opponent to move); ``grade`` is the move's class;
    ``chance_before`` and ``chance_after`` are the mover's chances the review
    settled on (the reason does not repeat them); ``later`` judges the position
    after the opponent's reply, if any; ``last_chance``: the position was only
    likely lost, for the first time (the review's rule)."""
    mover, opponent = board.turn, board.turn.other
    m, o = mover.name, opponent.name
    k = board.rules.k
    if after.how == "end":
        return (f"{m} makes {shape_names(k)[2]}" if after.lost else "fills the board: a draw"), ()
    kept = keeps_win(before, after, later, move)
    facts, line, unblocked = _facts(board, move, before, kept)
    made = move_words(board, move, mover)
    better = before.best if before.best is not None and not before.is_best(move) else None
    at_once = unblocked is not None and after.plies == 1  # the five left unblocked decides: nothing to add

    def reason(*parts: str | None) -> str:
        return "; ".join(facts + [p for p in parts if p])

    if kept:
        return reason("keeps the win" + (f": {made}" if made else "")), line
    if before.won:  # given up: the fact says it; then what followed
        if after.winning and not at_once:
            return reason(f"then {_wins(o, after)}"), line
        return reason(f"{made} instead" if made else None), line
    if before.losing:
        if last_chance:
            what, _ = _unanswered(board, move, mover)
            return reason(
                what, "the last chance to defend (every defence the search tried loses)", f"then {_wins(o, after)}"
            ), tuple(after.line)
        if not before.lost:
            return reason(f"the game was likely lost already: every defence the search tried loses to {o}'s attack"), ()
        loss, now = before.plies or 0, (after.plies or 0) + 1
        holds = None
        if better is not None and after.won and now < loss and better != unblocked:
            if loss > SHORT >= now:
                text = f"the game was lost, but to a long attack: {format_point(better)} holds out longer"
                return reason(text, f"now {_wins(o, after)}"), tuple(after.line)
            holds = f"{format_point(better)} holds out longer"
        shown = _wins(o, after) if after.won and not at_once else None
        lost = "the game was already lost" + (f": {made}" if made and not at_once else "")
        return reason(lost, holds, shown), tuple(after.line) if shown else ()
    if after.winning:
        if at_once:
            return reason(), ()
        what, _ = _unanswered(board, move, mover)
        if not what and not facts:
            what = "missed the defence"
        return reason(what, _better(board, better, mover), f"then {_wins(o, after)}"), tuple(after.line)
    if after.lost:
        return reason("finds the win" + (f": {made}" if made else ""), _wins(m, _flipped(after))), tuple(after.line)
    if after.exact and before.exact:
        return reason("holds the draw" if grade == "best" else "the draw holds"), ()
    if grade == "best":
        choice = "the engine's choice" if before.best == move else "as good as the engine's choice"
        return reason(choice + (f": {made}" if made else "")), ()
    parts: list[str | None] = [made or _quiet(board, move)]
    if grade in ("inaccuracy", "mistake", "blunder"):
        parts.append(_unanswered(board, move, mover)[0])
    parts.append(_better(board, better, mover, made))
    parts.append(_reply(board, move, after, opponent))
    return reason(*parts), tuple(before.line) if better is not None else ()


def _quiet(board: Board, move: Point) -> str:
    """A move that makes and stops nothing: played away from the stones, or not."""
    if board.stones and move not in board.candidates(2):
        return "plays away from the stones: makes no threat and stops none"
    return "makes no threat and stops none"


def _flipped(judgement: Judgement) -> Judgement:
    """A proven loss's judgement read as the winner's (the same line)."""
    return Judgement(-judgement.score, 1.0 - judgement.chance, judgement.best, judgement.line, judgement.how)


def _reply(board: Board, move: Point, after: Judgement, opponent: Stone) -> str | None:
    """The threat the opponent's best reply (the judge's) makes, if it makes one."""
    reply = after.best
    if reply is None:
        return None
    board.push(move)
    try:
        made = shapes_at(board, reply, opponent)
    finally:
        board.pop()
    if not made:
        return None
    return f"{opponent.name}'s best reply {format_point(reply)} makes {shape_words(made, board.rules.k)}"
