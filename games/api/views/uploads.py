"""PGN files sent to be checked: ``202 Accepted`` and the background job that checks them."""

from __future__ import annotations

from django.db import transaction
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.models import PgnUpload
from games.services import GameError, upload_pgn
from jobs.runner import start_job
from jobs.views import accepted
from tournaments.api.base import TournamentApiView, validated
from tournaments.api.errors import error_responses
from tournaments.api.idempotency import IDEMPOTENCY_PARAMETER, idempotent
from tournaments.limits import MAX_ROUNDS
from tournaments.permissions import Action


class PgnUploadSerializer(serializers.Serializer[dict[str, object]]):
    pgn = serializers.CharField(trim_whitespace=False, help_text="The PGN text, many games.")
    file_name = serializers.CharField(max_length=255, default="upload.pgn")
    round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        allow_null=True,
        default=None,
        help_text="The round the games belong to (default: each game's Round tag).",
    )


class PgnUploadView(TournamentApiView):
    actions = {"POST": Action.ENTER_GAMES}

    @extend_schema(
        operation_id="pgn_uploads_create",
        summary="Send a PGN file to be checked; the reply is the job that checks it",
        description=(
            "Answers 202 at once with the job (Location: /api/v1/jobs/<id>/): follow it until "
            "its status is done; its result names the report of every game."
        ),
        request=PgnUploadSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={202: OpenApiTypes.OBJECT, **error_responses(400, 401, 403, 404)},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        data = validated(PgnUploadSerializer, request)
        with transaction.atomic():
            try:
                stored = upload_pgn(
                    self.tournament,
                    text=str(data["pgn"]),
                    file_name=str(data["file_name"]),
                    round_number=data["round"],  # type: ignore[arg-type]
                    user=self.acting_user(),
                    check=False,
                )
            except GameError as error:
                raise serializers.ValidationError({"pgn": error.problems}) from None
            job = start_job(
                "pgn_check",
                params={"upload": stored.pk},
                user=self.acting_user(),
                tournament=self.tournament,
            )
        return accepted(job)


class PgnImportView(TournamentApiView):
    actions = {"POST": Action.ENTER_GAMES}

    @extend_schema(
        operation_id="pgn_uploads_import",
        summary="Import every checked game of an upload that matched its board",
        description=(
            "Answers 202 at once with the import job; the games are imported all or none "
            "(the job's errors name every game that cannot be)."
        ),
        request=None,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={202: OpenApiTypes.OBJECT, **error_responses(400, 401, 403, 404)},
    )
    @idempotent
    def post(self, request: Request, slug: str, upload_id: int) -> Response:
        stored = get_object_or_404(PgnUpload, pk=upload_id, tournament=self.tournament)
        job = start_job(
            "pgn_import",
            params={"upload": stored.pk, "decisions": "matched"},
            user=self.acting_user(),
            tournament=self.tournament,
        )
        return accepted(job)
