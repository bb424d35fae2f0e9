"""The games app's background jobs: checking an uploaded PGN file, importing its games.

A file of thousands of games takes about a minute to check and as long to import: the
upload page answers at once with the job's page, which follows the progress and then leads
to the report (check) or the tournament's games (import). The import stays all or nothing:
it runs in the job's one transaction.

With workers of their own (a broker), a check of more than :data:`PART_GAMES` games is
shared among them: the file is cut between games into part jobs, each checks its games and
keeps their results on its own row, and the last part to finish joins them in file order
and keeps them with the upload, as one worker checking the whole file would have.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games.rules.records import pgn_parts, text_lines
from jobs.models import Job
from jobs.runner import (
    JobError,
    Progress,
    broker_url,
    finish_parent,
    job_kind,
    join_parts,
    start_job,
)

from .models import PgnUpload
from .services import (
    GameError,
    ImportDecision,
    check_upload,
    clean_games_on_free_boards,
    import_games,
    stored_checks,
)
from .services.imports import (
    check_part,
    joined_parts,
    keep_checks,
    refuse_pgn_text,
    upload_digest,
)


def _upload(job: Job) -> PgnUpload:
    try:
        return PgnUpload.objects.select_related("tournament").get(pk=job.params["upload"])
    except PgnUpload.DoesNotExist:
        raise JobError([_("The uploaded file has been deleted.")]) from None


def _changed() -> str:
    return _(
        "The file or the tournament's ruleset has changed since the games were checked: "
        "check the file again."
    )


PART_GAMES = 250
"""Games per part when the workers share a check (about a third of a second of work each)."""


@job_kind("pgn_check")
def check_uploaded_pgn(job: Job, progress: Progress) -> dict[str, Any]:
    upload = _upload(job)
    try:  # an upload kept before the limits held on every path is refused, not checked
        refuse_pgn_text(upload.text)
    except GameError as error:
        raise JobError(error.problems) from None
    if broker_url():  # workers of their own: a large file is shared among them
        parts = pgn_parts(text_lines(upload.text), PART_GAMES)
        if len(parts) > 1:
            _start_parts(job, upload, parts, progress)
            return {}
    checks = check_upload(upload, progress=progress)
    return _checked(job, upload, len(checks))


def _checked(job: Job, upload: PgnUpload, games: int) -> dict[str, Any]:
    report = reverse("games:upload_report", args=[upload.tournament_id, upload.pk])
    return {"upload": upload.pk, "games": games, "url": f"{report}?checked={job.pk}"}


def _start_parts(
    job: Job, upload: PgnUpload, parts: list[tuple[int, int, int]], progress: Progress
) -> None:
    """Start a part job for each part of the file; a job delivered again after it started
    them (its worker died before telling the broker) starts none."""
    if Job.objects.filter(kind="pgn_check_part", params__part_of=job.pk).exists():
        progress.hand_over(job.total, again=True)
        return
    progress.hand_over(sum(games for _, _, games in parts))
    digest = upload_digest(upload)
    for index, (first_line, lines, games) in enumerate(parts):
        start_job(
            "pgn_check_part",
            params={
                "part_of": job.pk,
                "upload": upload.pk,
                "digest": digest,
                "index": index,
                "parts": len(parts),
                "first_line": first_line,
                "lines": lines,
                "games": games,
            },
            user=job.created_by,
            tournament=job.tournament,
        )


@job_kind("pgn_check_part")
def check_uploaded_pgn_part(job: Job, progress: Progress) -> dict[str, Any]:
    """One part of a shared check: its games' results are kept on this job until the last
    part to finish joins them all and keeps them with the upload."""
    params = job.params
    upload = _upload(job)
    if upload_digest(upload) != params["digest"]:
        raise JobError([_changed()])
    progress.start(params["games"])
    results = check_part(upload, params["first_line"], params["lines"])
    progress.advance(len(results))
    last = join_parts(job, results)
    if last is None:
        return {"part": results}
    parent, parts = last
    joined = joined_parts(parts)
    keep_checks(upload, joined)
    finish_parent(parent, _checked(parent, upload, len(joined)))
    return {}


@job_kind("pgn_import")
def import_uploaded_pgn(job: Job, progress: Progress) -> dict[str, Any]:
    upload = _upload(job)
    checks = stored_checks(upload)
    if checks is None:
        raise JobError([_changed()])
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
