"""The experiments on the small games, re-run: ``run_experiment(name, games, seed, progress)`` -> ``Table``.

- ``minimax``: minimax of a given depth and heuristic for each side on 3x3,
  4x4, 3x3x3 (with and without gravity) and 4x4x4: wins and states visited,
  beside the figures of the original document (seed 004's table).
- ``qubic``: 4x4x4 self-play by minimax and alpha-beta at 2 and 3 plies with
  both evaluations: nodes, cut-offs, branching factor and time per move (seed 001's study).
- ``strategies``: the 3x3 strategies against each other (``gomoku.experiments.duels``).
- ``windetect``: win detection by the threat-space matrix against the per-line
  loop (``gomoku.experiments.windetect``).
- ``solve``: the perfect player's solved value, plies to the end and solve time.

The original documents call the first player O; so do these tables (it is our X stone).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gomoku.board import Board, Point, Rules
from gomoku.classic.minimax import Stats, choose
from gomoku.classic.perfect import Solver, solve_exactly
from gomoku.classic.strategies import Mover, play
from gomoku.experiments.duels import strategies_table
from gomoku.experiments.table import Progress, Table
from gomoku.experiments.windetect import windetect_table

__all__ = [
    "maxstates",
    "MinimaxRow",
    "MINIMAX_ROWS",
    "EXTRA_ROWS",
    "minimax_table",
    "QUBIC_CONFIGS",
    "QUBIC_FIGURES",
    "qubic_table",
    "solve_table",
    "EXPERIMENTS",
    "run_experiment",
]


def maxstates(squares: int, depth: int) -> int:
    """The original document's upper bound of the states minimax visits in a game, as
    it writes it (its leaves only), for the first player; the second's starts at squares - 1.

    >>> maxstates(9, 2)
    140
    """
    states = 0
    for a in range(squares, 0, -2):
        per_move = 1
        for b in range(depth):
            per_move *= a - b
        states += per_move
    return states


@dataclass(frozen=True)
class MinimaxRow:
    """A row of the minimax table: the game, each side's depth and heuristic, and the
    original document's wins and states (None where it gives none)."""

    game: str
    rules: str
    first: tuple[int, int]
    second: tuple[int, int]
    original_wins: tuple[int, int, int]
    original_states: tuple[int, int] | None
    ours: bool = False


MINIMAX_ROWS = (
    MinimaxRow("2/3", "tictactoe", (2, 1), (2, 1), (0, 0, 5), (825, 600)),
    MinimaxRow("2/3", "tictactoe", (1, 1), (2, 1), (0, 5, 0), (105, 565)),
    MinimaxRow("2/3", "tictactoe", (1, 1), (1, 1), (0, 5, 0), (105, 90)),
    MinimaxRow("2/4", "4x4", (2, 1), (2, 1), (0, 0, 5), (4080, 3400)),
    MinimaxRow("2/4", "4x4", (2, 1), (3, 1), (0, 0, 5), (4080, 34292)),
    MinimaxRow("2/4", "4x4", (2, 1), (4, 1), (0, 0, 5), (4080, 341680)),
    MinimaxRow("2/4", "4x4", (2, 0), (2, 0), (1, 0, 4), (4053, 3380)),
    MinimaxRow("2/4", "4x4", (2, 0), (3, 0), (2, 0, 3), None),
    MinimaxRow("2/4", "4x4", (2, 0), (4, 0), (1, 1, 3), (4064, 342473)),
    MinimaxRow("3/3", "cube3", (2, 1), (2, 1), (5, 0, 0), (12882, 10280)),
    MinimaxRow("3/3", "cube3", (2, 1), (3, 1), (4, 1, 0), (13211, 224056)),
    MinimaxRow("3/4", "qubic", (1, 0), (2, 0), (3, 2, 0), (45651, 196902)),
    MinimaxRow("3/3 gravity", "size=3x3x3,k=3,gravity", (2, 1), (2, 1), (4, 1, 0), (1988, 1646)),
    MinimaxRow("3/3 gravity", "size=3x3x3,k=3,gravity", (2, 1), (3, 1), (2, 3, 0), (1769, 13206)),
)
"""The rows of the original minimax table (seed 004's): game, depth/heuristic of O (first) and X,
its wins O/X/draw and states O/X."""

