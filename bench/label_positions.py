"""Label the positions of game records with a strong engine's view, for ``bench.fit_eval``.

``python -m bench.label_positions --judge PATH --out labels.jsonl DIR [DIR ...]``
reads every game record (``game-*.json``) of the folders (``gomoku match`` or
``gomoku selfplay`` output), and asks the judge, a Gomocup ``pbrain`` program
(meant for Rapfi with its classical evaluation, which plays freestyle, exact
five and renju), for its score of each position from ``--skip`` moves on, the
side to move's view (``bench.judge_games.Judge``: each position on its own,
its hash cleared). A score becomes the side to move's chance: a forced win
(``+Mn``) 0.999, a forced loss 0.001, a number ``e`` ``1 / (1 + exp(-e /
200))`` (Rapfi's scale: ``e / 200`` is the log-odds). Each line of the
output is ``{"moves": [[x, y], ...], "winrate": w, "score": "..."}``, the moves
in the rules' own coordinates as the record has them, the judge's board at
``0..size-1``.

The output is appended to and a position already in it is not asked again, so a
run stopped part way goes on where it stopped. The judge runs beside the
project, never in it: nothing here is needed by ``make test``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from bench.judge_games import Judge, JudgeError
from gomoku.board import Rules
from gomoku.records import load_game

SCALE = 200.0
"""The judge's score units per unit of log-odds (Rapfi's ``ScalingFactor``)."""
RULE_NUMBERS = {"freestyle": 0, "exact": 1, "renju": 4}


def chance(score: str) -> float | None:
    """The side to move's chance from a judge's score; None for a score it cannot read.

    >>> chance("+M5"), chance("-M2"), chance("0"), round(chance("200"), 3)
    (0.999, 0.001, 0.5, 0.731)
    >>> chance("?") is None
    True
    """
    if score.startswith("+M"):
        return 0.999
    if score.startswith("-M"):
        return 0.001
    try:
        return 1.0 / (1.0 + math.exp(-float(score) / SCALE))
    except ValueError:
        return None


def rule_of(rules: Rules) -> tuple[int, int]:
    """The board's side and the judge's ``INFO rule`` for ``rules``: a square bounded
    board, freestyle, exact five or renju (caro and gravity are not the judge's)."""
    if rules.bounds is None or rules.dims != 2 or rules.gravity or rules.k != 5 or rules.caro:
        raise ValueError(f"rules {rules.name!r}: the judge plays five in a row on a square board only")
    (lx, ly), (hx, hy) = rules.bounds
    if (lx, ly) != (0, 0) or hx != hy:
        raise ValueError(f"rules {rules.name!r}: the judge's board is square from 0,0")
    kind = "renju" if rules.renju else ("freestyle" if rules.overline else "exact")
    return hx + 1, RULE_NUMBERS[kind]


def positions(folders: list[Path], skip: int, every: int) -> Iterator[tuple[Rules, list[tuple[int, int]]]]:
    """Each game's positions from ``skip`` moves on (every ``every``-th), the last
    (the game over) left out."""
    for folder in folders:
        for path in sorted(folder.glob("game-*.json")):
            record = load_game(str(path))
            moves = [(int(m[0]), int(m[1])) for m in record.moves]
            for k in range(skip, len(moves), every):
                yield record.rules, moves[:k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.label_positions",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("folders", nargs="+", type=Path, help="folders of game records (game-*.json)")
    parser.add_argument("--judge", required=True, help="a pbrain program (Rapfi, classical evaluation)")
    parser.add_argument("--out", type=Path, required=True, help="JSON Lines file, appended to")
    parser.add_argument("--ms", type=int, default=100, help="the judge's time a position (default 100)")
    parser.add_argument("--skip", type=int, default=4, help="moves of each game not labelled (default 4)")
    parser.add_argument("--every", type=int, default=1, help="label every N-th position (default 1)")
    parser.add_argument("--limit", type=int, default=0, help="label at most this many positions (0: all)")
    args = parser.parse_args(argv)
    if not Path(args.judge).is_file():
        parser.error(f"--judge {args.judge}: no such file")
    if args.ms < 1 or args.skip < 0 or args.every < 1:
        parser.error("--ms and --every must be positive, --skip not negative")
    done: set[tuple[tuple[int, int], ...]] = set()
    if args.out.exists():
        for line in args.out.read_text(encoding="utf-8").splitlines():
            if line.strip():
                done.add(tuple(tuple(m) for m in json.loads(line)["moves"]))
    judges: dict[tuple[int, int], Judge] = {}
    count = 0
    start = time.perf_counter()
    try:
        with args.out.open("a", encoding="utf-8") as out:
            for rules, moves in positions(args.folders, args.skip, args.every):
                if tuple(moves) in done:
                    continue
                size, rule = rule_of(rules)
                judge = judges.get((size, rule))
                if judge is None:
                    judge = judges[(size, rule)] = Judge(args.judge, size, rule == 1, args.ms, rule=rule)
                try:
                    score, _ = judge.ask(moves)
                except JudgeError as exc:
                    print(f"label_positions: {exc}; position left out", file=sys.stderr)
                    continue
                won = chance(score) if score is not None else None
                if won is None:
                    continue
                out.write(json.dumps({"moves": [list(m) for m in moves], "winrate": round(won, 4), "score": score}))
                out.write("\n")
                out.flush()
                done.add(tuple(moves))
                count += 1
                if count % 500 == 0:
                    print(f"{count} positions, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
                if args.limit and count >= args.limit:
                    break
    finally:
        for judge in judges.values():
            judge.close()
    print(json.dumps({"labelled": count, "seconds": round(time.perf_counter() - start, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
