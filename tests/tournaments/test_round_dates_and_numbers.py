"""Checklist gaps found by running the application as a new user: a round paired and
published here had no date, so the TRF report lacked record 132 (J52); a round robin's
numbers could not be set by hand in FIDE mode (D13); a FIDE-mode Swiss could be numbered in
any order given through the API (B10)."""

from __future__ import annotations

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import UserFactory, answering
from tournaments.models import PairingSystem
from tournaments.services import (
    TournamentError,
    add_player,
    assign_start_ranks,
    create_tournament,
    exchange_start_ranks,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    set_start_ranks,
)
from tournaments.services.trf_exchange import export_trf

pytestmark = pytest.mark.django_db

RATINGS = {"Anand": 2700, "Bu": 2600, "Carlsen": 2500, "Ding": 2400}


def event(system: str, **settings):
    tournament = create_tournament(
        name="Open", system=system, number_of_rounds=3, start_date="2026-12-01", **settings
    )
    for name, rating in RATINGS.items():
        add_player(tournament, name=name, rating_standard=rating)
    return tournament


def test_a_round_published_here_has_a_date_in_record_132():
    tournament = event(PairingSystem.SWISS)
    assign_start_ranks(tournament)
    round_ = answering(pair_swiss_round, tournament)
    publish_round(round_)
    round_.refresh_from_db()
    assert round_.starts_at is not None
    today = timezone.localtime(round_.starts_at).strftime("%y/%m/%d")
    records = [line for line in export_trf(tournament, version=2026).splitlines()]
    assert [line.split()[1] for line in records if line.startswith("132 ")] == [today]


def test_a_round_robin_numbers_are_exchanged_at_any_rating_until_round_1_is_paired():
    tournament = event(PairingSystem.ROUND_ROBIN)
    players = {p.name: p for p in tournament.players.all()}
    set_start_ranks(tournament, [players[name] for name in RATINGS])
    exchange_start_ranks(players["Anand"], players["Ding"], confirm="confirm")
    ranks = dict(tournament.players.values_list("name", "start_rank"))
    assert (ranks["Anand"], ranks["Ding"]) == (4, 1)
    answering(generate_round_robin_round, tournament)
    with pytest.raises(TournamentError, match="only players of equal rating"):
        exchange_start_ranks(players["Bu"], players["Carlsen"], confirm="confirm")


def test_a_fide_mode_swiss_is_not_numbered_in_an_order_given_by_hand():
    tournament = event(PairingSystem.SWISS)
    players = list(tournament.players.order_by("rating_standard"))
    with pytest.raises(TournamentError, match="a Swiss numbers its players by rating"):
        set_start_ranks(tournament, players)
    assert not tournament.players.filter(start_rank__isnull=False).exists()

    client = APIClient()
    client.force_authenticate(UserFactory(is_staff=True, is_superuser=True))
    url = f"/api/v1/tournaments/{tournament.slug}/players/numbering/"
    answer = client.post(url, {"order": [p.pk for p in players]}, format="json")
    assert answer.status_code == 422
    assert not tournament.players.filter(start_rank__isnull=False).exists()
