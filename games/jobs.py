"""The games app's background jobs: checking an uploaded PGN file, importing its games.

A file of thousands of games takes about a minute to check and as long to import: the
upload page answers at once with the job's page, which follows the progress and then leads
to the report (check) or the tournament's games (import). The import stays all or nothing:
it runs in the job's one transaction.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from jobs.models import Job
from jobs.runner import JobError, Progress, job_kind

from .models import PgnUpload
from .services import (
    GameError,
    ImportDecision,
    check_upload,
    clean_games_on_free_boards,
    import_games,
    stored_checks,
)


def _upload(job: Job) -> PgnUpload:
    try:
        return PgnUpload.objects.select_related("tournament").get(pk=job.params["upload"])
    except PgnUpload.DoesNotExist:
        raise JobError([_("The uploaded file has been deleted.")]) from None


@job_kind("pgn_check")
def check_uploaded_pgn(job: Job, progress: Progress) -> dict[str, Any]:
    upload = _upload(job)
    checks = check_upload(upload, progress=progress)
    report = reverse("games:upload_report", args=[upload.tournament_id, upload.pk])
    return {"upload": upload.pk, "games": len(checks), "url": f"{report}?checked={job.pk}"}


@job_kind("pgn_import")
def import_uploaded_pgn(job: Job, progress: Progress) -> dict[str, Any]:
    upload = _upload(job)
    checks = stored_checks(upload)
    if checks is None:
        raise JobError(
            [
                _(
                    "The file or the tournament's ruleset has changed since the games were "
                    "checked: check the file again."
                )
            ]
        )
    chosen = job.params["decisions"]
    if chosen == "matched":  # the API's choice: every importable game that found its board
        chosen = [(c.number, c.pairing.pk) for c in checks if c.pairing and c.importable]
    elif chosen == "clean":  # the report page's button for every clean game of the file
        chosen = clean_games_on_free_boards(checks)
    decisions = [ImportDecision(number, pairing) for number, pairing in chosen]
    try:
        games = import_games(checks, decisions, user=job.created_by, progress=progress)
    except GameError as error:
        raise JobError(error.problems) from None
    return {
        "upload": upload.pk,
        "imported": len(games),
        "url": reverse("games:tournament", args=[upload.tournament_id]),
    }
