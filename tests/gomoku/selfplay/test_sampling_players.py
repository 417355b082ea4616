"""Self-play's players: sampling among near-equal moves, and the score and best
move each search leaves for the dataset."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gomoku.board import Board, Rules
from gomoku.match import EnginePlayer, MatchConfig, play_game
from gomoku.search.types import WIN, Candidate
from gomoku.selfplay import Sampling, SelfPlayer, choose, make_selfplay_player

RULES = Rules.preset("gomocup15")
OPENING = [(7, 7), (8, 8), (7, 8)]


def cands(*scores):
    return tuple(Candidate((i, 0), float(s), ((i, 0),)) for i, s in enumerate(scores))


def test_a_move_is_chosen_within_the_margin_weighted_by_its_score():
    options = cands(100, 100, 80, 59, -500)
    rng = random.Random(5)
    seen = Counter(choose(options, rng, margin=40, temperature=20).move for _ in range(4000))
    assert set(seen) == {(0, 0), (1, 0), (2, 0)}  # 59 is 41 below the best: outside
    assert abs(seen[(0, 0)] - seen[(1, 0)]) < 250  # equal scores, about as often
    ratio = seen[(2, 0)] / seen[(0, 0)]
    assert 0.25 < ratio < 0.5  # exp(-20 / 20) = 0.37


@pytest.mark.parametrize(
    "options, margin, temperature",
    [
        (cands(100, 99), 40, 0),  # no temperature: the best
        (cands(100, 99), 0, 20),  # no margin: the best
        (cands(WIN - 5, WIN - 7), 40, 20),  # a proven win: the quickest
        (cands(-WIN + 9, -WIN + 9), 40, 20),  # a proven loss: the best of them, no gamble
        (cands(100), 40, 20),
    ],
)
def test_the_best_move_when_nothing_may_vary(options, margin, temperature):
    rng = random.Random(1)
    assert {choose(options, rng, margin=margin, temperature=temperature).move for _ in range(50)} == {(0, 0)}


def game(a, b, seed_a=1, seed_b=2, **sampling):
    config = MatchConfig(rules=RULES, games=1, openings=[OPENING], grace_ms=3_600_000)
    options = Sampling(nodes=800, **sampling)
    x = make_selfplay_player(a, seed=seed_a, sampling=options)
    o = make_selfplay_player(b, seed=seed_b, sampling=options)
    return play_game(0, x, o, config, opening=0)


def test_a_level_leaves_its_score_and_best_move_for_each_of_its_moves():
    played = game("normal", "normal")
    opening = len(OPENING)
    assert played.scores[:opening] == [None] * opening and played.best[:opening] == [None] * opening
    assert len(played.scores) == len(played.moves) == len(played.best)
    assert all(isinstance(s, float) for s in played.scores[opening:])
    assert all(b is not None for b in played.best[opening:])
    board = Board(RULES, played.moves)
    assert board.winner is not None or played.result == "draw"
    # The last move made five: the mover saw its win.
    if "made five" in played.reason:
        assert played.scores[-1] > 900_000 and played.best[-1] == played.moves[-1]


def test_the_same_seed_plays_the_same_game_and_other_seeds_vary_it():
    first = game("normal", "normal", seed_a=1, seed_b=2)
    assert game("normal", "normal", seed_a=1, seed_b=2).moves == first.moves
    others = {tuple(game("normal", "normal", seed_a=s, seed_b=s + 1).moves[:12]) for s in range(3, 7)}
    assert len(others | {tuple(first.moves[:12])}) >= 3
    # The sampled moves are where the game varies: without sampling, one game.
    fixed = {tuple(game("normal", "normal", seed_a=s, seed_b=s + 1, temperature=0).moves) for s in range(3)}
    assert len(fixed) == 1


def test_only_the_first_moves_are_sampled_and_then_the_best_is_played():
    played = game("normal", "normal", random_moves=2, margin=10_000, temperature=10_000)
    opening = len(OPENING)
    later = [(m, b) for m, b in zip(played.moves[opening + 4 :], played.best[opening + 4 :])]
    assert later and all(m == b for m, b in later)
    early = list(zip(played.moves[opening : opening + 4], played.best[opening : opening + 4]))
    wide = [game("normal", "normal", seed_a=s, random_moves=2, margin=10_000, temperature=10_000) for s in range(4)]
    assert early and any(
        m != b for g in wide for m, b in zip(g.moves[opening : opening + 4], g.best[opening : opening + 4])
    )


def test_other_players_play_as_in_a_match_and_leave_no_score():
    greedy = make_selfplay_player("greedy", seed=1)
    assert isinstance(greedy, SelfPlayer)
    played = game("greedy", "normal")
    xs = played.scores[len(OPENING) :: 2] if len(OPENING) % 2 == 0 else played.scores[len(OPENING) + 1 :: 2]
    assert xs and all(s is None for s in xs)  # greedy (X) does not search
    perfect = make_selfplay_player("perfect", seed=1)
    assert isinstance(perfect, EnginePlayer) and not isinstance(perfect, SelfPlayer)


def test_a_timed_level_samples_too():
    config = MatchConfig(rules=RULES, games=1, openings=[OPENING], time_per_move_ms=100)
    options = Sampling(seed=3)
    played = play_game(
        0,
        SelfPlayer("normal", seed=1, sampling=options),
        SelfPlayer("normal", seed=2, sampling=options),
        config,
        opening=0,
    )
    scored = [s for s in played.scores if s is not None]
    assert len(scored) >= (len(played.moves) - len(OPENING)) // 2
    assert "lost" not in played.reason
