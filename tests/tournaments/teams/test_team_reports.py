"""A team event's standings and crosstable, on the page's table, in the CSV and on paper, are
its teams': the match and game points the boards add up to, ranked by the event's primary
score and team tie-breaks; its players are ranked by points alone."""

from __future__ import annotations

import subprocess

import pytest

from tests.tournaments.teams.test_team_event import _event, _lineups
from tournaments.models import PairingSystem, Result
from tournaments.reports.printed import PRINTED_REPORTS
from tournaments.reports.sources import crosstable_data, standings_data
from tournaments.selectors import tournament_standings
from tournaments.services import (
    change_tiebreaks,
    generate_round_robin_round,
    publish_round,
    record_result,
)

pytestmark = pytest.mark.django_db


def _played_round_robin():  # type: ignore[no-untyped-def]
    """Four teams of two boards, round 1: table 1 won 2-0 by team A's players (White on
    board 1 wins, Black on board 2 wins), table 2 drawn 1-1."""
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    change_tiebreaks(tournament, ["GP", "DE"], user=None)
    tournament.refresh_from_db()
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    _lineups(round_)
    first, second = round_.matches.order_by("table")
    for board in first.boards.all():
        won = Result.WHITE_WINS if board.white.team_id == first.team_a_id else Result.BLACK_WINS
        record_result(board, won, source="hand", user=None)
    for board in second.boards.all():
        record_result(board, Result.DRAW, source="hand", user=None)
    return tournament, first, second


def test_the_standings_of_a_team_event_rank_its_teams() -> None:
    tournament, first, _second = _played_round_robin()
    table = standings_data(tournament, after_round=1)
    rows = [[cell.text for cell in row] for row in table.rows]
    assert [column.label for column in table.columns] == [
        *("Rk", "No.", "Team", "MP", "GP"),
        "DE",  # the list's GP is the GP column: not printed twice
    ]
    # Team A beat team D 2-0; B and C drew and have not met: DE leaves them sharing 2–3.
    assert rows == [
        ["1", "1", "Team A", "2", "2", "1"],
        ["2–3", "2", "Team B", "1", "1", "1"],
        ["2–3", "3", "Team C", "1", "1", "1"],
        ["4", "4", "Team D", "0", "0", "1"],
    ]
    assert (first.team_a.name, first.team_b.name) == ("Team A", "Team D")
    # The players are ranked by points alone: the team tie-breaks are not theirs.
    assert tournament_standings(tournament).tiebreaks == ()


def test_the_crosstable_and_the_printed_reports_of_a_team_event() -> None:
    tournament, first, _second = _played_round_robin()
    crosstable = crosstable_data(tournament, after_round=1)
    assert first.team_a.name in [cell.text for row in crosstable.rows for cell in row]
    for name, options in (
        ("standings", {"after_round": 1}),
        ("crosstable", {"after_round": 1}),
        ("board_prizes", {"after_round": 1}),
        ("pairings", {"number": 1}),  # the matches with their lineups, board by board
    ):
        report = PRINTED_REPORTS[name].draw(tournament, paper="a4", **options)
        _filename, mimetype, data = report.generate()
        assert mimetype == "application/pdf"
        text = subprocess.run(
            ["pdftotext", "-", "-"], input=data, capture_output=True, check=True
        ).stdout.decode()
        assert first.team_a.name in text or first.team_a.roster.first().name in text, name


def test_the_board_prizes_page_csv_and_pdf(client) -> None:
    tournament, first, _second = _played_round_robin()
    tournament.public = True
    tournament.save()
    base = f"/tournaments/{tournament.pk}/board-prizes"
    page = client.get(f"{base}/")
    assert page.status_code == 200
    winner = first.boards.get(match_board=1).white.name
    assert winner in page.content.decode()
    csv = client.get(f"{base}.csv?round=1")
    assert csv.status_code == 200 and winner in csv.content.decode()
    pdf = client.get(f"{base}.pdf?round=1")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert client.get(f"{base}.csv?round=9").status_code == 404


def test_an_individual_event_has_no_board_prizes(client) -> None:
    from tests.factories import TournamentFactory

    tournament = TournamentFactory(public=True)
    assert client.get(f"/tournaments/{tournament.pk}/board-prizes/").status_code == 404


def _pdf_text(name: str, tournament, **options) -> str:  # type: ignore[no-untyped-def]
    data = PRINTED_REPORTS[name].draw(tournament, paper="a4", **options).generate()[2]
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()


