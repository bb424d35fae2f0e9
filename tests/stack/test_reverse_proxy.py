"""nginx in front of the production stack, as ``deploy/arbiter.sh proxy`` renders and runs
it (``deploy/nginx.conf``): a web process (gunicorn) and a live process (uvicorn) in
production mode behind it, nginx an unprivileged process on a free port with its own
folder for its pid file, cache and logs.

Through the proxy: the public JSON is kept 1 second and a result entered by an arbiter is
read by an anonymous reader within about a second; a conditional GET gets 304 from the
proxy; the static files come from nginx (the web process never sees them); a logged-in
user's page and reads are never answered from the cache, and no user ever gets another's
page; the live stream passes unbuffered; a write's ``If-Match`` reaches the application;
no answer is a server error.

Runs where ``.ci/run`` provides the servers, as ``test_production_stack.py`` does, and
nginx: skipped without it, unless ``REQUIRE_PROXY=1`` (CI), where it fails instead.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from django.contrib.auth.models import User

from tests.stack.test_production_stack import (
    PASSWORD,
    REDIS_URL,
    ROOT,
    Stack,
    _free_port,
    _wait,
    public_round_one,
)
from tournaments.models import Tournament

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="STACK_REDIS_URL not set (.ci/run sets it)"),
]


class Client:
    """One reader of the site through the proxy, with the cookies it was given (by hand:
    production cookies are ``Secure``, and this proxy is plain HTTP on loopback)."""

    statuses: Counter[int] = Counter()

    def __init__(self, address: str) -> None:
        self.address = address
        self.cookies: dict[str, str] = {}

    def get(self, path: str, **headers: str) -> tuple[int, http.client.HTTPMessage, bytes]:
        return self.send("GET", path, None, headers)

    def send(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str]
    ) -> tuple[int, http.client.HTTPMessage, bytes]:
        host, port = self.address.split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        if self.cookies:
            headers = {**headers, "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        try:
            connection.request(method, path, body=body, headers=headers)
            reply = connection.getresponse()
            content = reply.read()
        finally:
            connection.close()
        for cookie in reply.headers.get_all("Set-Cookie") or []:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        self.statuses[reply.status] += 1
        # A reply that sets a cookie (a page's CSRF cookie) is never one kept for others.
        assert not (reply.headers.get("X-Cache") == "HIT" and reply.headers["Set-Cookie"])
        return reply.status, reply.headers, content

    def log_in(self, username: str) -> None:
        status, _, form = self.get("/accounts/login/")
        assert status == 200
        token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        assert token is not None
        data = urllib.parse.urlencode(
            {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token[1]}
        ).encode()
        status, _, _ = self.send(
            "POST",
            "/accounts/login/",
            data,
            {"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert status == 302 and "sessionid" in self.cookies


def _basic(username: str) -> dict[str, str]:
    credentials = base64.b64encode(f"{username}:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {credentials}", "Content-Type": "application/json"}


def _answers(address: str, path: str) -> bool:
    try:
        return Client(address).get(path)[0] == 200
    except OSError:
        return False


class Proxied(NamedTuple):
    stack: Stack
    proxy: str
    """The proxy's address."""
    web: str
    """The web process's own address (it was started first, ``stack.processes[0]``)."""


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Proxied]:
    """The stack behind nginx: its web and live processes, and the proxy's address."""
    if NGINX is None:
        if os.environ.get("REQUIRE_PROXY") == "1":
            pytest.fail("REQUIRE_PROXY=1 but nginx is not installed")
        pytest.skip("nginx is not installed (REQUIRE_PROXY=1 makes this a failure)")
    stack = Stack(tmp_path)
    # nginx started as root runs its workers as an unprivileged user, who must reach the
    # static files and the proxy's folder: not under pytest's private temporary folder.
    shared = Path(tempfile.mkdtemp(prefix="arbiter-proxy-"))
    shared.chmod(0o755)
    stack.env.update(
        ARBITER_MODE="production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",  # plain HTTP on loopback; a proxy with TLS says https
        STATIC_ROOT=str(shared / "static"),
        NUM_PROXIES="1",
        LIVE_EVENTS="1",
        CACHE_KEY_PREFIX="proxy-test",  # its own throttle counts, not an earlier test's
        PROXY_NGINX=NGINX,
    )
    subprocess.run(
        [str(ROOT / "deploy" / "arbiter.sh"), "release"],
        env=stack.env,
        check=True,
        capture_output=True,
    )
    web, live, proxy = (f"127.0.0.1:{_free_port()}" for _ in range(3))
    try:
        stack.start("web", WEB_BIND=web)
        stack.start("live", LIVE_BIND=live)
        stack.start(
            "proxy",
            PROXY_BIND=proxy,
            PROXY_WEB=web,
            PROXY_LIVE=live,
            PROXY_DIR=str(shared / "proxy"),
        )
        _wait(lambda: _answers(web, "/health/"), 90, "the web process")
        _wait(lambda: _answers(live, "/health/"), 90, "the live process")
        _wait(lambda: _answers(proxy, "/health/"), 30, "the proxy")
        yield Proxied(stack, proxy, web)
    finally:
        stack.stop()
        shutil.rmtree(shared, ignore_errors=True)


