"""The attack scanner: attacks, breakpoints and cell weights (``scanner``), one
line judged (``line``), the weight table (``weights``) and the threat-space
matrix, the whole region at once as linear algebra (``matrix``)."""

from gomoku.attacks.scanner import *  # noqa: F403 - the scanner's API is the package's
from gomoku.attacks.weights import SEED_ATTACKS
from gomoku.attacks.scanner import __all__
