"""The engine's decisions under the swap openings, by its own win chance.

Swap2 (the Gomocup's and the world championships' opening): the first player places
three stones (black, white, black); the second then takes black (``SWAP``), or keeps
white and plays the fourth stone, or places two more (a white and a black) and lets
the first choose: take black (``SWAP``) or keep white and play the sixth. Swap1: the
first player places three stones, the second takes black or keeps white and plays.

Every decision weighs black's chance in a position (``black_chance``: a short
search of the side to move, its score read as a chance by ``gomoku.engine.chance``):

- a choice of colour takes the colour with the better chance (white's is its best
  move's), unless the two are within ``BALANCE`` of each other and swap2 lets it
  place two more stones: then it places them, since its estimate cannot tell the
  colours apart and its opponent must choose;
- a placement (the three stones, or the two more) is the candidate whose chance for
  black is closest to 0.5 (``balanced``).

Each search is bounded by nodes (``SwapBudget.nodes``) and all of a decision's
searches by time (``SwapBudget.seconds``, shared among them): a decision never takes
much longer than its budget. ``seed`` makes the placements' candidates vary from game
to game (None: the same candidates each time).

>>> SwapDecision(swap=True).protocol_line(), SwapDecision(stones=((7, 7), (8, 8))).protocol_line()
('SWAP', '7,7 8,8')
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from gomoku.board import Board, BoardError, Point, Rules, Stone, format_point
from gomoku.engine.chance import win_chance
from gomoku.engine.players import LEVELS

__all__ = [
    "OPENING_RULES",
    "BALANCE",
    "SEARCH_LEVEL",
    "SwapBudget",
    "SwapDecision",
    "check_opening_rule",
    "black_chance",
    "balanced",
    "opening_stones",
    "decide",
]

OPENING_RULES = ("swap2", "swap1")
"""The opening rules the engine decides under (besides none: black simply begins)."""

BALANCE = 0.04
"""Under swap2, with three stones on the board, colours whose chances differ by less than
twice this (black's within this of 0.5) are too close to tell: two more stones are placed."""

OPENING_REACH = 4
"""How far from the centre (in each direction) the opening's second black stone may be:
a stone far from the others gives black less, and balanced openings need some."""

SEARCH_LEVEL = "normal"
"""The level whose search weighs a position for a player that does not search (greedy,
a classic player): a chance needs a search's score."""


def check_opening_rule(name: str) -> str:
    """``name`` if it is an opening rule (``OPENING_RULES``), else a ValueError of one line."""
    if name not in OPENING_RULES:
        raise ValueError(f"unknown opening rule {name!r}: choose one of {', '.join(OPENING_RULES)}")
    return name


@dataclass(frozen=True)
class SwapBudget:
    """What one decision may spend: ``seconds`` in all, at most ``nodes`` a search, and
    ``candidates`` placements weighed."""

    seconds: float = 1.0
    nodes: int = 3000
    candidates: int = 8


@dataclass(frozen=True)
class SwapDecision:
    """A swap answer: ``swap`` (take black), or the ``stones`` placed, in play order
    (three: the opening; one: white's move, keeping white; two: a white and a black,
    the opponent to choose). ``black`` is black's chance the decision saw, for the record."""

    swap: bool = False
    stones: tuple[Point, ...] = ()
    black: float | None = None

    def protocol_line(self) -> str:
        """The answer as the pbrain protocol's SWAP2BOARD says it: ``SWAP`` or the moves."""
        return "SWAP" if self.swap else " ".join(format_point(p) for p in self.stones)

    def describe(self) -> str:
        """In words, for a match's record: ``"takes black"``, ``"keeps white, plays 8,8"``, ..."""
        if self.swap:
            return "takes black"
        moves = " ".join(format_point(p) for p in self.stones)
        if len(self.stones) == 1:
            return f"keeps white, plays {moves}"
        if len(self.stones) == 2:
            return f"places {moves}, the other chooses"
        return f"places {moves}"


class _Clock:
    """A decision's time, shared among its searches."""

    def __init__(self, budget: SwapBudget, searches: int) -> None:
        self.deadline = time.monotonic() + budget.seconds
        self.budget = budget
        self.left = max(searches, 1)

    def share(self) -> float:
        remaining = max(self.deadline - time.monotonic(), 0.0)
        share = remaining / self.left
        self.left = max(self.left - 1, 1)
        return max(share, 0.005)


def _level(engine: object) -> str:
    level = getattr(engine, "level", SEARCH_LEVEL)
    return level if level in LEVELS and level != "greedy" else SEARCH_LEVEL


def _search(engine: object, board: Board, clock: _Clock) -> tuple[float, Point]:
    """Black's chance in ``board`` and the side to move's best move, by one bounded search."""
    hint = engine.hint(board, nodes=clock.budget.nodes, time=clock.share(), level=_level(engine))  # type: ignore[attr-defined]
    mover = win_chance(hint.score)
    return (mover if board.turn is Stone.X else 1.0 - mover), tuple(hint.move)


def black_chance(engine: object, board: Board, budget: SwapBudget | None = None) -> float:
    """Black's chance of winning ``board`` by a search of ``engine`` (an ``Engine``)."""
    if board.is_over:
        return 1.0 if board.winner is Stone.X else 0.0 if board.winner is Stone.O else 0.5
    return _search(engine, board, _Clock(budget or SwapBudget(), 1))[0]


def balanced(chances: Sequence[float]) -> int:
    """The index of the chance closest to 0.5 (the first of equals).

    >>> balanced([0.9, 0.45, 0.56, 0.2])
    1
    """
    return min(range(len(chances)), key=lambda i: (abs(chances[i] - 0.5), i))


def _placed(rules: Rules, stones: Sequence[Point]) -> Board | None:
    """The board of ``stones`` played in order, None if one cannot be played there."""
    try:
        board = Board(rules, moves=stones)
    except BoardError:
        return None
    return None if board.is_over else board


def _weigh(engine: object, rules: Rules, placements: Sequence[tuple[Point, ...]], clock: _Clock) -> SwapDecision:
    """The placement (stones after ``base``) whose black chance is closest to 0.5."""
    weighed: list[tuple[tuple[Point, ...], float]] = []
    for stones in placements:
        board = _placed(rules, stones)
        if board is None:
            continue
        weighed.append((stones, _search(engine, board, clock)[0]))
        if time.monotonic() > clock.deadline and weighed:
            break
    if not weighed:
        raise ValueError("no placement can be played on this board")
    best = balanced([chance for _, chance in weighed])
    return SwapDecision(stones=weighed[best][0], black=weighed[best][1])


def opening_stones(
    engine: object, rules: Rules, budget: SwapBudget | None = None, seed: int | None = None
) -> SwapDecision:
    """The first player's three stones (black, white, black) near the centre, the
    candidate of black's chance closest to 0.5."""
    budget = budget or SwapBudget()
    cx, cy = rules.centre()[:2]
    near = [(dx, dy) for dx in range(-1, 2) for dy in range(-1, 2) if (dx, dy) != (0, 0)]
    around = [
        (dx, dy) for dx in range(-OPENING_REACH, OPENING_REACH + 1) for dy in range(-OPENING_REACH, OPENING_REACH + 1)
    ]
    triples = [
        ((cx, cy), (cx + w[0], cy + w[1]), (cx + b[0], cy + b[1]))
        for w in near
        for b in around
        if b not in ((0, 0), w) and rules.contains((cx + b[0], cy + b[1])) and rules.contains((cx + w[0], cy + w[1]))
    ]
    random.Random(0 if seed is None else seed).shuffle(triples)  # seed None: the same candidates each time
    triples = triples[: budget.candidates]
    return _weigh(engine, rules, triples, _Clock(budget, len(triples)))


def _more_stones(board: Board, budget: SwapBudget, rng: random.Random | None) -> list[tuple[Point, ...]]:
    """Candidate pairs (a white stone, then a black one) next to the stones of ``board``."""
    whites = board.candidates(1)
    if rng is not None:
        rng.shuffle(whites)
    pairs: list[tuple[Point, ...]] = []
    for white in whites:
        after = board.copy()
        after.play(white)
        blacks = [p for p in after.candidates(1) if after.forbidden(p) is None] if not after.is_over else []
        if not blacks:
            continue
        black = rng.choice(blacks) if rng is not None else blacks[len(pairs) % len(blacks)]
        pairs.append((*board.move_stack, white, black))
        if len(pairs) >= budget.candidates:
            break
    return pairs


def decide(
    engine: object,
    board: Board,
    rule: str = "swap2",
    budget: SwapBudget | None = None,
    seed: int | None = None,
) -> SwapDecision:
    """The engine's answer, under ``rule``, to the opening stones of ``board``: 0 stones,
    the three stones; 3 stones, ``SWAP``, white's move, or (swap2, colours too close to
    tell) two more stones; 5 stones (swap2), ``SWAP`` or white's move. A ValueError of
    one line for any other count of stones or a finished position."""
    check_opening_rule(rule)
    budget = budget or SwapBudget()
    count = len(board.move_stack) + len(board.setup)
    if count == 0:
        return opening_stones(engine, board.rules, budget, seed)
    allowed = (3,) if rule == "swap1" else (3, 5)
    if count not in allowed or board.setup:
        raise ValueError(f"{rule}: a decision is made with {' or '.join(map(str, (0, *allowed)))} stones, not {count}")
    if board.is_over:
        raise ValueError(f"{rule}: the opening stones already make five ({board.result})")
    place_more = rule == "swap2" and count == 3
    clock = _Clock(budget, 1 + (budget.candidates if place_more else 0))
    black, white_move = _search(engine, board, clock)
    if place_more and abs(black - 0.5) < BALANCE:
        pairs = _more_stones(board, budget, random.Random(seed) if seed is not None else None)
        if pairs:
            decision = _weigh(engine, board.rules, pairs, clock)
            return SwapDecision(stones=decision.stones[count:], black=decision.black)
    if black > 0.5:
        return SwapDecision(swap=True, black=black)
    return SwapDecision(stones=(white_move,), black=black)
