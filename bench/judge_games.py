"""Issue 33's labelled data: the turning point of every game our engine lost,
found by a strong engine used as a judge.

``python -m bench.judge_games --rapfi PATH DIR [DIR ...]`` reads the games of
one or more ``gomoku match --out`` folders (player A is ours), keeps those A
lost, and asks the judge (a Gomocup ``pbrain`` program, meant for Rapfi with
its classical evaluation) for its score of the position after each of our
moves, the opponent to move. The *turning point* is our first move after
which the judge says the opponent has a forced win (``+Mn`` from its side,
``-Mn`` from ours), while before that move our side was not already lost.

Both positions around each of our moves are asked (the one before it, us to
move, gives the judge's best move there). A forced win the judge sees for the
opponent only after the opponent's reply counts for the position before that
reply (``-Mn`` then ``-M(n+1)``, marked inferred). The position before the
first such move of ours is asked again with more time (``--deep-seconds``):
if we were already lost there, the turning point moves back a move, and so on;
if the judge's own best move there is the move played, the judge cannot show
a mistake and the game gets none. A game without a turning point (lost on
time or by a crash, lost from the opening, or as above) is written with
``"turning_ply": null`` and a note, and is left out of the measure. The same
pass records the winner's slips (a forced win let go) and our missed wins.
The format is in ``data/review/README.md``.

The judge runs beside the project, never in it: nothing here is needed by
``make test``, and the judge's program is given on the command line.
"""

from __future__ import annotations

import argparse
import json
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from gomoku.records import load_game

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "data" / "review" / "turning-points.jsonl"
MOVE = re.compile(r"^\s*(-?\d+),(-?\d+)\s*$")
EVAL = re.compile(r"\|\s*Eval\s+(\S+)")
BESTLINE = re.compile(r"^Bestline\s+(.*)$")


class JudgeError(RuntimeError):
    """The judge's program did not answer as the protocol says."""


