"""The greedy player's weight table tuned by play: its parameters, the player
that plays a table, and SPSA's measure, games between ``theta +`` and
``theta -`` played through the match's game pool (here, local processes, or a
Dask cluster).

The parameters are the natural logarithms of the table's weights: eight attack
weights (power 1 to 4, potential 1 and 2), the five's (one for every potential:
a five is a five), the fork bonus and the finishing bonus. A step in the log
changes a weight by a factor, whatever its size (0.1 or 200), and keeps it
positive. Each is kept within a factor of ``SPAN`` of the default table's.

>>> theta = theta_of(default_table())
>>> [round(math.exp(t), 2) for t in theta]
[0.1, 0.25, 2.0, 5.0, 4.0, 7.0, 6.0, 100.0, 200.0, 100.0, 100.0]
>>> table_of(theta, digits=6) == default_table()
True
"""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gomoku.attacks import greedy_move
from gomoku.attacks.weights import WeightTable, default_table
from gomoku.board import Board, Point, Rules
from gomoku.match import GameResult, GameTask, MatchConfig, MatchError, open_games
from gomoku.tuning.spsa import Settings

__all__ = [
    "PARAMETERS",
    "SPAN",
    "theta_of",
    "table_of",
    "settings_for",
    "TablePlayer",
    "table_player",
    "table_spec",
    "Measure",
    "GameMeasure",
]

PARAMETERS = ("[1:1]", "[1:2]", "[2:1]", "[2:2]", "[3:1]", "[3:2]", "[4:1]", "[4:2]", "five", "fork", "finish")
"""The tuned parameters, in order: attacks ``[power:potential]``, the five, the two bonuses."""

_CELLS = [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2)]

SPAN = 16.0
"""A tuned weight stays within this factor of the default table's (the clamps)."""


def theta_of(table: WeightTable) -> list[float]:
    """A table's parameters (logarithms of its weights), in ``PARAMETERS``' order."""
    weights = [table.rows[p][q] for p, q in _CELLS]
    weights += [table.rows[5][2], table.fork_bonus, table.finish_bonus]
    positive = [w for w in weights if w is not None and w > 0]
    if len(positive) < len(weights):
        raise MatchError(f"the table {table.name!r} has a weight that is not positive: SPSA tunes logarithms")
    return [math.log(w) for w in positive]


def table_of(theta: Sequence[float], name: str = "custom", digits: int | None = None) -> WeightTable:
    """The table of parameters ``theta``; ``digits``: significant digits kept (None: all)."""

    def weight(t: float) -> float:
        w = math.exp(t)
        return float(f"{w:.{digits}g}") if digits else w

    rows: dict[int, list[float | None]] = {p: [None, 0.0, 0.0] for p in range(1, 5)}
    for (p, q), t in zip(_CELLS, theta):
        rows[p][q] = weight(t)
    five = weight(theta[8])
    rows[5] = [five, five, five]
    return WeightTable(rows, fork_bonus=weight(theta[9]), finish_bonus=weight(theta[10]), name=name)


def settings_for(start: WeightTable, *, a: float, c: float, big_a: float, seed: int) -> Settings:
    """SPSA's settings from the start table: bounds a factor ``SPAN`` either side of the default table's weights."""
    default_theta = theta_of(default_table())
    span = math.log(SPAN)
    return Settings(
        names=PARAMETERS,
        start=tuple(theta_of(start)),
        low=tuple(t - span for t in default_theta),
        high=tuple(t + span for t in default_theta),
        a=a,
        c=c,
        big_a=big_a,
        seed=seed,
    )


# -- the player ---------------------------------------------------------------------
class TablePlayer:
    """The greedy player with a table of its own (a match's ``Player``): the
    candidate of greatest weight, ties broken by a seeded choice as the
    ``greedy`` level's are in a match."""

    def __init__(self, table: WeightTable, seed: int | None = None) -> None:
        self.table = table
        self.name = table.name
        self.rng = random.Random(seed) if seed is not None else None

    def new_game(self, rules: Rules, time_per_move_ms: int) -> None:
        if rules.gravity:
            raise MatchError("the greedy player does not play under gravity")

    def move(self, board: Board) -> Point:
        return greedy_move(board, self.rng, self.table)

    def close(self) -> None:
        return None


def table_spec(table: WeightTable) -> str:
    """A table as a player's spec (its JSON): what a game task carries to a worker,
    so that a worker on another machine needs no file."""
    return json.dumps(table.to_dict(), separators=(",", ":"))


KEPT_TABLES = 4
"""Tables a worker keeps, with their pattern caches: an iteration's two, and the last one's."""

_tables: dict[str, WeightTable] = {}


def _table(spec: str) -> WeightTable:
    table = _tables.pop(spec, None)
    if table is None:
        table = WeightTable.from_dict(json.loads(spec), source="a tuning player")
        while len(_tables) >= KEPT_TABLES:
            # A table and its pattern caches refer to each other: a table let go keeps its
            # megabytes until the cycle collector runs, unless its caches are dropped now.
            old = _tables.pop(next(iter(_tables)))
            old.drop_caches()
    _tables[spec] = table  # the most recent last
    return table


def table_player(spec: str, *, seed: int | None = None, grace_ms: int = 1000) -> TablePlayer:
    """The factory of the tuning's game tasks: a ``TablePlayer`` from ``table_spec``
    (a worker keeps the last ``KEPT_TABLES`` tables it made, with their pattern caches)."""
    return TablePlayer(_table(spec), seed=seed)


# -- SPSA's measure: theta + against theta - -------------------------------------------
@dataclass
class Measure:
    """Where and how the games of an iteration are played."""

    config: MatchConfig
    pairs: int = 4
    jobs: int = 1
    cluster: str | None = None


class GameMeasure:
    """``measure(plus, minus, k)`` for ``gomoku.tuning.spsa.step``: ``pairs``
    openings of the match's set (the next ones, iteration after iteration),
    each played twice with colours swapped; the difference is
    ``2 * score(theta +) - 1``. ``last`` keeps the iteration's games."""

    def __init__(self, measure: Measure) -> None:
        self.measure = measure
        self.last: list[GameResult] = []
        self.nonce = os.urandom(3).hex()

    def tasks(self, plus: Sequence[float], minus: Sequence[float], k: int) -> list[GameTask]:
        m = self.measure
        a, b = table_spec(table_of(plus, "theta+")), table_spec(table_of(minus, "theta-"))
        openings = len(m.config.openings)
        tasks = []
        for j in range(m.pairs):
            opening = (k * m.pairs + j) % openings if openings else None
            for s, side in enumerate(("X", "O")):
                index = (k * m.pairs + j) * 2 + s
                tasks.append(GameTask(index, a, b, m.config, opening, side, table_player))
        return tasks

    def play(self, tasks: Iterable[GameTask], k: int) -> list[GameResult]:
        m = self.measure
        tasks = list(tasks)
        specs = (tasks[0].a_spec, tasks[0].b_spec)
        # A fresh pool (or cluster client) an iteration: each is given one batch of tasks.
        with open_games(m.jobs, m.cluster, specs, m.config.rules, f"spsa-{self.nonce}-{k}") as games:
            return sorted(games.play(tasks), key=lambda g: g.index)

    def __call__(self, plus: list[float], minus: list[float], k: int) -> float:
        self.last = self.play(self.tasks(plus, minus, k), k)
        score = sum(game.a_score for game in self.last) / len(self.last)
        return 2 * score - 1
