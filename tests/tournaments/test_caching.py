"""Public reads cached per tournament version: 304 for a client that has the reply, and a
result entered visible on the very next request."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import Pairing, Tournament
from tournaments.services import (
    create_tournament,
    generate_round_robin_round,
    publish_round,
    record_result,
)
from tournaments.versions import bump_version

# Real commits: the version is bumped when a write commits (tournaments.versions).
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def chief() -> Any:
    return UserFactory(username="chief")


@pytest.fixture
def event(chief: Any) -> Tournament:
    tournament = create_tournament(
        name="Cached round robin",
        system="round_robin",
        number_of_rounds=3,
        user=chief,
        tiebreaks=["SB"],
    )
    for rank, name in enumerate(["Alyx", "Bruno", "Charline", "David"], start=1):
        tournament.players.create(name=name, start_rank=rank, rating_standard=2300 - rank)
    publish_round(generate_round_robin_round(tournament, user=chief), user=chief)
    tournament.refresh_from_db()
    return tournament


def _enter(event: Tournament, chief: Any, board: int, result: str) -> None:
    pairing = Pairing.objects.get(round__tournament=event, round__number=1, board=board)
    record_result(pairing, result, source="hand", user=chief)


def _leader_points(data: dict[str, Any]) -> str:
    return str(data["rows"][0]["points"])


def _read_then_304(client: Any, url: str) -> Any:
    """A public read, then the same read with its ETag: ``304`` with the same headers."""
    first = client.get(url)
    assert first.status_code == 200
    assert set(first["Cache-Control"].replace(" ", "").split(",")) == {"public", "no-cache"}
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    # A 304 carries what the full reply would (RFC 9110 15.4.5): a proxy keeps its rules.
    assert (again["ETag"], again["Cache-Control"]) == (first["ETag"], first["Cache-Control"])
    return first


def test_api_standings_answer_304_until_a_result_is_entered(event: Tournament, chief: Any) -> None:
    client = APIClient()
    url = f"/api/v1/tournaments/{event.slug}/standings/"
    first = _read_then_304(client, url)
    assert _leader_points(first.json()) == "0"
    _enter(event, chief, 1, "1-0")
    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    assert _leader_points(fresh.json()) == "1"
    assert fresh["ETag"] != first["ETag"]


@pytest.mark.parametrize("path", ["rounds/1/", "rounds/1/pairings/"])
def test_api_round_reads_answer_304_until_a_result_is_entered(
    event: Tournament, chief: Any, path: str
) -> None:
    client = APIClient()
    url = f"/api/v1/tournaments/{event.slug}/{path}"
    first = _read_then_304(client, url)
    _enter(event, chief, 1, "1-0")
    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    boards = fresh.json() if path.endswith("pairings/") else fresh.json()["pairings"]
    assert [board["result"] for board in boards] == ["1-0", "*"]
    # The ETag is still the round's own, the one a write's If-Match takes.
    assert fresh["ETag"] != first["ETag"]
    batch = APIClient()
    batch.force_authenticate(chief)
    stale = batch.post(
        f"/api/v1/tournaments/{event.slug}/rounds/1/results/",
        {"results": [{"board": 2, "result": "0-1"}]},
        format="json",
        HTTP_IF_MATCH=first["ETag"],
    )
    assert stale.status_code == 412
    current = batch.post(
        f"/api/v1/tournaments/{event.slug}/rounds/1/results/",
        {"results": [{"board": 2, "result": "0-1"}]},
        format="json",
        HTTP_IF_MATCH=fresh["ETag"],
    )
    assert current.status_code == 200, current.json()


def test_api_standings_kept_as_json_and_in_the_browsable_api(event: Tournament) -> None:
    client = APIClient()
    url = f"/api/v1/tournaments/{event.slug}/standings/"
    first, kept = client.get(url), client.get(url)
    assert first["Content-Type"] == kept["Content-Type"] == "application/json"
    assert kept.content == first.content
    assert [row["name"] for row in kept.json()["rows"]] == ["Alyx", "Bruno", "Charline", "David"]
    browsable = client.get(url, HTTP_ACCEPT="text/html")
    assert browsable.status_code == 200
    assert browsable["Content-Type"].startswith("text/html")
    assert "Charline" in browsable.content.decode()


def test_the_standings_page_shows_a_result_on_the_next_request(
    event: Tournament, chief: Any
) -> None:
    client = Client()
    url = reverse("tournaments:standings", args=[event.pk])
    client.get(url)  # the first visit sets the CSRF cookie the page's forms carry
    first = client.get(url)
    assert first.status_code == 200
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert (again["ETag"], again["Cache-Control"]) == (first["ETag"], first["Cache-Control"])
    _enter(event, chief, 2, "0-1")
    fresh = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    # Charline (3) beat Bruno (2) with Black: she leads alone with 1 point.
    rows = fresh.content.decode().split("<tbody>")[1]
    assert rows.index("Charline") < rows.index("Alyx")
    pairings = client.get(reverse("tournaments:pairings", args=[event.pk, 1]))
    assert "0-1" in pairings.content.decode()


def test_a_logged_in_arbiter_gets_a_private_reply(event: Tournament, chief: Any) -> None:
    client = Client()
    client.force_login(chief)
    reply = client.get(reverse("tournaments:crosstable", args=[event.pk]))
    assert reply.status_code == 200
    assert "private" in reply["Cache-Control"]


def test_a_batch_bumps_the_version_once_when_it_commits(event: Tournament) -> None:
    before = event.version
    with transaction.atomic():
        bump_version(event.pk)
        bump_version(event.pk)
        event.refresh_from_db()
        assert event.version == before  # nothing bumped before the commit
    event.refresh_from_db()
    assert event.version == before + 1
    with transaction.atomic():
        bump_version(event.pk)
        transaction.set_rollback(True)
    event.refresh_from_db()
    assert event.version == before + 1  # a write rolled back changed nothing


def test_saving_a_tournament_read_earlier_keeps_the_newer_version(event: Tournament) -> None:
    stale = Tournament.objects.get(pk=event.pk)
    Tournament.objects.filter(pk=event.pk).update(version=stale.version + 5)
    stale.place = "Reykjavík"
    stale.save()
    event.refresh_from_db()
    assert event.place == "Reykjavík"
    assert event.version >= stale.version + 5
