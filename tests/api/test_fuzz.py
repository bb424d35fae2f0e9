"""Schemathesis against the live schema: generated requests to every operation, with a
pairing token on a tournament that has players and a published round, never get a 5xx.

Bounded in examples per operation so that the run stays within a couple of minutes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from arbiter.wsgi import application
from tournaments.api.tokens import create_api_token
from tournaments.models import PairingSystem
from tournaments.services import create_tournament, generate_round_robin_round, publish_round

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)

EXAMPLES_PER_OPERATION = 20


@pytest.fixture
def _keep_the_test_connection() -> Iterator[None]:
    # The WSGI handler closes the database connection after each request; the test's
    # transaction lives on it (Django's test client disconnects the same signals).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def fuzz_target(chief: Any, settings: Any, _keep_the_test_connection: None) -> dict[str, Any]:
    settings.API_WRITE_RATE = "100000/min"
    settings.API_FAILED_AUTH_RATE = settings.API_FAILED_AUTH_ADDRESS_RATE = "100000/min"
    tournament = create_tournament(
        name="Fuzz", system=PairingSystem.ROUND_ROBIN, number_of_rounds=3, user=chief
    )
    for rank in range(1, 5):
        tournament.players.create(name=f"Player, {rank}", start_rank=rank)
    publish_round(generate_round_robin_round(tournament, user=chief), user=chief)
    key = create_api_token(tournament, name="fuzz", scope="pairing", user=chief)[1]
    return {"slug": tournament.slug, "headers": {"Authorization": f"Token {key}"}}


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_no_server_error(case: Any, fuzz_target: dict[str, Any]) -> None:
    if case.path_parameters and "slug" in case.path_parameters:
        case.path_parameters["slug"] = fuzz_target["slug"]
    case.call_and_validate(headers=fuzz_target["headers"], checks=[not_a_server_error])
