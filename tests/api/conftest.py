"""Fixtures of the API tests: a chief arbiter, his tournament, tokens of each scope."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import Permission
from django.core.cache import cache
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import ApiToken, PairingSystem, Tournament
from tournaments.services import create_tournament, generate_round_robin_round, publish_round

PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Iterator[None]:
    # Throttle counters live in the cache, which outlives each test's database transaction.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def client_() -> APIClient:
    return APIClient()


@pytest.fixture
def chief(db: None) -> object:
    user = UserFactory(username="chief")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.fixture
def tournament(chief: object) -> Tournament:
    return create_tournament(
        name="Held round robin",
        system=PairingSystem.ROUND_ROBIN,
        number_of_rounds=5,
        user=chief,
        start_date="2024-08-01",
        ruleset="classic",  # held under the adjournment-era Laws, as the game tests rule
        tiebreaks=["SB", "SB/C1", "KS"],
    )


@pytest.fixture
def token_for(tournament: Tournament, chief: object) -> Callable[..., str]:
    """The key of a new token of ``scope`` (on ``tournament`` unless another is given)."""

    def make(scope: str, on: Tournament | None = None) -> str:
        return create_api_token(on or tournament, name=f"{scope} client", scope=scope, user=chief)[
            1
        ]

    return make


@pytest.fixture
def as_scope(client_: APIClient, token_for: Callable[..., str]) -> Callable[[str], APIClient]:
    def login(scope: str) -> APIClient:
        client_.credentials(HTTP_AUTHORIZATION=f"Token {token_for(scope)}")
        return client_

    return login


@pytest.fixture
def numbered(tournament: Tournament) -> Tournament:
    """Four players with starting ranks, three rounds, nothing paired yet."""
    for rank, name in enumerate(["Alyx", "Bruno", "Charline", "David"], start=1):
        tournament.players.create(name=name, start_rank=rank, rating_standard=2300 - rank)
    tournament.number_of_rounds = 3
    tournament.save()
    return tournament


@pytest.fixture
def published(numbered: Tournament, chief: object) -> Tournament:
    """:func:`numbered`, with round 1 paired from the Berger tables and published."""
    publish_round(generate_round_robin_round(numbered, user=chief), user=chief)
    return numbered


SCOPES = [ApiToken.Scope.READ, ApiToken.Scope.RESULTS, ApiToken.Scope.PAIRING]
