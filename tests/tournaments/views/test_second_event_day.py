"""Defects an arbiter and a newcomer met on the second day of an event (one test per defect):
what the public reads, late entries, texts, spreadsheets."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import Absence, TournamentRole
from tournaments.services import request_absence

pytestmark = pytest.mark.django_db
Role = TournamentRole.Role


def url(name, tournament, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **kwargs})


def with_role(tournament, role):
    user = UserFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=role)
    return user


def test_a_byes_reason_is_for_the_arbiters_only(client):
    """A bye's reason ("university exam") is the arbiters' business, as a withdrawal's is:
    the public card shows the bye, not why."""
    tournament = TournamentFactory(public=True, number_of_rounds=7)
    player = PlayerFactory(tournament=tournament)
    request_absence(player, 3, Absence.Kind.HALF_POINT_BYE, reason="university exam")
    card = url("player", tournament, player_id=player.pk)

    public = client.get(card).content.decode()
    assert "Round 3: Half-point bye" in public
    assert "university exam" not in public
    client.force_login(UserFactory())  # logged in, but no role on the event
    assert "university exam" not in client.get(card).content.decode()
    for role in (Role.VIEWER, Role.DEPUTY_ARBITER, Role.CHIEF_ARBITER):
        client.force_login(with_role(tournament, role))
        assert "Round 3: Half-point bye — university exam" in client.get(card).content.decode()

    # The API's absences and the pairing programs' state are the arbiters' reads too.
    api = APIClient()
    base = f"/api/v1/tournaments/{tournament.slug}/"
    for read in (f"{base}players/{player.pk}/absences/", f"{base}state/"):
        response = api.get(read)
        assert response.status_code in (401, 403), (read, response.status_code)
        assert "university exam" not in response.content.decode()
