"""The replies agree with the OpenAPI schema: what it says of each field, each status and each
method, on a sample of operations, with schemathesis's conformance checks (issue: a
tournament whose colour in round 1 is drawn by lot broke the enum of ``initial_color``; 400
and 406 replies were undocumented; TRACE was answered 406; a Chess960 position sent as a
JSON number was taken).

The sample runs schemathesis's coverage phase (boundary and invalid values, unexpected
methods, each case once, deterministic) and a few generated examples per operation: about
20 seconds on one core.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.test import APIClient
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi import checks

from arbiter.wsgi import application
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import (
    Chess960Draw,
    PairingSystem,
    Tournament,
    TournamentRole,
    Variant,
)
from tournaments.services import create_tournament, pair_swiss_round, publish_round

SAMPLE = [
    "tournaments_list",
    "tournaments_retrieve",
    "tournaments_trf",
    "rating_differences_list",
    "rounds_retrieve",
    "rounds_chess960_position",
]
"""Operations that each failed a check once, and their neighbours."""

CHECKS = [
    not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.negative_data_rejection,
    checks.unsupported_method,
]

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application).include(
    operation_id=SAMPLE
)


def chess960_event() -> tuple[Tournament, str]:
    """A Chess960 Swiss with round 1 published, and a pairing token of its chief arbiter."""
    tournament = TournamentFactory(
        name="Fischer Random Open",
        slug="fischer-random",
        variant=Variant.CHESS960,
        chess960_draw=Chess960Draw.PER_ROUND,
    )
    PlayerFactory.create_batch(6, tournament=tournament)
    publish_round(pair_swiss_round(tournament))
    chief = UserFactory(username="chess960-chief")
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    return tournament, create_api_token(tournament, name="client", scope="pairing", user=chief)[1]


@pytest.fixture
def event(db: None) -> tuple[Tournament, str]:
    return chess960_event()


def _client(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def test_a_colour_drawn_by_lot_is_in_the_schema_of_the_tournament(
    event: tuple[Tournament, str],
) -> None:
    tournament, key = event
    tournament.initial_color = ""
    tournament.save()
    listed = _client(key).get("/api/v1/tournaments/").json()
    assert [row["initial_color"] for row in listed] == [""]
    documented = APIClient().get("/api/schema/", {"format": "json"}).json()
    colour = documented["components"]["schemas"]["Tournament"]["properties"]["initial_color"]
    assert {"$ref": "#/components/schemas/BlankEnum"} in colour["oneOf"]


@pytest.mark.parametrize(
    "path", ["", "tournaments/", "tournaments/fischer-random/", "tournaments/fischer-random/trf/"]
)
def test_a_method_the_resource_lacks_is_405_whatever_the_client_accepts(
    event: tuple[Tournament, str], path: str
) -> None:
    _tournament, key = event
    for accept in ("text/plain", "application/xml", "application/json"):
        reply = _client(key).generic("TRACE", f"/api/v1/{path}", HTTP_ACCEPT=accept)
        assert reply.status_code == 405, (accept, reply.status_code)
        # JSON, or where the client accepts it (the TRF's text/plain) JSON as text.
        assert json.loads(reply.content)["code"] == "method_not_allowed"


def test_an_empty_format_is_not_found(event: tuple[Tournament, str]) -> None:
    tournament, key = event
    url = f"/api/v1/tournaments/{tournament.slug}/trf/"
    assert _client(key).get(url, {"format": "", "version": "16"}).status_code == 404
    assert _client(key).get(url, {"format": "trf", "version": "16"}).status_code == 200


def test_an_unservable_accept_header_is_a_documented_json_406(
    event: tuple[Tournament, str],
) -> None:
    tournament, key = event
    reply = _client(key).get(
        f"/api/v1/tournaments/{tournament.slug}/trf/", HTTP_ACCEPT="application/xml"
    )
    assert reply.status_code == 406
    assert reply["Content-Type"] == "application/json"
    assert reply.json()["code"] == "not_acceptable"
    documented = APIClient().get("/api/schema/", {"format": "json"}).json()["paths"]
    assert "406" in documented["/api/v1/tournaments/{slug}/trf/"]["get"]["responses"]


def test_an_unknown_rating_list_is_a_documented_400(event: tuple[Tournament, str]) -> None:
    tournament, key = event
    url = f"/api/v1/tournaments/{tournament.slug}/rating-differences/"
    reply = _client(key).get(url, {"list": "null"})
    assert reply.status_code == 400
    assert reply.json()["field"] == "list"
    documented = APIClient().get("/api/schema/", {"format": "json"}).json()["paths"]
    responses = documented["/api/v1/tournaments/{slug}/rating-differences/"]["get"]["responses"]
    assert "400" in responses


def test_a_chess960_position_sent_as_a_number_is_refused(event: tuple[Tournament, str]) -> None:
    tournament, key = event
    url = f"/api/v1/tournaments/{tournament.slug}/rounds/1/chess960/"
    api = _client(key)
    before = tournament.rounds.get(number=1).chess960_position
    for wrong in (518, 5.18e2, True, ["518"]):
        reply = api.post(url, {"position": wrong}, format="json")
        assert reply.status_code == 400, (wrong, reply.status_code)
        assert reply.json()["field"] == "position"
    assert tournament.rounds.get(number=1).chess960_position == before
    assert "in quotes" in api.post(url, {"position": 518}, format="json").json()["detail"]
    taken = api.post(url, {"position": "518"}, format="json")
    assert taken.status_code == 200
    assert taken.json()["chess960_position"] == 518


ROUND_OPERATIONS = [
    ("get", "", {}),
    ("delete", "", {}),
    ("post", "publish/", {}),
    ("post", "chess960/", {"draw": True}),
    ("get", "pairings/", {}),
    ("get", "manual-pairing/", {}),
    ("post", "results/", {"results": [{"board": 1, "result": "1-0"}]}),
]
"""Each round operation, with a body it would take: only the number is wrong."""


@pytest.mark.parametrize("number", ["0", "x", "-1", "1.0", "1e3", "+1", "١", "1234567890"])
def test_an_invalid_round_number_is_not_found(event: tuple[Tournament, str], number: str) -> None:
    tournament, key = event
    api = _client(key)
    for method, tail, body in ROUND_OPERATIONS:
        url = f"/api/v1/tournaments/{tournament.slug}/rounds/{number}/{tail}"
        reply = getattr(api, method)(url, body, format="json")
        assert reply.status_code == 404, (method, url, reply.status_code)


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
def conformance_target(
    chief: Any, settings: Any, _keep_the_test_connection: None
) -> dict[str, Any]:
    settings.API_WRITE_RATE = "100000/min"
    settings.API_FAILED_AUTH_RATE = settings.API_FAILED_AUTH_ADDRESS_RATE = "100000/min"
    tournament, key = chess960_event()
    # A second event of the chief's, created as through the API: its colour is drawn by lot.
    create_tournament(name="Drawn", system=PairingSystem.SWISS, number_of_rounds=5, user=chief)
    return {"slug": tournament.slug, "headers": {"Authorization": f"Token {key}"}}


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_the_sample_conforms_to_the_schema(case: Any, conformance_target: dict[str, Any]) -> None:
    if case.path_parameters and "slug" in case.path_parameters:
        case.path_parameters["slug"] = conformance_target["slug"]
    case.call_and_validate(headers=conformance_target["headers"], checks=CHECKS)
