"""PostgreSQL restarted under the production stack (issue #27): every request in flight or
sent meanwhile is answered, either as usual or 503 with Retry-After, never with another
server error, and the stack answers as usual once the database is back.

The test cannot restart the server it is given (it may not own it), so it does to the
stack what a restart does: every connection of the stack's processes (three gunicorn
workers keeping theirs between requests, a Celery worker) is ended by the server
(``pg_terminate_backend``), and new ones are refused for a few seconds (the database
accepting no connections, as a server shutting down and starting does). Four clients
read the public pages, the login page and the API meanwhile.

Runs where ``.ci/run`` provides the servers, as ``test_production_stack.py`` does.
"""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection

from games.models import Game
from jobs.models import Job
from tests.stack.test_production_stack import (
    PASSWORD,
    REDIS_URL,
    Stack,
    _api,
    _follow,
    _health,
    _wait,
)
from tests.stack.test_production_stack import _event as _import_event
from tests.stack.test_redis_outage import _event

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="STACK_REDIS_URL not set (.ci/run sets it)"),
]

CLIENTS = 4
DOWN = 3.0
"""Seconds the database refuses connections: a fast restart's."""


class Load:
    """Clients reading ``paths`` in turn until stopped; each answer's status and whether a
    503 said when to try again."""

    def __init__(self, web: str, paths: list[str]) -> None:
        self.web, self.paths = web, paths
        self.answers: Counter[tuple[int, bool]] = Counter()
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.threads = [threading.Thread(target=self._read, args=(n,)) for n in range(CLIENTS)]

    def __enter__(self) -> Load:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stopped.set()
        for thread in self.threads:
            thread.join(timeout=90)

    def _read(self, first: int) -> None:
        turn = first
        while not self.stopped.is_set():
            path = self.paths[turn % len(self.paths)]
            turn += 1
            try:
                with urllib.request.urlopen(self.web + path, timeout=60) as reply:
                    reply.read()
                    answer = (reply.status, False)
            except urllib.error.HTTPError as error:
                answer = (error.code, error.headers.get("Retry-After") is not None)
            with self.lock:
                self.answers[answer] += 1

    def count(self) -> int:
        with self.lock:
            return sum(self.answers.values())


def _restart_as_the_stack_sees_it() -> int:
    """End every connection to the test database but the test's own and refuse new ones for
    :data:`DOWN` seconds (from the server's maintenance database: a database cannot refuse
    the connection that asks it to); how many connections were ended."""
    test_database = connection.settings_dict["NAME"]
    own = connection.cursor().connection.info.backend_pid
    params = {**connection.get_connection_params(), "dbname": "postgres"}
    admin = connection.get_new_connection(params)
    admin.autocommit = True
    name = connection.ops.quote_name(test_database)
    try:
        admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
        try:
            row = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> %s",
                [test_database, own],
            ).fetchone()
            time.sleep(DOWN)
        finally:
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
    finally:
        admin.close()
    return int(row[0])


def _stack_connections() -> int:
    """How many connections the stack's processes hold to the test database."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [connection.settings_dict["NAME"]],
        )
        return int(cursor.fetchone()[0])


def test_a_database_restart_is_answered_503_with_retry_after_never_another_5xx(
    tmp_path: Path,
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the production stack runs on PostgreSQL")
    stack = Stack(tmp_path)
    # Its own keys in Redis (throttle counts), not an earlier test's.
    stack.env.update(WEB_WORKERS="3", CONN_MAX_AGE="60", CACHE_KEY_PREFIX="restart-test")
    web = stack.webs[0]
    try:
        stack.start("web", WEB_BIND=web.removeprefix("http://"))
        stack.start("worker", WORKER_NAME="restart")
        _wait(lambda: _health(web), 90, f"{web}/health/")
        t = f"/tournaments/{_event().pk}"
        paths = [
            "/",
            f"{t}/",
            f"{t}/standings/",
            f"{t}/rounds/1/pairings/",
            "/accounts/login/",
            "/api/v1/tournaments/",
        ]
        with Load(web, paths) as load:
            _wait(lambda: load.count() >= 20, 60, "the clients' first answers")
            # Every web worker has served and keeps its connection, whichever answered first.
            _wait(lambda: _stack_connections() >= 3, 60, "the web workers' kept connections")
            ended = _restart_as_the_stack_sees_it()
            during = load.count()
            _wait(lambda: load.count() >= during + 40, 90, "answers after the restart")
        assert ended >= 3  # the web workers' kept connections at least
        server_errors = {
            answer: count
            for answer, count in load.answers.items()
            if answer[0] >= 500 and answer != (503, True)
        }
        assert server_errors == {}, load.answers
        assert load.answers[(200, False)] > 0
        # Back to normal: every page answers as usual again.
        for path in paths:
            with urllib.request.urlopen(web + path, timeout=60) as reply:
                assert reply.status == 200, path
    finally:
        stack.stop()
    logs = "".join(path.read_text(errors="replace") for path in tmp_path.glob("web-*.log"))
    assert "Internal Server Error" not in logs
    print(f"answers while the database restarted: {dict(load.answers)}")


IMPORT_GAMES = 600
"""Enough games for the import to be cut part-way on a fast machine."""


def test_a_job_cut_by_a_database_restart_runs_again_and_imports_every_game_once(
    tmp_path: Path,
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the production stack runs on PostgreSQL")
    stack = Stack(tmp_path)
    stack.env.update(CACHE_KEY_PREFIX="restart-job-test", JOBS_HEARTBEAT="1")
    web = stack.webs[0]
    try:
        stack.start("web", WEB_BIND=web.removeprefix("http://"))
        stack.start("worker", WORKER_NAME="cut")
        _wait(lambda: _health(web), 90, f"{web}/health/")
        owner = User.objects.create_user("stack", password=PASSWORD)  # the API client's
        tournament, pgn = _import_event(owner, IMPORT_GAMES)
        base = f"{web}/api/v1/tournaments/{tournament.slug}/pgn/"
        status, check = _api("POST", base, {"pgn": pgn, "file_name": "restart.pgn"})
        assert status == 202, check
        checked = _follow(web, check["id"], lambda s: s["status"] in ("done", "failed"), 600)
        assert checked["status"] == "done", checked
        status, imported = _api("POST", f"{base}{checked['result']['upload']}/import/")
        assert status == 202, imported
        seen = _follow(web, imported["id"], lambda s: s["done"] >= IMPORT_GAMES // 4, 600)
        assert seen["status"] == "running" and seen["done"] < IMPORT_GAMES, seen
        _restart_as_the_stack_sees_it()
        final = _follow_through_503(web, imported["id"], 600)
    finally:
        stack.stop()
    assert (final["status"], final["result"]["imported"]) == ("done", IMPORT_GAMES), final
    games = Game.objects.filter(pairing__round__tournament=tournament)
    assert games.count() == games.values("pairing").distinct().count() == IMPORT_GAMES
    (cut,) = final["interruptions"]
    assert cut["cause"] == "database" and cut["worker"].startswith("cut@"), cut
    assert cut["message"].startswith("The database stopped answering "), cut
    assert Job.objects.get(pk=imported["id"]).attempts == 2


def _follow_through_503(web: str, job: int, seconds: float) -> dict[str, Any]:
    """The job's state once it has ended; a 503 (a web worker reconnecting) is asked again."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, state = _api("GET", f"{web}/api/v1/jobs/{job}/")
        if status == 200 and state["status"] in ("done", "failed"):
            return state  # type: ignore[no-any-return]
        assert status in (200, 503), state
        time.sleep(1)
    raise AssertionError(f"job {job} not ended within {seconds:.0f} s")
