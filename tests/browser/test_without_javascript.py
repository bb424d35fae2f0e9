"""Progressive enhancement: with JavaScript off, results are still entered with the plain
forms (choose, Save) and a correction still needs its reason."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import Pairing
from tournaments.services import generate_round_robin_round, publish_round

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_result_entry_works_as_plain_forms(browser, live_server):
    tournament = TournamentFactory(system="round_robin", number_of_rounds=3)
    for _ in range(4):
        PlayerFactory(tournament=tournament)
    publish_round(generate_round_robin_round(tournament))
    UserFactory(username="chief", is_staff=True)
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    log_in(page, "chief")
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    board = page.locator("#board-1")
    board.get_by_label("Result of board 1").select_option("0-1")
    board.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status").first).to_contain_text("Board 1 saved: 0-1.")

    board = page.locator("#board-1")
    board.get_by_label("Result of board 1").select_option("1/2-1/2")
    board.get_by_role("button", name="Save").click()
    expect(page.locator(".messages .error")).to_contain_text(
        "Board 1: Changing a result already entered needs a reason."
    )
    board = page.locator("#board-1")
    board.get_by_label("Result of board 1").select_option("1/2-1/2")
    board.get_by_label("Reason for a correction").fill("both scoresheets say draw")
    board.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status").first).to_contain_text("Board 1 saved: ½-½.")
    assert Pairing.objects.get(round__tournament=tournament, board=1).result == "1/2-1/2"
    context.close()
