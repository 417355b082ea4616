"""``gomoku train``: a learned evaluation trained on self-play datasets
(``gomoku.learning``), written as a network file that ``strong:FILE`` plays."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gomoku.commands.arguments import count
from gomoku.learning import TrainError, TrainOptions, train_net
from gomoku.selfplay import DATASET_FILE, Dataset, DatasetError, folder_dataset, load_dataset

__all__ = ["register", "run_train", "load_datasets"]


def load_datasets(names: list[str]) -> tuple[list[Dataset], list[str]]:
    """The datasets named, and where each came from: a ``.npz`` file, or a
    self-play folder (its ``positions.npz``; for a run cut short, which has none
    yet, its finished games); a one-line TrainError for anything else."""
    datasets, sources = [], []
    for name in names:
        path = Path(name)
        if path.is_dir() and (path / DATASET_FILE).is_file():
            path = path / DATASET_FILE
        elif not path.is_file() and not path.is_dir():
            raise TrainError(f"{name}: no such dataset (a positions.npz file or a gomoku selfplay folder)")
        try:
            datasets.append(load_dataset(path) if path.is_file() else folder_dataset(path))
        except DatasetError as exc:
            raise TrainError(str(exc)) from None
        if path.is_dir():
            sys.stderr.write(
                f"gomoku: {name} has no {DATASET_FILE} (a run cut short): read its "
                f"{datasets[-1].meta['games']} finished games\n"
            )
        sources.append(str(path))
    return datasets, sources


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``train``."""
    defaults = TrainOptions()
    parser = subparsers.add_parser(
        "train",
        help="train a learned evaluation on self-play datasets",
        description=(
            "Train the learned evaluation (the line patterns around every empty cell index feature vectors, "
            "summed, read by a small network beside the hand-set evaluation) on the positions of self-play "
            "datasets (gomoku selfplay), to predict the side to move's chance of winning: a blend of the "
            "game's result and the search's score. Every --hold-out-th game is held out; the network of the "
            "epoch that predicts the held-out games best is written to --out, which plays as strong:FILE "
            "(gomoku match, pbrain-gomoku --level). The method and the rounds: docs/learning.md."
        ),
    )
    parser.add_argument("datasets", nargs="+", metavar="DATASET", help="positions.npz files or gomoku selfplay folders")
    parser.add_argument("--out", required=True, metavar="FILE", help="the network (.npz) to write")
    parser.add_argument(
        "--epochs",
        type=count,
        default=defaults.epochs,
        metavar="N",
        help=f"passes over the training positions (default: {defaults.epochs})",
    )
    parser.add_argument(
        "--dim",
        type=count,
        default=defaults.dim,
        metavar="D",
        help=f"the width of a feature vector (default: {defaults.dim})",
    )
    parser.add_argument(
        "--hidden",
        type=count,
        default=defaults.hidden,
        metavar="H",
        help=f"the network's hidden units (default: {defaults.hidden})",
    )
    parser.add_argument(
        "--lr", type=float, default=defaults.lr, metavar="R", help=f"Adam's learning rate (default: {defaults.lr:g})"
    )
    parser.add_argument(
        "--decay",
        type=float,
        default=defaults.decay,
        metavar="L",
        help=f"the pull of each window's own vector towards zero (default: {defaults.decay:g})",
    )
    parser.add_argument(
        "--blend",
        type=float,
        default=defaults.blend,
        metavar="B",
        help=f"the target: (1 - B) the game's result + B the search's score as a chance (default: {defaults.blend:g})",
    )
    parser.add_argument(
        "--batch", type=count, default=defaults.batch, metavar="N", help=f"positions a step (default: {defaults.batch})"
    )
    parser.add_argument(
        "--hold-out",
        type=count,
        default=defaults.hold_out,
        metavar="K",
        help=f"every K-th game is held out (default: {defaults.hold_out})",
    )
    parser.add_argument(
        "--max-score",
        type=float,
        default=defaults.max_score,
        metavar="M",
        help="train the value only on positions whose search score is at most M either way (default: all)",
    )
    parser.add_argument(
        "--cells",
        action="store_true",
        help="the value also reads each empty cell's four line codes together (its multiset for each "
        "side and the pair of threat classes): more to learn, fewer nodes a second",
    )
    parser.add_argument(
        "--from",
        dest="start",
        metavar="NET",
        help="train on from this network (a name as strong:NET takes, or a file) instead of the "
        "hand-set evaluation: its --dim, --hidden and --cells",
    )
    parser.add_argument(
        "--no-value", action="store_true", help="train the move order only (the network keeps the hand-set evaluation)"
    )
    parser.add_argument("--no-order", action="store_true", help="train the value only (the hand-set move order)")
    parser.add_argument(
        "--order-epochs",
        type=count,
        default=defaults.order_epochs,
        metavar="N",
        help=f"the move order's passes (default: {defaults.order_epochs})",
    )
    parser.add_argument(
        "--order-lr",
        type=float,
        default=defaults.order_lr,
        metavar="R",
        help=f"the move order's learning rate (default: {defaults.order_lr:g})",
    )
    parser.add_argument(
        "--order-decay",
        type=float,
        default=defaults.order_decay,
        metavar="L",
        help=f"the pull of the move order's values towards zero (default: {defaults.order_decay:g})",
    )
    parser.add_argument(
        "--seed", type=int, default=defaults.seed, metavar="S", help="the start's and the order's seed (default: 0)"
    )
    parser.add_argument("--quiet", action="store_true", help="no line an epoch on stderr")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.set_defaults(func=run_train)