EXTRA_ROWS = (
    MinimaxRow("2/3", "tictactoe", (2, 3), (2, 1), (0, 0, 0), None, True),
    MinimaxRow("2/3", "tictactoe", (2, 2), (2, 1), (0, 0, 0), None, True),
    MinimaxRow("3/3", "cube3", (2, 1), (2, 3), (0, 0, 0), None, True),
)
"""Rows of ours: the heuristics 2 and 3 the original describes but does not tabulate."""


def _minimax(depth: int, heuristic: int, rng: random.Random, stats: Stats) -> Mover:
    """Minimax to ``depth`` with seed 004's heuristic ``heuristic``, its counts in ``stats``."""
    return lambda board: choose(board, depth, f"h{heuristic}", rng=rng, stats=stats)


def _counting(depth: int, evaluation: str, prune: bool, rng: random.Random, stats: Stats, counts: list[int]) -> Mover:
    """Minimax (alpha-beta with ``prune``) to ``depth`` with ``evaluation``, its counts in
    ``stats`` and each move's nodes appended to ``counts``."""

    def mover(board: Board) -> Point:
        move = choose(board, depth, evaluation, prune=prune, rng=rng, stats=stats)
        counts.append(stats.per_move[-1])
        return move

    return mover


def minimax_table(games: int = 5, seed: int = 0, progress: Progress | None = None) -> Table:
    """Minimax at each row's depths and heuristics, ``games`` games a row, beside the original figures."""
    rows = MINIMAX_ROWS + EXTRA_ROWS
    total = len(rows) * games
    out = []
    done = 0
    for number, row in enumerate(rows):
        rules = Rules.parse(row.rules)
        wins = [0, 0, 0]
        stats = (Stats(), Stats())
        for game in range(games):
            rng = random.Random(f"{seed}/{number}/{game}")
            board = play(rules, _minimax(*row.first, rng, stats[0]), _minimax(*row.second, rng, stats[1]))
            wins[{"X": 0, "O": 1, "draw": 2}[board.result or "draw"]] += 1
            done += 1
            if progress:
                progress(done, total)
        squares = rules.area or 0
        bound = (games * maxstates(squares, row.first[0]), games * maxstates(squares - 1, row.second[0]))
        out.append(
            [
                row.game + (" (ours)" if row.ours else ""),
                f"{row.first[0]}/{row.first[1]} - {row.second[0]}/{row.second[1]}",
                "/".join(map(str, wins)),
                "-" if row.ours else "/".join(map(str, row.original_wins)),
                f"{stats[0].states}/{stats[1].states}",
                "-" if row.original_states is None else f"{row.original_states[0]}/{row.original_states[1]}",
                f"{bound[0]}/{bound[1]}",
            ]
        )
    return Table(
        "minimax",
        f"Minimax at a depth and heuristic for each side, O moves first, {games} games a row",
        [
            "dimension/size",
            "depth/heuristic O - X",
            "win O/X/draw",
            "original",
            "states O/X",
            "original states",
            "maxstates O/X",
        ],
        out,
        [
            "original: the figures of the original document; (ours): rows it does not tabulate.",
            "states: positions generated below the root, over all the side's moves of all games.",
            "maxstates: the original document's bound (times the games); it counts only the leaves of each search, "
            "so a drawn 3x3 game at depth 2 visits 81+49+25+9+1 = 165 states, above its bound of 140.",
        ],
    )


QUBIC_CONFIGS = (
    ("minimax", 2, "e1"),
    ("minimax", 2, "e2"),
    ("alpha-beta", 2, "e1"),
    ("alpha-beta", 2, "e2"),
    ("alpha-beta", 3, "e1"),
    ("alpha-beta", 3, "e2"),
    ("minimax", 3, "e1"),
    ("minimax", 3, "e2"),
)

"""The 4x4x4 table's rows: algorithm, plies, evaluation."""

QUBIC_FIGURES = {
    ("minimax", 2): "43680 nodes a game, ~10000 on the first move, 4-5 s",
    ("alpha-beta", 2): "~10000 nodes a game, 443 on the first move, 82% pruned, b ~42, 95 ms",
    ("alpha-beta", 3): "22600 nodes and 3138 cut-offs a move, b ~47, 8 s a move",
    ("minimax", 3): "infeasible",
}


"""The original document's figures for each algorithm and depth (seed 001's study)."""


