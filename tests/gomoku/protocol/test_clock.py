"""A move's clock (``gomoku.protocol.clock``): whatever the manager's limits, the plan
never passes the turn or the match time, a whole game played at the deadline stays
inside the match time, and the reply goes out inside the turn, after the stop. Under a
game clock: the move's target and hard cap, and the pacer that stops the search between them."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.board import Board
from gomoku.protocol import UNLIMITED_MS, Budget, TimeControl, plan_time
from gomoku.protocol.clock import (
    DEADLINE_SHARE,
    HARD_SHARE_OF_LEFT,
    MAX_STRETCH,
    MIN_FACTOR,
    STOP_MARGIN,
    Pacer,
    hint_by,
    moves_to_go,
    reserve,
)


@settings(max_examples=200, deadline=None)
@given(
    turn=st.integers(0, 120_000),
    match=st.integers(0, 3_600_000),
    left=st.one_of(st.none(), st.integers(-5000, 3_600_000), st.just(UNLIMITED_MS)),
    ply=st.integers(0, 400),
)
def test_the_budget_never_passes_the_turn_or_the_match_time(turn, match, left, ply):
    budget = plan_time(TimeControl(turn, match, left), ply)
    assert budget.search >= 0 and budget.deadline >= 0
    if not budget.fast:
        assert budget.search + STOP_MARGIN <= budget.deadline + 1e-9
        assert budget.deadline <= budget.reply
        assert budget.deadline < turn / 1000
        remaining = left if left is not None else (match or None)
        if remaining is not None and remaining < UNLIMITED_MS:
            assert budget.deadline < remaining / 1000


@settings(max_examples=50, deadline=None)
@given(match=st.integers(1000, 600_000), turn=st.integers(100, 60_000))
def test_a_whole_game_spent_at_the_deadline_stays_inside_the_match_time(match, turn):
    control = TimeControl(timeout_turn=turn, timeout_match=match, time_left=match)
    for ply in range(0, 400, 2):
        budget = plan_time(control, ply)
        spent = budget.deadline + 0.06 if not budget.fast else 0.06  # the reply margin on top
        control.time_left -= round(spent * 1000)
        if control.time_left < 200:
            break  # by then every move is a greedy one, which costs milliseconds
    assert control.time_left > 0


@settings(max_examples=200, deadline=None)
@given(
    turn=st.integers(1, 3_600_000), left=st.one_of(st.none(), st.integers(-5000, 3_600_000)), ply=st.integers(0, 400)
)
def test_the_reply_deadline_is_always_inside_the_turn_and_after_the_stop(turn, left, ply):
    budget = plan_time(TimeControl(timeout_turn=turn, time_left=left), ply)
    assert budget.deadline <= budget.reply < turn / 1000
    assert budget.reply >= min(turn / 1000 * 0.5, budget.deadline)


# -- the game clock: a target, a pacer, a hard cap ----------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(
    turn=st.integers(1, 120_000),
    match=st.integers(1, 3_600_000),
    left=st.integers(-5000, 3_600_000),
    ply=st.integers(0, 400),
)
def test_under_a_game_clock_the_target_and_the_cap_stay_inside_the_clock(turn, match, left, ply):
    control = TimeControl(timeout_turn=turn, timeout_match=match, time_left=left)
    budget = plan_time(control, ply)
    if budget.fast:
        return
    usable = max(left / 1000 - reserve(control, ply, left / 1000), 0.0)
    assert budget.soft is not None and 0 < budget.soft <= budget.search
    assert budget.soft <= usable / moves_to_go(ply) + 1e-9
    assert budget.search <= usable * HARD_SHARE_OF_LEFT + 1e-9 and budget.search <= budget.soft * MAX_STRETCH + 1e-9
    assert budget.search + STOP_MARGIN <= budget.deadline + 1e-9 and budget.deadline < turn / 1000


@settings(max_examples=50, deadline=None)
@given(match=st.integers(2000, 600_000), turn=st.integers(100, 60_000))
def test_a_whole_game_at_the_hard_cap_every_move_stays_inside_the_game_clock(match, turn):
    # The worst case: every move critical, each run to its hard cap (and late by the reply margin).
    control = TimeControl(timeout_turn=turn, timeout_match=match, time_left=match)
    for ply in range(0, 400, 2):
        budget = plan_time(control, ply)
        spent = (budget.search if not budget.fast else 0.0) + 0.06
        control.time_left -= round(spent * 1000)
        if control.time_left < 200:
            break  # by then every move is a greedy one, which costs milliseconds
    assert control.time_left > 0


def test_the_optimum_is_the_clock_less_its_reserve_over_the_moves_to_go_fewer_as_the_game_goes_on():
    early = plan_time(TimeControl(timeout_turn=10_000, timeout_match=60_000, time_left=60_000), 4)
    late = plan_time(TimeControl(timeout_turn=10_000, timeout_match=60_000, time_left=12_000), 90)
    assert [moves_to_go(ply) for ply in (0, 4, 30, 60, 90)] == [20, 20, 14, 8, 8]
    assert early.soft == pytest.approx((60 - 6 - 0.03 * (240 - 4) / 2) / 20)
    assert late.soft == pytest.approx((12 - 0.03 * (240 - 90) / 2) / 8)
    assert early.search == pytest.approx(MAX_STRETCH * early.soft)  # the maximum: twice the optimum
    # Below the reserve every move is the greedy one.
    assert plan_time(TimeControl(timeout_turn=10_000, timeout_match=60_000, time_left=2_000), 90).fast
    # Only the turn limit: no target, the search takes its time (as before the game clock).
    assert plan_time(TimeControl(timeout_turn=10_000), 4).soft is None


@settings(max_examples=150, deadline=None)
@given(
    turn=st.integers(1, 3_600_000),
    match=st.integers(0, 3_600_000),
    left=st.one_of(st.none(), st.integers(-5000, 3_600_000)),
    ply=st.integers(0, 400),
)
def test_no_move_s_budget_passes_80_percent_of_the_turn_limit(turn, match, left, ply):
    budget = plan_time(TimeControl(timeout_turn=turn, timeout_match=match, time_left=left), ply)
    assert budget.search + STOP_MARGIN <= budget.deadline + 1e-9 or budget.fast
    assert budget.deadline <= DEADLINE_SHARE * turn / 1000 <= 0.8 * turn / 1000


def most(budget):
    """The latest a move's search runs (seconds): its maximum, which the engine's own limit
    and the pacer hold, and the engine's stop (``STOP_MARGIN``)."""
    return budget.search + STOP_MARGIN


