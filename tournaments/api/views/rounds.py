"""Rounds: list, post a whole round's pairings, pair the next round, publish, withdraw a draft.

Draft rounds are seen by the arbiters and by tokens only. Every write that could act on a
stale view of the round honours ``If-Match`` with the ETag read from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpResponseBase
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from games.rules.chess960 import draw_position
from games.services import GameError, set_chess960_position
from tournaments.caching import cached, mark_cacheable, not_modified
from tournaments.models import Round, Tournament
from tournaments.permissions import Action
from tournaments.selectors import visible_rounds
from tournaments.services import (
    delete_draft_round,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    submit_pairings,
)
from tournaments.services.team_submission import submit_team_round

from ..base import TournamentApiView, validated
from ..errors import error_body, error_item, error_responses
from ..etags import check_if_match, round_etag, rounds_etag
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..permissions import may
from ..serializers.rounds import (
    Chess960PositionSerializer,
    PairingSerializer,
    PairRoundSerializer,
    RoundDetailSerializer,
    RoundSerializer,
    RoundSubmitSerializer,
)
from ..serializers.teams import TeamRoundSubmitSerializer

IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description="The ETag read; a write based on an older state is refused with 412.",
)
ETAG = OpenApiParameter(
    "ETag",
    str,
    OpenApiParameter.HEADER,
    response=True,
    description="The version of what was read, for If-Match on a later write.",
)


def _with_etag(response: Response, etag: str) -> Response:
    response["ETag"] = etag
    return response


class RoundsMixin(TournamentApiView):
    def visible_rounds(self) -> QuerySet[Round]:
        drafts = may(self.request, Action.FOLLOW, self.tournament)
        return visible_rounds(self.tournament, drafts=drafts)

    def round(self, number: int) -> Round:
        return get_object_or_404(self.visible_rounds(), number=number)

    def check_rounds_unchanged(self, request: Request) -> None:
        """A new round is paired only from the rounds list the caller read (If-Match).
        Call inside a transaction: the tournament is locked first (the lock order), so no
        other pairing changes the list between this check and the write; the body has
        been validated before (a malformed body is a 400 whatever the ETag)."""
        Tournament.objects.select_for_update(no_key=True).get(pk=self.tournament.pk)
        check_if_match(request, rounds_etag(list(self.visible_rounds())))

    def round_response(self, round_: Round, code: int = status.HTTP_200_OK) -> Response:
        response = Response(_round_data(round_), status=code)
        return _with_etag(response, round_etag(round_))

    def cached_round_read(
        self, round_: Round, name: str, compute: Callable[[Round], Any]
    ) -> HttpResponseBase:
        """A read of one round, computed once per tournament version, with ``304`` for a
        client that sends back its ETag: the round's own (the one ``If-Match`` takes on a
        write), kept with the reply, so an unchanged round costs no read of its boards."""
        etag = cached(self.tournament, ("api", "round etag", round_.pk), lambda: round_etag(round_))
        if reply := not_modified(self.request._request, self.tournament, etag):
            return reply
        reply = self.cached_reply(("api", name, round_.pk), lambda: compute(round_))
        return mark_cacheable(reply, self.request._request, self.tournament, etag)


def _round_data(round_: Round) -> Any:
    round_ = Round.objects.prefetch_related(
        "pairings__white", "pairings__black", "pairings__rating_correction"
    ).get(pk=round_.pk)
    return RoundDetailSerializer(round_).data


def _pairings_data(round_: Round) -> Any:
    pairings = round_.pairings.select_related("white", "black", "rating_correction")
    return PairingSerializer(pairings.order_by("board"), many=True).data


class RoundListView(RoundsMixin):
    actions = {"GET": Action.VIEW, "POST": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="rounds_list",
        summary="The rounds (drafts only for arbiters and tokens)",
        parameters=[ETAG],
        responses={200: RoundSerializer(many=True), **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str) -> Response:
        rounds = list(self.visible_rounds())
        response = Response(RoundSerializer(rounds, many=True).data)
        return _with_etag(response, rounds_etag(rounds))

    @extend_schema(
        operation_id="rounds_submit",
        summary="Post a whole round's pairings, checked as a whole and stored as a draft",
        description=(
            "Boards by starting rank in board order, and the pairing-allocated bye. The round "
            "is checked as a whole: every problem is listed (422 refused) and nothing is "
            "stored; a legal but unusual round (a third colour in a row, …) is refused with "
            "409 needs_confirmation until sent again with the confirm answer it names. "
            "If-Match takes the ETag of the rounds list. A team event is paired team against "
            "team: matches by team pairing number and the team with the bye; the lineups "
            "make the boards later (…/matches/<table>/lineups/<team>/)."
        ),
        request=PolymorphicProxySerializer(
            component_name="RoundSubmitRequest",
            serializers=[RoundSubmitSerializer, TeamRoundSubmitSerializer],
            resource_type_field_name=None,
        ),
        parameters=[IDEMPOTENCY_PARAMETER, IF_MATCH, ETAG],
        responses={
            201: RoundDetailSerializer,
            **error_responses(400, 401, 403, 404, 409, 412, 422, 429),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        if self.tournament.is_team_event:
            return self.submit_team_round(request)
        data = validated(RoundSubmitSerializer, request)
        with transaction.atomic():
            self.check_rounds_unchanged(request)
            round_ = submit_pairings(
                self.tournament,
                [(board["white"], board["black"]) for board in data["pairs"]],
                data.get("byes", []),
                source=Round.PairedBy.API,
                user=self.acting_user(),
                round_number=data.get("number"),
                confirm=data["confirm"],
            )
        return self.round_response(round_, status.HTTP_201_CREATED)

    def submit_team_round(self, request: Request) -> Response:
        data = validated(TeamRoundSubmitSerializer, request)
        with transaction.atomic():
            self.check_rounds_unchanged(request)
            round_ = submit_team_round(
                self.tournament,
                [(a, b) for a, b in data["matches"]],
                data.get("bye"),
                source=Round.PairedBy.API,
                user=self.acting_user(),
                round_number=data.get("number"),
                confirm=data["confirm"],
            )
        return self.round_response(round_, status.HTTP_201_CREATED)


class PairNextRoundView(RoundsMixin):
    actions = {"POST": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="rounds_pair_next",
        summary="Pair the next round here: Berger tables (round robin) or the Dutch engine",
        description=(
            "Games of the last round without a result are adjourned by the pairing, and "
            "adjourned games still open are named: both are acknowledged first (409 "
            "needs_confirmation, level 2; send again with confirm=acknowledge). A team event "
            "is paired team against team (C.04.6, or the Berger tables for a team round "
            "robin) once every match of the last round is decided."
        ),
        request=PairRoundSerializer,
        parameters=[IDEMPOTENCY_PARAMETER, IF_MATCH, ETAG],
        responses={
            201: RoundDetailSerializer,
            **error_responses(400, 401, 403, 404, 409, 412, 422, 429),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(PairRoundSerializer, request)
        pair = generate_round_robin_round if self.tournament.is_round_robin else pair_swiss_round
        with transaction.atomic():
            self.check_rounds_unchanged(request)
            round_ = pair(self.tournament, user=self.acting_user(), confirm=data["confirm"])
        return self.round_response(round_, status.HTTP_201_CREATED)


class RoundDetailView(RoundsMixin):
    actions = {"GET": Action.VIEW, "DELETE": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="rounds_retrieve",
        summary="A round with its boards",
        parameters=[ETAG],
        responses={200: RoundDetailSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str, number: int) -> HttpResponseBase:
        return self.cached_round_read(self.round(number), "round", _round_data)

    @extend_schema(
        operation_id="rounds_withdraw_draft",
        summary="Withdraw the last round's draft pairings",
        parameters=[IF_MATCH],
        responses={204: None, **error_responses(401, 403, 404, 412, 422, 429)},
    )
    def delete(self, request: Request, slug: str, number: int) -> Response:
        round_ = self.round(number)
        check_if_match(request, round_etag(round_))
        delete_draft_round(round_, user=self.acting_user())
        return Response(status=status.HTTP_204_NO_CONTENT)


class PublishRoundView(RoundsMixin):
    actions = {"POST": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="rounds_publish",
        summary="Publish a draft round: results may be entered from now on",
        request=None,
        parameters=[IDEMPOTENCY_PARAMETER, IF_MATCH, ETAG],
        responses={
            200: RoundDetailSerializer,
            **error_responses(400, 401, 403, 404, 412, 422, 429),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        round_ = self.round(number)
        check_if_match(request, round_etag(round_))
        return self.round_response(publish_round(round_, user=self.acting_user()))


class PairingListView(RoundsMixin):
    actions = {"GET": Action.VIEW}

    @extend_schema(
        operation_id="pairings_list",
        summary="A round's boards: board, white, black, bye kind, result",
        parameters=[ETAG],
        responses={200: PairingSerializer(many=True), **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str, number: int) -> HttpResponseBase:
        return self.cached_round_read(self.round(number), "pairings", _pairings_data)


class Chess960PositionView(RoundsMixin):
    actions = {"POST": Action.MANAGE_ROUNDS}

    @extend_schema(
        operation_id="rounds_chess960_position",
        summary="Set a Chess960 round's starting position, or one board's, or draw it again",
        description=(
            "A Chess960 event draws each round's position by lot when the round is paired "
            "(and each game's, with positions per game). This sets another: by number or FEN, "
            "or drawn by lot again. Refused (422) once a game concerned has moves."
        ),
        request=Chess960PositionSerializer,
        parameters=[IF_MATCH, ETAG],
        responses={200: RoundDetailSerializer, **error_responses(400, 401, 403, 404, 412, 422)},
    )
    def post(self, request: Request, slug: str, number: int) -> Response:
        data = validated(Chess960PositionSerializer, request)
        round_ = self.round(number)
        check_if_match(request, round_etag(round_))
        position = str(draw_position()) if data["draw"] else data["position"]
        try:
            set_chess960_position(
                round_, position, board=data.get("board"), user=self.acting_user()
            )
        except GameError as error:
            body = error_body([error_item("refused", problem) for problem in error.problems])
            return Response(body, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
        return self.round_response(round_)
