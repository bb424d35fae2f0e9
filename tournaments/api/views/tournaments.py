"""Tournaments: the list anyone may read, and creating one (a user account, not a token)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.permissions import Action
from tournaments.services import create_tournament, leave_fide_mode

from ..base import ApiView, TournamentApiView, validated
from ..errors import error_responses
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..permissions import CREATE_TOURNAMENT, LIST_TOURNAMENTS, readable_tournaments
from ..serializers.tournaments import (
    LeaveFideModeSerializer,
    TournamentCreateSerializer,
    TournamentSerializer,
)


class TournamentListView(ApiView):
    actions = {"GET": LIST_TOURNAMENTS, "POST": CREATE_TOURNAMENT}

    @extend_schema(
        operation_id="tournaments_list",
        summary="Tournaments the client may read",
        responses={200: TournamentSerializer(many=True), **error_responses(401, 429)},
    )
    def get(self, request: Request) -> Response:
        visible = readable_tournaments(request).order_by("pk")
        return Response(TournamentSerializer(visible, many=True).data)

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


class LeaveFideModeView(TournamentApiView):
    actions = {"POST": Action.CONFIGURE}

    @extend_schema(
        operation_id="tournaments_leave_fide_mode",
        summary="Leave FIDE mode for good (a reason and a two-step confirmation)",
        description=(
            "FIDE checklist A5, warning level 4. The first request is answered 409 "
            "needs_confirmation with the consequences and confirm=understood; sent again with "
            "it, a second 409 gives a token valid for a few minutes; sent with the token, the "
            "tournament leaves FIDE mode: no way back, a ### line with the round in the TRF "
            "report, every page and report marked. A user account only (no token scope)."
        ),
        request=LeaveFideModeSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: TournamentSerializer, **error_responses(400, 401, 403, 404, 409, 422)},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(LeaveFideModeSerializer, request)
        tournament = leave_fide_mode(
            self.tournament, user=self.acting_user(), reason=data["reason"], confirm=data["confirm"]
        )
        return Response(TournamentSerializer(tournament).data)
