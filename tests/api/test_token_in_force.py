"""A token is in force only while its creator's account is active and his role on the
tournament still allows what it does: on every path of the API, the list of tournaments and
the jobs included (issue: a deactivated creator's token still listed the private tournament
with its settings and read its jobs and their files)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.base import ContentFile
from rest_framework.test import APIClient

from jobs.models import Job
from tests.factories import TournamentFactory, UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import Tournament, TournamentRole
from tournaments.services.roles import grant_role, revoke_role

from .conftest import SCOPES
from .test_permissions import endpoints, paired  # noqa: F401  (the fixture)

READ, RESULTS, PAIRING = SCOPES


def _deactivated(tournament: Tournament, chief: Any) -> None:
    chief.is_active = False
    chief.save()


def _role_revoked(tournament: Tournament, chief: Any) -> None:
    colleague = UserFactory(username="colleague")
    grant_role(tournament, colleague, TournamentRole.Role.CHIEF_ARBITER, user=chief)
    revoke_role(tournament, chief, user=colleague)


WITHDRAWALS: dict[str, Callable[[Tournament, Any], None]] = {
    "account deactivated": _deactivated,
    "role revoked": _role_revoked,
}


@pytest.fixture(params=WITHDRAWALS)
def withdrawn(request: pytest.FixtureRequest) -> Callable[[Tournament, Any], None]:
    return WITHDRAWALS[request.param]


@pytest.fixture
def private(paired: Tournament) -> Tournament:  # noqa: F811
    """The paired tournament, visible to its role holders only."""
    paired.public = False
    paired.save()
    return paired


@pytest.fixture
def job(private: Tournament, chief: Any) -> Job:
    """A finished job of the private tournament, started by its chief, with its file."""
    job = Job.objects.create(
        kind="pgn_check", tournament=private, created_by=chief, status=Job.Status.DONE
    )
    job.file.save("report.pdf", ContentFile(b"%PDF-1.4 report"), save=True)
    return job


def _client(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def test_a_withdrawn_creators_token_no_longer_lists_the_private_tournament(
    private: Tournament,
    chief: Any,
    withdrawn: Callable[[Tournament, Any], None],
) -> None:
    public = TournamentFactory(slug="open", public=True)
    api = _client(create_api_token(private, name="client", scope=READ, user=chief)[1])
    listed = api.get("/api/v1/tournaments/")
    assert [row["slug"] for row in listed.json()] == [private.slug, public.slug]
    withdrawn(private, chief)
    assert [row["slug"] for row in api.get("/api/v1/tournaments/").json()] == [public.slug]


def test_a_withdrawn_creators_token_no_longer_reads_the_jobs(
    private: Tournament,
    chief: Any,
    job: Job,
    withdrawn: Callable[[Tournament, Any], None],
) -> None:
    api = _client(create_api_token(private, name="client", scope=READ, user=chief)[1])
    assert api.get(f"/api/v1/jobs/{job.pk}/").status_code == 200
    assert api.get(f"/api/v1/jobs/{job.pk}/file/").status_code == 200
    withdrawn(private, chief)
    assert api.get(f"/api/v1/jobs/{job.pk}/").status_code == 404
    assert api.get(f"/api/v1/jobs/{job.pk}/file/").status_code == 404


def test_a_token_in_force_reads_no_job_of_another_tournament(
    private: Tournament,
    chief: Any,
    job: Job,
) -> None:
    """A token reads its own tournament's jobs, not those its creator started elsewhere."""
    other = TournamentFactory(slug="other", public=False)
    elsewhere = Job.objects.create(
        kind="pgn_check", tournament=other, created_by=chief, status=Job.Status.DONE
    )
    api = _client(create_api_token(private, name="client", scope=READ, user=chief)[1])
    assert api.get(f"/api/v1/jobs/{job.pk}/").status_code == 200
    assert api.get(f"/api/v1/jobs/{elsewhere.pk}/").status_code == 404


def test_a_withdrawn_creators_token_is_refused_on_every_tournament_path(
    private: Tournament,
    chief: Any,
    withdrawn: Callable[[Tournament, Any], None],
) -> None:
    """Every read and write of the private tournament (configuration, TRF, reports, team
    reads, writes) answers 404 as for a stranger, and nothing is written."""
    key = create_api_token(private, name="client", scope=PAIRING, user=chief)[1]
    routes = endpoints(private)
    withdrawn(private, chief)
    api = _client(key)
    players = private.players.count()
    for method, url, body, _needed in routes:
        response = getattr(api, method)(url, body, format="json")
        assert response.status_code == 404, (method, url, response.status_code)
    assert private.players.count() == players
    assert private.rounds.get(number=1).pairings.get(board=1).result == "*"
