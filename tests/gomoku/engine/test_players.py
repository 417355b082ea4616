"""The one registry of players: its order, one description each that says what the
player is (and the levels' real limits), which rules each plays, and its one-line errors."""

from __future__ import annotations

import pytest

from gomoku.board import Board, Rules
from gomoku.engine import Engine, check_level
from gomoku.engine.players import (
    CLASSIC,
    DEFAULT_LEVEL,
    LEVELS,
    PLAYERS,
    check_player,
    classic_choice,
    describe,
    listing,
    players_for,
)
from gomoku.search.types import Limit

ENGINE_LEVELS = ("greedy", "easy", "normal", "strong", "max")
CLASSIC_PLAYERS = ("perfect", "table", "script", "magic", "minimax", "alphabeta", "random")


def test_the_levels_come_first_weakest_first_then_the_classic_players() -> None:
    assert tuple(PLAYERS) == ENGINE_LEVELS + CLASSIC_PLAYERS
    assert tuple(LEVELS) == ENGINE_LEVELS and CLASSIC == CLASSIC_PLAYERS
    assert all(isinstance(LEVELS[name], Limit) and not PLAYERS[name].classic for name in ENGINE_LEVELS)
    assert all(PLAYERS[name].classic and PLAYERS[name].limit is None for name in CLASSIC_PLAYERS)
    assert DEFAULT_LEVEL == "strong" and LEVELS["normal"] == Limit(depth=4, time=0.3)


def test_one_description_each_that_says_what_the_player_is() -> None:
    for name, player in PLAYERS.items():
        assert describe(name) == player.description
        assert player.description and "\n" not in player.description and len(player.description) < 100
        assert "seed" not in player.description.lower() and "approach" not in player.description
    assert describe("table") == "the 3x3 move table"
    assert describe("normal") == "alpha-beta 4 plies deep, at most 0.3 s, with VCF and the defence against VCTs"


@pytest.mark.parametrize("name", ENGINE_LEVELS)
def test_a_levels_description_states_its_real_limits(name: str) -> None:
    limit, text = LEVELS[name], describe(name)
    if limit.depth is not None and limit.depth > 1:
        assert f"{limit.depth} plies" in text
    if limit.time is not None and name != "max":
        assert f"{limit.time:g} s" in text
    assert Engine().limit(name).depth == limit.depth  # the engine plays what the registry says


def test_which_players_play_what() -> None:
    assert players_for(Rules()) == ENGINE_LEVELS
    assert players_for(Rules.preset("gomocup20")) == ENGINE_LEVELS
    assert players_for(Rules.preset("tictactoe")) == ENGINE_LEVELS + CLASSIC_PLAYERS
    assert players_for(Rules.preset("qubic")) == ENGINE_LEVELS + ("minimax", "alphabeta", "random")
    assert players_for(Rules.parse("size=7x6,k=4,gravity")) == ENGINE_LEVELS[1:] + ("minimax", "alphabeta", "random")
    for rules in (Rules(), Rules.preset("tictactoe"), Rules.preset("cube3"), Rules.parse("size=9x9,gravity")):
        assert Engine.levels_for(rules) == players_for(rules)


def test_a_player_that_does_not_play_the_rules_is_one_line_naming_those_that_do() -> None:
    with pytest.raises(ValueError) as caught:
        check_player("perfect", Rules())
    assert str(caught.value) == (
        "the perfect player does not play freestyle (players here: greedy, easy, normal, strong, max)"
    )
    with pytest.raises(
        ValueError, match=r"^the greedy player does not play size=9x9,k=5,gravity \(players here: easy,"
    ):
        check_player("greedy", Rules.parse("size=9x9,gravity"))
    with pytest.raises(ValueError) as caught:
        check_player("best")
    assert str(caught.value) == f"unknown player 'best': choose one of {', '.join(PLAYERS)}"
    with pytest.raises(ValueError, match="unknown player"):
        describe("best")
    assert check_player("perfect", Rules.preset("tictactoe")) is PLAYERS["perfect"]


def test_the_engine_takes_every_name_of_the_registry() -> None:
    for name in PLAYERS:
        assert check_level(name) == name and Engine(name).level == name
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        Engine("grandmaster")


def test_every_player_of_tictactoe_plays_a_legal_move() -> None:
    board = Board(Rules.preset("tictactoe"), [(1, 1), (0, 0)])
    for name in players_for(board.rules):
        hint = Engine(name, seed=1).hint(board, nodes=300)
        assert hint.level == name and hint.move not in board.stones and board.rules.contains(hint.move), name


def test_a_classic_choice_is_a_classic_players() -> None:
    choice = classic_choice("perfect", Board(Rules.preset("cube3")))
    assert choice.move == (1, 1, 1) and choice.forced_win
    with pytest.raises(ValueError, match="one of the engine's levels"):
        classic_choice("normal", Board(Rules.preset("tictactoe")))
    with pytest.raises(ValueError, match="the table player does not play 4x4"):
        classic_choice("table", Board(Rules.preset("4x4")))


def test_the_listing_names_each_player_with_its_description() -> None:
    text = listing()
    assert " ".join(text.split()) == " ".join(f"{name} {player.description}" for name, player in PLAYERS.items())
    lines = text.splitlines()
    assert all(len(line) <= 79 for line in lines)
    assert [line.split()[0] for line in lines if not line.startswith("   ")] == list(PLAYERS)
    assert listing(["table", "random"]) == "  table   the 3x3 move table\n  random  a random legal move"
