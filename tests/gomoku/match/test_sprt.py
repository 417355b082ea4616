"""The sequential match (``--sprt``): the LLR against the published formula,
computed here another way; simulated engines of known strength accepted and
rejected; a real match that stops early; bad options refused in one line."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import brentq, minimize

from gomoku.match import GameResult, MatchError
from gomoku.match.sprt import Sprt, SprtRun, llr, pentanomial

# -- the LLR, computed independently ------------------------------------------------------------
TABLES = [
    # (pentanomial: pairs scoring 0, 0.5, 1, 1.5, 2 for A), ELO0, ELO1
    ((1, 2, 40, 2, 1), 0, 10),
    ((0, 0, 5, 10, 30), 0, 50),
    ((40, 100, 300, 90, 20), -5, 5),
    ((3, 60, 420, 70, 2), 0, 5),
    ((0, 0, 0, 0, 12), 0, 50),  # sweeps only: four empty cells, no variance
    ((7, 0, 0, 0, 0), -20, 20),
    ((0, 0, 9, 0, 0), 0, 10),  # every pair even
]


def reference_llr(counts, elo0, elo1):
    """The GSPRT's LLR as Van den Bergh's notes give it (computeLLR.pdf, Prop. 1.1), with
    fishtest's regularisation (an empty count is 0.001 pairs): numpy and scipy's brentq."""
    held = np.array([c if c > 0 else 1e-3 for c in counts], dtype=float)
    n = held.sum()
    p = held / n
    a = np.arange(5) / 4

    def log_likelihood(elo):
        s = 1 / (1 + 10 ** (-elo / 400))
        d = a - s
        low, high = -1 / d[-1], -1 / d[0]
        margin = (high - low) * 1e-15
        x = brentq(lambda x: np.sum(p * d / (1 + x * d)), low + margin, high - margin, xtol=1e-15, maxiter=500)
        return np.sum(p * np.log(p / (1 + x * d)))

    return n * (log_likelihood(elo1) - log_likelihood(elo0))


def primal_llr(counts, elo0, elo1):
    """The same ratio straight from its definition: the likelihood maximised (SLSQP)
    over every distribution of the five cells with A's expected score as each
    hypothesis says, with no formula for the maximum."""
    held = np.array([c if c > 0 else 1e-3 for c in counts], dtype=float)
    n = held.sum()
    p = held / n
    a = np.arange(5) / 4

    def log_likelihood(elo):
        s = 1 / (1 + 10 ** (-elo / 400))
        constraints = [{"type": "eq", "fun": lambda q: q.sum() - 1}, {"type": "eq", "fun": lambda q: q @ a - s}]
        best = minimize(
            lambda q: -np.sum(p * np.log(q)),
            np.full(5, 0.2),
            constraints=constraints,
            bounds=[(1e-12, 1)] * 5,
            method="SLSQP",
            options={"ftol": 1e-15, "maxiter": 1000},
        )
        return -best.fun

    return n * (log_likelihood(elo1) - log_likelihood(elo0))


@pytest.mark.parametrize("counts, elo0, elo1", TABLES)
def test_the_llr_is_the_published_formula(counts, elo0, elo1):
    assert llr(counts, elo0, elo1) == pytest.approx(reference_llr(counts, elo0, elo1), abs=1e-6)
    assert Sprt(elo0, elo1).llr(counts) == llr(counts, elo0, elo1)


@pytest.mark.parametrize("counts, elo0, elo1", TABLES[:3])
def test_the_llr_is_the_ratio_of_the_constrained_maximum_likelihoods(counts, elo0, elo1):
    assert llr(counts, elo0, elo1) == pytest.approx(primal_llr(counts, elo0, elo1), abs=1e-5)


def test_the_llr_before_any_pair_is_zero_and_is_antisymmetric():
    assert llr((0, 0, 0, 0, 0), 0, 10) == 0
    assert llr((1, 3, 5, 7, 9), -10, 10) == pytest.approx(-llr((9, 7, 5, 3, 1), -10, 10), abs=1e-9)
    assert llr((2, 5, 9, 5, 2), 0, 10) < 0 < llr((2, 5, 9, 5, 2), -10, 0)


def test_the_bounds_are_walds():
    test = Sprt(0, 10, alpha=0.05, beta=0.1)
    assert test.lower == pytest.approx(math.log(0.1 / 0.95)) and test.upper == pytest.approx(math.log(0.9 / 0.05))
    assert (test.decide(test.upper), test.decide(test.lower), test.decide(0.0)) == ("H1", "H0", None)


# -- pairs -----------------------------------------------------------------------------------------
def game(index, a_score):
    """Game ``index`` of a match (A as X in even games) in which A scored ``a_score``."""
    side = "X" if index % 2 == 0 else "O"
    other = "O" if side == "X" else "X"
    result = "draw" if a_score == 0.5 else side if a_score == 1 else other
    return GameResult(index, index // 2, "a", "b", side, result, "", [], [])


def test_a_pair_counts_once_both_its_games_are_in_whatever_their_order():
    games = [game(3, 1), game(0, 1), game(5, 0.5), game(2, 0.5), game(1, 0), game(4, 0)]
    run = SprtRun(Sprt(0, 10))
    seen = []
    for each in games:
        run.add(each)
        seen.append(run.pairs)
    assert seen == [0, 0, 0, 1, 2, 3]
    assert run.counts == pentanomial(games) == (0, 1, 1, 1, 0)
    assert run.value == llr((0, 1, 1, 1, 0), 0, 10)
    assert pentanomial(games[:-1] + [game(6, 1)]) == (0, 0, 1, 1, 0)  # a lone game is not a pair


# -- simulated engines of known strength ----------------------------------------------------------
def pair_distribution(elo, draws=0.04):
    """Pairs of two independent games of an engine ``elo`` better, draws rare."""
    score = 1 / (1 + 10 ** (-elo / 400))
    win = score - draws / 2
    one = np.array([1 - win - draws, draws, win])  # A's loss, draw, win
    return np.convolve(one, one)  # 0, 0.5, 1, 1.5, 2 points


def simulate(elo, test, seed, most=3000):
    """Pairs drawn from ``pair_distribution(elo)`` until the test decides: (decision, pairs)."""
    rng = np.random.default_rng(seed)
    counts = [0] * 5
    for pairs, cell in enumerate(rng.choice(5, size=most, p=pair_distribution(elo)), 1):
        counts[cell] += 1
        decision = test.decide(test.llr(counts))
        if decision is not None:
            return decision, pairs
    return None, most


@pytest.mark.parametrize("seed", [1, 2])
def test_a_better_engine_is_accepted_and_a_worse_one_rejected(seed):
    test = Sprt(0, 10)
    decision, pairs = simulate(60, test, seed)
    assert decision == "H1" and pairs <= 1000
    decision, pairs = simulate(-60, test, seed)
    assert decision == "H0" and pairs <= 1000


# -- bad tests --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, words",
    [
        ((5, 0), "--sprt 5 0: ELO1 must be above ELO0"),
        ((3, 3), "--sprt 3 3: ELO1 must be above ELO0"),
        ((0, 5000), "ELO1 must be a number of Elo from -1000 to 1000, not 5000"),
        ((math.nan, 5), "ELO0 must be a number of Elo"),
        ((0, 5, 0.5), "--alpha must be above 0 and below 0.5, not 0.5"),
        ((0, 5, 0.05, 0), "--beta must be above 0 and below 0.5, not 0"),
    ],
)
def test_a_test_that_cannot_be_run_is_a_match_error(args, words):
    with pytest.raises(MatchError, match=words.replace(".", r"\.")):
        Sprt(*args)
