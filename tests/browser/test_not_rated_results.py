"""The round page marks a result not rated (FIDE checklist F36, Q185): ticked before the
result is typed it is saved with it; cleared later it is a correction and asks a reason."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from tests.factories import PairingFactory, PlayerFactory, RoundFactory, UserFactory
from tournaments.models import Pairing, PairingSystem, ResultChange
from tournaments.services import create_tournament

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event():
    chief = UserFactory(username="chief")
    chief.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = create_tournament(
        name="Hall open", system=PairingSystem.SWISS, number_of_rounds=5, user=chief
    )
    round_ = RoundFactory(tournament=tournament, number=1)
    for board in (1, 2):
        PairingFactory(
            round=round_,
            board=board,
            white=PlayerFactory(tournament=tournament),
            black=PlayerFactory(tournament=tournament),
        )
    return tournament


def test_a_result_is_entered_not_rated_then_corrected_with_a_reason(page, event):
    log_in(page, "chief")
    page.goto(f"/tournaments/{event.pk}/rounds/1/")
    page.wait_for_selector("table[data-keys-ready]")
    row = page.locator("#board-1")
    row.get_by_label("not rated").check()
    page.get_by_label("Result of board 1").focus()
    page.keyboard.press("1")
    expect(row.locator(".result-status")).to_have_text("✓ Saved: 1-0 (not rated)")
    board = Pairing.objects.get(round__tournament=event, board=1)
    assert (board.result, board.unrated) == ("1-0", True)

    row.get_by_label("not rated").uncheck()  # a correction: the reason opens
    reason = row.get_by_label("Reason for a correction")
    expect(reason).to_be_focused()
    reason.fill("more than one move was played")
    page.keyboard.press("Enter")
    expect(row.locator(".result-status")).to_have_text("✓ Saved: 1-0")
    board.refresh_from_db()
    assert (board.result, board.unrated) == ("1-0", False)
    change = ResultChange.objects.filter(pairing=board).latest("pk")
    assert (change.old_unrated, change.new_unrated) == (True, False)
    assert change.explanation == "more than one move was played"
