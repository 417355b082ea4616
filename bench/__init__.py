"""The benchmark suite: ``python -m bench [--quick] [NAME ...]``.

Every module ``bench/bench_*.py`` has ``run(quick: bool)``, a generator of
figures ``{"name": ..., "value": ..., "unit": ...}`` (extra keys allowed).
Each figure is printed as one JSON line as soon as it is measured.
"""
