"""Run every benchmark module of this package (each ``bench/<name>.py`` with a ``main()``).

``python -m bench`` runs them all, ``python -m bench api pairing`` the ones named. Each runs
in a process of its own: several set Django up on a fresh SQLite file of their own, which a
process can do only once, and peak-memory figures must not count an earlier benchmark's
allocations. Each runs at its module's default size (chosen to finish in about a minute on
two cores); run a module alone with its own options for other sizes.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
import time
from pathlib import Path

import bench

HERE = Path(bench.__path__[0])


def benchmarks() -> list[str]:
    """The modules of this package that define ``main()``, by name."""
    names = []
    for module_info in sorted(pkgutil.iter_modules(bench.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        tree = ast.parse((HERE / f"{module_info.name}.py").read_text(encoding="utf-8"))
        if any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body):
            names.append(module_info.name)
    return names


def run_all(selected: list[str]) -> int:
    """Run the benchmarks (all, or those named); returns how many failed."""
    known = benchmarks()
    unknown = [name for name in selected if name not in known]
    if unknown:
        print(f"no benchmark named {', '.join(unknown)}; known: {', '.join(known)}")
        return len(unknown)
    failed = []
    for name in selected or known:
        print(f"== bench.{name}", flush=True)
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", f"bench.{name}"], check=False)
        seconds = time.perf_counter() - started
        status = "ok" if done.returncode == 0 else f"FAILED (exit status {done.returncode})"
        print(f"-- bench.{name}: {status} in {seconds:.0f} s", flush=True)
        if done.returncode:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return len(failed)


if __name__ == "__main__":
    sys.exit(1 if run_all(sys.argv[1:]) else 0)
