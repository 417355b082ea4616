"""The swap openings in the app (swap2 and swap1, issue 54): who places, who chooses, what was chosen.

Swap2: the first player places three stones (X, O, X: black, white, black); the
second takes black, or takes white (and plays the next stone), or places two more
(an O, then an X) and lets the first choose black or white. Swap1: the three
stones, then the second's choice of colour. The stones are the game's first moves,
in order, so a saved game (JSON, SGF, PSQ) keeps them as moves; JSON keeps the
opening's decisions too (its metadata's ``swap``), so an unfinished opening resumes.

Who is the first player comes from the players chosen: "You (X) against the engine"
makes you the first (you place the three stones), "The engine (X) against you (O)"
the engine; two players at one keyboard take both parts, two engines too. Once the
colours are chosen the game goes on under them: against the engine, the players
become "You (X)" or "(O)" as chosen; two engines swap their levels if the second took
black.

:class:`SwapOpening` is the opening's state, plain Python (no Textual: the tests check
it directly; ``tui.game.Game`` holds it); :class:`tui.swapping.SwapPlay` is the app's part.

>>> opening = SwapOpening("swap2", "human-x")
>>> opening.phase(0), opening.actor(0), opening.status(1)
('place', 'you', 'Swap2: you place the three opening stones: stone 2 of 3 (O).')
>>> opening.phase(3), opening.options(3)
('choose', ('black', 'white', 'more'))
>>> opening.choose("more", 3); opening.phase(4), opening.actor(4)
('place', 'engine')
>>> opening.choose("white", 5); opening.done, opening.first_is_black(), opening.stones
(True, False, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from gomoku.engine.swap import OPENING_RULES

__all__ = ["OPENINGS", "CHOICES", "KEYS", "SwapError", "swap_problem", "SwapOpening"]

OPENINGS: dict[str, str] = {
    "": "none: X begins",
    "swap2": "swap2: 3 stones, then colour or 2 more",
    "swap1": "swap1: 3 stones, then colour",
}
"""The new-game dialog's openings: the name kept in the settings, and how it is shown."""

CHOICES: dict[str, str] = {
    "black": "takes black (X)",
    "white": "takes white (O)",
    "more": "places two more stones",
}
"""A decision of colour, and how it is said."""


KEYS = {"black": "b", "white": "w", "more": "p"}
"""Each choice's key (in the choice's dialog, :class:`tui.screens.swap.SwapChoiceScreen`)."""
WORDS = {"black": "black", "white": "white", "more": "two more"}


class SwapError(ValueError):
    """An opening that cannot be played as asked; the message is one line."""


def swap_problem(opening: str, rules: Any) -> str:
    """Why ``opening`` cannot open games of ``rules`` ("" when it can): the swap openings
    are five in a row's, on a flat board without gravity.

    >>> from gomoku.board import Rules
    >>> swap_problem("swap2", Rules.preset("freestyle")), swap_problem("", Rules.preset("tictactoe"))
    ('', '')
    >>> swap_problem("swap1", Rules.preset("connect4"))
    'the swap1 opening is for five in a row on a flat board, not Connect Four'
    >>> swap_problem("swap3", Rules.preset("freestyle"))
    "unknown opening 'swap3': choose one of swap2, swap1"
    """
    if not opening:
        return ""
    if opening not in OPENING_RULES:
        return f"unknown opening {opening!r}: choose one of {', '.join(OPENING_RULES)}"
    if rules.dims != 2 or rules.gravity or rules.k != 5:
        return f"the {opening} opening is for five in a row on a flat board, not {rules.title()}"
    return ""


PLAYERS: dict[str, tuple[str, str]] = {
    "human-x": ("you", "engine"),
    "human-o": ("engine", "you"),
    "humans": ("first", "second"),
    "engines": ("engine", "engine"),
}
"""Who plays the first part (the three stones) and the second, by the players chosen."""

NAMES = {"you": "you", "engine": "the engine", "first": "the first player", "second": "the second player"}


