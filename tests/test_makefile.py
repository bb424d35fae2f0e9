"""``make run`` installs the application's requirements only, not the test toolchain."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_installs_the_runtime_requirements_only():
    plan = subprocess.run(
        ["make", "--dry-run", "--always-make", "run", "VENV=/nonexistent-venv"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    assert "-r requirements.txt" in plan
    assert "requirements-dev.txt" not in plan


def _plan(*args: str) -> str:
    return subprocess.run(
        ["make", "--dry-run", "--always-make", *args, "VENV=/nonexistent-venv"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    ).stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_test_runs_in_parallel_and_the_developer_s_arguments_come_last():
    pytest_line = next(line for line in _plan("test").splitlines() if " -m pytest" in line)
    assert "-n auto --dist loadgroup" in pytest_line
    serial = _plan("test", "PYTEST_ARGS=-n 0").splitlines()
    assert next(line for line in serial if " -m pytest" in line).endswith("-n 0")


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_test_fast_leaves_out_lint_browser_and_slow_tests():
    plan = _plan("test-fast")
    assert '-m "not slow and not browser"' in plan
    assert "ruff" not in plan
    assert "mypy" not in plan
