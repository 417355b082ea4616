"""The score scale every search shares, kernels and drivers alike: one definition.

Scores are from the side to move's view, in the evaluation's pattern units;
wins and losses the search finds lie beyond ``WIN_THRESHOLD``.

>>> WIN - WIN_THRESHOLD, WIN_THRESHOLD - LIKELY
(10000, 10000)
"""

__all__ = ["WIN", "WIN_THRESHOLD", "LIKELY", "MAX_PLY"]

WIN = 1_000_000
"""The score of a five made now; a win in n plies scores WIN - n."""
WIN_THRESHOLD = WIN - 10_000
"""Scores beyond this (either sign) are wins or losses found by the search."""
LIKELY = WIN_THRESHOLD - 10_000
"""The score of a likely win (negated, a likely loss): the tree found every
answer it searched lost, but it searched only the most promising ones (a node
narrows quiet positions to its width, or to the moves that may stop the
opponent's VCT). Above any evaluation, below a proven result, and the search
goes on deepening."""
MAX_PLY = 64
"""The deepest a search goes when nothing else limits it (the kernels' ply tables hold this many)."""
