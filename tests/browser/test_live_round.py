"""The public round page's live view: a spectator who switches it on sees a result entered
through the API appear in the table without the page reloading; without JavaScript the page
is a plain page with no switch."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.factories import UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import Tournament
from tournaments.services import create_tournament, generate_round_robin_round, publish_round

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event() -> tuple[Tournament, str]:
    chief = UserFactory(username="chief")
    tournament = create_tournament(
        name="Live open", system="round_robin", number_of_rounds=3, user=chief
    )
    for rank, name in enumerate(["Alyx", "Bruno", "Charline", "David"], start=1):
        tournament.players.create(name=name, start_rank=rank, rating_standard=2300 - rank)
    publish_round(generate_round_robin_round(tournament, user=chief), user=chief)
    Tournament.objects.filter(pk=tournament.pk).update(public=True)
    tournament.refresh_from_db()
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


def test_a_result_entered_through_the_api_appears_without_a_reload(
    page, live_server, event, screenshot
):
    tournament, key = event
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/pairings/")
    switch = page.get_by_label("Live updates")
    expect(switch).to_be_visible()
    expect(switch).not_to_be_checked()  # opt-in
    switch.check()
    expect(page.locator("#live .live-status")).to_have_text(
        "On: new results appear here as they are entered."
    )
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
    screenshot("round_live_update")

    # The choice is remembered: the next visit is live at once.
    page.reload()
    expect(page.get_by_label("Live updates")).to_be_checked()
    expect(page.locator("#live")).to_have_attribute("data-state", "on")


def test_without_javascript_the_round_page_is_plain(browser, live_server, event):
    tournament, _key = event
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/pairings/")
    expect(page.locator("#live")).to_be_hidden()
    expect(page.locator("#live-region table.pairings tbody tr")).to_have_count(2)
    context.close()
