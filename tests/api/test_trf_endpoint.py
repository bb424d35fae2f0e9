"""The TRF a pairing program reads through the API: served for the media types such programs
ask for, with a draft round's games in it, and an imported file's XXC as the file said."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from examples import pairing_client
from tests.tournaments.test_trf_lossless import player_line
from tournaments.models import Tournament
from tournaments.services.trf_exchange import import_trf

# Four players, round 1 played, the top seed black in round 1 (XXC black1), 3 rounds.
BLACK_FIRST = "\n".join(
    [
        "012 Black first",
        "XXR 3",
        "XXC black1",
        player_line(1, "One", rating="2000", points="1.0", cells="     3 b 1"),
        player_line(2, "Two", rating="1900", points="0.0", cells="     4 w 0"),
        player_line(3, "Three", rating="1800", points="0.0", cells="     1 w 0"),
        player_line(4, "Four", rating="1700", points="1.0", cells="     2 b 1"),
    ]
)


@pytest.fixture
def imported(chief: Any) -> Tournament:
    return import_trf(BLACK_FIRST, user=chief, filename="black_first.trf")


@pytest.fixture
def as_pairing(
    client_: APIClient, imported: Tournament, token_for: Callable[..., str]
) -> APIClient:
    client_.credentials(HTTP_AUTHORIZATION=f"Token {token_for('pairing', imported)}")
    return client_


def trf_url(tournament: Tournament) -> str:
    return f"/api/v1/tournaments/{tournament.slug}/trf/"


@pytest.mark.parametrize(
    ("accept", "content_type"),
    [
        (None, "text/plain"),
        ("text/plain", "text/plain"),
        ("application/octet-stream", "application/octet-stream"),
        ("*/*", "text/plain"),
    ],
)
def test_the_trf_is_served_for_what_pairing_programs_accept(
    as_pairing: APIClient, imported: Tournament, accept: str | None, content_type: str
) -> None:
    headers = {"HTTP_ACCEPT": accept} if accept else {}
    response = as_pairing.get(trf_url(imported), **headers)
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith(content_type)
    assert response.content.decode().startswith("012 Black first")


def test_the_imported_round_1_colour_survives(as_pairing: APIClient, imported: Tournament) -> None:
    text = as_pairing.get(trf_url(imported), HTTP_ACCEPT="text/plain").content.decode()
    assert [line for line in text.splitlines() if line.startswith("XXC")] == ["XXC black1"]


def test_a_draft_round_is_written_with_its_games(
    as_pairing: APIClient, imported: Tournament
) -> None:
    url = f"/api/v1/tournaments/{imported.slug}/rounds/"
    posted = as_pairing.post(
        url,
        {"number": 2, "pairs": [{"white": 1, "black": 4}, {"white": 2, "black": 3}]},
        format="json",
    )
    assert posted.status_code == 201, posted.json()
    text = as_pairing.get(trf_url(imported)).content.decode()
    games = pairing_client.read_trf_games(text)
    assert games[2] == {1: (4, "w", ""), 4: (1, "b", ""), 2: (3, "w", ""), 3: (2, "b", "")}
    assert games[1][1] == (3, "b", "1")
    assert pairing_client.paired_rounds(text) == 2
