"""The row of keys at the bottom, fitted to the terminal's width.

Textual's ``Footer`` shows every key with its label and cuts what does not fit
(on an 80-column terminal, ``d En``). :class:`KeysFooter` fits them instead: it
goes compact (less space around each key), then takes short labels, then
leaves out the command palette's key, then the keys that the help screen
(``?``) lists anyway, least needed first, until the rest fits; on a terminal
too narrow for even that, it shows every key without its label. The keys a
newcomer looks for first (``KEPT_ACTIONS``: the help, a new game, save, open)
are never left out: at 80 columns they are all there (issue 53).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

__all__ = [
    "SHORT_LABELS",
    "SPARE_ACTIONS",
    "KEPT_ACTIONS",
    "PALETTE_WIDTH",
    "Fit",
    "Entry",
    "width_of",
    "choose_fit",
    "KeysFooter",
]

SHORT_LABELS = {
    "help": "Keys",
    "toggle_breakdown": "Cell",
    "engine_move": "Play",
    "toggle_panel": "Panel",
}
"""Short labels by action, for a narrow terminal (other actions: the first word of their label)."""

KEPT_ACTIONS = ("help", "new_game", "save", "open")
"""The actions whose keys the footer keeps whenever it shows labels."""

SPARE_ACTIONS = (
    "redo",
    "toggle_weights",
    "analyse",
    "toggle_breakdown",
    "undo",
    "engine_move",
    "toggle_panel",
    "quit_game",
    "hint",
)
"""The actions whose keys a narrow footer leaves out, first to last (``?`` lists every key);
keys of other actions go before these, and those of ``KEPT_ACTIONS`` and of a group never."""

PALETTE_WIDTH = (14, 12)
"""Columns the command palette's key takes, in the normal and the compact style."""


@dataclass(frozen=True)
class Fit:
    """How the footer shows its keys: compact or not, short labels, no labels or
    the full ones, the palette's key or not, and the actions left out."""

    compact: bool = False
    short: bool = False
    palette: bool = True
    hidden: frozenset[str] = frozenset()
    labels: bool = True


@dataclass(frozen=True)
class Entry:
    """One key of the footer as it measures it: its action, its key as shown, its
    label, and its group (the layer keys ``[]`` show as one)."""

    action: str
    key: str
    label: str
    group: str | None = None

    def short_label(self) -> str:
        """The label on a narrow terminal.

        >>> Entry("engine_move", "d", "Engine plays").short_label(), Entry("quit_game", "q", "Quit now").short_label()
        ('Play', 'Quit')
        """
        return SHORT_LABELS.get(self.action, self.label.split(" ")[0] if self.label else "")


def width_of(entries: Iterable[Entry], fit: Fit) -> int:
    """Columns the footer's keys take with ``fit`` (as Textual's footer lays them out).

    >>> keys = [Entry("help", "?", "Keys"), Entry("engine_move", "d", "Engine plays")]
    >>> width_of(keys, Fit()), width_of(keys, Fit(compact=True, short=True, palette=False))
    (38, 14)
    """
    total = 0
    groups: set[str] = set()
    for entry in entries:
        if entry.action in fit.hidden:
            continue
        if entry.group is not None:  # the keys of a group side by side, then its label once
            total += len(entry.key) + (0 if fit.compact else 2)
            if entry.group not in groups:
                groups.add(entry.group)
                total += len(entry.group) + 3 if fit.labels else 2
            continue
        if not fit.labels:
            total += len(entry.key) + 1
            continue
        label = entry.short_label() if fit.short else entry.label
        total += len(entry.key) + len(label) + (2 if fit.compact else 3)
    if fit.palette:
        total += PALETTE_WIDTH[fit.compact]
    return total


def choose_fit(entries: list[Entry], width: int) -> Fit:
    """The roomiest way to show ``entries`` in ``width`` columns.

    >>> keys = [Entry(action, action[0], action.title()) for action in ("help", "redo", "open", "paste")]
    >>> choose_fit(keys, 80) == Fit(), sorted(choose_fit(keys, 16).hidden), choose_fit(keys, 10).labels
    (True, ['paste', 'redo'], False)
    """
    fits = [Fit(), Fit(compact=True), Fit(compact=True, short=True), Fit(compact=True, short=True, palette=False)]
    for fit in fits:
        if width_of(entries, fit) <= width:
            return fit
    hidden: set[str] = set()
    shown = {entry.action for entry in entries}
    fit = fits[-1]
    # A group's keys (the layers' ``[]``) are the board's own: they stay, as the kept ones.
    spare = (*SPARE_ACTIONS, *KEPT_ACTIONS)
    others = [entry.action for entry in entries if entry.group is None and entry.action not in spare]
    for action in (*others, *SPARE_ACTIONS):
        if action not in shown:
            continue
        hidden.add(action)
        fit = Fit(compact=True, short=True, palette=False, hidden=frozenset(hidden))
        if width_of(entries, fit) <= width:
            return fit
    return Fit(compact=True, palette=False, labels=False)


class KeysFooter(Footer):
    """Textual's footer, fitted to the width: see the module's docstring."""

    DEFAULT_CSS = """
    KeysFooter.-compact FooterLabel {
        margin: 0 1 0 0;
    }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fit = Fit()
        """How the keys are shown now."""

    def entries(self) -> list[Entry]:
        """The keys the footer shows, one per action, in order."""
        seen: dict[str, Entry] = {}
        for _, binding, _, _ in self.screen.active_bindings.values():
            if binding.show and binding.action not in seen:
                seen[binding.action] = Entry(
                    binding.action, self.app.get_key_display(binding), binding.description, _group_name(binding)
                )
        return list(seen.values())

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            fit = self.fit = choose_fit(self.entries(), self.app.size.width)
            self.set_reactive(Footer.compact, fit.compact)
            self.set_class(fit.compact, "-compact")
            self.set_reactive(Footer.show_command_palette, fit.palette)
        fit = self.fit
        for widget in super().compose():
            if isinstance(widget, FooterLabel) and not fit.labels:
                continue
            if isinstance(widget, FooterKey) and "-command-palette" not in widget.classes:
                if widget.action in fit.hidden:
                    continue
                if not fit.labels:
                    widget.description = ""
                elif fit.short and widget.description:
                    widget.description = Entry(widget.action, widget.key, widget.description).short_label()
            yield widget

    def on_resize(self, event: events.Resize) -> None:
        """Fit the keys again when the width calls for another fit."""
        if self._bindings_ready and choose_fit(self.entries(), self.app.size.width) != self.fit:
            self.call_after_refresh(self.recompose)


def _group_name(binding: Binding) -> str | None:
    return binding.group.description if binding.group is not None else None
