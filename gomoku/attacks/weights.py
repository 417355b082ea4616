"""The weight table of the seed-002 attack scanner: what an attack of each power
and potential is worth, and the fork and finish bonuses. The shipped tables
are named (``TABLES``): ``default``, seed 002's (``data/weights.json``, used
wherever no other is named), and ``tuned``, tuned by play (``data/weights-tuned.json``,
``gomoku tune``); ``load_weights`` reads and checks another, ``save_weights``
writes one whole.

>>> table = default_table()
>>> table.attack_weight(4, 2), table.name
(100.0, 'seed-002')
>>> named_table("default") is default_table()
True
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from gomoku.files import parse_json, write_atomically

__all__ = [
    "DEFAULT_WEIGHTS_PATH",
    "DEFAULT_ATTACKS",
    "WeightTableError",
    "WeightTable",
    "load_weights",
    "save_weights",
    "default_table",
    "TABLES",
    "named_table",
]

DEFAULT_WEIGHTS_PATH = Path(__file__).resolve().parents[2] / "data" / "weights.json"
"""The weight table shipped with the project (seed 002's)."""

TABLES: dict[str, Path] = {
    "default": DEFAULT_WEIGHTS_PATH,
    "tuned": DEFAULT_WEIGHTS_PATH.with_name("weights-tuned.json"),
}
"""The shipped tables by name: ``default`` (seed 002's) and ``tuned``
(tuned by play: ``gomoku tune``, ``docs/attacks.md``)."""

# The default table (seed 002's), used when the data file is not beside the package (an
# installed wheel); tests check that the shipped file says the same.
DEFAULT_ATTACKS: dict[int, tuple[float | None, float, float]] = {
    1: (None, 0.1, 0.25),
    2: (None, 2.0, 5.0),
    3: (None, 4.0, 7.0),
    4: (None, 6.0, 100.0),
    5: (200.0, 200.0, 200.0),
}


class WeightTableError(ValueError):
    """A weight table that cannot be used; the message says which field and why."""


class WeightTable:
    """Attack weights by power and potential, and the two bonuses.

    ``attacks[power][potential]`` for power 1..5 (5 standing for five or
    more) and potential 0..2; ``None`` marks an attack the filter drops
    (potential 0 below five) and weighs nothing. With a win length ``k`` other
    than 5 an attack is weighed by how many stones it lacks: power ``k - 1``
    uses row 4, ``k`` or more row 5.

    >>> table = default_table()
    >>> table.attack_weight(3, 2), table.attack_weight(7, 0), table.fork_bonus
    (7.0, 200.0, 100.0)
    """

    __slots__ = ("rows", "fork_bonus", "finish_bonus", "name", "_caches", "_lock")

    def __init__(
        self,
        attacks: Mapping[int, Sequence[float | None]],
        fork_bonus: float = 100.0,
        finish_bonus: float = 100.0,
        name: str = "custom",
    ) -> None:
        self.rows: dict[int, tuple[float | None, ...]] = {
            power: tuple(None if w is None else float(w) for w in attacks[power]) for power in range(1, 6)
        }
        self.fork_bonus = float(fork_bonus)
        self.finish_bonus = float(finish_bonus)
        self.name = name
        self._caches: dict[tuple[int, bool], Any] = {}
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"WeightTable(name={self.name!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WeightTable):
            return NotImplemented
        return (self.rows, self.fork_bonus, self.finish_bonus) == (other.rows, other.fork_bonus, other.finish_bonus)

    def __hash__(self) -> int:
        return hash((tuple(self.rows.items()), self.fork_bonus, self.finish_bonus))

    def attack_weight(self, power: int, potential: int, k: int = 5) -> float:
        """The weight of an attack [power:potential] before its divider."""
        row = 5 if power >= k else max(1, 5 - (k - power))
        weight = self.rows[row][potential]
        return 0.0 if weight is None else weight

    def to_dict(self) -> dict[str, Any]:
        """The table as the JSON object ``load_weights`` reads."""
        return {
            "format": "gomoku-weights",
            "version": 1,
            "name": self.name,
            "attacks": {str(p): list(row) for p, row in self.rows.items()},
            "fork_bonus": self.fork_bonus,
            "finish_bonus": self.finish_bonus,
        }

    @classmethod
    def from_dict(cls, data: object, source: str = "weights") -> WeightTable:
        """Check a table read from JSON; a WeightTableError names the bad field."""
        if not isinstance(data, dict):
            raise WeightTableError(f"{source}: expected a JSON object with an 'attacks' table")
        if data.get("format", "gomoku-weights") != "gomoku-weights":
            raise WeightTableError(f"{source}: 'format' must be \"gomoku-weights\", not {data['format']!r}")
        if data.get("version", 1) != 1:
            raise WeightTableError(f"{source}: unsupported 'version' {data['version']!r} (this program reads 1)")
        attacks = data.get("attacks")
        if not isinstance(attacks, dict):
            raise WeightTableError(f'{source}: \'attacks\' must be an object with rows "1" to "5"')
        expected = {str(p) for p in range(1, 6)}
        if set(attacks) != expected:
            missing = sorted(expected - set(attacks))
            extra = sorted(set(attacks) - expected)
            what = f"missing {', '.join(missing)}" if missing else f"unexpected {', '.join(map(repr, extra))}"
            raise WeightTableError(f'{source}: \'attacks\' must have rows "1" to "5" ({what})')
        rows: dict[int, list[float | None]] = {}
        for power in range(1, 6):
            row = attacks[str(power)]
            if not isinstance(row, list) or len(row) != 3:
                raise WeightTableError(f'{source}: attacks["{power}"] must be a list of 3 weights (potential 0, 1, 2)')
            checked: list[float | None] = []
            for potential, weight in enumerate(row):
                field = f'attacks["{power}"][{potential}]'
                if weight is None:
                    if power == 5 or potential > 0:
                        raise WeightTableError(
                            f"{source}: {field} must be a number (only potential 0 below five may be null)"
                        )
                    checked.append(None)
                    continue
                checked.append(_number(weight, f"{source}: {field}"))
            rows[power] = checked
        bonuses = {}
        for key in ("fork_bonus", "finish_bonus"):
            bonuses[key] = _number(data.get(key, 100.0), f"{source}: '{key}'")
        name = data.get("name", "custom")
        if not isinstance(name, str):
            raise WeightTableError(f"{source}: 'name' must be a string")
        return cls(rows, name=name, **bonuses)

    def drop_caches(self) -> None:
        """Let the scanner's caches go (they are made again on use): a caller that
        makes many tables frees each one's memory when done with it."""
        with self._lock:
            self._caches.clear()

    def cached(self, key: tuple[int, bool], make: Callable[[], Any]) -> Any:
        """The scanner's cache for ``key`` (its line patterns under one rule), made
        by ``make`` on first use; one per table, shared by threads."""
        cache = self._caches.get(key)
        if cache is None:
            with self._lock:
                cache = self._caches.get(key)
                if cache is None:
                    cache = self._caches[key] = make()
        return cache


def _number(value: object, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise WeightTableError(f"{field} must be a finite number >= 0, not {value!r}")
    return float(value)


def load_weights(path: str | Path) -> WeightTable:
    """Read and check a weight table (JSON, see ``data/weights.json``).

    Raises WeightTableError (a ValueError) naming the file and the field for
    a bad or missing table, and OSError when the file cannot be read.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise WeightTableError(f"{path}: no such weight table") from None
    except IsADirectoryError:
        raise WeightTableError(f"{path}: a directory, expected a JSON weight table") from None
    except UnicodeDecodeError:
        raise WeightTableError(f"{path}: expected a UTF-8 JSON weight table") from None
    data = parse_json(text, str(path), error=WeightTableError)
    return WeightTable.from_dict(data, source=str(path))


def save_weights(table: WeightTable, path: str | Path) -> Path:
    """Write ``table`` as JSON (what ``load_weights`` reads), whole or not at all
    (a temporary file renamed into place)."""
    text = json.dumps(table.to_dict(), indent=2) + "\n"
    return write_atomically(path, text.encode("utf-8"))


def named_table(name: str) -> WeightTable:
    """The weight table ``name``: one of ``TABLES`` (``default``, ``tuned``) or the
    path of a JSON table; read once and kept (a table keeps the scanner's
    pattern cache). A WeightTableError (one line) for an unknown name or a bad file.

    >>> named_table("tuned").name
    'tuned'
    >>> named_table("best")
    Traceback (most recent call last):
    ...
    gomoku.attacks.weights.WeightTableError: unknown weight table 'best': choose default, tuned, or a .json file
    """
    if name == "default":
        return default_table()
    return _named_table(name)


@lru_cache(maxsize=16)
def _named_table(name: str) -> WeightTable:
    if name in TABLES:
        return load_weights(TABLES[name])
    if name.endswith(".json"):
        return load_weights(name)
    raise WeightTableError(f"unknown weight table {name!r}: choose {', '.join(TABLES)}, or a .json file")


@lru_cache(maxsize=1)
def default_table() -> WeightTable:
    """The shipped weight table (``data/weights.json``), or its built-in copy (``DEFAULT_ATTACKS``)."""
    if DEFAULT_WEIGHTS_PATH.is_file():
        return load_weights(DEFAULT_WEIGHTS_PATH)
    return WeightTable(DEFAULT_ATTACKS, name="seed-002")
