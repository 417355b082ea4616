"""The app's widgets: the board view and its rulers, the footer, the move list, the evaluation bar and graph."""

__all__: list[str] = []
