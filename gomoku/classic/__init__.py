"""The classic games: tic-tac-toe, 4x4, 3x3x3, 4x4x4 (qubic) and any box with gravity.

Their strategies (``gomoku.classic.strategies``): perfect play by a complete
search (``perfect``), the move table (``table``), the scripted rules
(``script``), the magic square's sums (``magic``) and depth-limited minimax and
alpha-beta (``minimax``). They stand on the board alone; the registry that names
them beside the engine's levels is ``gomoku.engine.players``, and their
experiments are ``gomoku.experiments``.
"""

__all__: list[str] = []
