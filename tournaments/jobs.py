"""The tournaments app's background jobs: TRF imports, FIDE rating-list imports, and the PDF
reports of large events.

Each answers its page at once with the job's page (the API with ``202 Accepted`` and the
job), and each import stays all or nothing: it runs in the job's one transaction, so a
worker that dies half-way stores nothing and the job is run afresh by another.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib import messages
from django.core.files.base import ContentFile
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from jobs.models import Job
from jobs.runner import JobError, Progress, job_kind, start_job
from tournaments.services.errors import TournamentError
from tournaments.services.trf_exchange import import_trf, import_warnings

from .views.common import warn_if_not_utf8

SHOWN_WARNINGS = 20
"""Import warnings shown as messages; the rest are in the tournament log."""


def content_key(*parts: object) -> str:
    """A job key: a digest of what the job is asked to do (the file's bytes among it)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part if isinstance(part, bytes) else repr(part).encode())
        digest.update(b"\0")
    return digest.hexdigest()


def start_trf_import(
    text: str, *, file_name: str, user: Any, read_as: str = "utf-8", back: str = ""
) -> Job:
    """The job that imports a TRF file (already decoded) as a new tournament. The same file
    sent again by the same user while its import runs gets the same job."""
    data = text.encode("utf-8")
    return start_job(
        "trf_import",
        params={"file_name": file_name, "read_as": read_as, "back": back},
        user=user,
        source=ContentFile(data, name=file_name or "tournament.trf"),
        key=content_key("trf", getattr(user, "pk", None), file_name, data),
    )


def _trf_imported(request: HttpRequest, job: Job) -> str | None:
    tournament = job.tournament
    if tournament is None:  # deleted since: the job page says it was done
        return None
    messages.success(
        request,
        _("Imported %(name)s with %(count)s players.")
        % {"name": tournament.name, "count": job.result["players"]},
    )
    warn_if_not_utf8(request, job.params["file_name"], job.params.get("read_as", "utf-8"))
    # What the file held that the import could not use or had to guess.
    noticed = import_warnings(tournament)
    for warning in noticed[:SHOWN_WARNINGS]:
        messages.warning(request, warning)
    if len(noticed) > SHOWN_WARNINGS:
        messages.warning(
            request,
            _("%(count)s more warnings are in the tournament log.")
            % {"count": len(noticed) - SHOWN_WARNINGS},
        )
    return reverse("tournaments:dashboard", args=[tournament.pk])


@job_kind(
    "trf_import",
    title=gettext_lazy("Importing a tournament from TRF"),
    finished=_trf_imported,
)
def import_trf_file(job: Job, progress: Progress) -> dict[str, Any]:
    text = _source_text(job)
    try:
        tournament = import_trf(text, user=job.created_by, filename=job.params["file_name"])
    except TournamentError as error:
        raise JobError(error.problems) from None
    Job.objects.filter(pk=job.pk).update(tournament=tournament)
    return {
        "tournament": tournament.pk,
        "slug": tournament.slug,
        "players": tournament.players.count(),
        "url": reverse("tournaments:dashboard", args=[tournament.pk]),
    }


def _source_text(job: Job) -> str:
    if not job.source:
        raise JobError([_("The uploaded file has been deleted.")])
    with job.source.open("rb") as stream:
        return bytes(stream.read()).decode("utf-8")
