"""The production stack end to end: PostgreSQL, Redis, two gunicorn web processes on two
ports and two Celery workers, each started as ``deploy/arbiter.sh`` starts it.

A 5,000-game PGN file (real games of a TWIC issue, given the players of 5,000 boards) is
sent to one web process; the workers check it and import it while the other web process
serves the job; the worker process running the import is killed half-way, its pool
replaces it, the job goes to a worker again, and the import ends complete and once only.
Failed logins are counted across both web processes (the throttle lives in Redis).

Runs only where ``.ci/run`` provides the servers: ``STACK_REDIS_URL`` set and the tests on
PostgreSQL (a second process cannot see an SQLite test database's rows).
"""

from __future__ import annotations

import base64
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chess.pgn
import pytest
from django.contrib.auth.models import User
from django.core.cache.backends.redis import RedisCache
from django.db import connection

from games.models import Game
from jobs.runner import runner_key
from tournaments.models import Pairing, PairingSystem, Player, Round, Tournament, TournamentRole

ROOT = Path(__file__).resolve().parents[2]
TWIC = ROOT / "tests" / "data" / "games" / "twic-01-232games.pgn"
GAMES = int(os.environ.get("STACK_GAMES", "5000"))
"""The file's size: 5,000 in CI; fewer to try the test on a busy machine."""
PASSWORD = "stack-test-password"
REDIS_URL = os.environ.get("STACK_REDIS_URL", "")
PYTHON = os.environ.get("STACK_PYTHON", "") or sys.executable
"""The stack's Python: in CI, an environment made from ``requirements.txt`` alone, as a
server's is (the test toolchain must not lend it what the application needs)."""

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="STACK_REDIS_URL not set (.ci/run sets it)"),
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _database_url() -> str:
    if connection.vendor != "postgresql":
        pytest.skip("the production stack runs on PostgreSQL")
    db = connection.settings_dict
    auth = urllib.parse.quote(db["USER"] or "")
    if db["PASSWORD"]:
        auth += ":" + urllib.parse.quote(db["PASSWORD"])
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Stack:
    """The processes, started like production and stopped (their whole groups) at the end."""

    def __init__(self, tmp: Path) -> None:
        self.env = {
            **os.environ,
            "PYTHON": PYTHON,
            "DATABASE_URL": _database_url(),
            "REDIS_URL": REDIS_URL,
            "CACHE_KEY_PREFIX": "stack-test",
            "CELERY_VISIBILITY_TIMEOUT": "30",
            "API_FAILED_AUTH_RATE": "5/min",
            "DEBUG": "0",
            "JOBS_EAGER": "0",
            "WEB_WORKERS": "1",
            "LOG_LEVEL": "WARNING",
        }
        self.tmp = tmp
        self.processes: list[subprocess.Popen[bytes]] = []
        self.webs = [f"http://127.0.0.1:{_free_port()}" for _ in range(2)]

    def start(self, role: str, **env: str) -> None:
        log = open(self.tmp / f"{role}-{len(self.processes)}.log", "wb")  # noqa: SIM115
        self.processes.append(
            subprocess.Popen(
                [str(ROOT / "deploy" / "arbiter.sh"), role],
                env={**self.env, **env},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )

    def start_all(self) -> None:
        for web in self.webs:
            self.start("web", WEB_BIND=web.removeprefix("http://"))
        for name in ("w1", "w2"):
            self.start("worker", WORKER_NAME=name)
        for web in self.webs:
            _wait(lambda web=web: _health(web), 90, f"{web}/health/")

    def stop(self) -> None:
        for process in self.processes:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _health(web: str) -> bool:
    try:
        with urllib.request.urlopen(f"{web}/health/", timeout=5) as reply:
            return json.load(reply) == {"database": "ok", "cache": "ok", "broker": "ok"}
    except (OSError, ValueError):
        return False


def _wait(ready: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.3)
    raise AssertionError(f"{what}: not ready after {seconds} s")


def _api(method: str, url: str, body: Any = None, password: str = PASSWORD) -> tuple[int, Any]:
    credentials = base64.b64encode(f"stack:{password}".encode()).decode()
    request = urllib.request.Request(
        url,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Basic {credentials}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None  # the 3xx reply itself is the answer


def _page(login_web: str, web: str, path: str) -> tuple[int, str]:
    """The view of ``path`` on ``web`` of a browser that logged in on ``login_web``: its
    status and where it leads (the login form, its CSRF token and cookie first; redirects
    not followed)."""
    cookies = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(cookies), _NoRedirects()
    )
    form = opener.open(f"{login_web}/accounts/login/", timeout=60).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token is not None
    data = urllib.parse.urlencode(
        {"username": "stack", "password": PASSWORD, "csrfmiddlewaretoken": token[1]}
    ).encode()
    try:
        opener.open(urllib.request.Request(f"{login_web}/accounts/login/", data=data), timeout=60)
    except urllib.error.HTTPError as moved:
        assert moved.code == 302  # logged in
    # The session is read from Redis by every process (and written through to the database).
    session = next(cookie.value for cookie in cookies if cookie.name == "sessionid")
    shared = RedisCache(REDIS_URL, {"KEY_PREFIX": "stack-test"})
    assert shared.get(f"django.contrib.sessions.cached_db{session}") is not None
    try:
        with opener.open(web + path, timeout=60) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as moved:
        return moved.code, moved.headers.get("Location", "")


def _movetexts() -> list[str]:
    """The real games of the TWIC file, as move text with their results."""
    texts = []
    with open(TWIC, encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            exporter = chess.pgn.StringExporter(headers=False, variations=False, comments=False)
            texts.append(game.accept(exporter))
    return texts


def _round_one(chief: User, name: str, slug: str, boards: int, *, rounds: int) -> Tournament:
    """A Swiss of ``2 * boards`` players (``Player 00001`` …), round 1 published on
    ``boards`` boards, ``chief`` its chief arbiter."""
    tournament = Tournament.objects.create(
        name=name, slug=slug, system=PairingSystem.SWISS, number_of_rounds=rounds
    )
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    players = Player.objects.bulk_create(
        Player(tournament=tournament, name=f"Player {n:05d}", start_rank=n)
        for n in range(1, 2 * boards + 1)
    )
    round_one = Round.objects.create(
        tournament=tournament, number=1, status=Round.Status.PUBLISHED, paired_by="import"
    )
    Pairing.objects.bulk_create(
        Pairing(round=round_one, board=b, white=players[2 * b - 2], black=players[2 * b - 1])
        for b in range(1, boards + 1)
    )
    return tournament


def public_round_one(name: str, slug: str, *, boards: int) -> Tournament:
    """A public Swiss of ``2 * boards`` players, round 1 published, the user ``stack`` its
    chief arbiter."""
    chief = User.objects.create_user("stack", password=PASSWORD)
    tournament = _round_one(chief, name, slug, boards, rounds=5)
    Tournament.objects.filter(pk=tournament.pk).update(public=True)
    tournament.refresh_from_db()
    return tournament


def _event(chief: User, games: int = GAMES) -> tuple[Tournament, str]:
    """``games`` boards of round 1 (5,000), and a PGN file with a real game for each board."""
    tournament = _round_one(chief, "Stack open", "stack-open", games, rounds=9)
    texts = _movetexts()
    pgn = [
        f'[Event "Stack open"]\n[Round "1.{b}"]\n[White "Player {2 * b - 1:05d}"]\n'
        f'[Black "Player {2 * b:05d}"]\n[Result "{texts[b % len(texts)].split()[-1]}"]\n\n'
        f"{texts[b % len(texts)]}\n"
        for b in range(1, games + 1)
    ]
    return tournament, "\n".join(pgn)


def _follow(web: str, job: int, until: Any, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, state = _api("GET", f"{web}/api/v1/jobs/{job}/")
        assert status == 200, state
        if until(state):
            return state  # type: ignore[no-any-return]
        time.sleep(0.5)
    raise AssertionError(f"job {job}: {state} after {seconds} s")


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    running = Stack(tmp_path)
    try:
        running.start_all()
        yield running
    finally:
        running.stop()


def test_the_production_stack_imports_a_large_file_through_a_killed_worker(stack: Stack) -> None:
    chief = User.objects.create_user("stack", password=PASSWORD)
    tournament, pgn = _event(chief)
    upload_web, job_web = stack.webs
    base = f"/api/v1/tournaments/{tournament.slug}/pgn/"

    # The upload answers at once; the other web process follows the check to the end.
    status, check = _api("POST", upload_web + base, {"pgn": pgn, "file_name": "stack.pgn"})
    assert status == 202, check
    seen = _follow(job_web, check["id"], lambda s: 0 < s["done"] < s["total"], 300)
    status, page = _page(upload_web, job_web, f"/jobs/{check['id']}/")
    # The progress bar, or (the check over already) the way to the report.
    assert (status == 200 and "<progress" in page) or (status == 302 and "/upload/" in page)
    checked = _follow(job_web, check["id"], lambda s: s["status"] != "running", 600)
    assert (checked["status"], checked["result"]["games"]) == ("done", GAMES), checked
    assert seen["total"] == GAMES

    # The import: the process running it is killed half-way; the job is done again, once.
    status, imported = _api("POST", f"{upload_web}{base}{checked['result']['upload']}/import/")
    assert status == 202, imported
    _follow(job_web, imported["id"], lambda s: s["done"] >= GAMES // 5, 600)
    runner = RedisCache(REDIS_URL, {"KEY_PREFIX": "stack-test"}).get(runner_key(imported["id"]))
    os.kill(int(runner.rsplit(":", 1)[1]), signal.SIGKILL)
    assert Game.objects.filter(pairing__round__tournament=tournament).count() == 0
    final = _follow(job_web, imported["id"], lambda s: s["status"] in ("done", "failed"), 900)
    assert (final["status"], final["result"]["imported"]) == ("done", GAMES), final
    games = Game.objects.filter(pairing__round__tournament=tournament)
    assert games.count() == GAMES
    assert games.values("pairing").distinct().count() == GAMES

    # Failed logins count across both web processes: the sixth is refused at the fifth.
    codes = [
        _api("GET", f"{stack.webs[n % 2]}{base.removesuffix('pgn/')}", password="wrong")[0]
        for n in range(6)
    ]
    assert codes == [401] * 5 + [429]


@pytest.mark.skipif(not os.environ.get("STACK_PYTHON"), reason="STACK_PYTHON not set (.ci/run)")
def test_the_stack_runs_on_the_runtime_requirements_alone() -> None:
    lent = subprocess.run(
        [PYTHON, "-c", "import importlib.util as u; print(u.find_spec('pytest') is not None)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert lent == "False"  # the test toolchain is not there to lend the stack anything
