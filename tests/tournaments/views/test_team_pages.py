"""The pages of a team event through the Django test client: the new-tournament form's team
settings, the teams page and the roster editor, a round's matches with their lineups, a board
left empty, a match forfeited whole, results and a correction on a team board, and the public
pairings and team list. Bad input is a form error, never a server error.

Known answers, worked out by hand with the default points (a win 1, a draw ½, a forfeit win
1; a won match 2 match points, C.07 Art. 11.1): a 2-board match whose board 1 is drawn and
whose board 2 team B leaves empty is 1.5 – 0.5 for team A, 2 – 0 match points; a match team
B wins by forfeit is 0 – 2 game points (a forfeit win on each board) and 0 – 2 match points.
"""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from tests.factories import PlayerFactory, UserFactory
from tournaments.models import (
    LineupEntry,
    Match,
    PairingSystem,
    Result,
    ResultChange,
    Team,
    TeamAbsence,
    Tournament,
    TournamentRole,
)
from tournaments.services import (
    create_team,
    create_tournament,
    generate_round_robin_round,
    number_teams,
    pair_team_round,
    publish_round,
    set_roster,
)

pytestmark = pytest.mark.django_db


def url(name, tournament, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **kwargs})


def text(response) -> str:
    """The page's text, tags out and spaces squeezed."""
    plain = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(plain))


@pytest.fixture
def chief():
    user = UserFactory(username="chief")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def _event(
    chief, *, teams: int = 4, boards: int = 2, roster: int = 3, system: str = "round_robin"
) -> Tournament:
    tournament = create_tournament(
        name="Team Cup",
        system=system,
        number_of_rounds=teams - 1,
        boards_per_match=boards,
        user=chief,
    )
    for index in range(teams):
        team = create_team(tournament, name=f"Team {chr(65 + index)}")
        players = [
            PlayerFactory(
                tournament=tournament,
                name=f"{chr(65 + index)}{board + 1}",
                rating_standard=2400 - 100 * index - board,
            )
            for board in range(roster)
        ]
        set_roster(team, players)
    number_teams(tournament)
    return tournament


@pytest.fixture
def event(chief) -> Tournament:
    """Four teams of three on two boards, a round robin, round 1 paired and published."""
    tournament = _event(chief)
    publish_round(generate_round_robin_round(tournament))
    return tournament


def _lineup(client, tournament, match: Match, team: Team, players) -> object:
    prefix = f"lineup-{match.table}-{team.pk}"
    data = {f"{prefix}-board_{n}": p.pk if p else "" for n, p in enumerate(players, start=1)}
    return client.post(
        url(
            "team_lineup", tournament, number=match.round.number, table=match.table, team_id=team.pk
        ),
        data,
    )


def _roster(team: Team) -> list:
    return list(team.roster.order_by("board_order"))


def test_the_new_tournament_form_makes_a_team_swiss_with_team_tiebreaks(client, chief):
    client.force_login(chief)
    form = {
        "name": "Club Teams",
        "system": "team_swiss",
        "number_of_rounds": 7,
        "tiebreaks": "EMMSB, BH:MP/C1",
        "boards_per_match": 4,
        "match_points_win": "2",
        "match_points_draw": "1",
        "match_points_loss": "0",
        "board_colors": "WBWB",
        "team_primary_score": "MP",
        "public": "on",
    }
    page = client.get(reverse("tournaments:create"))
    for name in ("boards_per_match", "board_colors", "team_primary_score"):
        assert f'name="{name}"' in page.content.decode()
    defaults = {
        field.name: field.value() for field in page.context["form"] if field.value() is not None
    }
    response = client.post(reverse("tournaments:create"), {**defaults, **form})
    assert response.status_code == 302, text(response)
    tournament = Tournament.objects.get(name="Club Teams")
    assert (tournament.boards_per_match, tournament.system) == (4, "team_swiss")
    assert tournament.tiebreaks == ["EMMSB", "BH:MP/C1"]

    # A team Swiss without boards is refused on the form, naming the field.
    response = client.post(
        reverse("tournaments:create"),
        {**defaults, **form, "name": "No boards", "boards_per_match": ""},
    )
    assert response.status_code == 200
    assert "needs the number of boards per match" in text(response)


