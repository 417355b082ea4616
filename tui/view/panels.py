"""The side panel's texts: the cell breakdown, the hint, the overlay's legend
(and the hint on one line, for the summary under the board).

Each is a pure function from plain data to a ``rich.text.Text``, so it is
checked without an app; the widgets only show what these return.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.text import Text

from gomoku.attacks import words
from gomoku.board import Point, format_point
from gomoku.engine.chance import describe, is_proven, win_chance
from gomoku.engine.engine import SCORED
from gomoku.engine.players import PLAYERS
from gomoku.search.types import LIKELY, WIN
from tui.view.frame import CELL_WIDTH, HEAT_COLOURS

__all__ = [
    "reviewed_text",
    "DIRECTION_NAMES",
    "AXES",
    "direction_name",
    "breakdown_text",
    "pv_text",
    "score_words",
    "chance_label",
    "chance_words",
    "x_chance",
    "search_scored",
    "hint_score",
    "forcing_text",
    "forcing_line_text",
    "hint_text",
    "hint_line",
    "thinking_text",
    "legend_text",
    "analysis_text",
    "analysis_line",
]

DIRECTION_NAMES = {(1, 0): "─ row", (0, 1): "│ column", (1, 1): "╲ diagonal", (1, -1): "╱ diagonal"}
"""How a line's direction is shown (y grows downwards on screen)."""

AXES = "xyzwvu"


def direction_name(direction: tuple[int, ...], flipped: bool = False) -> str:
    """How the breakdown names a line's direction: as drawn on a flat board (whose y
    runs up the screen when ``flipped``, under gravity), else by the axes it runs
    along (z runs through the layers of a 3-D board).

    >>> direction_name((1, -1)), direction_name((1, -1), flipped=True)
    ('╱ diagonal', '╲ diagonal')
    >>> direction_name((0, 0, 1)), direction_name((1, 0, -1))
    ('z axis', 'diagonal x -z')
    """
    if direction in DIRECTION_NAMES:
        if flipped:  # y runs up the screen: the two diagonals swap their looks
            direction = {(1, 1): (1, -1), (1, -1): (1, 1)}.get(direction, direction)
        return DIRECTION_NAMES[direction]
    parts = [("-" if c < 0 else "") + axis for c, axis in zip(direction, AXES) if c]
    if len(parts) == 1:
        return f"{parts[0]} axis"
    return "diagonal " + " ".join(parts)


def breakdown_text(data: dict[str, Any], flipped: bool = False, k: int = 5) -> Text:
    """A cell's explanation (``explain(...).to_dict()``) in words, as the side panel shows
    it (``gomoku.attacks.words``): the cell weight, the notation's legend, then for X
    and O each line's room and threat with its attacks, and the bonuses (``flipped``:
    on a board drawn with y up the screen, see ``direction_name``; ``k``: the win length).

    >>> data = {"point": [3, -1], "to_move": "X", "weight": 7.875, "stones": {
    ...     "X": {"weight": 7.625, "fork_bonus": 0, "finish_bonus": 0, "lines": [
    ...         {"direction": [1, 0], "attackplace": 11, "breakpoint": True, "five": False,
    ...          "attacks": [{"power": 3, "potential": 2, "divider": 1, "central": True, "weight": 7.0},
    ...                      {"power": 1, "potential": 2, "divider": 2, "central": False, "weight": 0.125}]}]},
    ...     "O": {"weight": 0.25, "fork_bonus": 0, "finish_bonus": 0, "lines": []}}}
    >>> print(breakdown_text(data).plain)
    Cell 3,-1 · X to move · weight 7.9
    [stones:open ends/1+gap], weight
    <BLANKLINE>
    X (to move) 7.6
    ─ row: room 11
      breakpoint: open three
      open three [3:2], 7
      open one past 1 gap [1:2/2], 0.12
    <BLANKLINE>
    O 0.25
    """
    text = Text()
    point = data.get("point", [])
    to_move = data.get("to_move", "?")
    text.append(f"Cell {','.join(str(c) for c in point)} · {to_move} to move · ", "bold")
    text.append(f"weight {words.format_weight(float(data.get('weight', 0)))}\n", "bold yellow")
    text.append(words.LEGEND + "\n", "dim")
    for name in ("X", "O"):
        stone = data.get("stones", {}).get(name)
        if stone is None:
            continue
        colour = "#ffb454" if name == "X" else "#7fd7ff"
        text.append(f"\n{words.stone_words(name, stone, name == to_move)}\n", f"bold {colour}")
        for line in stone.get("lines", []):
            label = direction_name(tuple(line.get("direction", ())), flipped)
            text.append(f"{label}: {words.room_words(line, k)}\n")
            threat = words.threat_words(line, k) if line.get("attacks") else None
            if threat:  # on a line of its own: the panel is narrow
                text.append(f"  {threat}\n", "bold green" if line.get("five") else "bold red")
            for attack in line.get("attacks", []):
                text.append(f"  {words.attack_words(attack, k)}\n")
        for bonus in words.bonus_words(stone, k):
            text.append(f"{bonus}\n", "bold magenta")
    text.rstrip()
    return text


