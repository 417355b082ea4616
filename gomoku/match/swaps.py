"""A match game's swap opening (``--opening swap2`` or ``swap1``): the players decide it
themselves, before the game, and the colours are what they chose.

Swap2: the first player places three stones (black, white, black); the second takes
black, or keeps white and plays the fourth stone, or places two more (a white, a black)
and the first chooses: black, or white and the sixth stone. Swap1: the three stones,
then the second's choice of colour. Each player answers through its ``swap(board, rule)``
(``gomoku.match.contestants``: our levels by ``gomoku.engine.swap``, a pbrain program by
SWAP2BOARD) with a ``SwapDecision``, within the turn's time and grace.

``play_swap`` returns the board after the opening, which player is black and which
white, and the record of who chose what (``SwapOpening.notes``); a player whose answer
is late, malformed or illegal loses the game (``SwapFailure`` says which).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from gomoku.board import Board, BoardError, Rules, format_point
from gomoku.engine.swap import SwapDecision
from gomoku.match.contestants import PlayerFailure

__all__ = ["SwapFailure", "SwapOpening", "play_swap"]


class SwapFailure(Exception):
    """A player lost the game in the swap opening: ``first`` says whether it was the first player."""

    def __init__(self, first: bool, reason: str) -> None:
        super().__init__(reason)
        self.first = first
        self.reason = reason


@dataclass
class SwapOpening:
    """The opening decided: the board, the black and white players, what each chose, and
    each decision's milliseconds."""

    board: Board
    black: Any
    white: Any
    notes: list[str] = field(default_factory=list)
    times_ms: list[int] = field(default_factory=list)


def _ask(player: Any, board: Board, rule: str, counts: tuple[int, ...], first: bool, limit_ms: int) -> SwapDecision:
    """``player``'s decision on ``board``, checked: on time, SWAP or ``counts`` stones, each playable."""
    if not callable(getattr(player, "swap", None)):
        raise SwapFailure(first, f"{player.name} does not play the {rule} opening")
    started = time.monotonic()
    try:
        decision = player.swap(board.copy(), rule)
    except PlayerFailure as exc:
        raise SwapFailure(first, exc.reason) from None
    except Exception as exc:  # a broken player loses its game, not the whole match
        raise SwapFailure(first, f"crash: {type(exc).__name__}: {exc}") from None
    elapsed = round((time.monotonic() - started) * 1000)
    if elapsed > limit_ms:
        raise SwapFailure(first, f"time-out: {elapsed} ms for the {rule} decision, {limit_ms} ms allowed")
    stones = len(decision.stones)
    if decision.swap and 0 not in counts or not decision.swap and stones not in counts:
        said = decision.protocol_line() or "nothing"
        raise SwapFailure(first, f"illegal {rule} answer {said!r} with {len(board.move_stack)} stones")
    for stone in decision.stones:
        try:
            board.play(tuple(stone))
        except BoardError as exc:
            raise SwapFailure(first, f"illegal stone {format_point(tuple(stone))}: {exc}") from None
    if board.is_over:
        raise SwapFailure(first, f"the {rule} stones make five")
    player.last_swap_ms = elapsed
    return decision


def play_swap(first: Any, second: Any, rules: Rules, rule: str, turn_ms: int, grace_ms: int) -> SwapOpening:
    """The swap opening between ``first`` (who places the three stones) and ``second``."""
    board = Board(rules)
    limit = turn_ms + grace_ms
    times: list[int] = []

    def ask(player: Any, counts: tuple[int, ...], is_first: bool) -> SwapDecision:
        decision = _ask(player, board, rule, counts, is_first, limit)
        times.append(player.last_swap_ms)
        return decision

    opening = ask(first, (3,), True)
    notes = [f"{first.name} {opening.describe()}"]
    answer = ask(second, (0, 1, 2) if rule == "swap2" else (0, 1), False)
    notes.append(f"{second.name} {answer.describe()}")
    if answer.swap:
        return SwapOpening(board, second, first, notes, times)
    if len(answer.stones) == 1:
        return SwapOpening(board, first, second, notes, times)
    choice = ask(first, (0, 1), True)
    notes.append(f"{first.name} {choice.describe()}")
    if choice.swap:
        return SwapOpening(board, first, second, notes, times)
    return SwapOpening(board, second, first, notes, times)
