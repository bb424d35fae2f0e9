"""The production stack's live process: ``deploy/arbiter.sh live`` (uvicorn) streams a
public round's version while a gunicorn web process takes a result, and answers pages
meanwhile; the web process's round page names the stream (``LIVE_EVENTS=1``) and refuses
it itself (WSGI), so a proxy that sends ``/live/`` elsewhere by mistake leaves the page
polling.

Runs where ``.ci/run`` provides the servers, as ``test_production_stack.py`` does.
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.stack.test_production_stack import (
    REDIS_URL,
    Stack,
    _api,
    _free_port,
    _wait,
    public_round_one,
)
from tournaments.models import Tournament

pytestmark = [
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not REDIS_URL, reason="STACK_REDIS_URL not set (.ci/run sets it)"),
]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return bool(reply.status == 200)
    except OSError:
        return False


def _public_round() -> Tournament:
    return public_round_one("Live open", "live-open", boards=2)


def _versions(stream: http.client.HTTPResponse) -> Iterator[int]:
    while line := stream.readline():
        if line.startswith(b"data:"):
            yield json.loads(line[5:])["version"]


def test_the_live_process_streams_a_result_entered_through_a_web_process(
    tmp_path: Path,
) -> None:
    stack = Stack(tmp_path)
    web = stack.webs[0]
    live = f"127.0.0.1:{_free_port()}"
    try:
        stack.start("web", WEB_BIND=web.removeprefix("http://"), LIVE_EVENTS="1")
        stack.start("live", LIVE_BIND=live, LIVE_EVENTS="1")
        _wait(lambda: _answers(f"{web}/health/"), 90, "the web process")
        _wait(lambda: _answers(f"http://{live}/health/"), 90, "the live process")
        tournament = _public_round()
        stream_path = f"/live/tournaments/{tournament.pk}/"

        with urllib.request.urlopen(
            f"{web}/tournaments/{tournament.pk}/rounds/1/pairings/"
        ) as page:
            assert f'data-events-url="{stream_path}"' in page.read().decode()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(web + stream_path, timeout=10)
        assert refused.value.code == 503

        connection = http.client.HTTPConnection(live, timeout=60)
        connection.request("GET", stream_path, headers={"Accept": "text/event-stream"})
        stream = connection.getresponse()
        assert stream.status == 200
        assert stream.headers["Content-Type"] == "text/event-stream"
        versions = _versions(stream)
        assert next(versions) == tournament.version

        status, board = _api(
            "PUT",
            f"{web}/api/v1/tournaments/{tournament.slug}/rounds/1/pairings/1/",
            {"result": "1-0"},
        )
        assert status == 200, board
        tournament.refresh_from_db()
        assert next(versions) == tournament.version
        # The live process still answers pages while the stream is open.
        assert _answers(f"http://{live}/tournaments/{tournament.pk}/rounds/1/pairings/")
        connection.close()
    finally:
        stack.stop()
