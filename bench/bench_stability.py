"""How still the root score holds from one depth to the next (issue 52's first figure).

A search's root score at depth d, less its score at depth d-1, in logits of the win
chance (``data/win-chance.json``'s ``a``: about 480 pattern units a logit). An
evaluation that counts the side to move's potential more than the opponent's makes
the score swing with the parity of the depth: odd depths end on the opponent's move
and read high, even depths low (or the other way). The figures:

- ``stability.<evaluation>.jump``: the mean of |s(d) - s(d-1)| over depths 2.. ;
- ``stability.<evaluation>.parity``: the mean of (s(d) - s(d-1)) * (-1)^(d+1): how
  much of the jump is the swing between odd and even depths (0 for an evaluation
  with no parity bias; positive when odd depths read higher);
- ``stability.<evaluation>.static``: the mean |s(1) - s(0)|, the depth-1 score against
  the static evaluation of the root (depth 0: what a one-ply search changes of it).

``<evaluation>+average`` is the same evaluation with the leaves averaged with their
parents (``SearchOptions.average``).

Positions: the balanced 20x20 openings, each followed by 0 to 12 greedy moves (no
four on the board), searched one thread deep to ``DEPTH`` (or ``TIME`` seconds).
Scores of a win or a loss, proven or likely, are left out.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from pathlib import Path

from gomoku.attacks import greedy_move
from gomoku.board import Board, Rules
from gomoku.engine.chance import default_model
from gomoku.search.nets import DEFAULT_EVALUATION
from gomoku.search.params import SearchOptions
from gomoku.search.searcher import Searcher
from gomoku.search.types import Limit

OPENINGS = Path(__file__).resolve().parents[1] / "data" / "openings" / "balanced20.json"
DEPTH = 9
"""The deepest depth searched."""
TIME = 3.0
"""The most seconds one position's search may take (the depths it completed count)."""
STAGES = (0, 4, 8, 12)
"""Greedy moves played after each opening."""


def positions(count: int) -> list[Board]:
    """``count`` quiet positions: openings followed by a few greedy moves each."""
    openings = json.loads(OPENINGS.read_text())
    boards: list[Board] = []
    for i, opening in enumerate(openings):
        if len(boards) >= count:
            break
        board = Board(Rules.preset("gomocup20"), [tuple(p) for p in opening])
        for _ in range(STAGES[i % len(STAGES)]):
            move = greedy_move(board)
            board.push(move)
            if board.is_over:
                board.pop()
                break
        boards.append(board)
    return boards


def depth_scores(
    board: Board, evaluation: str, depth: int = DEPTH, time: float = TIME, average: bool = False
) -> list[float]:
    """The root score of each completed depth, one thread, the root's VCT checks off:
    index 0 is depth 0, the static evaluation the search reports first. ``average``:
    the leaves averaged with their parents (``SearchOptions.average``)."""
    options = SearchOptions(threads=1, evaluation=evaluation, root_vct=False, vct_defence=False, average=average)
    searcher = Searcher(options=options)
    scores: dict[int, float] = {}
    for info in searcher.search(board, Limit(depth=depth, time=time)):
        scores[info.depth] = info.score
    return [scores[d] for d in range(len(scores)) if d in scores]


DECIDED = 100_000
"""Scores past this are wins or losses, proven or likely (``LIKELY``), not evaluations:
the static evaluation is clamped within it."""


def decided(score: float) -> bool:
    """Whether ``score`` is a win or a loss rather than an evaluation."""
    return abs(score) > DECIDED


def measure(boards: list[Board], evaluation: str, average: bool = False) -> dict[str, float]:
    """The three figures of the module's docstring for ``evaluation``, in logits."""
    a = default_model().a
    jumps, signed, static = [], [], []
    for board in boards:
        scores = depth_scores(board, evaluation, average=average)
        for d in range(1, len(scores)):
            before, now = scores[d - 1], scores[d]
            if decided(before) or decided(now):
                break
            if d == 1:
                static.append(abs(now - before) * a)
                continue
            jumps.append(abs(now - before) * a)
            signed.append((now - before) * a * (1 if d % 2 == 1 else -1))
    return {
        "jump": statistics.mean(jumps) if jumps else 0.0,
        "parity": statistics.mean(signed) if signed else 0.0,
        "static": statistics.mean(static) if static else 0.0,
        "steps": float(len(jumps)),
    }


def run(quick: bool) -> Iterator[dict]:
    boards = positions(4 if quick else 24)
    evaluations = ["classic"] if quick else ["classic", DEFAULT_EVALUATION, DEFAULT_EVALUATION + "+average"]
    for evaluation in dict.fromkeys(evaluations):
        net, _, option = evaluation.partition("+")
        figures = measure(boards, net, average=option == "average")
        steps = int(figures["steps"])
        yield {
            "name": f"stability.{evaluation}.jump",
            "value": round(figures["jump"], 3),
            "unit": f"logits, mean |s(d) - s(d-1)| ({len(boards)} positions, {steps} steps)",
        }
        yield {
            "name": f"stability.{evaluation}.parity",
            "value": round(figures["parity"], 3),
            "unit": "logits, mean (s(d) - s(d-1)) signed by depth parity (odd up: +)",
        }
        yield {
            "name": f"stability.{evaluation}.static",
            "value": round(figures["static"], 3),
            "unit": "logits, mean |s(1) - static evaluation|",
        }
