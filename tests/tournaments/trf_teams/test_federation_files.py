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
from django.urls import reverse
from django.utils.html import escape

from tests.factories import UserFactory
from tests.tournaments.trf_teams.test_app_events import _event, _play_round
from tournaments.models import PairingSystem, Player, Team, Tournament, TournamentRole
from tournaments.scoring.teams.points import team_results, totals
from tournaments.services import forfeit_match, pair_swiss_round, request_team_bye
from tournaments.services.trf_exchange import export_trf, import_trf, import_warnings
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


LEFT_OUT = [
    "round 1, Team G: Pairing-allocated bye (record 320)",
    "round 2, Team F: Pairing-allocated bye (record 320)",
    "round 3, Team E: Half-point bye (record 240)",
    "round 4, Team C – Team E: forfeit -+ (record 330)",
    "round 4, Team D: Pairing-allocated bye (record 320)",
    "round 5, Team C: Pairing-allocated bye (record 320)",
    "round 6, Team B: Pairing-allocated bye (record 320)",
]
"""The team byes and the match forfeited whole of the event, as TRF-2026 writes them (320
``007 006 000 004 003 002``, ``240 H 003 5``, ``330 -+ 004 003 005``)."""


def test_the_trf16_export_names_each_team_bye_and_forfeited_match_it_leaves_out(
    event: Tournament, client
) -> None:
    """They were lost without a word (match points 8 → 6, 6 → 5, 2 → 1 in the event seen):
    the file says each, and so does the standings page beside the TRF16 download."""
    records = team_records(read_trf(export_trf(event, version=2026)))
    assert [line.teams for line in records.pairing_byes] == [(7, 6, None, 4, 3, 2)]
    assert [(f.kind, f.round, f.white, f.black) for f in records.forfeits] == [("-+", 4, 3, 5)]
    text = export_trf(event, version=16)
    notes = [line for line in split_lines(text) if line.startswith("### Export:")]
    assert notes == [f"### Export: TRF16 has no record for {item}" for item in LEFT_OUT]
    assert not [line for line in split_lines(text) if line[:3] in {"310", "320", "240", "330"}]
    chief = UserFactory()
    TournamentRole.objects.create(
        tournament=event, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client.force_login(chief)
    page = client.get(reverse("tournaments:standings", kwargs={"tournament_id": event.pk})).text
    listed = page[page.index('id="trf16-losses"') :]
    assert all(escape(item) in listed for item in LEFT_OUT)
    assert "(records 320, 240, 330 and 362)" in page


def test_the_trf16_import_names_each_team_left_without_a_match_or_bye(event: Tournament) -> None:
    again = import_trf(export_trf(event, version=16), filename="cup.trf")
    unpaired = [w.split(";")[0] for w in import_warnings(again) if "neither a match" in w]
    assert unpaired == [
        f"round {number}: team {team} ({name}) has neither a match nor a bye in the file"
        for number, team, name in [
            (1, 7, "Team G"),
            (2, 6, "Team F"),
            (3, 5, "Team E"),
            (4, 3, "Team C"),
            (4, 4, "Team D"),
            (4, 5, "Team E"),
            (5, 3, "Team C"),
            (6, 2, "Team B"),
        ]
    ]
    # What TRF16 could not carry is what the teams lose: every match played is the same.
    assert _match_points(again) == {1: 6, 2: 5, 3: 4, 4: 5, 5: 4, 6: 5, 7: 5}


def test_a_team_file_with_a_5_mb_name_and_a_10000_character_type_code_names_both(
    event: Tournament,
) -> None:
    """docs/limits.md promises a warning for a header longer than its field: a team file's
    5 MB 012 and its 10,000-character 192 are named, each with its line; the event is
    imported (a team Swiss, as record 092 says)."""
    lines = [
        "012 " + "N" * 5_000_000
        if line.startswith("012")
        else "192 " + "X" * 10_000
        if line.startswith("192")
        else line
        for line in split_lines(export_trf(event, version=2026))
    ]
    again = import_trf("\n".join(lines) + "\n", filename="cup.trf")
    assert again.name == "N" * 200 and again.system == PairingSystem.TEAM_SWISS
    where = {line[:3]: number for number, line in enumerate(lines, start=1)}
    warnings = import_warnings(again)
    assert any(
        w.startswith(f"line {where['012']}: record 012: 5,000,000 characters, at most 200")
        for w in warnings
    )
    code = "X" * 40 + "…"
    assert any(
        w.startswith(f"line {where['192']}: record 192 '{code}' (10,000 characters) is no")
        for w in warnings
    )
