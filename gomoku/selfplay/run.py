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
from gomoku.selfplay.dataset import Dataset, dataset_from_games, save_dataset
from gomoku.selfplay.players import Sampling, make_selfplay_player

__all__ = ["DATASET_FILE", "SelfPlayResult", "run_selfplay"]

DATASET_FILE = "positions.npz"
"""The dataset's name in the run's folder."""


@dataclass
class SelfPlayResult:
    """The run's games (as a match's, from A's side) and its dataset."""

    match: MatchResult
    dataset: Dataset
    path: Path


def run_selfplay(a_spec: str, b_spec: str, config: MatchConfig, sampling: Sampling, *,
                 out_dir: str | os.PathLike[str], jobs: int = 1, cluster: str | None = None, resume: bool = False,
                 progress: TextIO | None = None) -> SelfPlayResult:
    """Play ``config.games`` self-play games into ``out_dir`` and write their
    dataset there (``positions.npz``). ``jobs``, ``cluster`` and ``resume`` are
    the match runner's (``gomoku.match.run_match``)."""
    factory = functools.partial(make_selfplay_player, sampling=sampling)
    settings = {"selfplay": asdict(sampling)}
    match = run_match(a_spec, b_spec, config, jobs=jobs, out_dir=out_dir, progress=progress, player_factory=factory,
                      cluster=cluster, resume=resume, settings=settings)
    meta = {"players": [match.a, match.b], "specs": [a_spec, b_spec], "settings": settings,
            "time_per_move_ms": config.time_per_move_ms}
    dataset = dataset_from_games(match.games, config.rules, meta)
    path = save_dataset(dataset, Path(out_dir) / DATASET_FILE)
    return SelfPlayResult(match, dataset, path)
