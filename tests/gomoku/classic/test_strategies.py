"""The classic players: the registry, legal moves everywhere, the seeds' searches, the engine's levels."""

from __future__ import annotations

import random
from functools import partial

import pytest

from gomoku.board import Board, Rules, Stone
from gomoku.classic.minimax import EVALUATIONS, Stats, choose, evaluate
from gomoku.classic.script import script_move
from gomoku.classic.strategies import play
from gomoku.engine import LEVELS, Engine, check_level
from gomoku.engine.players import CLASSIC, check_player, classic_choice, classic_move, players_for


def classic_for(rules: Rules) -> tuple[str, ...]:
    """The classic players among those that play ``rules``."""
    return tuple(name for name in players_for(rules) if name in CLASSIC)


def test_which_players_play_what() -> None:
    assert classic_for(Rules.preset("tictactoe")) == CLASSIC
    assert classic_for(Rules.preset("4x4")) == ("perfect", "minimax", "alphabeta", "random")
    assert classic_for(Rules.preset("cube3")) == ("perfect", "magic", "minimax", "alphabeta", "random")
    assert classic_for(Rules.preset("qubic")) == ("minimax", "alphabeta", "random")
    assert classic_for(Rules.parse("size=7x6,k=4,gravity")) == ("minimax", "alphabeta", "random")
    assert classic_for(Rules.parse("size=4x4,k=4,gravity")) == ("perfect", "minimax", "alphabeta", "random")
    assert classic_for(Rules()) == () and classic_for(Rules.preset("gomocup15")) == ()
    # The same game under another name (a loaded file's) has the same players.
    assert classic_for(Rules(k=3, bounds=((0, 0), (2, 2)), name="mine")) == CLASSIC
    assert classic_move("table", Board(Rules(k=3, bounds=((0, 0), (2, 2)), name="mine"))) == (0, 0)
    # Under exact-k rules the line counts cannot see an overline: no classic player.
    assert classic_for(Rules.parse("size=5x5,k=3,exact")) == ()


def test_a_player_that_does_not_apply_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown player 'best'"):
        check_player("best", Rules.preset("tictactoe"))
    with pytest.raises(ValueError, match="the table player does not play 4x4"):
        classic_move("table", Board(Rules.preset("4x4")))
    over = Board(Rules.preset("tictactoe"), [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])
    with pytest.raises(ValueError, match="game is over"):
        classic_move("script", over)


@pytest.mark.parametrize("name", ["tictactoe", "4x4", "cube3", "qubic", "size=4x4,k=4,gravity", "size=5x4,k=3,gravity"])
def test_every_player_plays_legal_moves_to_the_end(name: str) -> None:
    rules = Rules.parse(name)
    for player in classic_for(rules):
        for first in (True, False):
            rng = random.Random(f"{name}/{player}/{first}")
            mine = partial(classic_move, player, rng=rng)
            other = partial(classic_move, "random", rng=rng)
            board = play(rules, *((mine, other) if first else (other, mine)))  # play() refuses illegal moves
            assert board.is_over
            if player == "perfect" and rules.area <= 16:
                assert board.winner is not (Stone.O if first else Stone.X)


def test_perfect_wins_3x3x3_as_first_player_and_tells_its_score() -> None:
    choice = classic_choice("perfect", Board(Rules.preset("cube3")))
    assert choice.forced_win and choice.score == 21 and choice.move == (1, 1, 1)
    board = play(Rules.preset("cube3"), lambda b: classic_move("perfect", b), lambda b: classic_move("perfect", b))
    assert board.winner is Stone.X and board.ply == 7


def test_the_script_follows_the_seed() -> None:
    rules = Rules.preset("tictactoe")
    assert script_move(Board(rules)) == (1, 1)  # move 1: Go(5)
    assert script_move(Board(rules, [(0, 0)])) == (1, 1)  # move 2: the centre
    assert script_move(Board(rules, [(1, 1)])) == (0, 0)  # move 2: else square 1
    assert script_move(Board(rules, [(1, 1), (0, 0)])) == (2, 2)  # move 3: square 9
    assert script_move(Board(rules, [(1, 1), (2, 2)])) == (2, 0)  # move 3: else square 3
    # Move 4: block X's threat; move 6: win before blocking.
    assert script_move(Board(rules, [(0, 0), (1, 1), (1, 0)])) == (2, 0)
    assert script_move(Board(rules, [(0, 0), (1, 1), (2, 2), (1, 0), (0, 2)])) == (1, 2)


def test_seed004_heuristics() -> None:
    board = Board(Rules.preset("tictactoe"), [(1, 1), (0, 0)])  # X centre, O corner; X to move
    assert evaluate(board, "h0") == 0
    assert evaluate(board, "h1") == 4 - 3
    assert evaluate(board, "h2") == 7 - 2  # X's free neighbours less O's
    assert evaluate(board, "h3") == 3 - 2  # open rows of one stone
    assert evaluate(board, "h3", Stone.O) == -1
    board = Board(Rules.preset("tictactoe"), [(1, 1), (0, 0), (2, 1)])
    # X: the middle row holds two (8), its column, anti-diagonal and the right column one each;
    # the main diagonal is blocked. O: its top row and left column.
    assert evaluate(board, "h3", Stone.X) == (8 + 1 + 1 + 1) - 2
    assert set(EVALUATIONS) == {"h0", "h1", "h2", "h3", "e1", "e2"}


