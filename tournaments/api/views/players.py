"""Players: register, number, withdraw, expel; and each player's colours, floats and opponents."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import Player
from tournaments.permissions import Action
from tournaments.selectors import tournament_sheet
from tournaments.services import (
    TournamentError,
    add_player,
    assign_start_ranks,
    exchange_start_ranks,
    expel_player,
    request_absence,
    set_start_ranks,
    update_player,
    withdraw_player,
)

from ..base import TournamentApiView, validated
from ..errors import error_responses
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..reads import player_history
from ..serializers.players import (
    AbsenceInputSerializer,
    AbsenceSerializer,
    ExchangeSerializer,
    ExpelSerializer,
    PlayerCreateSerializer,
    PlayerHistorySerializer,
    PlayerSerializer,
    PlayerUpdateSerializer,
    StartRanksSerializer,
    WithdrawSerializer,
)


class PlayerListView(TournamentApiView):
    actions = {"GET": Action.VIEW, "POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_list",
        summary="The players, in starting-rank order",
        responses={200: PlayerSerializer(many=True), **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        players = self.tournament.players.order_by("start_rank", "name")
        return Response(PlayerSerializer(players, many=True).data)

    @extend_schema(
        operation_id="players_create",
        summary="Register a player (after round 1: a late entry)",
        description=(
            "After round 1 the entrant takes the starting rank his rating earns; if that "
            "moves players already numbered, the request is refused with 409 "
            "needs_confirmation naming each of them with his old and new number (nothing "
            "is entered) until sent again with confirm."
        ),
        request=PlayerCreateSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={201: PlayerSerializer, **error_responses(400, 401, 403, 404, 409, 422, 429)},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(PlayerCreateSerializer, request)
        player = add_player(self.tournament, user=self.acting_user(), **data)
        return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


class PlayerMixin(TournamentApiView):
    def player(self, player_id: int) -> Player:
        return get_object_or_404(Player, tournament=self.tournament, pk=player_id)


class PlayerView(PlayerMixin):
    actions = {"GET": Action.VIEW, "PATCH": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_retrieve",
        summary="One player",
        responses={200: PlayerSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        return Response(PlayerSerializer(self.player(player_id)).data)

    @extend_schema(
        operation_id="players_update",
        summary="Correct a player's entry (name, ratings, FIDE id, …)",
        request=PlayerUpdateSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: PlayerSerializer, **error_responses(400, 401, 403, 404, 422, 429)},
    )
    @idempotent
    def patch(self, request: Request, slug: str, player_id: int) -> Response:
        serializer = PlayerUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        player = update_player(
            self.player(player_id), user=self.acting_user(), **serializer.validated_data
        )
        return Response(PlayerSerializer(player).data)


class AbsenceView(PlayerMixin):
    actions = {"GET": Action.FOLLOW, "POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_absences",
        summary="The byes a player asked for (half-, zero- or full-point)",
        responses={200: AbsenceSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        absences = self.player(player_id).absences.order_by("round_number")
        return Response(AbsenceSerializer(absences, many=True).data)

    @extend_schema(
        operation_id="players_request_absence",
        summary="Record a bye asked for before the round is paired",
        request=AbsenceInputSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={201: AbsenceSerializer, **error_responses(400, 401, 403, 404, 409, 422, 429)},
    )
    @idempotent
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        data = validated(AbsenceInputSerializer, request)
        absence = request_absence(
            self.player(player_id),
            data["round_number"],
            data["kind"],
            user=self.acting_user(),
            reason=data.get("reason", ""),
            confirm=data["confirm"],
        )
        return Response(AbsenceSerializer(absence).data, status=status.HTTP_201_CREATED)


class StartRanksView(TournamentApiView):
    actions = {"POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_number",
        summary="Number the players (by rating, or in the order given)",
        description=(
            "Regenerating numbers that move two or more players asks L3 (L4 once a round is "
            "paired): 409 needs_confirmation names the confirm answer (FIDE checklist B12)."
        ),
        request=StartRanksSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={
            200: PlayerSerializer(many=True),
            **error_responses(400, 401, 403, 404, 409, 422),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(StartRanksSerializer, request)
        order = data.get("order")
        if order is None:
            players = assign_start_ranks(
                self.tournament, user=self.acting_user(), confirm=data["confirm"]
            )
        else:
            known = {p.pk: p for p in self.tournament.players.all()}
            players = set_start_ranks(
                self.tournament,
                [known.get(pk) or Player(pk=pk) for pk in order],
                user=self.acting_user(),
            )
        return Response(PlayerSerializer(players, many=True).data)


class ExchangeView(TournamentApiView):
    actions = {"POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_exchange",
        summary="Two players exchange starting ranks (L3; equal ratings in FIDE mode)",
        request=ExchangeSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={
            200: PlayerSerializer(many=True),
            **error_responses(400, 401, 403, 404, 409, 422),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(ExchangeSerializer, request)
        players = {
            p.start_rank: p
            for p in self.tournament.players.filter(start_rank__in=[data["first"], data["second"]])
        }
        if len(players) != 2:
            raise TournamentError(_("Name two starting ranks of the tournament."))
        pair = exchange_start_ranks(
            players[data["first"]],
            players[data["second"]],
            user=self.acting_user(),
            reason=data.get("reason", ""),
            confirm=data["confirm"],
        )
        return Response(PlayerSerializer(pair, many=True).data)


class WithdrawView(PlayerMixin):
    actions = {"POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_withdraw",
        summary="Withdraw a player after a round",
        request=WithdrawSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: PlayerSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    @idempotent
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        data = validated(WithdrawSerializer, request)
        player = withdraw_player(self.player(player_id), user=self.acting_user(), **data)
        return Response(PlayerSerializer(player).data)


class ExpelView(PlayerMixin):
    actions = {"POST": Action.MANAGE_PLAYERS}

    @extend_schema(
        operation_id="players_expel",
        summary="Expel a player after a round (the arbiter's decision; a reason is required)",
        description=(
            "He is never paired again and, in a Swiss, is listed in the standings without a "
            'place ("excluded": "expelled"); his games stand for his opponents. Logged with '
            "the reason."
        ),
        request=ExpelSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: PlayerSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    @idempotent
    def post(self, request: Request, slug: str, player_id: int) -> Response:
        data = validated(ExpelSerializer, request)
        player = expel_player(self.player(player_id), user=self.acting_user(), **data)
        return Response(PlayerSerializer(player).data)


class PlayerHistoryView(PlayerMixin):
    actions = {"GET": Action.VIEW}

    @extend_schema(
        operation_id="players_history",
        summary="Colour history, float history and opponents, round by round",
        responses={200: PlayerHistorySerializer, **error_responses(401, 404, 422)},
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        player = self.player(player_id)
        sheet = tournament_sheet(self.tournament)
        numbered = {p.start_rank: p for p in sheet.players}
        if player.start_rank not in numbered:
            raise TournamentError(
                _("%(name)s has no starting rank yet; number the players first.")
                % {"name": player.name}
            )
        return Response(player_history(sheet, numbered[player.start_rank]))
