"""The position a manager describes, as a board: the rules of START/RECTSTART under
INFO ``rule``, the stones of a BOARD/YXBOARD block, the points and moves on it.

``rules_for`` makes the board's rules from its size and the rule bits;
``unplayed_rule`` names the bits this brain does not play (``PLAYED_RULES``)
and ``rule_refusal`` is the ERROR for them (and for renju and caro at once). ``read_board`` reads a BOARD
block's lines (``x,y,field``: 1 own, 2 opponent, 3 wall) into a board with us
to move, and its walls; ``replayed`` is a position under new rules (INFO
``rule`` changed mid-game). ``point_on`` reads a command's point on the board,
``place`` puts a side's stone there (TURN, PLAY: a side may move twice after a
TAKEBACK), ``take_back`` undoes a stone (TAKEBACK), ``is_legal`` and ``fallback_move``
check the engine's move or stand in for it (never on a cell forbidden to black under
renju when black is to move), ``forbid_line`` is YXSHOWFORBID's answer. What cannot be done raises the
protocol's ``ProtocolError`` (``replayed``: the board's ``BoardError``).

>>> board, walls = read_board(["9,9,2", "10,10,1", "9,10,2", "0,0,3"], rules_for(20, 20, 0))
>>> board.move_stack, walls
([(9, 9), (10, 10), (9, 10)], {(0, 0)})
>>> read_board(["9,9,1", "9,9,2"], rules_for(20, 20, 0))
Traceback (most recent call last):
...
gomoku.protocol.streams.ProtocolError: BOARD line 2: 9,9 appears twice
"""

from __future__ import annotations

from gomoku.board import Board, BoardError, Point, Rules, Stone, forbidden_points, format_point
from gomoku.protocol.streams import ProtocolError, parse_coords

__all__ = [
    "PLAYED_RULES",
    "RULE_NAMES",
    "rules_for",
    "unplayed_rule",
    "rule_refusal",
    "read_board",
    "replayed",
    "point_on",
    "is_legal",
    "place",
    "take_back",
    "fallback_move",
    "forbidden_cells",
    "forbid_line",
]

PLAYED_RULES = 1 | 2 | 4 | 8
"""The INFO ``rule`` bits this brain plays: 1 exactly five (an overline does not win),
2 continuous game (BOARD's field 3, the stones of a finished line, are walls), 4 renju
(black wins with exactly five and has forbidden points; bit 1 adds nothing to it) and
8 caro (a run blocked at both ends does not win; with bit 1, exactly five); 0 is five
or more. Any other bit is refused, and so are 4 and 8 together."""

RULE_NAMES = {1: "exactly five", 2: "continuous game", 4: "renju", 8: "caro"}
"""The rule bits the protocol names."""


def rules_for(width: int, height: int, rule: int) -> Rules:
    """The board of a START/RECTSTART under INFO ``rule`` (bit 1 exactly five, 4 renju,
    8 caro; the other bits say nothing of the board).

    >>> rules_for(15, 15, 4).renju, rules_for(15, 15, 4 | 2).describe(), rules_for(20, 20, 8 | 1).describe()
    (True, 'renju', 'size=20x20,k=5,exact,caro')
    """
    exact = bool(rule & 1)
    bounds = ((0, 0), (width - 1, height - 1))
    shape = f"{width}" + (f"x{height}" if height != width else "")
    if rule & 4:
        return Rules(bounds=bounds, renju=True, name=f"renju{shape}")
    name = f"{'standard' if exact else 'freestyle'}{shape}"
    if rule & 8:
        name = f"caro{'-exact' if exact else ''}{shape}"
    return Rules(overline=not exact, bounds=bounds, name=name, caro=bool(rule & 8))


def unplayed_rule(rule: int) -> str | None:
    """What of INFO ``rule`` this brain does not play, in words; None if it plays it all.

    >>> unplayed_rule(4), unplayed_rule(1 | 2 | 8), unplayed_rule(4 | 8 | 16 | 32)
    (None, None, 'renju and caro together, rule bit 16, rule bit 32')
    """
    if rule & 4 and rule & 8:
        rest = unplayed_rule(rule & ~(4 | 8))
        return "renju and caro together" + (f", {rest}" if rest else "")
    bits = [1 << n for n in range(rule.bit_length()) if rule & (1 << n) & ~PLAYED_RULES]
    return ", ".join(f"rule bit {bit}" for bit in bits) or None