def test_the_roster_editor_types_picks_reorders_and_removes_players(client, chief):
    tournament = create_tournament(
        name="Cup", system="round_robin", number_of_rounds=3, boards_per_match=2, user=chief
    )
    loose = PlayerFactory(tournament=tournament, name="Loose, Lena", rating_standard=2100)
    client.force_login(chief)
    response = client.post(url("team_add", tournament), {"name": "Oslo SK", "federation": "NOR"})
    team = Team.objects.get(tournament=tournament, name="Oslo SK")
    assert response.url == url("team_roster", tournament, team_id=team.pk)

    management = {
        "new-TOTAL_FORMS": "4",
        "new-INITIAL_FORMS": "0",
        "new-MIN_NUM_FORMS": "0",
        "new-MAX_NUM_FORMS": "20",
    }
    typed = {
        "new-0-name": "Berg, Bo",
        "new-0-rating_standard": "2200",
        "new-0-fide_id": "1503014",
        "new-1-name": "Dahl, Dag",
        "new-1-rating_standard": "2000",
    }
    response = client.post(
        url("team_roster", tournament, team_id=team.pk), {**management, **typed, "add": loose.pk}
    )
    assert response.status_code == 302, text(response)
    # Picked and typed together, the highest rated first: 2200, 2100, 2000.
    assert [p.name for p in _roster(team)] == ["Berg, Bo", "Loose, Lena", "Dahl, Dag"]
    assert _roster(team)[0].fide_id == "1503014"

    bo, lena, dag = _roster(team)
    response = client.post(
        url("team_roster", tournament, team_id=team.pk),
        {
            **management,
            f"place_{lena.pk}": "3",
            f"place_{bo.pk}": "1",
            f"place_{dag.pk}": "2",
            f"remove_{dag.pk}": "on",
        },
    )
    assert response.status_code == 302
    assert [p.name for p in _roster(team)] == ["Berg, Bo", "Loose, Lena"]
    dag.refresh_from_db()
    assert dag.team is None  # off the roster, still in the event

    # A rating that is no number and a FIDE id with letters: form errors, nothing saved.
    response = client.post(
        url("team_roster", tournament, team_id=team.pk),
        {**management, "new-0-name": "X", "new-0-rating_standard": "abc", "new-0-fide_id": "12a"},
    )
    assert response.status_code == 200
    assert "New player 1, Rating" in text(response)
    assert "New player 1, FIDE ID" in text(response)
    assert not tournament.players.filter(name="X").exists()


def _roster_form(**fields: str) -> dict[str, str]:
    return {
        "new-TOTAL_FORMS": "4",
        "new-INITIAL_FORMS": "0",
        "new-MIN_NUM_FORMS": "0",
        "new-MAX_NUM_FORMS": "20",
        **fields,
    }


def test_players_picked_come_strongest_first_not_alphabetically(client, chief):
    """Picked from the list (which lists them by rating too), a 2300 goes to board 1, not
    to board 3 behind two weaker players whose names come first."""
    tournament = create_tournament(
        name="Cup", system="round_robin", number_of_rounds=3, boards_per_match=3, user=chief
    )
    team = create_team(tournament, name="Oslo SK", federation="NOR")
    aas = PlayerFactory(tournament=tournament, name="Aas, Are", rating_standard=2100)
    berg = PlayerFactory(tournament=tournament, name="Berg, Bo", rating_standard=1900)
    unrated = PlayerFactory(tournament=tournament, name="Dahl, Dag", rating_standard=None)
    strong = PlayerFactory(tournament=tournament, name="Zahl, Zoe", rating_standard=2300)
    client.force_login(chief)
    roster_url = url("team_roster", tournament, team_id=team.pk)
    page = text(client.get(roster_url))
    assert (
        page.index("Zahl, Zoe (2300)")
        < page.index("Aas, Are (2100)")
        < page.index("Berg, Bo (1900)")
    )
    picks = [aas.pk, berg.pk, unrated.pk, strong.pk]
    response = client.post(roster_url, {**_roster_form(), "add": picks})
    assert response.status_code == 302, text(response)
    assert [p.name for p in _roster(team)] == ["Zahl, Zoe", "Aas, Are", "Berg, Bo", "Dahl, Dag"]


def test_a_player_typed_on_a_roster_takes_the_team_federation(client, chief):
    tournament = create_tournament(
        name="Cup", system="round_robin", number_of_rounds=3, boards_per_match=2, user=chief
    )
    team = create_team(tournament, name="Oslo SK", federation="NOR")
    client.force_login(chief)
    response = client.post(
        url("team_roster", tournament, team_id=team.pk),
        _roster_form(**{"new-0-name": "Berg, Bo", "new-0-rating_standard": "2200"}),
    )
    assert response.status_code == 302, text(response)
    assert [(p.name, p.federation) for p in _roster(team)] == [("Berg, Bo", "NOR")]


