"""A review you can trust (issue 53): the facts a reason always names (a five left
unplayed, a five left unblocked, a forced win given up), the shapes in the attack
scanner's words, no reason that only repeats the chances, the final five.

Searches run on small node budgets (a node limit makes a search repeatable)."""

from __future__ import annotations

import re

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.engine import Engine
from gomoku.review import Judgement, MoveReview, review_game
from gomoku.review.judge import proven
from gomoku.review.reasons import explain_move
from gomoku.search.types import WIN

NODES = 3000

FIVE_SKIPPED_AND_KEPT = [
    (0, 0), (-1, 0), (1, 0), (0, 9), (2, 0), (5, 9), (10, 0), (9, 9), (10, 1), (-9, -9), (10, 2), (-9, 9),
    (3, 0), (9, -9), (10, 3), (4, 0), (10, 4),
]  # fmt: skip
"""X: a row four closed at -1,0 (ply 12) beside an open three in column 10. O leaves the five
at 4,0 unblocked (ply 13), X leaves it unplayed and makes an open four instead (ply 14): the
win holds. O blocks 4,0 (ply 15), X makes five in the column (ply 16)."""

FIVE_SKIPPED_AND_LOST = [(0, 0), (-1, 0), (1, 0), (0, 5), (2, 0), (5, 5), (3, 0), (9, 9), (7, 7), (9, 8), (4, 0)]
"""X's four (ply 6) is left unblocked by O twice (plies 7 and 9), and X leaves its five at
4,0 unplayed once (ply 8), which O could have blocked; X makes five at last (ply 10)."""


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine("strong", memory_mb=16)


def by_ply(review) -> dict[int, MoveReview]:
    return {m.ply: m for m in review.moves}


def test_a_five_left_unplayed_or_unblocked_is_always_named(engine: Engine) -> None:
    moves = by_ply(review_game(FIVE_SKIPPED_AND_KEPT, Rules(), nodes=NODES, engine=engine))
    unblocked, skipped, last = moves[13], moves[14], moves[16]
    assert unblocked.reason.startswith("X threatens five at 4,0: the only block")
    assert unblocked.grade == "inaccuracy"  # the game was lost already: only shorter
    assert skipped.reason.startswith("X could win at once at 4,0; keeps the win: makes an open four (column)")
    assert skipped.grade == "inaccuracy"  # the win held, but the five was there to take
    assert last.reason == "X makes five" and last.to_dict()["result_after"] == "won"
    assert last.chance_change == "win in 1 -> won"


def test_a_five_left_unplayed_that_lets_the_win_go_is_a_blunder(engine: Engine) -> None:
    moves = by_ply(review_game(FIVE_SKIPPED_AND_LOST, Rules(), nodes=NODES, engine=engine))
    assert moves[8].reason.startswith("X could win at once at 4,0") and moves[8].grade == "blunder"
    for ply in (7, 9):
        assert moves[ply].reason.startswith("X threatens five at 4,0: the only block")
        assert moves[ply].grade == "blunder"
    assert moves[10].reason == "X makes five"


def test_a_forced_win_given_up_is_named_with_its_length_and_first_move() -> None:
    board = Board(moves=[(0, 0), (1, 1), (1, 0), (2, 2)])
    line = (
        (3, 0),
        (4, 0),
        (-1, 0),
        (-2, 0),
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
        (9, 9),
        (10, 10),
        (11, 11),
        (12, 12),
        (2, 0),
    )
    won = proven(WIN - 13, line, "search")
    after = Judgement(-700.0, 0.08, (5, 5))  # O to move, 8%: X still far ahead, but no longer winning
    reason, shown = explain_move(board, (0, 5), won, after, "blunder", 1.0, 0.92)
    assert reason.startswith("X had a win in 13 starting 3,0 (by force: 3,0 (4,0) -1,0")
    assert shown == line


def test_reasons_name_shapes_and_never_only_the_chances(engine: Engine) -> None:
    win_missed = [(0, 0), (0, 5), (1, 0), (5, 5), (2, 0), (9, 9), (7, 7)]
    for game in (FIVE_SKIPPED_AND_KEPT, win_missed):
        for move in review_game(game, Rules(), nodes=NODES, engine=engine).moves:
            assert "%" not in move.reason and "chance" not in move.reason, move
            assert not re.search(r"(win|loss) in \d+ ->", move.reason), move
    moves = by_ply(review_game(win_missed, Rules(), nodes=NODES, engine=engine))
    assert moves[5].reason.startswith("left X's open three (row) unanswered: X makes an open four at ")
    # The engine's own move there, or one it scores the same (which of them it prefers is the search's).
    assert moves[4].reason in (
        "the engine's choice: makes an open three (row)",
        "as good as the engine's choice: makes an open three (row)",
    )


def test_a_double_threat_allowed_is_named_as_gomoku_names_it() -> None:
    board = Board()
    stones = {(1, 0): Stone.X, (2, 0): Stone.X, (3, 0): Stone.X, (0, 1): Stone.X, (0, 2): Stone.X}
    stones.update({(4, 0): Stone.O, (9, 9): Stone.O, (7, 9): Stone.O, (5, 9): Stone.O})
    board.set_up(stones, Stone.O)  # X: a closed three in the row, two in the column: 0,0 is a four-three
    before = Judgement(0.0, 0.4, (0, 0))
    after = proven(WIN - 3, ((0, 0), (-1, 0), (0, 3)), "vcf")
    reason, _ = explain_move(board, (12, 12), before, after, "blunder", 0.4, 0.0)
    assert reason.startswith("allowed X a four-three at 0,0 (row and column)")
    assert "0,0 was better: it stops X's four-three (row and column)" in reason
