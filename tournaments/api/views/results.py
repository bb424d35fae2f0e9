"""Results: board by board (with the board's ETag) or a round's batch (with the round's).

A result already entered is changed only with a reason and, to rule out a lost update, with
``If-Match``: without it the change is refused with 428, with an old ETag with 412.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import EntrySource, Match, Pairing, Result
from tournaments.permissions import Action
from tournaments.services import NeedsConfirmation, TournamentError, record_result
from tournaments.services.locks import lock_matches
from tournaments.services.rating_report import (
    correct_for_rating_report,
    withdraw_rating_report_correction,
)
from tournaments.services.results import lock_boards, locked_for_result

from ..base import validated
from ..errors import PreconditionRequired, error_body, error_item, error_responses
from ..etags import board_etag, check_if_match, round_etag
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..serializers.results import (
    RatingCorrectionInputSerializer,
    RatingCorrectionWithdrawSerializer,
    ResultBatchSerializer,
    ResultInputSerializer,
)
from ..serializers.rounds import PairingSerializer, RoundDetailSerializer
from .rounds import ETAG, IF_MATCH, RoundsMixin, _with_etag


def _changes_decided_result(pairing: Pairing, result: str) -> bool:
    return Result(pairing.result).is_decided and pairing.result != result


class BoardMixin(RoundsMixin):
    def board(self, number: int, board: int, *, for_update: bool = False) -> Pairing:
        """The board, its round, players and tournament in one query (locked for a write:
        the lock order of :mod:`tournaments.services.results`)."""
        boards = Pairing.objects.select_related(
            "white", "black", "round", "rating_correction"
        ).filter(round__in=self.visible_rounds(), round__number=number, board=board)
        if for_update:
            if self.tournament.is_team_event:
                # Its match first (the lock order): a lineup makes the match's boards again
                # under that lock, and the board of this number is then the new one.
                lock_matches(Match.objects.filter(pk__in=boards.values("match_id")))
            # Only the board's row (the lock order): the players and the round are read.
            boards = locked_for_result(boards)
        pairing = get_object_or_404(boards)
        pairing.round.tournament = self.tournament
        return pairing

    def board_response(self, pairing: Pairing) -> Response:
        return _with_etag(Response(PairingSerializer(pairing).data), board_etag(pairing))


class BoardView(BoardMixin):
    actions = {"GET": Action.VIEW, "PUT": Action.ENTER_RESULTS}

    @extend_schema(
        operation_id="boards_retrieve",
        summary="One board and its result",
        parameters=[ETAG],
        responses={200: PairingSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, slug: str, number: int, board: int) -> Response:
        return self.board_response(self.board(number, board))

    @extend_schema(
        operation_id="boards_result",
        summary="Enter or correct one board's result",
        request=ResultInputSerializer,
        parameters=[IDEMPOTENCY_PARAMETER, IF_MATCH, ETAG],
        responses={
            200: PairingSerializer,
            **error_responses(400, 401, 403, 404, 409, 412, 422, 428),
        },
    )
    @idempotent
    def put(self, request: Request, slug: str, number: int, board: int) -> Response:
        data = validated(ResultInputSerializer, request)
        with transaction.atomic():
            pairing = self.board(number, board, for_update=True)
            given = check_if_match(request, board_etag(pairing))
            if not given and _changes_decided_result(pairing, data["result"]):
                raise PreconditionRequired()
            pairing = _record(pairing, data, self.acting_user(), locked=True)
        return self.board_response(pairing)


class RatingCorrectionView(BoardMixin):
    """A board's result for the rating report only (FIDE C.04.2 4.3): the board keeps its
    result for pairings and standings; the rating changes and the TRF-2026 report's
    ``### Rating correction`` lines take this one."""

    actions = {"PUT": Action.ENTER_RESULTS, "DELETE": Action.ENTER_RESULTS}

    @extend_schema(
        operation_id="boards_rating_correction",
        summary="Correct a board's result for the rating report only",
        request=RatingCorrectionInputSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: PairingSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    @idempotent
    def put(self, request: Request, slug: str, number: int, board: int) -> Response:
        data = validated(RatingCorrectionInputSerializer, request)
        pairing = self.board(number, board)
        correct_for_rating_report(
            pairing, data["result"], user=self.acting_user(), reason=data["reason"]
        )
        return self.board_response(self.board(number, board))

    @extend_schema(
        operation_id="boards_rating_correction_withdraw",
        summary="Withdraw a board's rating-report correction",
        request=RatingCorrectionWithdrawSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={200: PairingSerializer, **error_responses(400, 401, 403, 404, 422)},
    )
    @idempotent
    def delete(self, request: Request, slug: str, number: int, board: int) -> Response:
        data = validated(RatingCorrectionWithdrawSerializer, request)
        pairing = self.board(number, board)
        withdraw_rating_report_correction(pairing, user=self.acting_user(), reason=data["reason"])
        return self.board_response(self.board(number, board))


class ResultBatchView(RoundsMixin):
    actions = {"POST": Action.ENTER_RESULTS}

    @extend_schema(
        operation_id="rounds_results",
        summary="Enter a round's results in one request: all stored, or none",
        description=(
            "Every board's problem is listed (422, field results.<index>). If-Match takes the "
            "round's ETag; without it, changing a result already entered is refused (428)."
        ),
        request=ResultBatchSerializer,
        parameters=[IDEMPOTENCY_PARAMETER, IF_MATCH, ETAG],
        responses={
            200: RoundDetailSerializer,
            **error_responses(400, 401, 403, 404, 409, 412, 422, 428, 429),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        entries = validated(ResultBatchSerializer, request)["results"]
        with transaction.atomic():
            round_ = self.round(number)
            round_.tournament = self.tournament
            boards = lock_boards(round_)
            given = check_if_match(request, round_etag(round_))
            if not given and any(
                entry["board"] in boards
                and _changes_decided_result(boards[entry["board"]], entry["result"])
                for entry in entries
            ):
                raise PreconditionRequired()
            problems = []
            for index, entry in enumerate(entries):
                try:
                    if entry["board"] not in boards:
                        raise TournamentError(
                            _("Round %(round)s has no board %(board)s.")
                            % {"round": number, "board": entry["board"]}
                        )
                    _record(boards[entry["board"]], entry, self.acting_user(), locked=True)
                except NeedsConfirmation:
                    raise  # 409 with the question; nothing of the batch is stored
                except TournamentError as error:
                    problems += [
                        error_item("refused", f"board {entry['board']}: {p}", f"results.{index}")
                        for p in error.problems
                    ]
            if problems:
                transaction.set_rollback(True)
                return Response(error_body(problems), status=422)
        return self.round_response(round_)


def _record(pairing: Pairing, data: dict[str, Any], user: Any, *, locked: bool = False) -> Pairing:
    return record_result(
        pairing,
        data["result"],
        source=EntrySource.API,
        user=user,
        reason=data.get("reason", ""),
        unrated=data.get("unrated"),
        locked=locked,
        confirm=data.get("confirm", ""),
    )
