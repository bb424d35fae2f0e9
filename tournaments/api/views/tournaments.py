"""Tournaments: the list anyone may read, and creating one (a user account, not a token)."""

from __future__ import annotations

from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import ApiToken, Tournament
from tournaments.permissions import Action, tournaments_where
from tournaments.services import create_tournament

from ..base import ApiView, TournamentApiView, validated
from ..errors import error_responses
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..permissions import CREATE_TOURNAMENT, LIST_TOURNAMENTS
from ..serializers.tournaments import TournamentCreateSerializer, TournamentSerializer


class TournamentListView(ApiView):
    actions = {"GET": LIST_TOURNAMENTS, "POST": CREATE_TOURNAMENT}

    @extend_schema(
        operation_id="tournaments_list",
        summary="Tournaments the client may read",
        responses={200: TournamentSerializer(many=True), **error_responses(401, 429)},
    )
    def get(self, request: Request) -> Response:
        if isinstance(request.auth, ApiToken):
            # A token reads its own tournament and the public ones, whatever its creator may.
            visible = Tournament.objects.filter(Q(pk=request.auth.tournament_id) | Q(public=True))
        else:
            visible = tournaments_where(request.user, Action.VIEW)
        return Response(TournamentSerializer(visible.order_by("pk"), many=True).data)

    @extend_schema(
        operation_id="tournaments_create",
        summary="Create a tournament; its creator becomes its chief arbiter",
        request=TournamentCreateSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={201: TournamentSerializer, **error_responses(400, 401, 403, 422, 429)},
    )
    @idempotent
    def post(self, request: Request) -> Response:
        data = validated(TournamentCreateSerializer, request)
        tournament = create_tournament(user=request.user, **data)
        return Response(TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetailView(TournamentApiView):
    actions = {"GET": Action.VIEW}

    @extend_schema(
        operation_id="tournaments_retrieve",
        summary="One tournament's configuration",
        responses={200: TournamentSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(TournamentSerializer(self.tournament).data)
