"""A dialog answers once: :class:`AnswersOnce`, a screen whose ``dismiss`` does nothing
once the screen has left the top of the stack.

Textual's ``Screen.dismiss`` pops whatever screen is on top. A key that presses a
button (Enter) and a key bound to an answer (``y``, Escape), typed in one burst, both
answer: the binding's answer dismisses the dialog at once, while the button's
``Pressed`` message is still on its way up to the screen, where it dismisses again and
pops the screen below, the game's own (``ScreenStackError``, the app closed; issue 53's
key-burst fuzz). The first answer stands; a late one is dropped.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete

__all__ = ["AnswersOnce"]


class AnswersOnce:
    """A mixin for a screen (put it first among the bases of a dialog): the screen is
    dismissed once, and an answer that comes after it left the top of the stack is
    dropped. Not a Screen itself, so that the dialog's styles stay its own bases'."""

    is_active: bool

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:  # answered already (or another screen is on top of it)
            return AwaitComplete.nothing()
        return super().dismiss(result)  # type: ignore[misc]  # the Screen after this mixin
