"""Matches between players: the contestants (an engine level in this process, or a
pbrain program) in ``contestants``, the schedule, the games and the Elo in ``runner``."""

from gomoku.match import runner
from gomoku.match.runner import *  # noqa: F403 - the runner's API is the package's

__all__ = list(runner.__all__)
