"""Engine benchmark (same as `pickpack bench`): python bench/bench_engine.py [--json] [--seconds S]."""

from __future__ import annotations

import sys

from pickpack.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", *sys.argv[1:]]))
