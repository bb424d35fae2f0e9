"""The numbers the Laws leave to the organiser, set on the tournament: the default time
(10.15; 2023 6.7.1) and higher fifty-move counts for named positions (10.12). The same
incident gets another ruling when the setting changes; the form and the API set them."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.models import Game
from games.services import create_game, rule_on_incident
from tests.factories import UserFactory
from tests.html_forms import form_values
from tournaments.models import Pairing, Tournament, TournamentRole
from tournaments.services.roles import set_organiser

pytestmark = pytest.mark.django_db

# Timman–Lutz, 1995: rook and bishop against rook, the fiftieth quiet move each just made.
TIMMAN_LUTZ_100 = "8/7k/8/6R1/1r3B2/5K2/8/8 b - - 100 119"
BLACK_TWENTY_MINUTES_LATE = {
    "session_start": "2020-05-23T15:00",
    "ruled_at": "2020-05-23T15:25",
    "white_arrived": "2020-05-23T14:55",
    "black_arrived": "2020-05-23T15:20",
}


def first_board_game(tournament: Tournament, **fields) -> Game:
    pairing = Pairing.objects.get(round__tournament=tournament, board=1)
    return create_game(pairing=pairing, user=None, **fields)


def set_numbers(game: Game, **numbers) -> Game:
    """The organiser's numbers changed; the game as the next request reads it."""
    Tournament.objects.filter(rounds__pairings__game=game).update(**numbers)
    return Game.objects.get(pk=game.pk)


def test_the_default_time_decides_a_lateness_ruling(chebanenko):
    game = first_board_game(chebanenko)
    # The classic Laws' hour: twenty minutes late is in time.
    assert rule_on_incident(game, "lateness", BLACK_TWENTY_MINUTES_LATE, user=None).decision == (
        "play_on"
    )
    game = set_numbers(game, default_time_minutes=15)
    ruling = rule_on_incident(game, "lateness", BLACK_TWENTY_MINUTES_LATE, user=None)
    assert (ruling.decision, ruling.score, ruling.article) == ("game_over", "1-0", "10.15")
    assert "The allowed lateness is 15 minutes" in ruling.ruling["explanation"]["en"]


def test_a_named_position_raises_the_fifty_move_count(chebanenko):
    game = first_board_game(chebanenko, start_fen=TIMMAN_LUTZ_100)
    claim = {"claimant": "black", "claim": "fifty_moves"}
    assert rule_on_incident(game, "draw_claim", claim, user=None).score == "1/2-1/2"
    game = set_numbers(game, fifty_move_positions="KRB v KR: 75")
    ruling = rule_on_incident(game, "draw_claim", claim, user=None)
    assert ruling.decision == "play_on"
    assert ruling.ruling["details"]["move_count"] == 75


@pytest.fixture
def chief(chebanenko):
    user = UserFactory()
    TournamentRole.objects.create(
        tournament=chebanenko, user=user, role=TournamentRole.Role.CHIEF_ARBITER
    )
    return user


def test_the_form_sets_the_numbers_and_names_a_bad_entry(client, chebanenko, chief):
    client.force_login(chief)
    edit = reverse("tournaments:edit", kwargs={"tournament_id": chebanenko.pk})
    shown = form_values(client.get(edit).content.decode(), containing="default_time_minutes")
    assert shown["default_time_minutes"] == [""] and shown["fifty_move_positions"] == [""]
    numbers = {"default_time_minutes": "30", "fifty_move_positions": "KRB v KR: 75"}
    assert client.post(edit, {**shown, **numbers}).status_code == 302
    chebanenko.refresh_from_db()
    assert chebanenko.rules().default_time == 1800
    assert chebanenko.rules().fifty_move_named_positions[0].moves == 75
    refused = client.post(edit, {**shown, "fifty_move_positions": "KRB v KR: 75, KQ"})
    assert refused.status_code == 200
    assert "“KQ”: expected the two sides&#x27; pieces and a move count" in refused.content.decode()
    chinese = client.post(
        edit, {**shown, "fifty_move_positions": "KRB v KR: 40"}, HTTP_ACCEPT_LANGUAGE="zh-hans"
    )
    assert "“KRB v KR: 40”：" in chinese.content.decode()
    chebanenko.refresh_from_db()
    assert chebanenko.fifty_move_positions == "KRB v KR: 75"  # kept as saved


def test_the_api_creates_a_tournament_with_the_numbers():
    organiser = UserFactory()
    set_organiser(organiser)
    client = APIClient()
    client.force_authenticate(organiser)
    body = {"name": "Spring Open", "system": "swiss", "number_of_rounds": 7, "ruleset": "fide2023"}
    numbers = {"default_time_minutes": 15, "fifty_move_positions": "KNN v KP: 100"}
    created = client.post("/api/v1/tournaments/", {**body, **numbers}, format="json")
    assert created.status_code == 201, created.json()
    assert {key: created.json()[key] for key in numbers} == numbers
    rules = Tournament.objects.get(slug=created.json()["slug"]).rules()
    assert rules.default_time == 900 and rules.fifty_move_named_positions[0].moves == 100
    online = client.post(
        "/api/v1/tournaments/",
        {**body, "name": "Online Cup", "ruleset": "online", "default_time_minutes": 15},
        format="json",
    )
    assert online.status_code == 422
    assert "nobody loses by lateness" in str(online.json()), online.json()