def run_train(args: argparse.Namespace) -> int:
    """Train; print the data, the held-out losses and where the network went."""
    out = Path(args.out)
    if out.suffix != ".npz" or out.is_dir():
        raise TrainError(f"--out {args.out}: give a file name ending in .npz")
    options = TrainOptions(
        epochs=args.epochs,
        dim=args.dim,
        hidden=args.hidden,
        lr=args.lr,
        decay=args.decay,
        batch=args.batch,
        blend=args.blend,
        hold_out=args.hold_out,
        seed=args.seed,
        max_score=args.max_score,
        value=not args.no_value,
        order=not args.no_order,
        order_epochs=args.order_epochs,
        order_lr=args.order_lr,
        order_decay=args.order_decay,
        cells=args.cells,
        start=args.start,
    )
    options.check()
    datasets, sources = load_datasets(args.datasets)
    net, report = train_net(
        datasets, out.stem, options, out=out, sources=sources, progress=None if args.quiet else sys.stderr
    )
    if args.json:
        print(
            json.dumps(
                {"out": str(out), **net.meta["trained"], "held_out_by_epoch": [round(x, 5) for x in report.held_out]}
            )
        )
        return 0
    if options.value:
        print(
            f"Value: {report.positions} positions of {report.games} games, {report.train_positions} trained on, "
            f"{report.held_out_positions} held out (every {options.hold_out}th game)"
        )
        start = f"the network of --from {options.start}" if options.start else "the hand-set evaluation"
        if report.best_epoch < 0:
            print(
                f"  no epoch predicted the held-out games better than the start ({report.start_held_out:.4f}): "
                f"the value written is {start}'s; play more games, or lower --lr"
            )
        else:
            print(
                f"  held-out loss {report.best:.4f} at epoch {report.best_epoch + 1}, the hand-set evaluation's "
                f"{report.baseline_held_out:.4f}"
                + (f", {start}'s {report.start_held_out:.4f}" if options.start else "")
                + " (cross-entropy, lower is better)"
            )
    if options.order:
        (b1, _, b5), (a1, _, a5) = report.order_before, report.order_after
        print(
            f"Move order: {report.order_positions} quiet positions; on the held-out games the search's best move "
            f"comes first {b1:.1%} -> {a1:.1%}, in the first five {b5:.1%} -> {a5:.1%}"
        )
    print(f"Network written to {out} in {report.seconds:.0f} s; play it as strong:{out}")
    return 0
