"""A web process stopping or starting behind nginx, as ``deploy/arbiter.sh`` runs both: gunicorn
with ``deploy/gunicorn.conf.py``, nginx with ``deploy/nginx.conf``. A request that arrives
meanwhile gets the proxy's 503 page at once, not a wait of the seconds the restart takes
(issue 35: four requests hung 18-19 s while gunicorn restarted); the request being served
when the stop came is finished. And the static files nginx serves say ``nosniff``.

The web process runs a small WSGI application of the test's own (what matters is gunicorn's
behaviour, not the application's), which can be held while it loads and while it answers.
Needs nginx: skipped without it, unless ``REQUIRE_PROXY=1`` (CI), where it fails instead.
"""

from __future__ import annotations

import http.client
import os
import runpy
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.stack.test_production_stack import PYTHON, ROOT, _free_port, _wait

NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")

pytestmark = pytest.mark.slow

APPLICATION = """
import os, time
from pathlib import Path

HERE = Path(__file__).parent


def _hold(name):
    while not (HERE / name).exists():
        time.sleep(0.05)


(HERE / "loading").touch()
if os.environ.get("HOLD_LOADING"):
    _hold("loaded")


def application(environ, start_response):
    if environ["PATH_INFO"] == "/held/":
        (HERE / "serving").touch()
        _hold("answer")
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"answered"]
"""


class Reply(NamedTuple):
    status: int
    headers: http.client.HTTPMessage
    body: bytes


def _get(address: str, path: str) -> Reply:
    """A request through the proxy: ``Authorization`` set, so that it is never answered from
    nginx's cache. Waits up to 20 seconds for the answer (a hang fails the test)."""
    host, port = address.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=20)
    try:
        connection.request("GET", path, headers={"Authorization": "Token test"})
        reply = connection.getresponse()
        return Reply(reply.status, reply.headers, reply.read())
    finally:
        connection.close()


class Site(NamedTuple):
    folder: Path
    """The application's folder, where it leaves and finds its markers."""
    proxy: str
    web: str
    environment: dict[str, str]


