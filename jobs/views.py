"""The job page (HTML, refreshing itself until the job ends) and the job resource (API)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.base import ApiView
from tournaments.api.errors import error_responses
from tournaments.api.permissions import LIST_TOURNAMENTS
from tournaments.permissions import Action, can

from .models import Job


def may_see(user: Any, job: Job) -> bool:
    """Who started the job, and whoever may follow its tournament."""
    if job.created_by_id is not None and job.created_by_id == getattr(user, "pk", None):
        return True
    return job.tournament is not None and can(user, Action.FOLLOW, job.tournament)


def done_message(job: Job) -> str:
    result = job.result or {}
    if job.kind == "pgn_import":
        count = result.get("imported", 0)
        return ngettext("%(count)s game imported.", "%(count)s games imported.", count) % {
            "count": count
        }
    return ""


@login_required
def detail(request: HttpRequest, job_id: int) -> HttpResponse:
    job = get_object_or_404(Job.objects.select_related("tournament"), pk=job_id)
    if not may_see(request.user, job):
        raise PermissionDenied
    url = (job.result or {}).get("url")
    if job.status == Job.Status.DONE and url:
        if message := done_message(job):
            messages.success(request, message)
        return redirect(url)
    done, total = job.progress()
    return render(
        request,
        "jobs/detail.html",
        {
            "job": job,
            "done": done,
            "total": total,
            "title": _("Checking the games") if job.kind == "pgn_check" else _("Importing"),
        },
    )


class JobView(ApiView):
    """``GET /api/v1/jobs/<id>/``: status, progress (done of total), result and errors."""

    actions = {"GET": LIST_TOURNAMENTS}  # no tournament in the URL: the view checks the job

    @extend_schema(
        operation_id="jobs_retrieve",
        summary="A background job: status, games done of total, result and errors",
        responses={200: OpenApiTypes.OBJECT, **error_responses(401, 404)},
    )
    def get(self, request: Request, job_id: int) -> Response:
        job = get_object_or_404(Job.objects.select_related("tournament"), pk=job_id)
        user = request.user
        token = request.auth
        allowed = may_see(user, job) or (
            token is not None and getattr(token, "tournament_id", None) == job.tournament_id
        )
        if not allowed:
            raise NotFound(_("No such job."))
        return Response(job.as_dict())