def pv_text(pv: Iterable[Point], limit: int = 8) -> str:
    """A principal variation as a move string, cut after ``limit`` moves.

    >>> pv_text([(1, 2), (3, -4)])
    '1,2 3,-4'
    >>> pv_text([(0, 0)] * 10, limit=2)
    '0,0 0,0 …'
    """
    moves = list(pv)
    text = " ".join(format_point(p) for p in moves[:limit])
    return text + (" …" if len(moves) > limit else "")


def score_words(score: float) -> str:
    """A search's score for people, with its scale: a proven result as the win chance's
    module says it (``win in 7``: plies, the five included), a likely one in words,
    else the score and the side to move's chance (``gomoku.engine.chance``).

    >>> score_words(999_993), score_words(-999_991), score_words(-980_000)
    ('win in 7', 'loss in 9', 'likely loss')
    >>> score_words(0.0).startswith("+0.0 (") and score_words(0.0).endswith("%)")
    True
    """
    if is_proven(score):
        return describe(score)
    if abs(score) >= LIKELY:
        return f"likely {'win' if score > 0 else 'loss'}"
    return f"{score:+.1f} ({describe(score)})"


def chance_label(score: float) -> str:
    """A search's score in three characters, for a cell of the board: the chance in
    percent, ``W7``/``L9`` for a win or loss proven in so many plies, ``W?``/``L?`` for
    a likely one.

    >>> chance_label(999_993), chance_label(-999_991), chance_label(980_000), chance_label(-(WIN - 150))
    ('W7', 'L9', 'W?', 'L++')
    """
    if is_proven(score):
        plies = int(round(WIN - abs(score)))
        return ("W" if score > 0 else "L") + (str(plies) if plies < 100 else "++")
    if abs(score) >= LIKELY:
        return "W?" if score > 0 else "L?"
    return describe(score)


def x_chance(score: float, turn: str) -> float:
    """X's chance (0..1) from a score of the side to move (``turn``, "X" or "O").

    >>> x_chance(999_993, "O"), x_chance(-999_991, "O")
    (0.0, 1.0)
    """
    chance = win_chance(score)
    return chance if turn == "X" else 1.0 - chance


def search_scored(hint: Any) -> bool:
    """Whether a hint's score is on the search's scale (``gomoku.engine.engine.SCORED``:
    the engine's levels but ``greedy``, whose score is a cell weight, and ``perfect``,
    whose is exact; not the other classic players). A level no registry knows (a
    test's fake engine) is taken for a search; an external program's move is not,
    unless its messages gave our search's score (``scored``).

    >>> from types import SimpleNamespace
    >>> [search_scored(SimpleNamespace(level=name)) for name in ("strong", "perfect", "greedy", "minimax")]
    [True, True, False, False]
    """
    if getattr(hint, "scored", True) is False:  # an external program's move: its scale is its own
        return False
    level = getattr(hint, "level", "")
    return level in SCORED or level not in PLAYERS


