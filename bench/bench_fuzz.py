"""A key-burst fuzz of the app: random keys, sent as a terminal sends them, 0 to 50 ms apart.

The keys are those of the footer, the dialogs, the board, the position editor (``e``,
then ``x``, ``o``, ``t``, ``C``, Delete, Backspace), the clipboard (``y``, ``Y``, and
paste events of random text: moves, SGF, PSQ, JSON, cut short or whole, and garbage),
the variations (``v``, ``V``, ``P``, ``D``, Delete), arrows, Enter, Tab, Escape, and
digits and letters typed into the dialogs' fields. Which keys come next depends a little
on the screen on show (a dialog gets more of its own keys), and some come as bursts of
the keys that open a dialog and answer it at once (``n`` Tab Enter: issue 53's crash),
so that every screen and dialog is reached: the new game (a swap opening chosen in it
too, whose choice is a dialog of its own), the file pickers (open and save, in a
temporary ``$GOMOKU_GAMES_DIR`` holding games from ``data/positions`` and a broken
file), the keys' help, the review, the questions.

Each key goes to the app's driver as the terminal's would (``pilot.press`` waits for
the app to be idle after each key, which a burst never does). The fuzz fails on an
exception in the app (Textual's, which closes the app; a thread's) and on the app
closing by any way but its own quit path (``q``, answered ``y`` in the middle of a
game): that is a quit, and a new app starts on the same data folder (its resume
question is one more dialog to answer). Saving is kept inside the temporary folder
(a save elsewhere, reached by going up folders in the picker, fails in one line).

Figures (``python -m bench fuzz``; ``python -m bench.bench_fuzz --keys N --size WxH
--seed S`` for one run; the real engine at a tiny node budget):

- ``fuzz.tracebacks``: exceptions and unexpected exits found (the goal: 0), with the
  keys sent, the paste events, the apps started (one more a quit), the seconds, the
  seed, the terminal size, the screens reached (how many keys each saw) and the
  longest the app kept the keys waiting (``slowest_gap_ms``: the event loop busy past
  a gap's end, a freeze if it is seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import traceback
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.widgets import Select

from tui import storage
from tui.app import GomokuApp
from tui.game import GameSettings
from tui.services import Analyst

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = ROOT / "data" / "positions"
SIZES = ((80, 24), (140, 45))
"""The terminal sizes fuzzed: the smallest the app is made for, and a roomy one."""
MAX_GAP = 0.05
"""The most seconds between two keys (a burst sends some with none)."""
CLOSE_WAIT = 10.0
"""The most seconds an app may take to close after its quit."""

GAME_KEYS = (
    *("question_mark", "n", "u", "ctrl+z", "r", "ctrl+y", "w", "t", "h", "d", "s", "o", "q", "p", "a", "A", "m"),
    *("less_than_sign", "greater_than_sign", "home", "end", "comma", "full_stop", "escape"),
    *("left_curly_bracket", "right_curly_bracket", "R", "e", "y", "Y", "v", "V", "P", "D", "delete"),
)
"""The game screen's keys (the footer's and the others of ``GomokuApp.BINDINGS``)."""
BOARD_KEYS = (
    *("up", "down", "left", "right", "k", "j", "l", "enter", "space", "pageup", "pagedown"),
    *("shift+up", "shift+down", "shift+left", "shift+right", "c", "left_square_bracket", "right_square_bracket"),
)
EDITOR_KEYS = ("x", "o", "t", "C", "delete", "backspace", "u", "ctrl+z", "e", "escape", "q", "enter", "space")
DIALOG_KEYS = (
    *("tab", "shift+tab", "enter", "escape", "up", "down", "left", "right", "space", "backspace", "delete"),
    *("home", "end", "pageup", "pagedown", "y", "full_stop", "minus", "comma", "slash", "equals_sign"),
)
TYPED = "0123456789abcdefghijklmnopqrstuvwxyz"
"""What is typed into the dialogs' fields, besides their keys."""
BURSTS = (
    ("n", "tab", "enter"),
    ("n", "enter"),
    ("n", "tab", "tab", "space", "down", "enter", "enter"),
    ("n", "tab", "tab", "tab", "tab", "space", "down", "down", "enter", "tab", "enter"),
    ("n", "backspace", "0", "full_stop", "1", "enter"),
    ("n", "tab", "tab", "tab", "tab", "tab", "tab", "space", "down", "enter", "enter"),
    ("s", "enter"),
    ("s", "enter", "y"),
    ("o", "enter"),
    ("o", "down", "enter"),
    ("o", "down", "down", "down", "enter", "y"),
    ("question_mark", "escape"),
    ("R", "down", "enter"),
    ("R", "escape"),
    ("right", "enter", "down", "enter", "R", "down", "down", "enter"),
    ("enter", "up", "enter", "R", "up", "escape"),
    ("e", "right", "x", "down", "o", "t", "e"),
    ("e", "C", "e"),
    ("q", "escape"),
    ("q", "tab", "enter"),
    ("q", "y"),
    ("home", "right", "enter", "v", "P"),
    ("h", "full_stop", "full_stop", "comma", "escape"),
    ("a", "d", "a"),
)
"""Keys that open a dialog and answer it (or do a step of a feature) in one burst, none apart."""
TOUR = (
    *("enter", "right", "enter", "R", "escape", "n", "escape", "question_mark", "escape"),
    *("s", "escape", "o", "escape", "e", "escape", "q", "escape"),
)
"""The first keys of each app, each handled before the next: a visit to every screen (two moves, the
review, the new game, the keys, both pickers, the editor, the quit question), whatever comes next."""


