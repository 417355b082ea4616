"""Subcommands: placeholder until its issue lands (see gomoku/commands/__init__.py)."""

import argparse


def register(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Add this module's subcommands (none yet)."""
