"""The engine's tests mirror ``gomoku/``'s packages; ``strategies.py`` (hypothesis
strategies for boards and games) and ``fake_brains/`` (pbrain programs that misbehave
on purpose) sit here, beside them, for every package's tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
