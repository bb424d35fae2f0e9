"""The board prizes' minimum number of games is the event's setting, as its regulations word
it: a number of games, or a share of the rounds played; empty, the number of games most
players of the boards have (as before). A player whose team had a forfeit win is no longer
left unranked for the game he could not play when the regulations say otherwise."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.tournaments.teams.test_team_event import _event, _lineups, _play
from tournaments.models import PairingSystem, TournamentLog
from tournaments.reports.team_sources import board_prizes_data
from tournaments.services import (
    TournamentError,
    forfeit_match,
    generate_round_robin_round,
    publish_round,
    update_tournament,
)

pytestmark = pytest.mark.django_db


def _two_rounds_with_a_forfeit():  # type: ignore[no-untyped-def]
    """Four teams of two boards, two rounds; round 2's table 1 forfeited whole: its teams'
    players have one game each, the others two."""
    tournament = _event(PairingSystem.ROUND_ROBIN, teams=4, boards=2, rounds=3)
    for number in (1, 2):
        round_ = generate_round_robin_round(tournament)
        publish_round(round_)
        _lineups(round_)
        if number == 2:
            forfeited = round_.matches.get(table=1)
            forfeit_match(forfeited, "+-", reason="Team did not arrive")
        _play(round_)
    players = [
        p.name
        for team in (forfeited.team_a, forfeited.team_b)
        for p in team.roster.order_by("board_order")
    ]
    return tournament, players


def _unranked(tournament) -> set[str]:  # type: ignore[no-untyped-def]
    table = board_prizes_data(tournament)
    return {row[2].text for row in table.rows if row[0].text == "-"}


def test_the_minimum_is_a_number_of_games_or_a_share_of_the_rounds() -> None:
    tournament, forfeited = _two_rounds_with_a_forfeit()
    # Not set: the most common count (two games), so the forfeit's players are unranked.
    assert _unranked(tournament) == set(forfeited)
    assert tournament.board_prize_min_games is None
    assert tournament.board_prize_min_share is None

    tournament = update_tournament(tournament, board_prize_min_games=1, user=None)
    assert _unranked(tournament) == set()
    assert "At least 1 game to be ranked." in board_prizes_data(tournament).notes[0]

    # 50% of the two rounds played: one game; 100%: two.
    tournament = update_tournament(
        tournament, board_prize_min_games=None, board_prize_min_share=50, user=None
    )
    assert _unranked(tournament) == set()
    tournament = update_tournament(tournament, board_prize_min_share=100, user=None)
    assert _unranked(tournament) == set(forfeited)
    assert (
        "At least 2 games (100% of 2 rounds) to be ranked."
        in (board_prizes_data(tournament).notes[0])
    )


def test_the_minimum_is_logged_changes_after_round_one_and_is_one_rule_or_the_other() -> None:
    tournament, _forfeited = _two_rounds_with_a_forfeit()
    assert tournament.fide_mode
    update_tournament(tournament, board_prize_min_share=80, user=None, reason="regulations 7.2")
    entry = tournament.log.filter(kind=TournamentLog.Kind.CONFIGURATION).last()
    assert (entry.old_value, entry.new_value) == (
        {"board_prize_min_share": None},
        {"board_prize_min_share": 80},
    )
    with pytest.raises(TournamentError, match="games or a share of the rounds, not both"):
        update_tournament(tournament, board_prize_min_games=3, user=None)
    with pytest.raises(TournamentError, match="board_prize_min_share"):
        update_tournament(tournament, board_prize_min_share=0, user=None)
    with pytest.raises(TournamentError, match="board_prize_min_share"):
        update_tournament(tournament, board_prize_min_share=101, user=None)


def test_the_minimum_on_the_settings_page_and_in_the_api(client) -> None:
    chief = UserFactory()
    chief.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    api = APIClient()
    api.force_authenticate(chief)
    body = {"name": "Teams", "system": "team_swiss", "number_of_rounds": 5, "boards_per_match": 4}
    response = api.post("/api/v1/tournaments/", {**body, "board_prize_min_share": 80})
    assert response.status_code == 201, response.content
    data = response.json()
    assert (data["board_prize_min_games"], data["board_prize_min_share"]) == (None, 80)
    response = api.post(
        "/api/v1/tournaments/",
        {**body, "name": "Both", "board_prize_min_games": 4, "board_prize_min_share": 80},
    )
    assert response.status_code == 422, response.content

    client.force_login(chief)
    tournament_id = data["id"]
    page = client.get(reverse("tournaments:edit", args=[tournament_id]))
    html = page.content.decode()
    assert 'name="board_prize_min_games"' in html and 'name="board_prize_min_share"' in html
    form = {f.name: f.value() for f in page.context["form"] if f.value() is not None}
    form.update(board_prize_min_share="", board_prize_min_games="6")
    form = {k: ",".join(v) if isinstance(v, list) else v for k, v in form.items()}
    response = client.post(reverse("tournaments:edit", args=[tournament_id]), form)
    assert response.status_code == 302, response.content.decode()[:3000]
    from tournaments.models import Tournament

    saved = Tournament.objects.get(pk=tournament_id)
    assert (saved.board_prize_min_games, saved.board_prize_min_share) == (6, None)
