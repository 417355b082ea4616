"""The swap openings through the pbrain protocol (``gomoku.protocol.swap2``): SWAP2BOARD's
answers on one line for 0, 3 and 5 stones, the position it leaves for the moves that follow,
INFO opening swap1, the searches within the turn's time, and one ERROR line for a bad block."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any

import pytest
from brain_fakes import talk

from gomoku.board import Board, Rules, Stone
from gomoku.engine.chance import win_chance
from gomoku.engine.swap import BALANCE
from gomoku.protocol.clock import TimeControl, plan_time
from gomoku.protocol.streams import parse_coords

THREE = ["7,7", "8,7", "7,9"]
FIVE = [*THREE, "9,9", "5,5"]


def score_of(chance: float) -> float:
    low, high = -5000.0, 5000.0
    for _ in range(80):
        middle = (low + high) / 2
        low, high = (middle, high) if win_chance(middle) < chance else (low, middle)
    return (low + high) / 2


class Judge:
    """An engine that sees black's chance as ``black`` in every position, and plays the
    first free cell next to the stones; it keeps each search's limits."""

    def __init__(self, black: float) -> None:
        self.scores = {Stone.X: score_of(black), Stone.O: score_of(1 - black)}
        self.level = "strong"
        self.limits: list[dict[str, Any]] = []

    def hint(self, board: Board, **limits: Any) -> SimpleNamespace:
        self.limits.append({**limits, "at": time.monotonic()})
        return SimpleNamespace(score=self.scores[board.turn], move=board.candidates(1)[0])


def block(stones: list[str]) -> list[str]:
    return ["SWAP2BOARD", *stones, "DONE"]


def points(line: str) -> list[tuple[int, int]]:
    return [parse_coords(word) for word in line.split()]


def test_no_stones_are_answered_with_three_on_one_line() -> None:
    out, brain = talk(["START 15", "INFO timeout_turn 1000", *block([])], engine=Judge(0.5))
    assert out[0] == "OK" and len(out) == 2
    stones = points(out[1])
    assert len(stones) == 3 and len(set(stones)) == 3
    assert all(0 <= x < 15 and 0 <= y < 15 for x, y in stones)
    assert brain.board.move_stack == stones and brain.ours is None  # the colours are still open


def test_three_stones_good_for_black_are_swapped_and_the_game_goes_on() -> None:
    out, brain = talk(["START 15", "INFO timeout_turn 1000", *block(THREE), "TURN 10,10"], engine=Judge(0.7))
    assert out[1] == "SWAP"
    assert brain.ours is Stone.X  # we took black: white's 4th stone came as a TURN, our move follows
    assert len(brain.board.move_stack) == 5 and brain.board.stones[(10, 10)] is Stone.O
    assert brain.board.stones[parse_coords(out[2])] is Stone.X


def test_stones_given_with_their_colours_as_board_lists_them_are_read_alike() -> None:
    # Piskvork and Rapfi write SWAP2BOARD's stones as BOARD does (x,y,c: 1 the side to move's).
    coloured = [f"{stone},{2 if k % 2 == 0 else 1}" for k, stone in enumerate(THREE)]
    out, brain = talk(["START 15", "INFO timeout_turn 1000", *block(coloured)], engine=Judge(0.3))
    plain, _ = talk(["START 15", "INFO timeout_turn 1000", *block(THREE)], engine=Judge(0.3))
    assert out == plain and brain.board.move_stack[:3] == [parse_coords(stone) for stone in THREE]


def test_three_stones_good_for_white_keep_white_with_one_move() -> None:
    out, brain = talk(["START 15", "INFO timeout_turn 1000", *block(THREE)], engine=Judge(0.3))
    (move,) = points(out[1])
    assert brain.ours is Stone.O and brain.board.stones[move] is Stone.O and len(brain.board.move_stack) == 4


