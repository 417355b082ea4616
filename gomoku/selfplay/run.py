"""A self-play run: a match between two players (or a level and itself) whose
levels sample their first moves, played by the match runner (here, in local
processes, or on a Dask cluster, resumable alike), then its dataset of
positions written beside the games.

The dataset is made from the games in the folder, the resumed ones included
(each game's JSON keeps its moves' scores and best moves), so a run cut short
and resumed gives the same kind of dataset as one run straight through.
"""

from __future__ import annotations

import functools
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from gomoku.match import MatchConfig, MatchResult, run_match
from gomoku.match.contestants import MatchError
from gomoku.match.folder import GAME_FILE, load_finished
from gomoku.records import RecordError, load_game, rules_from_dict
from gomoku.selfplay.dataset import Dataset, DatasetError, dataset_from_games, save_dataset
from gomoku.selfplay.players import Sampling, make_selfplay_player

__all__ = ["DATASET_FILE", "SelfPlayResult", "run_selfplay", "folder_dataset"]

DATASET_FILE = "positions.npz"
"""The dataset's name in the run's folder."""


@dataclass
class SelfPlayResult:
    """The run's games (as a match's, from A's side) and its dataset."""

    match: MatchResult
    dataset: Dataset
    path: Path


def run_selfplay(
    a_spec: str,
    b_spec: str,
    config: MatchConfig,
    sampling: Sampling,
    *,
    out_dir: str | os.PathLike[str],
    jobs: int = 1,
    cluster: str | None = None,
    resume: bool = False,
    progress: TextIO | None = None,
) -> SelfPlayResult:
    """Play ``config.games`` self-play games into ``out_dir`` and write their
    dataset there (``positions.npz``). ``jobs``, ``cluster`` and ``resume`` are
    the match runner's (``gomoku.match.run_match``)."""
    factory = functools.partial(make_selfplay_player, sampling=sampling)
    settings = {"selfplay": asdict(sampling)}
    match = run_match(
        a_spec,
        b_spec,
        config,
        jobs=jobs,
        out_dir=out_dir,
        progress=progress,
        player_factory=factory,
        cluster=cluster,
        resume=resume,
        settings=settings,
    )
    meta = _meta([match.a, match.b], [a_spec, b_spec], settings["selfplay"], config.time_per_move_ms)
    dataset = dataset_from_games(match.games, config.rules, meta)
    path = save_dataset(dataset, Path(out_dir) / DATASET_FILE)
    return SelfPlayResult(match, dataset, path)


def folder_dataset(out_dir: str | os.PathLike[str]) -> Dataset:
    """The dataset of the finished games in a self-play folder, as ``run_selfplay``
    would write it: for a run cut short and not resumed (its ``positions.npz`` is
    written at the end). A ``DatasetError`` (one line) when the folder holds no
    self-play games, or games of two runs.

    >>> import tempfile
    >>> folder_dataset(tempfile.mkdtemp())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gomoku.selfplay.dataset.DatasetError: ...: no positions.npz and no finished game to read
    """
    folder = Path(out_dir)
    files = sorted(folder.glob("game-*.json"))
    if not files:
        raise DatasetError(f"{folder}: no {DATASET_FILE} and no finished game to read")
    try:
        first = load_game(files[0]).metadata
        settings = first["settings"]
        rules = rules_from_dict(settings["rules"])
        last = max(int(m.group(1)) for m in map(GAME_FILE.fullmatch, (f.name for f in files)) if m)
        games = load_finished(folder, settings, last)
    except (RecordError, MatchError, KeyError, TypeError, ValueError) as exc:
        raise DatasetError(f"{folder}: its games cannot be read as one self-play run ({exc})") from None
    if "selfplay" not in settings:
        raise DatasetError(f"{folder}: the games of a match, not of a self-play run")
    specs = [settings.get("a"), settings.get("b")]
    meta = _meta(specs, specs, settings["selfplay"], settings.get("time_per_move_ms"))
    return dataset_from_games(games, rules, meta)


def _meta(players: list, specs: list, sampling: dict, time_per_move_ms: int | None) -> dict:
    """A self-play dataset's own part of its ``meta``: who played, as given, and how."""
    return {
        "players": players,
        "specs": specs,
        "settings": {"selfplay": sampling},
        "time_per_move_ms": time_per_move_ms,
    }
