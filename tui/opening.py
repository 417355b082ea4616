"""A game opened from a file: its own rules, and the level and clock that play it.

A file holds the rules of its game; a game the app saved holds its settings too (level,
clock, players), while a position or another program's game holds none, and the app's
current choices stand in for them. Two of those must not apply unasked (issue 53):

- a level that does not play the file's rules (``perfect`` plays the small solved games
  only): the engine would quietly use another one, and the header would name the wrong one;
- the clock of the game on show, carried over to a game that never had one (a puzzle).

:func:`opening_question` says what to ask, if anything; the app asks it
(:class:`tui.screens.opening.OpeningScreen`) and :func:`apply_choice` makes the game that
plays as answered. Plain Python, no Textual: the tests check it directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from tui.game import Game, clock_name

__all__ = [
    "OpeningQuestion",
    "OpeningChoice",
    "replacement_level",
    "opening_question",
    "apply_choice",
]

STRONGEST_USUAL = ("strong", "normal")
"""The levels offered in place of a player that is not one of the engine's levels (``perfect``,
``minimax``...), first that plays: a player chosen for strength keeps a strong one."""


@dataclass(frozen=True)
class OpeningQuestion:
    """What opening ``name`` would change: the ``level`` that would play, when it does not
    play the game's rules (``levels`` do; ``suggested`` is offered first), and the
    ``clock`` (seconds each, increment) carried over from the game on show to a game
    that names none, else None."""

    name: str
    rules: str
    level: str
    levels: tuple[str, ...]
    suggested: str
    clock: tuple[float, float] | None

    @property
    def asks_level(self) -> bool:
        """Whether the level must change."""
        return self.level != self.suggested

    def level_text(self) -> str:
        """The level's question in words ("" when the level stays).

        >>> q = OpeningQuestion("p.json", "Gomoku (freestyle)", "perfect", ("normal", "strong"), "strong", None)
        >>> q.level_text()
        'This game is Gomoku (freestyle): the perfect level does not play it. Play with strong?'
        """
        if not self.asks_level:
            return ""
        return f"This game is {self.rules}: the {self.level} level does not play it. Play with {self.suggested}?"

    def clock_text(self) -> str:
        """The clock's question in words ("" when no clock is carried over).

        >>> OpeningQuestion("p.json", "Gomoku", "normal", ("normal",), "normal", (60, 0)).clock_text()
        'The file names no clock: turn the 1 min clock off for it, or keep it (each side starts with 1 min)?'
        """
        if self.clock is None:
            return ""
        name = clock_name(*self.clock)
        base = clock_name(self.clock[0])
        return f"The file names no clock: turn the {name} clock off for it, or keep it (each side starts with {base})?"


@dataclass(frozen=True)
class OpeningChoice:
    """The answer: the level that plays, and whether the clock carried over is kept."""

    level: str
    keep_clock: bool = False


def replacement_level(level: str, levels: tuple[str, ...], ladder: Iterable[str] = ()) -> str:
    """The level offered in place of ``level`` among ``levels`` (those that play the rules):
    ``level`` itself if it plays them; for one of the engine's levels (``ladder``, weakest
    first) the nearest that plays, the stronger first; for any other player, ``strong``,
    else ``normal``, else the first of ``levels``.

    >>> ladder = ("greedy", "easy", "normal", "strong", "max")
    >>> connect4 = ("easy", "normal", "strong", "max", "minimax")
    >>> replacement_level("greedy", connect4, ladder), replacement_level("max", ("greedy", "easy"), ladder)
    ('easy', 'easy')
    >>> replacement_level("perfect", ladder, ladder), replacement_level("perfect", ("random",), ladder)
    ('strong', 'random')
    """
    if level in levels or not levels:
        return level
    ladder = tuple(ladder)
    if level in ladder:
        at = ladder.index(level)
        for name in (*ladder[at + 1 :], *reversed(ladder[:at])):
            if name in levels:
                return name
    return next((name for name in STRONGEST_USUAL if name in levels), levels[0])


def opening_question(
    game: Game, named: frozenset[str], levels: tuple[str, ...], name: str, ladder: Iterable[str] = ()
) -> OpeningQuestion | None:
    """What to ask before ``game`` (opened from ``name``) plays, or None when nothing changes
    unasked: ``named`` are the settings its file held (``tui.storage.settings_named``), the
    others being the game on show's; ``levels`` play its rules (``ladder``: the engine's
    levels, weakest first)."""
    settings = game.settings
    suggested = replacement_level(settings.level, levels, ladder)
    carried = (settings.clock, settings.increment) if "clock" not in named and settings.clock > 0 else None
    if suggested == settings.level and carried is None:
        return None
    return OpeningQuestion(name, game.rules.title(), settings.level, levels, suggested, carried)


def apply_choice(game: Game, choice: OpeningChoice) -> Game:
    """``game`` as answered: its level, and its clock kept (each side's full time) or off.

    >>> from tui.game import GameSettings
    >>> game = Game(GameSettings(level="perfect", rules="cube3", clock=60))
    >>> played = apply_choice(game, OpeningChoice("strong"))
    >>> played.settings.level, played.settings.clock, played.clock
    ('strong', 0, None)
    """
    settings = replace(game.settings, level=choice.level)
    if not choice.keep_clock:
        settings = replace(settings, clock=0, increment=0)
    if settings == game.settings:
        return game
    # A clock kept starts whole: the file named none, so none of its time was spent.
    return Game(settings, game.board, lost_on_time=game.lost_on_time, opening=game.opening)
