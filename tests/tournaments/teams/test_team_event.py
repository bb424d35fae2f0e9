"""A team event in the application: teams and rosters, team pairing numbers by strength,
rounds paired team against team (Berger tables and C.04.6), lineups in roster order making the
boards with the event's board colours, a board left empty, a match forfeited whole, and the
match and game points the team sheet gives."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.factories import PlayerFactory
from tournaments.models import (
    InitialColor,
    Match,
    PairingSystem,
    Result,
    Round,
    Team,
    Tournament,
    TournamentLog,
)
from tournaments.pairing.team_swiss.check import check_team_sheet
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.points import match_points, team_game_points
from tournaments.services import (
    TournamentError,
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
    update_tournament,
)
from tournaments.services.players import add_players
from tournaments.team_sheet import team_sheet

pytestmark = pytest.mark.django_db


def _event(system: str, teams: int, boards: int, rounds: int, roster: int = 0) -> Tournament:
    tournament = create_tournament(
        name="Team Cup",
        system=system,
        number_of_rounds=rounds,
        boards_per_match=boards,
        initial_color=InitialColor.WHITE,
    )
    for index in range(teams):
        team = create_team(tournament, name=f"Team {chr(65 + index)}")
        players = [
            PlayerFactory(tournament=tournament, rating_standard=2400 - 100 * index - board)
            for board in range(roster or boards)
        ]
        set_roster(team, players)
    number_teams(tournament)
    return tournament


def _lineups(round_: Round, *, empty: dict[str, int] | None = None) -> None:
    """Every match's lineups: the first boards of each roster (``empty``: a team leaves its
    last n boards empty)."""
    boards = round_.tournament.boards_per_match
    for match in round_.matches.filter(team_b__isnull=False):
        for team in (match.team_a, match.team_b):
            players = list(team.roster.order_by("board_order"))[:boards]
            left = (empty or {}).get(team.name, 0)
            set_lineup(match, team, players[: boards - left])


def _play(round_: Round, result: Result = Result.WHITE_WINS) -> None:
    for board in round_.pairings.filter(black__isnull=False):
        record_result(board, result, source="hand", user=None)


def test_teams_are_numbered_by_the_average_rating_of_their_first_boards() -> None:
    tournament = create_tournament(
        name="Cup", system=PairingSystem.ROUND_ROBIN, number_of_rounds=3, boards_per_match=2
    )
    weak, strong = create_team(tournament, name="Weak"), create_team(tournament, name="Strong")
    set_roster(
        weak, [PlayerFactory(tournament=tournament, rating_standard=r) for r in (2000, 1900)]
    )
    # The reserve's 2700 does not count: only the first two boards make the strength.
    set_roster(
        strong,
        [PlayerFactory(tournament=tournament, rating_standard=r) for r in (2100, 1950, 2700)],
    )
    number_teams(tournament)
    strong.refresh_from_db()
    weak.refresh_from_db()
    assert (strong.number, weak.number) == (1, 2)
    ranks = [p.start_rank for p in strong.roster.order_by("board_order")]
    assert ranks == [1, 2, 3]


def test_a_round_robin_of_four_teams_scores_match_and_game_points() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    round_ = generate_round_robin_round(tournament)
    assert round_.matches.count() == 2
    assert round_.pairings.count() == 0  # the boards come from the lineups
    publish_round(round_)
    _lineups(round_)
    assert round_.pairings.count() == 4
    # Board 1: team A White, board 2: team A Black (White on odd boards).
    match = round_.matches.get(table=1)
    boards = {b.match_board: b for b in match.boards.select_related("white", "black")}
    assert boards[1].white.team_id == match.team_a_id
    assert boards[2].black.team_id == match.team_a_id
    _play(round_)  # White wins everywhere: 1-1 in every match
    sheet = team_sheet(tournament)
    assert set(match_points(sheet).values()) == {Fraction(1)}
    assert set(team_game_points(sheet).values()) == {Fraction(1)}
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED


def test_a_board_left_empty_is_a_forfeit_win_for_the_other_team() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=4, rounds=3)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    match = round_.matches.get(table=1)
    _lineups(round_, empty={match.team_b.name: 1})
    board4 = match.boards.get(match_board=4)
    assert board4.black is None and board4.white.team_id == match.team_a_id
    _play(round_, Result.DRAW)
    sheet = team_sheet(tournament)
    points = team_game_points(sheet)
    a, b = match.team_a.number, match.team_b.number
    assert (points[a], points[b]) == (Fraction(5, 2), Fraction(3, 2))
    assert match_points(sheet)[a] == 2


def test_a_lineup_out_of_roster_order_is_refused_naming_the_players() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3, roster=3)
    round_ = generate_round_robin_round(tournament)
    match = round_.matches.get(table=1)
    first, second, reserve = list(match.team_a.roster.order_by("board_order"))
    with pytest.raises(TournamentError, match=f"{first.name} \\(roster 1\\) cannot play below"):
        set_lineup(match, match.team_a, [reserve, first])
    # A reserve replacing a regular keeps the order: allowed.
    set_lineup(match, match.team_a, [first, reserve])
    other = match.team_b.roster.first()
    with pytest.raises(TournamentError, match="not on the roster"):
        set_lineup(match, match.team_a, [first, other])
    with pytest.raises(TournamentError, match="empty above an occupied one"):
        set_lineup(match, match.team_a, [None, second])


def test_a_lineup_cannot_change_once_a_result_is_in() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3, roster=3)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    _lineups(round_)
    match = round_.matches.get(table=1)
    record_result(match.boards.get(match_board=1), Result.DRAW, source="hand", user=None)
    players = list(match.team_a.roster.order_by("board_order"))
    with pytest.raises(TournamentError, match="lineups stay"):
        set_lineup(match, match.team_a, [players[0], players[2]])


def test_a_match_forfeited_whole_gives_the_match_and_no_games() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    _lineups(round_)
    match = round_.matches.get(table=2)
    forfeit_match(match, "+-", reason="Team did not arrive")
    assert not match.boards.exists()
    _play(round_)
    sheet = team_sheet(tournament)
    assert match_points(sheet)[match.team_a.number] == 2
    assert match_points(sheet)[match.team_b.number] == 0
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED


def test_the_next_round_waits_for_every_match_of_the_last() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    _lineups(round_)
    with pytest.raises(TournamentError, match="Round 1 is not finished: Team"):
        generate_round_robin_round(tournament)


def test_a_team_swiss_runs_seven_rounds_each_checked_by_the_team_checker() -> None:
    """12 teams, 4 boards, 7 rounds, with a requested bye and a forfeited match: every
    round the application paired is what the C.04.6 checker re-pairs from the sheet."""
    tournament = _event(PairingSystem.TEAM_SWISS, teams=12, boards=4, rounds=7, roster=5)
    results = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.DRAW]
    for number in range(1, 8):
        if number == 3:
            request_team_bye(Team.objects.get(tournament=tournament, number=5), 3, "half")
        round_ = pair_swiss_round(tournament)
        publish_round(round_)
        _lineups(round_)
        if number == 4:
            forfeit_match(round_.matches.get(table=6), "-+")
        for index, board in enumerate(round_.pairings.filter(black__isnull=False)):
            record_result(board, results[(index + number) % 4], source="hand", user=None)
    sheet = team_sheet(tournament)
    check = check_team_sheet(sheet, planned_rounds=7, initial_colour=Color.WHITE)
    assert [f.round for f in check.rounds if not f.pairing_matches or f.errors] == []
    assert len(check.rounds) == 7
    half_bye = Match.objects.get(round__number=3, team_a__number=5)
    assert half_bye.bye == "half"


def test_a_round_is_not_finished_while_a_match_awaits_its_lineups() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    first = round_.matches.get(table=1)
    for team in (first.team_a, first.team_b):
        set_lineup(first, team, list(team.roster.order_by("board_order")))
    _play(round_)
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED
    second = round_.matches.get(table=2)
    for team in (second.team_a, second.team_b):
        set_lineup(second, team, list(team.roster.order_by("board_order")))
    for board in second.boards.all():
        record_result(board, Result.DRAW, source="hand", user=None)
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED


def test_after_round_one_a_roster_keeps_its_order_and_takes_reserves_at_the_end() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    generate_round_robin_round(tournament)
    team = Team.objects.get(tournament=tournament, number=1)
    first, second = list(team.roster.order_by("board_order"))
    with pytest.raises(TournamentError, match="board order of Team A is fixed"):
        set_roster(team, [second, first])
    reserve = PlayerFactory(tournament=tournament, rating_standard=2600)
    set_roster(team, [first, second, reserve])
    reserve.refresh_from_db()
    assert (reserve.board_order, reserve.start_rank) == (3, 9)


def test_a_team_event_takes_team_tie_breaks_and_an_individual_one_refuses_them() -> None:
    tournament = create_tournament(
        name="League",
        system=PairingSystem.TEAM_SWISS,
        number_of_rounds=5,
        boards_per_match=4,
        tiebreaks=["GP", "EMMSB", "BH:MP/C1"],
    )
    assert tournament.tiebreaks == ["GP", "EMMSB", "BH:MP/C1"]
    with pytest.raises(TournamentError, match="unknown tie-break 'EMMSB'"):
        create_tournament(
            name="Open", system=PairingSystem.SWISS, number_of_rounds=5, tiebreaks=["EMMSB"]
        )
    with pytest.raises(TournamentError, match="number of boards per match"):
        create_tournament(name="Cup", system=PairingSystem.TEAM_SWISS, number_of_rounds=5)


def test_the_boards_per_match_are_fixed_once_round_one_is_paired() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    generate_round_robin_round(tournament)
    with pytest.raises(TournamentError, match="boards per match cannot change once round 1"):
        update_tournament(tournament, boards_per_match=3)


def test_a_team_round_robin_takes_a_reserve_after_round_one() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    generate_round_robin_round(tournament)
    team = Team.objects.get(tournament=tournament, number=2)
    [reserve] = add_players(tournament, [{"name": "Reserve, Rita", "rating_standard": 2000}])
    reserve.refresh_from_db()
    assert reserve.start_rank == 9  # after the 8 numbered, moving nobody
    set_roster(team, [*team.roster.order_by("board_order"), reserve])
    assert list(team.roster.order_by("board_order"))[-1] == reserve


def test_teams_numbered_by_lot_take_every_number_once_and_the_players_follow() -> None:
    tournament = create_tournament(
        name="Cup", system=PairingSystem.ROUND_ROBIN, number_of_rounds=5, boards_per_match=2
    )
    for index in range(6):
        team = create_team(tournament, name=f"Team {index}")
        players = [
            PlayerFactory(tournament=tournament, rating_standard=2400 - 100 * index)
            for _board in range(2)
        ]
        set_roster(team, players)
    by_strength = [team.name for team in number_teams(tournament)]
    assert by_strength == [f"Team {index}" for index in range(6)]
    orders = set()
    for _draw in range(8):
        teams = number_teams(tournament, by="lot")
        assert sorted(team.number for team in teams) == list(range(1, 7))
        orders.add(tuple(team.name for team in teams))
        first = Team.objects.get(tournament=tournament, number=1)
        assert sorted(p.start_rank for p in first.roster.all()) == [1, 2]
    assert len(orders) > 1  # drawn: by strength, every draw gave the same order
    assert TournamentLog.objects.filter(message__startswith="Team pairing numbers drawn by lot")
    with pytest.raises(TournamentError, match="by strength or by lot, not rating"):
        number_teams(tournament, by="rating")


def test_a_lineup_stays_while_a_game_of_its_match_is_under_way() -> None:
    """Making the boards again would delete the game with its moves."""
    from games.models import Game
    from games.services import create_game, save_moves

    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3, roster=3)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    _lineups(round_)
    match = round_.matches.get(table=1)
    board = match.boards.get(match_board=2)
    save_moves(create_game(pairing=board, user=None), ["e4", "e5", "Nf3"], user=None)
    players = list(match.team_a.roster.order_by("board_order"))
    with pytest.raises(TournamentError, match="game of board 2 is already entered"):
        set_lineup(match, match.team_a, [players[0], players[2]])
    with pytest.raises(TournamentError, match="game of board 2 is already entered"):
        forfeit_match(match, "+-")
    assert Game.objects.get(pairing=board).moves.count() == 3


def test_an_unknown_match_forfeit_is_refused_by_name() -> None:
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    match = generate_round_robin_round(tournament).matches.get(table=1)
    with pytest.raises(TournamentError, match=r"\+0 is not a match forfeit"):
        forfeit_match(match, "+0")