def rule_refusal(rule: int, current: int) -> str | None:
    """The ERROR's text for INFO ``rule`` if this brain does not play it (``current``: the
    rule that stays); None if it plays it.

    >>> rule_refusal(1 | 2, 0) is None
    True
    >>> rule_refusal(16, 1)
    'INFO rule 16 refused: rule bit 16 is not played here (this brain plays 0 five or more,
     1 exactly five, 2 continuous game, 4 renju, 8 caro); the rule stays 1'
    """
    unplayed = unplayed_rule(rule)
    if unplayed is None:
        return None
    played = ", ".join(f"{bit} {name}" for bit, name in RULE_NAMES.items())
    return (
        f"INFO rule {rule} refused: {unplayed} is not played here (this brain plays "
        f"0 five or more, {played}); the rule stays {current}"
    )


def read_board(lines: list[str], rules: Rules, command: str = "BOARD") -> tuple[Board, set[Point]]:
    """The position of a BOARD/YXBOARD block's ``lines`` (without DONE) under ``rules``,
    with us to move, and its walls (field 3); ``ProtocolError`` (naming ``command``) if it
    cannot be played. The stones are taken as they stand: under renju a black stone given
    on a cell that would be forbidden to play is accepted (only the moves from the
    position are judged), but a five already made is refused."""
    own: list[Point] = []
    opponent: list[Point] = []
    walls: set[Point] = set()
    seen: set[Point] = set()
    fields: list[int] = []
    for number, text in enumerate(lines, 1):
        try:
            x, y, field = parse_coords(text, 3)
        except ProtocolError as exc:
            raise ProtocolError(f"{command} line {number}: {exc}") from None
        point = (x, y)
        if not rules.contains(point):
            raise ProtocolError(f"{command} line {number}: {x},{y} is outside the board")
        if point in seen:
            raise ProtocolError(f"{command} line {number}: {x},{y} appears twice")
        if field not in (1, 2, 3):
            raise ProtocolError(f"{command} line {number}: field {field}; expected 1 (own), 2 (opponent) or 3 (wall)")
        seen.add(point)
        fields.append(field)
        if field == 3:
            walls.add(point)
        else:
            (own if field == 1 else opponent).append(point)
    board = Board(rules)
    if len(own) == len(opponent) or len(opponent) == len(own) + 1:
        # An alternation explains the counts: replay it, so TAKEBACK works.
        first, second = (own, opponent) if len(own) == len(opponent) else (opponent, own)
        for i in range(len(second)):
            board.push(first[i])
            board.push(second[i])
        if len(first) > len(second):
            board.push(first[-1])
    else:
        # No alternation fits (an unusual opening): set the stones up with us to move.
        # As Rapfi does: we are X (black) if the first stone listed is ours.
        first_field = next(f for f in fields if f != 3)
        we_are_x = first_field == 1
        ours = Stone.X if we_are_x else Stone.O
        stones = {p: ours for p in own}
        stones.update({p: ours.other for p in opponent})
        try:
            board.set_up(stones, ours)
        except ValueError as exc:
            raise ProtocolError(f"{command}: {exc}") from None
    if board.winner is not None:
        raise ProtocolError(
            f"{command}: the position is already won by {'us' if board.winner is board.turn else 'the opponent'}"
        )
    return board, walls


def replayed(old: Board, rules: Rules) -> Board:
    """``old``'s position (its set-up and its moves) under ``rules``; ``BoardError`` (or
    ``ValueError``) if it cannot stand under them, or if the game would be over there and
    is not in ``old``."""
    board = Board(rules)
    if old.setup:
        # The side to move right after the set-up: every move since flips it.
        first = old.turn if len(old.move_stack) % 2 == 0 else old.turn.other
        board.set_up(old.setup, first)
    for point in old.move_stack:
        board.push(point)
    if board.is_over and not old.is_over:
        raise BoardError(f"the game would be over ({board.result})")
    return board


def point_on(rules: Rules, arg: str, command: str, size: tuple[int, int]) -> Point:
    """The point a command names (``x,y``), on the board of ``rules`` (``size`` wide and high)."""
    point = parse_coords(arg)
    if not rules.contains(point):
        width, height = size
        raise ProtocolError(f"{command} {format_point(point)} is outside the board (0..{width - 1}, 0..{height - 1})")
    return point