def test_a_round_in_progress_prints_no_score_for_its_matches(client) -> None:
    """Round 2 paired and its lineups in, no result yet: its matches have no score on the
    crosstable's page, in its CSV and PDF, nor in the pairings, as an individual event
    leaves a game not yet played blank (not every team losing by forfeit, ``4b 0−``)."""
    tournament, _first, _second = _played_round_robin()
    tournament.public = True
    tournament.save()
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    _lineups(round_)
    table = crosstable_data(tournament)
    assert [column.label for column in table.columns][3:7] == ["1", "2", "3", "4"]
    grid = {row[1].text: [cell.text for cell in row[3:7]] for row in table.rows}
    # Round 1: A beat D 2-0, B and C drew 1-1; round 2's A–C and B–D not yet decided.
    assert grid == {
        "1": ["", "", "", "2"],
        "2": ["", "", "1", ""],
        "3": ["", "1", "", ""],
        "4": ["0", "", "", ""],
    }
    page = client.get(f"/tournaments/{tournament.pk}/crosstable/").content.decode()
    assert "0−" not in page
    pairings = _pdf_text("pairings", tournament, number=2)
    assert "Team A" in pairings
    assert "0-0" not in pairings.replace(" ", "")
    first_round = _pdf_text("pairings", tournament, number=1)
    assert "2-0" in first_round and "1-1" in first_round


def _csv_rows(reply) -> list[list[str]]:  # type: ignore[no-untyped-def]
    import csv
    import io

    return list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))


def test_the_teams_page_has_its_csv_and_pdf(client) -> None:
    """The teams with their rosters as CSV and PDF, as the page lists them: a line for each
    team (number, name with its captain, federation, strength), then its players in board
    order."""
    tournament, _first, _second = _played_round_robin()
    tournament.public = True
    tournament.save()
    team = tournament.teams.get(number=1)
    team.federation, team.captain = "HUN", "Kovács, Anna"
    team.save()
    base = f"/tournaments/{tournament.pk}/teams"
    page = client.get(f"{base}/").content.decode()
    assert f'href="{base}.csv"' in page and f'href="{base}.pdf"' in page
    reply = client.get(f"{base}.csv")
    assert reply.status_code == 200 and reply["Content-Type"] == "text/csv; charset=utf-8"
    rows = _csv_rows(reply)
    players = list(team.roster.order_by("board_order"))
    assert rows[0] == ["No.", "Title", "Name", "Fed", "Rtg"]
    # Strength: the average of its two boards' ratings, 2400 and 2399.
    assert rows[1] == ["1", "", "Team A (captain: Kovács, Anna)", "HUN", "2399.5"]
    assert rows[2:4] == [
        [str(n), p.title, p.name, p.federation, str(p.rating_standard)]
        for n, p in enumerate(players, start=1)
    ]
    assert [row[2] for row in rows if row[2].startswith("Team")] == [
        "Team A (captain: Kovács, Anna)", "Team B", "Team C", "Team D",
    ]  # fmt: skip
    pdf = client.get(f"{base}.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = subprocess.run(
        ["pdftotext", "-", "-"], input=pdf.content, capture_output=True, check=True
    ).stdout.decode()
    assert "Team D" in text and players[1].name in text


def test_an_individual_event_has_no_team_list_downloads(client) -> None:
    from tests.factories import TournamentFactory

    tournament = TournamentFactory(public=True)
    assert client.get(f"/tournaments/{tournament.pk}/teams.csv").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/teams.pdf").status_code == 404


def test_the_team_crosstable_has_its_csv(client) -> None:
    tournament, _first, _second = _played_round_robin()
    tournament.public = True
    tournament.save()
    base = f"/tournaments/{tournament.pk}/crosstable"
    page = client.get(f"{base}/").content.decode()
    assert f'href="{base}.csv?round=1&amp;order=rank"' in page
    rows = _csv_rows(client.get(f"{base}.csv?round=1&order=start"))
    assert rows[0][:7] == ["Rk", "No.", "Team", "1", "2", "3", "4"]
    # Round 1: A beat D 2-0, B and C drew 1-1.
    assert [row[1:7] for row in rows[1:]] == [
        ["1", "Team A", "", "", "", "2"],
        ["2", "Team B", "", "", "1", ""],
        ["3", "Team C", "", "1", "", ""],
        ["4", "Team D", "0", "", "", ""],
    ]
    assert client.get(f"{base}.csv?round=9").status_code == 404
    assert client.get(f"{base}.csv?round=1&order=name").status_code == 404
