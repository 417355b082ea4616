"""The engine: levels, hints and streaming analysis over the search
(``gomoku.engine.engine``), solving a position by threats (``gomoku.engine.forced``),
and the one registry of named players, the engine's levels and the classic
strategies (``gomoku.engine.players``)."""

from gomoku.engine.engine import Engine, Hint, check_level
from gomoku.engine.players import DEFAULT_LEVEL, LEVELS, PLAYERS, check_player, describe, players_for, split_level

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "PLAYERS",
    "Engine",
    "Hint",
    "check_level",
    "check_player",
    "describe",
    "players_for",
    "split_level",
]
