"""The tournaments app's background jobs: TRF imports, FIDE rating-list imports, the PDF
reports of large events, and the cross-test against a reference engine.

Each answers its page at once with the job's page (the API with ``202 Accepted`` and the
job), and each import stays all or nothing: it runs in the job's one transaction, so a
worker that dies half-way stores nothing and the job is run afresh by another. A report is
drawn once per tournament version: whoever asks for the same report of the same version
gets the same job, and once drawn its file.
"""

from __future__ import annotations

import datetime
import hashlib
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.files import File
from django.core.files.base import ContentFile
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy

from jobs.models import Job
from jobs.runner import (
    JobError,
    Progress,
    broker_url,
    discard_source,
    finish_parent,
    job_kind,
    join_parts,
    start_job,
)
from tournaments.crosstest_campaign import keep_discrepancy_files
from tournaments.models import RatingList, Tournament
from tournaments.pairing.crosstest import (
    CrossTestError,
    Direction,
    Engine,
    Tally,
    Task,
    TournamentOutcome,
    compared,
    probe,
    run_task,
    tournament_seeds,
    unfinishable_lines,
)
from tournaments.pairing.generator import GeneratorError, GeneratorSettings
from tournaments.permissions import Action
from tournaments.reports.pdf import PdfReport
from tournaments.reports.printed import PRINTED_REPORTS
from tournaments.scoring.points import SheetError
from tournaments.services.errors import TournamentError
from tournaments.services.ratings import (
    check_list_address,
    import_rating_list,
    import_rating_list_from_url,
    update_address,
)
from tournaments.services.trf_exchange import import_trf, import_warnings
from tournaments.services.warnings import NeedsConfirmation

from .views.common import warn_if_not_utf8

SHOWN_WARNINGS = 20
"""Import warnings shown as messages; the rest are in the tournament log."""


def content_key(*parts: object) -> str:
    """A job key: a digest of what the job is asked to do (a file's bytes among it)."""
    digest = hashlib.sha256()
    for part in parts:
        if isinstance(part, bytes):
            digest.update(part)
        elif isinstance(part, File):
            for chunk in part.chunks():
                digest.update(chunk)
            part.seek(0)
        else:
            digest.update(repr(part).encode())
        digest.update(b"\0")
    return digest.hexdigest()


def start_trf_import(
    text: str,
    *,
    file_name: str,
    user: Any,
    read_as: str = "utf-8",
    back: str = "",
    confirm: str = "",
) -> Job:
    """The job that imports a TRF file (already decoded) as a new tournament. The same file
    sent again by the same user while its import runs gets the same job. ``confirm``: the
    answer to the question a file whose rounds break the pairing rules asks (L3)."""
    data = text.encode("utf-8")
    return start_job(
        "trf_import",
        params={"file_name": file_name, "read_as": read_as, "back": back, "confirm": confirm},
        user=user,
        source=ContentFile(data, name=file_name or "tournament.trf"),
        key=content_key("trf", getattr(user, "pk", None), file_name, data, confirm),
    )


def confirm_trf_import(job: Job, answer: str) -> Job:
    """The import of a file whose rounds break the pairing rules, asked again with the answer
    to its question: a new job with the file the first one kept, which lets it go."""
    text = _source_text(job)
    params = job.params
    again = start_trf_import(
        text,
        file_name=params["file_name"],
        user=job.created_by,
        read_as=params.get("read_as", "utf-8"),
        back=params.get("back", ""),
        confirm=answer,
    )
    discard_source(job.pk)
    return again


def asks_confirmation(job: Job) -> dict[str, Any] | None:
    """The question a failed TRF import asks (level, answer, problems), while it keeps its
    file to be confirmed; ``None`` for any other job."""
    if job.kind != "trf_import" or job.status != Job.Status.FAILED or not job.source:
        return None
    question = (job.result or {}).get("needs_confirmation")
    return question if isinstance(question, dict) else None


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
        tournament = import_trf(
            text,
            user=_asker(job),
            filename=job.params["file_name"],
            confirm=job.params.get("confirm", ""),
        )
    except NeedsConfirmation as question:
        # The rounds break the pairing rules: the question, and the file kept for the answer.
        asked = {
            "level": int(question.level),
            "confirm": question.answer,
            "problems": question.problems,
        }
        raise JobError(
            [
                _("Warning level L%(number)s: %(label)s")
                % {"number": int(question.level), "label": question.level.label},
                *question.problems,
            ],
            result={"needs_confirmation": asked},
            keep_source=True,
        ) from None
    except TournamentError as error:
        raise JobError(error.problems) from None
    Job.objects.filter(pk=job.pk).update(tournament=tournament)
    return {
        "tournament": tournament.pk,
        "slug": tournament.slug,
        "players": tournament.players.count(),
        # What the import noticed (points the file states against those its results give,
        # …), so that a client sees it as the page and import_trf show it.
        "warnings": import_warnings(tournament),
        "url": reverse("tournaments:dashboard", args=[tournament.pk]),
    }