def hint_score(hint: Any) -> str:
    """A hint's score as the panel says it: with its chance for the search's levels, as
    a cell weight for ``greedy``; nothing for the classic players (their note says it)."""
    if search_scored(hint):
        return (
            score_words(hint.score)
            if is_proven(hint.score) or abs(hint.score) >= LIKELY
            else f"score {score_words(hint.score)}"
        )
    if getattr(hint, "level", "") == "greedy":
        return f"cell weight {words.format_weight(float(hint.score), exact=True)}"
    return ""


def _hint_head(hint: Any, to_move: str, gap: str) -> Text:
    """``Hint for X: 3,-2``, and ``forced win!`` after ``gap`` when it is one."""
    text = Text()
    text.append(f"Hint for {to_move}: ", "bold")
    text.append(format_point(hint.move), "bold #ff7ef2")
    if hint.forced_win:
        text.append(f"{gap}forced win!", "bold green")
    return text


def forcing_text(line: Any, step: int | None, to_move: str) -> Text:
    """A forcing line (``tui.services.ForcingLine``) as the hint panel says it: whose
    win it is and how (VCF, VCT), its moves, and the keys that step through it
    (``step`` of them shown on the board, None when not stepping).

    >>> from types import SimpleNamespace
    >>> from gomoku.board import Stone
    >>> line = SimpleNamespace(moves=((1, 0), (5, 5), (2, 0)), attacker=Stone.O, kind="vct", threat=True)
    >>> print(forcing_text(line, None, "X").plain)
    O threatens a VCT in 2 moves: 1,0 5,5 2,0
    , . step through it
    >>> print(forcing_text(line, 2, "X").plain)
    O threatens a VCT in 2 moves: 1,0 5,5 2,0
    move 2 of 3: 5,5 (X) · , . step · Esc leaves
    """
    text = Text()
    moves = tuple(line.moves)
    attacks = (len(moves) + 1) // 2
    how = {"vcf": "a VCF", "vct": "a VCT"}.get(line.kind, "a forced win")
    name = line.attacker.name
    if line.threat:
        text.append(f"{name} threatens {how} in {attacks} moves: ", "bold #ff6b6b")
    else:
        text.append(f"{name} wins by {how} in {attacks} moves: ", "bold green")
    text.append(pv_text(moves, limit=12))
    if step is None or step == 0:
        text.append("\n, . step through it", "dim")
    else:
        mover = line.attacker if step % 2 else line.attacker.other
        text.append(f"\nmove {step} of {len(moves)}: {format_point(moves[step - 1])} ({mover.name})", "bold")
        text.append(" · , . step · Esc leaves", "dim")
    return text


def hint_text(hint: Any, to_move: str, note: str = "", forcing: Any | None = None, step: int | None = None) -> Text:
    """A hint (``Hint``: move, score, pv, depth, nodes, time, forced_win) for the panel,
    its score with its chance, with a ``note`` line under it (the perfect player's solved
    value) and the ``forcing`` line to step through, if there is one."""
    text = _hint_head(hint, to_move, "  ")
    score = hint_score(hint)
    text.append(f"\n{score + '  ' if score else ''}depth {hint.depth}\n")
    text.append(f"nodes {hint.nodes:,}  time {hint.time:.2f} s\n")
    text.append(f"PV {pv_text(hint.pv)}")
    if note:
        text.append(f"\n{note}", "bold")
    if forcing is not None:
        text.append("\n")
        text.append(forcing_text(forcing, step, to_move))
    return text


