"""Team events played in the application, exported: ``checktrf``'s team check finds nothing
in the TRF-2026 export (the rounds are C.04.6's or the Berger table's, the 310 points and
ranks and the player points are the games'), the export imports back to the same event, and
the FIDE rating report lists every board game."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory
from tournaments.models import (
    InitialColor,
    Pairing,
    PairingSystem,
    Result,
    Round,
    Team,
    Tournament,
)
from tournaments.pairing.team_checker import check_team_trf
from tournaments.scoring.teams.points import team_results
from tournaments.selectors import rating_changes, tournament_sheet
from tournaments.services import (
    create_team,
    create_tournament,
    forfeit_match,
    generate_round_robin_round,
    number_teams,
    pair_swiss_round,
    publish_round,
    record_result,
    request_team_bye,
    set_lineup,
    set_roster,
)
from tournaments.services.rating_report import correct_for_rating_report
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.team_sheet import team_sheet
from tournaments.trf import read_trf
from tournaments.trf.reader import split_lines

pytestmark = pytest.mark.django_db

RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.DRAW]


def _event(system: str, teams: int, boards: int, rounds: int, roster: int) -> Tournament:
    tournament = create_tournament(
        name="Team Cup",
        system=system,
        number_of_rounds=rounds,
        boards_per_match=boards,
        initial_color=InitialColor.WHITE,
    )
    for index in range(teams):
        team = create_team(tournament, name=f"Team {chr(65 + index)}", short_name=f"T{index}")
        players = [
            PlayerFactory(tournament=tournament, rating_standard=2400 - 50 * index - 10 * board)
            for board in range(roster)
        ]
        set_roster(team, players)
    number_teams(tournament)
    return tournament


def _play_round(round_: Round, number: int, *, empty_last_board: bool = False) -> None:
    publish_round(round_)
    boards = round_.tournament.boards_per_match
    played = round_.matches.filter(team_b__isnull=False, forfeit="")
    for table, match in enumerate(played, start=1):
        for team in (match.team_a, match.team_b):
            players = list(team.roster.order_by("board_order"))
            # Reserves play in turn: with players to spare, a team's n-th rests in round n.
            if len(players) > boards:
                resting = (number - 1) % len(players)
                players = players[:resting] + players[resting + 1 :]
            lineup = players[:boards]
            if empty_last_board and table == 1 and team == match.team_b:
                lineup = lineup[: boards - 1]
            set_lineup(match, team, lineup)
    for index, board in enumerate(round_.pairings.filter(black__isnull=False).order_by("board")):
        record_result(board, RESULTS[(index + number) % 4], source="hand", user=None)


def _team_swiss() -> Tournament:
    """Seven teams (so a pairing-allocated bye every round), four boards and five players
    each, six rounds; a half-point bye asked for, a match forfeited whole, a board left
    empty."""
    tournament = _event(PairingSystem.TEAM_SWISS, teams=7, boards=4, rounds=6, roster=5)
    for number in range(1, 7):
        if number == 3:
            request_team_bye(Team.objects.get(tournament=tournament, number=5), 3, "half")
        round_ = pair_swiss_round(tournament)
        if number == 4:
            forfeit_match(round_.matches.filter(team_b__isnull=False).last(), "-+")
        _play_round(round_, number, empty_last_board=number == 2)
    return tournament


def test_a_team_swiss_played_here_exports_a_file_checktrf_finds_nothing_in() -> None:
    tournament = _team_swiss()
    text = export_trf(tournament, version=2026)
    check = check_team_trf(read_trf(text))
    assert [r.round for r in check.rounds if r.has_findings] == []
    assert check.teams == () and check.players == ()
    assert len(check.rounds) == 6 and check.system == "team_swiss"
    codes = {line[:3] for line in split_lines(text)}
    assert {"310", "320", "330", "300", "240", "352", "192"} <= codes


def test_a_team_round_robin_played_here_exports_a_file_checktrf_finds_nothing_in() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=3, rounds=3, roster=4)
    for number in range(1, 4):
        _play_round(generate_round_robin_round(tournament), number)
    check = check_team_trf(read_trf(export_trf(tournament, version=2026)))
    assert check.system == "team_round_robin" and not check.has_findings


def test_the_export_of_an_event_played_here_imports_back_to_the_same_event() -> None:
    tournament = _team_swiss()
    text = export_trf(tournament, version=2026)
    again = import_trf(text, filename="cup.trf")
    assert again.system == PairingSystem.TEAM_SWISS
    assert (again.boards_per_match, again.initial_color) == (4, InitialColor.WHITE)
    assert team_results(team_sheet(again)) == team_results(team_sheet(tournament))
    assert export_trf(again, version=2026) == text


def test_the_trf16_export_gives_the_teams_as_records_013() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3, roster=2)
    _play_round(generate_round_robin_round(tournament), 1)
    text = export_trf(tournament, version=16)
    teams = [line for line in split_lines(text) if line.startswith("013")]
    assert teams[0] == "013 Team A" + " " * 26 + "   1    2"
    assert not [line for line in split_lines(text) if line[:3] in {"310", "352", "192"}]
    assert import_trf(text, filename="cup.trf").teams.count() == 4


def test_the_rating_report_of_a_team_event_lists_its_board_games() -> None:
    """Every board game, as an individual event's: in both players' round cells of the final
    TRF16 report, in the rating changes, and a correction for the report on one board."""
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3, roster=2)
    _play_round(generate_round_robin_round(tournament), 1)
    games = Pairing.objects.filter(round__tournament=tournament, black__isnull=False)
    assert games.count() == 4
    report = export_trf(tournament, version=16, final=True)
    cells = {
        line[4:8].strip(): line[89:].strip() for line in split_lines(report) if line[:3] == "001"
    }
    for game in games.select_related("white", "black"):
        white, black = game.white.start_rank, game.black.start_rank
        assert cells[str(white)].startswith(f"{black} w ")
        assert cells[str(black)].startswith(f"{white} b ")
    changes = rating_changes(tournament, tournament_sheet(tournament))
    assert {rank for rank, change in changes.items() if change} == {
        rank for game in games for rank in (game.white.start_rank, game.black.start_rank)
    }
    board = games.order_by("board").first()
    correct_for_rating_report(board, "0-1", user=None, reason="Scoresheets exchanged")
    corrected = export_trf(tournament, version=2026, final=True)
    assert any(
        line.startswith("### Rating correction @ Round 1") for line in split_lines(corrected)
    )
