"""The tournament's version endpoint, which the live round page polls: 304 while nothing
changed, Cache-Control a proxy honours, and a result entered seen on the very next poll."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import Tournament
from tournaments.services import create_tournament, generate_round_robin_round, publish_round

# Real commits: the version is bumped when a write commits (tournaments.versions).
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def chief() -> Any:
    return UserFactory(username="chief")


def live_event(chief: Any, *, public: bool = True) -> Tournament:
    """A four-player round robin (public unless told) with its first round published: the
    event of every test of the live view."""
    tournament = create_tournament(
        name="Live round robin", system="round_robin", number_of_rounds=3, user=chief
    )
    for rank, name in enumerate(["Alyx", "Bruno", "Charline", "David"], start=1):
        tournament.players.create(name=name, start_rank=rank, rating_standard=2300 - rank)
    publish_round(generate_round_robin_round(tournament, user=chief), user=chief)
    Tournament.objects.filter(pk=tournament.pk).update(public=public)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def event(chief: Any) -> Tournament:
    return live_event(chief)


def _url(event: Tournament) -> str:
    return reverse("tournaments:version", args=[event.pk])


def _cache_control(reply: Any) -> set[str]:
    return set(reply["Cache-Control"].replace(" ", "").split(","))


def _put_result(event: Tournament, chief: Any, board: int, result: str) -> None:
    """A result entered as pairing software enters it: the API's PUT with a token."""
    key = create_api_token(event, name="board feed", scope="results", user=chief)[1]
    reply = APIClient().put(
        f"/api/v1/tournaments/{event.slug}/rounds/1/pairings/{board}/",
        {"result": result},
        format="json",
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert reply.status_code == 200, reply.content


def test_the_version_is_answered_with_an_etag_and_then_304(event: Tournament) -> None:
    client = Client()
    first = client.get(_url(event))
    assert first.status_code == 200
    assert first["Content-Type"] == "application/json"
    assert json.loads(first.content) == {"version": event.version}
    assert first["ETag"] == f'"t{event.pk}-v{event.version}"'
    assert _cache_control(first) == {"public", "no-cache"}

    again = client.get(_url(event), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    # The 304 carries what the 200 would, so a proxy refreshes what it keeps.
    assert again["ETag"] == first["ETag"]
    assert _cache_control(again) == {"public", "no-cache"}


def test_a_result_entered_through_the_api_is_seen_on_the_next_poll(
    event: Tournament, chief: Any
) -> None:
    client = Client()
    first = client.get(_url(event))
    _put_result(event, chief, 1, "1-0")
    fresh = client.get(_url(event), HTTP_IF_NONE_MATCH=first["ETag"])
    assert fresh.status_code == 200
    assert json.loads(fresh.content)["version"] > json.loads(first.content)["version"]
    assert fresh["ETag"] != first["ETag"]
    # And the page the poll then fetches shows the result.
    page = client.get(reverse("tournaments:pairings", args=[event.pk, 1]))
    assert "1-0" in page.content.decode().split("<tbody>")[1]
    # Nothing changed since: 304 again.
    assert client.get(_url(event), HTTP_IF_NONE_MATCH=fresh["ETag"]).status_code == 304


def test_the_version_is_only_read(event: Tournament) -> None:
    assert Client().post(_url(event)).status_code == 405
    assert Client().head(_url(event)).status_code == 200


def test_an_arbiter_gets_a_private_reply(event: Tournament, chief: Any) -> None:
    client = Client()
    client.force_login(chief)
    reply = client.get(_url(event))
    assert reply.status_code == 200
    assert _cache_control(reply) == {"private", "no-cache"}


def test_a_private_tournament_s_version_is_not_shown_to_strangers(chief: Any) -> None:
    event = live_event(chief, public=False)
    anonymous = Client().get(_url(event))
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith(reverse("login"))
    stranger = Client()
    stranger.force_login(UserFactory(username="stranger"))
    assert stranger.get(_url(event)).status_code == 404
    arbiter = Client()
    arbiter.force_login(chief)
    assert arbiter.get(_url(event)).status_code == 200


def test_an_unknown_tournament_is_404_for_a_logged_in_user(chief: Any) -> None:
    client = Client()
    client.force_login(chief)
    assert client.get(reverse("tournaments:version", args=[999_999])).status_code == 404


def test_the_round_page_offers_the_live_switch_hidden_until_the_script_runs(
    event: Tournament,
) -> None:
    page = Client().get(reverse("tournaments:pairings", args=[event.pk, 1])).content.decode()
    switch = page.split('id="live"')[1].split(">")[0]
    assert "hidden" in switch
    assert f'data-version-url="{_url(event)}"' in switch
    assert f'data-version="{event.version}"' in switch
    assert 'id="live-region"' in page
    assert "js/live-round.js" in page


def test_the_round_page_names_the_event_stream_only_where_the_server_offers_it(
    event: Tournament, settings: Any
) -> None:
    url = reverse("tournaments:pairings", args=[event.pk, 1])
    stream = reverse("tournaments:version_events", args=[event.pk])
    assert stream == f"/live/tournaments/{event.pk}/"
    assert "data-events-url" not in Client().get(url).content.decode()
    settings.LIVE_EVENTS = True
    switch = Client().get(url).content.decode().split('id="live"')[1].split(">")[0]
    assert f'data-events-url="{stream}"' in switch