class Judge:
    """A pbrain program asked for its score and move on one position at a time.

    Each position is sent as ``BOARD``, stones in play order, field 1 for the
    side to move (the program always moves after ``DONE``). The score is read
    from Rapfi's closing summary line ``MESSAGE Speed ... | Eval E | ...``:
    from the side to move's view, ``+Mn``/``-Mn`` a forced win/loss in n plies,
    otherwise a number (about 200 per doubling of the odds). A five on the
    board for the side to move is ``+M1`` (Rapfi plays it without a search and
    without a summary)."""

    def __init__(self, command: str, size: int, exact_five: bool, turn_ms: int, rule: int | None = None) -> None:
        self.command, self.size, self.exact_five, self.turn_ms = command, size, exact_five, turn_ms
        self.rule = (1 if exact_five else 0) if rule is None else rule
        """``INFO rule``: 0 five or more, 1 exactly five, 4 renju (black exactly five, white five or more)."""
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.cwd = tempfile.mkdtemp(prefix="judge-")  # no stray config.toml: the built-in one is used

    # -- the process ---------------------------------------------------------
    def _start(self) -> None:
        self.proc = subprocess.Popen(
            [self.command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
            cwd=self.cwd,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()
        self._send(f"START {self.size}")
        self._until(lambda line: line.strip().upper() == "OK", 30.0)
        for info in (
            "thread_num 1",
            "timeout_match 100000000",
            "time_left 100000000",
            f"rule {self.rule}",
            f"timeout_turn {self.turn_ms}",
        ):
            self._send(f"INFO {info}")

    @staticmethod
    def _read(proc: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line.rstrip("\r\n"))
        lines.put(None)

    def _send(self, text: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def _until(self, done, seconds: float) -> list[str]:
        """Lines up to and including the first for which ``done`` holds."""
        seen, end = [], time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                raise JudgeError(f"no answer within {seconds:g} s (last lines: {seen[-3:]})") from None
            if line is None:
                raise JudgeError(f"the judge exited (last lines: {seen[-3:]})")
            seen.append(line)
            if done(line):
                return seen

    def close(self) -> None:
        if self.proc is not None:
            try:
                self._send("END")
                self.proc.wait(timeout=3)
            except (OSError, subprocess.TimeoutExpired, AssertionError):
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    # -- a position ----------------------------------------------------------
    def ask(self, moves: list[tuple[int, int]], turn_ms: int | None = None) -> tuple[str | None, list[int] | None]:
        """The judge's score of the position after ``moves`` (the side to move's
        view) and its move there; one retry with a fresh process on a failure."""
        for attempt in (1, 2):
            try:
                if self.proc is None:
                    self._start()
                return self._ask(moves, turn_ms or self.turn_ms)
            except (JudgeError, OSError) as exc:
                print(f"judge: {exc}; restarting it", file=sys.stderr, flush=True)
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _ask(self, moves: list[tuple[int, int]], turn_ms: int) -> tuple[str | None, list[int] | None]:
        to_move = len(moves) % 2
        self._send("YXHASHCLEAR")  # every position judged on its own, in any order
        self._send(f"INFO timeout_turn {turn_ms}")
        self._send("BOARD")
        for i, (x, y) in enumerate(moves):
            self._send(f"{x},{y},{1 if i % 2 == to_move else 2}")
        self._send("DONE")
        lines = self._until(lambda line: MOVE.match(line) is not None, turn_ms / 1000 + 30.0)
        x, y = map(int, MOVE.match(lines[-1]).groups())
        score = None
        for line in lines:
            found = EVAL.search(line)
            if found:
                score = found.group(1)
        if score is None and self.five_at(moves, (x, y)):
            score = "+M1"
        return score, [x, y]

    def five_at(self, moves: list[tuple[int, int]], move: tuple[int, int]) -> bool:
        """Whether ``move`` makes five (or more, unless exactly five is the rule) for the side to move."""
        mine = {tuple(m) for m in moves[len(moves) % 2 :: 2]}
        mine.add(move)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                x, y = move[0] + sign * dx, move[1] + sign * dy
                while (x, y) in mine:
                    run, x, y = run + 1, x + sign * dx, y + sign * dy
            exact = self.exact_five or (self.rule == 4 and len(moves) % 2 == 0)  # renju: black exactly five
            if run == 5 or (run > 5 and not exact):
                return True
        return False


# -- scores --------------------------------------------------------------------
def is_win(score: str | None) -> bool:
    """A forced win for the side the score is from (``+Mn``, ``+M*``)."""
    return score is not None and score.startswith("+M")


def is_loss(score: str | None) -> bool:
    return score is not None and score.startswith("-M")


def flip(score: str | None) -> str | None:
    """The same score from the other side's view."""
    if score is None:
        return None
    if score[:2] in ("+M", "-M"):
        return ("-" if score[0] == "+" else "+") + score[1:]
    try:
        return str(-int(score))
    except ValueError:
        return score


# -- games ---------------------------------------------------------------------
def our_side(metadata: dict, a_name: str | None) -> str:
    """Which colour player A played: by name when the two players' names differ
    (and ``a_name`` is given), else by the match's schedule (A is X in games 1, 3, 5, ...)."""
    x, o = metadata.get("x"), metadata.get("o")
    if a_name is not None and x != o and a_name in (x, o):
        return "X" if x == a_name else "O"
    return "X" if int(metadata["game"]) % 2 == 1 else "O"


def mate_plies(score: str) -> int | None:
    try:
        return int(score[2:])
    except ValueError:
        return None


def judge_game(judge: Judge, moves: list[tuple[int, int]], ours: str, opening: int, deep_ms: int, log) -> dict:
    """The turning point of one lost game and what the judge said around it.

    Every position before and after each of our moves is asked at the normal
    time. The opponent has a forced win after our move at ply p when the judge
    says so there, or says we are lost before our next move (p + 2): the
    opponent's reply kept a forced win, so there was one before it
    (``-Mn`` then counts as ``-M(n+1)``, marked inferred). The first such move
    is the candidate; the position before it is asked again at the deep time,
    and if we were already lost there, the turning point moves back to our
    previous move (by the same inference), and so on. A candidate where the
    judge's own best move, at the deep time, is the move played is not a
    mistake the judge can show: the game gets no turning point."""

    def side(ply: int) -> str:
        return "X" if ply % 2 == 0 else "O"

    our_plies = [p for p in range(opening, len(moves)) if side(p) == ours]
    before: dict[int, str | None] = {}
    best_at: dict[int, list[int] | None] = {}
    after: dict[int, str | None] = {}
    for p in our_plies:
        before[p], best_at[p] = judge.ask(moves[:p])
        after[p] = flip(judge.ask(moves[: p + 1])[0])  # the opponent to move: back to our view
    entry: dict = {
        "evals_before": [[p, before[p]] for p in our_plies],
        "evals_after": [[p, after[p]] for p in our_plies],
    }
    # The winner let a forced win go: a win after our move, none before our next one.
    entry["winner_slips"] = [
        p + 1 for p in our_plies if is_loss(after[p]) and p + 2 in before and not is_loss(before[p + 2])
    ]
    # We let a forced win of ours go.
    entry["missed_wins"] = [p for p in our_plies if is_win(before[p]) and not is_win(after[p])]

    def lost_after(p: int) -> tuple[str | None, bool]:
        """Our view of the position after our move at ``p`` if lost (and whether inferred), else (None, False)."""
        if is_loss(after[p]):
            return after[p], False
        nxt = before.get(p + 2)
        if is_loss(nxt):
            n = mate_plies(nxt)
            return (f"-M{n + 1}" if n is not None else nxt), True
        return None, False

    candidates = [p for p in our_plies if lost_after(p)[0] is not None]
    if not candidates:
        entry.update(turning_ply=None, note="the judge sees no forced win for the opponent after any of our moves")
        return entry
    turning = candidates[0]
    eval_after, inferred = lost_after(turning)
    checked: list[list] = []
    while True:
        score, best = judge.ask(moves[:turning], deep_ms)
        checked.append([turning, score])
        if not (is_loss(score) or is_loss(before[turning])):
            break
        shown = score if is_loss(score) else before[turning]
        earlier = [p for p in our_plies if p < turning]
        if not earlier:
            entry.update(
                turning_ply=None,
                evals_before_deep=checked,
                note=f"already lost before our first move after the opening, ply {turning} ({shown})",
            )
            return entry
        n = mate_plies(shown)
        turning, eval_after, inferred = earlier[-1], (f"-M{n + 1}" if n is not None else shown), True
    entry["evals_before_deep"] = checked
    if best == list(moves[turning]):
        entry.update(
            turning_ply=None,
            note=f"candidate ply {turning} ({score} -> {eval_after}): the move played is "
            f"the judge's own best move at {deep_ms / 1000:g} s, so the loss came earlier "
            "than the judge can show",
        )
        return entry
    entry.update(
        turning_ply=turning,
        played=list(moves[turning]),
        best=best,
        eval_before=score,
        eval_after=eval_after,
        eval_after_inferred=inferred,
    )
    log(
        f"  turning point ply {turning}: {list(moves[turning])} {score} -> {eval_after}"
        f"{' (inferred)' if inferred else ''}, best {best}"
    )
    return entry


def games_in(folders: list[Path]) -> Iterator[tuple[Path, Path]]:
    for folder in folders:
        for path in sorted(folder.glob("game-*.json")):
            yield folder, path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.judge_games", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("folders", nargs="+", type=Path, help="gomoku match --out folders (player A is ours)")
    parser.add_argument("--rapfi", required=True, help="the judge: a pbrain program (Rapfi, classical evaluation)")
    parser.add_argument("--seconds", type=float, default=1.0, help="the judge's time a position (default 1)")
    parser.add_argument(
        "--deep-seconds", type=float, default=5.0, help="its time for the positions asked again (default 5)"
    )
    parser.add_argument("--a-name", help="player A's name in the records, when the two names differ")
    parser.add_argument(
        "--judge-name",
        default="Rapfi (classical evaluation, built-in config)",
        help="how the judge is named in the output",
    )
    parser.add_argument(
        "--source",
        action="append",
        default=[],
        help="FOLDER=TEXT: how a folder's match is described (command, engines, commits)",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"JSON Lines file (default {DEFAULT_OUT})")
    parser.add_argument("--append", action="store_true", help="add to the file rather than replace it")
    parser.add_argument("--limit", type=int, default=0, help="judge at most this many lost games (0: all)")
    args = parser.parse_args(argv)
    if not Path(args.rapfi).is_file():
        parser.error(f"--rapfi {args.rapfi}: no such file")
    sources = dict(s.split("=", 1) for s in args.source)
    turn_ms, deep_ms = int(args.seconds * 1000), int(args.deep_seconds * 1000)

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    done = set()
    if args.append and args.out.exists():
        done = {json.loads(line)["id"] for line in args.out.read_text().splitlines() if line.strip()}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    judges: dict[tuple[int, bool], Judge] = {}
    count = found = 0
    start = time.perf_counter()
    with open(args.out, "a" if args.append else "w", encoding="utf-8") as out:
        for folder, path in games_in(args.folders):
            record = load_game(path)
            meta = record.metadata
            ours = our_side(meta, args.a_name)
            winner = record.result
            if winner not in ("X", "O") or winner == ours:
                continue
            game_id = f"{folder.name}-{path.stem}"
            if game_id in done:
                continue
            if args.limit and count >= args.limit:
                break
            rules = record.rules
            (x0, y0), (x1, y1) = rules.bounds
            if (x0, y0) != (0, 0) or x1 != y1 or record.setup:
                log(f"{game_id}: skipped (not a square board from 0,0)")
                continue
            key = (x1 + 1, not rules.overline)
            if key not in judges:
                judges[key] = Judge(args.rapfi, key[0], key[1], turn_ms)
            moves = [tuple(m) for m in record.moves]
            opening = int(meta.get("opening_moves") or 0)
            log(f"{game_id}: {len(moves)} moves, ours {ours}, {meta.get('reason')}")
            entry = {
                "id": game_id,
                "source": sources.get(folder.name, f"gomoku match games, folder {folder.name}") + f", {path.name}",
                "judge": f"{args.judge_name}, {args.seconds:g} s a position",
                "rules": rules.name,
                "moves": [list(m) for m in moves],
                "ours": ours,
                "winner": winner,
                "opening_moves": opening,
                "reason": meta.get("reason"),
            }
            reason = str(meta.get("reason") or "")
            if "made five" not in reason:
                entry.update(turning_ply=None, note=f"not lost on the board: {reason}")
            else:
                entry.update(judge_game(judges[key], moves, ours, opening, deep_ms, log))
            entry["winner_plies"] = [p for p in range(opening, len(moves)) if (p % 2 == 0) == (winner == "X")]
            order = [
                "id",
                "source",
                "judge",
                "rules",
                "ours",
                "winner",
                "opening_moves",
                "reason",
                "turning_ply",
                "played",
                "best",
                "eval_before",
                "eval_after",
                "eval_after_inferred",
                "note",
                "moves",
                "winner_plies",
                "winner_slips",
                "missed_wins",
                "evals_before",
                "evals_after",
                "evals_before_deep",
            ]
            entry = {k: entry[k] for k in order if k in entry}
            out.write(json.dumps(entry, separators=(",", ":")) + "\n")
            out.flush()
            count += 1
            found += entry["turning_ply"] is not None
    for judge in judges.values():
        judge.close()
    log(f"{count} lost games judged, {found} turning points, {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