def test_a_player_taken_by_another_team_is_refused_by_name(client, chief):
    """Picked on a page opened before another team took him: the refusal names him and the
    team, not his database number ("131 is not one of the available choices")."""
    tournament = create_tournament(
        name="Cup", system="round_robin", number_of_rounds=3, boards_per_match=2, user=chief
    )
    oslo = create_team(tournament, name="Oslo SK")
    bergen = create_team(tournament, name="Bergen SK")
    loose = PlayerFactory(tournament=tournament, name="Loose, Lena", rating_standard=2100)
    set_roster(bergen, [loose])
    client.force_login(chief)
    response = client.post(
        url("team_roster", tournament, team_id=oslo.pk), _roster_form(add=loose.pk)
    )
    assert response.status_code == 200
    page = text(response)
    assert "Loose, Lena is on the roster of Bergen SK." in page
    assert f"{loose.pk} is not one of the available choices" not in page
    assert _roster(oslo) == []
    # A player of another event is not named.
    other = create_tournament(name="Other", system="round_robin", number_of_rounds=3, user=chief)
    stranger = PlayerFactory(tournament=other, name="Stranger, Sam")
    page = text(
        client.post(url("team_roster", tournament, team_id=oslo.pk), _roster_form(add=stranger.pk))
    )
    assert "These players are not in the event." in page and "Stranger" not in page


def test_after_round_one_the_roster_only_takes_reserves(client, chief):
    event = _event(chief, system=PairingSystem.TEAM_SWISS)
    publish_round(pair_team_round(event))
    team = Team.objects.get(tournament=event, number=1)
    first, second, third = _roster(team)
    client.force_login(chief)
    management = {"new-TOTAL_FORMS": "1", "new-INITIAL_FORMS": "0"}
    page = client.get(url("team_roster", event, team_id=team.pk))
    assert "the board order is fixed" in text(page)
    assert f'name="remove_{first.pk}"' not in page.content.decode()
    # Places sent anyway are disabled fields: the stored order stands, the reserve is added.
    response = client.post(
        url("team_roster", event, team_id=team.pk),
        {**management, f"place_{first.pk}": "3", "new-0-name": "Reserve, Rolf"},
    )
    assert response.status_code == 302, text(response)
    assert [p.name for p in _roster(team)] == [first.name, second.name, third.name, "Reserve, Rolf"]


def test_teams_page_numbers_the_teams_and_records_a_bye(client, chief):
    tournament = _event(chief, teams=3, roster=2)
    Team.objects.filter(tournament=tournament).update(number=None)
    client.force_login(chief)
    page = client.get(url("teams", tournament))
    assert "Number the teams by strength" in text(page)
    client.post(url("teams_number", tournament))
    # Team A's boards average 2399.5, B's 2299.5, C's 2199.5: numbered in that order.
    numbers = dict(Team.objects.filter(tournament=tournament).values_list("name", "number"))
    assert numbers == {"Team A": 1, "Team B": 2, "Team C": 3}
    page = client.get(url("teams", tournament))
    assert "Team A Team A 2399.5 2" not in text(page)
    assert re.search(r"1 Team A\s+2399\.5 2", text(page)), text(page)

    team_c = Team.objects.get(tournament=tournament, name="Team C")
    response = client.post(
        url("team_bye", tournament), {"team": team_c.pk, "round_number": 2, "kind": "half"}
    )
    assert response.status_code == 302
    assert TeamAbsence.objects.get(team=team_c).round_number == 2
    # A round the event does not have: the service's refusal, shown as a message.
    response = client.post(
        url("team_bye", tournament),
        {"team": team_c.pk, "round_number": 9, "kind": "half"},
        follow=True,
    )
    assert "The event has rounds 1 to 2." in text(response)


def test_a_round_page_takes_lineups_a_forfeit_results_and_shows_the_match_points(
    client, chief, event
):
    client.force_login(chief)
    round_ = event.rounds.get(number=1)
    first, second = round_.matches.order_by("table")
    page = client.get(url("round", event, number=1))
    assert page.status_code == 200
    assert "Table 1: Team A – Team D: lineups and forfeit" in text(page)

    a1, a2, _a3 = _roster(first.team_a)
    b1, _b2, _b3 = _roster(first.team_b)
    assert _lineup(client, event, first, first.team_a, [a1, a2]).status_code == 302
    # Team D leaves board 2 empty: a forfeit win for team A's player there.
    assert _lineup(client, event, first, first.team_b, [b1, None]).status_code == 302
    boards = {b.match_board: b for b in first.boards.all()}
    assert boards[2].black is None and boards[2].white == a2

    response = client.post(
        url("match_forfeit", event, number=1, table=second.table),
        {f"forfeit-{second.table}-forfeit": "-+", f"forfeit-{second.table}-reason": "No show"},
    )
    assert response.status_code == 302
    board1 = boards[1]
    result_url = url("result", event, number=1, board=board1.board)
    client.post(result_url, {"result": Result.WHITE_WINS})
    # The correction goes through the ordinary result row, with its reason.
    client.post(result_url, {"result": Result.DRAW, "reason": "Scoresheets say draw"})
    change = ResultChange.objects.get(pairing=board1, reason=ResultChange.Reason.CORRECTION)
    assert (change.old_result, change.new_result) == ("1-0", "1/2-1/2")

    page = text(client.get(url("round", event, number=1)))
    assert "1 Team A (1) 1.5 – 0.5 Team D (4) 2 – 0" in page
    assert "2 Team B (2) 0 – 2 Team C (3) Team C wins by forfeit 0 – 2" in page
    assert "Table 1: Team A – Team D 1.5 – 0.5" in page  # the boards' heading