def qubic_table(
    games: int = 1,
    seed: int = 0,
    progress: Progress | None = None,
    configs: tuple[tuple[str, int, str], ...] = QUBIC_CONFIGS,
) -> Table:
    """4x4x4 self-play by each configuration, ``games`` games a row: nodes, cut-offs, branching, time."""
    rules = Rules.preset("qubic")
    total = len(configs) * games
    done = 0
    out = []
    for number, (algorithm, depth, evaluation) in enumerate(configs):
        stats = Stats()
        first = [0] * games
        results = {"X": 0, "O": 0, "draw": 0}
        for game in range(games):
            rng = random.Random(f"{seed}/{number}/{game}")
            counts: list[int] = []
            mover = _counting(depth, evaluation, algorithm == "alpha-beta", rng, stats, counts)
            board = play(rules, mover, mover)
            results[board.result or "draw"] += 1
            first[game] = counts[0]
            done += 1
            if progress:
                progress(done, total)
        moves = max(stats.moves, 1)
        out.append(
            [
                algorithm,
                depth,
                evaluation,
                "/".join(str(results[k]) for k in ("X", "O", "draw")),
                round(stats.states / moves),
                round(sum(first) / games),
                round(stats.cutoffs / moves, 1),
                round(stats.branching, 1),
                round(1000 * stats.seconds / moves, 1),
                QUBIC_FIGURES[(algorithm, depth)],
            ]
        )
    return Table(
        "qubic",
        f"4x4x4 self-play by minimax and alpha-beta, {games} game(s) a row",
        [
            "algorithm",
            "plies",
            "evaluation",
            "win O/X/draw",
            "nodes/move",
            "first move",
            "cut-offs/move",
            "branching",
            "ms/move",
            "the original figures",
        ],
        out,
        [
            "e1: the sum of the open threat counts; e2: threats weighted 1, 3, 6, 10 by degree.",
            "nodes: positions generated below the root; branching: children per expanded node.",
        ],
    )


def solve_table(games: int = 1, seed: int = 0, progress: Progress | None = None) -> Table:
    """The perfect player's solves: value, plies to the end, nodes and time (a fresh solver each)."""
    names = ("tictactoe", "4x4", "cube3", "size=3x3x3,k=3,gravity", "size=4x4,k=4,gravity", "size=3x3,k=3,gravity")
    out = []
    for done, name in enumerate(names, 1):
        rules = Rules.parse(name)
        solver = Solver(rules)
        solved = solve_exactly(rules, solver=solver)
        out.append(
            [
                name,
                {"X": "first player (O) wins", "O": "second player (X) wins"}.get(solved.result, "draw"),
                solved.plies,
                solved.nodes,
                len(solver.table),
                round(solved.seconds, 3),
            ]
        )
        if progress:
            progress(done, len(names))
    return Table(
        "solve",
        "The perfect player: each game solved from the empty board",
        ["game", "value", "plies to the end", "nodes", "table entries", "seconds"],
        out,
        ["plies: the length of the game with perfect play (the winner hurrying, the loser delaying)."],
    )


EXPERIMENTS: dict[str, tuple[str, int]] = {
    "minimax": (
        "minimax at a depth and heuristic for each side on 3x3, 4x4, 3x3x3 and 4x4x4: "
        "wins and states visited, beside the original figures",
        5,
    ),
    "qubic": ("4x4x4 self-play by minimax and alpha-beta at 2 and 3 plies: nodes, cut-offs, branching, time", 1),
    "strategies": (
        "the 3x3 strategies (move table, script, magic square) against each other, perfect play, "
        "minimax, the engine and random, and against every sequence of moves",
        10,
    ),
    "windetect": (
        "win detection by the threat-space matrix A = T B against the per-line loop: "
        "agreement and microseconds a position",
        2000,
    ),
    "solve": ("the perfect player's solves: value, length, time", 1),
}
"""Each experiment: what it shows, and its default number of games (positions per game for windetect)."""


def run_experiment(name: str, games: int | None = None, seed: int = 0, progress: Progress | None = None) -> Table:
    """Run the experiment ``name`` (ValueError if unknown or ``games`` < 1)."""
    if name not in EXPERIMENTS:
        raise ValueError(f"unknown experiment {name!r}: choose one of {', '.join(EXPERIMENTS)}")
    games = EXPERIMENTS[name][1] if games is None else games
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if name == "minimax":
        return minimax_table(games, seed, progress)
    if name == "qubic":
        return qubic_table(games, seed, progress)
    if name == "strategies":
        return strategies_table(games, seed, progress)
    if name == "windetect":
        return windetect_table(games, seed, progress)
    return solve_table(games, seed, progress)