def _result(client: Client, slug: str) -> str:
    status, _, body = client.get(f"/api/v1/tournaments/{slug}/rounds/1/pairings/")
    assert status == 200, body
    return str(json.loads(body)[0]["result"])


def test_nginx_keeps_public_reads_a_second_and_never_a_users(
    proxied: Proxied,
) -> None:
    stack, proxy, _ = proxied
    tournament = public_round_one("Proxy open", "proxy-open", boards=2)
    User.objects.create_user("other", password=PASSWORD)
    anonymous = Client(proxy)
    standings = f"/api/v1/tournaments/{tournament.slug}/standings/"

    # Public JSON: kept, answered from the cache within the second, revalidated by ETag.
    status, first, body = anonymous.get(standings)
    assert status == 200, body
    assert first["X-Cache"] in ("MISS", "EXPIRED")
    status, kept, again = anonymous.get(standings)
    assert (status, kept["X-Cache"], again) == (200, "HIT", body)
    assert "Set-Cookie" not in first and "Accept-Language" in first["Vary"]
    status, headers, _ = anonymous.get(standings, **{"If-None-Match": first["ETag"]})
    assert status == 304 and headers["ETag"] == first["ETag"]

    # A result entered by an arbiter (through the proxy, never kept) reaches an anonymous
    # reader within about a second.
    pairings = f"/api/v1/tournaments/{tournament.slug}/rounds/1/pairings/"
    assert _result(anonymous, tournament.slug) == "*"
    assert anonymous.get(pairings)[1]["X-Cache"] == "HIT"
    arbiter = Client(proxy)
    status, _, body = arbiter.send(
        "PUT", f"{pairings}1/", json.dumps({"result": "1-0"}).encode(), _basic("stack")
    )
    assert status == 200, body
    entered = time.monotonic()
    while _result(anonymous, tournament.slug) != "1-0":
        assert time.monotonic() - entered < 3, "the result is not read within about a second"
        time.sleep(0.05)
    # A write's If-Match reaches the application: a stale one is refused.
    status, _, body = arbiter.send(
        "PUT",
        f"{pairings}2/",
        json.dumps({"result": "0-1"}).encode(),
        {**_basic("stack"), "If-Match": '"stale"'},
    )
    assert status == 412, body

    # The static files come from nginx: the web process never sees them.
    status, _, page = anonymous.get(f"/tournaments/{tournament.pk}/rounds/1/pairings/")
    assert status == 200
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+)"', page)
    assert assets
    for asset in assets:
        status, headers, content = anonymous.get(asset.decode())
        assert status == 200, asset
        name = asset.decode().removeprefix("/static/")
        assert content == (Path(stack.env["STATIC_ROOT"]) / name).read_bytes()
    web_log = (stack.tmp / "web-0.log").read_text()
    assert "/static/" not in web_log and "/api/v1/tournaments/" in web_log

    # Public HTML pages: a reader's page sets no cookie and is kept too; readers in each
    # language get their own, from the cache.
    page_path = f"/tournaments/{tournament.pk}/rounds/1/pairings/"
    english, chinese, by_cookie = Client(proxy), Client(proxy), Client(proxy)
    by_cookie.cookies["django_language"] = "zh-hans"
    for _ in range(2):
        for reader, headers in (
            (english, {"Accept-Language": "en-GB,en;q=0.9"}),
            (chinese, {"Accept-Language": "zh-CN,zh;q=0.9"}),
            (by_cookie, {"Accept-Language": "en-GB,en;q=0.9"}),
            (english, {"Accept-Language": "en-GB,en;q=0.9"}),
        ):
            status, headers_, content = reader.get(page_path, **headers)
            assert status == 200 and "Set-Cookie" not in headers_
            expected = b'lang="en"' if reader is english else b'lang="zh-hans"'
            assert expected in content, (reader.cookies, headers)
    assert english.get(page_path, **{"Accept-Language": "en-GB,en;q=0.9"})[1]["X-Cache"] == "HIT"
    assert chinese.get(page_path, **{"Accept-Language": "zh-CN,zh;q=0.9"})[1]["X-Cache"] == "HIT"

    # Logged-in users: never answered from the cache, each gets their own page.
    chief, other = Client(proxy), Client(proxy)
    chief.log_in("stack")
    other.log_in("other")
    for _ in range(3):
        for reader, name in ((anonymous, None), (chief, "stack"), (other, "other")):
            for path in (page_path, standings):
                status, headers, content = reader.get(path)
                assert status == 200, (path, content[:200])
                if reader is not anonymous:
                    assert headers["X-Cache"] == "BYPASS"
                    assert "private" in headers["Cache-Control"]
                if path == page_path:
                    # The header names the user logged in, and nobody else.
                    shown = re.findall(rb'class="who"[^>]*>([^<]+)<', content)
                    assert [n.decode() for n in shown] == ([name] if name else []), name
    # An API client's reads (Authorization) are not kept either.
    status, headers, _ = arbiter.send("GET", standings, None, _basic("stack"))
    assert (status, headers["X-Cache"]) == (200, "BYPASS")

    # No answer was a server error, in the proxy's own log either.
    assert not [s for s in Client.statuses if s >= 500], Client.statuses
    proxy_log = next(stack.tmp.glob("proxy-*.log")).read_text()
    assert not re.search(r'" 5\d\d ', proxy_log), proxy_log


