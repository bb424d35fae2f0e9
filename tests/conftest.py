"""Fixtures shared by the whole suite."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _jobs_run_at_once(settings: Any) -> None:
    """Background jobs run inside the request, in the test's transaction (no broker, and a
    thread would not see the test's uncommitted rows)."""
    settings.JOBS_EAGER = True
