"""Shared by every test: ``tests/`` on the path, so ``from waiting import wait_until``
works from any folder of the suite."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