def hint_line(hint: Any, to_move: str, note: str = "", forcing: Any | None = None) -> Text:
    """The hint on one line, for the summary under the board when the side panel
    is hidden: the move, its score, the depth, its forcing line or the opponent's
    threat (and the key that steps through it), and the line (cut at the screen's edge).

    >>> from types import SimpleNamespace
    >>> from gomoku.board import Stone
    >>> hint = SimpleNamespace(move=(3, -2), score=999_993, pv=[(3, -2), (4, -3)], depth=4, forced_win=False)
    >>> print(hint_line(hint, "X", "solved: a draw").plain)
    Hint for X: 3,-2 · win in 7 · depth 4 · solved: a draw · PV 3,-2 4,-3
    >>> threat = SimpleNamespace(moves=((1, 0), (5, 5), (2, 0)), attacker=Stone.O, kind="vcf", threat=True)
    >>> print(hint_line(hint, "X", forcing=threat).plain)
    Hint for X: 3,-2 · win in 7 · depth 4 · O threatens a VCF (. steps) · PV 3,-2 4,-3
    """
    text = _hint_head(hint, to_move, " ")
    score = hint_score(hint)
    text.append(f"{' · ' + score if score else ''} · depth {hint.depth}")
    if note:
        text.append(f" · {note}", "bold")
    if forcing is not None:
        how = {"vcf": "a VCF", "vct": "a VCT"}.get(forcing.kind, "a forced win")
        said = f"{forcing.attacker.name} {'threatens' if forcing.threat else 'wins by'} {how} (. steps)"
        text.append(f" · {said}", "bold #ff6b6b" if forcing.threat else "bold green")
    text.append(f" · PV {pv_text(hint.pv)}")
    return text


def forcing_line_text(line: Any, step: int) -> Text:
    """A forcing line being stepped through, on one line (the summary under the board).

    >>> from types import SimpleNamespace
    >>> from gomoku.board import Stone
    >>> line = SimpleNamespace(moves=((1, 0), (5, 5), (2, 0)), attacker=Stone.O, kind="vct", threat=True)
    >>> print(forcing_line_text(line, 2).plain)
    O's VCT, move 2 of 3: 5,5 (X) · , . step · Esc leaves
    """
    how = {"vcf": "VCF", "vct": "VCT"}.get(line.kind, "forced win")
    mover = line.attacker if step % 2 else line.attacker.other
    text = Text()
    text.append(f"{line.attacker.name}'s {how}, move {step} of {len(line.moves)}: ", "bold")
    text.append(f"{format_point(line.moves[step - 1])} ({mover.name})")
    text.append(" · , . step · Esc leaves", "dim")
    return text


def thinking_text(stone: str, info: Any | None) -> str:
    """The status line while the engine thinks, from its latest ``SearchInfo``."""
    if info is None:
        return f"{stone} is thinking…"
    best = format_point(info.pv[0]) if info.pv else "?"
    return f"{stone} is thinking… depth {info.depth}  nodes {info.nodes:,}  best {best} ({score_words(info.score)})"


def legend_text(weights: dict[Point, float]) -> Text:
    """The overlay's legend: the heat scale from the lowest to the highest weight."""
    text = Text()
    if not weights:
        text.append("Weights: no candidate cells")
        return text
    low, high = min(weights.values()), max(weights.values())
    text.append("Weights ", "bold")
    text.append(words.format_weight(low, CELL_WIDTH - 1).strip() + " ")
    for colour in HEAT_COLOURS:
        text.append("  ", f"on {colour}")
    text.append(" " + words.format_weight(high, CELL_WIDTH - 1).strip())
    best = sorted(weights.items(), key=lambda item: (-item[1], item[0]))[:3]
    text.append("\nbest " + "  ".join(f"{format_point(p)}={words.format_weight(w, exact=True)}" for p, w in best))
    return text


def _count(n: int) -> str:
    """A node count in a few characters: 950, 12.3k, 4.5M.

    >>> _count(950), _count(12_345), _count(4_500_000)
    ('950', '12.3k', '4.5M')
    """
    if n < 1000:
        return str(n)
    if n < 1_000_000:
        return f"{n / 1000:.1f}k"
    return f"{n / 1_000_000:.1f}M"


