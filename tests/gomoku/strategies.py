"""Hypothesis strategies for boards and games, for any test that wants random positions.

Import them as ``from strategies import games`` from a test in ``tests/gomoku``
(pytest puts that folder on the path), e.g. ``@given(games(rule_sets()))``.
"""

from __future__ import annotations

from hypothesis import strategies as st

from gomoku.board import Board, Point, Rules

FAR = 10**15
"""Coordinates as far out as the board promises to handle."""


def offsets(dims: int = 2, far: bool = True) -> st.SearchStrategy[Point]:
    """A translation: small, negative, or very far out."""
    coordinate = st.one_of(
        st.integers(-8, 8),
        st.integers(-FAR, FAR) if far else st.integers(-1000, 1000),
    )
    return st.tuples(*[coordinate] * dims)


def rule_sets(bounded: bool | None = None) -> st.SearchStrategy[Rules]:
    """2-D rules: freestyle or exact five, endless or on a small bounded board."""
    endless = st.builds(Rules, overline=st.booleans(), k=st.sampled_from([3, 4, 5]))
    boxed = st.builds(
        lambda size, overline, k, low: Rules(
            k=k, overline=overline, bounds=(low, (low[0] + size - 1, low[1] + size - 1)), name="boxed"
        ),
        st.integers(3, 9),
        st.booleans(),
        st.sampled_from([3, 4, 5]),
        st.tuples(st.integers(-5, 5), st.integers(-5, 5)),
    )
    if bounded is None:
        return st.one_of(endless, boxed)
    return boxed if bounded else endless


@st.composite
def move_lists(
    draw: st.DrawFn,
    rules: Rules | None = None,
    max_moves: int = 40,
    span: int = 7,
    offset: Point | None = None,
) -> list[Point]:
    """Distinct points of a small region (``span`` wide, at ``offset``), in a
    random order, usable as a game's moves before any legality check."""
    rules = rules or Rules()
    if rules.bounds is not None:
        low, high = rules.bounds
        ranges = [st.integers(a, b) for a, b in zip(low, high)]
    else:
        origin = offset if offset is not None else (0,) * rules.dims
        ranges = [st.integers(o, o + span - 1) for o in origin]
    return draw(st.lists(st.tuples(*ranges), unique=True, max_size=max_moves))


@st.composite
def games(
    draw: st.DrawFn,
    rules: st.SearchStrategy[Rules] | Rules | None = None,
    max_moves: int = 40,
    span: int = 7,
    far: bool = False,
) -> Board:
    """A legal game: moves in a small region, played until they run out or the
    game ends (moves after the end are dropped)."""
    if isinstance(rules, st.SearchStrategy):
        rules = draw(rules)
    rules = rules or Rules()
    offset = draw(offsets(rules.dims, far=far)) if rules.bounds is None else None
    board = Board(rules)
    for move in draw(move_lists(rules, max_moves, span, offset)):
        if board.is_over:
            break
        board.play(move)
    return board


@st.composite
def candidate_games(draw: st.DrawFn, max_moves: int = 30, rules: Rules | None = None) -> Board:
    """A game in progress, each move a random candidate cell (next to a stone) that the rules allow."""
    board = Board(rules or Rules())
    n = draw(st.integers(0, max_moves))
    for _ in range(n):
        cells = [p for p in board.candidates(1) if board.rules.contains(p)]
        if board.is_over or not cells:
            break
        board.play(cells[draw(st.integers(0, len(cells) - 1))])
    return board
