"""Accessibility of the arbiters' pages, checked in the browser on every main page:
every visible form control has a label (or an accessible name), every data table has header
cells, focus is visible, and the result table says in words what its colours show."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.services import generate_round_robin_round, publish_round

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)

UNLABELLED = """() => Array.from(document.querySelectorAll('input, select, textarea'))
  .filter(e => e.type !== 'hidden' && e.offsetParent !== null)
  .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
               && !e.getAttribute('aria-labelledby'))
  .map(e => e.outerHTML.slice(0, 120))"""

TABLES_WITHOUT_HEADERS = """() => Array.from(document.querySelectorAll('main table'))
  .filter(t => !t.querySelector('th')).map(t => t.className || t.id || 'table')"""


@pytest.fixture
def event():
    tournament = TournamentFactory(system="round_robin", number_of_rounds=3)
    players = [PlayerFactory(tournament=tournament) for _ in range(4)]
    publish_round(generate_round_robin_round(tournament))
    UserFactory(username="chief", is_staff=True)
    return tournament, players


def test_main_pages_label_every_field_and_head_every_table(page, event):
    tournament, players = event
    log_in(page, "chief")
    t = f"/tournaments/{tournament.pk}"
    for path in [
        "/",
        "/tournaments/new/",
        "/tournaments/import/",
        f"{t}/",
        f"{t}/arbiter/",
        f"{t}/edit/",
        f"{t}/roles/",
        f"{t}/players/add/",
        f"{t}/players/import/",
        f"{t}/players/{players[0].pk}/",
        f"{t}/players/{players[0].pk}/withdraw/",
        f"{t}/rounds/enter/",
        f"{t}/rounds/1/",
        "/accounts/password_change/",
    ]:
        page.goto(path)
        assert page.evaluate(UNLABELLED) == [], path
        assert page.evaluate(TABLES_WITHOUT_HEADERS) == [], path


def test_focus_is_visible_and_saved_state_is_written_out(page, event):
    tournament, _ = event
    log_in(page, "chief")
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    page.wait_for_selector("table[data-keys-ready]")
    select = page.get_by_label("Result of board 1")
    select.focus()
    outline = select.evaluate(
        "e => getComputedStyle(e).outlineStyle + ' ' + getComputedStyle(e).outlineWidth"
    )
    assert outline.startswith("solid") and not outline.endswith(" 0px"), outline
    page.keyboard.press("=")
    # Not only green: the row says what happened.
    expect(page.locator("#board-1 .result-status")).to_have_text("✓ Saved: ½-½")
    expect(page.locator("#result-announcer")).to_have_text("✓ Saved: ½-½")