@dataclass
class FuzzReport:
    """What one fuzz saw: keys sent, apps started, screens reached, and what went wrong."""

    seed: int
    size: tuple[int, int]
    engine: str
    keys: int = 0
    pastes: int = 0
    apps: int = 0
    quits: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    """The longest the event loop kept a key's gap waiting past its end, in seconds (a freeze)."""
    screens: Counter[str] = field(default_factory=Counter)
    tracebacks: list[str] = field(default_factory=list)
    """Each exception's traceback, or a line for an app that closed by another way than quitting."""
    last_keys: list[list[str]] = field(default_factory=list)
    """The keys sent before each traceback (the last 40), to replay it."""

    def figure(self) -> dict[str, Any]:
        return {
            "name": "fuzz.tracebacks",
            "value": len(self.tracebacks),
            "unit": "tracebacks",
            "terminal": f"{self.size[0]}x{self.size[1]}",
            "seed": self.seed,
            "engine": self.engine,
            "keys": self.keys,
            "pastes": self.pastes,
            "apps": self.apps,
            "quits": self.quits,
            "seconds": round(self.seconds, 1),
            "slowest_gap_ms": round(self.slowest * 1000),
            "screens": dict(sorted(self.screens.items())),
            "errors": [text.strip().splitlines()[-1] for text in self.tracebacks],
        }


class FuzzedApp(GomokuApp):
    """The app, knowing whether it closed by its own quit path."""

    CSS_PATH = str(Path(sys.modules[GomokuApp.__module__].__file__ or "").with_name("app.tcss"))
    quitting = False

    def quit_now(self) -> None:
        self.quitting = True
        super().quit_now()

    def _fatal_error(self) -> None:
        """Close at once on an exception (the fuzz reports it): Textual first draws its
        traceback with every frame's locals, which takes minutes on this app."""
        self._close_messages_no_wait()


CONTROL_CHARACTERS = {"enter": "\r", "tab": "\t", "escape": "\x1b", "backspace": "\x7f"}
"""The characters a terminal sends for these keys (Textual's parser keeps them on the key event)."""


def key_event(key: str) -> events.Key:
    """The key event a terminal's ``key`` makes (as Pilot's ``press`` builds it, with the
    terminal's characters for Enter, Tab, Escape and Backspace)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = CONTROL_CHARACTERS.get(key, key if len(key) == 1 else None)
    return events.Key(key, char)


def pasted_text(rng: random.Random) -> str:
    """Random pasted text: moves, a game file whole or cut short, JSON, garbage."""
    kind = rng.randrange(7)
    if kind == 0:
        return " ".join(f"{rng.randint(-12, 12)},{rng.randint(-12, 12)}" for _ in range(rng.randint(0, 12)))
    if kind == 1:
        files = sorted(p for p in POSITIONS.glob("*") if p.suffix in (".sgf", ".psq", ".json"))
        text = rng.choice(files).read_text(encoding="utf-8") if files else "(;)"
        return text if rng.random() < 0.5 else text[: rng.randint(0, len(text))]
    if kind == 2:
        return rng.choice(["(;", "(;B[aa];W[bb]", "(;SZ[1000];B[zz])", "((((((((((", "(;FF[4]" + ";B[ab]" * 50 + ")"])
    if kind == 3:
        return rng.choice(["{}", '{"moves": [[0, 0], [0, 0]]}', '{"moves": "x"}', "[1, 2]", '{"rules": "size=2,k=9"}'])
    if kind == 4:
        return rng.choice(["", " ", "\n", "\x00", "\x1b[31m", "é☃ 中", "9" * 60 + ",0", "0,0 0,0", "nan,inf"])
    if kind == 5:
        return "".join(rng.choice(TYPED + " ,;()[]{}\n-.") for _ in range(rng.randint(1, 80)))
    return "Piskvorky 20x20, 11:11, 0\n" + "".join(f"{rng.randint(1, 20)},{rng.randint(1, 20)},0\n" for _ in range(6))


def screen_name(app: GomokuApp) -> str:
    """The screen on show, and on the game's screen what it is doing (editing, walking...)."""
    screen = app.screen
    name = type(screen).__name__
    if screen is not app.screen_stack[0]:
        expanded = any(select.expanded for select in screen.query(Select))
        return f"{name} (choices open)" if expanded else name
    state = app.state
    if app.editor.active:
        return "game: position editor"
    if state.preview_step is not None:
        return "game: forcing line"
    if state.analysing:
        return "game: live analysis"
    if app.game.walking:
        return "game: earlier position"
    if app.game.is_over:
        return "game: over"
    return "game"


