"""Shared by every test: ``tests/`` on the path, so ``from waiting import wait_until``
works from any folder of the suite; and the costliest tests first.

``make test`` shares the tests out to the cores (pytest-xdist, ``--dist loadgroup``), one
at a time to whichever worker is free, in the order collected. A long test left for
last keeps one core busy while the other waits: here the longest (in wall time, from
``--durations``) go first, and the short ones fill the cores' ends evenly."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

LONGEST_FIRST = (
    "tests/tui/test_tui_fuzz.py::test_random_key_bursts_raise_nothing",
    "tests/test_bench_smoke.py",
    "tests/gomoku/protocol/test_program.py::test_end_while_a_late_search_runs",
    "tests/gomoku/match/test_pool.py::test_a_game_that_kills_every_worker",
    "tests/gomoku/commands/test_play.py::test_gomoku_pbrain_plays_a_full_game",
    "tests/gomoku/tuning/test_spsa.py::test_the_games_are_the_same_here_and_in_local",
    "tests/gomoku/search/test_layout.py::test_strung_out_groups",
    "tests/tui/test_tui_layers.py::test_the_dialog",
    "tests/gomoku/search/test_soundness.py::test_a_win_found_through_narrowed_nodes",
    "tests/setup/test_install.py",
    "tests/tui/test_tui_players.py::test_the_dialog",
    "tests/gomoku/search/test_searcher.py::test_the_quick_defence_checks",
    "tests/gomoku/match/test_runner.py::test_parallel_games_with_external_brains",
    "tests/gomoku/match/test_pool.py::test_a_game_lost_with_its_worker",
    "tests/gomoku/experiments/test_experiments.py::test_strategies_answers",
    "tests/gomoku/match/test_swap_match.py::test_our_brain_as_a_program",
)
"""Node id prefixes of the longest tests, longest first (the rest keep their order after them;
the xdist groups, the cluster's and the puzzles', go out first of all, as whole groups)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        return next((i for i, prefix in enumerate(LONGEST_FIRST) if item.nodeid.startswith(prefix)), len(LONGEST_FIRST))

    items.sort(key=rank)  # a stable sort: within a rank, the order collected
