"""A set-up that cannot be paired to its last round legally is said before the start (FIDE
checklist D28, Q62): on the arbiter's page, and as an L2 question when round 1 is paired from
the page, the API or the command; hand pairing can still finish such an event (Q63)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import PairingSystem
from tournaments.services import (
    Level,
    NeedsConfirmation,
    forbid_pair,
    pair_swiss_round,
    publish_round,
    record_result,
)
from tournaments.services.rounds import setup_problems

pytestmark = pytest.mark.django_db


def _event(players: int, rounds: int, system: str = PairingSystem.SWISS):
    tournament = TournamentFactory(number_of_rounds=rounds, system=system)
    PlayerFactory.create_batch(players, tournament=tournament)
    return tournament


def _rank(tournament, rank):
    return tournament.players.get(start_rank=rank)


@pytest.mark.parametrize(
    ("players", "rounds", "most"),
    [(6, 6, 5), (5, 6, 5), (2, 2, 1)],
)
def test_more_rounds_than_a_swiss_of_that_size_allows(players, rounds, most) -> None:
    """Each player meets each other at most once; an odd field adds the one bye each."""
    assert setup_problems(_event(players, rounds)) == [
        f"{players} players cannot play {rounds} rounds of a Swiss without meeting twice: "
        f"at most {most} {'round' if most == 1 else 'rounds'}."
    ]


@pytest.mark.parametrize(("players", "rounds"), [(6, 5), (5, 5), (9, 7), (1, 3)])
def test_a_set_up_that_can_finish_says_nothing(players, rounds) -> None:
    assert setup_problems(_event(players, rounds)) == []


def test_forbidden_pairs_that_leave_too_few_opponents() -> None:
    tournament = _event(6, 5)
    forbid_pair(_rank(tournament, 1), _rank(tournament, 2), reason="brothers")
    names = [_rank(tournament, rank).name for rank in (1, 2)]
    assert setup_problems(tournament) == [
        f"{name} may meet only 4 players (forbidden pairs): 5 rounds cannot be paired without "
        "a rematch or a forbidden pair."
        for name in names
    ]
    tournament.number_of_rounds = 4
    tournament.save()
    assert setup_problems(tournament) == []


def test_a_round_robin_cannot_keep_a_forbidden_pair() -> None:
    tournament = _event(4, 3, PairingSystem.ROUND_ROBIN)
    assert setup_problems(tournament) == []
    forbid_pair(_rank(tournament, 1), _rank(tournament, 4), reason="club mates")
    assert setup_problems(tournament) == [
        "In a round robin every player meets every other: the 1 forbidden pairs cannot be kept."
    ]


def test_the_service_asks_before_round_1_only() -> None:
    tournament = _event(4, 4)
    with pytest.raises(NeedsConfirmation) as question:
        pair_swiss_round(tournament)
    assert question.value.level == Level.ACKNOWLEDGE and question.value.answer == "acknowledge"
    round_1 = pair_swiss_round(tournament, confirm="acknowledge")
    publish_round(round_1)
    for board in round_1.pairings.all():
        record_result(board, "1-0", source="hand", user=None)
    pair_swiss_round(tournament)  # round 2: the set-up was acknowledged at the start


def test_the_arbiters_page_says_it_and_the_pair_button_asks(client) -> None:
    tournament = _event(4, 4)
    client.force_login(UserFactory(is_staff=True))
    page = client.get(reverse("tournaments:dashboard", args=[tournament.pk])).text
    assert "cannot be paired to its last round" in page
    assert "4 players cannot play 4 rounds of a Swiss without meeting twice" in page
    url = reverse("tournaments:round_pair", args=[tournament.pk])
    asked = client.post(url)
    assert asked.status_code == 409 and "at most 3 rounds" in asked.text
    assert not tournament.rounds.exists()
    paired = client.post(url, {"confirm": "acknowledge"})
    assert paired.status_code == 302 and tournament.rounds.count() == 1
    page = client.get(reverse("tournaments:dashboard", args=[tournament.pk])).text
    assert "cannot be paired to its last round" not in page


def test_the_api_asks_with_a_409() -> None:
    tournament = _event(4, 4)
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/next/"
    asked = api.post(url, {}, format="json")
    assert asked.status_code == 409
    assert asked.json()["level"] == 2 and asked.json()["confirm"] == "acknowledge"
    assert api.post(url, {"confirm": "acknowledge"}, format="json").status_code == 201


def test_the_command_exits_3_then_pairs() -> None:
    tournament = _event(4, 4)
    with pytest.raises(CommandError) as asked:
        call_command("pair_round", str(tournament.pk))
    assert asked.value.returncode == 3 and "--confirm acknowledge" in str(asked.value)
    assert "at most 3 rounds" in str(asked.value)
    call_command("pair_round", str(tournament.pk), "--confirm", "acknowledge", stdout=StringIO())
    assert tournament.rounds.count() == 1