def next_keys(rng: random.Random, app: GomokuApp) -> list[str | tuple[str, str]]:
    """The next key (or burst of keys, or a paste: ``("paste", text)``) for the screen on show."""
    roll = rng.random()
    if roll < 0.04:
        return [("paste", pasted_text(rng))]
    if roll < 0.12:
        return list(rng.choice(BURSTS))
    on_game = app.screen is app.screen_stack[0]
    if not on_game:
        pick = rng.random()
        if pick < 0.55:
            return [rng.choice(DIALOG_KEYS)]
        if pick < 0.85:
            return [rng.choice(TYPED)]
        return [rng.choice(GAME_KEYS)]  # they must sleep under a dialog
    if app.editor.active:
        return [rng.choice(EDITOR_KEYS if rng.random() < 0.6 else BOARD_KEYS)]
    return [rng.choice(GAME_KEYS if rng.random() < 0.6 else BOARD_KEYS)]


def stock_games_folder(folder: Path) -> None:
    """Games to open: the sample files of ``data/positions``, a broken one, an empty one."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in sorted(POSITIONS.glob("*")):
        if path.suffix in (".json", ".sgf", ".psq"):
            shutil.copy(path, folder / path.name)
    (folder / "broken.json").write_text('{"moves": [[0, 0], ', encoding="utf-8")
    (folder / "empty.sgf").write_text("", encoding="utf-8")
    (folder / "sub").mkdir(exist_ok=True)


@contextlib.contextmanager
def sandbox(root: Path) -> Iterator[None]:
    """``$GOMOKU_DATA_DIR`` and ``$GOMOKU_GAMES_DIR`` in ``root``, saves refused outside it,
    and a thread's exception kept (``threading.excepthook``) rather than only printed."""
    saved_env = {name: os.environ.get(name) for name in (storage.DATA_DIR_ENV, storage.GAMES_DIR_ENV)}
    os.environ[storage.DATA_DIR_ENV] = str(root / "data")
    os.environ[storage.GAMES_DIR_ENV] = str(root / "games")
    real_save = storage.save

    def save_inside(game: Any, path: Any) -> Path:
        if not Path(path).resolve().is_relative_to(root.resolve()):
            raise PermissionError(f"the fuzz saves only under {root}")
        return real_save(game, path)

    storage.save = save_inside  # type: ignore[assignment]
    try:
        yield
    finally:
        storage.save = real_save  # type: ignore[assignment]
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


async def fuzz(
    make_analyst: Callable[[], Analyst],
    *,
    size: tuple[int, int],
    seed: int,
    keys: int,
    engine: str = "",
    review_options: dict[str, Any] | None = None,
    max_gap: float = MAX_GAP,
) -> FuzzReport:
    """Send ``keys`` random keys to the app at terminal ``size``, from ``seed``; what was found."""
    rng = random.Random(seed)
    report = FuzzReport(seed, size, engine)
    thread_errors: list[str] = []
    hook = threading.excepthook

    def thread_failed(args: Any) -> None:
        thread_errors.append("".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)))

    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gomoku-fuzz-") as folder:
        root = Path(folder)
        stock_games_folder(root / "games")
        threading.excepthook = thread_failed
        try:
            with sandbox(root):
                while report.keys < keys:
                    before = report.keys
                    await _one_app(make_analyst, rng, report, keys, size, review_options or {}, max_gap)
                    report.tracebacks.extend(thread_errors)
                    thread_errors.clear()
                    if report.keys == before:  # an app that fails before its first key: no use starting another
                        break
        finally:
            threading.excepthook = hook
    report.seconds = time.perf_counter() - start
    return report


