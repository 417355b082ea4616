"""The greedy bot: seed 002's own AI, the engine's first level."""

from __future__ import annotations

import random

import pytest

from gomoku.attacks import greedy_move, weight_map
from gomoku.board import Board, GameOverError, Rules, Stone


def position(stones: dict, to_move: Stone) -> Board:
    board = Board()
    board.set_up({p: Stone[s] for p, s in stones.items()}, to_move)
    return board


def test_it_plays_a_candidate_of_greatest_weight():
    board = Board(moves=[(0, 0), (1, 1), (1, 0), (2, 2), (2, 0)])
    weights = weight_map(board)
    move = greedy_move(board)
    assert weights[move] == max(weights.values())
    # O must stop the open three: both ends weigh the same, the smaller point wins the tie.
    assert move == (-1, 0)


def test_ties_are_broken_by_coordinates_and_the_board_is_unchanged():
    board = Board(moves=[(0, 0)])
    before = (dict(board.stones), list(board.move_stack), board.hash)
    weights = weight_map(board)
    best = max(weights.values())
    ties = sorted(p for p, w in weights.items() if w == best)
    assert len(ties) == 8  # the eight neighbours of a lone stone
    assert greedy_move(board) == ties[0] == greedy_move(board)
    assert (dict(board.stones), list(board.move_stack), board.hash) == before


def test_a_seeded_random_tie_break_is_reproducible_and_varied():
    board = Board(moves=[(0, 0)])
    picks = [greedy_move(board, random.Random(seed)) for seed in range(40)]
    assert picks == [greedy_move(board, random.Random(seed)) for seed in range(40)]
    weights = weight_map(board)
    assert all(weights[p] == max(weights.values()) for p in picks)
    assert len(set(picks)) > 3


def test_it_finishes_its_own_five_before_blocking():
    stones = {
        (0, 0): "X",
        (1, 0): "X",
        (2, 0): "X",
        (3, 0): "X",
        (0, 4): "O",
        (1, 4): "O",
        (2, 4): "O",
        (3, 4): "O",
        (7, 7): "O",
    }
    assert greedy_move(position(stones, Stone.X)) in {(-1, 0), (4, 0)}
    assert greedy_move(position(stones, Stone.O)) in {(-1, 4), (4, 4)}


def test_it_blocks_an_open_four_threat_and_a_five():
    stones = {(0, 0): "X", (1, 0): "X", (2, 0): "X", (3, 0): "X", (0, 1): "O", (1, 1): "O", (2, 1): "O"}
    assert greedy_move(position(stones, Stone.O)) in {(-1, 0), (4, 0)}


def test_first_move_is_the_centre_and_game_over_is_an_error():
    assert greedy_move(Board()) == (0, 0)
    assert greedy_move(Board(Rules.preset("gomocup15"))) == (7, 7)
    board = Board(moves=[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1), (4, 0)])
    with pytest.raises(GameOverError):
        greedy_move(board)


def test_greedy_against_itself_plays_legal_moves_to_the_end():
    board = Board(Rules.preset("gomocup15"))
    rng = random.Random(7)
    while not board.is_over and len(board) < 120:
        board.play(greedy_move(board, rng))
    assert board.is_over or len(board) == 120
    if board.winner is not None:
        assert len(board.winning_line) >= 5