def _versions(stream: http.client.HTTPResponse) -> Iterator[int]:
    while line := stream.readline():
        if line.startswith(b"data:"):
            yield json.loads(line[5:])["version"]


def test_the_live_stream_passes_through_nginx(proxied: Proxied) -> None:
    _, proxy, _ = proxied
    tournament = public_round_one("Proxy live", "proxy-live", boards=2)
    host, port = proxy.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    connection.request(
        "GET", f"/live/tournaments/{tournament.pk}/", headers={"Accept": "text/event-stream"}
    )
    stream = connection.getresponse()
    assert stream.status == 200
    assert stream.headers["Content-Type"] == "text/event-stream"
    versions = _versions(stream)
    assert next(versions) == tournament.version
    status, _, body = Client(proxy).send(
        "PUT",
        f"/api/v1/tournaments/{tournament.slug}/rounds/1/pairings/1/",
        json.dumps({"result": "1-0"}).encode(),
        _basic("stack"),
    )
    assert status == 200, body
    tournament = Tournament.objects.get(pk=tournament.pk)
    assert next(versions) == tournament.version
    connection.close()


class ReaderDuringOutage(Client):
    """A reader while the web process is down: its 503s are counted apart from the other
    tests' (where any 5xx is a failure)."""

    statuses: Counter[int] = Counter()


def test_while_the_web_process_is_down_readers_get_the_kept_copy_or_a_clear_503(
    proxied: Proxied,
) -> None:
    stack, proxy, web = proxied
    tournament = public_round_one("Proxy outage", "proxy-outage", boards=2)
    reader = ReaderDuringOutage(proxy)
    standings = f"/api/v1/tournaments/{tournament.slug}/standings/"
    page = f"/tournaments/{tournament.pk}/standings/"
    status, _, kept_json = reader.get(standings)
    assert status == 200
    status, _, kept_page = reader.get(page)
    assert status == 200

    os.killpg(stack.processes[0].pid, signal.SIGTERM)  # the web process, started first
    stack.processes[0].wait(timeout=30)
    time.sleep(2.1)  # the kept copies are out of date now (nginx counts whole seconds)

    # A crowd's public reads: the last copy, marked stale, rather than an error.
    status, headers, body = reader.get(standings)
    assert (status, headers["X-Cache"], body) == (200, "STALE", kept_json)
    status, headers, body = reader.get(page)
    assert (status, headers["X-Cache"], body) == (200, "STALE", kept_page)

    # What no kept copy can answer: a 503 saying so, JSON on the API, a page elsewhere.
    status, headers, body = reader.get(f"/tournaments/{tournament.pk}/")
    assert (status, headers["Retry-After"], headers["Cache-Control"]) == (503, "10", "no-store")
    assert b"The site is back in a moment" in body
    assert "网站稍后即可恢复".encode() in body
    arbiter = ReaderDuringOutage(proxy)
    pairing = f"/api/v1/tournaments/{tournament.slug}/rounds/1/pairings/1/"
    for method, payload in (("GET", None), ("PUT", json.dumps({"result": "1-0"}).encode())):
        status, headers, body = arbiter.send(method, pairing, payload, _basic("stack"))
        assert (status, headers["Content-Type"]) == (503, "application/json"), body
        assert json.loads(body)["code"] == "unavailable"
    # A personal read is never answered from the cache, not even when the site is down.
    status, _, body = arbiter.send("GET", standings, None, _basic("stack"))
    assert status == 503 and json.loads(body)["code"] == "unavailable"

    # The web process back: the write goes through and readers see it.
    stack.start("web", WEB_BIND=web)
    _wait(lambda: _answers(web, "/health/"), 90, "the web process, restarted")
    status, _, body = arbiter.send(
        "PUT", pairing, json.dumps({"result": "1-0"}).encode(), _basic("stack")
    )
    assert status == 200, body
    entered = time.monotonic()
    while _result(reader, tournament.slug) != "1-0":
        assert time.monotonic() - entered < 5, "the result is not read within seconds"
        time.sleep(0.1)
    assert ReaderDuringOutage.statuses[503] == 4, ReaderDuringOutage.statuses