async def _one_app(
    make_analyst: Callable[[], Analyst],
    rng: random.Random,
    report: FuzzReport,
    keys: int,
    size: tuple[int, int],
    review_options: dict[str, Any],
    max_gap: float,
) -> None:
    """One app, fuzzed until the keys are all sent or it closes (a quit, or a crash)."""
    app = FuzzedApp(analyst=make_analyst(), settings=GameSettings(mode="humans", level="greedy"), watch_delay=0)
    app.move_walk.review_options = dict(review_options)
    report.apps += 1
    sent: list[str] = []
    try:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            tour = list(TOUR)
            while report.keys < keys and app.return_code is None:
                touring = bool(tour)
                for item in [tour.pop(0)] if touring else next_keys(rng, app):
                    if app.return_code is not None or app._driver is None:
                        break
                    if isinstance(item, tuple):
                        event: events.Event = events.Paste(item[1])
                        report.pastes += 1
                        sent.append(f"paste {item[1][:30]!r}")
                    else:
                        event = key_event(item)
                        sent.append(item)
                    event.set_sender(app)
                    app._driver.send_message(event)
                    report.keys += 1
                    if touring:  # each screen of the tour shown before the next key
                        await pilot.pause()
                    else:
                        gap = 0.0 if rng.random() < 0.3 else rng.uniform(0, max_gap)
                        slept = time.perf_counter()
                        await asyncio.sleep(gap)
                        report.slowest = max(report.slowest, time.perf_counter() - slept - gap)
                    if app.return_code is None:
                        report.screens[screen_name(app)] += 1
            # The keys already sent are handled before the app is closed, as in a terminal
            # (Pilot's run_test would take the screens away under them: a crash of its own).
            if app.return_code is None:
                await pilot.pause()
            for _ in range(int(CLOSE_WAIT / 0.01)):
                if app.return_code is None or not app.is_running:
                    break
                await asyncio.sleep(0.01)
            else:
                workers = [worker.name for worker in app.workers if worker.is_running]
                report.tracebacks.append(f"the app took over {CLOSE_WAIT} s to close (workers running: {workers})")
                report.last_keys.append(sent[-40:])
    except Exception as exc:  # the app's exception, raised again by run_test as it closes
        report.tracebacks.append("".join(traceback.format_exception(exc)))
        report.last_keys.append(sent[-40:])
        return
    if app.quitting:
        report.quits += 1
    elif app.return_code is not None:
        report.tracebacks.append(f"the app closed without quitting (return code {app.return_code})")
        report.last_keys.append(sent[-40:])


REAL_NODES = 200
"""The real engine's node budget for a move or a hint in the fuzz (a few milliseconds)."""
REVIEW_OPTIONS = {"nodes": 100, "threats": False}
"""The review's budget in the fuzz (the judge's own engine, at a few milliseconds a move)."""


def run_fuzz(size: tuple[int, int], seed: int, keys: int) -> FuzzReport:
    """The fuzz on the real engine at a tiny node budget."""
    make = lambda: Analyst.default(nodes=REAL_NODES)  # noqa: E731
    fuzz_run = fuzz(
        make, size=size, seed=seed, keys=keys, engine=f"real, {REAL_NODES} nodes", review_options=REVIEW_OPTIONS
    )
    return asyncio.run(fuzz_run)


def run(quick: bool) -> Iterator[dict[str, object]]:
    """The fuzz at both sizes: 10,000 keys each (40 when quick: the suite runs a longer fuzz on the fake engine)."""
    for i, size in enumerate(SIZES):
        report = run_fuzz(size, seed=53 + i, keys=40 if quick else 10_000)
        yield report.figure()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=10_000)
    parser.add_argument("--size", default="80x24", help="the terminal's WIDTHxHEIGHT")
    parser.add_argument("--seed", type=int, default=53)
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    report = run_fuzz((width, height), args.seed, args.keys)
    print(json.dumps(report.figure()), flush=True)
    for text, keys in zip(report.tracebacks, report.last_keys + [[]] * len(report.tracebacks)):
        print(text, file=sys.stderr)
        print("keys before it:", " ".join(keys), file=sys.stderr)
    return 1 if report.tracebacks else 0


if __name__ == "__main__":
    sys.exit(main())
