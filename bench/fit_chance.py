"""Fit the win chance (``gomoku.engine.chance``) on the project's own match games.

Every position of every game (after its opening's stones) is searched by the
``strong:classic`` level, the review's judge (``--level``: another, such as
``strong:round3``) with a fixed node budget, one thread; its score (the side
to move's view) is labelled with the game's result for the side to move (1 won,
0 lost, 0.5 drawn). Games are split, not positions: every fourth game (by its
order in the folders) is held out; the logistic curve is fitted on the others
and judged on the held-out ones (Brier score, predicted against observed by
decile). Proven and likely results (``LIKELY`` and beyond) are left out of the
fit: they are the search's verdicts, not evaluations.

    .venv/bin/python -m bench.fit_chance GAMES_DIR... [--nodes N] [--cache FILE] [--write]

``--cache`` keeps the scored positions (JSON lines) so that a second run only
searches new games; ``--write`` writes ``data/win-chance.json`` with the figures.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from gomoku.board import Board
from gomoku.engine import Engine
from gomoku.engine.chance import CHANCE_PATH, ChanceModel, brier, calibration, fit, load_model
from gomoku.records import load_game
from gomoku.review.judge import JUDGE_LEVEL
from gomoku.search.types import LIKELY

__all__ = ["HOLD_OUT", "score_game", "main"]

HOLD_OUT = 4
"""Every HOLD_OUT-th game is held out for the calibration figures."""


def score_game(path: Path, engine: Engine, nodes: int) -> list[dict]:
    """The scored positions of one game: ``{"game", "ply", "score", "result"}`` a position."""
    record = load_game(path)
    skip = int(record.metadata.get("opening_moves", 0) or 0)
    if record.result not in ("X", "O", "draw"):
        return []
    board = Board(record.rules)
    rows = []
    for ply, move in enumerate(record.moves):
        if ply >= skip and not board.is_over:
            hint = engine.hint(board, nodes=nodes, level="strong")
            side = board.turn.name
            result = 0.5 if record.result == "draw" else 1.0 if record.result == side else 0.0
            rows.append({"game": str(path), "ply": ply, "score": hint.score, "result": result})
        board.push(tuple(move))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fit_chance", description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, help="folders of game records (gomoku match --out)")
    parser.add_argument("--nodes", type=int, default=30_000, help="the search's nodes a position (default 30000)")
    parser.add_argument(
        "--level",
        default=JUDGE_LEVEL,
        help=f"the level whose scores are fitted, with its evaluation (default {JUDGE_LEVEL}, "
        "the review's judge, whose scores the shipped map was fitted to)",
    )
    parser.add_argument("--cache", type=Path, help="scored positions kept here (JSON lines)")
    parser.add_argument("--write", action="store_true", help="write data/win-chance.json")
    args = parser.parse_args(argv)
    games = sorted(p for folder in args.folders for p in folder.glob("game-*.json"))
    if not games:
        print(f"fit_chance: no game-*.json in {', '.join(map(str, args.folders))}", file=sys.stderr)
        return 2
    cached: dict[str, list[dict]] = {}
    if args.cache and args.cache.exists():
        for line in args.cache.read_text().splitlines():
            row = json.loads(line)
            cached.setdefault(row["game"], []).append(row)
    engine = Engine(args.level)
    engine.threads = 1
    start = time.perf_counter()
    for n, path in enumerate(games, 1):
        if str(path) not in cached:
            cached[str(path)] = score_game(path, engine, args.nodes)
            if args.cache:
                with args.cache.open("a") as out:
                    out.writelines(json.dumps(row) + "\n" for row in cached[str(path)])
            print(f"\rscored {n}/{len(games)} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    train, test = [], []
    for index, path in enumerate(games):
        (test if index % HOLD_OUT == 0 else train).extend(cached[str(path)])
    x_train = np.array([r["score"] for r in train])
    y_train = np.array([r["result"] for r in train])
    model = fit(x_train, y_train)
    x_all = np.array([r["score"] for r in test])
    y_all = np.array([r["result"] for r in test])
    unproven = np.abs(x_all) < LIKELY
    x_test, y_test = x_all[unproven], y_all[unproven]
    predicted = model.chances(x_test)
    proven = int(np.sum(~unproven))
    report = {
        "games": len(games),
        "games_held_out": len(games[::HOLD_OUT]),
        "positions_fit": int(np.sum(np.abs(x_train) < LIKELY)),
        "positions_held_out": len(x_test),
        "held_out_proven_or_likely": proven,
        "nodes": args.nodes,
        "a": round(model.a, 7),
        "b": round(model.b, 4),
        "brier_held_out": brier(predicted, y_test),
        "brier_coin": brier(np.full(len(y_test), 0.5), y_test),
        "brier_held_out_with_proven": brier(model.chances(x_all), y_all),
        "calibration_held_out": calibration(predicted, y_test),
        "seconds": round(time.perf_counter() - start, 1),
    }
    try:
        report["brier_held_out_shipped"] = brier(load_model().chances(x_test), y_test)
    except ValueError:
        pass
    print(json.dumps(report))
    if args.write:
        meta = {
            k: report[k]
            for k in (
                "games",
                "games_held_out",
                "positions_fit",
                "positions_held_out",
                "nodes",
                "brier_held_out",
                "brier_coin",
                "calibration_held_out",
            )
        }
        meta["made_by"] = "bench/fit_chance.py on gomoku match games (strong against older engines, 20x20)"
        ChanceModel(model.a, model.b, meta).save(CHANCE_PATH)
    return 0


if __name__ == "__main__":
    sys.exit(main())
