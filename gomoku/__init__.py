"""gomoku: five-in-a-row on an endless board, an engine that explains its moves.

The public API, importable from here (loaded on first use, so that
``import gomoku`` stays light: the compiled search comes with ``Engine``):

>>> from gomoku import Board, Engine
>>> board = Board(moves=[(0, 0), (5, 5), (1, 0), (5, 6), (2, 0), (5, 7), (3, 0)])
>>> Engine("normal").hint(board, nodes=2000).move in [(-1, 0), (4, 0)]
True

The packages, from the bottom up (each imports only those before it):
``board`` (the board, rules and geometry), ``core`` (the compiled kernels),
``attacks`` (the attack scanner), ``classic`` (the small games' strategies),
``search`` (the kernels' Python drivers), ``engine`` (levels, hints, the players'
registry), ``records``, ``protocol``, ``match``, ``experiments``, ``commands``
and ``cli``.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    "Board": "gomoku.board",
    "Rules": "gomoku.board",
    "Stone": "gomoku.board",
    "Point": "gomoku.board",
    "format_point": "gomoku.board",
    "BoardError": "gomoku.board",
    "GameOverError": "gomoku.board",
    "InvalidPointError": "gomoku.board",
    "OccupiedError": "gomoku.board",
    "OutOfBoundsError": "gomoku.board",
    "FloatingError": "gomoku.board",
    "Engine": "gomoku.engine.engine",
    "Hint": "gomoku.engine.engine",
    "LEVELS": "gomoku.engine.engine",
    "Limit": "gomoku.search.types",
    "SearchInfo": "gomoku.search.types",
    "find_forced_win": "gomoku.engine.forced",
    "VCFResult": "gomoku.engine.forced",
    "GameRecord": "gomoku.records.game",
    "RecordError": "gomoku.records.game",
    "load_game": "gomoku.records.files",
    "save_game": "gomoku.records.files",
}
"""Each public name and the module it comes from."""

__all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562)."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'gomoku' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
