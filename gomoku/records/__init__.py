"""Game records: the game model and native JSON (``game``), SGF (``sgf``), Piskvork
PSQ (``psq``), and loading and saving by file (``files``)."""

from gomoku.records.files import *  # noqa: F403 - every format's API is the package's
from gomoku.records.files import __all__
