"""The rating list API: import the downloaded file, compare, accept a chosen subset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import Player, RatingList, Tournament

from .conftest import PASSWORD

DATA = Path(__file__).resolve().parents[1] / "data" / "ratinglist"

pytestmark = pytest.mark.django_db


def _upload(client: APIClient, name: str, **extra: str) -> dict[str, Any]:
    """The import's job, followed to its end (jobs run at once in the tests)."""
    with (DATA / name).open("rb") as stream:
        reply = client.post("/api/v1/rating-lists/", {"file": stream, **extra}, format="multipart")
    assert reply.status_code == 202, reply.content
    assert reply["Location"] == f"/api/v1/jobs/{reply.json()['id']}/"
    job: dict[str, Any] = client.get(reply["Location"]).json()
    return job


def test_chief_arbiter_imports_compares_and_accepts(
    client_: APIClient, chief: object, tournament: Tournament
) -> None:
    client_.login(username="chief", password=PASSWORD)
    ding = Player.objects.create(
        tournament=tournament, name="Ding, Liren", fide_id="8603677", rating_standard=2700
    )
    job = _upload(client_, "standard_sep26frl.txt")
    assert (job["kind"], job["status"], job["errors"]) == ("rating_list_import", "done", [])
    listed = job["result"]["rating_list"]
    assert (listed["kind"], listed["list_date"], listed["player_count"]) == (
        "standard",
        "2026-09-01",
        6,
    )
    # Players stored: counted as they went (a streamed list has no total), then known.
    assert (job["done"], job["total"]) == (6, 6)
    differences = client_.get(f"/api/v1/tournaments/{tournament.slug}/rating-differences/")
    assert differences.status_code == 200
    body = differences.json()
    keys = {d["key"]: (d["field"], d["current"], d["listed"]) for d in body["differences"]}
    assert keys[f"{ding.pk}:rating_standard"] == ("rating_standard", 2700, 2734)
    assert ding.rating_standard == 2700  # nothing applied by comparing
    accepted = client_.post(
        f"/api/v1/tournaments/{tournament.slug}/rating-differences/",
        {"rating_list": body["rating_list"]["id"], "accept": [f"{ding.pk}:rating_standard"]},
        format="json",
    )
    assert accepted.status_code == 200, accepted.content
    ding.refresh_from_db()
    assert (ding.rating_standard, ding.rating_origin) == (2734, "list")
    player = client_.get(f"/api/v1/tournaments/{tournament.slug}/players/{ding.pk}/").json()
    assert (player["tournament_rating"], player["tournament_rating_source"]) == (2734, "standard")


def test_a_list_without_its_date_is_refused_with_the_reason(
    client_: APIClient, chief: object
) -> None:
    client_.login(username="chief", password=PASSWORD)
    job = _upload(client_, "players_list_foa.txt")
    assert job["status"] == "failed"
    assert job["errors"] == [
        "players_list_foa.txt does not say the month of the list; give the list date."
    ]
    assert not RatingList.objects.exists()
    assert _upload(client_, "players_list_foa.txt", list_date="2026-09-15")["status"] == "done"
    assert RatingList.objects.get().list_date.isoformat() == "2026-09-01"


def _post(client: APIClient, name: str) -> int:
    with (DATA / name).open("rb") as stream:
        return client.post(
            "/api/v1/rating-lists/", {"file": stream}, format="multipart"
        ).status_code


def test_only_arbiters_import(client_: APIClient, tournament: Tournament) -> None:
    assert _post(client_, "standard_sep26frl.txt") in (401, 403)
    UserFactory(username="someone")
    client_.login(username="someone", password=PASSWORD)
    assert _post(client_, "standard_sep26frl.txt") == 403
    assert not RatingList.objects.exists()


CSRF_SECRET = "a" * 32


def _browser(username: str) -> APIClient:
    """A browser's session, its CSRF token sent as a page's script sends it."""
    browser = APIClient(enforce_csrf_checks=True)
    browser.login(username=username, password=PASSWORD)
    browser.cookies["csrftoken"] = CSRF_SECRET
    browser.credentials(HTTP_X_CSRFTOKEN=CSRF_SECRET)
    return browser


@pytest.mark.parametrize(
    "content_type", ["application/json", "text/plain", "application/octet-stream"]
)
def test_the_permission_is_checked_before_the_body_whatever_its_type(
    content_type: str, chief: Any
) -> None:
    # Issue: a signed-in user who may not import got 415 for a body of another type than a
    # file upload: the body was read before the permission was checked.
    UserFactory(username="someone")
    body = b'{"file": "x"}'
    refused = _browser("someone").post("/api/v1/rating-lists/", body, content_type=content_type)
    assert refused.status_code == 403
    assert refused.json()["code"] == "permission_denied"
    # Whoever may import is told what is wrong with the body.
    wrong_type = _browser("chief").post("/api/v1/rating-lists/", body, content_type=content_type)
    assert wrong_type.status_code == 415
    # Without the CSRF token the session is refused, as before.
    bare = APIClient(enforce_csrf_checks=True)
    bare.login(username="chief", password=PASSWORD)
    no_token = bare.post("/api/v1/rating-lists/", body, content_type=content_type)
    assert no_token.status_code == 403 and "CSRF" in no_token.json()["detail"]
    assert not RatingList.objects.exists()