def simulated_game(match_ms, turn_ms, opening, moves, spend):
    """Our ``moves`` moves of a game from an opening of ``opening`` stones, each taking
    ``spend(budget)`` seconds and 10 ms more (the pipe), a greedy one 30 ms, on a clock
    of ``match_ms``: the clock left (seconds) before each move, and the budgets."""
    control = TimeControl(timeout_turn=turn_ms, timeout_match=match_ms, time_left=match_ms)
    lefts, budgets = [], []
    for move in range(moves):
        budget = plan_time(control, opening + 2 * move)
        lefts.append(control.time_left / 1000)
        budgets.append(budget)
        spent = 0.03 if budget.fast else spend(budget) + 0.01
        control.time_left -= round(spent * 1000)
    return lefts, budgets


@settings(max_examples=60, deadline=None)
@given(opening=st.integers(0, 10), match=st.sampled_from([60_000, 120_000, 180_000, 300_000]))
def test_a_whole_game_at_the_maximum_keeps_a_tenth_of_the_clock_to_move_30_and_never_runs_out(opening, match):
    # Every move critical, each run to its maximum: the worst case, at the tournaments'
    # time controls (tc=60/10 had 3.2 s left after 20 moves; Gomocup plays 180/30).
    turn = match // 6
    lefts, budgets = simulated_game(match, turn, opening, 60, most)
    assert min(lefts[:30]) >= 0.1 * match / 1000
    assert min(lefts) > 0 and all(most(budget) <= budget.deadline <= 0.8 * turn / 1000 for budget in budgets)


def test_at_60_10_the_first_moves_take_a_few_seconds_not_8_to_9_and_a_game_at_the_optimum_keeps_its_time():
    lefts, budgets = simulated_game(60_000, 10_000, 4, 60, most)
    assert all(most(budget) <= 6.0 for budget in budgets[:3])  # the maxima: were 9.45 s each
    assert sum(budget.soft for budget in budgets[:3]) < 0.15 * 60  # the three optima: 8 s of 60
    lefts, budgets = simulated_game(60_000, 10_000, 4, 60, lambda budget: budget.soft)
    assert lefts[10] > 30 and lefts[20] > 15 and min(lefts) > 1.0  # the clock spread over the game


def info(depth, move, score):
    return SimpleNamespace(depth=depth, pv=(move,), score=score)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([(0, 0), (1, 1), (2, 2)]), st.integers(-3000, 3000)), max_size=30))
def test_the_pacer_stays_between_half_the_target_and_the_hard_cap(lines):
    pacer = Pacer(Budget(6.0, 6.5, soft=3.0), started=0.0)
    for depth, (move, score) in enumerate(lines, 1):
        pacer.heard(info(depth, move, score))
        assert 3.0 * MIN_FACTOR - 1e-9 <= pacer.limit() <= 6.0


def test_the_pacer_spends_more_on_a_changing_best_move_and_less_on_an_obvious_one():
    budget = Budget(9.0, 9.5, soft=3.0)
    obvious, unstable, falling = (Pacer(budget, 0.0) for _ in range(3))
    for depth in range(1, 11):
        obvious.heard(info(depth, (0, 0), 100))
        unstable.heard(info(depth, [(0, 0), (1, 1)][depth % 2], 100))
        falling.heard(info(depth, (0, 0), 100 - 100 * depth))
    assert obvious.limit() < 3.0 < falling.limit() and 3.0 < unstable.limit()
    assert Pacer(budget, 0.0).limit() == 3.0


class WaitsForStop:
    """An engine that reports one depth and then thinks until it is stopped."""

    def __init__(self):
        self.limits = None

    def hint(self, board, **limits):
        self.limits = limits
        limits["on_info"](info(1, (3, 3), 0))
        limits["stop"].wait(60)
        return SimpleNamespace(move=(3, 3))


def test_hint_by_stops_a_paced_search_at_the_pacer_s_limit_long_before_the_reply():
    engine = WaitsForStop()
    stop = threading.Event()
    started = time.monotonic()
    pacer = Pacer(Budget(30.0, 30.5, soft=0.05), started)
    turn = hint_by(engine, Board(), {"time": 30.0}, stop, started + 40.0, pacer=pacer)
    assert turn.done.is_set() and turn.move == (3, 3) and stop.is_set()
    assert engine.limits["plan"] == 0.05 and pacer.depths == 1
    assert time.monotonic() - started < 20.0  # the pacer stopped it, not the reply time (40 s)
