"""The production stack keeps working while its Redis is stopped (issue #27).

Its own Redis, three gunicorn workers and a Celery worker, started as
``deploy/arbiter.sh`` starts them. Redis is stopped mid-test: the anonymous public pages,
the login page, logins, the arbiter pages of a session opened before, a result saved on
the round page and one through the API, and a PGN upload all answer without a server
error, the results and the upload's job are in the database, and ``/health/`` says that
the cache and the broker are down (200: the database answers). Redis started again, the
stack uses it again: sessions are kept in it and jobs go to the Celery worker.

Runs where ``.ci/run`` provides the servers, as ``test_production_stack.py`` does.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import shutil
import subprocess
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache.backends.redis import RedisCache

from jobs.models import Job
from jobs.runner import runner_key
from tests.games.conftest import ROUND_ONE
from tests.stack.test_production_stack import (
    PASSWORD,
    REDIS_URL,
    Stack,
    _api,
    _follow,
    _free_port,
    _health,
    _wait,
    public_round_one,
)
from tournaments.models import Pairing, Tournament

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="STACK_REDIS_URL not set (.ci/run sets it)"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server"),
]

PREFIX = "outage-test"


class Redis:
    """The test's own Redis, in memory, on a free port: stopped and started again."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port)]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.folder)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _wait(self.answers, 30, "redis-server")

    def answers(self) -> bool:
        try:
            RedisCache(self.url, {}).get("ping")
        except Exception:
            return False
        return True

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def get(self, key: str) -> Any:
        return RedisCache(self.url, {"KEY_PREFIX": PREFIX}).get(key)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # the 3xx reply itself is the answer


class Browser:
    """One person's browser on the web process: cookies kept, redirects not followed."""

    def __init__(self, web: str) -> None:
        self.web = web
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirects()
        )

    def get(self, path: str) -> tuple[int, str]:
        return self._open(urllib.request.Request(self.web + path))

    def post(self, form_path: str, path: str, fields: dict[str, str], **files: bytes) -> int:
        """Send the form of the page at ``form_path`` (its CSRF token) to ``path``."""
        status, page = self.get(form_path)
        assert status == 200, (form_path, status)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert token is not None, form_path
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
            for name, value in {**fields, "csrfmiddlewaretoken": token[1]}.items()
        ]
        body = "".join(parts).encode()
        for name, content in files.items():
            body += (
                (
                    f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                    f'filename="{name}.pgn"\r\nContent-Type: application/octet-stream\r\n\r\n'
                ).encode()
                + content
                + b"\r\n"
            )
        body += f"--{boundary}--\r\n".encode()
        request = urllib.request.Request(
            self.web + path,
            data=body,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
        return self._open(request)[0]

    def log_in(self) -> int:
        return self.post(
            "/accounts/login/", "/accounts/login/", {"username": "stack", "password": PASSWORD}
        )

    @property
    def session(self) -> str:
        return next(cookie.value for cookie in self.cookies if cookie.name == "sessionid")

    def _open(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=60) as reply:
                return reply.status, reply.read().decode()
        except urllib.error.HTTPError as answered:
            return answered.code, answered.headers.get("Location", "")


def _event() -> Tournament:
    """A public tournament, round 1 published on three boards, the user ``stack`` its chief
    arbiter."""
    return public_round_one("Outage open", "outage-open", boards=3)


def _health_report(web: str) -> tuple[int, dict[str, str]]:
    try:
        with urllib.request.urlopen(f"{web}/health/", timeout=30) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as failed:
        return failed.code, json.load(failed)


def _runs_in(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[Redis]:
    server = Redis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_the_stack_answers_and_keeps_results_while_redis_is_stopped(
    tmp_path: Path, redis: Redis
) -> None:
    stack = Stack(tmp_path)
    stack.env.update(REDIS_URL=redis.url, CACHE_KEY_PREFIX=PREFIX)
    web = stack.webs[0]
    try:
        stack.start("web", WEB_BIND=web.removeprefix("http://"), WEB_WORKERS="3")
        stack.start("worker", WORKER_NAME="outage")
        _wait(lambda: _health(web), 90, f"{web}/health/")
        tournament = _event()
        t = f"/tournaments/{tournament.pk}"
        before = Browser(web)
        assert before.log_in() == 302
        assert redis.get(f"django.contrib.sessions.cached_db{before.session}") is not None

        redis.stop()

        anonymous = Browser(web)
        public = ["/", f"{t}/", f"{t}/standings/", f"{t}/crosstable/", f"{t}/rounds/1/pairings/"]
        for path in [*public, "/accounts/login/"]:
            assert anonymous.get(path)[0] == 200, path
        during = Browser(web)
        assert during.log_in() == 302
        for browser in (before, during):
            for path in (f"{t}/arbiter/", f"{t}/rounds/1/", f"/games/tournament/{tournament.pk}/"):
                assert browser.get(path)[0] == 200, path

        saved = before.post(f"{t}/rounds/1/", f"{t}/rounds/1/boards/1/result/", {"result": "1-0"})
        assert saved == 302
        api = f"{web}/api/v1/tournaments/{tournament.slug}/rounds/1/pairings/2/"
        status, board = _api("PUT", api, {"result": "0-1"})
        assert status == 200, board

        upload = f"/games/tournament/{tournament.pk}/upload/"
        assert (
            during.post(upload, upload, {"round_number": "1"}, file=ROUND_ONE.read_bytes()) == 302
        )
        check = Job.objects.get(tournament=tournament)
        done = _follow(
            web, check.pk, lambda s: s["status"] != "running" and s["status"] != "queued", 300
        )
        assert (done["status"], done["result"]["games"]) == ("done", 5), done

        status, report = _health_report(web)
        assert status == 200, report
        assert report["database"] == "ok"
        assert report["cache"].startswith("failed: ConnectionError"), report
        assert report["broker"].startswith("failed: "), report

        boards = Pairing.objects.filter(round__tournament=tournament).order_by("board")
        assert list(boards.values_list("result", flat=True)) == ["1-0", "0-1", "*"]

        redis.start()

        # Each web worker tries Redis again within seconds: health and sessions use it.
        _wait(lambda: _health(web), 60, "the health check, Redis started again")
        again = Browser(web)

        def session_in_redis() -> bool:
            fresh = Browser(web)
            return (
                fresh.log_in() == 302
                and redis.get(f"django.contrib.sessions.cached_db{fresh.session}") is not None
            )

        _wait(session_in_redis, 60, "a session kept in Redis")
        assert again.log_in() == 302
        for browser in (before, during, again):
            assert browser.get(f"{t}/arbiter/")[0] == 200

        # Jobs go to the Celery worker again (through the broker, not in the web process).
        status, job = _api(
            "POST",
            f"{web}/api/v1/tournaments/{tournament.slug}/pgn/",
            {"pgn": ROUND_ONE.read_text("utf-8"), "file_name": "again.pgn"},
        )
        assert status == 202, job
        done = _follow(web, job["id"], lambda s: s["status"] in ("done", "failed"), 300)
        assert done["status"] == "done", done
        runner = redis.get(runner_key(job["id"]))
        assert "celery" in _runs_in(int(runner.rsplit(":", 1)[1]))
    finally:
        stack.stop()
    logs = "".join(path.read_text(errors="replace") for path in tmp_path.glob("web-*.log"))
    assert "Internal Server Error" not in logs
    assert '" 500 ' not in logs  # the access log: no request answered 500
    assert "unreachable" in logs  # the outage is logged
