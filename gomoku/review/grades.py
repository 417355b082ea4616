"""The class of a reviewed move: what the move gives up, the length of a forced win included.

A move is judged by the mover's standing before it and after it (``Judgement``:
a proven win or loss in n plies, a likely one, or an unproven chance). The
**drop** is the mover's chance before the move less its chance after it; it
classes the moves between unproven positions:

========== ===================================================================
class      the move
========== ===================================================================
best       the judge's own move (or one the perfect player rates as good), or no drop
good       a drop under ``INACCURACY`` (5 points of chance)
inaccuracy a drop of ``INACCURACY`` to ``MISTAKE`` (5 to 10 points)
mistake    a drop of ``MISTAKE`` to ``BLUNDER`` (10 to 25 points)
blunder    a drop of ``BLUNDER`` (25 points) or more
========== ===================================================================

A proven result weighs by what it is, its length included (``grade_move``
says the rules in order): a won position given up is a blunder, a kept win is
best or good but a five left unplayed is an inaccuracy; a forced win allowed is
a blunder when it is short (``SHORT`` plies: the threats were on the board)
from a chance of ``MISTAKE`` or more, or when the drop is a blunder's, else a
mistake; in a lost position, holding out is best, a five left unblocked an
inaccuracy, and a long loss made short (the opponent's hard win turned into
one on the board) a mistake.
"""

from __future__ import annotations

from gomoku.board import Point
from gomoku.review.judge import Judgement

__all__ = ["GRADES", "INACCURACY", "MISTAKE", "BLUNDER", "SHORT", "by_drop", "at_least", "keeps_win", "grade_move"]

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The classes of a move, best first."""

INACCURACY = 0.05
"""A drop of the mover's chance from this (5 points) is an inaccuracy."""
MISTAKE = 0.10
"""A drop from this (10 points) is a mistake."""
BLUNDER = 0.25
"""A drop from this (25 points) is a blunder."""

SHORT = 5
"""A forced win of at most this many plies is a short one, on the board to see: a
five (1 ply), an open four or a four-three (3), one four before them (5)."""


