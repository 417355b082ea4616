"""The search's Python drivers, over the compiled kernels of ``gomoku.core``.

- ``types``: ``Limit``, ``SearchInfo`` and the score scale every search speaks;
- ``params``: every tunable of the search, in one place;
- ``grid``: the one adapter between the endless board's points and a kernel grid's cells;
- ``searcher``: ``Searcher``, the root's threat checks and iterative deepening;
- ``threads``: helper threads (lazy SMP); ``threats``: VCF and VCT searches for callers;
- ``plain``: plain alpha-beta for the geometries the grid does not hold;
- ``watchdog``: the kernels' clock; ``warmup``: compiling the kernels ahead of use.
"""

__all__: list[str] = []
