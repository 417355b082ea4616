"""SPSA on synthetic objectives: it climbs a noisy quadratic, deterministically,
within its clamps; a checkpoint resumes the run exactly; a damaged one is one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from gomoku.attacks.weights import default_table
from gomoku.board import Board
from gomoku.match import MatchConfig, default_openings_path, load_openings
from gomoku.tuning import (
    PARAMETERS,
    Settings,
    SpsaError,
    State,
    TuneOptions,
    checkpoint_path,
    greedy,
    load_checkpoint,
    save_checkpoint,
    step,
    table_of,
    theta_of,
    tune,
)
from gomoku.tuning.greedy import GameMeasure, Measure
from gomoku.tuning.spsa import gains, perturbation

OPTIMUM = [0.6, -0.4, 0.2]


def noisy_quadratic(seed: int):
    """f(x) = -|x - OPTIMUM|^2; the measure is f(plus) - f(minus) plus noise, clipped to [-1, 1]."""
    rng = random.Random(seed)

    def f(x):
        return -sum((a - b) ** 2 for a, b in zip(x, OPTIMUM))

    def measure(plus, minus, k):
        return max(-1.0, min(1.0, f(plus) - f(minus) + rng.gauss(0, 0.05)))

    return measure, f


def settings(**kw) -> Settings:
    base = dict(
        names=("x", "y", "z"), start=(0.0, 0.0, 0.0), low=(-1.0,) * 3, high=(1.0,) * 3, a=0.5, c=0.1, big_a=5.0, seed=3
    )
    return Settings(**{**base, **kw})


def run(state: State, measure, iterations: int) -> State:
    while state.k < iterations:
        step(state, measure)
    return state


def test_it_climbs_a_noisy_quadratic_toward_its_optimum():
    measure, f = noisy_quadratic(1)
    state = run(State(settings()), measure, 300)
    distance = sum((a - b) ** 2 for a, b in zip(state.theta, OPTIMUM)) ** 0.5
    start = sum(b**2 for b in OPTIMUM) ** 0.5
    assert distance < start / 4
    assert f(state.theta) > f([0.0, 0.0, 0.0])


def test_the_same_seed_gives_the_same_run():
    one = run(State(settings()), noisy_quadratic(1)[0], 40).theta
    two = run(State(settings()), noisy_quadratic(1)[0], 40).theta
    other = run(State(settings(seed=4)), noisy_quadratic(1)[0], 40).theta
    assert one == two and one != other


def test_gains_and_perturbations_follow_spall():
    s = settings(a=1.0, c=0.5, big_a=0.0)
    assert gains(s, 0) == (1.0, 0.5)
    a_9, c_9 = gains(s, 9)
    assert a_9 == pytest.approx(10**-0.602) and c_9 == pytest.approx(0.5 * 10**-0.101)
    signs = [perturbation(s, k) for k in range(50)]
    assert all(set(d) <= {-1, 1} for d in signs) and len({tuple(d) for d in signs}) > 1


def test_the_step_is_clamped_to_the_bounds():
    state = State(settings(low=(-0.05,) * 3, high=(0.05,) * 3, a=100.0))
    step(state, lambda plus, minus, k: 1.0)
    assert all(-0.05 <= t <= 0.05 for t in state.theta) and any(abs(t) == 0.05 for t in state.theta)


def test_bad_settings_and_a_nan_measure_are_refused():
    with pytest.raises(SpsaError, match="within its bounds"):
        settings(start=(2.0, 0.0, 0.0))
    with pytest.raises(SpsaError, match="positive"):
        settings(c=0.0)
    with pytest.raises(SpsaError, match="not a number"):
        step(State(settings()), lambda plus, minus, k: float("nan"))


def test_a_checkpoint_round_trips(tmp_path: Path):
    state = run(State(settings()), noisy_quadratic(2)[0], 7)
    path = save_checkpoint(state, tmp_path / "run.spsa.json", {"pairs": 3})
    again, extra = load_checkpoint(path)
    assert (again.k, again.theta, again.settings, extra) == (state.k, state.theta, state.settings, {"pairs": 3})


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "expected JSON"),
        ('{"format": "x"}', "not an SPSA checkpoint"),
        ('{"format": "gomoku-spsa", "version": 1, "settings": {}}', "damaged checkpoint"),
    ],
)
def test_a_damaged_checkpoint_is_one_line(tmp_path: Path, text: str, says: str):
    path = tmp_path / "c.spsa.json"
    path.write_text(text)
    with pytest.raises(SpsaError, match=says) as info:
        load_checkpoint(path)
    assert "\n" not in str(info.value)


# -- the greedy table's run, with a synthetic measure in place of games ----------------
def table_measure(plus, minus, k):
    """Prefers a larger fork bonus and a smaller [1:1]: a stand-in for games."""
    fork, weak = PARAMETERS.index("fork"), PARAMETERS.index("[1:1]")
    return max(-1.0, min(1.0, (plus[fork] - minus[fork]) - (plus[weak] - minus[weak])))


CONFIG = MatchConfig(openings=[[(9, 9)]] * 4)


def test_a_run_writes_the_table_and_resumes_where_it_stopped(tmp_path: Path):
    out = tmp_path / "t.json"
    twelve, eight = (TuneOptions(iterations=n, checkpoint_every=4, big_a=1.0) for n in (12, 8))
    straight, _ = tune(default_table(), CONFIG, twelve, out=tmp_path / "s.json", measure=table_measure)
    _, state = tune(default_table(), CONFIG, eight, out=out, measure=table_measure)
    assert state.k == 8 and load_checkpoint(checkpoint_path(out))[0].k == 8
    with pytest.raises(SpsaError, match="exists: give --resume"):
        tune(default_table(), CONFIG, TuneOptions(iterations=12), out=out, measure=table_measure)
    resumed, state = tune(default_table(), CONFIG, twelve, out=out, resume=True, measure=table_measure)
    assert state.k == 12 and resumed == straight
    assert resumed.fork_bonus > default_table().fork_bonus
    assert resumed.rows[1][1] < default_table().rows[1][1]
    assert json.loads(out.read_text())["name"] == "tuned"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json", "s.spsa.json", "t.json", "t.spsa.json"]


def test_a_resume_with_other_settings_is_refused(tmp_path: Path):
    out = tmp_path / "t.json"
    tune(default_table(), CONFIG, TuneOptions(iterations=2), out=out, measure=table_measure)
    with pytest.raises(SpsaError, match="pairs"):
        tune(default_table(), CONFIG, TuneOptions(iterations=4, pairs=2), out=out, resume=True, measure=table_measure)
    with pytest.raises(SpsaError, match="other SPSA settings"):
        tune(default_table(), CONFIG, TuneOptions(iterations=4, c=0.5), out=out, resume=True, measure=table_measure)
    with pytest.raises(SpsaError, match="no checkpoint"):
        tune(
            default_table(),
            CONFIG,
            TuneOptions(iterations=4),
            out=tmp_path / "u.json",
            resume=True,
            measure=table_measure,
        )


def test_the_parameters_are_the_tables_logarithms():
    theta = theta_of(default_table())
    assert len(theta) == len(PARAMETERS) == 11
    assert table_of(theta, digits=6) == default_table()
    assert table_of([t + 0.1 for t in theta]).rows[5][0] == pytest.approx(200 * 1.1051709, rel=1e-6)


def test_a_worker_keeps_a_few_tables_and_frees_the_others_caches():
    made = []
    for i in range(greedy.KEPT_TABLES + 2):
        player = greedy.table_player(greedy.table_spec(table_of(theta_of(default_table()), f"t{i}")), seed=i)
        assert player.move(Board(moves=[(0, 0)])) in Board(moves=[(0, 0)]).candidates(2)
        made.append(player.table)
    assert len(greedy._tables) == greedy.KEPT_TABLES
    assert made[0]._caches == {} and made[-1]._caches != {}


def test_the_games_are_the_same_here_and_in_local_processes():
    rules = MatchConfig().rules
    config = MatchConfig(
        rules=rules, openings=load_openings(default_openings_path(rules), rules)[:2], time_per_move_ms=10_000
    )
    theta = theta_of(default_table())
    plus, minus = [t + 0.3 for t in theta], [t - 0.3 for t in theta]
    here, there = GameMeasure(Measure(config, pairs=2, jobs=1)), GameMeasure(Measure(config, pairs=2, jobs=2))
    assert here(plus, minus, 0) == there(plus, minus, 0)
    assert [g.moves for g in here.last] == [g.moves for g in there.last] and len(here.last) == 4
    assert [(g.x, g.o) for g in here.last[:2]] == [("theta+", "theta-"), ("theta-", "theta+")]
