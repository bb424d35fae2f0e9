"""Fixtures shared by the whole suite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Cached reads are keyed by tournament id and version, which a rolled-back test's
    successor reuses: each test starts with an empty cache."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _jobs_run_at_once(settings: Any) -> None:
    """Background jobs run inside the request, in the test's transaction (no broker, and a
    thread would not see the test's uncommitted rows)."""
    settings.JOBS_EAGER = True


@pytest.fixture(autouse=True)
def _files_in_a_temporary_folder(settings: Any, tmp_path: Any) -> None:
    """Files the jobs keep (uploads, PDF reports) go to the test's own folder."""
    settings.MEDIA_ROOT = tmp_path / "media"
