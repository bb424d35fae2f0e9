"""Manual pairing sessions on a draft round (FIDE checklist D29) and forbidden pairs (D30)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import Player, Round
from tournaments.permissions import Action
from tournaments.services import (
    allow_pair,
    end_manual_pairing,
    exchange_players,
    forbid_pair,
    set_colours,
    start_manual_pairing,
    swap_colours,
)
from tournaments.services.forbidden_pairs import forbidden_opponents
from tournaments.services.manual_pairing import comparison

from ..base import TournamentApiView, validated
from ..errors import error_responses
from ..serializers.manual import (
    ForbiddenPairInputSerializer,
    ManualSessionSerializer,
    ManualStepSerializer,
)
from ..serializers.rounds import PlayerRefSerializer
from .rounds import RoundsMixin


def _session(round_: Round) -> dict[str, Any]:
    open_ = round_.manual_session is not None
    return {
        "round": round_.number,
        "open": open_,
        "boards": [
            {"board": b.board, "current": b.current, "engine": b.engine, "same": b.same}
            for b in (comparison(round_) if open_ else [])
        ],
    }


class ManualPairingView(RoundsMixin):
    actions = {"GET": Action.FOLLOW, "POST": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="rounds_manual_pairing",
        summary="The manual pairing session of a draft round: each board beside the engine's",
        responses={200: ManualSessionSerializer, **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        return Response(_session(self.round(number)))

    @extend_schema(
        operation_id="rounds_manual_pairing_step",
        summary="Start a session, edit one board, or end it (409: confirm the rules broken)",
        request=ManualStepSerializer,
        responses={200: ManualSessionSerializer, **error_responses(400, 401, 403, 404, 409, 422)},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        data = validated(ManualStepSerializer, request)
        round_ = self.round(number)
        step = data["step"]
        if step == "start":
            round_ = start_manual_pairing(round_, user=self.acting_user())
        elif step == "swap":
            round_ = swap_colours(round_, data["board"])
        elif step == "set_colours":
            round_ = set_colours(round_, data["board"], data["white"])
        elif step == "exchange":
            round_ = exchange_players(round_, data["first"], data["second"])
        else:
            round_ = end_manual_pairing(round_, user=self.acting_user(), confirm=data["confirm"])
        round_.refresh_from_db()
        return Response(_session(round_))


class _PlayerView(TournamentApiView):
    def player(self, player_id: int) -> Player:
        return get_object_or_404(Player, tournament=self.tournament, pk=player_id)


class ForbiddenPairsView(_PlayerView):
    actions = {"GET": Action.FOLLOW, "POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_forbidden_pairs",
        summary="The players this player must not be paired with",
        responses={200: PlayerRefSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        opponents = forbidden_opponents(self.player(player_id))
        return Response(PlayerRefSerializer(opponents, many=True).data)

    @extend_schema(
        operation_id="players_forbid_pair",
        summary="Forbid a pairing (in FIDE mode before round 1 is paired only)",
        request=ForbiddenPairInputSerializer,
        responses={
            201: PlayerRefSerializer(many=True),
            **error_responses(400, 401, 403, 404, 422),
        },
    )
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        data = validated(ForbiddenPairInputSerializer, request)
        player = self.player(player_id)
        forbid_pair(
            player,
            self.player(data["opponent"]),
            user=self.acting_user(),
            reason=data.get("reason", ""),
            from_round=data.get("from_round", 1),
            to_round=data.get("to_round"),
        )
        opponents = forbidden_opponents(player)
        return Response(
            PlayerRefSerializer(opponents, many=True).data, status=status.HTTP_201_CREATED
        )


class ForbiddenPairView(_PlayerView):
    actions = {"DELETE": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_allow_pair",
        summary="Lift a forbidden pairing (in FIDE mode before round 1 is paired only)",
        responses={204: None, **error_responses(401, 403, 404, 422)},
    )
    def delete(self, request: Request, slug: str, player_id: int, opponent_id: int) -> Response:
        allow_pair(self.player(player_id), self.player(opponent_id), user=self.acting_user())
        return Response(status=status.HTTP_204_NO_CONTENT)
