"""The CLI's subcommands, one module per family.

Each module has ``register(subparsers)``, which adds its subcommands and sets
``func`` on each: a function of the parsed arguments that returns the exit code.
"""

__all__ = ["MODULES"]

MODULES = ("show", "analysis", "hint", "play", "experiment", "review", "puzzles", "selfplay", "tune", "train")
