"""Self-play: games between levels or engine versions from the balanced openings,
varied by sampling among near-equal moves (``players``), played by the match
runner (here, in local processes, or on a Dask cluster: ``run``), and written
as a dataset of positions with the search's score and the game's result
(``dataset``: numpy ``.npz``)."""

from gomoku.selfplay import dataset, players, run
from gomoku.selfplay.dataset import *  # noqa: F403 - each module's API is the package's
from gomoku.selfplay.players import *  # noqa: F403 - each module's API is the package's
from gomoku.selfplay.run import *  # noqa: F403 - each module's API is the package's

__all__ = [*dataset.__all__, *players.__all__, *run.__all__]
