"""Issue 33's measure of ``gomoku review``: does it find where our lost games turned?

For every game of ``data/review/turning-points.jsonl`` (games our engine lost,
each turning point placed by a strong engine: our first move after which the
opponent has a forced win; see ``data/review/README.md``), ``gomoku review`` is
run through the CLI at its default budget (nodes: the same every run) on the
whole game (``--json``), and its classes are read back:

- the turning points classed ``mistake`` or ``blunder`` (target: at least 85%, issue 53);
- the winner's moves (after the opening) classed ``blunder`` in the same
  games (target: at most 5%): a winner's move is rarely a blunder;
- the facts a reason must name (issue 53), in every move of those games: a
  five left unplayed, a five left unblocked, a forced win the review proved
  and the move gave up (target: all of them named);
- the time the reviews took.

Games without a turning point (``"turning_ply": null``) are left out. The full
run reviews every game (minutes: one review a game, every move searched); the
quick run reviews one game at a small budget, and only when the command exists.
``python -m bench.bench_review --verbose`` also prints each turning point's class.
"""

from __future__ import annotations

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gomoku.board import Board, Rules, format_point
from gomoku.review.shapes import Threats

DATA = Path(__file__).resolve().parents[1] / "data" / "review" / "turning-points.jsonl"
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
FLAGGED = ("mistake", "blunder")


def default_command() -> list[str]:
    return [sys.executable, "-m", "gomoku.cli", "review"]