def _asker(job: Job) -> Any:
    """The user the import acts for (the new tournament's chief arbiter, whose rights the
    fetch has). A job whose user is gone is refused: with no user the services act as a
    command would, which may do anything."""
    if job.created_by is None:
        raise JobError([_("The account that asked for this import no longer exists.")])
    return job.created_by


def _source_text(job: Job) -> str:
    if not job.source:
        raise JobError([_("The uploaded file has been deleted.")])
    with job.source.open("rb") as stream:
        return bytes(stream.read()).decode("utf-8")


# ---- the cross-test (FIDE checklist A9) ------------------------------------------------------
#
# A campaign is a ``crosstest`` job. With Celery workers it is cut into parts (``crosstest_part``
# jobs), each a range of the run's tournaments (both ways' seeds in one list, taking turns) that
# any worker on any machine takes. A part runs in one transaction: its worker dying commits
# nothing and the part is run again (by the broker, or by ``resume_crosstest``), and a part
# done is never run again. Each part keeps its totals and the events worth reporting; the last
# one joins them into the report. The files of each event with a discrepancy are kept in the
# file storage (:mod:`tournaments.crosstest_campaign`).

CROSSTEST_PART = 20
"""Tournaments per part when workers share a cross-test (a minute or two of work)."""

CROSSTEST_MOST = 50_000
"""Tournaments each way: the campaign FIDE's checklist asks for (A9)."""


def crosstest_engine() -> Engine | None:
    """The reference engine the server is configured with (``CROSSTEST_ENGINE``), or None.
    Raises :class:`CrossTestError` when its program cannot be found."""
    command = getattr(settings, "CROSSTEST_ENGINE", "")
    return Engine.from_command(command, settings.CROSSTEST_TIMEOUT) if command else None


def crosstest_tiebreak_engine() -> Engine | None:
    """The tie-break reference the server is configured with (``CROSSTEST_TIEBREAK_ENGINE``),
    or None: the cross-test then compares the pairings only."""
    command = getattr(settings, "CROSSTEST_TIEBREAK_ENGINE", "")
    return Engine.from_command(command, settings.CROSSTEST_TIMEOUT) if command else None


def start_crosstest(
    *,
    count: int,
    seed: int,
    players: int | None,
    rounds: int | None,
    user: Any,
    back: str = "",
    part: int | None = None,
) -> Job:
    """The job that cross-tests the engine with ``count`` random tournaments each way, in
    parts of ``part`` tournaments (:data:`CROSSTEST_PART`) when workers share it. The same
    request sent again while it runs (the form's seed is drawn when the page is shown) gets
    the same job."""
    params = {"count": count, "seed": seed, "players": players, "rounds": rounds, "back": back}
    if part is not None:
        params["part"] = part
    return start_job(
        "crosstest",
        params=params,
        user=user,
        key=content_key("crosstest", getattr(user, "pk", None), sorted(params.items())),
    )


def _crosstest_tasks(params: dict[str, Any], engine: Engine) -> list[Task]:
    try:
        settings_ = GeneratorSettings(players=params["players"], rounds=params["rounds"])
        tiebreaks = crosstest_tiebreak_engine()
    except GeneratorError as error:
        raise JobError([str(error)]) from None
    except CrossTestError as error:
        raise JobError([str(error)]) from None
    # The two ways take turns, so that the parts done of a campaign stopped early (and each
    # part) cover both ways alike.
    ways = [
        [
            Task(direction, engine, seed, fixed_seed=True, settings=settings_, tiebreaks=tiebreaks)
            for seed in tournament_seeds(params["seed"], direction, params["count"])
        ]
        for direction in Direction
    ]
    return [task for pair in zip(*ways, strict=True) for task in pair]


