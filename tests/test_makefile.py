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
