"""``make bench`` finds every benchmark and each one starts (its options parse); the
measurements themselves are not run here (no timings in tests)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench.__main__ import benchmarks, run_all

# The benchmarks the issues ask for: file checking, pairing, standings, wall chart, API, the
# random generator, the cross-test and the live round page's two candidates.
REQUIRED = {
    "api",
    "checkgames",
    "crosstest",
    "generator",
    "live",
    "pairing",
    "pairing_1000",
    "rating_list",
    "standings_queries",
    "standings_scoring",
    "wallchart",
}


def test_every_benchmark_module_is_run():
    assert set(benchmarks()) >= REQUIRED
    assert "__main__" not in benchmarks()


@pytest.mark.parametrize("name", benchmarks())
def test_each_benchmark_starts_as_its_own_module(name):
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{name}", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:")


def test_an_unknown_benchmark_is_named(capsys):
    assert run_all(["wallchart", "no_such_bench"]) == 1
    assert capsys.readouterr().out.startswith("no benchmark named no_such_bench; known: api, ")
