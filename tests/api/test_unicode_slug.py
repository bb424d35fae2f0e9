"""A tournament named in Chinese keeps its name's letters in its slug, and the API reaches it
like any other (Django's slug converter takes ASCII only: such a tournament was a 404)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, UserFactory
from tournaments.services.configuration import create_tournament

pytestmark = pytest.mark.django_db


def test_a_tournament_named_in_chinese_is_reached_through_the_api():
    chief = UserFactory(is_staff=True)
    tournament = create_tournament(
        name="全国象棋锦标赛", system="swiss", number_of_rounds=5, user=chief
    )
    PlayerFactory.create_batch(4, tournament=tournament)
    assert tournament.slug == "全国象棋锦标赛"
    api = APIClient()
    api.force_authenticate(chief)
    base = reverse("api:tournament", args=[tournament.slug])
    assert (
        base
        == "/api/v1/tournaments/%E5%85%A8%E5%9B%BD%E8%B1%A1%E6%A3%8B%E9%94%A6%E6%A0%87%E8%B5%9B/"
    )
    assert api.get(base).json()["name"] == "全国象棋锦标赛"
    for tail in ("players/", "standings/", "trf/", "games/"):
        assert api.get(base + tail).status_code == 200, tail
    assert api.get("/api/v1/tournaments/全国象棋锦标赛/").status_code == 200


@pytest.mark.parametrize(
    "name",
    [
        "全国象棋锦标赛",
        "ÿþã",  # a name in bytes that are no UTF-8, read as Windows-1252 (a TRF import)
        "Café Open",
        "Ὀλυμπιάς 2026",
        "١٢٣ بطولة",
        "♔♕♖",  # no letter at all
        "Open_2026 -- B",
    ],
)
def test_every_slug_a_name_makes_is_reached_through_the_api(name):
    chief = UserFactory(is_staff=True)
    tournament = create_tournament(name=name, system="swiss", number_of_rounds=5, user=chief)
    api = APIClient()
    api.force_authenticate(chief)
    assert api.get(reverse("api:tournament", args=[tournament.slug])).json()["name"] == name


def test_the_schema_describes_the_slug_without_a_pattern_that_reads_ascii_only():
    """JSON Schema readers take ``\\w`` as ASCII: a published ``[-\\w]+`` told clients that
    the slugs of names in Chinese, Greek or Arabic were invalid."""
    api = APIClient()
    schema = api.get("/api/schema/", {"format": "json"}).json()
    slugs = [
        parameter["schema"]
        for operations in schema["paths"].values()
        for operation in operations.values()
        for parameter in operation.get("parameters", [])
        if parameter["name"] == "slug"
    ]
    assert slugs and all("pattern" not in slug for slug in slugs)
    assert all("any script" in slug["description"] for slug in slugs)
