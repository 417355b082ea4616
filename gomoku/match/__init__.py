"""Matches between players: the contestants (an engine level in this process, or a
pbrain program) in ``contestants``; one game, and a game as a task, in ``games``;
where games are played in ``pool`` (here, local processes) and ``cluster`` (Dask,
imported only for ``--cluster``); the output folder and resuming in ``folder``;
the schedule, the Elo and the run in ``runner``."""

from gomoku.match import runner
from gomoku.match.runner import *  # noqa: F403 - the runner's API is the package's

__all__ = list(runner.__all__)