def crosstest_part_size(job: Job) -> int:
    return int(job.params.get("part") or CROSSTEST_PART)


def _ready_engine() -> Engine:
    try:
        engine = crosstest_engine()
        if engine is None:
            raise JobError([_("No reference engine is configured (CROSSTEST_ENGINE).")])
        probe(engine)
    except CrossTestError as error:
        raise JobError([str(error)]) from None
    return engine


def _crosstest_finished(request: HttpRequest, job: Job) -> str | None:
    """The run's verdict, shown on the campaign's page."""
    found = job.result["discrepancies"]
    if found:
        messages.warning(
            request,
            ngettext(
                "%(found)s discrepancy between the engines: the report gives its round and rule.",
                "%(found)s discrepancies between the engines: the report gives each one's round "
                "and rule.",
                found,
            )
            % {"found": found},
        )
    else:
        messages.success(
            request,
            _("No discrepancies between the engines in %(count)s tournaments each way.")
            % {"count": job.params["count"]},
        )
    return reverse("tournaments:crosstest", args=[job.pk])


@job_kind(
    "crosstest",
    title=gettext_lazy("Cross-test against a reference engine"),
    finished=_crosstest_finished,
    counted=ngettext_lazy(
        "%(done)s of %(total)s tournament", "%(done)s of %(total)s tournaments", "total"
    ),
)
def run_crosstest_job(job: Job, progress: Progress) -> dict[str, Any]:
    """Both ways' tournaments, one after another; with workers of their own (a broker), more
    than a part's worth are shared among them as part jobs, and the last part to finish
    writes the report."""
    engine = _ready_engine()
    tasks = _crosstest_tasks(job.params, engine)
    if broker_url() and len(tasks) > crosstest_part_size(job):
        _start_crosstest_parts(job, len(tasks), progress)
        return {}
    progress.start(len(tasks))
    tallies = _tallies()
    notable = []
    for task in tasks:
        outcome = _run_and_keep(task, job)
        tallies[outcome.direction].add(outcome)
        if outcome.report():
            notable.append(outcome)
        progress.advance()
    return _crosstest_report(job, engine, tallies, notable)


def _start_crosstest_parts(job: Job, total: int, progress: Progress) -> None:
    """A part job per part's worth of tournaments; none when an earlier delivery of this job
    started them already (its worker died before telling the broker)."""
    if Job.objects.filter(kind="crosstest_part", params__part_of=job.pk).exists():
        progress.hand_over(job.total, again=True)
        return
    progress.hand_over(total)
    size = crosstest_part_size(job)
    starts = range(0, total, size)
    for index, first in enumerate(starts):
        start_job(
            "crosstest_part",
            params={
                **job.params,
                "part_of": job.pk,
                "index": index,
                "parts": len(starts),
                "first": first,
                "last": min(first + size, total),
            },
            user=job.created_by,
        )


@job_kind("crosstest_part")
def run_crosstest_part(job: Job, progress: Progress) -> dict[str, Any]:
    """One part of a shared cross-test: its totals and the events worth reporting are kept on
    this job (and counted on the campaign's page) until the last part to finish joins every
    part's, in the run's order, into the report."""
    params = job.params
    engine = _ready_engine()
    tasks = _crosstest_tasks(params, engine)[params["first"] : params["last"]]
    progress.start(len(tasks))
    tallies = _tallies()
    notable = []
    for task in tasks:
        outcome = _run_and_keep(task, job)
        tallies[outcome.direction].add(outcome)
        if outcome.report():
            notable.append(outcome.as_dict())
        progress.advance()
    kept = {
        "totals": {direction.value: tally.as_dict() for direction, tally in tallies.items()},
        "outcomes": notable,
    }
    last = join_parts(job, kept, count=len(tasks))
    if last is None:
        return {"part": kept}
    parent, parts = last
    joined = _tallies()
    outcomes = []
    for part in parts:
        for direction, tally in joined.items():
            tally.merge(Tally.from_dict(direction, part["totals"][direction.value]))
        outcomes += [TournamentOutcome.from_dict(outcome) for outcome in part["outcomes"]]
    finish_parent(parent, _crosstest_report(parent, engine, joined, outcomes))
    return {}


