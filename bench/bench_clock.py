"""The game clock (issue 34, item 5): a match at 60 s a game with a 10 s turn limit,
and how each side spent its clock.

Full run: 20 games (the first 10 balanced 20x20 openings, each with both colours,
one game at a time) between ``BENCH_CLOCK_A`` and ``BENCH_CLOCK_B`` (player specs
as ``gomoku match`` takes them: a level, or a pbrain command line; default this
checkout's ``gomoku pbrain`` against the ``strong`` level in this process).
``BENCH_CLOCK_OUT`` keeps the games in that folder, and resumes them if it holds
some. The figures: score, wins-losses-draws, Elo with its 95% interval, and for
each side the mean share of the clock used (all games, and games of 40+ moves:
the issue's target is 80% or more), the least time left and the time-outs
(the target: none). Quick run: two short games of two levels at 4 s a game.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

from gomoku.board import Rules
from gomoku.match import LONG_GAME, MatchConfig, load_openings, run_match

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data" / "openings" / "balanced20.json"
LOCAL = Path(__file__).resolve().parents[1] / "data" / "openings" / "balanced20.json"


def run(quick: bool) -> Iterator[dict]:
    rules = Rules.preset("gomocup20")
    openings = load_openings(SHARED if SHARED.exists() else LOCAL, rules)
    if quick:
        a, b = "strong", "normal"
        config = MatchConfig(
            rules=rules, games=2, time_per_move_ms=300, time_per_game_ms=1000, openings=openings[:1], max_moves=12
        )
        out = None
    else:
        a = os.environ.get("BENCH_CLOCK_A", f"{sys.executable} -m gomoku.cli pbrain")
        b = os.environ.get("BENCH_CLOCK_B", "strong")
        config = MatchConfig(
            rules=rules, games=20, time_per_move_ms=10_000, time_per_game_ms=60_000, openings=openings[:10]
        )
        out = os.environ.get("BENCH_CLOCK_OUT")
    resume = out is not None and Path(out).is_dir() and any(Path(out).glob("game-*.json"))
    result = run_match(a, b, config, out_dir=out, resume=resume)
    data = result.to_dict()
    what = (
        f"{result.a} vs {result.b}, {len(result.games)} games, {config.time_per_game_ms / 1000:g} s a game, "
        f"{config.time_per_move_ms / 1000:g} s a move"
    )
    yield {"name": "clock.score", "value": data["score"], "unit": f"fraction of the points, A's ({what})"}
    yield {
        "name": "clock.wins_losses_draws",
        "value": [data["wins"], data["losses"], data["draws"]],
        "unit": "games A won, lost, drew",
    }
    for key, label in (
        ("elo", "Elo difference A - B"),
        ("elo_low", "95% interval low"),
        ("elo_high", "95% interval high"),
    ):
        value = data[key]
        yield {
            "name": f"clock.{key}",
            "value": value if value is not None else ("inf" if key != "elo_low" else "-inf"),
            "unit": label + (" (unbounded)" if value is None else ""),
        }
    for side, key in ((result.a, "a"), (result.b, "b")):
        use = data["clock"][key]
        yield {
            "name": f"clock.{key}.share_used",
            "value": use["share"],
            "unit": f"mean share of the game clock {side} used, all games",
        }
        yield {
            "name": f"clock.{key}.share_used_long",
            "value": use["long_share"],
            "unit": f"the same in the {use['long_games']} games of {LONG_GAME}+ moves (null: none; "
            "the target: 0.8 or more)",
        }
        yield {
            "name": f"clock.{key}.least_left_ms",
            "value": use["least_left_ms"],
            "unit": f"ms, the least time {side} had left at the end of a game",
        }
        yield {"name": f"clock.{key}.timeouts", "value": use["timeouts"], "unit": f"games {side} lost on time"}
