"""A team event created without a tie-break list takes the team tie-breaks the project
defaults to (C.07's codes: the other score first, then an extended Sonneborn-Berger and a
cut Buchholz, or the direct encounter in a round robin), so that teams level on match
points are not left sharing a place their game points separate; a list left empty on
purpose is kept, and the dashboard warns of it before round 1, as for an individual event."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.teams.test_team_event import _event, _lineups
from tournaments.models import PairingSystem, Result, Tournament
from tournaments.scoring.teams.tiebreaks import default_team_tiebreaks
from tournaments.services import (
    create_tournament,
    generate_round_robin_round,
    publish_round,
    record_result,
)
from tournaments.team_sheet import event_team_standings, team_sheet

pytestmark = pytest.mark.django_db


def _chief():  # type: ignore[no-untyped-def]
    user = UserFactory()
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def test_the_default_team_tie_breaks_follow_the_primary_score_and_the_system() -> None:
    assert default_team_tiebreaks("MP", round_robin=False) == ["GP", "EMMSB", "BH:MP/C1"]
    assert default_team_tiebreaks("GP", round_robin=False) == ["MP", "EGGSB", "BH:GP/C1"]
    assert default_team_tiebreaks("MP", round_robin=True) == ["GP", "DE", "EMMSB"]
    assert default_team_tiebreaks("GP", round_robin=True) == ["MP", "DE", "EGGSB"]


def test_a_team_event_created_without_tie_breaks_takes_the_defaults() -> None:
    swiss = create_tournament(
        name="Team Swiss", system=PairingSystem.TEAM_SWISS, number_of_rounds=5, boards_per_match=4
    )
    assert swiss.tiebreaks == ["GP", "EMMSB", "BH:MP/C1"]
    by_gp = create_tournament(
        name="By game points",
        system=PairingSystem.TEAM_SWISS,
        number_of_rounds=5,
        boards_per_match=4,
        team_primary_score="GP",
    )
    assert by_gp.tiebreaks == ["MP", "EGGSB", "BH:GP/C1"]
    robin = create_tournament(
        name="Team league", system=PairingSystem.ROUND_ROBIN, number_of_rounds=3, boards_per_match=4
    )
    assert robin.tiebreaks == ["GP", "DE", "EMMSB"]
    # A list given is kept, an empty one too (the dashboard warns of it); an individual
    # event has no default.
    chosen = create_tournament(
        name="Chosen",
        system=PairingSystem.TEAM_SWISS,
        number_of_rounds=5,
        boards_per_match=4,
        tiebreaks=["BH:MP"],
    )
    assert chosen.tiebreaks == ["BH:MP"]
    none = create_tournament(
        name="None",
        system=PairingSystem.TEAM_SWISS,
        number_of_rounds=5,
        boards_per_match=4,
        tiebreaks=[],
    )
    assert none.tiebreaks == []
    individual = create_tournament(name="Open", system=PairingSystem.SWISS, number_of_rounds=5)
    assert individual.tiebreaks == []


def test_teams_level_on_match_points_are_separated_by_their_game_points() -> None:
    """Round 1 of four teams of two boards: team A beats D 2-0, team B beats C 1½-½. With
    the old empty list A and B shared first place; the default's game points part them."""
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    round_ = generate_round_robin_round(tournament)
    publish_round(round_)
    _lineups(round_)
    for match in round_.matches.order_by("table"):
        boards = list(match.boards.order_by("match_board"))
        for index, board in enumerate(boards):
            a_white = board.white.team_id == match.team_a_id
            win = Result.WHITE_WINS if a_white else Result.BLACK_WINS
            close = match.table == 2 and index == 1
            record_result(board, Result.DRAW if close else win, source="hand", user=None)
    standings = event_team_standings(tournament, team_sheet(tournament))
    first, second = standings.rows[:2]
    assert (first.name, first.place, str(first.game_points)) == ("Team A", "1", "2")
    assert (second.name, second.place, str(second.game_points)) == ("Team B", "2", "3/2")


def test_the_api_and_the_form_give_a_new_team_event_the_defaults(client) -> None:
    chief = _chief()
    api = APIClient()
    api.force_authenticate(chief)
    body = {"name": "API teams", "system": "team_swiss", "number_of_rounds": 5}
    response = api.post("/api/v1/tournaments/", {**body, "boards_per_match": 4}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["tiebreaks"] == ["GP", "EMMSB", "BH:MP/C1"]

    client.force_login(chief)
    page = client.get(reverse("tournaments:create"))
    defaults = {f.name: f.value() for f in page.context["form"] if f.value() is not None}
    form = {
        **defaults,
        "name": "Form teams",
        "system": "team_swiss",
        "number_of_rounds": 5,
        "boards_per_match": 4,
        "tiebreaks": "",
    }
    response = client.post(reverse("tournaments:create"), form)
    assert response.status_code == 302
    assert Tournament.objects.get(name="Form teams").tiebreaks == ["GP", "EMMSB", "BH:MP/C1"]


@pytest.mark.parametrize("boards", [4, None])
def test_the_dashboard_warns_of_an_empty_tie_break_list_before_round_one(client, boards) -> None:
    chief = _chief()
    tournament = create_tournament(
        name="Empty",
        system=PairingSystem.TEAM_SWISS if boards else PairingSystem.SWISS,
        number_of_rounds=5,
        boards_per_match=boards,
        tiebreaks=[],
        user=chief,
    )
    client.force_login(chief)
    html = client.get(reverse("tournaments:dashboard", args=[tournament.pk])).content.decode()
    assert 'id="tiebreak-warning"' in html
    who = "teams level on match points" if boards else "players level on points"
    assert f"The tie-break list is empty: {who} share their place" in html
    tournament.tiebreaks = ["GP"] if boards else ["BH"]
    tournament.save()
    html = client.get(reverse("tournaments:dashboard", args=[tournament.pk])).content.decode()
    assert 'id="tiebreak-warning"' not in html
