"""The job page (HTML, refreshing itself until the job ends), the job resource (API), and the
file a job made (a PDF report), served to whoever may follow the job."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.base import ApiView
from tournaments.api.errors import error_responses
from tournaments.api.permissions import LIST_TOURNAMENTS, may, token_of
from tournaments.permissions import Action

from .heartbeat import as_data, find_lost_jobs
from .models import Job
from .runner import counted_text, kind_of


def may_see(request: HttpRequest | Request, job: Job) -> bool:
    """Who started the job (unless its kind's jobs are shared), whoever may follow its
    tournament, and for a report anyone may read, whoever may view the tournament.

    An API token is no one who started a job: it sees its tournament's jobs while it is in
    force there (:func:`~tournaments.api.permissions.may`), however its creator fares."""
    kind = kind_of(job)
    shared = kind is not None and kind.shared
    if (
        not shared
        and token_of(request) is None
        and job.created_by_id is not None
        and job.created_by_id == getattr(request.user, "pk", None)
    ):
        return True
    if job.tournament is None:
        return False
    action = Action.VIEW if kind is not None and kind.is_public(job) else Action.FOLLOW
    return may(request, action, job.tournament)


def accepted(job: Job) -> Response:
    """The API's answer to a request that started a job: ``202 Accepted`` and the job."""
    location = reverse("api:job", args=[job.pk])
    return Response(job.as_dict(), status=202, headers={"Location": location})


def done_message(job: Job) -> str:
    result = job.result or {}
    if job.kind == "pgn_import":
        count = result.get("imported", 0)
        return ngettext("%(count)s game imported.", "%(count)s games imported.", count) % {
            "count": count
        }
    return ""


def _title(job: Job) -> str:
    kind = kind_of(job)
    if kind is not None and kind.title is not None:
        return str(kind.title(job) if callable(kind.title) else kind.title)
    return _("Checking the games") if job.kind == "pgn_check" else _("Importing")


def looked_after(job: Job) -> Job:
    """The job as it stands once its heartbeat has been looked at: a running job whose worker
    stopped answering is recorded as such and sent to be run again (or failed)."""
    if job.status == Job.Status.RUNNING and find_lost_jobs(job.pk):
        job.refresh_from_db()
    return job


def _job_page(view: Callable[[HttpRequest, Job], HttpResponseBase]) -> Callable[..., Any]:
    """A page of one job: the job read once, a visitor who may not see it sent to log in
    (403 for a logged-in user)."""

    @wraps(view)
    def page(request: HttpRequest, job_id: int) -> HttpResponseBase:
        job = get_object_or_404(Job.objects.select_related("tournament"), pk=job_id)
        if not may_see(request, job):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied
        return view(request, looked_after(job))

    return page


@_job_page
def detail(request: HttpRequest, job: Job) -> HttpResponseBase:
    kind = kind_of(job)
    if job.status == Job.Status.DONE:
        if kind is not None and kind.finished is not None:
            url = kind.finished(request, job)
        else:
            url = (job.result or {}).get("url")
            if url and (message := done_message(job)):
                messages.success(request, message)
        if url:
            return redirect(url)
    done, total = job.progress()
    return render(
        request,
        "jobs/detail.html",
        {
            "job": job,
            "done": done,
            "total": total,
            "counted": counted_text(job, done, total),
            "interruptions": [lost["message"] for lost in as_data(job)],
            "question": _question(request, job),
            "title": _title(job),
            # A report's readers may not follow the tournament: its public page, not the
            # arbiters' dashboard.
            "tournament_url": job.tournament
            and reverse(
                "tournaments:tournament"
                if kind and kind.is_public(job)
                else "tournaments:dashboard",
                args=[job.tournament.pk],
            ),
            "file_name": (
                ((job.result or {}).get("file_name") or os.path.basename(job.file.name))
                if job.file
                else ""
            ),
        },
    )


def _question(request: HttpRequest, job: Job) -> dict[str, Any] | None:
    """The question a failed TRF import asks its starter (its rounds break the pairing
    rules, L3), answered on the job page; ``None`` when there is none."""
    from tournaments.jobs import asks_confirmation  # the tournaments app's jobs need this app

    if job.created_by_id is None or job.created_by_id != getattr(request.user, "pk", None):
        return None
    return asks_confirmation(job)


def file_response(job: Job) -> FileResponse:
    """The file the finished job made, shown in the browser, under the name it was given."""
    if job.status != Job.Status.DONE or not job.file:
        raise Http404(_("This job has made no file."))
    name = (job.result or {}).get("file_name") or os.path.basename(job.file.name)
    try:
        stream = job.file.open("rb")
    except OSError:  # removed from the storage by hand
        raise Http404(_("This job has made no file.")) from None
    return FileResponse(stream, filename=name, as_attachment=False)


@_job_page
def job_file(request: HttpRequest, job: Job) -> HttpResponseBase:
    return file_response(job)


class JobView(ApiView):
    """``GET /api/v1/jobs/<id>/``: status, progress (done of total), result and errors."""

    actions = {"GET": LIST_TOURNAMENTS}  # no tournament in the URL: the view checks the job

    def allowed_job(self, request: Request, job_id: int) -> Job:
        job = get_object_or_404(Job.objects.select_related("tournament"), pk=job_id)
        if not may_see(request, job):
            raise NotFound(_("No such job."))
        return looked_after(job)

    @extend_schema(
        operation_id="jobs_retrieve",
        summary="A background job: status, progress (done of total), result and errors",
        description=(
            "``file``: the address of the file the job made (a PDF report), once it is done. "
            "``interruptions``: each time the worker running the job stopped answering, or its "
            "database connection failed (which worker, when, how far it had got, when the job "
            "started again, ``cause``) and a sentence saying so; for a job cut into part jobs "
            "(a large PGN check), its parts' too, ``part`` of ``parts`` saying which (``null`` "
            "for the job's own)."
        ),
        responses={200: OpenApiTypes.OBJECT, **error_responses(401, 404)},
    )
    def get(self, request: Request, job_id: int) -> Response:
        return Response(self.allowed_job(request, job_id).as_dict())


class JobFileView(JobView):
    """``GET /api/v1/jobs/<id>/file/``: the file a finished job made."""

    @extend_schema(
        operation_id="jobs_file",
        summary="The file a finished job made (a PDF report)",
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY),
            **error_responses(401, 404),
        },
    )
    def get(self, request: Request, job_id: int) -> HttpResponseBase:  # type: ignore[override]
        job = self.allowed_job(request, job_id)
        try:
            return file_response(job)
        except Http404 as error:
            raise NotFound(str(error)) from None
