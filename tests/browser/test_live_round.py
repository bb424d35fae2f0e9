"""The public round page's live view: a spectator who switches it on sees a result entered
through the API appear in the table without the page reloading; without JavaScript the page
is a plain page with no switch. The test server is WSGI, as ``make run`` is: where the page
is told of the event stream (``LIVE_EVENTS``) the stream is refused at once and the page
polls the version instead."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest
import uvicorn
from asgiref.sync import SyncToAsync
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application
from django.db import connections
from playwright.sync_api import expect

from tests.factories import UserFactory
from tests.tournaments.views.test_live import live_event
from tournaments.api.tokens import create_api_token
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event() -> tuple[Tournament, str]:
    chief = UserFactory(username="chief")
    tournament = live_event(chief)
    key = create_api_token(tournament, name="board feed", scope="results", user=chief)[1]
    return tournament, key


def _put_result(base: str, tournament: Tournament, key: str, board: int, result: str) -> None:
    request = urllib.request.Request(
        f"{base}/api/v1/tournaments/{tournament.slug}/rounds/1/pairings/{board}/",
        method="PUT",
        data=json.dumps({"result": result}).encode(),
        headers={"Authorization": f"Token {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        assert reply.status == 200


@pytest.mark.parametrize("stream_offered", [False, True], ids=["polling", "stream-refused"])
def test_a_result_entered_through_the_api_appears_without_a_reload(
    page, live_server, event, screenshot, settings, stream_offered
):
    settings.LIVE_EVENTS = stream_offered
    tournament, key = event
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/pairings/")
    switch = page.get_by_label("Live updates")
    expect(switch).to_be_visible()
    expect(switch).not_to_be_checked()  # opt-in
    switch.check()
    expect(page.locator("#live .live-status")).to_have_text(
        "On: new results appear here as they are entered."
    )
    expect(page.locator("#live")).to_have_attribute("data-via", "poll")
    streams = [url for url in asked if f"/live/tournaments/{tournament.pk}/" in url]
    assert len(streams) == (1 if stream_offered else 0)
    board_one = page.locator("#live-region table.pairings tbody tr").first
    expect(board_one).not_to_contain_text("1-0")
    page.evaluate("window.notReloaded = true")
    # The spectator sorted by board number, descending: the new table keeps that order.
    board_header = page.locator("#live-region table.pairings th").first
    board_header.click()
    board_header.click()
    expect(board_header).to_have_attribute("aria-sort", "descending")

    _put_result(live_server.url, tournament, key, 1, "1-0")

    last_row = page.locator("#live-region table.pairings tbody tr").last
    expect(last_row).to_contain_text("1-0", timeout=20_000)
    expect(last_row).to_have_class("live-changed")
    expect(page.locator("#live .live-status")).to_contain_text("Updated at")
    expect(page.locator("#live-region table.pairings th").first).to_have_attribute(
        "aria-sort", "descending"
    )
    assert page.evaluate("window.notReloaded") is True
    if not stream_offered:
        screenshot("round_live_update")

    # The choice is remembered: the next visit is live at once.
    page.reload()
    expect(page.get_by_label("Live updates")).to_be_checked()
    expect(page.locator("#live")).to_have_attribute("data-state", "on")


@pytest.fixture
def asgi_server(live_server, settings) -> Iterator[str]:
    """The application under uvicorn, as ``deploy/arbiter.sh live`` serves it, in a thread
    of this process (so it reads the test database), offering the event stream."""
    settings.LIVE_EVENTS = True
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        ASGIStaticFilesHandler(get_asgi_application()),
        host="127.0.0.1",
        port=port,
        lifespan="off",
        log_level="warning",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)
    # The versions' watcher reads in asgiref's one shared thread: let go of its connection
    # before the test database is dropped.
    SyncToAsync.single_thread_executor.submit(connections.close_all).result()


def test_the_page_follows_the_event_stream_where_the_server_offers_it(page, asgi_server, event):
    tournament, key = event
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(f"{asgi_server}/tournaments/{tournament.pk}/rounds/1/pairings/")
    page.get_by_label("Live updates").check()
    live = page.locator("#live")
    expect(live).to_have_attribute("data-via", "stream")
    expect(live).to_have_attribute("data-state", "on")
    board_one = page.locator("#live-region table.pairings tbody tr").first
    expect(board_one).not_to_contain_text("1-0")
    page.evaluate("window.notReloaded = true")

    _put_result(asgi_server, tournament, key, 1, "1-0")

    expect(board_one).to_contain_text("1-0", timeout=20_000)
    expect(board_one).to_have_class("live-changed")
    expect(page.locator("#live .live-status")).to_contain_text("Updated at")
    assert page.evaluate("window.notReloaded") is True
    # Told by the stream, opened once; the version was never polled.
    assert live.get_attribute("data-via") == "stream"
    assert [url for url in asked if "/live/tournaments/" in url] == [
        f"{asgi_server}/live/tournaments/{tournament.pk}/"
    ]
    assert not [url for url in asked if url.endswith("/version/")]
    page.goto("about:blank")  # the spectator leaves: the stream ends before the server


def test_without_javascript_the_round_page_is_plain(browser, live_server, event):
    tournament, _key = event
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/pairings/")
    expect(page.locator("#live")).to_be_hidden()
    expect(page.locator("#live-region table.pairings tbody tr")).to_have_count(2)
    context.close()
