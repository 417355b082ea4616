"""Matches against the greedy bot, and the pbrain brain's reply times under a turn limit.

Full run: ``strong`` (30 games) and ``normal`` (12) against ``greedy`` from the
balanced 20x20 openings, each opening with both colours, 0.5 s a move, two
games at a time
(issue 4 asks for a score of at least 95%); then ``gomoku pbrain`` as a
subprocess under ``INFO timeout_turn 500``, its slowest reply measured by the
runner. Quick run: two games of each at small limits, 16 moves at most.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from pathlib import Path

from gomoku.board import Rules
from gomoku.match import MatchConfig, load_openings, run_match

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "openings" / "balanced20.json"
LOCAL = Path(__file__).resolve().parents[1] / "data" / "openings" / "balanced20.json"


def _figures(prefix: str, result, seconds_per_move: float) -> Iterator[dict]:
    data = result.to_dict()
    what = f"{result.a} vs {result.b}, {len(result.games)} games, {seconds_per_move:g} s a move"
    yield {"name": f"{prefix}.score", "value": data["score"], "unit": f"fraction of the points ({what})"}
    yield {
        "name": f"{prefix}.wins_losses_draws",
        "value": [data["wins"], data["losses"], data["draws"]],
        "unit": "games won, lost, drawn",
    }
    for key, label in (("elo", "Elo difference"), ("elo_low", "95% interval low"), ("elo_high", "95% interval high")):
        value = data[key]
        yield {
            "name": f"{prefix}.{key}",
            "value": value if value is not None else "inf",
            "unit": label + (" (a clean sweep: unbounded)" if value is None else ""),
        }
    forfeits = sum(1 for g in result.games if "lost:" in g.reason)
    yield {"name": f"{prefix}.forfeits", "value": forfeits, "unit": "games lost on time, by crash or illegal move"}
    lost = [
        f"game {g.index + 1} (opening {'-' if g.opening is None else g.opening + 1}, {result.a} as {g.a_side})"
        for g in result.games
        if g.a_score < 1
    ]
    yield {"name": f"{prefix}.games_not_won", "value": lost, "unit": "games A lost or drew, to replay"}


def run(quick: bool) -> Iterator[dict]:
    rules = Rules.preset("gomocup20")
    openings = load_openings(SHARED if SHARED.exists() else LOCAL, rules)
    if quick:
        plans = [("strong", 2, 100, 1), ("normal", 2, 100, 1)]
    else:
        plans = [("strong", 30, 500, 2), ("normal", 12, 500, 2)]
    max_moves = 16 if quick else None
    for level, games, ms, jobs in plans:
        config = MatchConfig(rules=rules, games=games, time_per_move_ms=ms, openings=openings, max_moves=max_moves)
        result = run_match(level, "greedy", config, jobs=jobs)
        yield from _figures(f"match.{level}_vs_greedy", result, ms / 1000)

    # The brain's own clock: every reply of `gomoku pbrain` inside its turn limit.
    limit = 200 if quick else 500
    command = f"{sys.executable} -m gomoku.cli pbrain"
    config = MatchConfig(
        rules=rules, games=2, time_per_move_ms=limit, grace_ms=5000, openings=openings[:1], max_moves=max_moves
    )
    result = run_match(command, "greedy", config)
    # The brain is player A; ply i is X's move when i is even.
    replies = [
        t
        for g in result.games
        for i, t in enumerate(g.times_ms)
        if i >= g.opening_moves and ("X" if i % 2 == 0 else "O") == g.a_side
    ]
    worst = max(replies) if replies else math.nan
    yield {
        "name": "pbrain.reply_time_max",
        "value": worst,
        "unit": f"ms, the slowest of {len(replies)} replies of gomoku pbrain (strong) under timeout_turn {limit}"
        " (pipe and process included)",
    }
    yield {
        "name": "pbrain.reply_time_limit_kept",
        "value": worst <= limit,
        "unit": f"every reply inside timeout_turn {limit} ms",
    }
    yield from _figures("pbrain.strong_vs_greedy", result, limit / 1000)
