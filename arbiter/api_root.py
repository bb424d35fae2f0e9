"""``GET /api/v1/``: where the API's resources are, for a client finding its way."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from tournaments.api.base import ApiView
from tournaments.api.errors import error_responses

# Per tournament (``{slug}``), below ``tournaments/{slug}/``.
TOURNAMENT_RESOURCES = {
    "players": "players/",
    "rounds": "rounds/",
    "pair next round": "rounds/next/",
    "pairings": "rounds/{number}/pairings/",
    "results": "rounds/{number}/results/",
    "standings": "standings/",
    "crosstable": "crosstable/",
    "teams": "teams/",
    "matches": "rounds/{number}/matches/",
    "team standings": "team-standings/",
    "games": "games/",
    "state": "state/",
    "trf": "trf/",
    "tokens": "tokens/",
}


def _link(help_text: str) -> serializers.URLField:
    return serializers.URLField(help_text=help_text)


# The reply's shape, named field by field in the OpenAPI schema (a bare object showed as
# "property1", "property2" there).
API_ROOT = inline_serializer(
    name="ApiRoot",
    fields={
        "tournaments": _link("The tournaments you may read; POST creates one."),
        "rating_lists": _link("The imported FIDE rating lists; POST imports one."),
        "trf_imports": _link("POST a TRF file to create a tournament from it."),
        "tournament": inline_serializer(
            name="ApiRootTournament",
            fields={
                name: serializers.CharField(help_text=f"…/tournaments/{{slug}}/{path}")
                for name, path in TOURNAMENT_RESOURCES.items()
            },
            help_text=(
                "One tournament's resources, as URL templates: the tournament's slug goes "
                "for {slug}, a round's number for {number}."
            ),
        ),
        "schema": _link("This API's OpenAPI 3 schema."),
        "documentation": _link("This API's documentation page."),
    },
)


class ApiRootView(ApiView):
    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    @extend_schema(
        responses={200: API_ROOT, **error_responses(429)}, summary="Where the resources are"
    )
    def get(self, request: Request) -> Response:
        tournaments = reverse("api:tournaments", request=request)
        return Response(
            {
                "tournaments": tournaments,
                "rating_lists": reverse("api:rating-lists", request=request),
                "trf_imports": reverse("api:trf-imports", request=request),
                "tournament": {
                    name: f"{tournaments}{{slug}}/{path}"
                    for name, path in TOURNAMENT_RESOURCES.items()
                },
                "schema": reverse("api-schema", request=request),
                "documentation": reverse("api-docs", request=request),
            }
        )