def _tallies() -> dict[Direction, Tally]:
    return {direction: Tally(direction) for direction in Direction}


def _run_and_keep(task: Task, job: Job) -> TournamentOutcome:
    """Run one tournament; the files of an event with a discrepancy are kept with the
    campaign (a part run again replaces what it kept before)."""
    with tempfile.TemporaryDirectory() as folder:
        outcome = run_task(replace(task, keep=Path(folder)))
        if outcome.discrepancies:
            keep_discrepancy_files(job.params.get("part_of") or job.pk, Path(folder))
    return outcome


def _crosstest_report(
    job: Job,
    engine: Engine,
    tallies: dict[Direction, Tally],
    notable: list[TournamentOutcome],
) -> dict[str, Any]:
    """The report file (what ``crosstest`` prints) kept with the job, and the totals: the
    discrepancies, the unfinishable events apart, then each way's totals."""
    lines = [
        f"Cross-test against {engine.name}: {job.params['count']} tournaments each way, "
        f"seed {job.params['seed']}"
    ]
    for outcome in notable:
        if not outcome.skipped:
            lines += outcome.report()
    lines += unfinishable_lines(notable)
    for tally in tallies.values():
        per_minute = tally.tournaments / tally.seconds * 60 if tally.seconds else 0.0
        lines.append(tally.summary(per_minute))
    lines.append(compared(tiebreaks=crosstest_tiebreak_engine()))
    found = sum(tally.discrepancies for tally in tallies.values())
    lines.append(f"{found} discrepancies between the engines" if found else "No discrepancies.")
    name = f"crosstest-{job.params['seed']}.txt"
    job.file.save(name, ContentFile(("\n".join(lines) + "\n").encode()), save=False)
    Job.objects.filter(pk=job.pk).update(file=job.file.name)
    return {
        "engine": engine.name,
        "file_name": name,
        "discrepancies": found,
        **{direction.value: tally.as_dict() for direction, tally in tallies.items()},
    }


def start_rating_list_import(
    *,
    user: Any,
    upload: File | None = None,
    url: str = "",
    kind: str | None = None,
    list_date: datetime.date | None = None,
    back: str = "",
) -> Job:
    """The job that imports a FIDE list from an uploaded file or from an address (checked
    here, so that a wrong one is refused at once). The same list asked for again by the
    same user while its import runs gets the same job."""
    if upload is None:
        url = check_list_address(url, user)
    params = {
        "name": upload.name if upload is not None else "",
        "url": url,
        "kind": kind or None,
        "list_date": list_date.isoformat() if list_date else None,
        "back": back,
    }
    return start_job(
        "rating_list_import",
        params=params,
        user=user,
        source=upload,
        key=content_key("list", getattr(user, "pk", None), params, upload or b""),
    )


def start_rating_list_update(rating_list: RatingList, *, user: Any, back: str = "") -> Job:
    """*Update*: the job that fetches the list again from its address (checklist C20)."""
    url, kind = update_address(rating_list)
    return start_rating_list_import(user=user, url=url, kind=kind, back=back)


def _list_imported(request: HttpRequest, job: Job) -> str | None:
    listed = job.result["rating_list"]
    rating_list = RatingList.objects.filter(pk=listed["id"]).first()
    messages.success(
        request,
        _("%(count)s players imported from %(list)s.")
        % {"count": listed["player_count"], "list": rating_list or listed["source"]},
    )
    return reverse("tournaments:rating_lists")


@job_kind(
    "rating_list_import",
    title=gettext_lazy("Importing a FIDE rating list"),
    counted=ngettext_lazy("%(done)s of %(total)s player", "%(done)s of %(total)s players", "total"),
    counted_so_far=ngettext_lazy(
        "%(done)s player stored so far", "%(done)s players stored so far", "done"
    ),
    finished=_list_imported,
)
def import_listed_ratings(job: Job, progress: Progress) -> dict[str, Any]:
    # Imported as the user who asked: only staff may read a file on the server, and an
    # arbiter's address must lead outside the server's network.
    user = _asker(job)
    params = job.params
    date = datetime.date.fromisoformat(params["list_date"]) if params["list_date"] else None
    options = {"kind": params["kind"], "list_date": date, "user": user, "stored": progress.advance}
    progress.start(0)
    try:
        if params["url"]:
            rating_list = import_rating_list_from_url(params["url"], **options)
        else:
            if not job.source:
                raise JobError([_("The uploaded file has been deleted.")])
            with job.source.open("rb") as stream:
                rating_list = import_rating_list(stream, name=params["name"], **options)
    except TournamentError as error:
        raise JobError(error.problems) from None
    from tournaments.api.serializers.ratings import RatingListSerializer  # the API's form

    return {
        "rating_list": RatingListSerializer(rating_list).data,
        "url": reverse("tournaments:rating_lists"),
    }


