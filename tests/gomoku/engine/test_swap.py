"""The engine's swap2 and swap1 decisions (``gomoku.engine.swap``): the colour of the better
chance, placements closest to 50%, two more stones when the colours are too close to tell,
one-line refusals, and a real engine's decisions within a small budget."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.engine import Engine
from gomoku.engine.chance import win_chance
from gomoku.engine.swap import BALANCE, SwapBudget, SwapDecision, black_chance, decide

RULES = Rules.preset("gomocup15")
THREE = [(7, 7), (8, 7), (7, 9)]
FIVE = [*THREE, (9, 9), (5, 5)]


class Scored:
    """An engine whose score for the side to move is ``score(board)``; its move is the first
    free cell next to the stones. It counts its searches and keeps their limits."""

    def __init__(self, score: Any) -> None:
        self.score = score
        self.level = "strong"
        self.limits: list[dict[str, Any]] = []

    def hint(self, board: Board, **limits: Any) -> SimpleNamespace:
        self.limits.append(limits)
        return SimpleNamespace(score=self.score(board), move=board.candidates(1)[0])


def score_of(chance: float) -> float:
    """The score the shipped chance map reads as ``chance`` (inverted by bisection)."""
    low, high = -5000.0, 5000.0
    for _ in range(80):
        middle = (low + high) / 2
        low, high = (middle, high) if win_chance(middle) < chance else (low, middle)
    return (low + high) / 2


def black_score(target: float):
    """A score function whose black chance is ``target`` whoever is to move."""
    black, white = score_of(target), score_of(1 - target)
    return lambda board: black if board.turn is Stone.X else white


def test_three_stones_with_black_ahead_are_taken_as_black() -> None:
    decision = decide(Scored(black_score(0.7)), Board(RULES, moves=THREE), "swap2")
    assert decision.swap and decision.protocol_line() == "SWAP"
    assert decision.black == pytest.approx(0.7, abs=1e-6)


def test_three_stones_with_white_ahead_keep_white_and_play_its_move() -> None:
    board = Board(RULES, moves=THREE)
    decision = decide(Scored(black_score(0.3)), board, "swap2")
    assert not decision.swap and decision.stones == (board.candidates(1)[0],)
    assert decision.describe().startswith("keeps white, plays ")


def test_colours_too_close_to_tell_place_two_more_under_swap2_only() -> None:
    board = Board(RULES, moves=THREE)
    engine = Scored(black_score(0.5 + BALANCE / 2))
    decision = decide(engine, board, "swap2")
    assert len(decision.stones) == 2 and not decision.swap
    white, black = decision.stones
    after = Board(RULES, moves=[*THREE, white, black])  # a white, then a black stone: both playable
    assert len(after.move_stack) == 5 and after.turn is Stone.O
    # Swap1 has no such choice: the better colour, however slight.
    assert decide(Scored(black_score(0.5 + BALANCE / 2)), board, "swap1").swap


def test_placements_are_the_candidate_closest_to_even() -> None:
    # Black's chance grows with the distance of the second black stone from the first:
    # the chosen opening is the one of the candidates whose chance is nearest 0.5.
    def chance(board: Board) -> float:
        (x0, y0), _, (x2, y2) = board.move_stack[:3]
        return min(0.95, 0.3 + 0.05 * max(abs(x2 - x0), abs(y2 - y0)) ** 2)

    seen: list[float] = []

    def score(board: Board) -> float:
        target = chance(board)
        seen.append(target)
        return black_score(target)(board)

    decision = decide(Scored(score), Board(RULES), "swap2", SwapBudget(seconds=5, candidates=8), seed=3)
    assert len(decision.stones) == 3 and len(seen) == 8
    assert abs(chance(Board(RULES, moves=decision.stones)) - 0.5) == min(abs(c - 0.5) for c in seen)
    assert Board(RULES, moves=decision.stones).turn is Stone.O  # black, white, black


def test_five_stones_take_the_better_colour() -> None:
    board = Board(RULES, moves=FIVE)
    assert decide(Scored(black_score(0.8)), board, "swap2").swap
    later = decide(Scored(black_score(0.49)), board, "swap2")  # close, but no more stones to place
    assert later.stones == (board.candidates(1)[0],) and not later.swap


def test_each_search_is_bounded_by_the_budget() -> None:
    engine = Scored(black_score(0.5))
    decide(engine, Board(RULES), "swap2", SwapBudget(seconds=0.5, nodes=700, candidates=4))
    assert len(engine.limits) == 4
    assert all(limits["nodes"] == 700 and limits["time"] <= 0.5 for limits in engine.limits)


@pytest.mark.parametrize(
    ("moves", "rule", "message"),
    [
        (THREE[:2], "swap2", "swap2: a decision is made with 0 or 3 or 5 stones, not 2"),
        (FIVE, "swap1", "swap1: a decision is made with 0 or 3 stones, not 5"),
        (THREE, "swap3", "unknown opening rule 'swap3': choose one of swap2, swap1"),
    ],
)
def test_a_decision_it_cannot_make_is_one_line(moves, rule: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        decide(Scored(black_score(0.5)), Board(RULES, moves=moves), rule)
    assert str(caught.value) == message


def test_a_real_engine_decides_every_step_with_legal_stones() -> None:
    engine = Engine("normal")
    budget = SwapBudget(seconds=0.5, nodes=400, candidates=3)
    opening = decide(engine, Board(RULES), "swap2", budget, seed=1)
    board = Board(RULES, moves=opening.stones)  # raises if any is occupied or outside
    assert len(board.move_stack) == 3 and 0.0 <= (opening.black or 0.0) <= 1.0
    answer = decide(engine, board, "swap2", budget, seed=1)
    assert answer.swap or len(answer.stones) in (1, 2)
    for stone in answer.stones:
        board.play(stone)
    assert 0.0 <= black_chance(engine, board, budget) <= 1.0


def test_a_greedy_engine_decides_by_a_search_of_its_own() -> None:
    engine = Scored(black_score(0.7))
    engine.level = "greedy"
    decide(engine, Board(RULES, moves=THREE), "swap1")
    assert engine.limits[0]["level"] == "normal"  # greedy has no chance: a scored level weighs


def test_decision_lines() -> None:
    assert SwapDecision(stones=((7, 7), (8, 7), (9, 9))).protocol_line() == "7,7 8,7 9,9"
    assert SwapDecision(swap=True).describe() == "takes black"
    assert SwapDecision(stones=((1, 2), (3, 4))).describe() == "places 1,2 3,4, the other chooses"
