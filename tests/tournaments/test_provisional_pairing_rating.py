"""An unrated player's provisional pairing rating: a field of its own, given by the arbiter on
the player's page or through the API, used for pairing only (the Dubov system's order and
ARO, C.04.4.1 article 1.1; the initial order) and never rated, reported or exported as a
rating. The Dubov refusal names it."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tests.tournaments.test_swiss_systems import _play
from tournaments.models import PairingSystem, Player, TournamentRole
from tournaments.selectors import pairing_state, rating_changes, tournament_sheet
from tournaments.services import TournamentError, pair_swiss_round
from tournaments.services.players import assign_start_ranks, update_player
from tournaments.services.trf_exchange import export_trf

pytestmark = pytest.mark.django_db


def _dubov_event():  # type: ignore[no-untyped-def]
    tournament = TournamentFactory(system=PairingSystem.DUBOV, number_of_rounds=5)
    ratings = random.Random(7).sample(range(1500, 2500), 10)
    for rating in sorted(ratings, reverse=True):
        PlayerFactory(tournament=tournament, rating_standard=rating)
    unrated = tournament.players.get(start_rank=7)
    Player.objects.filter(pk=unrated.pk).update(rating_standard=None)
    unrated.refresh_from_db()
    return tournament, unrated


def test_the_dubov_refusal_names_the_field_that_pairs_an_unrated_player() -> None:
    tournament, unrated = _dubov_event()
    with pytest.raises(TournamentError) as refused:
        pair_swiss_round(tournament)
    message = str(refused.value)
    assert "(no. 7)" in message
    assert "provisional pairing rating" in message
    label = Player._meta.get_field("pairing_rating").verbose_name
    assert str(label) == "provisional pairing rating"

    update_player(unrated, pairing_rating=1450, user=None)
    round_ = pair_swiss_round(tournament)
    assert round_.number == 1
    # The pairing reads 1450 for him; the sheet every report reads keeps him unrated.
    state = pairing_state(tournament, 1)
    assert state.sheet.player(7).rating == 1450
    assert tournament_sheet(tournament).player(7).rating == 0


def test_the_provisional_rating_is_never_rated_reported_or_exported() -> None:
    tournament, unrated = _dubov_event()
    update_player(unrated, pairing_rating=1450, user=None)
    _play(pair_swiss_round(tournament), seed=3)
    sheet = tournament_sheet(tournament)
    assert rating_changes(tournament, sheet).get(7) is None
    for version in (2026, 16):
        exported = export_trf(tournament, version=version)
        assert "1450" not in exported
    line = next(
        line
        for line in export_trf(tournament, version=16).splitlines()
        if line.startswith("001") and int(line[4:8]) == 7
    )
    assert line[48:52].strip() in ("", "0")
    unrated.refresh_from_db()
    assert unrated.rating_standard is None and unrated.rating_in_tournament().rating is None


def test_the_initial_order_ranks_an_unrated_player_by_his_provisional_rating() -> None:
    tournament = TournamentFactory(system=PairingSystem.DUBOV, number_of_rounds=5)
    for name, rating in (("Alpha", 2200), ("Beta", 1900), ("Gamma", 1600)):
        PlayerFactory(tournament=tournament, name=name, rating_standard=rating, start_rank=None)
    PlayerFactory(
        tournament=tournament,
        name="Newcomer",
        rating_standard=None,
        pairing_rating=2000,
        start_rank=None,
    )
    ordered = [p.name for p in assign_start_ranks(tournament)]
    assert ordered == ["Alpha", "Newcomer", "Beta", "Gamma"]


def test_the_player_page_and_the_api_take_the_provisional_rating(client) -> None:
    tournament, unrated = _dubov_event()
    chief = UserFactory()
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client.force_login(chief)
    edit = reverse("tournaments:player_edit", args=[tournament.pk, unrated.pk])
    page = client.get(edit)
    assert 'name="pairing_rating"' in page.content.decode()
    form = {f.name: f.value() for f in page.context["form"] if f.value() is not None}
    response = client.post(edit, {**form, "pairing_rating": "1450"})
    assert response.status_code == 302, response.content.decode()[:2000]
    unrated.refresh_from_db()
    assert unrated.pairing_rating == 1450 and unrated.rating_standard is None

    api = APIClient()
    api.force_authenticate(chief)
    url = f"/api/v1/tournaments/{tournament.slug}/players/{unrated.pk}/"
    response = api.patch(url, {"pairing_rating": 1500}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["pairing_rating"] == 1500
    assert response.json()["tournament_rating"] is None
    assert api.patch(url, {"pairing_rating": 4000}, format="json").status_code == 400
