"""The greedy player with another weight table: greedy:tuned, greedy:FILE."""

from __future__ import annotations

from pathlib import Path

import pytest

from gomoku.attacks import greedy_move, weight_map
from gomoku.attacks.weights import WeightTable, default_table, named_table, save_weights
from gomoku.board import Board, Rules
from gomoku.engine import Engine
from gomoku.engine.players import LEVELS, PLAYERS, check_player, greedy_table, players_for
from gomoku.match import MatchConfig, make_player, run_match

# O to move; the default table's greedy plays (2, 1), a table that prizes a closed two plays (1, -1).
POSITION = [(0, 0), (1, 1), (1, 0), (2, 2)]


@pytest.fixture
def two_table(tmp_path: Path) -> str:
    rows = {**default_table().rows, 2: (None, 50.0, 5.0)}
    return str(save_weights(WeightTable(rows, name="closed-twos"), tmp_path / "twos.json"))


def test_greedy_keeps_the_default_table_and_the_variants_are_not_listed():
    assert greedy_table("greedy") is None and Engine("greedy").table is None
    assert "greedy:tuned" in PLAYERS and "greedy:tuned" not in list(PLAYERS)
    assert "greedy:tuned" not in LEVELS and "greedy:tuned" not in players_for(Rules())
    assert PLAYERS["greedy:tuned"].weights == "tuned" and not PLAYERS["greedy:tuned"].classic


def test_greedy_tuned_plays_a_legal_move_by_the_tuned_table():
    board = Board(moves=POSITION)
    hint = Engine("greedy:tuned", seed=1).hint(board)
    assert hint.level == "greedy:tuned"
    assert hint.move not in board.stones and board.rules.contains(hint.move)
    assert hint.move == greedy_move(board, table=named_table("tuned")) or hint.move in greedy_ties(board)


def greedy_ties(board: Board) -> list:
    weights = weight_map(board, named_table("tuned"))
    best = max(weights.values())
    return [p for p, w in weights.items() if w == best]


def test_a_table_that_differs_plays_differently(two_table: str):
    board = Board(moves=POSITION)
    default_move = Engine("greedy").hint(board).move
    assert default_move == (2, 1)
    engine = Engine(f"greedy:{two_table}")
    assert engine.hint(board).move == (1, -1)
    # Its fast greedy move (a brain's, a match's under a short clock) is its own table's too.
    assert engine.hint(board, level="greedy").move == (1, -1)
    # Another engine asking for the variant gets the variant's table.
    assert Engine("strong").hint(board, level=f"greedy:{two_table}").move == (1, -1)


def test_a_variant_with_a_bad_table_is_one_line(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"attacks": {"1": [null, NaN, 1]}}')
    with pytest.raises(ValueError, match="bad.json") as info:
        check_player(f"greedy:{bad}", Rules())
    assert "\n" not in str(info.value)
    with pytest.raises(ValueError, match="unknown weight table 'nosuch'"):
        Engine("greedy:nosuch")


def test_greedy_tuned_in_a_match():
    assert make_player("greedy:tuned").name == "greedy:tuned"
    result = run_match("greedy:tuned", "greedy", MatchConfig(games=2, time_per_move_ms=2000))
    assert [g.result in ("X", "O", "draw") for g in result.games] == [True, True]
    assert all("lost:" not in g.reason for g in result.games)


def test_greedy_default_is_greedy_by_another_name():
    board = Board(moves=POSITION)
    hint = Engine("greedy:default").hint(board)
    assert (hint.move, hint.level) == (Engine("greedy").hint(board).move, "greedy:default")
