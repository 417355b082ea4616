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
from textual.screen import Screen

__all__ = ["AnswersOnce"]


class AnswersOnce(Screen[Any]):
    """A screen (put it first among the bases of a dialog) that is dismissed once: an
    answer that comes after the screen left the top of the stack is dropped."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:  # answered already (or another screen is on top of it)
            return AwaitComplete.nothing()
        return super().dismiss(result)