@pytest.fixture
def site() -> Iterator[Site]:
    """nginx in front of the web process's address, nothing listening there yet."""
    if NGINX is None:
        if os.environ.get("REQUIRE_PROXY") == "1":
            pytest.fail("REQUIRE_PROXY=1 but nginx is not installed")
        pytest.skip("nginx is not installed (REQUIRE_PROXY=1 makes this a failure)")
    # nginx started as root runs its workers as an unprivileged user, who must read the
    # static files: not under pytest's private temporary folder.
    shared = Path(tempfile.mkdtemp(prefix="arbiter-restart-"))
    shared.chmod(0o755)
    shutil.copytree(ROOT / "static", shared / "static")
    (shared / "static").chmod(0o755)
    (shared / "application").mkdir()
    (shared / "application" / "held.py").write_text(APPLICATION, encoding="utf-8")
    web, proxy = (f"127.0.0.1:{_free_port()}" for _ in range(2))
    environment = {
        **os.environ,
        "PROXY_BIND": proxy,
        "PROXY_WEB": web,
        "PROXY_LIVE": f"127.0.0.1:{_free_port()}",
        "PROXY_DIR": str(shared / "proxy"),
        "PROXY_WORKERS": "1",
        "PROXY_NGINX": NGINX,
        "STATIC_ROOT": str(shared / "static"),
    }
    nginx = subprocess.Popen(
        [str(ROOT / "deploy" / "arbiter.sh"), "proxy"],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait(lambda: _get_or_none(proxy, "/static/favicon.svg"), 30, "the proxy")
        yield Site(shared / "application", proxy, web, environment)
    finally:
        os.killpg(nginx.pid, signal.SIGTERM)
        nginx.wait(timeout=30)
        shutil.rmtree(shared, ignore_errors=True)


def _get_or_none(address: str, path: str) -> Reply | None:
    try:
        return _get(address, path)
    except OSError:
        return None


def _start_web(site: Site, **environment: str) -> subprocess.Popen[bytes]:
    """gunicorn as ``deploy/arbiter.sh web`` runs it, on the test's application."""
    return subprocess.Popen(
        [
            PYTHON,
            "-m",
            "gunicorn",
            "held:application",
            "--config",
            str(ROOT / "deploy" / "gunicorn.conf.py"),
            "--chdir",
            str(site.folder),
            "--bind",
            site.web,
            "--workers",
            "2",
            "--no-control-socket",
            "--graceful-timeout",
            "60",
        ],
        env={**site.environment, **environment},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _refused(address: str) -> bool:
    """Whether nothing takes a connection at ``address``."""
    host, port = address.split(":")
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except ConnectionRefusedError:
        return True
    return False


def _unavailable(reply: Reply) -> bool:
    """The proxy's own 503 page for web processes down (``static/errors``)."""
    return (
        reply.status == 503
        and reply.headers["Retry-After"] == "10"
        and b"The site is back in a moment" in reply.body
    )


def test_a_web_process_stopping_refuses_new_requests_at_once_and_finishes_its_own(
    site: Site,
) -> None:
    web = _start_web(site)
    try:
        _wait(lambda: getattr(_get_or_none(site.proxy, "/"), "status", 0) == 200, 60, "web")
        held: list[Reply] = []
        reader = threading.Thread(target=lambda: held.append(_get(site.proxy, "/held/")))
        reader.start()
        _wait(lambda: (site.folder / "serving").exists(), 30, "the held request")
        web.send_signal(signal.SIGTERM)  # a restart: gunicorn's graceful stop
        # The address stops taking connections while the held request is still served (a
        # busy worker that kept listening left the next one queued until that ended); the
        # idle worker may still serve one that arrives before its own stop reaches it.
        _wait(lambda: _refused(site.web), 10, "the address to refuse connections")
        # The next reader: the 503 page now, not a wait until the held request ends.
        assert _unavailable(_get(site.proxy, "/tournaments/"))
        assert web.poll() is None  # still finishing the held request
        (site.folder / "answer").touch()
        reader.join(timeout=30)
        assert [(reply.status, reply.body) for reply in held] == [(200, b"answered")]
        assert web.wait(timeout=30) == 0
    finally:
        if web.poll() is None:
            os.killpg(web.pid, signal.SIGKILL)
            web.wait()


def test_a_web_process_starting_refuses_requests_until_it_can_answer(site: Site) -> None:
    web = _start_web(site, HOLD_LOADING="1")
    try:
        _wait(lambda: (site.folder / "loading").exists(), 30, "the application loading")
        # Still loading: nothing accepts the connection (a queued one would wait until the
        # workers are ready), and the proxy says so at once.
        host, port = site.web.split(":")
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((host, int(port)), timeout=20).close()
        assert _unavailable(_get(site.proxy, "/tournaments/"))
        (site.folder / "loaded").touch()
        _wait(lambda: getattr(_get_or_none(site.proxy, "/"), "status", 0) == 200, 60, "web")
    finally:
        os.killpg(web.pid, signal.SIGKILL)
        web.wait()


def test_the_proxys_static_files_and_503_page_say_nosniff(site: Site) -> None:
    """The application's replies carry ``X-Content-Type-Options: nosniff``; what nginx
    serves itself must too."""
    style = _get(site.proxy, "/static/css/site.css")
    assert style.status == 200 and style.headers["Content-Type"] == "text/css"
    assert style.headers["X-Content-Type-Options"] == "nosniff"
    down = _get(site.proxy, "/tournaments/")  # no web process
    assert _unavailable(down)
    assert down.headers["X-Content-Type-Options"] == "nosniff"


def test_a_web_process_that_takes_no_connection_is_given_up_in_seconds(site: Site) -> None:
    """A web process whose queue of connections is full (overloaded, or hung) lets a new one
    wait unanswered, as does a machine gone from the network: the proxy gives up after 2
    seconds for the 503 page (nginx's own 60 seconds held the reader as long)."""
    host, port = site.web.split(":")
    with socket.socket() as hung, socket.socket() as queued:
        hung.bind((host, int(port)))
        hung.listen(0)  # never accepts: one connection fills its queue
        queued.connect((host, int(port)))
        assert _unavailable(_get(site.proxy, "/tournaments/"))


def test_a_request_accepted_just_before_the_stop_is_still_served() -> None:
    """A worker's stop closes its listener; a request it had accepted an instant before
    still reads the listener's address (gunicorn does as the request starts), and gets it,
    not the error that made that request a 500 (seen behind nginx under load)."""
    from types import SimpleNamespace

    from gunicorn.sock import TCPSocket

    config = runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))
    options = SimpleNamespace(reuse_port=False, backlog=8, is_ssl=False)
    listener = TCPSocket(("127.0.0.1", 0), options, log=None)
    address = listener.getsockname()
    config["close_keeping_name"](listener)
    assert listener.getsockname() == address
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(address, timeout=5).close()
