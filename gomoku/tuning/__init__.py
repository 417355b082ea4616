"""The greedy player's weight table tuned by play: SPSA (``spsa``), the table's
parameters, its player and SPSA's measure through the match's game pool
(``greedy``), and a run with its checkpoint (``run``)."""

from gomoku.tuning.greedy import PARAMETERS, TablePlayer, table_of, theta_of
from gomoku.tuning.run import TuneOptions, checkpoint_path, describe_change, tune
from gomoku.tuning.spsa import Settings, SpsaError, State, load_checkpoint, save_checkpoint, step

__all__ = [
    "PARAMETERS",
    "TablePlayer",
    "table_of",
    "theta_of",
    "TuneOptions",
    "checkpoint_path",
    "describe_change",
    "tune",
    "Settings",
    "SpsaError",
    "State",
    "load_checkpoint",
    "save_checkpoint",
    "step",
]
