"""``gomoku selfplay [A [B]]``: self-play games and their dataset of positions
(``gomoku.selfplay``), here, in local processes or on a Dask cluster."""

from __future__ import annotations

import argparse
import json
import math
import sys

from gomoku.commands.arguments import count, nodes
from gomoku.commands.hint import with_players
from gomoku.commands.play import add_game_options, game_options
from gomoku.match import MatchError, format_table
from gomoku.selfplay import Sampling, run_selfplay

__all__ = ["register", "run_selfplay_command"]

MAX_CANDIDATES = 10
"""The most moves a sampled move is chosen among (the engine's MultiPV)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``selfplay``."""
    parser = subparsers.add_parser(
        "selfplay",
        help="play self-play games and write them with a dataset of positions",
        description=with_players(
            "Play A against B (A against itself when B is not given; default: strong), each opening twice "
            "with colours swapped, as `gomoku match` does. In its first moves a level plays one of its best "
            "moves within --margin of the best, chosen with weights exp((score - best) / --temperature), so "
            "games from the same opening differ. Writes every game (JSON, PSQ) and positions.npz: each "
            "position after the opening with the move played, the search's best move and score, and the "
            "game's result (the format: docs/selfplay.md)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "players",
        nargs="*",
        metavar="PLAYER",
        help="A and B: levels listed above or pbrain command lines (engine versions)",
    )
    add_game_options(parser, games=10, time_per_move=100, out="selfplay")
    parser.add_argument(
        "--nodes",
        type=nodes,
        metavar="N",
        help="the levels search N nodes a move instead of --time-per-move: the same games on "
        "any machine (pbrain programs keep --time-per-move)",
    )
    parser.add_argument(
        "--temperature",
        type=float,
        default=20.0,
        metavar="T",
        help="score units: higher plays worse moves of the margin more often; 0 the best only (default: 20)",
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=40.0,
        metavar="M",
        help="score units: the moves sampled are within M of the best (default: 40)",
    )
    parser.add_argument(
        "--candidates",
        type=count,
        default=4,
        metavar="K",
        help=f"the best moves a sampled move is chosen among, at most {MAX_CANDIDATES} (default: 4)",
    )
    parser.add_argument(
        "--random-moves",
        type=int,
        default=8,
        metavar="N",
        help="each player samples its first N moves of a game after the opening (default: 8)",
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the sampling's seed (default: 0)")
    parser.set_defaults(func=run_selfplay_command)


def run_selfplay_command(args: argparse.Namespace) -> int:
    """Play the games, show progress on stderr, print the table and the dataset (or JSON) on stdout."""
    if len(args.players) > 2:
        raise MatchError(f"at most two players, A and B, not {len(args.players)}: quote a pbrain command line")
    a = args.players[0] if args.players else "strong"
    b = args.players[1] if len(args.players) > 1 else a
    for option, value in (("--temperature", args.temperature), ("--margin", args.margin)):
        if not (math.isfinite(value) and value >= 0):
            raise MatchError(f"{option} must be a number 0 or more, not {value}")
    if args.candidates > MAX_CANDIDATES:
        raise MatchError(f"--candidates: at most {MAX_CANDIDATES}, not {args.candidates}")
    if args.random_moves < 0:
        raise MatchError(f"--random-moves must be 0 or more, not {args.random_moves}")
    config, jobs, out = game_options(args, "selfplay")
    if args.nodes is not None:
        # A search limited by nodes has no clock: no move of a level loses on time.
        config.grace_ms = max(config.grace_ms, 3_600_000)
    sampling = Sampling(
        temperature=args.temperature,
        margin=args.margin,
        candidates=args.candidates,
        random_moves=args.random_moves,
        seed=args.seed,
        nodes=args.nodes,
    )
    run = run_selfplay(
        a, b, config, sampling, out_dir=out, jobs=jobs, cluster=args.cluster, resume=args.resume, progress=sys.stderr
    )
    scored = int((~(run.dataset.score != run.dataset.score)).sum())  # NaN is unknown
    if args.json:
        summary = run.match.to_dict()
        summary.update(out=str(out), dataset=str(run.path), positions=len(run.dataset), scored=scored)
        print(json.dumps(summary))
    else:
        print(format_table(run.match))
        print(f"Games saved in {out}/; {len(run.dataset)} positions ({scored} with a score) in {run.path}")
    return 0
