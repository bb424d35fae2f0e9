"""Importing a whole tournament from a TRF file, as a background job."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from jobs.views import accepted
from tournaments.jobs import start_trf_import

from ..base import ApiView, validated
from ..errors import error_responses
from ..idempotency import IDEMPOTENCY_PARAMETER, idempotent
from ..permissions import CREATE_TOURNAMENT
from ..serializers.confirm import confirm_field


class TrfImportSerializer(serializers.Serializer[Any]):
    trf = serializers.CharField(
        trim_whitespace=False, help_text="The TRF file's text (TRF06, TRF16 or TRF-2026)."
    )
    file_name = serializers.CharField(
        max_length=200, default="import.trf", help_text="Named in the log and in errors."
    )
    confirm = confirm_field(
        "A file whose rounds break the pairing rules fails its job with the question in "
        "result.needs_confirmation (level, confirm, problems): send the file again with "
        "that confirm."
    )


class TrfImportView(ApiView):
    actions = {"POST": CREATE_TOURNAMENT}

    @extend_schema(
        operation_id="trf_imports_create",
        summary="Import a tournament from a TRF file; the reply is the job that imports it",
        description=(
            "Answers 202 at once with the job (Location: /api/v1/jobs/<id>/): follow it until "
            "its status is done (its result names the new tournament: id and slug) or failed "
            "(its errors name each line at fault; nothing is stored). A file whose rounds break "
            "the pairing rules (a rematch, a third colour running, …) fails its job with an "
            "L3 question: errors list each round and rule, result.needs_confirmation gives "
            "level and confirm; sent again with confirm, it is stored and each such round "
            "logged as ### Import @ Round n. The client becomes the new tournament's chief "
            "arbiter. A user account only (no token scope)."
        ),
        request=TrfImportSerializer,
        parameters=[IDEMPOTENCY_PARAMETER],
        responses={202: OpenApiTypes.OBJECT, **error_responses(400, 401, 403, 429)},
    )
    @idempotent
    def post(self, request: Request) -> Response:
        data = validated(TrfImportSerializer, request)
        job = start_trf_import(
            data["trf"], file_name=data["file_name"], user=request.user, confirm=data["confirm"]
        )
        return accepted(job)