def test_even_stones_get_two_more_under_swap2_and_a_colour_under_swap1() -> None:
    even = Judge(0.5 + BALANCE / 2)
    out, brain = talk(["START 15", "INFO timeout_turn 1000", *block(THREE)], engine=even)
    white, black = points(out[1])
    assert brain.board.stones[white] is Stone.O and brain.board.stones[black] is Stone.X and brain.ours is None
    out, brain = talk(["START 15", "INFO opening swap1", *block(THREE)], engine=Judge(0.5 + BALANCE / 2))
    assert out[1] == "SWAP" and brain.opening_rule == "swap1"


def test_five_stones_get_swap_or_white_sixth_stone() -> None:
    out, _ = talk(["START 15", *block(FIVE)], engine=Judge(0.8))
    assert out[1] == "SWAP"
    out, brain = talk(["START 15", *block(FIVE)], engine=Judge(0.2))
    (move,) = points(out[1])
    assert brain.ours is Stone.O and brain.board.stones[move] is Stone.O


def test_the_decision_searches_within_the_turn_time() -> None:
    judge = Judge(0.5)
    talk(["START 15", "INFO timeout_turn 1000", *block([])], engine=judge)
    search = plan_time(TimeControl(timeout_turn=1000), 0).search
    assert judge.limits and all(0 < limits["time"] <= search and limits["nodes"] > 0 for limits in judge.limits)
    # Shares of one budget: no search may run past the first one's start plus the move's search time.
    first = judge.limits[0]["at"]
    assert max(limits["at"] - first + limits["time"] for limits in judge.limits) <= search + 0.01


def test_a_turn_too_short_to_search_answers_without_one() -> None:
    judge = Judge(0.2)
    out, _ = talk(["START 15", "INFO timeout_turn 10", *block(THREE)], engine=judge)
    assert out[1] == "SWAP" and judge.limits == []
    out, _ = talk(["START 15", "INFO timeout_turn 10", *block([])], engine=Judge(0.5))
    assert out[1] == "7,7 8,8 3,7"


@pytest.mark.parametrize(
    ("script", "error"),
    [
        (block(THREE[:2]), "ERROR SWAP2BOARD: 2 stones given; swap2 decides on 0 or 3 or 5"),
        (block(["7,7", "8,7", "7,7"]), "ERROR SWAP2BOARD line 3: 7,7 appears twice"),
        (block(["7,7", "8,7", "20,3"]), "ERROR SWAP2BOARD line 3: SWAP2BOARD 20,3 is outside the board"),
        (block(["7,7", "x", "1,1"]), "ERROR SWAP2BOARD line 2: "),
        (["INFO opening swap1", *block(FIVE)], "ERROR SWAP2BOARD: 5 stones given; swap1 decides on 0 or 3"),
        (block(["7,7,2", "8,7,1", "9,9,3"]), "ERROR SWAP2BOARD line 3: '9,9,3': a stone's colour is 1 or 2"),
    ],
)
def test_a_bad_block_gets_one_error_line_and_the_brain_goes_on(script: list[str], error: str) -> None:
    out, brain = talk(["START 15", *script, "SWAP2BOARD", "DONE"], engine=Judge(0.5))
    assert out[0] == "OK" and out[1].startswith(error) and "\n" not in out[1]
    assert brain.board is not None and len(points(out[2])) == 3  # the next block answered as ever


def test_swap2board_before_start_and_a_bad_opening_key() -> None:
    out, _ = talk(["SWAP2BOARD"], engine=Judge(0.5))
    assert out == ["ERROR SWAP2BOARD before START: send START size first"]
    out, brain = talk(["START 15", "INFO opening swap9"], engine=Judge(0.5))
    assert out[1].startswith("MESSAGE INFO opening ignored") and brain.opening_rule == "swap2"


def test_a_real_engine_answers_each_step() -> None:
    from gomoku.engine import Engine

    engine = Engine("normal")
    out, brain = talk(["START 15", "INFO timeout_turn 300", *block([])], engine=engine)
    stones = points(out[1])
    board = Board(Rules.preset("gomocup15"), moves=stones)
    out, _ = talk(
        ["START 15", "INFO timeout_turn 300", *block([f"{x},{y}" for x, y in board.move_stack])], engine=engine
    )
    assert out[1] == "SWAP" or len(points(out[1])) in (1, 2)
