"""The classic players by name: which apply to a set of rules, and their moves.

>>> players_for(Rules.preset("tictactoe"))
('perfect', 'table', 'script', 'magic', 'minimax', 'alphabeta', 'random')
>>> players_for(Rules.preset("qubic"))
('minimax', 'alphabeta', 'random')
>>> classic_move("script", Board(Rules.preset("tictactoe")))
(1, 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from gomoku.board import Board, GameOverError, Point, Rules, Stone
from gomoku.classic.magic import magic_move
from gomoku.classic.minimax import choose
from gomoku.classic.perfect import solver_for
from gomoku.classic.script import script_move
from gomoku.classic.table import table_move

MAX_CELLS = 125
"""The classic players play bounded boards of up to this many cells (5x5x5)."""


@dataclass(frozen=True)
class Choice:
    """A classic player's move and its own score of it (0 where it has none)."""

    move: Point
    score: float = 0.0
    forced_win: bool = False


def _classic(rules: Rules) -> bool:
    if rules.bounds is None or (rules.area or 0) > MAX_CELLS:
        return False
    longest = max(b - a + 1 for a, b in zip(*rules.bounds))
    # The players count whole lines of k; under exact-k rules an overline is no
    # win, which they cannot see unless no line is longer than k.
    return rules.overline or rules.k >= longest


def _solvable(rules: Rules) -> bool:
    area = rules.area or 0
    return _classic(rules) and (area <= 16 or (area <= 27 and rules.k == 3))


def _tictactoe(rules: Rules) -> bool:
    return rules.same_game(Rules.preset("tictactoe"))


def _perfect(board: Board, rng: random.Random | None) -> Choice:
    moves, score = solver_for(board.rules).best_moves(board)
    move = rng.choice(moves) if rng is not None else moves[0]
    return Choice(move, float(score), score > 0)


def _table(board: Board, rng: random.Random | None) -> Choice:
    return Choice(table_move(board))


def _script(board: Board, rng: random.Random | None) -> Choice:
    return Choice(script_move(board, rng))


def _magic(board: Board, rng: random.Random | None) -> Choice:
    return Choice(magic_move(board, rng))


def _minimax(board: Board, rng: random.Random | None) -> Choice:
    evaluation = "h3" if board.rules.k == 3 else "h1"
    return Choice(choose(board, 2, evaluation, rng=rng))


def _alphabeta(board: Board, rng: random.Random | None) -> Choice:
    return Choice(choose(board, 2, "e2", prune=True, rng=rng))


def _random(board: Board, rng: random.Random | None) -> Choice:
    return Choice((rng or random).choice(board.legal_moves()))


@dataclass(frozen=True)
class Player:
    name: str
    description: str
    applies: Callable[[Rules], bool]
    choose: Callable[[Board, "random.Random | None"], Choice]


PLAYERS: dict[str, Player] = {
    p.name: p
    for p in (
        Player("perfect", "exact play by the complete search (3x3, 4x4, 3x3x3 and other boards of up to 16 cells)",
               _solvable, _perfect),
        Player("table", "seed 003 approach 1: the 3^9 move table (3x3)", _tictactoe, _table),
        Player("script", "seed 003 approach 2: Make_2, PossWin and Go (3x3)", _tictactoe, _script),
        Player("magic", "seed 003 approach 3: wins and blocks by the magic square's sums (3x3, 3x3x3)",
               lambda r: _tictactoe(r) or r.same_game(Rules.preset("cube3")), _magic),
        Player("minimax", "seed 004: minimax 2 plies deep, heuristic 3 (k = 3) or 1, random tie-breaks",
               _classic, _minimax),
        Player("alphabeta", "seed 001: alpha-beta 2 plies deep, threats weighted by degree", _classic, _alphabeta),
        Player("random", "a random legal move", _classic, _random),
    )
}
"""Every classic player, in the order the app lists them."""


def players_for(rules: Rules) -> tuple[str, ...]:
    """The names of the classic players that play these rules."""
    return tuple(name for name, player in PLAYERS.items() if player.applies(rules))


def check_player(name: str, rules: Rules) -> Player:
    """The player ``name`` if it plays ``rules``, else a ValueError saying why."""
    player = PLAYERS.get(name)
    if player is None:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}")
    if not player.applies(rules):
        fits = ", ".join(players_for(rules)) or "none"
        raise ValueError(f"the {name} player does not play {rules.describe()} (players here: {fits})")
    return player


def classic_choice(name: str, board: Board, rng: random.Random | None = None) -> Choice:
    """The move of the classic player ``name`` on ``board`` and its score."""
    player = check_player(name, board.rules)
    if board.is_over:
        raise GameOverError(f"the game is over ({board.result}); no move to choose")
    return player.choose(board, rng)


def classic_move(name: str, board: Board, rng: random.Random | None = None) -> Point:
    """The move of the classic player ``name`` (ValueError if it does not play these rules)."""
    return classic_choice(name, board, rng).move


Mover = Callable[[Board], Point]
"""A player as a function: the move for the side to move."""


def play(rules: Rules, first: Mover, second: Mover, opening: tuple[Point, ...] = ()) -> Board:
    """A whole game between two movers; the finished board."""
    board = Board(rules, opening)
    while not board.is_over:
        mover = first if board.turn is Stone.X else second
        board.play(mover(board))
    return board
