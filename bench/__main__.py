"""Run every benchmark module and print its figures as JSON lines."""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short run, for smoke tests")
    parser.add_argument("names", nargs="*", help="only these modules (e.g. board weights)")
    args = parser.parse_args()
    here = Path(__file__).parent
    modules = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if args.names:
        modules = [m for m in modules if m.removeprefix("bench_") in args.names]
    failed = 0
    for name in modules:
        module = importlib.import_module(f"bench.{name}")
        start = time.perf_counter()
        try:
            for figure in module.run(args.quick):
                print(json.dumps(figure), flush=True)
        except Exception as exc:  # a broken benchmark must not hide the others
            failed += 1
            print(json.dumps({"name": name, "error": f"{type(exc).__name__}: {exc}"}), flush=True)
        print(f"# {name}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
