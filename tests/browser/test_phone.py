"""Readable on a phone at the board: no page scrolls sideways at 375 px (wide tables scroll
inside their own box), and the round's boards become one card each."""

from __future__ import annotations

import os
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from games.services import create_game, save_moves, seal_game
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.services import generate_round_robin_round, publish_round

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 375, "height": 740}

TABLE_FIT = """table => {
  const scroller = table.closest('.table-scroll') || table;
  const texts = [...table.querySelectorAll('tbody td')]
    .filter(cell => cell.textContent.trim().length > 40)
    .map(cell => cell.getBoundingClientRect().width);
  return {
    right: Math.round(table.getBoundingClientRect().right),
    hidden: scroller.scrollWidth - scroller.clientWidth,
    narrowest_text: Math.round(Math.min(...texts)),
  };
}"""
"""Where a table's right edge lies, how much of it its scroll box hides, and the width of its
narrowest cell holding a sentence."""


def test_arbiter_pages_fit_a_phone_screen(browser, live_server):
    tournament = TournamentFactory(system="round_robin", number_of_rounds=9)
    for _ in range(10):
        PlayerFactory(tournament=tournament)
    publish_round(generate_round_robin_round(tournament))
    UserFactory(username="deputy", is_staff=True)
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    page = context.new_page()
    log_in(page, "deputy")
    for name, path in [
        ("phone_round", f"/tournaments/{tournament.pk}/rounds/1/"),
        ("phone_dashboard", f"/tournaments/{tournament.pk}/arbiter/"),
        ("phone_tournament", f"/tournaments/{tournament.pk}/"),
    ]:
        page.goto(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} is {width} px wide"
        if directory := os.environ.get("SCREENSHOT_DIR"):
            page.screenshot(path=f"{directory}/{name}.png", full_page=True)
    context.close()


def test_at_390_px_the_header_keeps_the_account_in_view_and_the_keyboard_help_starts_closed(
    browser, live_server
):
    tournament = TournamentFactory(system="round_robin", number_of_rounds=3)
    for _ in range(4):
        PlayerFactory(tournament=tournament)
    publish_round(generate_round_robin_round(tournament))
    UserFactory(username="deputy", is_staff=True)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, "deputy")
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    # Help, the account and the language in view on the first row, beside the brand (they
    # once sat off screen in a row that scrolled sideways); the page's links below them,
    # wrapped rather than scrolled off the right edge.
    for control in ("a.help", "form.inline button", "#language-select"):
        box = page.locator(f".site-header {control}").first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, (control, box)
        assert box["y"] < 40, (control, box)
    links = page.locator(".site-header .page-links a")
    assert links.count() >= 4
    for index in range(links.count()):
        box = links.nth(index).bounding_box()
        assert box is not None and box["y"] > 30 and box["x"] + box["width"] <= 390, box
    assert not page.locator("details.keys").evaluate("element => element.open")
    # A correction's reason field takes the card's width.
    page.locator("#result-1").select_option("1-0")
    page.locator("#result-1").press("Tab")
    # Saved before the page is read again: else, on a busy machine, the reload raced the
    # save and "0" was a first result, which asks no reason.
    expect(page.locator("#board-1 .result-status")).to_contain_text("Saved")
    page.goto(f"/tournaments/{tournament.pk}/rounds/1/")
    page.locator("#result-1").focus()
    page.keyboard.press("0")
    reason = page.locator("#reason-1")
    reason.wait_for(state="visible")
    box = reason.bounding_box()
    assert box is not None and box["width"] > 300, box
    context.close()


def test_a_game_and_its_sealed_envelope_fit_a_phone(browser, live_server):
    """The incidents and the audit trail are wide tables: they scroll inside their own box;
    the envelope's FEN breaks rather than widen the page."""
    tournament = TournamentFactory(system="round_robin", number_of_rounds=1)
    for _ in range(2):
        PlayerFactory(tournament=tournament)
    pairing = publish_round(generate_round_robin_round(tournament)).pairings.get()
    chief = UserFactory(username="chief", is_staff=True)
    game = create_game(pairing=pairing, user=chief)
    save_moves(game, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"], user=chief)
    seal_game(
        game,
        sealer="white",
        sealed_move="O-O",
        white_used=5400,
        black_used=5100,
        adjourned_at=datetime(2026, 12, 11, 14, tzinfo=UTC),
        resumes_at=datetime(2026, 12, 12, 10, tzinfo=UTC),
        user=chief,
    )
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, "chief")
    page.goto(f"/games/{game.pk}/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the game page is {width} px wide"
    # Nothing of the incidents or the audit trail is hidden to the right, and a ruling's
    # explanation is read in lines of several words, not squeezed to one word a line.
    for table in ("table.incidents", "table.audit"):
        fit = page.locator(table).evaluate(TABLE_FIT)
        assert fit["hidden"] == 0 and fit["right"] <= 390, (table, fit)
        assert fit["narrowest_text"] >= 200, (table, fit)
    if directory := os.environ.get("SCREENSHOT_DIR"):
        page.screenshot(path=f"{directory}/phone_game.png", full_page=True)
    page.get_by_role("link", name="Sealed envelope").click()
    # The envelope's page loaded before it is measured: read while the link's navigation
    # was still under way, the document had no element yet.
    page.locator("article.envelope").wait_for()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the envelope is {width} px wide"
    fen = page.locator("article.envelope dd code").bounding_box()
    assert fen is not None and fen["width"] > 300, f"the FEN is squeezed: {fen}"
    context.close()
