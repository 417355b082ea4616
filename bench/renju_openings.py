"""The 26 standard renju openings, and the balanced ones by the engine's own evaluation.

Every renju game under the RIF's opening rules begins with one of 26 three-stone
positions: black's first stone in the centre, white's second next to it, either
straight (a *direct* opening, white on the centre's column) or diagonally (an
*indirect* one), and black's third within the 5x5 square around the centre. Up to the
board's symmetries that leaves 13 of each, named since the 1930s in Japan: the 星
("sei", star) openings have the third stone two cells from the centre along a line, the
月 ("getsu", moon) openings the others. ``OPENINGS`` lists them in the RIF's order (D1
to D13, I1 to I13) with the third stone's offset from the centre, y downwards as on our
boards, for a direct opening's white stone at (0, -1) (above the centre) and an indirect
one's at (1, -1) (above and to the right).

    .venv/bin/python -m bench.renju_openings            # writes data/openings/renju26.json
    .venv/bin/python -m bench.renju_openings --balanced # weighs them, and renju-balanced.json

``--balanced`` weighs each opening (white to move) by one search of the ``strong`` level
at a fixed node budget (``--nodes``; one thread, so the same figures each run), black's
chance read from its score by ``gomoku.engine.chance``, recorded in ``renju26.json`` as
``black_chance``. Every one of the 26 leaves black ahead by the engine's weighing (as
renju's theory has it: most are black wins), so the balanced set goes one stone further:
white's fourth stones (cells next to the stones, within the 7x7 square around the centre),
each weighed by a search of ``--fourth-nodes``; the four-stone positions within ``MARGIN`` of
50% (at least ``AT_LEAST``, the closest), one of each form under the board's symmetries,
make ``renju-balanced.json``, most balanced first, each with its chance and its opening's.
Both files are JSON lists of ``{"code", "name", "move_order", ...}``, which ``gomoku match
--openings FILE`` reads on the 15x15 renju board.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from gomoku.board import Board, Point, Rules
from gomoku.engine import Engine
from gomoku.engine.swap import SwapBudget, black_chance

ROOT = Path(__file__).resolve().parents[1]
ALL_PATH = ROOT / "data" / "openings" / "renju26.json"
BALANCED_PATH = ROOT / "data" / "openings" / "renju-balanced.json"

SIZE = 15
CENTRE = (7, 7)
DIRECT_WHITE = (0, -1)
INDIRECT_WHITE = (1, -1)

OPENINGS: tuple[tuple[str, str, tuple[int, int]], ...] = (
    ("D1", "Kansei", (0, -2)),
    ("D2", "Keigetsu", (1, -2)),
    ("D3", "Sosei", (2, -2)),
    ("D4", "Kagetsu", (1, -1)),
    ("D5", "Zangetsu", (2, -1)),
    ("D6", "Ugetsu", (1, 0)),
    ("D7", "Kinsei", (2, 0)),
    ("D8", "Shogetsu", (0, 1)),
    ("D9", "Kyugetsu", (1, 1)),
    ("D10", "Shingetsu", (2, 1)),
    ("D11", "Zuisei", (0, 2)),
    ("D12", "Sangetsu", (1, 2)),
    ("D13", "Yusei", (2, 2)),
    ("I1", "Chosei", (2, -2)),
    ("I2", "Kyogetsu", (2, -1)),
    ("I3", "Kosei", (2, 0)),
    ("I4", "Suigetsu", (2, 1)),
    ("I5", "Ryusei", (2, 2)),
    ("I6", "Ungetsu", (1, 0)),
    ("I7", "Hogetsu", (1, 1)),
    ("I8", "Rangetsu", (1, 2)),
    ("I9", "Gingetsu", (0, 1)),
    ("I10", "Myojo", (0, 2)),
    ("I11", "Shagetsu", (-1, 1)),
    ("I12", "Meigetsu", (-1, 2)),
    ("I13", "Suisei", (-2, 2)),
)
"""The 26 openings: the RIF's code, the name, and the third (black) stone's offset from the centre."""

NODES = 200_000
"""Nodes of the search that weighs an opening."""

FOURTH_NODES = 30_000
"""Nodes of the search that weighs a fourth stone."""

FOURTH_REACH = 3
"""How far from the centre (each way) the fourth stone may be: the 7x7 square."""

MARGIN = 0.075
"""An opening is balanced when black's chance is within this of 50%."""

AT_LEAST = 12
"""The fewest openings the balanced set keeps (the closest to 50%, should fewer be within the margin)."""


def move_order(code: str, third: tuple[int, int]) -> list[Point]:
    """The three stones of an opening, in play order, on the 15x15 board."""
    cx, cy = CENTRE
    white = DIRECT_WHITE if code.startswith("D") else INDIRECT_WHITE
    return [(cx, cy), (cx + white[0], cy + white[1]), (cx + third[0], cy + third[1])]


def all_openings() -> list[dict]:
    """The 26 openings as the files hold them."""
    return [
        {"code": code, "name": name, "move_order": [list(p) for p in move_order(code, third)]}
        for code, name, third in OPENINGS
    ]