@dataclass
class SwapOpening:
    """The swap opening of a game: ``rule`` (swap2 or swap1), ``mode`` (the players chosen
    at the start, which say who is first) and the ``choices`` made so far ("more", then
    "black" or "white"). The stones are the board's first moves; the phase follows from
    how many there are (``ply``) and the choices."""

    rule: str
    mode: str
    choices: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.rule not in OPENING_RULES:
            raise SwapError(f"unknown opening {self.rule!r}: choose one of {', '.join(OPENING_RULES)}")
        if self.mode not in PLAYERS:
            raise SwapError(f"unknown players {self.mode!r}")
        allowed = (["black"], ["white"]) + (
            (["more"], ["more", "black"], ["more", "white"]) if self.rule == "swap2" else ()
        )
        if self.choices and self.choices not in allowed:
            raise SwapError(f"{self.rule}: the choices {' then '.join(self.choices)} cannot be made")

    @property
    def done(self) -> bool:
        """The colours are chosen: the game goes on as any other."""
        return bool(self.choices) and self.choices[-1] in ("black", "white")

    @property
    def stones(self) -> int:
        """The opening's stones: 3, or 5 once two more were placed."""
        return 5 if self.choices[:1] == ["more"] else 3

    def phase(self, ply: int) -> str:
        """ "place" (stones to place), "choose" (a colour to choose) or "done"."""
        if self.done:
            return "done"
        return "place" if ply < self.stones else "choose"

    def part(self, ply: int) -> int:
        """Whose part it is: 0 the first player's (the three stones, the choice after five), 1 the second's."""
        if self.phase(ply) == "place":
            return 0 if not self.choices else 1
        return 1 if not self.choices else 0

    def actor(self, ply: int) -> str:
        """Who acts now: "you", "engine", "first" or "second" (two players at one keyboard)."""
        return PLAYERS[self.mode][self.part(ply)]

    def engine_acts(self, ply: int) -> bool:
        """Whether the engine is to place stones or choose now."""
        return not self.done and self.actor(ply) == "engine"

    def options(self, ply: int) -> tuple[str, ...]:
        """The choices open now: black and white, and under swap2 after three stones two more."""
        if self.phase(ply) != "choose":
            return ()
        return ("black", "white", "more") if self.rule == "swap2" and not self.choices else ("black", "white")

    def choose(self, choice: str, ply: int) -> None:
        """Make a choice (SwapError in one line if it is not open now)."""
        if choice not in self.options(ply):
            open_now = ", ".join(self.options(ply)) or "none: stones are to be placed"
            raise SwapError(f"{self.rule}: cannot choose {choice!r} now (open: {open_now})")
        self.choices.append(choice)

    def first_is_black(self) -> bool:
        """After the choice: whether the first player (who placed the three stones) plays X."""
        return self.choices in (["white"], ["more", "black"])

    def settings_after(self, settings: Any) -> Any:
        """The game's settings once the colours are chosen: against the engine, you play the
        colour your side took; two engines swap their levels when the second is black."""
        if self.first_is_black():
            return settings
        if self.mode in ("human-x", "human-o"):
            return replace(settings, mode="human-o" if self.mode == "human-x" else "human-x")
        if self.mode == "engines" and settings.o_level:
            return replace(settings, level=settings.o_level, o_level=settings.level)
        return settings

    def settings_before(self, settings: Any) -> Any:
        """The settings as chosen at the game's start (``settings_after`` undone)."""
        if not self.done or self.first_is_black():
            return settings
        return self.settings_after(settings) if self.mode == "engines" else replace(settings, mode=self.mode)

    def said(self, part: int, choice: str) -> str:
        """A choice in words: ``"the engine takes black (X)"``."""
        who = NAMES[PLAYERS[self.mode][part]]
        verb = CHOICES[choice] if who != "you" else CHOICES[choice].replace("takes", "take").replace("places", "place")
        return f"{who} {verb}"

    def chosen(self) -> str:
        """What was chosen so far, in words ("" before any choice)."""
        parts = [self.said(1, self.choices[0])] if self.choices else []
        if len(self.choices) > 1:
            parts.append(self.said(0, self.choices[1]))
        return ", then ".join(parts)

    def status(self, ply: int, thinking: bool = False) -> str:
        """The status line while the opening is on: whose part, and what was chosen.

        >>> SwapOpening("swap1", "human-o").status(3, thinking=False)
        'Swap1, 3 stones placed: your choice (Enter): b black · w white.'
        """
        title = self.rule.capitalize()
        who = NAMES[self.actor(ply)]
        if self.done:
            return f"{title}: {self.chosen()}."
        before = f" {self.chosen()}:" if self.choices else ""
        if self.phase(ply) == "place":
            count = 3 if not self.choices else 2
            placed = ply - (self.stones - count)
            stone = "X" if ply % 2 == 0 else "O"
            what = "the three opening stones" if count == 3 else "two more stones"
            if thinking or who == "the engine":
                return f"{title}:{before} the engine places {what}…"
            verb = "place" if who == "you" else "places"
            return f"{title}:{before} {who} {verb} {what}: stone {placed + 1} of {count} ({stone})."
        if thinking or who == "the engine":
            return f"{title}:{before} the engine chooses…"
        options = " · ".join(f"{KEYS[name]} {WORDS[name]}" for name in self.options(ply))
        head = f"{ply} stones placed" if not self.choices else self.chosen()
        whose = "your choice" if who == "you" else f"{who}'s choice"
        return f"{title}, {head}: {whose} (Enter): {options}."

    def to_metadata(self) -> dict[str, Any]:
        """The opening as plain data for a game record's metadata."""
        return {"rule": self.rule, "mode": self.mode, "choices": list(self.choices)}

    @classmethod
    def from_metadata(cls, data: Any, ply: int) -> SwapOpening | None:
        """The opening a record's metadata holds (None if it holds none, or none that fits
        a game of ``ply`` moves: the game is then an ordinary one)."""
        if not isinstance(data, dict):
            return None
        try:
            choices = [str(choice) for choice in data.get("choices", [])]
            opening = cls(str(data.get("rule")), str(data.get("mode")), choices)
        except (SwapError, TypeError):
            return None
        if (not opening.done and ply > opening.stones) or (opening.choices and ply < opening.stones):
            return None
        return opening
