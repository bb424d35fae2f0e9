"""An arbiter runs team events in the browser: a 12-team, 4-board, 7-round team Swiss and a
10-team double round robin, made on the pages (event, teams, rosters, numbering, pairing,
publishing, lineups, results), the rest of the field and of the lineups and results through
the services to keep the test short.

Known answers:
* the double round robin's rounds are the FIDE Berger table for ten (C.05 Annex 1): round 1
  1-10, 2-9, 3-8, 4-7, 5-6; round 2 10-6, 7-5, 8-4, 9-3, 1-2; round 10 (the second cycle)
  round 1 with the colours reversed;
* the event's TRF-2026, downloaded from the standings page and imported again on the import
  page, gives the same standings (places, match and game points), keeps each reserve who
  never played a player of the event, and its records 310 rank the teams at the places the
  published standings give them (ties shared, TRF-2026's 310 "ties allowed");
* its TRF16, which has no record for a team's bye or a match forfeited whole, names the
  round 4 forfeit and the round 5 half-point bye it leaves out on the standings page and as
  ``### Export`` lines, and the import of it names the teams left without a match;
* every match's game and match points, worked out here from the stored boards by the event's
  points (a win 1, a draw ½, a board left empty a forfeit win; a won match 2, a drawn 1, C.07
  Art. 11.1), a match forfeited whole a forfeit win on each board, the pairing-allocated bye
  a drawn match with a win on every board and a half-point bye a drawn match with a draw on
  every board (the event's settings left empty, TRF record 320's defaults), are what the
  round page shows; the public standings' match and game points are their sums.
"""

from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction

import pytest
from django.contrib.auth.models import Permission
from playwright.sync_api import expect

from tests.factories import PlayerFactory, UserFactory
from tournaments.models import Match, Pairing, Player, ResultChange, Round, Team, Tournament
from tournaments.services import create_team, record_result, set_lineup, set_roster
from tournaments.trf.teams import parse_310

from .conftest import log_in

pytestmark = pytest.mark.django_db(transaction=True)

BOARDS = 4
HALF = Fraction(1, 2)
POINTS = {
    "1-0": (Fraction(1), Fraction(0)),
    "0-1": (Fraction(0), Fraction(1)),
    "1/2-1/2": (HALF, HALF),
    "+/-": (Fraction(1), Fraction(0)),
    "-/+": (Fraction(0), Fraction(1)),
}
"""White's and Black's game points of each result the test enters."""
RESULTS = ["1-0", "1/2-1/2", "0-1", "1-0", "1/2-1/2"]
KEYS = {"1-0": "1", "0-1": "0", "1/2-1/2": "="}


@pytest.fixture
def organiser():
    user = UserFactory(username="chief")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def fmt(points: Fraction) -> str:
    """Points as the pages print them: 2, 2.5."""
    return str(points.numerator) if points.denominator == 1 else f"{float(points):.1f}"


def messages(page):
    return page.locator("ul.messages")


def create_event(page, name: str, system: str, rounds: int, tiebreaks: str) -> Tournament:
    page.goto("/")
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name:", exact=True).fill(name)
    page.get_by_label("Pairing system").select_option(label=system)
    page.get_by_label("Number of rounds").fill(str(rounds))
    page.get_by_role("textbox", name="Tie-breaks").fill(tiebreaks)
    page.get_by_label("Boards per match").fill(str(BOARDS))
    page.get_by_role("button", name="Save").click()
    expect(messages(page)).to_contain_text("Tournament created")
    return Tournament.objects.get(name=name)


def type_team(page, tournament: Tournament, name: str, players: list[tuple[str, int, str]]):
    """A team and its roster typed on the pages: name, rating and FIDE id of each player."""
    page.goto(f"/tournaments/{tournament.pk}/arbiter/teams/")
    page.get_by_role("link", name="Add a team").click()
    page.get_by_label("Team name").fill(name)
    page.get_by_label("Federation").fill("NOR")
    page.get_by_role("button", name="Save and enter the roster").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Roster of {name}")
    for row, (player, rating, fide_id) in enumerate(players, start=1):
        page.get_by_label(f"Name of new player {row}").fill(player)
        page.get_by_label(f"Rating of new player {row}").fill(str(rating))
        page.get_by_label(f"FIDE ID of new player {row}").fill(fide_id)
    page.get_by_role("button", name="Save the roster").click()
    expect(messages(page)).to_contain_text(f"Roster of {name} saved: {len(players)} players.")


