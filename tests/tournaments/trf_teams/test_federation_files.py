"""The files a federation receives from a team event played here, and what they give back.

A seven-team Swiss of four boards and six players each, six rounds (as the event of
``test_app_events``): a pairing-allocated bye every round but the third, a half-point bye
asked for in round 3, a match forfeited whole in round 4; the fifth player of each team rests
from round 5 on, the sixth never plays. Exported
as TRF-2026 and imported again, it is the same event: standings, match points, every match
(the crosstable) and every player's status. TRF16 has no record for a team's bye or a match
forfeited whole: its export names each one it leaves out, and its import names each team
left without a match. Record 310's rank is the published place.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tournaments.trf_teams.test_app_events import _event, _play_round
from tournaments.models import PairingSystem, Player, Team, Tournament
from tournaments.scoring.teams.points import team_results, totals
from tournaments.services import forfeit_match, pair_swiss_round, request_team_bye
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.team_sheet import event_team_standings, team_sheet
from tournaments.trf import read_trf
from tournaments.trf.merge import _cells
from tournaments.trf.reader import split_lines
from tournaments.trf.teams import team_records

pytestmark = pytest.mark.django_db


@pytest.fixture
def event() -> Tournament:
    tournament = _event(PairingSystem.TEAM_SWISS, teams=7, boards=4, rounds=6, roster=6)
    # No tie-break: the published standings share the places of teams level on match points.
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=[])
    tournament.refresh_from_db()
    for number in range(1, 7):
        if number == 3:
            request_team_bye(Team.objects.get(tournament=tournament, number=5), 3, "half")
        round_ = pair_swiss_round(tournament)
        if number == 4:
            forfeit_match(round_.matches.filter(team_b__isnull=False).last(), "-+")
        _play_round(round_, number)
    return tournament


def _match_points(tournament: Tournament) -> dict[int, Fraction]:
    return totals(team_results(team_sheet(tournament)))[0]


def _statuses(tournament: Tournament) -> dict[int, tuple[str, int | None, int]]:
    return {
        player.start_rank: (player.status, player.withdrawn_after_round, player.first_round)
        for player in tournament.players.all()
    }


def test_the_trf_2026_round_trip_gives_the_same_event(event: Tournament) -> None:
    again = import_trf(export_trf(event, version=2026), filename="cup.trf")
    assert _match_points(again) == _match_points(event)
    assert team_results(team_sheet(again)) == team_results(team_sheet(event))
    places = event_team_standings(event, team_sheet(event)).places()
    assert event_team_standings(again, team_sheet(again)).places() == places


def test_reserves_stay_players_of_the_event_after_the_trf_2026_round_trip(
    event: Tournament,
) -> None:
    """Reserves who never played came back "Withdrawn (after round 0)", one who stopped
    playing after round 4 "Withdrawn (after round 4)": a reserve's blank rounds are no
    withdrawal (a line shorter than the rounds played is one in an individual file)."""
    text = export_trf(event, version=2026)
    cells = {int(line[4:8]): _cells(line) for line in split_lines(text) if line[:3] == "001"}
    assert cells[6] == [] and len(cells[5]) == 4  # team A's sixth and fifth players
    again = import_trf(text, filename="cup.trf")
    assert {status for status, _after, _first in _statuses(event).values()} == {"active"}
    assert _statuses(again) == _statuses(event)
    assert not again.players.filter(status=Player.Status.WITHDRAWN).exists()


def test_record_310_ranks_are_the_published_shared_places(event: Tournament) -> None:
    """Team 5 has 7 match points, 1, 2, 4, 6 and 7 have 6, team 3 has 5: without a tie-break
    teams 1, 2, 4, 6 and 7 share places 2-6, and 310 writes the shared place's first for each
    (TRF-2026: the team rank is not unique, ties allowed). Game points (12 for team 1, 14 for
    the others) put team 1 sixth before."""
    assert _match_points(event) == {1: 6, 2: 6, 3: 5, 4: 6, 5: 7, 6: 6, 7: 6}
    rows = event_team_standings(event, team_sheet(event)).rows
    assert [(row.team, row.place) for row in rows] == [
        (5, "1"), (1, "2–6"), (2, "2–6"), (4, "2–6"), (6, "2–6"), (7, "2–6"), (3, "7"),
    ]  # fmt: skip
    teams = team_records(read_trf(export_trf(event, version=2026))).teams
    assert {team.number: team.rank for team in teams} == {
        1: 2, 2: 2, 3: 7, 4: 2, 5: 1, 6: 2, 7: 2,
    }  # fmt: skip
