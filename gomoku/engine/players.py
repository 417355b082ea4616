"""The one registry of named players: the engine's levels, weakest first, then
the classic strategies of the small games. Each has a name, one description
(what the CLI's help and the app's new-game dialog say), the rules it plays,
and what makes its moves: a search limit for a level, a strategy for a classic
player. ``Engine(name)`` plays any of them.

``greedy`` weighs cells by the default table (seed 002's); ``greedy:NAME`` is the same
player with the weight table NAME (``gomoku.attacks.weights.named_table``:
``tuned``, or a JSON file). A searching level with a learned evaluation is
``LEVEL:NET`` (``strong:r1``: ``gomoku.search.nets``, a shipped network's
name or a ``.npz`` file). These variants are found by name but not listed,
so every listing stays the registry's own.

>>> players_for(Rules.preset("tictactoe"))
('greedy', 'easy', 'normal', 'strong', 'max', 'perfect', 'table', 'script', 'magic', 'minimax', 'alphabeta', 'random')
>>> players_for(Rules.parse("size=7x6,k=4,gravity"))
('easy', 'normal', 'strong', 'max', 'minimax', 'alphabeta', 'random')
>>> describe("table")
'the 3x3 move table'
>>> check_player("greedy:tuned").weights, "greedy:tuned" in PLAYERS, "greedy:tuned" in list(PLAYERS)
('tuned', True, False)
>>> check_player("strong:classic").evaluation, split_level("normal:classic"), split_level("max")
('classic', ('normal', 'classic'), ('max', None))
>>> check_player("perfect", Rules())
Traceback (most recent call last):
...
ValueError: the perfect player does not play freestyle (players here: greedy, easy, normal, strong, max)
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from gomoku.attacks.weights import WeightTable, named_table
from gomoku.board import Board, GameOverError, Point, Rules
from gomoku.classic import strategies
from gomoku.classic.strategies import Choice, Strategy
from gomoku.search.nets import NetError, load_net
from gomoku.search.types import Limit

__all__ = [
    "Player",
    "PLAYERS",
    "LEVELS",
    "CLASSIC",
    "DEFAULT_LEVEL",
    "players_for",
    "check_player",
    "describe",
    "listing",
    "classic_choice",
    "classic_move",
    "greedy_table",
    "split_level",
    "SEARCHING",
]


def _any_rules(rules: Rules) -> bool:
    return True


def _no_gravity(rules: Rules) -> bool:
    # The attack scanner offers only playable cells under gravity, but it weighs the lines
    # through them as if every cell of a line could be played now: it does not see that a
    # threat must wait for the column under it, so it does not play gravity games.
    return not rules.gravity


@dataclass(frozen=True)
class Player:
    """A named player: what it is, which rules it plays, and what makes its moves.

    An engine level has a search ``limit`` (the engine searches); a classic
    player has a ``strategy`` (quick: it needs no clock). ``weights`` names the
    weight table of a greedy player other than the default (``greedy:NAME``).
    """

    name: str
    description: str
    plays: Callable[[Rules], bool]
    limit: Limit | None = None
    strategy: Strategy | None = None
    weights: str | None = None
    evaluation: str | None = None

    @property
    def classic(self) -> bool:
        """Whether a classic strategy makes the moves (not the engine's search)."""
        return self.strategy is not None


GREEDY_PREFIX = "greedy:"
SEARCHING = ("easy", "normal", "strong", "max")
"""The levels that search, and so have an evaluation to choose (``LEVEL:NET``)."""


class _Registry(dict[str, Player]):
    """The players by name; ``greedy:NAME`` is found too (made on demand, not
    listed): the greedy player with the weight table NAME."""

    def _variant(self, name: object) -> Player | None:
        if not isinstance(name, str) or ":" not in name:
            return None
        base, _, rest = name.partition(":")
        if not rest:
            return None
        if base == "greedy":
            return replace(
                dict.__getitem__(self, "greedy"),
                name=name,
                weights=rest,
                description=f"the greedy move by the weight table {rest!r}",
            )
        if base in SEARCHING:
            player = dict.__getitem__(self, base)
            return replace(
                player, name=name, evaluation=rest, description=f"{player.description}; the evaluation {rest!r}"
            )
        return None

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self, name) or self._variant(name) is not None

    def __missing__(self, name: str) -> Player:
        player = self._variant(name)
        if player is None:
            raise KeyError(name)
        return player

    def get(self, name: str, default: Player | None = None) -> Player | None:  # type: ignore[override]  # names only
        return self[name] if name in self else default


PLAYERS: dict[str, Player] = _Registry(
    {
        player.name: player
        for player in (
            Player(
                "greedy",
                "the attack scanner's greedy move: the cell of greatest weight, no search",
                _no_gravity,
                limit=Limit(depth=1),
            ),
            Player(
                "easy",
                "alpha-beta 2 plies deep, at most 0.3 s, then a move near the best at random: beatable",
                _any_rules,
                limit=Limit(depth=2, time=0.3),
            ),
            Player(
                "normal",
                "alpha-beta 4 plies deep, at most 0.3 s, with VCF and the defence against VCTs",
                _any_rules,
                limit=Limit(depth=4, time=0.3),
            ),
            Player(
                "strong",
                "alpha-beta as deep as 1 s allows (or the time given), with VCF and VCT",
                _any_rules,
                limit=Limit(time=1.0),
            ),
            Player(
                "max",
                "alpha-beta with VCF and VCT, for all the time it is given (5 s when none is)",
                _any_rules,
                limit=Limit(time=5.0),
            ),
            Player(
                "perfect",
                "exact play by a complete search (up to 16 cells, or 27 with three in a row)",
                strategies.solvable,
                strategy=strategies.perfect,
            ),
            Player("table", "the 3x3 move table", strategies.tictactoe, strategy=strategies.table),
            Player(
                "script",
                "the scripted rules: win, block, else the script's square (3x3)",
                strategies.tictactoe,
                strategy=strategies.script,
            ),
            Player(
                "magic",
                "wins and blocks by the magic square's sums (3x3, 3x3x3)",
                strategies.magic_square,
                strategy=strategies.magic,
            ),
            Player(
                "minimax",
                "minimax 2 plies deep, scoring open lines, random among equal moves",
                strategies.small,
                strategy=strategies.minimax,
            ),
            Player(
                "alphabeta",
                "alpha-beta 2 plies deep, threats weighted by their stones",
                strategies.small,
                strategy=strategies.alphabeta,
            ),
            Player("random", "a random legal move", strategies.small, strategy=strategies.random_move),
        )
    }
)
"""Every named player, in the order the CLI's help and the app list them (and,
found by name only, the greedy player's variants ``greedy:NAME``)."""

