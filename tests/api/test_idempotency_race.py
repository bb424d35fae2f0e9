"""The same Idempotency-Key sent twice at once: one write, never two.

Issue: on the production stack the second of two simultaneous requests got 412 (it read the
result the first had just written) and in 2 pairs of 100 both wrote. The key is now claimed
in a transaction of its own before the write: the second request finds the claim and waits
for the first reply, or is answered 409 with Retry-After.

Real concurrency needs real connections: the requests are sent by two threads of a child
process, on an SQLite file configured as ``make run`` configures it, or on the test
PostgreSQL database when the suite runs on PostgreSQL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from tests.stack.test_production_stack import _database_url
from tests.test_foundation import run_python

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def _race(tmp_path: Path) -> dict[str, Any]:
    if connection.vendor == "postgresql":
        url = _database_url()  # the test database: the child's rows are flushed after
    else:
        url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    run = run_python("from tests.api.idempotency_race import main; main()", DATABASE_URL=url)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _waited_or_conflict(reply: dict[str, Any]) -> bool:
    """The second request's proper answers: the first reply replayed, or 409 retry later."""
    replayed = reply["status"] == 201 and reply["replayed"]
    conflict = reply["status"] == 409 and reply["code"] == "idempotency_conflict"
    return replayed or (conflict and reply["retry_after"] == "1")


def test_the_same_key_sent_twice_at_once_writes_once(tmp_path: Path) -> None:
    report = _race(tmp_path)

    # The first request is held inside its write until the second has its answer: the
    # second never starts a write of its own, and is told to retry.
    held = report["held"]
    assert held["writes"] == 1
    first, second = sorted(held["replies"], key=lambda reply: reply["status"])
    assert first == {"status": 201, "retry_after": None, "replayed": False, "code": None}
    assert second["status"] == 409 and _waited_or_conflict(second)
    # Retried, it gets the first reply.
    assert held["third"]["status"] == 201 and held["third"]["replayed"]
    assert report["players"]["Held, Hal"] == 1

    # Pairs sent at the same moment, unheld: each wrote once; the other request waited
    # for the reply or was told to retry.
    for pair in report["free"]:
        fresh = [reply for reply in pair if reply["status"] == 201 and not reply["replayed"]]
        assert len(fresh) == 1, pair
        assert all(_waited_or_conflict(reply) for reply in pair if reply not in fresh), pair
    assert all(count == 1 for count in report["players"].values()), report["players"]