def factory_teams(tournament: Tournament, names: list[str], top: int, roster: int) -> None:
    """Teams made through the services, each weaker than the one before."""
    for index, name in enumerate(names):
        team = create_team(tournament, name=name, federation="NOR")
        rating = top - 60 * index
        set_roster(
            team,
            [
                PlayerFactory(tournament=tournament, name=f"{name} {n}", rating_standard=rating - n)
                for n in range(1, roster + 1)
            ],
        )


def number_on_page(page, tournament: Tournament, count: int) -> None:
    page.goto(f"/tournaments/{tournament.pk}/arbiter/teams/")
    page.get_by_role("button", name="Number the teams by strength").click()
    expect(messages(page)).to_contain_text("Teams numbered by strength")
    expect(page.locator("table.teams tbody tr")).to_have_count(count)


def pair_and_publish(page, tournament: Tournament, number: int) -> Round:
    page.goto(f"/tournaments/{tournament.pk}/arbiter/")
    page.get_by_role("button", name=re.compile(f"^Pair round {number} ")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(f"Round {number}")
    page.get_by_role("button", name="Publish the round").click()
    expect(messages(page)).to_contain_text(f"Round {number} published")
    return Round.objects.get(tournament=tournament, number=number)


def roster_of(team: Team) -> list:
    return list(team.roster.order_by("board_order"))


def type_lineups(page, match: Match, *, empty_last: bool = False) -> None:
    """Both lineups of ``match`` chosen board by board (team B leaving board 4 empty)."""
    edit = page.locator(f"#match-{match.table}-edit")
    for team in (match.team_a, match.team_b):
        players = roster_of(team)[:BOARDS]
        if empty_last and team == match.team_b:
            players[-1] = None
        form = edit.get_by_role("group", name=f"Lineup of {team.name}", exact=True)
        for board, player in enumerate(players, start=1):
            choice = form.get_by_label(re.compile(f"^Board {board}:?$"))
            choice.select_option(str(player.pk) if player else "")
        form.get_by_role("button", name=f"Save the lineup of {team.name}").click()
        expect(messages(page)).to_contain_text(f"lineup of {team.name} saved")


def lineups_by_service(round_: Round, skip: set[int]) -> None:
    for match in round_.matches.filter(team_b__isnull=False).exclude(table__in=skip):
        for team in (match.team_a, match.team_b):
            set_lineup(match, team, roster_of(team)[:BOARDS])


def results_by_service(round_: Round, skip: set[int]) -> None:
    boards = Pairing.objects.filter(round=round_, black__isnull=False, result="*")
    for board in boards.exclude(match__table__in=skip).select_related("match"):
        result = RESULTS[(round_.number * 7 + board.match.table * 3 + board.match_board) % 5]
        record_result(board, result, source="hand", user=None)


def type_results(page, match: Match) -> None:
    """The match's results by keyboard on the round page, one key a board."""
    page.wait_for_selector("table[data-keys-ready]")
    boards = list(match.boards.filter(black__isnull=False).order_by("board"))
    page.get_by_label(f"Result of board {boards[0].board}", exact=True).focus()
    for board in boards:
        result = RESULTS[(board.match_board + match.round.number) % 5]
        page.keyboard.press(KEYS[result])
        expect(page.locator(f"#board-{board.board} .result-status")).to_contain_text("Saved")


def hand_points(match: Match) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Team A's and B's game points, then match points, from the stored boards."""
    if match.is_bye:
        per_board = Fraction(1) if match.bye == "pab" else HALF
        return per_board * BOARDS, Fraction(0), Fraction(1), Fraction(0)
    if match.forfeit:
        a_wins = match.forfeit == "+-"
        won, lost = Fraction(BOARDS), Fraction(0)
        gp = (won, lost) if a_wins else (lost, won)
        return gp[0], gp[1], Fraction(2 if a_wins else 0), Fraction(0 if a_wins else 2)
    a = b = Fraction(0)
    for board in Pairing.objects.filter(match=match).select_related("white"):
        a_white = board.white.team_id == match.team_a_id
        if board.black_id is None:  # the other team left the board empty
            a, b = (a + 1, b) if a_white else (a, b + 1)
            continue
        white, black = POINTS[board.result]
        a, b = (a + white, b + black) if a_white else (a + black, b + white)
    mp = (Fraction(2), Fraction(0)) if a > b else (Fraction(0), Fraction(2)) if b > a else (1, 1)
    return a, b, Fraction(mp[0]), Fraction(mp[1])


def check_round_page(page, round_: Round, totals: dict[str, list[Fraction]]) -> None:
    """Each match's points on the round page are the hand computation; totals summed."""
    page.goto(f"/tournaments/{round_.tournament_id}/rounds/{round_.number}/")
    for match in round_.matches.select_related("team_a", "team_b"):
        gp_a, gp_b, mp_a, mp_b = hand_points(match)
        row = page.locator(f"#match-{match.table}")
        if match.is_bye:
            expect(row).to_contain_text(match.get_bye_display())
            expect(row.locator(".match-score")).to_have_text(fmt(gp_a))
            expect(row.locator(".match-points")).to_have_text(fmt(mp_a))
        else:
            expect(row.locator(".match-score")).to_have_text(f"{fmt(gp_a)} – {fmt(gp_b)}")
            expect(row.locator(".match-points")).to_have_text(f"{fmt(mp_a)} – {fmt(mp_b)}")
            totals[match.team_b.name][0] += mp_b
            totals[match.team_b.name][1] += gp_b
        totals[match.team_a.name][0] += mp_a
        totals[match.team_a.name][1] += gp_a


def check_standings(page, tournament: Tournament, totals: dict[str, list[Fraction]]) -> None:
    """The public standings' MP and GP columns are the sums of the rounds' hand points."""
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(len(totals))
    shown = {}
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td").all_inner_texts()
        shown[cells[2]] = (cells[3], cells[4])
    assert shown == {name: (fmt(mp), fmt(gp)) for name, (mp, gp) in totals.items()}


OSLO = [
    ("Aas, Anders", 2480, "1500011"),
    ("Berg, Bodil", 2460, "1500012"),
    ("Dahl, Dag", 2440, "1500013"),
    ("Eik, Eva", 2420, "1500014"),
    ("Fjell, Frode", 2300, "1500015"),
]
BERGEN = [
    ("Gran, Gunnar", 2380, "1500021"),
    ("Hauge, Hilde", 2360, "1500022"),
    ("Ilstad, Ivar", 2340, "1500023"),
    ("Juul, Jorunn", 2320, "1500024"),
    ("Krog, Knut", 2200, "1500025"),
]


def test_a_team_swiss_of_twelve_teams_on_four_boards(
    page, organiser, screenshot, browser, tmp_path
):
    log_in(page, "chief")
    tournament = create_event(
        page, "Nordic Team Swiss", "Team Swiss (FIDE C.04.6)", 7, "EMMSB, BH:MP/C1"
    )
    type_team(page, tournament, "Oslo SK", OSLO)
    type_team(page, tournament, "Bergen SK", BERGEN)
    # Board order changed on the page: Berg above Aas.
    oslo = Team.objects.get(tournament=tournament, name="Oslo SK")
    page.goto(f"/tournaments/{tournament.pk}/arbiter/teams/{oslo.pk}/roster/")
    page.get_by_label("Aas, Anders", exact=True).fill("2")
    page.get_by_label("Berg, Bodil", exact=True).fill("1")
    page.get_by_role("button", name="Save the roster").click()
    assert [p.name for p in roster_of(oslo)][:2] == ["Berg, Bodil", "Aas, Anders"]
    factory_teams(tournament, [f"Club {n}" for n in range(1, 11)], top=2440, roster=5)
    number_on_page(page, tournament, 12)
    screenshot("team_swiss_teams")
    # Oslo's first four average 2450, above Bergen (2350) and the clubs (from 2437.5 down).
    assert Team.objects.get(tournament=tournament, number=1).name == "Oslo SK"

    totals: dict[str, list[Fraction]] = defaultdict(lambda: [Fraction(0), Fraction(0)])
    for number in range(1, 8):
        if number == 5:
            page.goto(f"/tournaments/{tournament.pk}/arbiter/teams/")
            form = page.locator("#team-bye-form")
            form.get_by_label("Team").select_option(label="Club 10")
            form.get_by_label("Round").fill("5")
            form.get_by_label("Kind of bye").select_option(label="Half-point bye")
            form.get_by_role("button", name="Record the bye").click()
            expect(messages(page)).to_contain_text("Club 10: bye in round 5 recorded.")
        round_ = pair_and_publish(page, tournament, number)
        first, second = round_.matches.filter(team_b__isnull=False).order_by("table")[:2]
        type_lineups(page, first, empty_last=number == 2)
        skip = {first.table}
        if number == 4:  # the second match forfeited whole, with the reason
            edit = page.locator(f"#match-{second.table}-edit")
            edit.get_by_label("Match forfeit").select_option(label="Team B wins by forfeit")
            edit.get_by_label("Reason").fill("Team A did not arrive")
            edit.get_by_role("button", name=f"Save the forfeit of table {second.table}").click()
            expect(messages(page)).to_contain_text(f"Table {second.table} saved.")
            skip.add(second.table)
        lineups_by_service(round_, skip)
        page.reload()
        type_results(page, first)
        if number == 3:  # a result corrected, with its reason
            board = first.boards.order_by("board").first()
            page.get_by_label(f"Result of board {board.board}", exact=True).focus()
            new = "0-1" if board.result != "0-1" else "1-0"
            page.keyboard.press(KEYS[new])
            page.keyboard.type("Scoresheets show the other result")
            page.keyboard.press("Enter")
            status = page.locator(f"#board-{board.board} .result-status")
            expect(status).to_have_text(f"✓ Saved: {new}")
            change = ResultChange.objects.get(pairing=board, reason="correction")
            assert change.explanation == "Scoresheets show the other result"
        results_by_service(round_, set())
        check_round_page(page, round_, totals)
        if number == 2:
            screenshot("team_swiss_round_2")
            empty = first.boards.get(match_board=BOARDS)
            assert empty.black is None and empty.white.team_id == first.team_a_id
        round_.refresh_from_db()
        assert round_.status == Round.Status.FINISHED
    assert Match.objects.get(round__tournament=tournament, round__number=5, bye="half")
    check_standings(page, tournament, totals)
    screenshot("team_swiss_standings")
    published = standings_rows(page, tournament)
    check_trf_2026_round_trip(page, tournament, published, tmp_path)
    check_trf16_round_trip(page, tournament, tmp_path)
    page.goto(f"/tournaments/{tournament.pk}/rounds/4/pairings/")
    expect(page.locator(".team-match").first).to_contain_text("Table 1")
    screenshot("team_swiss_public_pairings")

    # At phone width the round page fits the screen; in Chinese it speaks Chinese.
    phone = browser.new_context(
        base_url=page.url.split("/tournaments/")[0], viewport={"width": 390, "height": 844}
    )
    small = phone.new_page()
    log_in(small, "chief")
    small.goto(f"/tournaments/{tournament.pk}/rounds/7/")
    width = small.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the round page is {width} px wide"
    # Every link of the tournament's menu in view, none scrolled off the right edge.
    off_screen = small.evaluate(
        "[...document.querySelectorAll('.page-links a')]"
        ".filter(a => a.getBoundingClientRect().right > window.innerWidth)"
        ".map(a => a.textContent.trim())"
    )
    assert off_screen == [], f"menu links off screen at 390 px: {off_screen}"
    _keep(small, screenshot, "team_round_phone")
    small.get_by_label("Language").select_option("zh-hans")
    expect(small.get_by_role("heading", level=1)).to_contain_text("第 7 轮")
    expect(small.locator("table.matches")).to_contain_text("Oslo SK")
    _keep(small, screenshot, "team_round_zh")
    phone.close()


def standings_rows(page, tournament: Tournament) -> dict[str, tuple[str, str, str]]:
    """The public standings as the page shows them: each team's place, match and game
    points."""
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    rows = page.locator("table.standings tbody tr")
    shown = {}
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td").all_inner_texts()
        shown[cells[2]] = (cells[0], cells[3], cells[4])
    return shown


def download_trf(page, tournament: Tournament, version: str, tmp_path) -> str:
    """The provisional TRF of ``version`` downloaded from the standings page's link."""
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    line = page.locator("#trf li").filter(has_text=f"TRF{version}:")
    with page.expect_download() as download:
        line.get_by_role("link", name="provisional").click()
    path = tmp_path / f"{tournament.pk}-{version}.trf"
    download.value.save_as(path)
    return path.read_text(encoding="utf-8")


def import_on_page(page, path) -> Tournament:
    """``path`` imported on the import page; the new tournament (the page ends on its
    dashboard, the import's warnings as messages)."""
    before = set(Tournament.objects.values_list("pk", flat=True))
    page.goto("/tournaments/import/")
    page.get_by_label("File").set_input_files(str(path))
    page.get_by_role("button", name=re.compile("Import|Upload")).click()
    expect(messages(page)).to_contain_text("Imported")
    (imported,) = Tournament.objects.exclude(pk__in=before)
    return imported


def check_trf_2026_round_trip(page, tournament: Tournament, published, tmp_path) -> None:
    text = download_trf(page, tournament, "-2026", tmp_path)
    # Records 310 rank each team at its published place (shared places share the first).
    ranks = {
        team.name: team.rank
        for team in (parse_310(line) for line in text.splitlines() if line.startswith("310 "))
    }
    places = {
        name: int(place.split("–")[0].rstrip(".")) for name, (place, _, _) in published.items()
    }
    assert ranks == places
    path = tmp_path / "round-trip-2026.trf"
    path.write_text(text, encoding="utf-8")
    imported = import_on_page(page, path)
    assert standings_rows(page, imported) == published
    # A reserve is a reserve: the fifth player of each roster played no game, and is still
    # a player of the event, not withdrawn.
    reserves = Player.objects.filter(tournament=imported, name__in=["Fjell, Frode", "Krog, Knut"])
    assert reserves.count() == 2
    assert all(reserve.status != Player.Status.WITHDRAWN for reserve in reserves)


def check_trf16_round_trip(page, tournament: Tournament, tmp_path) -> None:
    forfeit = Match.objects.get(round__tournament=tournament, round__number=4, forfeit__gt="")
    bye = Match.objects.get(round__tournament=tournament, round__number=5, bye="half")
    page.goto(f"/tournaments/{tournament.pk}/standings/")
    losses = page.locator("#trf16-losses + ul")
    expect(losses).to_contain_text(forfeit.team_a.name)
    expect(losses).to_contain_text(bye.team_a.name)
    text = download_trf(page, tournament, "16", tmp_path)
    export_lines = [line for line in text.splitlines() if line.startswith("### Export")]
    assert any("round 4" in line and forfeit.team_b.name in line for line in export_lines)
    assert any("round 5" in line and bye.team_a.name in line for line in export_lines)
    path = tmp_path / "round-trip-16.trf"
    path.write_text(text, encoding="utf-8")
    import_on_page(page, path)
    expect(messages(page)).to_contain_text(bye.team_a.name)
    expect(messages(page)).to_contain_text(forfeit.team_a.name)


def _keep(page, screenshot, name: str) -> None:
    """A screenshot of another context's page, where ``SCREENSHOT_DIR`` asks for them."""
    import os
    from pathlib import Path

    directory = os.environ.get("SCREENSHOT_DIR")
    if directory:
        Path(directory).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(directory) / f"{name}.png"), full_page=True)