LEVELS: dict[str, Limit] = {name: p.limit for name, p in PLAYERS.items() if p.limit is not None}
"""The engine's levels, weakest first, each a search limit.

``easy`` looks for no VCT at the root, neither its own nor the opponent's;
``normal`` takes away the opponent's but looks for none of its own; ``strong``
and ``max`` look for both. A time given to a hint replaces the time of
``strong`` and ``max``; ``easy`` and ``normal`` keep their own when it is
shorter (and their depth).
"""

CLASSIC: tuple[str, ...] = tuple(name for name, p in PLAYERS.items() if p.classic)
"""The classic players, in the registry's order."""

DEFAULT_LEVEL = "strong"
"""The player of a hint, a brain and the app when none is named."""


def players_for(rules: Rules) -> tuple[str, ...]:
    """The names of the players that play ``rules``, in the registry's order.

    >>> players_for(Rules.preset("qubic"))[-3:]
    ('minimax', 'alphabeta', 'random')
    """
    return tuple(name for name, player in PLAYERS.items() if player.plays(rules))


def check_player(name: str, rules: Rules | None = None) -> Player:
    """The player ``name``, if it plays ``rules`` (any, when None); else a one-line
    ValueError naming the players there are, or those that play these rules."""
    player = PLAYERS.get(name)
    if player is None:
        raise ValueError(f"unknown player {name!r}: choose one of {', '.join(PLAYERS)}")
    if rules is not None and not player.plays(rules):
        fits = ", ".join(players_for(rules)) or "none"
        raise ValueError(f"the {name} player does not play {rules.describe()} (players here: {fits})")
    greedy_table(name)  # a greedy variant's table is read and checked now: a bad one is a one-line error
    if player.evaluation is not None:
        try:
            load_net(player.evaluation)  # so is a level's network
        except NetError as exc:
            raise ValueError(str(exc)) from None
    return player


def split_level(name: str) -> tuple[str, str | None]:
    """A level's name without its evaluation (``strong:r1`` -> ``strong``), and
    the evaluation (None when the name has none)."""
    player = PLAYERS.get(name)
    if player is None or player.evaluation is None:
        return name, None
    return name.partition(":")[0], player.evaluation


def greedy_table(name: str) -> WeightTable | None:
    """The weight table of the greedy player ``name`` (``greedy:NAME``), read and
    checked once; None for ``greedy`` (the scanner's default table) and for any other player.

    >>> greedy_table("greedy"), greedy_table("strong"), greedy_table("greedy:tuned").name
    (None, None, 'tuned')
    """
    player = PLAYERS.get(name)
    if player is None or player.weights is None:
        return None
    return named_table(player.weights)


def describe(name: str) -> str:
    """What the player ``name`` is, in a line (ValueError for an unknown name).

    >>> describe("normal")
    'alpha-beta 4 plies deep, at most 0.3 s, with VCF and the defence against VCTs'
    """
    return check_player(name).description


def listing(names: Iterable[str] | None = None, width: int = 79) -> str:
    """The players ``names`` (every one when None), a line or two each: the name, then what it is.

    >>> print(listing(["greedy", "table"]))
      greedy  the attack scanner's greedy move: the cell of greatest weight, no
              search
      table   the 3x3 move table
    """
    chosen = list(PLAYERS if names is None else names)
    column = max(len(name) for name in chosen) + 4
    return "\n".join(
        textwrap.fill(
            describe(name),
            width,
            initial_indent=f"  {name}".ljust(column),
            subsequent_indent=" " * column,
            break_on_hyphens=False,
        )
        for name in chosen
    )


def classic_choice(name: str, board: Board, rng: random.Random | None = None) -> Choice:
    """The move of the classic player ``name`` on ``board``, and its score of it.

    A ValueError when ``name`` is an engine level (``Engine.hint`` plays those)
    or does not play the board's rules; a GameOverError when the game is over.

    >>> classic_choice("perfect", Board(Rules.preset("cube3")))
    Choice(move=(1, 1, 1), score=21.0, forced_win=True)
    """
    player = check_player(name, board.rules)
    if player.strategy is None:
        raise ValueError(f"{name} is one of the engine's levels, not a classic player: the engine's hint plays it")
    if board.is_over:
        raise GameOverError(f"the game is over ({board.result}); no move to choose")
    return player.strategy(board, rng)


def classic_move(name: str, board: Board, rng: random.Random | None = None) -> Point:
    """The move of the classic player ``name`` (as ``classic_choice``).

    >>> classic_move("script", Board(Rules.preset("tictactoe")))
    (1, 1)
    """
    return classic_choice(name, board, rng).move
