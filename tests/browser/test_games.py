"""The games pages in the browser: a PGN with an illegal move is flagged before import, and a
wrong threefold-repetition claim costs the claimant five minutes (Art. 10.13(2), classic)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import TournamentRole
from tournaments.services import generate_round_robin_round, publish_round

from .conftest import log_in

DATA = Path(__file__).parent.parent / "data" / "ui"

pytestmark = pytest.mark.django_db(transaction=True)

# Fischer–Spassky, Reykjavik 1972, game 6, to Black's 10th move: no position has occurred
# three times.
OPENING = "1. c4 e6 2. Nf3 d5 3. d4 Nf6 4. Nc3 Be7 5. Bg5 O-O 6. e3 h6 7. Bh4 b6 8. cxd5 Nxd5 "
OPENING += "9. Bxe7 Qxe7 10. Nxd5 exd5"


@pytest.fixture
def reykjavik():
    """Fischer v Spassky, round 1 of a two-player round robin under the classic ruleset."""
    tournament = TournamentFactory(
        name="Reykjavik 1972", system="double_round_robin", number_of_rounds=2
    )
    PlayerFactory(tournament=tournament, name="Fischer, Robert James", rating_standard=2785)
    PlayerFactory(tournament=tournament, name="Spassky, Boris", rating_standard=2660)
    publish_round(generate_round_robin_round(tournament))
    chief = UserFactory(username="schmid")
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    return tournament


def test_uploaded_pgn_with_an_illegal_move_is_flagged(page, reykjavik, screenshot):
    log_in(page, "schmid")
    page.goto(f"/tournaments/{reykjavik.pk}/arbiter/")
    page.get_by_role("link", name="Upload a PGN file").click()
    page.get_by_label("PGN file").set_input_files(
        DATA / "fischer-spassky-1972-game6.move20-corrupted.pgn"
    )
    page.get_by_role("button", name="Check the file").click()
    expect(page.get_by_role("status")).to_contain_text("1 game: 0 clean, 1 with an illegal move")
    flagged = page.locator("table.report tbody tr").first
    expect(flagged).to_contain_text("✗ illegal move")
    expect(flagged).to_contain_text(re.compile(r"\b20\b.*d3"))
    screenshot("pgn_upload_report")


def test_wrong_threefold_claim_costs_the_claimant_five_minutes(page, reykjavik, screenshot):
    log_in(page, "schmid")
    page.goto(f"/tournaments/{reykjavik.pk}/rounds/1/")
    page.get_by_role("button", name="Enter moves").click()
    page.get_by_label("Moves as written on the scoresheet").fill(OPENING)
    page.get_by_role("button", name="Save the moves").click()
    expect(page.get_by_role("status").first).to_contain_text("Saved: 10 moves (20 plies).")
    screenshot("game_view")

    page.get_by_role("link", name="Draw claim (10.10, 10.12, 10.13(2))").click()
    page.get_by_label("Claimant:", exact=True).select_option("white")
    page.get_by_label("Claim:", exact=True).select_option("threefold")
    page.get_by_label("Claimant's used time (seconds)").fill("3000")
    page.get_by_role("button", name="Show the ruling").click()

    ruling = page.locator("section.ruling")
    expect(ruling).to_contain_text("10.13")
    expect(ruling).to_contain_text("White: 5:00 added to the used time")
    expect(ruling).to_contain_text("5 minutes are added to White's used time")
    screenshot("ruling_wrong_claim")
    page.get_by_role("button", name="Apply this ruling").click()
    expect(page.get_by_role("status").first).to_contain_text("The ruling has been applied")


def test_a_large_check_report_is_read_page_by_page(page, reykjavik, screenshot):
    """TWIC's 232 games: the summary counts them all, the table shows one page of them, and
    the pages and the games to look at are a click away, in English and in Chinese."""
    twic = Path(__file__).parent.parent / "data" / "games" / "twic-01-232games.pgn"
    log_in(page, "schmid")
    page.goto(reverse("games:upload", args=[reykjavik.pk]))
    page.get_by_label("PGN file").set_input_files(twic)
    page.get_by_role("button", name="Check the file").click()
    expect(page.get_by_role("status")).to_contain_text("232 games: 232 clean")
    expect(page.locator("table.report tbody tr")).to_have_count(50)
    pages = page.get_by_role("navigation", name="Pages of the report").first
    expect(pages).to_contain_text("Games 1–50 of 232:")
    screenshot("pgn_upload_report_large")
    pages.get_by_role("link", name="5", exact=True).click()
    expect(page.locator("table.report tbody tr")).to_have_count(32)
    expect(page.locator("table.report tbody tr").last.locator("td.num")).to_have_text("232")
    page.get_by_label("Language").select_option("zh-hans")
    expect(page.get_by_role("status")).to_contain_text("232 盘对局")
    expect(page.get_by_role("navigation", name="报告分页").first).to_contain_text(
        "第 201–232 盘，共 232 盘："
    )
    screenshot("pgn_upload_report_large_zh")
