"""``gomoku tune``: the greedy player's weight table tuned by play (SPSA,
``gomoku.tuning``), its games here, in local processes or on a Dask cluster."""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from gomoku.attacks.weights import default_table, named_table
from gomoku.board import Rules
from gomoku.commands.arguments import MAX_GAMES, cap, count
from gomoku.match import MatchConfig, MatchError, default_openings_path, load_openings
from gomoku.tuning import TuneOptions, checkpoint_path, describe_change, tune

__all__ = ["register", "positive", "run_tune"]

TUNE_MOVE_MS = 10_000
"""A tuning game's time for a move: the greedy player needs milliseconds; this only
catches a player that hangs."""


def positive(text: str) -> float:
    """A gain: a finite number above 0.

    >>> positive("0.5")
    0.5
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text[:40]!r}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``tune``."""
    parser = subparsers.add_parser(
        "tune",
        help="tune the greedy player's weight table by play (SPSA)",
        description=(
            "Tune the attack scanner's weight table (attack weights, the five, the fork and finishing "
            "bonuses) for the greedy player by SPSA: each iteration perturbs every weight at once, plays "
            "the table perturbed up against it perturbed down from --pairs openings of the balanced set, "
            "each with colours swapped, and steps by the score difference. Writes the table to --out at "
            "every checkpoint and at the end, and the run's state beside it (NAME.spsa.json), from which "
            "--resume goes on. The result plays as greedy:FILE in gomoku match; docs/attacks.md."
        ),
    )
    parser.add_argument(
        "--iterations",
        type=count,
        default=200,
        metavar="N",
        help="SPSA iterations in all, a resumed run's included (default: 200)",
    )
    parser.add_argument(
        "--pairs",
        type=count,
        default=4,
        metavar="P",
        help="openings an iteration, each played twice with colours swapped: 2P games (default: 4)",
    )
    parser.add_argument(
        "--start",
        default="default",
        metavar="TABLE",
        help="the table to start from: default, tuned or a JSON file (default: the default table)",
    )
    parser.add_argument(
        "--out",
        default="weights-tuned.json",
        metavar="FILE",
        help="the tuned table (JSON; default: weights-tuned.json); the checkpoint is FILE's name with .spsa.json",
    )
    parser.add_argument("--resume", action="store_true", help="go on with the run whose checkpoint is beside --out")
    parser.add_argument(
        "--a",
        type=positive,
        default=0.5,
        metavar="A",
        help="the step's gain: a_k = A / (k + 1 + N/10) ** 0.602, N the iterations (default: 0.5)",
    )
    parser.add_argument(
        "--c",
        type=positive,
        default=0.3,
        metavar="C",
        help="the perturbation, in the weights' logarithm: c_k = C / (k + 1) ** 0.101 (default: 0.3)",
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the perturbations' seed (default: 0)")
    parser.add_argument(
        "--checkpoint-every", type=count, default=5, metavar="N", help="iterations between checkpoints (default: 5)"
    )
    parser.add_argument("--rules", default="gomocup20", metavar="R", help="the games' rules (default: gomocup20)")
    parser.add_argument("--openings", metavar="FILE", help="openings (default: the balanced 20x20 set)")
    parser.add_argument("--jobs", type=int, metavar="J", help="games to play at once (default: 1)")
    parser.add_argument(
        "--cluster", metavar="ADDRESS", help="play the games on the Dask cluster whose scheduler is at ADDRESS"
    )
    parser.add_argument("--quiet", action="store_true", help="no line an iteration on stderr")
    parser.add_argument("--json", action="store_true", help="print the table and its changes as JSON")
    parser.set_defaults(func=run_tune)


def run_tune(args: argparse.Namespace) -> int:
    """Run the tuning; print what changed, weight by weight."""
    if args.jobs is not None and args.cluster is not None:
        raise MatchError("--jobs and --cluster: give one or the other")
    if args.jobs is not None and args.jobs < 1:
        raise MatchError(f"--jobs must be at least 1, not {args.jobs}")
    if 2 * args.pairs > MAX_GAMES:
        raise MatchError(f"--pairs: at most {MAX_GAMES // 2}, not {args.pairs}")
    rules = Rules.parse(args.rules)
    if rules.gravity:
        raise MatchError("the greedy player does not play under gravity: choose other --rules")
    path = Path(args.openings) if args.openings else default_openings_path(rules)
    openings = load_openings(path, rules) if path is not None else []
    if not openings:
        raise MatchError(f"no openings fit the {rules.name} board: give --openings FILE")
    out = Path(args.out)
    if out.is_dir():
        raise MatchError(f"--out {out}: a folder; give the table's file name")
    start = named_table(args.start)
    jobs = 1 if args.jobs is None else cap(args.jobs, "--jobs", "games at once")
    config = MatchConfig(rules=rules, games=2 * args.pairs, time_per_move_ms=TUNE_MOVE_MS, openings=openings)
    options = TuneOptions(
        iterations=args.iterations,
        pairs=args.pairs,
        a=args.a,
        c=args.c,
        seed=args.seed,
        checkpoint_every=args.checkpoint_every,
    )
    table, state = tune(
        start,
        config,
        options,
        out=out,
        jobs=jobs,
        cluster=args.cluster,
        resume=args.resume,
        progress=None if args.quiet else sys.stderr,
    )
    changes = describe_change(default_table(), table)
    if args.json:
        print(
            json.dumps(
                {
                    "out": str(out),
                    "checkpoint": str(checkpoint_path(out)),
                    "iterations": state.k,
                    "table": table.to_dict(),
                    "changes": [{"parameter": n, "default": a, "tuned": b} for n, a, b in changes],
                }
            )
        )
        return 0
    print(f"{state.k} iterations, {2 * args.pairs} games each; the table beside the default:")
    for name, default_weight, weight in changes:
        print(f"  {name:7} {default_weight:>8g} -> {weight:<8g} (x{weight / default_weight:.2f})")
    print(f"Table written to {out} (checkpoint {checkpoint_path(out)}); play it as greedy:{out}")
    return 0
