"""The Textual app (``gomoku`` with no command): see ``tui.app``."""

__all__: list[str] = []
