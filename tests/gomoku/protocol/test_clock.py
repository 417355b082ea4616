"""A move's clock (``gomoku.protocol.clock``): whatever the manager's limits, the plan
never passes the turn or the match time, a whole game played at the deadline stays
inside the match time, and the reply goes out inside the turn, after the stop."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gomoku.protocol import UNLIMITED_MS, TimeControl, plan_time
from gomoku.protocol.clock import STOP_MARGIN


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
@given(turn=st.integers(1, 3_600_000), left=st.one_of(st.none(), st.integers(-5000, 3_600_000)),
       ply=st.integers(0, 400))
def test_the_reply_deadline_is_always_inside_the_turn_and_after_the_stop(turn, left, ply):
    budget = plan_time(TimeControl(timeout_turn=turn, time_left=left), ply)
    assert budget.deadline <= budget.reply < turn / 1000
    assert budget.reply >= min(turn / 1000 * 0.5, budget.deadline)
