"""The app's screens: dialogs, the file browser, the review."""

__all__: list[str] = []
