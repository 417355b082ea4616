"""Self-play's players: an engine level that varies its play a little, and
tells the game its search's score and best move for the dataset.

In its first ``Sampling.random_moves`` moves of a game, a level asks the engine
for its ``candidates`` best moves (``Engine.hint(..., multipv=N)``) and plays
one of those within ``margin`` of the best (score units, the side to move's
view), chosen with weights ``exp((score - best) / temperature)``: near-equal
moves about as often as the best, a worse one seldom, a move outside the
margin never, and never anything but the best when the best is a proven win or
loss. Later moves are the search's best. Games from the same opening thus
differ, and stay games the level would play.

Any other player (a classic player, a pbrain program: an engine version as a
program) plays as it does in a match, without a score.

>>> from gomoku.search.types import Candidate
>>> cands = (Candidate((0, 0), 100.0, ()), Candidate((1, 0), 90.0, ()), Candidate((2, 0), 10.0, ()))
>>> sorted({choose(cands, random.Random(s), margin=40, temperature=20).move for s in range(50)})
[(0, 0), (1, 0)]
>>> choose(cands, random.Random(1), margin=40, temperature=0).move
(0, 0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gomoku.board import Board, Point, Rules
from gomoku.engine import LEVELS, split_level
from gomoku.engine.engine import Hint
from gomoku.match import EnginePlayer, Player, make_player
from gomoku.search.types import WIN_THRESHOLD, Candidate

__all__ = ["Sampling", "SelfPlayer", "choose", "make_selfplay_player"]


@dataclass(frozen=True)
class Sampling:
    """How self-play varies its games, and how long its levels search.

    ``nodes`` replaces the clock for the engine's levels: each move searches
    that many nodes (a game is then the same on any machine, and as fast as the
    machine allows); None keeps the match's time a move.
    """

    temperature: float = 20.0
    margin: float = 40.0
    candidates: int = 4
    random_moves: int = 8
    seed: int = 0
    nodes: int | None = None

    def varies(self) -> bool:
        """Whether any move is chosen at random at all."""
        return self.temperature > 0 and self.margin > 0 and self.candidates > 1 and self.random_moves > 0


def choose(candidates: Sequence[Candidate], rng: random.Random, *, margin: float, temperature: float) -> Candidate:
    """One of ``candidates`` (best first) within ``margin`` of the best, weighted
    by ``exp((score - best) / temperature)``; the best when there is no margin,
    no temperature, or the best is a proven result."""
    best = candidates[0]
    if temperature <= 0 or margin <= 0 or len(candidates) == 1 or abs(best.score) >= WIN_THRESHOLD:
        return best
    near = [c for c in candidates if best.score - margin <= c.score and abs(c.score) < WIN_THRESHOLD]
    if len(near) <= 1:
        return best
    weights = [math.exp((c.score - best.score) / temperature) for c in near]
    return rng.choices(near, weights)[0]


class _Sampler:
    """The engine as the player's clock discipline sees it (``EnginePlayer.move``
    asks it for hints), with the player's sampling in between."""

    def __init__(self, engine: Any, player: SelfPlayer) -> None:
        self.engine = engine
        self.player = player

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def hint(self, board: Board, **limits: Any) -> Hint:
        return self.player.searched(self.engine, board, limits)


class SelfPlayer(EnginePlayer):
    """An engine level for self-play: it samples its first moves (``choose``) and
    leaves its search's score and best move in ``last_score`` and ``last_best``
    after each move (None for a move the search did not give: the greedy
    level's, or one played at the reply deadline)."""

    def __init__(self, level: str, *, seed: int | None = None, sampling: Sampling = Sampling()) -> None:
        self.rng = random.Random(f"gomoku-selfplay:{sampling.seed}:{seed}")
        super().__init__(level, seed=self.rng.randrange(2**31))
        self.sampling = sampling
        self.last_score: float | None = None
        self.last_best: Point | None = None
        self.sampled = 0
        self._turn = 0
        self._chosen: Point | None = None

    def new_game(self, rules: Rules, time_per_move_ms: int) -> None:
        super().new_game(rules, time_per_move_ms)
        self.sampled = 0
        if not self.classic:
            self.engine = _Sampler(self.engine, self)

    def move(self, board: Board) -> Point:
        self._turn += 1
        self.last_score = self.last_best = self._chosen = None
        if self.classic or self.level == "greedy" or self.sampling.nodes is None:
            point = super().move(board)
        else:
            engine = self.engine.engine if isinstance(self.engine, _Sampler) else self.engine
            point = self.searched(engine, board, {"level": self.level, "nodes": self.sampling.nodes}).move
        if point != self._chosen:  # not the search's move (a reply at the deadline): no score
            self.last_score = self.last_best = None
        self._turn += 1  # a search still running from this move can no longer leave its score
        return point

    def searched(self, engine: Any, board: Board, limits: dict[str, Any]) -> Hint:
        """The engine's hint under ``limits``, its move sampled while this player
        samples; its score and best move kept for the game's record."""
        turn = self._turn
        level = limits.get("level", self.level)
        if split_level(level)[0] not in LEVELS or level == "greedy":
            return engine.hint(board, **limits)
        sample = self.sampling.varies() and self.sampled < self.sampling.random_moves
        if sample:
            limits = {**limits, "multipv": self.sampling.candidates}
        hint = engine.hint(board, **limits)
        move = hint.move
        if sample and hint.candidates[0].move == hint.move:
            move = choose(
                hint.candidates, self.rng, margin=self.sampling.margin, temperature=self.sampling.temperature
            ).move
        if turn == self._turn:
            self.sampled += sample
            self.last_score, self.last_best, self._chosen = float(hint.score), hint.candidates[0].move, move
        return hint if move == hint.move else replace(hint, move=move, pv=(move,), candidates=())


def make_selfplay_player(
    spec: str, *, seed: int | None = None, grace_ms: int = 1000, sampling: Sampling = Sampling()
) -> Player:
    """A player for self-play from its name: an engine level samples (``SelfPlayer``);
    any other player is the match's (``gomoku.match.make_player``).

    >>> make_selfplay_player("normal", seed=3).sampling.margin
    40.0
    """
    if split_level(spec)[0] in LEVELS:  # a level, or one with its network (strong:NET)
        return SelfPlayer(spec, seed=seed, sampling=sampling)
    return make_player(spec, seed=seed, grace_ms=grace_ms)
