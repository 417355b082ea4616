"""An experiment's result: a titled table with notes, as text or JSON.

>>> table = Table("demo", "A demo", ["game", "wins"], [["3x3", 5], ["4x4", 0]], ["one note"])
>>> print(table.format())
A demo
game  wins
----  ----
3x3      5
4x4      0
<BLANKLINE>
one note
>>> table.to_dict()["rows"][1]
{'game': '4x4', 'wins': 0}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Progress", "Table"]

Progress = Callable[[int, int], None]
"""Told (done, total) as an experiment goes."""


@dataclass
class Table:
    """The rows of an experiment, their column names, and what they found."""

    name: str
    title: str
    columns: list[str]
    rows: list[list[Any]]
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    """Further results for the JSON form (lists, figures)."""
    parts: list[Table] = field(default_factory=list)
    """Further tables of the same experiment, printed after this one."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "experiment": self.name,
            "title": self.title,
            "columns": list(self.columns),
            "rows": [dict(zip(self.columns, row)) for row in self.rows],
            "notes": list(self.notes),
            **self.extra,
            **({"parts": [part.to_dict() for part in self.parts]} if self.parts else {}),
        }

    def format(self) -> str:
        """The table as aligned text: text columns to the left, numbers to the right."""
        cells = [[_text(v) for v in row] for row in self.rows]
        widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(self.columns)]
        numeric = [
            all(isinstance(row[i], (int, float)) or row[i] is None for row in self.rows)
            for i in range(len(self.columns))
        ]

        def line(values: list[str]) -> str:
            return "  ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in zip(values, widths, numeric)).rstrip()

        out = [self.title, line(list(self.columns)), line(["-" * w for w in widths])]
        out += [line(row) for row in cells]
        if self.notes:
            out.append("")
            out += self.notes
        for part in self.parts:
            out += ["", part.format()]
        return "\n".join(out)


def _text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1000 else f"{value:.0f}"
    return str(value)
