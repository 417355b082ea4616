"""Puzzles from games and the shipped sets, played against the engine's defence (see docs/puzzles.md)."""
