"""A player's ratings from a round on, in an event over 30 days (FIDE checklist C23)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.serializers.model import ModelSerializer
from tournaments.models import Player, RoundRating
from tournaments.models.player import MAX_RATING
from tournaments.permissions import Action
from tournaments.services import remove_round_rating, set_round_rating
from tournaments.services.round_ratings import round_ratings

from ..base import TournamentApiView, validated
from ..errors import error_responses
from ..serializers.confirm import confirm_field


class RoundRatingSerializer(ModelSerializer[RoundRating]):
    class Meta:
        model = RoundRating
        fields = ["from_round", "rating", "source"]
        read_only_fields = fields


class RoundRatingInputSerializer(serializers.Serializer[Any]):
    from_round = serializers.IntegerField(
        min_value=2, max_value=99, help_text="The first round the rating is in force for."
    )
    rating = serializers.IntegerField(min_value=1, max_value=MAX_RATING)
    source = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default="", help_text="E.g. the list."
    )
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")
    confirm = confirm_field()


CONFIRM = OpenApiParameter(
    "confirm",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    description="The answer a 409 needs_confirmation reply named (a round already paired).",
)


class _PlayerView(TournamentApiView):
    def player(self, player_id: int) -> Player:
        return get_object_or_404(Player, tournament=self.tournament, pk=player_id)


class RoundRatingsView(_PlayerView):
    actions = {"GET": Action.VIEW, "POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_round_ratings",
        summary="The player's ratings from a round on (events over 30 days)",
        responses={200: RoundRatingSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        ratings = round_ratings(self.player(player_id))
        return Response(RoundRatingSerializer(ratings, many=True).data)

    @extend_schema(
        operation_id="players_set_round_rating",
        summary="Give the player a rating from a round on (409: a round already paired)",
        request=RoundRatingInputSerializer,
        responses={
            201: RoundRatingSerializer(many=True),
            **error_responses(400, 401, 403, 404, 409, 422),
        },
    )
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        data = validated(RoundRatingInputSerializer, request)
        player = self.player(player_id)
        set_round_rating(
            player,
            data["from_round"],
            data["rating"],
            source=data["source"],
            user=self.acting_user(),
            reason=data["reason"],
            confirm=data["confirm"],
        )
        ratings = round_ratings(player)
        return Response(
            RoundRatingSerializer(ratings, many=True).data, status=status.HTTP_201_CREATED
        )


class RoundRatingView(_PlayerView):
    actions = {"DELETE": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_remove_round_rating",
        summary="Remove the rating set from a round on (409: a round already paired)",
        parameters=[CONFIRM],
        responses={204: None, **error_responses(401, 403, 404, 409, 422)},
    )
    def delete(self, request: Request, slug: str, player_id: int, from_round: int) -> Response:
        confirm = str(request.query_params.get("confirm", ""))[:500]
        remove_round_rating(
            self.player(player_id), from_round, user=self.acting_user(), confirm=confirm
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
