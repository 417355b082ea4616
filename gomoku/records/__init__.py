"""Game records: the game model and native JSON (``game``), a game with its
variations (``tree``), SGF (``sgf``), Piskvork PSQ (``psq``), and loading and
saving by file (``files``)."""

from gomoku.records import files
from gomoku.records.files import *  # noqa: F403 - every format's API is the package's

__all__ = list(files.__all__)
