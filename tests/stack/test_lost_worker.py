"""A Celery worker killed as a whole mid-import (issue #27): its job is found by its
heartbeat and imported again by the next worker, complete and once, within two minutes,
not after the broker's visibility timeout (an hour, left so here); the job says what
happened.

The worker runs as ``deploy/arbiter.sh worker`` starts it, in a process group of its own,
and the whole group (the worker and its pool process) is killed with SIGKILL, as a machine
lost or ``kill -9`` of the worker would: nothing tells the broker or the database. The
heartbeat thresholds are lowered through the environment (``JOBS_HEARTBEAT``,
``JOBS_LOST_AFTER``) to keep the test short.

Runs where ``.ci/run`` provides the servers, as ``test_production_stack.py`` does.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from games.models import Game
from jobs.models import Job
from tests.stack.test_production_stack import (
    PASSWORD,
    REDIS_URL,
    Stack,
    _api,
    _event,
    _follow,
    _health,
    _wait,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="STACK_REDIS_URL not set (.ci/run sets it)"),
]

GAMES = int(os.environ.get("STACK_LOST_GAMES", "600"))
"""Enough games for the import to be killed part-way, few enough to be imported again
within the two minutes on a busy machine (ten games a second or more)."""
RECOVERY = 120
"""Seconds from the kill to the job done: what issue #27 asks."""


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


def test_a_worker_killed_as_a_whole_mid_import_loses_no_game_and_imports_none_twice(
    tmp_path: Path,
) -> None:
    stack = Stack(tmp_path)
    stack.env.update(
        CACHE_KEY_PREFIX="lost-worker-test",  # its own throttle counts, not an earlier test's
        CELERY_VISIBILITY_TIMEOUT="3600",  # the broker would give the job back in an hour
        JOBS_HEARTBEAT="1",
        JOBS_LOST_AFTER="8",
        WEB_WORKERS="3",
    )
    web = stack.webs[0]
    try:
        stack.start("web", WEB_BIND=web.removeprefix("http://"))
        stack.start("worker", WORKER_NAME="first")
        first = stack.processes[-1]
        _wait(lambda: _health(web), 90, f"{web}/health/")
        tournament, pgn = _event(User.objects.create_user("stack", password=PASSWORD), GAMES)
        base = f"{web}/api/v1/tournaments/{tournament.slug}/pgn/"
        status, check = _api("POST", base, {"pgn": pgn, "file_name": "lost.pgn"})
        assert status == 202, check
        checked = _follow(web, check["id"], lambda s: s["status"] in ("done", "failed"), 600)
        assert (checked["status"], checked["result"]["games"]) == ("done", GAMES), checked

        status, imported = _api("POST", f"{base}{checked['result']['upload']}/import/")
        assert status == 202, imported
        job = imported["id"]
        seen = _follow(web, job, lambda s: s["done"] >= GAMES // 4, 600)
        assert seen["status"] == "running" and seen["done"] < GAMES, seen

        _kill_group(first)
        killed_at = time.monotonic()
        assert Game.objects.filter(pairing__round__tournament=tournament).count() == 0
        stack.start("worker", WORKER_NAME="second")
        final = _follow(web, job, lambda s: s["status"] in ("done", "failed"), RECOVERY + 60)
        recovered_in = time.monotonic() - killed_at
        assert (final["status"], final["result"]["imported"]) == ("done", GAMES), final
        assert recovered_in < RECOVERY, f"done {recovered_in:.0f} s after the kill"
        games = Game.objects.filter(pairing__round__tournament=tournament)
        assert games.count() == GAMES
        assert games.values("pairing").distinct().count() == GAMES

        (lost,) = final["interruptions"]
        assert lost["worker"].startswith("first@")
        assert GAMES // 4 <= lost["done"] < GAMES and lost["total"] == GAMES
        assert lost["started_again_at"] is not None
        assert lost["message"].startswith(f"Worker {lost['worker']} stopped answering at ")
        assert Job.objects.get(pk=job).attempts == 2
    finally:
        stack.stop()
    print(f"import of {GAMES} games done {recovered_in:.0f} s after its worker was killed")