def test_seed001_evaluations_on_4x4x4() -> None:
    board = Board(Rules.preset("qubic"), [(0, 0, 0), (3, 3, 3), (1, 0, 0)])
    # X: the corner's 7 lines less the space diagonal O blocks; the x-row holds both stones (2),
    # its 5 other lines 1 each; (1, 0, 0)'s column, pillar and yz-diagonal 1 each. O: its 6 open lines.
    assert evaluate(board, "e1", Stone.X) == (2 + 5 + 3) - 6
    assert evaluate(board, "e2", Stone.X) == (3 + 5 + 3) - 6
    assert evaluate(board, "e2", Stone.X) > evaluate(board, "e1", Stone.X)


def test_a_drawn_3x3_game_visits_the_seeds_states() -> None:
    stats = (Stats(), Stats())
    board = play(
        Rules.preset("tictactoe"),
        lambda b: choose(b, 2, "h1", stats=stats[0]),
        lambda b: choose(b, 2, "h1", stats=stats[1]),
    )
    assert board.is_draw
    assert (stats[0].states, stats[1].states) == (81 + 49 + 25 + 9 + 1, 64 + 36 + 16 + 4)  # the seed's 825/600 over 5


@pytest.mark.parametrize(
    ("name", "moves", "depth", "evaluation"),
    [
        ("tictactoe", [(0, 0)], 3, "h3"),
        ("tictactoe", [], 4, "h1"),
        ("qubic", [(0, 0, 0), (1, 1, 1)], 2, "e2"),
        ("qubic", [(0, 0, 0), (1, 1, 1), (2, 2, 2)], 3, "e1"),
        ("cube3", [(1, 1, 1)], 3, "h2"),
    ],
)
def test_alpha_beta_chooses_as_minimax_with_fewer_states(name: str, moves: list, depth: int, evaluation: str) -> None:
    board = Board(Rules.parse(name), moves)
    full, pruned = Stats(), Stats()
    assert choose(board, depth, evaluation, stats=full) == choose(board, depth, evaluation, prune=True, stats=pruned)
    assert pruned.states < full.states and pruned.cutoffs > 0 and full.cutoffs == 0
    assert full.branching > 1


def test_minimax_ties_are_random_and_repeatable() -> None:
    board = Board(Rules.preset("qubic"))
    picks = {choose(board, 1, "h0", rng=random.Random(seed)) for seed in range(20)}
    assert len(picks) > 5
    assert choose(board, 1, "h0", rng=random.Random(3)) == choose(board, 1, "h0", rng=random.Random(3))
    with pytest.raises(ValueError, match="depth must be at least 1"):
        choose(board, 0)
    with pytest.raises(ValueError, match="unknown evaluation"):
        choose(board, 1, "h9")


def test_the_engine_levels_on_each_game() -> None:
    assert Engine.levels_for(Rules.preset("tictactoe")) == tuple(LEVELS) + CLASSIC
    assert Engine.levels_for(Rules()) == tuple(LEVELS)
    assert Engine.levels_for(Rules.parse("size=7x6,k=4,gravity")) == (
        "easy",
        "normal",
        "strong",
        "max",
        "minimax",
        "alphabeta",
        "random",
    )
    # Five in a row with gravity: the levels offered (whichever search takes them) keep to gravity.
    five = Rules.parse("size=9x9,gravity")
    levels = Engine.levels_for(five)
    assert "greedy" not in levels and levels[-3:] == ("minimax", "alphabeta", "random")
    board = Board(five, [(4, 0), (4, 1), (3, 0)])
    for level in levels:
        board.copy().play(Engine(level, seed=1).hint(board, time=0.2).move)  # a floating move would raise
    assert check_level("perfect") == "perfect"
    with pytest.raises(ValueError, match="perfect"):
        check_level("nope")


def test_the_engine_hints_with_a_classic_player() -> None:
    hint = Engine("perfect").hint(Board(Rules.preset("cube3")))
    assert (hint.move, hint.forced_win, hint.level, hint.depth) == ((1, 1, 1), True, "perfect", 1)
    hint = Engine().hint(Board(Rules.preset("tictactoe"), [(0, 0)]), level="table")
    assert hint.move == (1, 1) and hint.level == "table"
    with pytest.raises(ValueError, match="does not play"):
        Engine().hint(Board(Rules.preset("qubic")), level="perfect")


def test_the_engine_analysis_keeps_to_gravity() -> None:
    from gomoku.search.types import Limit

    board = Board(Rules.parse("size=15x15,gravity"), [(7, 0), (7, 1)])
    infos = list(Engine().analyse(board, Limit(depth=3)))
    assert infos
    for info in infos:
        replay = board.copy()
        for move in info.pv:
            replay.play(move)  # every move of every line rests on the bottom or a stone


def test_the_engine_search_keeps_to_gravity() -> None:
    board = Board(Rules.parse("size=7x6,k=4,gravity"), [(3, 0), (3, 1), (2, 0)])
    for level in ("easy", "normal"):
        hint = Engine(level).hint(board.copy(), time=0.2)
        board.copy().play(hint.move)  # a floating move would raise
