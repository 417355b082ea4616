"""Imports point one way: every module of ``gomoku`` and ``tui`` is read (ast) and
its imports checked against the layer table, with no circle and no import hidden
inside a function; and importing the engine never imports the app."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("gomoku.board", "gomoku.files"),
    ("gomoku.core", "gomoku.attacks", "gomoku.classic"),
    ("gomoku.search",),
    ("gomoku.engine",),
    ("gomoku.records", "gomoku.review"),
    ("gomoku.puzzles",),
    ("gomoku.protocol",),
    ("gomoku.match", "gomoku.experiments"),
    ("gomoku.selfplay", "gomoku.tuning"),
    ("gomoku.learning",),
    ("gomoku.commands",),
    ("gomoku.cli",),
    ("tui",),
)
"""The layers, bottom first. A module imports modules of its own package or of a
lower layer, never a higher one nor a neighbour of its own layer."""

ONLY: dict[str, tuple[str, ...]] = {
    "gomoku.core": ("gomoku.core",),
    "gomoku.classic": ("gomoku.board", "gomoku.classic"),
    "gomoku.attacks": ("gomoku.board", "gomoku.files", "gomoku.attacks"),
}
"""Packages held to less than their layer allows: the kernels know nothing of
points, and the classic strategies and the attack scanner stand on the board alone."""


def _package(module: str) -> str:
    """The layer table's entry a module belongs to."""
    for layer in LAYERS:
        for package in layer:
            if module == package or module.startswith(package + "."):
                return package
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS")


def _layer(package: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if package in layer)


def _modules() -> dict[str, Path]:
    found = {}
    for top in ("gomoku", "tui"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> tuple[set[str], set[str]]:
    """The project modules ``name`` imports at its top level, and those it imports inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    inner: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names]
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
        # ``from pkg import mod`` names the submodule when there is one
        return [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                for target in targets(child):
                    if target.split(".")[0] in ("gomoku", "tui"):
                        (inner if in_function else top).add(target)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return top, inner


GRAPH = {name: _imports(name, path) for name, path in MODULES.items() if name != "gomoku"}
"""Each module's imports (``gomoku/__init__`` is left out: it names the public API and
imports each name's module lazily, on first use)."""


@pytest.mark.parametrize("name", sorted(GRAPH))
def test_a_module_imports_only_its_own_package_or_lower_layers(name: str) -> None:
    top, inner = GRAPH[name]
    assert not inner, f"{name} imports {sorted(inner)} inside a function: import at the top"
    mine = _package(name)
    for target in top:
        if target == "gomoku":  # ``__version__`` and the public API: no module of its own
            continue
        theirs = _package(target)
        if theirs == mine:
            continue
        assert _layer(theirs) < _layer(mine), f"{name} ({mine}) imports {target} ({theirs}): not a lower layer"
        if mine in ONLY:
            assert theirs in ONLY[mine], f"{name} imports {target}: {mine} may use only {ONLY[mine]}"


def test_the_import_graph_has_no_circle() -> None:
    edges = {name: {t for t in top if t in GRAPH} for name, (top, _) in GRAPH.items()}
    done: set[str] = set()

    def walk(node: str, path: list[str]) -> None:
        if node in path:
            raise AssertionError("import circle: " + " -> ".join(path[path.index(node) :] + [node]))
        if node in done:
            return
        for nxt in sorted(edges[node]):
            walk(nxt, path + [node])
        done.add(node)

    for name in sorted(edges):
        walk(name, [])


def test_the_layer_table_catches_an_upward_import(tmp_path: Path) -> None:
    # The checker itself: a board module that imported the engine would be refused.
    fake = tmp_path / "fake.py"
    fake.write_text("from gomoku.engine import Engine\n\ndef f():\n    from gomoku.search import layout\n")
    MODULES["gomoku.board.fake"] = fake
    try:
        top, inner = _imports("gomoku.board.fake", fake)
    finally:
        del MODULES["gomoku.board.fake"]
    assert top == {"gomoku.engine"} and inner == {"gomoku.search.layout"}
    assert _layer(_package("gomoku.engine")) > _layer(_package("gomoku.board.fake"))


SCRIPT = """
import importlib, pkgutil, sys
import gomoku
light = 'numba' not in sys.modules
names = ["gomoku"] + [m.name for m in pkgutil.walk_packages(gomoku.__path__, "gomoku.")]
for name in names:
    importlib.import_module(name)
bad = sorted(m for m in sys.modules if m == "textual" or m.startswith(("textual.", "tui")))
print(light, len(names), " ".join(bad))
"""


def test_importing_the_engine_does_not_import_textual_and_import_gomoku_is_light() -> None:
    # A fresh interpreter: this test session may have textual loaded already.
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    light, count, *loaded = done.stdout.split()
    assert light == "True", "import gomoku imported numba"
    assert int(count) >= 40
    assert loaded == [], f"the engine imported {loaded}"


def test_the_public_api_loads_lazily() -> None:
    code = (
        "import sys, gomoku; print('numba' in sys.modules);"
        "from gomoku import Board, Rules, Engine, Hint, Limit, SearchInfo, find_forced_win, load_game, save_game;"
        "from gomoku import BoardError, GameOverError, OccupiedError, RecordError;"
        "print('numba' in sys.modules, Engine.__module__, sorted(gomoku.__all__) == gomoku.__all__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "gomoku.engine.engine", "True"]


def test_every_module_of_the_engine_names_its_api_in_all() -> None:
    code = (
        "import importlib, pkgutil, gomoku\n"
        "bad = []\n"
        "for m in pkgutil.walk_packages(gomoku.__path__, 'gomoku.'):\n"
        "    module = importlib.import_module(m.name)\n"
        "    names = getattr(module, '__all__', None)\n"
        "    if names is None:\n"
        "        bad.append(m.name + ': no __all__')\n"
        "    else:\n"
        "        bad += [f'{m.name}: {n} is not there' for n in names if not hasattr(module, n)]\n"
        "print('\\n'.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", done.stdout
