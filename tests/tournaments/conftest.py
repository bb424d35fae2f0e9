"""Fixtures of the tournaments tests: writers started at the same moment from threads."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.db import connections

RACERS = 3
"""The most calls one race starts together."""


@pytest.fixture
def racers() -> Iterator[Callable[..., tuple[Any, ...]]]:
    """Run calls at the same moment, each from a thread of its own with its own database
    connection; their return values, in order."""
    pool = ThreadPoolExecutor(max_workers=RACERS)

    def race(*calls: Callable[[], Any]) -> tuple[Any, ...]:
        barrier = threading.Barrier(len(calls))

        def together(call: Callable[[], Any]) -> Callable[[], Any]:
            def run() -> Any:
                barrier.wait()
                return call()

            return run

        futures = [pool.submit(together(call)) for call in calls]
        return tuple(future.result() for future in futures)

    yield race
    # Each worker thread opened its own connection: close it, or the test database stays
    # busy. A barrier of as many tasks as threads puts one task on each thread.
    closing = threading.Barrier(RACERS)
    for _ in range(RACERS):
        pool.submit(lambda: (closing.wait(), connections.close_all()))
    pool.shutdown(wait=True)
