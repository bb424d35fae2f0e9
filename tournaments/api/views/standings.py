"""Standings with the event's tie-breaks after any round, and the crosstable as JSON.

Published standings are public: anyone may read them for a public tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpResponse, HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request

from jobs.models import Job
from jobs.views import accepted, file_response
from tournaments.jobs import is_large, start_report_job
from tournaments.permissions import Action
from tournaments.reports.printed import PRINTED_REPORTS
from tournaments.selectors import sheet_and_standings, tournament_standings, visible_rounds

from ..base import TournamentApiView
from ..errors import error_responses
from ..permissions import may
from ..reads import crosstable_data, standings_data
from ..serializers.standings import CrosstableSerializer, StandingsSerializer

AFTER_ROUND = OpenApiParameter(
    "after_round",
    int,
    OpenApiParameter.QUERY,
    description="The standings after this round (default: the last round paired).",
)


class AfterRoundSerializer(serializers.Serializer[int]):
    after_round = serializers.IntegerField(min_value=0, max_value=99, required=False)


class StandingsView(TournamentApiView):
    actions = {"GET": Action.VIEW}

    def after_round(self, request: Request) -> int:
        query = AfterRoundSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        drafts = may(request, Action.FOLLOW, self.tournament)
        latest = visible_rounds(self.tournament, drafts=drafts).last()
        latest_number = latest.number if latest else 0
        after = query.validated_data.get("after_round", latest_number)
        if after > latest_number:
            raise serializers.ValidationError(
                {
                    "after_round": [
                        _("Only %(latest)s rounds are paired.") % {"latest": latest_number}
                    ]
                }
            )
        return int(after)

    @extend_schema(
        operation_id="standings_retrieve",
        summary="Standings by points and the event's tie-breaks",
        parameters=[AFTER_ROUND],
        responses={200: StandingsSerializer, **error_responses(400, 401, 404, 422)},
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        return self.cached_read(
            request,
            "standings",
            lambda after: standings_data(
                tournament_standings(self.tournament, after_round=after), after
            ),
        )

    def cached_read(
        self, request: Request, name: str, compute: Callable[[int], dict[str, Any]]
    ) -> HttpResponseBase:
        """The reply after the round asked for (the last by default), computed once per
        tournament version (:meth:`kept_read`)."""
        after = self.after_round(request)
        return self.kept_read((name, after), lambda: compute(after))


class CrosstableView(StandingsView):
    @extend_schema(
        operation_id="crosstable_retrieve",
        summary="The crosstable: standings with every player's rounds",
        parameters=[AFTER_ROUND],
        responses={200: CrosstableSerializer, **error_responses(400, 401, 404, 422)},
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        def compute(after: int) -> dict[str, Any]:
            return crosstable_data(*sheet_and_standings(self.tournament, after_round=after))

        return self.cached_read(request, "crosstable", compute)


class CrosstablePdfView(StandingsView):
    @extend_schema(
        operation_id="crosstable_pdf",
        summary="The crosstable as printed (round-robin grid or Swiss wall chart), PDF",
        description=(
            "An event of more than 200 players has its PDF drawn by a background job: the "
            "first request is answered 202 with the job (Location: /api/v1/jobs/<id>/); once "
            "the job is done, this address (and the job's file) serves the PDF of that version "
            "of the tournament."
        ),
        parameters=[AFTER_ROUND],
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY),
            202: OpenApiTypes.OBJECT,
            **error_responses(400, 401, 404, 422),
        },
    )
    def get(self, request: Request, slug: str) -> HttpResponseBase:
        after = self.after_round(request)
        if is_large(self.tournament):
            job = start_report_job(
                self.tournament,
                report="crosstable",
                paper=None,
                user=request.user,
                after_round=after,
                order="rank",
            )
            return file_response(job) if job.status == Job.Status.DONE else accepted(job)
        report = PRINTED_REPORTS["crosstable"].draw(self.tournament, paper=None, after_round=after)
        filename, mimetype, content = report.generate()
        response = HttpResponse(content, content_type=mimetype)
        response["Content-Disposition"] = f'inline; filename="{filename}"'
        return response
