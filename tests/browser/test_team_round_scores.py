"""A team round page while results are typed: each match's score and match points follow
the results as they are saved, in the matches table and above the match's boards, without a
reload; in English at desk width and in Chinese at phone width, with a second arbiter's
page open, and nothing refused by the Content-Security-Policy on either.

Known answers: team A has White on board 1 (the event's initial colour), the other board
alternates; table 1's boards typed 1 (White wins) then = (a draw) give team A 1 + ½ = 1.5 and
team B 0.5 game points, a won match: 2 – 0 match points (C.07 Art. 11.1)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from tests.factories import PlayerFactory, UserFactory
from tournaments.models import InitialColor, PairingSystem, TournamentRole
from tournaments.services import (
    create_team,
    create_tournament,
    generate_round_robin_round,
    number_teams,
    publish_round,
    set_lineup,
    set_roster,
)

from .conftest import PASSWORD, log_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def event():
    chief = UserFactory(username="chief")
    chief.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    deputy = UserFactory(username="deputy")
    tournament = create_tournament(
        name="Team Cup",
        system=PairingSystem.ROUND_ROBIN,
        number_of_rounds=3,
        boards_per_match=2,
        initial_color=InitialColor.WHITE,
        user=chief,
    )
    TournamentRole.objects.create(
        tournament=tournament, user=deputy, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    for index in range(4):
        team = create_team(tournament, name=f"Team {chr(65 + index)}")
        set_roster(
            team,
            [
                PlayerFactory(tournament=tournament, rating_standard=2400 - 100 * index - board)
                for board in range(2)
            ],
        )
    number_teams(tournament)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    for match in round_.matches.filter(team_b__isnull=False):
        for team in (match.team_a, match.team_b):
            set_lineup(match, team, list(team.roster.order_by("board_order")))
    return tournament


def _open(browser, live_server, username: str, *, width: int, language: str):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 844}, locale="en-GB"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, username, PASSWORD)
    if language != "en":
        page.get_by_label("Language").select_option(language)
        expect(page.locator("html")).to_have_attribute("lang", language)
    return context, page


@pytest.mark.parametrize(
    ("width", "language", "not_decided"),
    [(1280, "en", "not decided"), (390, "zh-hans", "未决")],
    ids=["desk-en", "phone-zh"],
)
def test_match_scores_follow_the_results_typed(
    browser, live_server, event, width, language, not_decided
):
    chief_context, chief = _open(browser, live_server, "chief", width=width, language=language)
    deputy_context, deputy = _open(browser, live_server, "deputy", width=width, language=language)
    url = f"/tournaments/{event.pk}/rounds/1/"
    deputy.goto(url)
    chief.goto(url)
    chief.wait_for_selector("table[data-keys-ready]")
    match = event.rounds.get(number=1).matches.get(table=1)
    first, second = match.boards.order_by("board")
    score = chief.locator("#match-1 .match-score")
    points = chief.locator("#match-1 .match-points")
    expect(score).to_have_text("0 – 0")
    expect(points).to_contain_text(not_decided)

    chief.locator(f"#result-{first.board}").focus()
    chief.keyboard.press("1")
    expect(chief.locator(f"#board-{first.board} .result-status")).to_contain_text("1-0")
    expect(score).to_have_text("1 – 0")  # no reload: the saved result brought it
    expect(points).to_contain_text(not_decided)  # board 2 still to play
    chief.keyboard.press("=")
    expect(chief.locator(f"#board-{second.board} .result-status")).to_contain_text("½-½")
    expect(score).to_have_text("1.5 – 0.5")
    expect(points).to_have_text("2 – 0")
    expect(chief.locator("#match-head-1")).to_contain_text("1.5 – 0.5")
    # The keyboard goes on to the next match's first board.
    expect(chief.locator("#result-3")).to_be_focused()

    deputy.reload()
    expect(deputy.locator("#match-1 .match-points")).to_have_text("2 – 0")
    chief_context.close()
    deputy_context.close()


def test_a_row_swapped_in_applies_no_inline_style(browser, live_server, event):
    """A saved result's row replaces the old one; htmx's settling copied the old row's
    style attribute onto the new one with setAttribute, which the policy refuses, even
    empty: a row that a script, the browser or an extension styled through CSSOM and
    cleared again (``style=""``) logged a violation from htmx.min.js in a deputy's browser.
    The autouse fixture of conftest.py fails the test on any violation logged."""
    context, page = _open(browser, live_server, "deputy", width=390, language="zh-hans")
    page.goto(f"/tournaments/{event.pk}/rounds/1/")
    page.wait_for_selector("table[data-keys-ready]")
    page.evaluate(
        """() => ["board-1", "result-1"].forEach((id) => {
            const element = document.getElementById(id);
            element.style.color = "red";  // CSSOM: allowed by the policy
            element.style.color = "";     // leaves style=""
        })"""
    )
    assert page.locator("#board-1").get_attribute("style") == ""
    page.locator("#result-1").focus()
    page.keyboard.press("1")
    expect(page.locator("#board-1 .result-status")).to_contain_text("1-0")
    expect(page.locator("#match-1 .match-score")).to_have_text("1 – 0")
    context.close()
