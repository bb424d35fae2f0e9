"""The rating list API: import the downloaded file, compare, accept a chosen subset."""

from __future__ import annotations

from pathlib import Path

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import Player, RatingList, Tournament

from .conftest import PASSWORD

DATA = Path(__file__).resolve().parents[1] / "data" / "ratinglist"

pytestmark = pytest.mark.django_db


def _upload(client: APIClient, name: str, **extra: str) -> object:
    with (DATA / name).open("rb") as stream:
        return client.post("/api/v1/rating-lists/", {"file": stream, **extra}, format="multipart")


def test_chief_arbiter_imports_compares_and_accepts(
    client_: APIClient, chief: object, tournament: Tournament
) -> None:
    client_.login(username="chief", password=PASSWORD)
    ding = Player.objects.create(
        tournament=tournament, name="Ding, Liren", fide_id="8603677", rating_standard=2700
    )
    reply = _upload(client_, "standard_sep26frl.txt")
    assert reply.status_code == 201, reply.content
    assert (reply.json()["kind"], reply.json()["list_date"], reply.json()["player_count"]) == (
        "standard",
        "2026-09-01",
        6,
    )
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
    reply = _upload(client_, "players_list_foa.txt")
    assert reply.status_code == 422
    assert "give the list date" in reply.json()["detail"]
    assert not RatingList.objects.exists()
    assert _upload(client_, "players_list_foa.txt", list_date="2026-09-15").status_code == 201


def test_only_arbiters_import(client_: APIClient, tournament: Tournament) -> None:
    assert _upload(client_, "standard_sep26frl.txt").status_code in (401, 403)
    UserFactory(username="someone")
    client_.login(username="someone", password=PASSWORD)
    assert _upload(client_, "standard_sep26frl.txt").status_code == 403