def _cut(text: str, width: int) -> str:
    """``text`` cut at a space to fit ``width`` columns.

    >>> _cut("1,2 3,4 5,6", 9), _cut("1,2", 9)
    ('1,2 3,4', '1,2')
    """
    if len(text) <= width:
        return text
    return text[: width + 1].rsplit(" ", 1)[0] if " " in text[: width + 1] else text[:width]


def analysis_text(info: Any | None, done: bool = False, width: int = 38) -> Text:
    """The live analysis for the side panel: its depth, nodes and time, then each of its
    best moves with its chance (or ``win in N``), depth and the line's first moves, cut to
    ``width`` columns.

    >>> from types import SimpleNamespace
    >>> best = SimpleNamespace(move=(3, -2), score=999_993, pv=((3, -2), (4, -3), (5, -4)))
    >>> info = SimpleNamespace(depth=12, nodes=1_234_567, time=3.4, candidates=(best,))
    >>> print(analysis_text(info).plain)
    Analysis d12 · 1.2M nodes · 3.4 s
     1. 3,-2   win in 7 d12 3,-2 4,-3 5,-4
    a stops · d plays the best
    """
    text = Text()
    if info is None:
        text.append("Analysis: searching…", "bold")
        text.append("\na stops", "dim")
        return text
    text.append(f"Analysis d{info.depth} · {_count(int(info.nodes))} nodes · {info.time:.1f} s", "bold")
    if done:
        text.append(" · done", "bold green")
    for rank, candidate in enumerate(getattr(info, "candidates", ()) or (), start=1):
        head = f"{rank:2d}. {format_point(candidate.move):<7}"
        chance = chance_words(candidate.score)
        line = f"{chance} d{info.depth} {pv_text(candidate.pv, limit=4)}"
        text.append("\n" + head, "bold #ff7ef2" if rank == 1 else "bold")
        text.append(_cut(line, width - len(head)))
    text.append("\na stops · d plays the best", "dim")
    return text


def chance_words(score: float) -> str:
    """A candidate's value in a word: its chance, or a win or loss in so many plies.

    >>> chance_words(999_993), chance_words(-980_000)
    ('win in 7', 'likely loss')
    """
    if is_proven(score) or abs(score) >= LIKELY:
        return score_words(score)
    return describe(score)


def analysis_line(info: Any | None) -> str:
    """The live analysis on one line, for the summary under the board.

    >>> from types import SimpleNamespace
    >>> moves = [SimpleNamespace(move=(1, 1), score=-999_991, pv=((1, 1),))]
    >>> analysis_line(SimpleNamespace(depth=5, nodes=10, time=0.1, candidates=moves))
    'Analysis d5: 1,1 loss in 9 · a stops'
    """
    if info is None:
        return "Analysis: searching… · a stops"
    best = " · ".join(f"{format_point(c.move)} {chance_words(c.score)}" for c in getattr(info, "candidates", ()) or ())
    return f"Analysis d{info.depth}: {best} · a stops"


def reviewed_text(move: Any) -> Text:
    """A reviewed move whose position is on show (Enter in the review): its class and
    reason, and the better move with the judge's line from it, which the board draws as
    a hint's (``*`` and the numbers).

    >>> from types import SimpleNamespace
    >>> from gomoku.board import Stone
    >>> move = SimpleNamespace(ply=4, side=Stone.X, move=(2, 0), grade="mistake", reason="O's four is left",
    ...                        better=(1, 1), better_line=((1, 1), (0, 2)))
    >>> print(reviewed_text(move).plain)
    Move 5, X 2,0: mistake: O's four is left · better 1,1 · line 1,1 0,2
    """
    text = Text()
    text.append(f"Move {move.ply + 1}, {move.side.name} {format_point(move.move)}: ")
    text.append(move.grade, "bold")
    text.append(f": {move.reason}")
    if move.better is not None:
        text.append(" · better ")
        text.append(format_point(move.better), "bold #ff7ef2")
        if len(move.better_line) > 1:
            text.append(f" · line {pv_text(move.better_line)}")
    return text
