"""A game's incidents and the rulings on them: the arbiters' business (and tokens')."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from games.selectors import incidents_of
from tournaments.api.errors import error_responses
from tournaments.permissions import Action

from ..serializers.incidents import IncidentSerializer
from .games import GamesMixin


class IncidentListView(GamesMixin):
    actions = {"GET": Action.FOLLOW}

    @extend_schema(
        operation_id="incidents_list",
        summary="A game's incidents, each with the ruling given and the article applied",
        responses={200: IncidentSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str, game_id: int) -> Response:
        return Response(IncidentSerializer(incidents_of(self.game(game_id)), many=True).data)
