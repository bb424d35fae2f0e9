"""Fixtures shared by the whole suite."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache

RATING_LISTS = Path(__file__).resolve().parent / "data" / "ratinglist"


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


@pytest.fixture
def served() -> Iterator[str]:
    """The test rating lists (``tests/data/ratinglist``) served over HTTP on 127.0.0.1 (a
    free port), as a mirror of FIDE's files would."""
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(RATING_LISTS))
    handler.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


# Tests that run one at a time, in one process of a parallel run (``make test``): the
# production-stack tests share one Redis database (sessions, cache, Celery's queue), and each
# starts web and worker processes whose time limits assume no other stack beside them.
ONE_AT_A_TIME = {"tests/stack/": "production stack"}


def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    """``--dist loadgroup``, its groups named here by folder: pytest-xdist's own
    ``xdist_group`` marks do not reach its scheduler under this version of pytest."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class FolderGroups(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            for folder, group in ONE_AT_A_TIME.items():
                if nodeid.startswith(folder):
                    return group
            return str(super()._split_scope(nodeid))

    return FolderGroups(config, log)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, in their order: in a parallel run (``make test``) a long test
    handed out last would keep one process busy while the others have finished."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
