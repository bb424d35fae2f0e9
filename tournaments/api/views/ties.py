"""Ties left after the tie-breaks: the arbiter's order and the drawing of lots."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.permissions import Action
from tournaments.services.ties import (
    draw_lots,
    external_values,
    set_external_values,
    set_tie_order,
    tied_groups,
)

from ..base import TournamentApiView, validated
from ..errors import error_responses


class ExternalValueSerializer(serializers.Serializer[Any]):
    start_rank = serializers.IntegerField(min_value=1, max_value=99999)
    value = serializers.DecimalField(
        max_digits=7,
        decimal_places=2,
        allow_null=True,
        help_text="The player's external tie-break value (EXT); null clears it.",
    )


class TiesSerializer(serializers.Serializer[Any]):
    order = serializers.ListField(child=serializers.IntegerField(), read_only=True)
    lots_seed = serializers.CharField(read_only=True, help_text="Empty until lots are drawn.")
    tied = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        read_only=True,
        help_text="Starting ranks of the players still sharing a place.",
    )
    external = ExternalValueSerializer(
        many=True, read_only=True, help_text="External tie-break values (EXT) set."
    )


class TiesInputSerializer(serializers.Serializer[Any]):
    order = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        help_text="Starting ranks, the first ranked first among those level with him.",
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)
    draw_lots = serializers.BooleanField(required=False, default=False)
    external = ExternalValueSerializer(
        many=True,
        required=False,
        help_text="External tie-break values (EXT) to set, with a reason; null clears one.",
    )


class TiesView(TournamentApiView):
    actions = {"GET": Action.FOLLOW, "POST": Action.CONFIGURE}

    def _body(self) -> dict[str, Any]:
        tournament = self.tournament
        tournament.refresh_from_db()
        return {
            "order": tournament.tie_order,
            "lots_seed": tournament.lots_seed,
            "tied": tied_groups(tournament),
            "external": [
                {"start_rank": rank, "value": value}
                for rank, value in external_values(tournament).items()
            ],
        }

    @extend_schema(
        operation_id="ties_retrieve",
        summary="Players still level after every tie-break, the order and the lots",
        responses={200: TiesSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(TiesSerializer(self._body()).data)

    @extend_schema(
        operation_id="ties_update",
        summary="Rank tied players by hand, set external tie-break values, draw lots (once)",
        request=TiesInputSerializer,
        responses={200: TiesSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    def post(self, request: Request, slug: str) -> Response:
        data = validated(TiesInputSerializer, request)
        if "external" in data:
            values = {item["start_rank"]: item["value"] for item in data["external"]}
            if len(values) != len(data["external"]):
                raise serializers.ValidationError({"external": ["Name each player once."]})
            set_external_values(
                self.tournament, values, user=self.acting_user(), reason=data.get("reason", "")
            )
        if "order" in data:
            set_tie_order(
                self.tournament,
                data["order"],
                user=self.acting_user(),
                reason=data.get("reason", ""),
            )
        if data["draw_lots"]:
            draw_lots(self.tournament, user=self.acting_user())
        return Response(TiesSerializer(self._body()).data)
