"""The app's widgets: the board view, its layout and marks, the panels' texts, the footer, the move list, the evaluation bar."""

__all__: list[str] = []