BERGER_ROUNDS = {
    1: [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
    2: [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
    10: [(10, 1), (9, 2), (8, 3), (7, 4), (6, 5)],
}


def test_a_double_round_robin_of_ten_teams(page, organiser, screenshot):
    log_in(page, "chief")
    tournament = create_event(page, "Team Double Round Robin", "Double round robin", 18, "GP")
    type_team(page, tournament, "Oslo SK", OSLO[:4])
    factory_teams(tournament, [f"Club {n}" for n in range(1, 10)], top=2400, roster=4)
    number_on_page(page, tournament, 10)
    totals: dict[str, list[Fraction]] = defaultdict(lambda: [Fraction(0), Fraction(0)])
    for number in range(1, 19):
        round_ = pair_and_publish(page, tournament, number)
        pairs = [
            (m.team_a.number, m.team_b.number)
            for m in round_.matches.select_related("team_a", "team_b").order_by("table")
        ]
        if number in BERGER_ROUNDS:
            assert pairs == BERGER_ROUNDS[number]
            first = round_.matches.get(table=1)
            row = page.locator("#match-1")
            expect(row).to_contain_text(f"({first.team_a.number})")
            expect(row).to_contain_text(f"({first.team_b.number})")
        skip = set()
        if number == 1:
            first = round_.matches.get(table=1)
            type_lineups(page, first)
            skip = {1}
        lineups_by_service(round_, skip)
        if number == 1:
            page.reload()
            type_results(page, first)
        results_by_service(round_, set())
        if number in {1, 9, 18}:
            check_round_page(page, round_, totals)
        else:
            for match in round_.matches.select_related("team_a", "team_b"):
                gp_a, gp_b, mp_a, mp_b = hand_points(match)
                totals[match.team_a.name][0] += mp_a
                totals[match.team_a.name][1] += gp_a
                totals[match.team_b.name][0] += mp_b
                totals[match.team_b.name][1] += gp_b
    screenshot("team_round_robin_round_18")
    check_standings(page, tournament, totals)
    screenshot("team_round_robin_standings")
    page.goto(f"/tournaments/{tournament.pk}/crosstable/")
    expect(page.locator("table.crosstable tbody tr")).to_have_count(10)
