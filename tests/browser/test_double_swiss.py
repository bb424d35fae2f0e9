"""An arbiter runs a Double-Swiss event (FIDE C.04.5) of eight players in the browser: the
event made on the page, match 1 paired (game 1 by the engine, game 2 the same boards with the
colours reversed), results typed, match 2 paired, the standings adding up the games.

Known answers: game 1 of each match is the Double-Swiss engine's pairing of the package's
match state of the event (what ``checktrf`` re-pairs); game 2 reverses it (Preface); the
standings' points are the games' points, one a win and a half a draw.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from tests.factories import UserFactory
from tournaments.models import Pairing, Tournament
from tournaments.pairing.double_swiss import DoubleSwissEngine, match_state
from tournaments.scoring.standings import format_points
from tournaments.selectors import initial_color, tournament_sheet

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = (
    "name,sex,federation,rating_standard\n"
    "Alyx,m,NOR,2300\nBruno,m,NOR,2250\nCharline,f,NOR,2200\nDavid,m,NOR,2150\n"
    "Emma,f,NOR,2100\nFranck,m,NOR,2050\nHelene,f,NOR,2000\nIvan,m,NOR,1950\n"
)
POINTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1))}
POINTS["1/2-1/2"] = (Fraction(1, 2), Fraction(1, 2))


@pytest.fixture
def organiser():
    user = UserFactory(username="chief")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def _pairs(tournament: Tournament, number: int) -> list[tuple[int, int]]:
    boards = Pairing.objects.filter(round__tournament=tournament, round__number=number)
    return [
        (b.white.start_rank, b.black.start_rank)
        for b in boards.select_related("white", "black").order_by("board")
        if b.black is not None
    ]


def _engine_pairs(tournament: Tournament, match: int) -> list[tuple[int, int]]:
    """The engine on the event's sheet before the match, with the colour drawn for round 1."""
    tournament.refresh_from_db()
    sheet = tournament_sheet(tournament, after_round=2 * match - 2)
    state = match_state(
        sheet,
        match,
        planned_matches=tournament.number_of_rounds // 2,
        initial_color=initial_color(tournament),
    )
    return list(DoubleSwissEngine().pair(state).pairs)


def _pair(page, tournament: Tournament, number: int) -> None:
    match, game = (number + 1) // 2, 2 - number % 2
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    name = f"Pair round {number} (match {match}, game {game}) with the built-in engine"
    page.get_by_role("button", name=name).click()
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_contain_text(f"Round {number}")
    expect(heading).to_contain_text(f"match {match}, game {game}")
    page.get_by_role("button", name="Publish the round").click()
    expect(page.get_by_role("status").first).to_contain_text(f"Round {number} published")


def _type_results(page, tournament: Tournament, number: int, keys: str) -> None:
    page.goto(f"/tournaments/{tournament.pk}/rounds/{number}/")
    page.wait_for_selector("table[data-keys-ready]")
    page.get_by_label("Result of board 1").focus()
    for board, key in enumerate(keys, start=1):
        page.keyboard.press(key)
        expect(page.locator(f"#board-{board} .result-status")).to_contain_text("Saved")


def test_a_double_swiss_event_in_the_browser(browser, live_server, organiser):
    context = browser.new_context(base_url=live_server.url, locale="en-GB")
    context.set_default_timeout(15_000)
    page = context.new_page()
    log_in(page, "chief")
    page.get_by_role("link", name="New tournament").click()
    page.locator("#id_name").fill("Double Open")
    page.locator("#id_system").select_option(label="Double-Swiss (FIDE)")
    page.locator("#id_number_of_rounds").fill("4")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_contain_text("Tournament created")
    tournament = Tournament.objects.get(name="Double Open")
    assert tournament.swiss_system is not None and tournament.swiss_system.matches

    page.get_by_role("link", name="Import players from CSV").click()
    page.get_by_label("File").set_input_files(
        files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": PLAYERS.encode()}]
    )
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("status").first).to_contain_text("8 players imported")
    page.get_by_role("button", name="Number by rating").click()
    expect(page.get_by_role("status").first).to_contain_text("Players numbered by rating")

    _pair(page, tournament, 1)
    expected = _engine_pairs(tournament, 1)
    assert _pairs(tournament, 1) == expected
    _pair(page, tournament, 2)  # game 1's results are not needed for game 2
    assert _pairs(tournament, 2) == [(black, white) for white, black in expected]
    _type_results(page, tournament, 1, "1=01")
    _type_results(page, tournament, 2, "=10=")

    _pair(page, tournament, 3)
    expected = _engine_pairs(tournament, 2)
    assert _pairs(tournament, 3) == expected
    assert not {frozenset(p) for p in expected} & {frozenset(p) for p in _pairs(tournament, 1)}
    _pair(page, tournament, 4)
    assert _pairs(tournament, 4) == [(black, white) for white, black in expected]

    totals: dict[str, Fraction] = {}
    for board in Pairing.objects.filter(round__tournament=tournament, round__number__lte=2):
        white, black = POINTS[board.result]
        totals[board.white.name] = totals.get(board.white.name, Fraction(0)) + white
        totals[board.black.name] = totals.get(board.black.name, Fraction(0)) + black
    assert sum(totals.values()) == 8  # eight games of match 1
    page.goto(f"/tournaments/{tournament.pk}/standings/?round=2")
    headers = page.locator("table thead th").all_inner_texts()
    points_column = headers.index("Pts")
    rows = page.locator("table tbody tr")
    expect(rows).to_have_count(8)
    for name, points in totals.items():
        row = rows.filter(has_text=name)
        expect(row.locator("td").nth(points_column)).to_have_text(format_points(points))