def is_legal(board: Board, walls: set[Point], move: Point) -> bool:
    """Whether ``move`` is an empty cell of the board, not a wall, and not forbidden to
    black when black is to move under renju."""
    if move in board.stones or move in walls or not board.rules.contains(move):
        return False
    return not (board.rules.renju and board.turn is Stone.X and move in forbidden_cells(board, walls, [move]))


def forbidden_cells(board: Board, walls: set[Point], cells: list[Point] | None = None) -> list[Point]:
    """The cells forbidden to black under renju, sorted (of ``cells``, or of the whole
    board): a wall stands in a line as a white stone does, and holds no move itself."""
    if not board.rules.renju:
        return []
    stones = dict(board.stones)
    stones.update({wall: Stone.O for wall in walls})
    return forbidden_points(stones, board.rules, cells)


def forbid_line(board: Board, walls: set[Point]) -> str:
    """YXSHOWFORBID's answer: ``FORBID``, each cell forbidden to black as four digits
    ``xxyy`` (more where a coordinate needs them), and a final ``.``.

    >>> board = Board(rules_for(15, 15, 4), moves=[(6, 7), (0, 0), (8, 7), (0, 2), (7, 6), (0, 4), (7, 8), (0, 6)])
    >>> forbid_line(board, set()), forbid_line(board, {(9, 7)}), forbid_line(Board(rules_for(15, 15, 0)), set())
    ('FORBID 0707.', 'FORBID .', 'FORBID .')
    """
    cells = forbidden_cells(board, walls)
    return "FORBID " + "".join(f"{x:02d}{y:02d}" for x, y in cells) + "."


def place(board: Board, point: Point, stone: Stone, earlier: list[Board]) -> Board:
    """``stone`` at ``point``, the other side to move next; the board now played on.

    When it is ``stone``'s turn, the move is pushed on ``board``. Otherwise a side
    moves twice (the manager took back one side's move, then sent that side's
    opponent's): a new board holds the stones as set-up stones with ``point``
    pushed, and ``board`` goes on ``earlier``, for ``take_back`` to go back to.

    >>> rules = rules_for(9, 9, 0)
    >>> board, earlier = Board(rules), []
    >>> board.push((4, 4))  # X's move
    >>> board = place(board, (0, 0), Stone.X, earlier)  # X again, twice in a row
    >>> board.stones[(0, 0)], board.turn, len(earlier)
    (<Stone.X: 1>, <Stone.O: 2>, 1)
    >>> board = take_back(board, set(), (0, 0), earlier)
    >>> board = take_back(board, set(), (4, 4), earlier)
    >>> board.stones, earlier
    ({}, [])
    """
    if board.turn is stone:
        board.push(point)
        return board
    fresh = Board(board.rules)
    fresh.set_up(dict(board.stones), stone)
    fresh.push(point)
    earlier.append(board)
    return fresh


def take_back(board: Board, walls: set[Point], point: Point, earlier: list[Board]) -> Board:
    """TAKEBACK ``point``: the wall there goes, or the last move if it was there (a
    board ``place`` set up anew, taken back to its set-up, gives way to the one of
    ``earlier`` it was made from); any other stone cannot be taken back
    (``ProtocolError``). The board now played on."""
    if point in walls:
        walls.discard(point)
    elif board.move_stack and board.move_stack[-1] == point:
        board.pop()
        if not board.move_stack and earlier:
            return earlier.pop()
    elif point in board.stones:
        raise ProtocolError(f"TAKEBACK {format_point(point)}: only the last move can be taken back")
    else:
        raise ProtocolError(f"TAKEBACK {format_point(point)}: there is no stone there")
    return board


def fallback_move(
    board: Board, walls: set[Point], size: tuple[int, int], avoid: set[Point] | frozenset[Point] = frozenset()
) -> Point:
    """A legal move near the stones (or anywhere on the board, ``size`` wide and high),
    not one of ``avoid`` (YXBLOCK's cells) while another is left."""
    for point in board.candidates():
        if point not in avoid and is_legal(board, walls, point):
            return point
    width, height = size
    cells = [(x, y) for y in range(height) for x in range(width)]
    for point in [p for p in cells if p not in avoid] + [p for p in cells if p in avoid]:
        if is_legal(board, walls, point):
            return point
    raise ProtocolError("no empty cell left to play")
