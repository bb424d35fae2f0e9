"""A game's incidents and the rulings on them: the arbiters' business (and tokens')."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from games import services
from games.selectors import incidents_of
from tournaments.api.errors import error_body, error_item, error_responses
from tournaments.permissions import Action

from ..serializers.incidents import IncidentInputSerializer, IncidentSerializer
from .games import GamesMixin


class IncidentListView(GamesMixin):
    actions = {"GET": Action.FOLLOW, "POST": Action.RECORD_INCIDENTS}

    @extend_schema(
        operation_id="incidents_list",
        summary="A game's incidents, each with the ruling given and the article applied",
        responses={200: IncidentSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str, game_id: int) -> Response:
        return Response(IncidentSerializer(incidents_of(self.game(game_id)), many=True).data)

    @extend_schema(
        operation_id="incidents_create",
        summary="Rule on an incident (the incident file format: kind and its fields)",
        request=IncidentInputSerializer,
        responses={201: IncidentSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    def post(self, request: Request, slug: str, game_id: int) -> Response:
        """The ruling is kept, not yet applied: the arbiter applies it on the game's page."""
        serializer = IncidentInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        facts = {key: value for key, value in request.data.items()}
        kind = facts.pop("kind")
        try:
            incident = services.rule_on_incident(
                self.game(game_id), kind, facts, user=self.acting_user()
            )
        except services.GameError as error:
            body = error_body([error_item("refused", problem) for problem in error.problems])
            return Response(body, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
        return Response(IncidentSerializer(incident).data, status=status.HTTP_201_CREATED)