def weigh(openings: list[dict], nodes: int = NODES, level: str = "strong") -> list[dict]:
    """Each opening with ``black_chance``: black's chance by one search of ``nodes`` nodes."""
    engine = Engine(level)
    engine.threads = 1
    rules = Rules.preset("renju")
    weighed = []
    for opening in openings:
        board = Board(rules, moves=[tuple(p) for p in opening["move_order"]])
        started = time.perf_counter()
        chance = black_chance(engine, board, SwapBudget(seconds=600.0, nodes=nodes))
        print(f"{opening['code']:>4} {opening['name']:<10} black {chance:.3f} ({time.perf_counter() - started:.1f} s)")
        weighed.append({**opening, "black_chance": round(chance, 4), "nodes": nodes, "level": level})
    return weighed


def form(stones: list[list[int]]) -> tuple:
    """A position's form: the smallest of its 8 images under the square's symmetries about
    the centre (black's stones and white's apart); two positions of one form are one opening.

    >>> form([[7, 7], [7, 6], [8, 5]]) == form([[7, 7], [7, 6], [6, 5]]) != form([[7, 7], [7, 6], [8, 9]])
    True
    """
    images = []
    for swap in (False, True):
        for sx in (1, -1):
            for sy in (1, -1):
                image = []
                for x, y in stones:
                    dx, dy = x - CENTRE[0], y - CENTRE[1]
                    if swap:
                        dx, dy = dy, dx
                    image.append((sx * dx, sy * dy))
                images.append((tuple(sorted(image[0::2])), tuple(sorted(image[1::2]))))
    return min(images)


def fourth_stones(weighed: list[dict], nodes: int = FOURTH_NODES, level: str = "strong") -> list[dict]:
    """Every opening's four-stone continuations (white's fourth stone within the 7x7 centre,
    next to the stones, one of each form), each with black's chance (``black_chance``) and
    its opening's (``opening_chance``)."""
    engine = Engine(level)
    engine.threads = 1
    rules = Rules.preset("renju")
    found = []
    for opening in weighed:
        board = Board(rules, moves=[tuple(p) for p in opening["move_order"]])
        cx, cy = CENTRE
        cells = [p for p in board.candidates(1) if abs(p[0] - cx) <= FOURTH_REACH and abs(p[1] - cy) <= FOURTH_REACH]
        forms = set()
        for cell in cells:
            stones = [*opening["move_order"], list(cell)]
            if form(stones) in forms:
                continue
            forms.add(form(stones))
            after = board.copy()
            after.play(cell)
            chance = black_chance(engine, after, SwapBudget(seconds=600.0, nodes=nodes))
            found.append(
                {
                    "code": opening["code"],
                    "name": opening["name"],
                    "move_order": stones,
                    "black_chance": round(chance, 4),
                    "opening_chance": opening.get("black_chance"),
                    "nodes": nodes,
                    "level": level,
                }
            )
        mine = [row for row in found if row["code"] == opening["code"]]
        best = min(mine, key=lambda row: abs(row["black_chance"] - 0.5))
        print(
            f"{opening['code']:>4} {opening['name']:<10} {len(mine)} fourth stones, "
            f"best black {best['black_chance']:.3f}"
        )
    return found


def balanced(weighed: list[dict], margin: float = MARGIN, at_least: int = AT_LEAST) -> list[dict]:
    """The openings whose black chance is within ``margin`` of 0.5, at least ``at_least`` of
    them (the closest), most balanced first.

    >>> rows = [{"code": c, "black_chance": p} for c, p in [("a", 0.9), ("b", 0.55), ("c", 0.48), ("d", 0.3)]]
    >>> [r["code"] for r in balanced(rows, 0.1, 1)], [r["code"] for r in balanced(rows, 0.01, 3)]
    (['c', 'b'], ['c', 'b', 'd'])
    """
    ranked = sorted(weighed, key=lambda row: (abs(row["black_chance"] - 0.5), row["code"], row.get("move_order")))
    within = [row for row in ranked if abs(row["black_chance"] - 0.5) <= margin]
    return within if len(within) >= at_least else ranked[:at_least]


def write(path: Path, rows: list[dict]) -> None:
    """A JSON list, one opening a line."""
    path.write_text("[\n" + ",\n".join(json.dumps(row) for row in rows) + "\n]\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.renju_openings", description=__doc__.split("\n\n")[0])
    parser.add_argument("--balanced", action="store_true", help="weigh the openings and write the balanced set")
    parser.add_argument("--reuse", action="store_true", help="with --balanced: the openings' chances from renju26.json")
    parser.add_argument("--nodes", type=int, default=NODES, help=f"nodes an opening's search (default {NODES})")
    parser.add_argument(
        "--fourth-nodes", type=int, default=FOURTH_NODES, help=f"nodes a fourth stone's search (default {FOURTH_NODES})"
    )
    args = parser.parse_args(argv)
    openings = all_openings()
    if args.balanced and args.reuse:
        openings = json.loads(ALL_PATH.read_text(encoding="utf-8"))
    elif args.balanced:
        openings = weigh(openings, args.nodes)
    write(ALL_PATH, openings)
    print(f"{ALL_PATH.relative_to(ROOT)}: {len(openings)} openings")
    if args.balanced:
        chosen = balanced(fourth_stones(openings, args.fourth_nodes))
        write(BALANCED_PATH, chosen)
        chances = [row["black_chance"] for row in chosen]
        print(
            f"{BALANCED_PATH.relative_to(ROOT)}: {len(chosen)} openings, black {min(chances):.3f} to {max(chances):.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