def is_large(tournament: Tournament) -> bool:
    """Whether the event's PDF reports (:data:`PRINTED_REPORTS`) are drawn by a job: above
    ``REPORT_JOB_PLAYERS`` players (a 1,000-player wall chart takes seconds, ``python -m
    bench wallchart``); a smaller event's are drawn in the request."""
    return tournament.players.count() > settings.REPORT_JOB_PLAYERS


def start_report_job(
    tournament: Tournament, *, report: str, paper: str | None, user: Any, **options: Any
) -> Job:
    """The job that draws ``report`` (a name in :data:`PRINTED_REPORTS`, with its
    ``options``) of the tournament as it is now, in the page's language: one job per version,
    kept once drawn; every reader who asks for it meanwhile follows the same job, and only
    those who may read the report drawn in a request may follow it."""
    readers = PRINTED_REPORTS[report].readers_of(tournament, options)
    # The language is part of the report (its labels): start_job would add it too late
    # for the key. Every route to the same PDF must give the same key: no paper is the
    # default paper, and the options are in one order whatever order they were passed in.
    params = {
        "report": report,
        "options": dict(sorted(options.items())),
        "paper": paper or PdfReport.paper,
        "language": translation.get_language(),
        "readers": readers.value,
    }
    return start_job(
        "report_pdf",
        params=params,
        user=user,
        tournament=tournament,
        key=content_key("report", tournament.pk, tournament.version, params),
        reuse_done=True,
    )


def _anyone_may_read(job: Job) -> bool:
    # Jobs kept from before reports had readers were all the public standings and crosstable.
    return job.params.get("readers", Action.VIEW.value) == Action.VIEW.value


def _report_title(job: Job) -> str:
    """The job page's heading: which report, of which round."""
    printed = PRINTED_REPORTS.get(job.params.get("report", ""))
    if printed is None:  # a report no longer drawn by jobs, kept from before
        return _("Drawing the PDF")
    return _("%(report)s (PDF)") % {"report": printed.label % job.params["options"]}


@job_kind(
    "report_pdf",
    title=_report_title,
    counted=ngettext_lazy("%(done)s of %(total)s page", "%(done)s of %(total)s pages", "total"),
    counted_so_far=ngettext_lazy(
        "%(done)s page drawn so far", "%(done)s pages drawn so far", "done"
    ),
    public=_anyone_may_read,
    shared=True,
)
def draw_report(job: Job, progress: Progress) -> dict[str, Any]:
    tournament = Tournament.objects.get(pk=job.tournament_id)  # deleted with it, never without
    params = job.params  # run in the page's language (params["language"])
    printed = PRINTED_REPORTS[params["report"]]
    if (missing := printed.missing_round(tournament, params["options"])) is not None:
        raise JobError([_("Round %(round)s no longer exists.") % {"round": missing}])
    try:
        report = printed.draw(tournament, paper=params["paper"], **params["options"])
        file_name, _mimetype, data = report.generate(page_done=lambda _page: progress.advance())
    except SheetError as error:
        raise JobError([str(error)]) from None
    job.file.save(file_name, ContentFile(data), save=False)
    Job.objects.filter(pk=job.pk).update(file=job.file.name)
    # Once this one is committed, the same report of older versions is read no more.
    transaction.on_commit(lambda: _discard_older(job))
    return {"file_name": file_name, "pages": progress.done, "bytes": len(data)}


def _discard_older(job: Job) -> None:
    older = Job.objects.filter(
        kind=job.kind,
        tournament_id=job.tournament_id,
        params__report=job.params["report"],
        params__options=job.params["options"],
        params__paper=job.params["paper"],
        params__language=job.params["language"],
        status__in=[Job.Status.DONE, Job.Status.FAILED],
        pk__lt=job.pk,
    )
    for old in older:
        if old.file:
            old.file.delete(save=False)
        old.delete()
