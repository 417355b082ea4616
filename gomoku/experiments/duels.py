"""The 3x3 strategies' duels (``gomoku experiment strategies``): the move table,
the script and the magic square against each other, against perfect play,
minimax, the engine and a random player, both colours; each strategy against
every possible sequence of opponent moves (does it ever lose?); and the same
duels on the 3x3x3 cube. (The three strategies and their questions come from
seed 003.)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from gomoku.board import Board, Point, Rules, Stone
from gomoku.classic.magic import cube_report
from gomoku.classic.strategies import Mover, play
from gomoku.engine import Engine
from gomoku.engine.players import classic_move, describe
from gomoku.experiments.table import Progress, Table

__all__ = [
    "TICTACTOE_PLAYERS",
    "CUBE_PLAYERS",
    "ENGINE_LEVEL",
    "mover",
    "duel_matrix",
    "against_everything",
    "strategies_table",
]

TICTACTOE_PLAYERS = ("table", "script", "magic", "perfect", "minimax", "engine", "random")
CUBE_PLAYERS = ("magic", "perfect", "minimax", "engine", "random")

ENGINE_LEVEL = "normal"
"""The level the player ``engine`` of these tables plays."""


def mover(name: str, rng: random.Random | None) -> Mover:
    """A classic player by name, or ``engine``: the engine at ENGINE_LEVEL."""
    if name == "engine":
        engine = Engine(ENGINE_LEVEL)

        def think(board: Board) -> Point:
            return engine.hint(board).move

        return think
    return lambda board: classic_move(name, board, rng)


def duel_matrix(
    rules: Rules, players: tuple[str, ...], games: int, seed: int, name: str, tick: Callable[[], None]
) -> Table:
    """Every player as first (rows) against every player as second (columns):
    wins-losses-draws of the first player over ``games`` games."""
    rows = []
    for a in players:
        row: list[object] = [a]
        for b in players:
            won = lost = drawn = 0
            for game in range(games):
                rng = random.Random(f"{seed}/{a}/{b}/{game}")
                board = play(rules, mover(a, rng), mover(b, rng))
                won += board.winner is Stone.X
                lost += board.winner is Stone.O
                drawn += board.winner is None
                tick()
            row.append(f"{won}-{lost}-{drawn}")
        rows.append(row)
    return Table(
        name,
        f"{rules.describe()}: first player (rows) against second (columns), "
        f"won-lost-drawn of the first in {games} games",
        ["first \\ second", *players],
        rows,
    )


def against_everything(rules: Rules, player: str, stone: Stone) -> tuple[int, int, int, int]:
    """``player`` (deterministic: no rng) as ``stone`` against every sequence of
    opponent moves: (games, won, lost, drawn)."""
    totals = [0, 0, 0, 0]
    strategy = mover(player, None)

    def walk(board: Board) -> None:
        if board.is_over:
            totals[0] += 1
            totals[1] += board.winner is stone
            totals[2] += board.winner is stone.other
            totals[3] += board.winner is None
            return
        if board.turn is stone:
            board.play(strategy(board))
            walk(board)
            board.pop()
            return
        for move in board.legal_moves():
            board.play(move)
            walk(board)
            board.pop()

    walk(Board(rules))
    return totals[0], totals[1], totals[2], totals[3]


def strategies_table(games: int = 10, seed: int = 0, progress: Progress | None = None) -> Table:
    """The duels on 3x3 (``games`` a pairing), the strategies against every sequence
    of moves, and the duels on the 3x3x3 cube with what its magic cube misses."""
    tictactoe, cube = Rules.preset("tictactoe"), Rules.preset("cube3")
    strategies = [p for p in TICTACTOE_PLAYERS if p != "random"]
    total = games * (len(TICTACTOE_PLAYERS) ** 2 + len(CUBE_PLAYERS) ** 2) + 2 * len(strategies)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress:
            progress(done, total)

    main = duel_matrix(tictactoe, TICTACTOE_PLAYERS, games, seed, "strategies", tick)
    main.notes.append(f"engine: the engine's {ENGINE_LEVEL} level, {describe(ENGINE_LEVEL)}.")
    rows: list[list[Any]] = []
    for player in strategies:
        for stone in (Stone.X, Stone.O):
            n, won, lost, drawn = against_everything(tictactoe, player, stone)
            rows.append([player, "first" if stone is Stone.X else "second", n, won, lost, drawn])
            tick()
    everything = Table(
        "strategies-exhaustive",
        "3x3: each strategy against every sequence of opponent moves",
        ["strategy", "plays", "games", "won", "lost", "drawn"],
        rows,
    )
    losers = sorted({row[0] for row in rows if row[4]})
    everything.notes.append("Strategies that can be beaten: " + (", ".join(losers) if losers else "none") + ".")
    cube_table = duel_matrix(cube, CUBE_PLAYERS, games, seed, "strategies-cube3", tick)
    report = cube_report()
    cube_table.notes += [
        f"The magic cube's sums to 42 miss {len(report.missed)} of the {len(report.lines)} lines "
        "(the diagonals of its six outer faces):",
        "  " + " ".join("-".join(",".join(map(str, p)) for p in line) for line in report.missed),
        f"and {len(report.false)} triples of cells sum to 42 without being a line.",
    ]
    main.parts = [everything, cube_table]
    main.extra = {
        "cube_missed_lines": [[list(p) for p in line] for line in report.missed],
        "cube_false_triples": len(report.false),
    }
    return main