def test_bad_lineups_and_forfeits_are_form_errors_not_server_errors(client, chief, event):
    client.force_login(chief)
    match = event.rounds.get(number=1).matches.get(table=1)
    a1, a2, a3 = _roster(match.team_a)
    stranger = _roster(match.team_b)[0]

    response = _lineup(client, event, match, match.team_a, [stranger, a2])
    assert response.status_code == 400
    assert "Select a valid choice" in text(response)

    response = _lineup(client, event, match, match.team_a, [a3, a1])
    assert response.status_code == 400
    assert "must play in roster order" in text(response)
    assert not LineupEntry.objects.filter(match=match).exists()

    response = client.post(
        url("match_forfeit", event, number=1, table=1), {"forfeit-1-forfeit": "+-"}
    )
    assert response.status_code == 400
    assert "A match forfeit needs a reason." in text(response)
    response = client.post(
        url("match_forfeit", event, number=1, table=1),
        {"forfeit-1-forfeit": "??", "forfeit-1-reason": "x"},
    )
    assert response.status_code == 400
    match.refresh_from_db()
    assert match.forfeit == ""
    response = client.post(
        url("team_lineup", event, number=1, table=99, team_id=match.team_a_id), {}
    )
    assert response.status_code == 404


def test_a_deputy_enters_results_but_not_lineups(client, chief, event):
    deputy = UserFactory()
    TournamentRole.objects.create(
        tournament=event, user=deputy, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    client.force_login(deputy)
    match = event.rounds.get(number=1).matches.get(table=1)
    assert _lineup(client, event, match, match.team_a, _roster(match.team_a)[:2]).status_code == 403
    page = client.get(url("round", event, number=1))
    assert page.status_code == 200
    assert "lineups and forfeit" not in text(page)
    assert client.get(url("teams", event)).status_code == 200
    assert client.post(url("teams_number", event)).status_code == 403


def test_public_pages_show_the_matches_lineups_and_rosters(client, chief, event):
    client.force_login(chief)
    match = event.rounds.get(number=1).matches.get(table=1)
    _lineup(client, event, match, match.team_a, _roster(match.team_a)[:2])
    _lineup(client, event, match, match.team_b, _roster(match.team_b)[:2])
    client.logout()
    event.public = True
    event.save()
    page = text(client.get(url("pairings", event, number=1)))
    assert "Table 1: Team A – Team D" in page
    # Board 1: team A White (W), board 2: team A Black, by the event's default colours.
    assert re.search(r"1 W A1 D1", page), page
    assert re.search(r"2 B A2 D2", page), page
    assert "Table 2: Team B – Team C" in page and "The lineups are not in yet." in page
    teams = text(client.get(url("team_list", event)))
    assert re.search(r"1\. Team A .*? 1 A1 .*? 2 A2 .*? 3 A3", teams), teams


def test_public_standings_and_crosstable_rank_the_teams(client, chief, event):
    """Round 1 played: Team A beats Team D 2-0 on the boards (board 2 corrected to a win for
    Black, team A's player), Team B and Team C draw 1-1 (White wins both boards: board 1 team
    B's, board 2 team C's). Match points 2, 1, 1, 0; teams B and C share places 2-3."""
    event.tiebreaks = ["EMMSB"]
    event.save()
    round_ = event.rounds.get(number=1)
    client.force_login(chief)
    for match in round_.matches.all():
        for team in (match.team_a, match.team_b):
            _lineup(client, event, match, team, _roster(team)[:2])
    for board in round_.pairings.all():
        client.post(url("result", event, number=1, board=board.board), {"result": "1-0"})
    table_1 = round_.matches.get(table=1)
    for board in table_1.boards.filter(match_board=2):
        client.post(
            url("result", event, number=1, board=board.board),
            {"result": "0-1", "reason": "Black won"},
        )
    standings = text(client.get(url("standings", event)))
    # EMMSB: opponent's match points x own (C.07): A 0 x 2, B 1 x 1, C 1 x 1, D 2 x 0.
    expected = "1 1 Team A 2 2 0 2–3 2 Team B 1 1 1 2–3 3 Team C 1 1 1 4 4 Team D 0 0 0"
    assert expected in standings, standings
    crosstable = client.get(url("crosstable", event))
    assert crosstable.status_code == 200
    assert "Team D" in text(crosstable)
