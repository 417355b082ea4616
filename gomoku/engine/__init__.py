"""The engine: levels, hints and streaming analysis over the search
(``gomoku.engine.engine``), and the one registry of named players
(``gomoku.engine.players``)."""

from gomoku.engine.engine import DEFAULT_LEVEL, LEVELS, Engine, Hint, check_level

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Engine", "Hint", "check_level"]
