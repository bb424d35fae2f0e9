"""An arbiter logs in, creates a round robin, pairs round 1 and enters its results by keyboard.

Known answers: the FIDE Berger table for six players pairs round 1 as 1–6, 2–5, 3–4
(Handbook C.05 Annex 1); the players are those of Held's C.07 round-robin exercise, numbered
by rating (Helene 2000 before Franck 1950).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from tests.factories import UserFactory
from tournaments.models import Pairing, ResultChange, Tournament

from .conftest import log_in

DATA = Path(__file__).parent.parent / "data" / "ui"

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def organiser():
    user = UserFactory(username="chief")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def create_round_robin(page, screenshot) -> Tournament:
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name:", exact=True).fill("Held C.07 round robin")
    page.get_by_label("Place").fill("Oslo")
    page.get_by_label("Pairing system").select_option(label="Round robin")
    page.get_by_label("Number of rounds").fill("5")
    page.get_by_role("textbox", name="Tie-breaks").fill("SB, DE, WIN")
    screenshot("tournament_form")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Tournament created")
    return Tournament.objects.get(name="Held C.07 round robin")


def test_create_round_robin_and_enter_round_one_by_keyboard(page, organiser, screenshot):
    log_in(page, "chief")
    screenshot("tournament_list_empty")
    tournament = create_round_robin(page, screenshot)

    page.get_by_role("link", name="Import players from CSV").click()
    page.get_by_label("File").set_input_files(DATA / "held_round_robin_players.csv")
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("status")).to_contain_text("6 players imported")
    players = page.locator("table.players tbody tr")
    expect(players).to_have_count(6)
    expect(players.nth(4)).to_contain_text("Helene")
    expect(players.nth(5)).to_contain_text("Franck")
    screenshot("dashboard_before_round_1")

    page.get_by_role("button", name="Pair round 1 from the Berger tables").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 1")
    boards = page.locator("table.boards tbody tr")
    expect(boards).to_have_count(3)
    for board, (white, black) in enumerate(
        [("Alyx", "Franck"), ("Bruno", "Helene"), ("Charline", "David")]
    ):
        expect(boards.nth(board).locator("td").nth(1)).to_have_text(re.compile(white))
        expect(boards.nth(board).locator("td").nth(3)).to_have_text(re.compile(black))
    screenshot("round_1_draft")
    page.get_by_role("button", name="Publish the round").click()
    expect(page.get_by_role("status").first).to_contain_text("Round 1 published")

    # Keyboard only: focus board 1 and type the three results.
    page.wait_for_selector("table[data-keys-ready]")
    page.get_by_label("Result of board 1").focus()
    page.keyboard.press("1")
    expect(page.locator("#board-1 .result-status")).to_have_text("✓ Saved: 1-0")
    expect(page.get_by_label("Result of board 2")).to_be_focused()
    page.keyboard.press("=")
    expect(page.locator("#board-2 .result-status")).to_have_text("✓ Saved: ½-½")
    page.keyboard.press("0")
    expect(page.locator("#board-3 .result-status")).to_have_text("✓ Saved: 0-1")
    screenshot("round_1_results")

    results = dict(
        Pairing.objects.filter(round__tournament=tournament).values_list("board", "result")
    )
    assert results == {1: "1-0", 2: "1/2-1/2", 3: "0-1"}

    # A correction asks for a reason first; an empty one is not sent.
    page.get_by_label("Result of board 2").focus()
    page.keyboard.press("+")
    reason = page.get_by_label("Reason for a correction").nth(1)
    expect(reason).to_be_focused()
    page.keyboard.press("Enter")
    assert Pairing.objects.get(round__tournament=tournament, board=2).result == "1/2-1/2"
    page.keyboard.type("Helene did not appear; the draw was entered by mistake")
    page.keyboard.press("Enter")
    expect(page.locator("#board-2 .result-status")).to_contain_text("Saved: +/−")
    change = ResultChange.objects.get(pairing__board=2, reason=ResultChange.Reason.CORRECTION)
    assert (change.old_result, change.new_result) == ("1/2-1/2", "+/-")
    assert change.explanation == "Helene did not appear; the draw was entered by mistake"
    assert change.user.username == "chief"

    page.get_by_role("link", name="Franck").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Franck")
    card = page.locator("table.card tbody tr")
    expect(card.first).to_contain_text("Alyx")
    screenshot("player_card")
