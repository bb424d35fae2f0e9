"""The tournament state for pairing software: as one JSON document, and as TRF16."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import Absence, Round
from tournaments.permissions import Action
from tournaments.services.rounds import next_round_problems
from tournaments.services.trf_exchange import export_trf

from ..base import TournamentApiView
from ..errors import error_responses
from ..serializers.exchange import TournamentStateSerializer
from ..trf import TrfDownloadRenderer, TrfRenderer, with_initial_colour


class TournamentStateView(TournamentApiView):
    actions = {"GET": Action.FOLLOW}

    @extend_schema(
        operation_id="tournaments_state",
        summary="Everything a pairing program needs, in one document",
        responses={200: TournamentStateSerializer, **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        tournament = self.tournament
        number, problems = next_round_problems(tournament)
        state = {
            "tournament": tournament,
            "players": tournament.players.order_by("start_rank", "name"),
            "rounds": Round.objects.filter(tournament=tournament)
            .prefetch_related("pairings__white", "pairings__black", "pairings__rating_correction")
            .order_by("number"),
            "absences": Absence.objects.filter(player__tournament=tournament).select_related(
                "player"
            ),
            "next_round": {"number": number, "problems": problems},
        }
        return Response(TournamentStateSerializer(state).data)


class TrfVersionSerializer(serializers.Serializer[int]):
    version = serializers.ChoiceField(choices=[16, 2026], required=False, default=16)


class TournamentTrfView(TournamentApiView):
    actions = {"GET": Action.FOLLOW}
    # text/plain first: a client that sends no Accept header gets the file.
    renderer_classes = [TrfRenderer, TrfDownloadRenderer, JSONRenderer]

    @extend_schema(
        operation_id="tournaments_trf",
        summary="The tournament as a TRF16 file (XXR, XXC) for a pairing engine",
        description=(
            "Served for Accept: text/plain, application/octet-stream or no Accept header "
            "(an Accept header none of whose types can be served is answered 406). "
            "A round still in draft is written with its games (result blank). An imported "
            "tournament is written as its file said, except what changed since."
        ),
        parameters=[
            OpenApiParameter(
                "version",
                int,
                OpenApiParameter.QUERY,
                enum=[16, 2026],
                description=(
                    "16 (default) or 2026. Both carry the log as ### comments and the "
                    "standings rank in the rank column; only 2026 has the tie-breaks, scoring "
                    "and pairing controller records (202/212, 162/299, 182)."
                ),
            )
        ],
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR),
            (200, "application/octet-stream"): OpenApiResponse(OpenApiTypes.BINARY),
            **error_responses(400, 401, 403, 404, 406, 422),
        },
    )
    def get(self, request: Request, slug: str) -> HttpResponse:
        query = TrfVersionSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        text = with_initial_colour(
            export_trf(self.tournament, version=query.validated_data["version"])
        )
        media_type = request.accepted_renderer.media_type
        if media_type == TrfDownloadRenderer.media_type:
            response = HttpResponse(text.encode(), content_type=media_type)
        else:
            response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{self.tournament.slug}.trf"'
        return response
