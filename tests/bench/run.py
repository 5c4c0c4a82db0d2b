"""Benchmarks: `python tests/bench/run.py [--json] [--only NAME]` prints named figures.

Each `bench_*.py` beside this file exposes `benchmarks() -> dict[str, float]` (figures in
milliseconds unless the name says otherwise). Targets are checked by reading the figures,
not by timed tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", help="run only bench_<NAME>.py")
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    for path in sorted(HERE.glob("bench_*.py")):
        name = path.stem.removeprefix("bench_")
        if args.only and name != args.only:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        results[name] = module.benchmarks()
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        for group, figures in results.items():
            for key, value in figures.items():
                print(f"{group}.{key}: {value:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
