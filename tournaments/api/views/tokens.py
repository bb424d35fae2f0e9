"""API tokens through the API: for the chief arbiter's account only (a token cannot make
tokens). The web page in :mod:`tournaments.api.pages` does the same for the browser."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import ApiToken
from tournaments.permissions import Action

from ..base import TournamentApiView, validated
from ..errors import error_responses
from ..serializers.tokens import (
    ApiTokenCreatedSerializer,
    ApiTokenCreateSerializer,
    ApiTokenSerializer,
)
from ..tokens import create_api_token, revoke_api_token


class ApiTokenListView(TournamentApiView):
    actions = {"GET": Action.MANAGE_ROLES, "POST": Action.MANAGE_ROLES}

    @extend_schema(
        operation_id="tokens_list",
        summary="The tournament's API tokens (without their keys)",
        responses={200: ApiTokenSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        tokens = self.tournament.api_tokens.order_by("-created_at")
        return Response(ApiTokenSerializer(tokens, many=True).data)

    @extend_schema(
        operation_id="tokens_create",
        summary="Create a token; its key is in this reply only",
        request=ApiTokenCreateSerializer,
        responses={201: ApiTokenCreatedSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    def post(self, request: Request, slug: str) -> Response:
        # Deliberately not @idempotent: a stored reply would keep the key in clear text.
        data = validated(ApiTokenCreateSerializer, request)
        token, key = create_api_token(self.tournament, user=self.acting_user(), **data)
        created = {**ApiTokenSerializer(token).data, "key": key}
        return Response(created, status=status.HTTP_201_CREATED)


class ApiTokenDetailView(TournamentApiView):
    actions = {"DELETE": Action.MANAGE_ROLES}

    @extend_schema(
        operation_id="tokens_revoke",
        summary="Revoke a token",
        responses={204: None, **error_responses(401, 403, 404, 422)},
    )
    def delete(self, request: Request, slug: str, token_id: int) -> Response:
        token = get_object_or_404(ApiToken, tournament=self.tournament, pk=token_id)
        revoke_api_token(token, user=self.acting_user())
        return Response(status=status.HTTP_204_NO_CONTENT)
