"""``gomoku pbrain`` (the engine as a Gomocup brain) and ``gomoku match A B`` (the match runner)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from gomoku.board import Rules
from gomoku.commands.arguments import CORES, MAX_GAME_MS, MAX_GAMES, MAX_MOVE_MS, cap, elo, error_rate
from gomoku.commands.hint import with_players
from gomoku.engine.players import DEFAULT_LEVEL, LEVELS
from gomoku.engine.swap import OPENING_RULES
from gomoku.match import MatchConfig, MatchError, Sprt, default_openings_path, format_table, load_openings, run_match
from gomoku.protocol.pbrain import check_brain_level, finish, serve

__all__ = ["register", "run_pbrain", "run_match_command", "add_game_options", "game_options", "SPRT_GAMES"]

MATCH_GAMES = 10
"""A match's games when none are asked for."""

SPRT_GAMES = 1000
"""A sequential match's most games when none are asked for (``--sprt`` without ``--games``)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``pbrain`` and ``match``."""
    pbrain = subparsers.add_parser(
        "pbrain",
        help="speak the Gomocup pbrain protocol on stdin/stdout",
        description=with_players(
            "Run the engine as a Gomocup brain: pbrain commands on stdin, answers on stdout. "
            "Tournament managers and GUIs (Piskvork and others) can start it; so can `gomoku match`. "
            "A brain plays one of the engine's levels.",
            list(LEVELS),
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pbrain.add_argument(
        "--level",
        default=DEFAULT_LEVEL,
        metavar="NAME",
        help=f"the engine's level: one of the players listed above (default {DEFAULT_LEVEL})",
    )
    pbrain.set_defaults(func=run_pbrain)

    match = subparsers.add_parser(
        "match",
        help="play a match between two players or pbrain programs, with Elo",
        description=with_players(
            "Play A against B: each opening twice with colours swapped. A player is one of those listed "
            "below (played in this process; each plays only the rules it knows) or the command line of a "
            "pbrain program (quote it). Prints a progress bar on stderr, then wins, losses, draws, score and "
            "the Elo difference with its 95% interval; saves every game as JSON (and PSQ for flat boards "
            "without gravity)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    match.add_argument("a", metavar="A", help="first player: a name listed above or a pbrain command line")
    match.add_argument("b", metavar="B", help="second player: a name listed above or a pbrain command line")
    add_game_options(match, games=MATCH_GAMES, time_per_move=500, out="matches")
    match.add_argument(
        "--sprt",
        nargs=2,
        type=elo,
        metavar=("ELO0", "ELO1"),
        help="a sequential test (GSPRT on game pairs, logistic Elo): stop once the games show that A - B is "
        "ELO0 Elo or less (H0) or ELO1 or more (H1); --games is then the most games "
        f"(default with --sprt: {SPRT_GAMES})",
    )
    match.add_argument(
        "--alpha",
        type=error_rate,
        metavar="P",
        help="with --sprt: the chance of accepting H1 when H0 holds, above 0 and below 0.5 (default: 0.05)",
    )
    match.add_argument(
        "--beta",
        type=error_rate,
        metavar="P",
        help="with --sprt: the chance of accepting H0 when H1 holds, above 0 and below 0.5 (default: 0.05)",
    )
    match.set_defaults(func=run_match_command, games=None)


def run_pbrain(args: argparse.Namespace) -> int:
    """Serve the pbrain protocol on stdin/stdout until END."""
    return finish(serve(sys.stdin, sys.stdout, level=check_brain_level(args.level)))


def add_game_options(parser: argparse.ArgumentParser, *, games: int, time_per_move: int, out: str) -> None:
    """The options of a run of games, ``match``'s and ``selfplay``'s: how many,
    how long a move, which openings and rules, where they run and are saved."""
    parser.add_argument(
        "--games", type=int, default=games, metavar="N", help=f"games to play, at most {MAX_GAMES} (default: {games})"
    )
    parser.add_argument(
        "--time-per-move",
        type=int,
        default=time_per_move,
        metavar="MS",
        help=f"time for a move in milliseconds, at most {MAX_MOVE_MS} (default: {time_per_move})",
    )
    parser.add_argument(
        "--time-per-game",
        type=int,
        metavar="MS",
        help=f"each side's game clock in milliseconds, at most {MAX_GAME_MS} (a day), sent to "
        "brains as INFO timeout_match and INFO time_left; --time-per-move is then the turn limit "
        "(default: none)",
    )
    parser.add_argument(
        "--grace",
        type=int,
        default=1000,
        metavar="MS",
        help="time a move may run over the turn limit or the game clock before it loses on time, "
        f"at most {MAX_MOVE_MS} (default: 1000)",
    )
    parser.add_argument(
        "--openings",
        metavar="FILE",
        help="openings (JSON list or JSON lines; default: the balanced 20x20 set, "
        "or the tournament set on smaller boards)",
    )
    parser.add_argument("--no-openings", action="store_true", help="start every game from an empty board")
    parser.add_argument(
        "--opening",
        choices=OPENING_RULES,
        help="an opening rule in place of the openings: the players decide it themselves (swap2: the first "
        "places three stones, the second takes a colour or places two more and the first chooses; swap1: "
        "three stones, then the second's choice of colour), the colours as they chose",
    )
    parser.add_argument(
        "--rules",
        default="gomocup20",
        metavar="R",
        help=f"rules: a preset ({', '.join(Rules.PRESETS)}) or size=AxB,k=N[,gravity] (default: gomocup20)",
    )
    parser.add_argument(
        "--max-moves",
        type=int,
        metavar="N",
        help="moves after which a game is a draw (default: none on a bounded board, 400 endless)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="J",
        help=f"games to play at once (default: 1); more than the machine's cores ({CORES}) "
        "are capped at them, with a note on stderr",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play the games on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786; "
        "needs the endless-gomoku[cluster] extra), as many at once as its workers have threads",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        metavar="T",
        help="threads each player's search may use, sent to brains as INFO thread_num (default: 1); "
        "capped at the machine's cores as --jobs is",
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        help="a new or empty folder for the games, refused if anything is in it "
        f"(default: {out}/YYYYMMDD-HHMMSS in the current folder)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="finish the run in --out: its games are kept, the others played "
        "(the same players and settings; --games may grow)",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def game_options(args: argparse.Namespace, out: str) -> tuple[MatchConfig, int, Path]:
    """The run's settings from ``add_game_options``' options, checked: its
    ``MatchConfig``, the local jobs and the output folder."""
    rules = Rules.parse(args.rules)
    openings = []
    opening_rule = getattr(args, "opening", None)
    if opening_rule is not None and args.openings:
        raise MatchError(
            f"--opening {opening_rule} and --openings: the players decide the opening; give one or the other"
        )
    if opening_rule is not None and (rules.dims != 2 or rules.gravity):
        raise MatchError(f"--opening {opening_rule}: a flat board without gravity, not {rules.name}")
    if not args.no_openings and opening_rule is None:
        path = Path(args.openings) if args.openings else default_openings_path(rules)
        if path is not None:
            openings = load_openings(path, rules)
            if args.openings and not openings:
                raise MatchError(f"openings {args.openings}: no opening fits the {rules.name} board")
    if args.max_moves is not None and args.max_moves < 1:
        raise MatchError(f"--max-moves must be at least 1, not {args.max_moves}")
    if args.grace < 0:
        raise MatchError(f"--grace must be 0 or more, not {args.grace}")
    if args.threads < 1:
        raise MatchError(f"--threads must be at least 1, not {args.threads}")
    if args.games > MAX_GAMES:
        raise MatchError(f"--games: at most {MAX_GAMES} games, not {args.games}")
    for option, value in (("--time-per-move", args.time_per_move), ("--grace", args.grace)):
        if value > MAX_MOVE_MS:
            raise MatchError(f"{option}: at most {MAX_MOVE_MS} ms (an hour), not {value}")
    if args.time_per_game is not None and not 1 <= args.time_per_game <= MAX_GAME_MS:
        raise MatchError(f"--time-per-game must be 1 to {MAX_GAME_MS} ms (a day), not {args.time_per_game}")
    if args.cluster is not None and args.jobs is not None:
        raise MatchError(
            "--jobs and --cluster: a cluster plays as many games at once as its workers have "
            "threads; give one or the other"
        )
    if args.resume and not args.out:
        raise MatchError("--resume needs --out: the folder of the run to finish")
    jobs = 1 if args.jobs is None else cap(args.jobs, "--jobs", "games at once") if args.jobs >= 1 else args.jobs
    config = MatchConfig(
        rules=rules,
        games=args.games,
        time_per_move_ms=args.time_per_move,
        grace_ms=args.grace,
        time_per_game_ms=args.time_per_game or 0,
        openings=openings,
        max_moves=args.max_moves,
        threads=cap(args.threads, "--threads", "threads"),
        opening_rule=opening_rule,
    )
    folder = Path(args.out) if args.out else Path(out, time.strftime("%Y%m%d-%H%M%S", time.gmtime()))
    return config, jobs, folder


def run_match_command(args: argparse.Namespace) -> int:
    """Play the match, show progress on stderr, print the table (or JSON) on stdout."""
    sprt = None
    if args.sprt is not None:
        errors = {name: value for name, value in (("alpha", args.alpha), ("beta", args.beta)) if value is not None}
        sprt = Sprt(args.sprt[0], args.sprt[1], **errors)
    elif args.alpha is not None or args.beta is not None:
        raise MatchError(f"--{'alpha' if args.alpha is not None else 'beta'} needs --sprt ELO0 ELO1: the test it sets")
    if args.games is None:
        args.games = MATCH_GAMES if sprt is None else SPRT_GAMES
    config, jobs, out = game_options(args, "matches")
    result = run_match(
        args.a,
        args.b,
        config,
        jobs=jobs,
        out_dir=out,
        progress=sys.stderr,
        cluster=args.cluster,
        resume=args.resume,
        sprt=sprt,
    )
    if args.json:
        summary = result.to_dict()
        summary["out"] = str(out)
        print(json.dumps(summary))
    else:
        print(format_table(result))
        print(f"Games saved in {out}/ (JSON, and PSQ for flat games)")
    return 0
