"""The experiments of the classic games, re-run: tables of games between strategies,
search statistics and win detection (``runner``, ``duels``, ``windetect``), printed
as a ``table.Table``."""

__all__: list[str] = []
