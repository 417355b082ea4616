"""The classic games of the seeds: tic-tac-toe, 4x4, 3x3x3, 4x4x4 and gravity.

Their players (``gomoku.classic.strategies``): perfect play by a complete search,
seed 003's three strategies (move table, script, magic square), seeds 004's and
001's depth-limited searches; and their experiments (``gomoku.experiments.runner``).
"""
