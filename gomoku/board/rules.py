"""The rules of a game: its geometry (dimensions, bounds, gravity, line
directions) and its win condition (``k`` in a row, overlines or exact ``k``;
renju's forbidden points for black; caro's blocked fives).

>>> Rules.parse("size=8x6,k=4,gravity").describe()
'size=8x6,k=4,gravity'
>>> Rules().bounded
False
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Point", "line_directions", "Rules"]

Point = tuple[int, ...]
"""A cell of the board: one Python int per dimension, any value."""


def line_directions(dims: int) -> tuple[Point, ...]:
    """The line directions of a ``dims``-dimensional grid, one per line.

    Each direction is a nonzero vector of -1/0/1 whose first nonzero entry is
    positive. In two dimensions these are the four lines of the seed, in its
    order: horizontal, vertical, and the two diagonals.

    >>> line_directions(2)
    ((1, 0), (0, 1), (1, 1), (1, -1))
    >>> len(line_directions(3))
    13
    """
    if dims < 1:
        raise ValueError("a board needs at least one dimension")
    found = []
    for vector in itertools.product((0, 1, -1), repeat=dims):
        nonzero = [c for c in vector if c]
        if nonzero and nonzero[0] > 0:
            found.append(vector)
    if dims == 2:
        return ((1, 0), (0, 1), (1, 1), (1, -1))
    # Fewest nonzero entries first: the axes, then face diagonals, then the rest.
    found.sort(key=lambda v: (sum(1 for c in v if c), [-c for c in v]))
    return tuple(found)


@dataclass(frozen=True)
class Rules:
    """The geometry and the win condition of a game.

    ``k`` stones in a row win. With ``overline`` (freestyle, the default) a run
    longer than ``k`` wins too; without it (standard, exact five) only a run
    of exactly ``k`` does. ``bounds`` is ``None`` for the endless board, or the
    lowest and highest point of a box (both inclusive). With ``gravity`` (a
    bounded board only) a stone rests on the one below it along the last axis,
    whose lowest coordinate is the bottom: Connect Four is
    ``Rules.parse("size=7x6,k=4,gravity")``.

    With ``renju`` (two dimensions, five in a row) black, the first player, wins
    with exactly five and may not make an overline, a double four or a double
    three (``gomoku.board.renju``); white wins with five or more (``overline``
    stays True: it is white's rule). With ``caro`` a run of ``k`` (or more, with
    ``overline``) wins only when the opponent's stones do not block both of its
    ends (the board's edge does not block).

    >>> Rules.preset("gomocup20").bounds
    ((0, 0), (19, 19))
    >>> Rules.preset("qubic").bounds, Rules.preset("qubic").k
    (((0, 0, 0), (3, 3, 3)), 4)
    """

    k: int = 5
    overline: bool = True
    bounds: tuple[Point, Point] | None = None
    dims: int = 2
    name: str = "freestyle"
    directions: tuple[Point, ...] = field(default=(), compare=False)
    gravity: bool = False
    renju: bool = False
    caro: bool = False

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ValueError("the win length k must be at least 1")
        if self.renju:
            if self.dims != 2 or self.k != 5 or self.gravity:
                raise ValueError("renju is played in two dimensions, five in a row, without gravity")
            if not self.overline:
                raise ValueError("renju sets its own overlines (black's are forbidden, white's win): drop exact")
            if self.caro:
                raise ValueError("renju and caro are two different games: choose one")
        if self.gravity and self.bounds is None:
            raise ValueError("gravity needs a bounded board (a bottom for the stones to rest on)")
        if not self.directions:
            object.__setattr__(self, "directions", line_directions(self.dims))
        if self.bounds is not None:
            low, high = self.bounds
            if len(low) != self.dims or len(high) != self.dims:
                raise ValueError("bounds must have one coordinate per dimension")
            if any(a > b for a, b in zip(low, high)):
                raise ValueError("bounds: the low corner must not exceed the high corner")

    PRESETS = (
        "freestyle",
        "standard",
        "gomocup20",
        "gomocup15",
        "tictactoe",
        "4x4",
        "cube3",
        "qubic",
        "connect4",
        "renju",
        "caro",
    )

    TITLES = {
        "freestyle": "Gomoku (freestyle)",
        "standard": "Gomoku (exactly five)",
        "gomocup20": "Gomoku 20x20",
        "gomocup15": "Gomoku 15x15",
        "tictactoe": "Tic-tac-toe",
        "4x4": "Four in a row on 4x4",
        "cube3": "3x3x3 tic-tac-toe",
        "qubic": "Qubic (4x4x4)",
        "connect4": "Connect Four",
        "renju": "Renju",
        "caro": "Caro",
    }
    """What each preset is called where a person reads it (the app's title, a dialog)."""

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of the named rule sets (``Rules.PRESETS``): freestyle, standard,
        gomocup20, gomocup15, tictactoe (3x3, three in a row), 4x4 (four in a
        row), cube3 (3x3x3, three in a row), qubic (4x4x4, four in a row),
        connect4 (7 columns, 6 rows, four in a row, with gravity), renju (15x15,
        as played) and caro (the endless board, five or more not blocked at both ends)."""
        if name == "freestyle":
            return cls()
        if name == "standard":
            return cls(overline=False, name="standard")
        if name == "gomocup20":
            return cls.square(20, name="gomocup20")
        if name == "gomocup15":
            return cls.square(15, name="gomocup15")
        if name == "tictactoe":
            return cls(k=3, bounds=((0, 0), (2, 2)), name="tictactoe")
        if name == "4x4":
            return cls(k=4, bounds=((0, 0), (3, 3)), name="4x4")
        if name == "cube3":
            return cls(k=3, bounds=((0, 0, 0), (2, 2, 2)), dims=3, name="cube3")
        if name == "qubic":
            return cls(k=4, bounds=((0, 0, 0), (3, 3, 3)), dims=3, name="qubic")
        if name == "connect4":
            return cls(k=4, bounds=((0, 0), (6, 5)), gravity=True, name="connect4")
        if name == "renju":
            return cls(bounds=((0, 0), (14, 14)), renju=True, name="renju")
        if name == "caro":
            return cls(caro=True, name="caro")
        raise ValueError(f"unknown rules {name!r}: choose one of {', '.join(cls.PRESETS)}")

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Rules from a preset name or the general form ``size=AxB[xC...],k=N[,gravity][,exact][,renju][,caro]``.

        ``size`` gives the side of each axis (one to six of them, 1 to 1000
        cells each, at most a million cells in all), or ``endless`` in its place
        the endless board (two dimensions); ``k`` defaults to five, or
        to the longest side when that is shorter; ``gravity`` makes stones rest
        on the one below along the last axis; ``exact`` makes a run longer than
        ``k`` no win; ``renju`` plays renju (black's forbidden points) and ``caro``
        caro (a run blocked at both ends does not win) on that board.
        Anything else is a ValueError with a one-line message.

        >>> Rules.parse("cube3") == Rules.preset("cube3")
        True
        >>> connect4 = Rules.parse("size=7x6,k=4,gravity")
        >>> connect4.bounds, connect4.k, connect4.gravity, connect4.name
        (((0, 0), (6, 5)), 4, True, 'connect4')
        >>> Rules.parse("size=3x3x3").k
        3
        >>> Rules.parse("size=3x3,k=4")
        Traceback (most recent call last):
        ...
        ValueError: rules 'size=3x3,k=4': no line of 4 fits on a 3x3 board
        >>> Rules.parse("size=1000000000x1000000000,k=5")
        Traceback (most recent call last):
        ...
        ValueError: rules 'size=1000000000x1000000000,k=5': at most 1000 cells a side and a million cells in all
        >>> Rules.parse("size=15x15,renju") == Rules.preset("renju"), Rules.parse("endless,renju").describe()
        (True, 'endless,renju')
        >>> Rules.parse("size=19x19,renju").describe(), Rules.parse("endless,caro").describe()
        ('size=19x19,k=5,renju', 'caro')
        """
        text = text.strip()
        if text in cls.PRESETS:
            return cls.preset(text)
        shown = text if len(text) <= 60 else text[:60] + "..."  # a message stays one short line
        if "=" not in text and "," not in text and text != "endless":
            raise ValueError(
                f"unknown rules {shown!r}: choose one of {', '.join(cls.PRESETS)}, "
                "or give size=AxB,k=N[,gravity][,exact][,renju][,caro] (endless in place of size=AxB)"
            )
        where = f"rules {shown!r}"
        sizes: list[int] | None = None
        k: int | None = None
        flags: set[str] = set()
        for part in text.split(","):
            key, eq, value = (s.strip() for s in part.partition("="))
            if key in _FLAGS and not eq:
                if key in flags:
                    raise ValueError(f"{where}: {key} is given twice")
                flags.add(key)
            elif key == "size" and eq:
                if sizes is not None:
                    raise ValueError(f"{where}: size is given twice")
                sizes = [_parse_count(v, f"{where}: size") for v in value.lower().split("x")]
            elif key == "k" and eq:
                if k is not None:
                    raise ValueError(f"{where}: k is given twice")
                k = _parse_count(value, f"{where}: k")
            else:
                raise ValueError(
                    f"{where}: unexpected {part.strip()[:40]!r}; "
                    "expected size=AxB, endless, k=N, gravity, exact, renju or caro"
                )
        if "endless" in flags:
            return cls._endless(where, sizes, k, flags)
        if sizes is None:
            raise ValueError(f"{where}: the size is missing (e.g. size=7x6, or endless)")
        if not 1 <= len(sizes) <= 6:
            raise ValueError(f"{where}: a board has one to six axes, not {len(sizes)}")
        cells = 1
        for side in sizes:
            cells *= side
        if max(sizes) > 1000 or cells > 1_000_000:
            raise ValueError(f"{where}: at most 1000 cells a side and a million cells in all")
        shape = "x".join(str(side) for side in sizes)
        if k is None:
            k = min(5, max(sizes))
        if k > max(sizes):
            raise ValueError(f"{where}: no line of {k if k < 10**18 else 'that length'} fits on a {shape} board")
        name = f"size={shape},k={k}" + "".join(f",{flag}" for flag in _FLAGS if flag in flags)
        bounds = ((0,) * len(sizes), tuple(side - 1 for side in sizes))
        try:
            rules = cls(
                k=k,
                overline="exact" not in flags,
                bounds=bounds,
                dims=len(sizes),
                name=name,
                gravity="gravity" in flags,
                renju="renju" in flags,
                caro="caro" in flags,
            )
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        # A preset's game by its general form is the preset, name and all.
        return next((cls.preset(n) for n in cls.PRESETS[4:] if cls.preset(n).same_game(rules)), rules)

    @classmethod
    def _endless(cls, where: str, sizes: list[int] | None, k: int | None, flags: set[str]) -> Rules:
        """The general form's endless board (``endless[,k=N][,exact][,renju][,caro]``)."""
        if sizes is not None:
            raise ValueError(f"{where}: endless and size exclude each other")
        if "gravity" in flags:
            raise ValueError(f"{where}: gravity needs a bounded board (a bottom for the stones to rest on)")
        k = 5 if k is None else k
        if k > 1000:
            raise ValueError(f"{where}: k is at most 1000")
        kept = [flag for flag in ("exact", "renju", "caro") if flag in flags]
        name = "endless" + ("" if k == 5 else f",k={k}") + "".join(f",{flag}" for flag in kept)
        try:
            rules = cls(k=k, overline="exact" not in flags, name=name, renju="renju" in flags, caro="caro" in flags)
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None
        return next((cls.preset(n) for n in ("freestyle", "standard", "caro") if cls.preset(n).same_game(rules)), rules)

    def same_game(self, other: Rules) -> bool:
        """Whether ``other`` plays the same game, whatever its name.

        >>> Rules.preset("tictactoe").same_game(Rules(k=3, bounds=((0, 0), (2, 2)), name="mine"))
        True
        """
        return (
            self.k,
            self.overline,
            self.bounds,
            self.dims,
            self.gravity,
            self.renju,
            self.caro,
            self.directions,
        ) == (
            other.k,
            other.overline,
            other.bounds,
            other.dims,
            other.gravity,
            other.renju,
            other.caro,
            other.directions,
        )

    def describe(self) -> str:
        """The rules in the form ``Rules.parse`` reads back: the preset name, or the general form.

        >>> Rules.parse("size=7x6,k=4,gravity").describe()
        'connect4'
        >>> Rules.parse("size=8x6,k=4,gravity").describe()
        'size=8x6,k=4,gravity'
        >>> Rules.preset("qubic").describe()
        'qubic'
        """
        for name in self.PRESETS:
            if self.same_game(Rules.preset(name)):
                return name
        flags = (",gravity" if self.gravity else "") + ("" if self.overline else ",exact")
        flags += (",renju" if self.renju else "") + (",caro" if self.caro else "")
        if self.bounds is None:
            if self.renju or self.caro:
                return "endless" + ("" if self.k == 5 else f",k={self.k}") + flags
            return self.name
        shape = "x".join(str(b - a + 1) for a, b in zip(*self.bounds))
        return f"size={shape},k={self.k}" + flags

    def title(self) -> str:
        """What a person calls the game: the preset's title, else the general form.

        >>> Rules.parse("size=7x6,k=4,gravity").title(), Rules.parse("size=9x9,k=5").title()
        ('Connect Four', 'size=9x9,k=5')
        """
        name = self.describe()
        return self.TITLES.get(name, name)

    @classmethod
    def square(cls, size: int, *, overline: bool = True, k: int = 5, name: str = "") -> Rules:
        """A bounded ``size`` x ``size`` board with cells 0..size-1."""
        if size < 1:
            raise ValueError("a board needs at least one cell a side")
        return cls(
            k=k,
            overline=overline,
            bounds=((0, 0), (size - 1, size - 1)),
            name=name or f"{'freestyle' if overline else 'standard'}{size}",
        )

    @property
    def bounded(self) -> bool:
        return self.bounds is not None

    @property
    def area(self) -> int | None:
        """The number of cells of a bounded board, or None when endless."""
        if self.bounds is None:
            return None
        area = 1
        for a, b in zip(*self.bounds):
            area *= b - a + 1
        return area

    def contains(self, point: Point) -> bool:
        """Whether the point is on the board."""
        if self.bounds is None:
            return True
        low, high = self.bounds
        return all(a <= c <= b for a, c, b in zip(low, point, high))

    def rests(self, point: Point, occupied: Mapping[Point, object] | set[Point]) -> bool:
        """Whether a stone at ``point`` rests on something: always without gravity;
        with it, on the bottom (the lowest coordinate of the last axis) or on a stone.

        >>> rules = Rules.parse("size=7x6,k=4,gravity")
        >>> rules.rests((3, 0), {}), rules.rests((3, 1), {}), rules.rests((3, 1), {(3, 0): 1})
        (True, False, True)
        """
        if not self.gravity or self.bounds is None:
            return True
        if point[-1] <= self.bounds[0][-1]:
            return True
        return point[:-1] + (point[-1] - 1,) in occupied

    def centre(self) -> Point:
        """The first move's natural cell: the origin, or the middle of a bounded board."""
        if self.bounds is None:
            return (0,) * self.dims
        low, high = self.bounds
        return tuple((a + b) // 2 for a, b in zip(low, high))


_FLAGS = ("gravity", "exact", "renju", "caro", "endless")
"""The general form's words without a value."""


def _parse_count(text: str, where: str) -> int:
    """A whole number at least 1 from the rules text, or a one-line ValueError. A number
    too long to be a size or a win length reads as one too large, so that the caller's
    bounds say what the limit is.

    >>> _parse_count("1000000000", "size"), _parse_count("9" * 5000, "size") > 10**6
    (1000000000, True)
    """
    text = text.strip()
    digits = text.lstrip("0")
    if not (text.isascii() and text.isdigit()) or not digits:
        raise ValueError(f"{where}: expected a whole number at least 1, not {text[:40]!r}")
    return int(digits) if len(digits) <= 18 else 10**18
