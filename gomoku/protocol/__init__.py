"""The Gomocup ``pbrain`` protocol: the engine as a brain for tournament managers.

- ``brain``: ``Brain``, one session's answers to the protocol's commands;
- ``info``: the INFO command (limits, threads, the rule), a part of the brain;
- ``yixin``: the Yixin-Board extensions (forbidden cells, blocked cells, several best moves, the
  tables cleared), a part of the brain;
- ``swap2``: SWAP2BOARD, the swap openings' answers (``gomoku.engine.swap``), a part of the brain;
- ``engines``: the engine a brain drives, made ready in the background, and its greedy stand-in;
- ``position``: the board, the rules and the position a manager describes;
- ``clock``: a move's time budget under a manager's limits, and a reply never late;
- ``streams``: the protocol's two streams, safe against whatever a manager sends;
- ``pbrain``: the ``pbrain-gomoku`` program (``serve`` and ``main``).
"""

from gomoku.protocol.brain import ABOUT, MAX_MEMORY, MAX_SIZE, Brain, EngineFactory, default_engine_factory
from gomoku.protocol.clock import UNLIMITED_MS, Budget, TimeControl, plan_time

__all__ = [
    "ABOUT",
    "MAX_MEMORY",
    "MAX_SIZE",
    "UNLIMITED_MS",
    "Brain",
    "Budget",
    "EngineFactory",
    "TimeControl",
    "default_engine_factory",
    "plan_time",
]
