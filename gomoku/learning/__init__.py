"""Learning the evaluation from self-play: the training examples of a dataset
(``examples``), the trainer (``train``) and a training run (``run``), which
``gomoku train`` drives. The network itself plays in ``gomoku.core.network``."""

from gomoku.learning import examples, run, train
from gomoku.learning.examples import *  # noqa: F403
from gomoku.learning.run import *  # noqa: F403
from gomoku.learning.train import *  # noqa: F403

__all__ = [*examples.__all__, *run.__all__, *train.__all__]
