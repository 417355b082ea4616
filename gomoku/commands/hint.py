"""``gomoku hint POSITION`` (a player's move) and ``gomoku solve POSITION`` (a VCF)."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from gomoku.board import Rules, format_point
from gomoku.commands.arguments import (
    MAX_DEPTH,
    MAX_SECONDS,
    POSITION_HELP,
    RULES_HELP,
    cap,
    count,
    depth,
    multipv,
    nodes,
    seconds,
)
from gomoku.engine import DEFAULT_LEVEL, Engine
from gomoku.engine.chance import describe
from gomoku.engine.engine import candidate_dict
from gomoku.engine.forced import find_forced_win
from gomoku.engine.players import PLAYERS, check_player, listing
from gomoku.records import read_position
from gomoku.search.params import THREADS
from gomoku.search.types import SearchInfo

__all__ = ["with_players", "register", "run_hint", "run_solve"]


def with_players(text: str, names: list[str] | None = None) -> str:
    """A command's description: ``text`` wrapped, then the players ``names`` (all when
    None) a line each, as the registry describes them (``gomoku.engine.players``)."""
    return textwrap.fill(text, 79) + "\n\nplayers:\n" + listing(names)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``hint`` and ``solve``."""
    hint = subparsers.add_parser(
        "hint",
        help="a player's move for the side to move",
        description=with_players(
            "Print the move of a player (--level: the engine's levels, or a classic player on the small "
            "boards it plays) for the side to move in POSITION, with its win chance (or a proven win or loss "
            "in N plies), score, principal variation, depth, nodes and time; --multipv N lists the N best "
            f"moves. The default is {DEFAULT_LEVEL}."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    hint.add_argument("position", metavar="POSITION", help=POSITION_HELP)
    hint.add_argument(
        "--level",
        choices=PLAYERS,
        default=DEFAULT_LEVEL,
        metavar="NAME",
        help=f"the player: one of the players listed above (default {DEFAULT_LEVEL})",
    )
    hint.add_argument(
        "--time",
        type=seconds,
        metavar="SECONDS",
        help=f"search time, at most {MAX_SECONDS:.0f} (replaces the level's limit)",
    )
    hint.add_argument(
        "--nodes", type=nodes, metavar="N", help="search at most N nodes, N at most 10**12 (replaces the level's limit)"
    )
    hint.add_argument(
        "--depth",
        type=depth,
        metavar="PLIES",
        help=f"search at most this deep, {MAX_DEPTH} at most (alone, it runs until that depth is done)",
    )
    hint.add_argument(
        "--threads",
        type=count,
        metavar="T",
        help=f"threads a timed search uses (default: the machine's cores, four at most: {THREADS}); "
        "more than the machine's cores are capped at them, with a note on stderr",
    )
    hint.add_argument(
        "--multipv",
        type=multipv,
        default=1,
        metavar="N",
        help="the N best moves (10 at most), each with its win chance and line, each searched "
        "to the same depth (the engine's levels); with --json, a list",
    )
    hint.add_argument("--json", action="store_true", help="print the hint as JSON")
    hint.add_argument("--verbose", action="store_true", help="print each completed depth to stderr")
    hint.add_argument("--rules", metavar="RULES", help=RULES_HELP)
    hint.set_defaults(func=run_hint)

    solver = subparsers.add_parser(
        "solve",
        help="look for a win by continuous fours (VCF)",
        description=(
            "Look for a VCF for the side to move in POSITION: a win where every attacking move makes "
            "a four. Prints the winning line (defender replies in brackets), or says none was found."
        ),
    )
    solver.add_argument("position", metavar="POSITION", help=POSITION_HELP)
    solver.add_argument(
        "--time",
        type=seconds,
        metavar="SECONDS",
        help=f"search time, at most {MAX_SECONDS:.0f} (default 5, or none with --nodes)",
    )
    solver.add_argument("--nodes", type=nodes, metavar="N", help="try at most N attacking moves (10**12 at most)")
    solver.add_argument("--vct", action="store_true", help="when there is no VCF, look for a win with threes too")
    solver.add_argument("--json", action="store_true", help="print the result as JSON")
    solver.add_argument("--rules", metavar="RULES", help=RULES_HELP)
    solver.set_defaults(func=run_solve)


def _show_info(info: SearchInfo) -> None:
    line = " ".join(format_point(p) for p in info.pv)
    print(
        f"depth {info.depth:2d}  score {info.score:>9.0f} ({describe(info.score)})  nodes {info.nodes:7d}  "
        f"nps {info.nps:7.0f}  ebf {info.ebf:5.2f}  pv {line}",
        file=sys.stderr,
        flush=True,
    )
    for rank, candidate in enumerate(info.candidates[1:], 2):
        line = " ".join(format_point(p) for p in candidate.pv)
        print(
            f"        {rank:2d}. score {candidate.score:>9.0f} ({describe(candidate.score)})  pv {line}",
            file=sys.stderr,
            flush=True,
        )


def run_hint(args: argparse.Namespace) -> int:
    """Print the hint for POSITION."""
    board = read_position(args.position, Rules.parse(args.rules) if args.rules else None)
    if board.is_over:
        raise ValueError(f"the game is over ({board.result}): no move to hint")
    check_player(args.level, board.rules)
    engine = Engine(args.level)
    if args.threads is not None:
        engine.threads = cap(args.threads, "--threads", "threads")
    hint = engine.hint(
        board,
        time=args.time,
        nodes=args.nodes,
        depth=args.depth,
        on_info=_show_info if args.verbose else None,
        multipv=args.multipv,
    )
    if args.json:
        if args.multipv > 1:
            common = {"depth": hint.depth, "nodes": hint.nodes, "time": round(hint.time, 4)}
            print(
                json.dumps([{"rank": rank, **candidate_dict(c), **common} for rank, c in enumerate(hint.candidates, 1)])
            )
        else:
            print(json.dumps(hint.to_dict()))
        return 0
    side = board.turn.name
    print(f"{side} to move: play {format_point(hint.move)}")
    if hint.forced_win:
        print(f"forced win for {side}")
    cost = f"depth {hint.depth}, {hint.nodes} nodes, {hint.time:.2f} s, {hint.level}"
    if hint.win_chance is None:  # a player whose score is on a scale of its own
        print(f"score {hint.score:+.0f} ({hint.level}'s own scale; {cost})")
    elif hint.level == "perfect" and hint.score == 0:
        print(f"a draw with perfect play (the solver's; {cost})")
    else:
        print(f"{side}'s chance: {describe(hint.score)} (score {hint.score:+.0f} from {side}'s view; {cost})")
    if args.multipv > 1:
        for rank, candidate in enumerate(hint.candidates, 1):
            line = " ".join(format_point(p) for p in candidate.pv)
            print(
                f"{rank:2d}. {format_point(candidate.move):>8}  {describe(candidate.score):>12}  "
                f"score {candidate.score:+8.0f}  line: {line}"
            )
        if len(hint.candidates) < args.multipv:
            print(
                f"({len(hint.candidates)} of {args.multipv}: the search found no more moves worth playing "
                "in its time, or the level gives one)"
            )
    else:
        print("line: " + " ".join(format_point(p) for p in hint.pv))
    note = _overrun_note(engine, hint.time, args.time)
    if note:
        print(note)
    return 0


def _overrun_note(engine: Engine, spent: float, limit: float | None) -> str:
    """What took the time, when a hint ran past its limit's 5% + 20 ms (laying a
    board of stones strung out far and wide onto the search's grid can)."""
    if limit is None or spent <= limit * 1.05 + 0.02:
        return ""
    searcher = engine._searcher
    layout = getattr(searcher, "layout_seconds", None)
    cells = getattr(searcher, "layout_cells", None)
    if layout is not None and layout > limit * 0.5:
        return (
            f"note: {spent:.2f} s of a {limit:g} s limit: laying the stones onto the search's grid "
            f"({cells:,} cells) took {layout:.2f} s"
        )
    return f"note: {spent:.2f} s of a {limit:g} s limit"


def run_solve(args: argparse.Namespace) -> int:
    """Print the VCF of POSITION, or that none was found."""
    board = read_position(args.position, Rules.parse(args.rules) if args.rules else None)
    if board.is_over:
        raise ValueError(f"the game is over ({board.result}): nothing to solve")
    side = board.turn.name
    seconds = args.time if args.time is not None else (None if args.nodes else 5.0)
    result = find_forced_win(board, time=seconds, nodes=args.nodes, vct=args.vct)
    if args.json:
        data = result.to_dict()
        data["to_move"] = side
        print(json.dumps(data))
        return 0
    if result.moves is None:
        what = "VCF or VCT" if args.vct else "VCF"
        if result.complete:
            how = "none within 40 fours" + (", nor any VCT with threes" if args.vct else "")
        else:
            how = f"searched {result.nodes} nodes in {result.time:.2f} s"
        print(f"no {what} found for {side} ({how})")
        return 0
    shown = []
    for n, p in enumerate(result.moves):
        shown.append(format_point(p) if n % 2 == 0 else f"({format_point(p)})")
    attackers = (len(result.moves) + 1) // 2
    print(f"{result.kind.upper()} for {side} in {attackers} move{'' if attackers == 1 else 's'}: {' '.join(shown)}")
    print(f"{result.nodes} nodes, {result.time:.2f} s")
    return 0
