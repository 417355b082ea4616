"""Learning the evaluation from self-play: the training examples of a dataset
(``examples``), the value's trainer (``train``), the move order's (``order``)
and a training run (``run``), which
``gomoku train`` drives. The network itself plays in ``gomoku.core.network``."""

from gomoku.learning import examples, order, run, train
from gomoku.learning.examples import *  # noqa: F403 - each module's API is the package's
from gomoku.learning.order import *  # noqa: F403 - each module's API is the package's
from gomoku.learning.run import *  # noqa: F403 - each module's API is the package's
from gomoku.learning.train import *  # noqa: F403 - each module's API is the package's

__all__ = [*examples.__all__, *order.__all__, *run.__all__, *train.__all__]
