"""The attack scanner: attacks, breakpoints and cell weights (``scanner``), one
line judged (``line``), the weight table (``weights``) and the threat-space
matrix, the whole region at once as linear algebra (``matrix``)."""

from gomoku.attacks import scanner
from gomoku.attacks.scanner import *  # noqa: F403 - the scanner's API is the package's
from gomoku.attacks.weights import DEFAULT_ATTACKS

__all__ = [*scanner.__all__, "DEFAULT_ATTACKS"]
