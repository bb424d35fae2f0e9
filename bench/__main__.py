"""Run every benchmark module of this package (each ``bench/<name>.py`` with a ``main()``)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import bench


def run_all(selected: list[str]) -> None:
    for module_info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_") or (selected and module_info.name not in selected):
            continue
        module = importlib.import_module(f"bench.{module_info.name}")
        if hasattr(module, "main"):
            print(f"== bench.{module_info.name}", flush=True)
            module.main()


if __name__ == "__main__":
    run_all(sys.argv[1:])
