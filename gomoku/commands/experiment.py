"""``gomoku experiment NAME``: re-run an experiment on the small games and print its table."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import time as _time
from typing import TextIO

from gomoku.experiments.runner import EXPERIMENTS, run_experiment

__all__ = ["register", "Bar", "run"]


def _description() -> str:
    """The command's help: what it does, then each experiment, a line or two each."""
    lines = [
        textwrap.fill(
            "Re-run an experiment on the small games and print its table on stdout (a progress bar on stderr).", 79
        ),
        "",
        "experiments:",
    ]
    for name, (text, games) in EXPERIMENTS.items():
        lines.append(
            textwrap.fill(
                f"{text} (default {games})",
                79,
                initial_indent=f"  {name}".ljust(14),
                subsequent_indent=" " * 14,
                break_on_hyphens=False,
            )
        )
    return "\n".join(lines)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``experiment``."""
    parser = subparsers.add_parser(
        "experiment",
        help="re-run an experiment on the small games (tic-tac-toe, 4x4, 3x3x3, 4x4x4)",
        description=_description(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("name", metavar="NAME", help=f"one of {', '.join(EXPERIMENTS)}")
    parser.add_argument(
        "--games",
        type=int,
        metavar="N",
        help="games a row (positions per game for windetect); default: the experiment's own",
    )
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="random seed (default 0): same seed, same table"
    )
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    parser.set_defaults(func=run)


class Bar:
    """A progress bar on a terminal; nothing on anything else."""

    def __init__(self, stream: TextIO, name: str) -> None:
        self.stream = stream
        self.name = name
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.start = _time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        if not self.tty:
            return
        width = 30
        filled = round(width * done / max(total, 1))
        elapsed = _time.perf_counter() - self.start
        self.stream.write(f"\r{self.name} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} {elapsed:.0f} s ")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    """Run the experiment; errors are ValueErrors for the CLI to report."""
    table = run_experiment(args.name, args.games, args.seed, Bar(sys.stderr, args.name))
    if args.json:
        print(json.dumps(table.to_dict()))
    else:
        print(table.format())
    return 0
