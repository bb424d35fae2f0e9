"""``/api/v1/cross-tests/<id>/``: a cross-test campaign (FIDE checklist A9) as it runs, for
staff: tournaments done of the total, the rate, the expected end, each way's totals, the
files of the events with a discrepancy; and each of those files."""

from __future__ import annotations

from django.http import FileResponse, HttpResponseBase
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from jobs.models import Job
from tournaments.api.base import ApiView
from tournaments.api.errors import error_responses
from tournaments.api.permissions import STAFF
from tournaments.crosstest_campaign import campaign_progress, open_discrepancy_file


class CrossTestView(ApiView):
    actions = {"GET": STAFF}

    @extend_schema(
        operation_id="cross_tests_retrieve",
        summary="A cross-test campaign: progress, rate, expected end, totals and files",
        description=(
            "``done`` of ``total`` tournaments (both ways), ``per_minute`` over the time the "
            "workers ran it, ``ends_at`` at that rate, ``parts`` by status, each way's "
            "totals (``ways``), the names of the discrepancy files and the report's address "
            "once it is done. Staff only."
        ),
        responses={200: OpenApiTypes.OBJECT, **error_responses(401, 403, 404)},
    )
    def get(self, request: Request, job_id: int) -> Response:
        job = get_object_or_404(Job, kind="crosstest", pk=job_id)
        data = campaign_progress(job).as_dict()
        data["id"] = job.pk
        data["count"] = job.params.get("count")
        data["seed"] = job.params.get("seed")
        data["report"] = reverse("api:job-file", args=[job.pk]) if job.file else None
        data["files"] = [
            {"name": name, "url": reverse("api:cross-test-file", args=[job.pk, name])}
            for name in data["files"]
        ]
        return Response(data)


class CrossTestFileView(ApiView):
    actions = {"GET": STAFF}

    @extend_schema(
        operation_id="cross_tests_file",
        summary="A file (TRF) of an event with a discrepancy, kept with the campaign",
        responses={
            (200, "text/plain"): OpenApiResponse(OpenApiTypes.BINARY),
            **error_responses(401, 403, 404),
        },
    )
    def get(self, request: Request, job_id: int, name: str) -> HttpResponseBase:
        job = get_object_or_404(Job, kind="crosstest", pk=job_id)
        stream = open_discrepancy_file(job.pk, name)
        if stream is None:
            raise NotFound(_("This cross-test keeps no file of that name."))
        return FileResponse(stream, filename=name, as_attachment=True, content_type="text/plain")