def available(command: list[str]) -> str | None:
    """``review --help``'s text, or None when the command does not exist (yet)."""
    try:
        done = subprocess.run(command + ["--help"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def game_file(entry: dict, folder: Path) -> Path:
    """The entry's game as a native JSON game file (``gomoku.records``' format)."""
    path = folder / f"{entry['id']}.json"
    path.write_text(
        json.dumps(
            {
                "format": "gomoku",
                "version": 1,
                "rules": entry["rules"],
                "moves": entry["moves"],
                "result": entry["winner"],
                "metadata": {"id": entry["id"]},
            }
        ),
        encoding="utf-8",
    )
    return path


def review(command: list[str], path: Path, extra: list[str], timeout: float) -> tuple[dict, float]:
    """The review's JSON of one game and the seconds it took."""
    start = time.perf_counter()
    done = subprocess.run(command + [str(path), "--json", *extra], capture_output=True, text=True, timeout=timeout)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{path.name}: exit {done.returncode}: {(done.stderr or done.stdout).strip()[-300:]}")
    return json.loads(done.stdout), seconds


def classes_by_ply(data: dict) -> dict[int, str]:
    return {int(m["ply"]): m["class"] for m in data["moves"] if m.get("class") is not None}


def unnamed(entry: dict, data: dict) -> tuple[Counter, list[str]]:
    """The facts the reasons of a reviewed game must name, counted by kind, and the
    moves whose reason does not name its own: a five left unplayed (``X could win at
    once at C``), a five left unblocked (``X threatens five at C``), a forced win the
    review proved before the move and the move gave up (``X had a win in N
    starting C``)."""
    board = Board(Rules.preset(entry["rules"]))
    counts: Counter = Counter()
    missing = []
    for m in data["moves"]:
        move, reason, ply = tuple(m["move"]), m["reason"], m["ply"]
        threats = Threats(board)
        own, theirs = threats.fives(board.turn), threats.fives(board.turn.other)
        needed = []
        if own and move not in own:
            needed.append(("five unplayed", f"could win at once at {format_point(own[0])}"))
        elif theirs and move not in theirs and not own:
            needed.append(("five unblocked", f"threatens five at {format_point(theirs[0])}"))
        before, after = m.get("result_before") or "", m.get("result_after") or ""
        if before.startswith("win in") and not own and not after.startswith("win") and after != "won":
            if "keeps the win" not in reason:  # (kept: the win proven again after the reply)
                needed.append(("win given up", f"had a win in {before.split()[-1]} starting"))
        for kind, words in needed:
            counts[kind] += 1
            if words not in reason:
                missing.append(f"{entry['id']} ply {ply} {kind}")
        board.play(move)
    return counts, missing


def measure(
    entries: list[dict],
    command: list[str],
    extra: list[str],
    jobs: int = 1,
    timeout: float = 3600.0,
    verbose: bool = False,
) -> Iterator[dict]:
    """The figures for ``entries`` (only those with a turning point are reviewed)."""
    games = [e for e in entries if e.get("turning_ply") is not None]
    start = time.perf_counter()
    results: list[tuple[dict, dict | None, float, str | None]] = []
    with tempfile.TemporaryDirectory(prefix="bench-review-") as tmp:

        def one(entry: dict):
            try:
                data, seconds = review(command, game_file(entry, Path(tmp)), extra, timeout)
                return entry, data, seconds, None
            except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError, KeyError) as exc:
                return entry, None, 0.0, f"{entry['id']}: {type(exc).__name__}: {exc}"

        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            results = list(pool.map(one, games))
    wall = time.perf_counter() - start
    turning = Counter()
    flagged = near = winner_moves = winner_blunders = our_early_blunders = our_early_moves = moves = 0
    errors, missed, times, not_named = [], [], [], []
    facts: Counter = Counter()
    for entry, data, seconds, error in results:
        if data is None:
            errors.append(error)
            continue
        times.append(seconds)
        counts, missing = unnamed(entry, data)
        facts.update(counts)
        not_named.extend(missing)
        got = classes_by_ply(data)
        moves += len(got)
        t = entry["turning_ply"]
        cls = got.get(t, "missing")
        turning[cls] += 1
        flagged += cls in FLAGGED
        near += cls in FLAGGED or got.get(t - 2) in FLAGGED
        if cls not in FLAGGED:
            missed.append(f"{entry['id']} ply {t} {cls}")
        for p in entry["winner_plies"]:
            if p in got:
                winner_moves += 1
                winner_blunders += got[p] == "blunder"
        ours = 0 if entry["ours"] == "X" else 1
        for p in range(entry.get("opening_moves", 0), t):
            if p % 2 == ours and p in got:
                our_early_moves += 1
                our_early_blunders += got[p] == "blunder"
        if verbose:
            print(
                f"# {entry['id']}: turning ply {t} {entry['played']} ({entry['eval_before']} -> "
                f"{entry['eval_after']}, best {entry['best']}): {cls}",
                file=sys.stderr,
                flush=True,
            )
    reviewed = len(games) - len(errors)
    share = round(flagged / reviewed, 3) if reviewed else None
    winner_share = round(winner_blunders / winner_moves, 4) if winner_moves else None
    yield {
        "name": "review.turning_points",
        "value": reviewed,
        "unit": f"games reviewed, of {len(games)} with a turning point ({len(entries)} lost games given)",
    }
    yield {
        "name": "review.turning_flagged",
        "value": share,
        "unit": f"share of turning points classed mistake or blunder ({flagged} of {reviewed}; target >= 0.85)",
    }
    yield {
        "name": "review.turning_flagged_or_move_before",
        "value": round(near / reviewed, 3) if reviewed else None,
        "unit": "share where the turning point or our move before it is classed mistake or blunder"
        f" ({near} of {reviewed})",
    }
    yield {
        "name": "review.turning_classes",
        "value": {c: turning[c] for c in (*CLASSES, "missing") if turning[c]},
        "unit": "the review's class of each turning point",
    }
    yield {
        "name": "review.winner_blunders",
        "value": winner_share,
        "unit": f"share of the winner's moves classed blunder ({winner_blunders} of {winner_moves}; target <= 0.05)",
    }
    yield {
        "name": "review.ours_blunders_before_turning",
        "value": our_early_blunders,
        "unit": f"of {our_early_moves} of our moves before the turning point classed blunder"
        " (the judge saw no forced loss yet)",
    }
    named = sum(facts.values()) - len(not_named)
    yield {
        "name": "review.facts_named",
        "value": round(named / sum(facts.values()), 3) if facts else None,
        "unit": f"share of the fives left unplayed or unblocked and forced wins given up that their move's reason"
        f" names ({named} of {sum(facts.values())}: {dict(sorted(facts.items()))}; target 1.0)"
        + (f"; not named: {'; '.join(not_named)}" if not_named else ""),
    }
    yield {"name": "review.missed", "value": len(missed), "unit": "; ".join(missed) or "none"}
    yield {"name": "review.errors", "value": len(errors), "unit": "; ".join(errors) or "none"}
    yield {
        "name": "review.seconds",
        "value": round(wall, 1),
        "unit": f"wall time, {len(games)} reviews ({moves} moves), {jobs} at a time",
    }
    if times:
        yield {
            "name": "review.median_game_seconds",
            "value": round(statistics.median(times), 2),
            "unit": "s a game's review",
        }


def load(path: Path = DATA) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def run(quick: bool) -> Iterator[dict]:
    """The measure on every game (one game at a small budget with ``quick``; skipped
    while ``gomoku review`` does not exist)."""
    command = default_command()
    text = available(command)
    if text is None or not DATA.exists():
        yield {
            "name": "review.turning_flagged",
            "value": None,
            "unit": "skipped: " + ("no gomoku review command yet" if text is None else f"no {DATA.name}"),
        }
        return
    entries = load()
    extra: list[str] = []
    if quick:
        entries = [e for e in entries if e.get("turning_ply") is not None][:1]
        if "--nodes" in text:
            extra = ["--nodes", "2000"]
    yield from measure(entries, command, extra)


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.bench_review [--jobs 2] [--verbose] [-- REVIEW OPTIONS]``."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.bench_review", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=DATA, help=f"turning points (default {DATA})")
    parser.add_argument("--command", help="the review command line (default: this Python's gomoku review)")
    parser.add_argument("--jobs", type=int, default=1, help="reviews at once (default 1)")
    parser.add_argument("--limit", type=int, default=0, help="review at most this many games (0: all)")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds a review may take (default 3600)")
    parser.add_argument("--verbose", action="store_true", help="print each turning point's class on stderr")
    parser.add_argument("extra", nargs="*", help="options passed on to the review (after --), e.g. -- --time 0.5")
    args = parser.parse_args(argv)
    command = shlex.split(args.command) if args.command else default_command()
    if available(command) is None:
        parser.error(f"{' '.join(command)} --help failed: no review command")
    entries = load(args.data)
    if args.limit:
        entries = [e for e in entries if e.get("turning_ply") is not None][: args.limit]
    for figure in measure(entries, command, args.extra, args.jobs, args.timeout, args.verbose):
        print(json.dumps(figure), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