def by_drop(drop: float) -> str:
    """The class of a drop of the mover's chance (a gain is no drop).

    >>> [by_drop(d) for d in (-0.1, 0.0, 0.04, 0.05, 0.1, 0.25)]
    ['best', 'best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    if drop <= 0:
        return "best"
    if drop < INACCURACY:
        return "good"
    if drop < MISTAKE:
        return "inaccuracy"
    if drop < BLUNDER:
        return "mistake"
    return "blunder"


def at_least(grade: str, floor: str) -> str:
    """The worse of two classes.

    >>> at_least("good", "mistake"), at_least("blunder", "mistake")
    ('mistake', 'blunder')
    """
    return grade if GRADES.index(grade) >= GRADES.index(floor) else floor


def keeps_win(before: Judgement, after: Judgement, later: Judgement | None = None, move: Point | None = None) -> bool:
    """Whether ``move`` from a proven win (``before``) kept it: it is the judge's own
    move (the first of its proven line: the proof goes on, whether or not the
    next search finds it), the opponent is lost after it (``after``: proven, or
    likely: every answer the search tried loses), or
    the mover's win is proven again after the opponent's reply (``later``: a
    longer win the first look did not see). Not by the reply alone: a win in 1 ply
    after it is a five the reply left unblocked, and a five the move left
    unplayed was the opponent's to block.

    >>> from gomoku.review.judge import proven
    >>> from gomoku.search.types import WIN
    >>> five, even = proven(WIN - 1, ((1, 1),), "vcf"), Judgement(0.0, 0.4, (1, 1))
    >>> keeps_win(five, even, later=proven(WIN - 1, ((1, 1),), "vcf"))   # the reply did not block
    False
    >>> keeps_win(proven(WIN - 9, ((1, 1),), "vct"), even, later=proven(WIN - 7, ((2, 2),), "vct"))
    True
    >>> keeps_win(proven(WIN - 9, ((1, 1),), "vct"), even, move=(1, 1))   # the judge's own winning move
    True
    """
    if not before.won:
        return False
    if after.losing or (move is not None and before.is_best(move)):
        return True  # (a likely loss counts as lost for the classes, as everywhere)
    return later is not None and later.won and not after.winning and before.plies != 1 and later.plies != 1


def grade_move(
    before: Judgement,
    after: Judgement,
    move: Point,
    chance_before: float,
    chance_after: float,
    later: Judgement | None = None,
    earlier: Judgement | None = None,
) -> str:
    """The class of ``move``: ``before`` judges the position it was played in (the
    mover's view), ``after`` the position it made (the opponent's view), ``later``
    the position after the opponent's reply (the mover's view again; None at the
    end of the game), ``earlier`` the mover's position before its previous move
    (None at the start). The first rule that holds:

    1. **A proven win kept** (``keeps_win``: the judge's own move, the opponent's
       loss proven after the move, or the mover's win again after the reply): ``best`` when as quick as the judge's
       move, else ``good``; but a five left unplayed (a win in 1 ply) is an
       ``inaccuracy`` even when the win holds.
    2. **A proven win given up**: a ``blunder``, however good the position stays.
    3. **The last chance**: the first of the mover's positions only *likely* lost
       (the search tried every defence it looks at, not all), and the opponent
       then wins by force: at least a ``mistake``.
    4. **Lost already** (proven or likely): holding out as long as the judge's
       move is ``best``, a shorter loss ``good``; but a five left unblocked (the
       opponent then wins in 1 ply) is an ``inaccuracy``, and a loss longer than
       ``SHORT`` plies made ``SHORT`` or shorter a ``mistake``.
    5. **A forced win allowed** (proven or likely): a ``blunder`` when it is short
       (``SHORT`` plies or fewer) and the mover's chance drops by ``MISTAKE`` or
       more, or when the drop is a blunder's; else a ``mistake``. Never ``best``.
    6. Otherwise the judge's move is ``best`` and the drop decides; a drop to a
       ``blunder`` must last: unless the opponent's win is then proven, the
       mover's chance after the opponent's reply must still be down by
       ``MISTAKE``, or the move is a ``mistake`` (a search's score can swing from
       one position to the next; a real blunder stays a blunder).

    >>> from gomoku.review.judge import proven
    >>> from gomoku.search.types import WIN
    >>> win, loss = proven(WIN - 5, ((1, 1),), "vcf"), proven(-(WIN - 6), ((2, 2),), "vcf")
    >>> grade_move(win, loss, (3, 3), 1.0, 1.0)          # another move that keeps the win (slower)
    'good'
    >>> grade_move(win, Judgement(0.0, 0.08, (2, 2)), (3, 3), 1.0, 0.92)   # the win given up
    'blunder'
    >>> even = Judgement(0.0, 0.5, (1, 1))
    >>> grade_move(even, Judgement(0.0, 0.45, (2, 2)), (3, 3), 0.5, 0.55), grade_move(even, even, (3, 3), 0.5, 0.4)
    ('best', 'inaccuracy')
    >>> grade_move(Judgement(0.0, 0.2, (1, 1)), proven(WIN - 3, ((2, 2),), "vcf"), (3, 3), 0.2, 0.0)  # short
    'blunder'
    >>> grade_move(Judgement(0.0, 0.2, (1, 1)), proven(WIN - 13, ((2, 2),), "vct"), (3, 3), 0.2, 0.0)  # long
    'mistake'
    >>> grade_move(even, Judgement(0.0, 0.9, (2, 2)), (3, 3), 0.5, 0.1, later=Judgement(0.0, 0.45, (4, 4)))
    'mistake'
    """
    drop = chance_before - chance_after
    if before.won:
        if keeps_win(before, after, later, move):
            if after.plies == 0:
                return "best"  # the five itself
            if before.plies == 1:
                return "inaccuracy"  # a five left unplayed: the win held, but it was there to take
            quick = after.lost and (after.plies or 0) + 1 <= (before.plies or 0)
            return "best" if before.is_best(move) or quick else "good"
        return "blunder"
    first = earlier is None or not earlier.losing
    if before.losing and not before.lost and first and after.winning:
        return at_least(by_drop(drop), "mistake")
    if before.losing:
        loss = before.plies  # None when only likely
        now = after.plies + 1 if after.plies is not None else None
        if now is not None and (loss is None or now < loss):
            if loss is not None and loss > SHORT >= now:
                return "mistake"  # a long loss made short: the opponent's hard win is now on the board
            if now == 2:
                return "inaccuracy"  # a five left unblocked
            if loss is not None:
                return "best" if before.is_best(move) else "good"
        return "best"
    if after.winning:
        short = after.plies is not None and after.plies <= SHORT
        if drop >= BLUNDER or (short and drop >= MISTAKE):
            return "blunder"
        return "mistake"
    if before.is_best(move):
        return "best"
    grade = by_drop(drop)
    if grade == "blunder" and not after.proven and later is not None and later.chance > chance_before - MISTAKE:
        return "mistake"  # the drop did not last
    return grade
