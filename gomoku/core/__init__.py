"""The compiled kernels (numba, ``nopython``, cached on disk): the search's inner loops.

Each module documents the array layout it works on at its top. From the bottom up:

- ``struct``: the StructRef that carries a record of arrays into a kernel as one pointer;
- ``patterns`` and ``cellvalues``: the line-pattern tables and the evaluation's cell values;
- ``grid``: the position on a dense grid with incremental patterns (``GridState``);
- ``context``: the search's working memory (counters, transposition and threat tables);
- ``vcf``: wins by continuous fours; ``prover``: the proof-number VCT prover;
- ``tree``: the principal-variation tree search.

Nothing here knows points or the endless board: ``gomoku.search`` drives these kernels.
"""
