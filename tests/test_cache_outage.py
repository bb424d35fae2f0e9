"""Redis down is a cache that holds nothing, never an error page (arbiter.cache).

Issue #27: with Redis stopped every page answered 500, the anonymous public pages and the
login page included, and result saves and uploads too. Here the caches point at a port
where nothing listens (or at a server that never answers): reads miss, writes are dropped,
sessions come from the database, throttles count in the process, jobs run in the process;
``/health/`` says what is down and answers 503 only for the database. The real stack with
a Redis stopped and started again: ``tests/stack/test_redis_outage.py``.
"""

from __future__ import annotations

import logging
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.test import Client

import arbiter.cache
import arbiter.health
from arbiter.cache import RedisCache, RedisOrLocalCache
from arbiter.celery import app as celery_app
from arbiter.settings import redis_caches
from jobs.models import Job
from tests.factories import PairingFactory, RoundFactory, TournamentFactory, UserFactory
from tests.games.conftest import ROUND_ONE
from tournaments.models import Pairing, Tournament, TournamentRole

PASSWORD = "correct horse battery staple"


def _closed_port() -> int:
    """A loopback port where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(autouse=True)
def _no_outage_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test meets its Redis afresh: no outage remembered from another test."""
    monkeypatch.setattr(arbiter.cache, "_OUTAGES", {})


@pytest.fixture
def redis_down(settings: Any, monkeypatch: pytest.MonkeyPatch) -> str:
    """The production caches, sessions and broker, on a Redis that is down."""
    url = f"redis://127.0.0.1:{_closed_port()}/0"
    settings.CACHES = redis_caches(url, "outage-test")
    settings.CELERY_BROKER_URL = url
    monkeypatch.setattr(celery_app.conf, "broker_url", url)  # read once, at the first use
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return url


def test_a_redis_that_is_down_is_an_empty_cache_that_keeps_nothing(caplog):
    port = _closed_port()
    cache = RedisCache(f"redis://:secret@127.0.0.1:{port}/0", {})
    with caplog.at_level(logging.WARNING, logger="arbiter.cache"):
        cache.set("key", "value")
        assert cache.get("key", "absent") == "absent"
        assert cache.add("key", "value") is False
        assert cache.get_many(["key", "other"]) == {}
        assert cache.has_key("key") is False
        assert cache.delete("key") is False
        assert cache.set_many({"a": 1, "b": 2}) == ["a", "b"]
        assert cache.get_or_set("key", lambda: "computed") == "computed"
        with pytest.raises(ValueError):
            cache.incr("count")  # as for a key that is not there
    # The outage is logged once, not once per operation, and not the password.
    assert [r.getMessage().split(" (")[0] for r in caplog.records] == [
        f"cache redis://127.0.0.1:{port}/0 unreachable"
    ]


