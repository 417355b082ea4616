"""The sequential match (``--sprt``): the LLR against the published formula,
computed here another way; simulated engines of known strength accepted and
rejected; a real match that stops early; bad options refused in one line."""

from __future__ import annotations

import io
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import brentq, minimize
from waiting import wait_until

from gomoku.board import Rules
from gomoku.cli import main
from gomoku.match import GameResult, MatchConfig, MatchError, Progress, run_match
from gomoku.match.sprt import Sprt, SprtRun, llr, pentanomial

sys.path.insert(0, str(Path(__file__).parent))
from test_runner import LinePlayer, ScatterPlayer  # noqa: E402 - found through the path set above

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


# -- a sequential match ---------------------------------------------------------------------------
def sweeping_factory(spec, seed=None, grace_ms=1000):
    """``line`` makes five on row 0 in every game; ``scatter`` never blocks it: every pair a sweep."""
    return LinePlayer("line") if spec == "line" else ScatterPlayer("scatter")


SWEEPS = MatchConfig(games=40, openings=[[(9, 9)], [(9, 9), (10, 10)]])
"""Sweeps take the LLR of [0, 200] up by about log(L(200) / 0.5) = 0.42 a pair: H1 after 8 pairs."""


def test_gomoku_match_with_sprt_stops_early_with_h1(tmp_path, capsys):
    out = tmp_path / "m"
    argv = ["match", "perfect", "random", "--rules", "tictactoe", "--sprt", "0", "50", "--out", str(out)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    head = next(line for line in lines if line.startswith("SPRT "))
    pairs = int(head.split(" after ")[1].split()[0])
    assert head == f"SPRT [+0, +50]: H1 accepted after {pairs} pairs: perfect - random is at least +50 Elo"
    assert pairs < 100  # of the 500 pairs --games 1000 (the default with --sprt) allows
    llr_line, counts_line = lines[lines.index(head) + 1 : lines.index(head) + 3]
    value = float(llr_line.split()[1])
    assert value >= math.log(0.95 / 0.05)
    assert llr_line == f"  LLR {value:.2f} (-2.94, 2.94), alpha 0.05, beta 0.05 (logistic Elo, game pairs)"
    counts = [int(c) for c in counts_line.split(": ")[1].split(", ")]
    assert counts_line.startswith("  pentanomial (pairs scoring 0, 0.5, 1, 1.5, 2 for perfect): ")
    assert sum(counts) == pairs and counts[:2] == [0, 0]  # perfect never loses at tic-tac-toe
    assert any(line.startswith("Elo difference (perfect - random): +") for line in lines)
    # One progress line a game, each with the LLR and its bounds; the last game played completed the deciding pair.
    progress = captured.err.splitlines()
    assert len(progress) == 2 * pairs == len(list(out.glob("game-*.json")))
    assert all(line.endswith(" (-2.94, 2.94)") and "; LLR " in line for line in progress)
    assert progress[-1].startswith(f"game {2 * pairs}/1000 ") and progress[-1].endswith(
        f"; LLR {value:.2f} (-2.94, 2.94)"
    )
    summary = json.loads(
        main(argv[:-2] + ["--out", str(out), "--resume", "--json"]) == 0 and capsys.readouterr().out or "{}"
    )
    assert summary["games"] == 2 * pairs  # the folder's games decided it: none more was played
    assert summary["sprt"]["decision"] == "H1" and summary["sprt"]["pentanomial"] == counts


def test_the_test_is_taken_up_again_from_the_saved_games(tmp_path):
    out = tmp_path / "m"
    test = Sprt(0, 200)
    first = run_match("line", "scatter", SWEEPS, out_dir=out, player_factory=sweeping_factory, sprt=test)
    assert first.sprt is not None and first.sprt.decision == "H1" and first.sprt.counts == (0, 0, 0, 0, 8)
    assert len(first.games) == 16 and first.wins == 16
    for number in (15, 16):  # the deciding pair is lost: the test stands below its bound again
        (out / f"game-{number:03d}.json").unlink()
    stream = io.StringIO()
    again = run_match(
        "line", "scatter", SWEEPS, out_dir=out, player_factory=sweeping_factory, sprt=test, resume=True, progress=stream
    )
    assert again.sprt is not None and again.sprt.counts == (0, 0, 0, 0, 8) and len(again.games) == 16
    said = stream.getvalue().splitlines()
    assert said[0] == f"resumed: 14 of 40 games were played before, in {out}/; LLR 2.93 (-2.94, 2.94)"
    assert len(said) == 3  # the two games played again


def test_parallel_games_stop_when_a_bound_is_crossed(tmp_path):
    import multiprocessing

    # The registry's players, made in the workers without this module (which they need not import).
    out = tmp_path / "m"
    config = MatchConfig(rules=Rules.preset("tictactoe"), games=200)
    result = run_match("perfect", "random", config, jobs=2, out_dir=out, sprt=Sprt(0, 50))
    assert result.sprt is not None and result.sprt.decision == "H1"
    pairs = result.sprt.pairs
    assert 2 * pairs <= len(result.games) < 2 * pairs + 10  # a game whose partner was not in may be there too
    assert sorted(p.name for p in out.glob("game-*.json")) == [f"game-{g.index + 1:03d}.json" for g in result.games]
    assert wait_until(lambda: not multiprocessing.active_children(), timeout=30)  # the workers are gone


def test_a_match_on_a_cluster_stops_when_a_bound_is_crossed(tmp_path):
    distributed = pytest.importorskip("distributed")
    # A scheduler and a worker in this process: quick to start, and the runner talks to it as to any.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as local:
        config = MatchConfig(rules=Rules.preset("tictactoe"), games=200)
        out = tmp_path / "m"
        result = run_match("perfect", "random", config, cluster=local.scheduler_address, out_dir=out, sprt=Sprt(0, 50))
    assert result.sprt is not None and result.sprt.decision == "H1"
    assert 2 * result.sprt.pairs <= len(result.games) == len(list(out.glob("game-*.json"))) < 200


def test_the_progress_bar_shows_the_llr_and_ends_its_line_at_the_decision():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    stream = Terminal()
    run = SprtRun(Sprt(0, 200))
    bar = Progress(stream, 40, "line", "scatter", run)
    for index in range(16):
        run.add(game(index, 1))
        bar.update(game(index, 1))
    drawn = stream.getvalue().split("\r")[1:]
    assert drawn[0].endswith("] 1/40  line 1 - 0 scatter  LLR 0.00 (-2.94, 2.94) ")
    assert drawn[-1].endswith(f"16/40  line 16 - 0 scatter  {run.progress()} \n") and run.decision == "H1"
    assert stream.getvalue().count("\n") == 1


@pytest.mark.parametrize(
    "options, said",
    [
        (["--sprt", "5", "0"], "--sprt 5 0: ELO1 must be above ELO0"),
        (["--sprt", "0", "x"], "argument --sprt: expected a number of Elo, not 'x' (see gomoku match --help)"),
        (["--sprt", "0", "1e9"], "argument --sprt: expected -1000 to 1000 Elo, not '1e9' (see gomoku match --help)"),
        (["--sprt", "0"], "argument --sprt: expected 2 arguments (see gomoku match --help)"),
        (
            ["--sprt", "0", "5", "--alpha", "0.5"],
            "argument --alpha: expected a probability above 0 and below 0.5, not '0.5' (see gomoku match --help)",
        ),
        (
            ["--sprt", "0", "5", "--beta", "zero"],
            "argument --beta: expected a probability above 0 and below 0.5, not 'zero' (see gomoku match --help)",
        ),
        (["--alpha", "0.1"], "--alpha needs --sprt ELO0 ELO1: the test it sets"),
    ],
)
def test_bad_sprt_options_are_one_line_errors(tmp_path, capsys, options, said):
    out = tmp_path / "m"
    try:
        code = main(["match", "perfect", "random", "--rules", "tictactoe", "--out", str(out), *options])
    except SystemExit as exc:  # argparse's own checks exit through the parser
        code = exc.code
    assert code == 2
    captured = capsys.readouterr()
    assert captured.err == f"gomoku: error: {said}\n" and captured.out == ""
    assert not out.exists()  # refused before a game was played
