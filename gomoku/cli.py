"""The ``gomoku`` command: the front door to the engine and the app."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from importlib.metadata import entry_points
from typing import Any, NoReturn

from gomoku import __version__
from gomoku.commands import MODULES
from gomoku.match.external import external_engine

__all__ = ["ArgumentParser", "build_parser", "app_file", "run_app", "main"]

GAME_SUFFIXES = (".json", ".sgf", ".psq")
"""The files ``gomoku FILE`` opens in the app (``gomoku.records``' formats), even before they exist."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but an argument that starts with a minus and a digit is a value, not an
    option: a move string or a cell with a negative coordinate (``"-1,-1"``, ``--region
    -3,-3,3,3``). No option of ours starts with a digit."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"^-\d")

    def error(self, message: str) -> NoReturn:
        """A mistake on the command line, as every other user error: ``gomoku: error:
        ...`` on one line (where to read more at its end), exit 2; no usage block.
        Subparsers are made of this class too, so this holds for every command."""
        message = message.replace("\r", "\\r").replace("\n", "\\n")
        see = f" (see {self.prog} --help)"
        self.exit(2, f"gomoku: error: {message}{see}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="gomoku",
        description="Five-in-a-row on an endless board. With no command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"gomoku {__version__}")
    parser.add_argument(
        "--engine",
        metavar="PATH",
        help="open the app with another program as the engine (opponent and hints): a pbrain "
        "(Gomocup) brain, PATH or PATH and its arguments in one string",
    )
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in MODULES:
        module = importlib.import_module(f"gomoku.commands.{name}")
        module.register(subparsers)
    return parser


def _command_parser(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser of the command ``argv`` names (its first word that is a command), else ``parser``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            name = next((word for word in argv if word in action.choices), None)
            if name is not None:
                return action.choices[name]
    return parser


def app_file(parser: argparse.ArgumentParser, argv: Sequence[str]) -> str | None:
    """The game file of ``gomoku FILE``: a lone argument that is no command nor option, and
    names a game file (by its extension) or an existing path; else None (argparse decides).

    >>> parser = build_parser()
    >>> app_file(parser, ["game.sgf"]), app_file(parser, ["review"]), app_file(parser, ["reveiw"])
    ('game.sgf', None, None)
    >>> app_file(parser, ["--version"]), app_file(parser, ["a.json", "b.json"])
    (None, None)
    """
    if len(argv) != 1 or argv[0].startswith("-"):
        return None
    word = argv[0]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and word in action.choices:
            return None
    if os.path.splitext(word)[1].lower() in GAME_SUFFIXES or os.path.exists(word):
        return word
    return None


def run_app(path: str | None = None, engine: str | None = None) -> int:
    """Start the terminal app: the program installed under the ``gomoku.app`` entry
    point (``tui.app:main``), on the game file ``path`` if given (``gomoku FILE``), with
    the external program ``engine`` as its engine if given (checked first: a one-line
    ValueError). The engine never imports the app; without one installed, the help is
    printed."""
    apps = entry_points(group="gomoku.app")
    if not apps:
        if path is not None:
            print(f"gomoku: error: cannot open {path}: the app is not installed", file=sys.stderr)
            return 2
        build_parser().print_help()
        return 0
    app = next(iter(apps)).load()
    if engine is not None:
        external_engine(engine)  # a program that can be run, or one line saying why not
        return int(app(path, engine=engine) or 0)
    return int((app(path) if path is not None else app()) or 0)


class Terminated(KeyboardInterrupt):
    """SIGTERM (a ``timeout``, a batch system, ``kill``), raised where Ctrl-C's
    KeyboardInterrupt would be: a run ends the same way, saying what it saved."""


def _terminated(signum: int, frame: object) -> NoReturn:
    raise Terminated()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; a user error prints one line to stderr and exits 2."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list:
        return run_app()
    path = app_file(parser, args_list)
    if path is not None:  # gomoku FILE: the game in the app
        return run_app(path)
    args, unknown = parser.parse_known_args(args_list)
    if unknown:
        # Said by the command's own parser, so that the line points at its --help.
        _command_parser(parser, args_list).error(f"unrecognized arguments: {' '.join(unknown)}")
    func = getattr(args, "func", None)
    if func is None and args.engine is not None:
        func = lambda args: run_app(engine=args.engine)  # noqa: E731 - the app, its errors as a command's
    if func is None:
        parser.print_help()
        return 0
    in_main = threading.current_thread() is threading.main_thread()
    before = signal.signal(signal.SIGTERM, _terminated) if in_main else None
    try:
        return int(func(args) or 0)
    except BrokenPipeError:
        # The reader went away (``gomoku weights ... | head``): not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (ValueError, OSError) as exc:
        # One line, whatever the message holds (an SGF value may hold a newline).
        message = str(exc).replace("\r", "\\r").replace("\n", "\\n")
        print(f"gomoku: error: {message}", file=sys.stderr)
        return 2
    except (MemoryError, RecursionError) as exc:
        # Input past what the process can hold or walk: still one line, no traceback.
        what = "out of memory" if isinstance(exc, MemoryError) else "input nested too deeply"
        print(f"gomoku: error: {what} (is the input much larger than a game?)", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        terminated = isinstance(exc, Terminated)
        print(f"gomoku: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return 143 if terminated else 130  # 128 and the signal's number, as a shell says it
    finally:
        if before is not None:
            signal.signal(signal.SIGTERM, before)


if __name__ == "__main__":
    sys.exit(main())