def test_a_redis_that_does_not_answer_is_a_miss_after_its_timeout():
    with socket.socket() as silent:  # accepts connections, never says a word
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        cache = RedisCache(
            f"redis://127.0.0.1:{silent.getsockname()[1]}/0",
            {"OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}},
        )
        assert cache.get("key", "absent") == "absent"
        cache.set("key", "value")  # dropped without trying: Redis is known to be down


def test_the_default_cache_counts_in_this_process_while_redis_is_down():
    cache = RedisOrLocalCache(f"redis://127.0.0.1:{_closed_port()}/0", {})
    assert cache.add("failures", 0) is True
    assert cache.incr("failures") == 1
    assert cache.incr("failures") == 2
    assert cache.get("failures") == 2


@pytest.fixture
def event(db: Any) -> tuple[Tournament, Any]:
    """A public tournament with round 1 published (two boards) and its chief arbiter."""
    tournament = TournamentFactory(name="Outage open", slug="outage-open")
    Tournament.objects.filter(pk=tournament.pk).update(public=True)
    tournament.refresh_from_db()
    round_one = RoundFactory(tournament=tournament, number=1)
    PairingFactory(round=round_one, board=1)
    PairingFactory(round=round_one, board=2)
    chief = UserFactory(username="chief")
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    return tournament, chief


def test_pages_logins_and_result_saves_answer_with_redis_down(redis_down, event):
    tournament, _chief = event
    t = f"/tournaments/{tournament.pk}"
    anonymous = Client()
    for path in ("/", f"{t}/", f"{t}/standings/", f"{t}/rounds/1/pairings/", "/accounts/login/"):
        assert anonymous.get(path).status_code == 200, path

    arbiter = Client()
    logged_in = arbiter.post("/accounts/login/", {"username": "chief", "password": PASSWORD})
    assert logged_in.status_code == 302
    assert Session.objects.count() == 1  # the session lives in the database
    for path in (f"{t}/arbiter/", f"{t}/rounds/1/"):
        assert arbiter.get(path).status_code == 200, path

    saved = arbiter.post(f"{t}/rounds/1/boards/1/result/", {"result": "1-0"})
    assert saved.status_code == 302
    by_api = arbiter.put(
        f"/api/v1/tournaments/{tournament.slug}/rounds/1/pairings/2/",
        {"result": "0-1"},
        content_type="application/json",
    )
    assert by_api.status_code == 200, by_api.content
    results = Pairing.objects.filter(round__tournament=tournament).order_by("board")
    assert list(results.values_list("result", flat=True)) == ["1-0", "0-1"]


def test_the_login_throttle_counts_in_the_process_while_redis_is_down(redis_down, event):
    client = Client()
    for _ in range(6):  # the free failures, then one that makes the address wait
        client.post("/accounts/login/", {"username": "chief", "password": "wrong"})
    refused = client.post("/accounts/login/", {"username": "chief", "password": PASSWORD})
    assert "Too many failed logins" in refused.content.decode()


def test_health_names_the_cache_down_and_answers_200_while_the_database_answers(
    redis_down, client, db
):
    reply = client.get("/health/")
    assert reply.status_code == 200
    report = reply.json()
    assert report["database"] == "ok"
    assert report["cache"].startswith("failed: ConnectionError: ")
    assert report["broker"].startswith("failed: ")  # the broker is the same Redis


def test_health_answers_503_when_the_database_does_not(client, monkeypatch):
    def no_database() -> None:
        raise ConnectionRefusedError("the database server is not running")

    monkeypatch.setattr(arbiter.health, "_database", no_database)
    reply = client.get("/health/")
    assert reply.status_code == 503
    assert reply.json() == {
        "database": "failed: ConnectionRefusedError: the database server is not running",
        "cache": "ok",
    }


@pytest.mark.django_db(transaction=True)
def test_an_upload_runs_its_job_in_the_process_when_the_broker_is_down(redis_down, settings):
    # A thread of this process runs the job: it sees only committed rows.
    settings.JOBS_EAGER = False
    tournament = TournamentFactory(name="Broker open", slug="broker-open")
    RoundFactory(tournament=tournament, number=1)
    chief = UserFactory(username="chief")
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client = Client()
    client.force_login(chief)
    reply = client.post(
        f"/api/v1/tournaments/{tournament.slug}/pgn/",
        {"pgn": ROUND_ONE.read_text("utf-8"), "file_name": ROUND_ONE.name},
        content_type="application/json",
    )
    assert reply.status_code == 202, reply.content
    # The job's thread is waited for before this one reads the database: the test database
    # (SQLite in memory, its cache shared) refuses a table to one connection while another
    # writes it ("database table is locked"), where a database file would wait.
    job_id = reply.json()["id"]
    for thread in threading.enumerate():
        if thread.name == f"job-{job_id}":
            thread.join()
    job = Job.objects.get(pk=job_id)
    assert (job.status, job.result["games"]) == ("done", 5), job.errors


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[Any]:
    """A real Redis on a free port, which the test may stop and start again with the data
    it had (as after a restart of a Redis that saves to disk)."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    port = _closed_port()

    class Server:
        url = f"redis://127.0.0.1:{port}/0"
        process: subprocess.Popen[bytes] | None = None

        def start(self) -> None:
            command = ["redis-server", "--bind", "127.0.0.1", "--port", str(port)]
            # In memory, saved only when the test stops it keeping its data.
            command += ["--save", "", "--appendonly", "no", "--dir", str(tmp_path)]
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
            plain = DjangoRedisCache(self.url, {})
            for _ in range(100):
                try:
                    plain.get("ping")
                    return
                except Exception:
                    time.sleep(0.05)
            raise AssertionError("redis-server did not start")

        def stop_keeping_its_data(self) -> None:
            DjangoRedisCache(self.url, {})._cache.get_client(write=True).shutdown(save=True)
            assert self.process is not None
            self.process.wait(timeout=30)

    server = Server()
    server.start()
    try:
        yield server
    finally:
        if server.process is not None and server.process.poll() is None:
            server.process.terminate()
            server.process.wait(timeout=30)


def test_keys_written_while_redis_was_down_are_not_read_stale_when_it_is_back(
    redis_server, monkeypatch
):
    monkeypatch.setattr(arbiter.cache, "RETRY_AFTER", 0.0)  # try Redis at every operation
    cache = RedisCache(redis_server.url, {"KEY_PREFIX": "outage-test"})
    cache.set("session", "logged in")
    cache.set("other", "kept")
    redis_server.stop_keeping_its_data()
    cache.delete("session")  # a logout while Redis is down: the delete is dropped
    redis_server.start()  # with the data it had: the old session is there again
    # Deleted at the first operation once Redis answers, not read stale.
    assert cache.get("session") is None
    assert cache.get("other") == "kept"
    # And Redis is used again.
    cache.set("session", "new")
    plain = DjangoRedisCache(redis_server.url, {"KEY_PREFIX": "outage-test"})
    assert plain.get("session") == "new"
