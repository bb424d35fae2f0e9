"""Starting and running jobs: on a Celery worker, or in a thread of this process.

Every kind of job is a function registered with :func:`job_kind`; it gets the job and a
:class:`Progress` and returns the job's result (JSON), or raises :class:`JobError` with the
problems to show. The function runs inside one transaction that also marks the job done:
a worker killed half-way commits nothing, the broker hands the job to another worker (the
task is acknowledged only once it has finished), and that worker starts it afresh. The
job's row is locked for the transaction, so a job delivered twice runs once; a job already
done is not run again. A file the job reads (an upload) is kept in Django's file storage,
which every process shares, until the job has ended; a file it makes stays with the job.

A large job may be cut into part jobs that several workers run at once: its function starts
them (each with ``part_of`` in its parameters) and calls :meth:`Progress.hand_over`; the job
then stays running, counting the work of each part as it commits, until the last part
finishes it (:func:`join_parts`, :func:`finish_parent`). A part that fails fails the job it
is part of.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.files import File
from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import ngettext

from .heartbeat import Beating, run_again_after_database_loss
from .models import Job, progress_key

logger = logging.getLogger(__name__)

Handler = Callable[[Job, "Progress"], dict[str, Any]]


@dataclass(frozen=True)
class JobKind:
    """A kind of job: the function that runs it and how its page speaks of it."""

    handler: Handler
    title: Any = None
    """The job page's heading (a lazy translation, or a function of the job for a kind
    whose jobs differ: which report a report job draws); ``None``: the PGN pages' own."""
    counted: Any = None
    """``ngettext_lazy`` of "%(done)s of %(total)s things" (number ``total``)."""
    counted_so_far: Any = None
    """``ngettext_lazy`` of "%(done)s things so far" (number ``done``), for a job that
    cannot know its total before it ends (a streamed rating list, a PDF's pages)."""
    public: bool | Callable[[Job], bool] = False
    """Whether whoever may view the job's tournament may follow it (a report anyone may
    read), not only its starter and the tournament's arbiters; for a kind whose jobs differ
    in this (reports, some of which are the arbiters'), a function of the job."""
    shared: bool = False
    """Whether its jobs belong to whoever asks the same (a report of a tournament version)
    rather than to the user who happened to start them: who may follow one is then decided
    by the tournament's rights alone, as for the report drawn in a request."""
    finished: Callable[[Any, Job], str | None] | None = None
    """``finished(request, job)``: the messages a finished job leaves, and the address to go
    to (``None``: the job page itself)."""

    def is_public(self, job: Job) -> bool:
        return self.public(job) if callable(self.public) else self.public


_KINDS: dict[str, JobKind] = {}


class JobError(Exception):
    """The job cannot be done as asked; ``problems`` says why (shown to the user).

    ``result``: what the failed job keeps as its result (a warning's question and the answer
    to send again with). ``keep_source``: the uploaded file stays with the failed job (until
    it is purged), so that the same job can be asked again, confirmed, without a new upload.
    """

    def __init__(
        self,
        problems: list[str],
        *,
        result: dict[str, Any] | None = None,
        keep_source: bool = False,
    ) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        self.result = result
        self.keep_source = keep_source


def job_kind(name: str, **display: Any) -> Callable[[Handler], Handler]:
    """Register the function that runs jobs of kind ``name``; ``display``: the other fields
    of :class:`JobKind`."""

    def register(handler: Handler) -> Handler:
        _KINDS[name] = JobKind(handler, **display)
        return handler

    return register


def kind_of(job: Job) -> JobKind | None:
    return _KINDS.get(job.kind)


def counted_text(job: Job, done: int, total: int) -> str:
    """ "3 of 8 games", or for a job that cannot know its total, "3 pages so far"."""
    kind = kind_of(job)
    numbers = {"done": done, "total": total}
    if total:
        if kind is not None and kind.counted is not None:
            return str(kind.counted % numbers)
        return ngettext("%(done)s of %(total)s game", "%(done)s of %(total)s games", total) % (
            numbers
        )
    if done and kind is not None and kind.counted_so_far is not None:
        return str(kind.counted_so_far % numbers)
    return ""


class Progress:
    """How far a job has got, kept in the shared cache (the job's transaction is not yet
    committed, so its row cannot say) every ``step`` items and at the end."""

    def __init__(self, job: Job, step: int = 25) -> None:
        self.job = job
        self.step = step
        self.total = 0
        self.done = 0
        self.handed_over = False

    def start(self, total: int) -> None:
        self.total, self.done = total, 0
        self._publish()

    def advance(self, count: int = 1) -> None:
        self.done += count
        if self.done % self.step < count or self.done >= self.total:
            self._publish()

    def hand_over(self, total: int, *, again: bool = False) -> None:
        """The job's ``total`` items are now the work of its part jobs: it stays running,
        its row counting what each part has done once that part commits. ``again``: the
        parts were started by an earlier delivery of this job, leave their count alone."""
        self.total, self.handed_over = total, True
        if not again:
            Job.objects.filter(pk=self.job.pk).update(done=0, total=total)

    def _publish(self) -> None:
        cache.set(progress_key(self.job.pk), (self.done, self.total), 24 * 3600)


def start_job(
    kind: str,
    *,
    params: dict[str, Any],
    user: Any,
    tournament: Any = None,
    source: File | None = None,
    key: str = "",
    reuse_done: bool = False,
) -> Job:
    """Create a job and have it run once the current transaction commits.

    ``source``: a file the job reads, kept in the file storage until the job ends. ``key``:
    what the job does; a job of the same kind and key still waiting or running is returned
    instead of a new one (a form sent twice, a retried request), and with ``reuse_done`` a
    finished one too, unless it failed (a report of a tournament version already drawn).
    """
    if kind not in _KINDS:
        raise ValueError(f"no job kind {kind!r}; known: {', '.join(sorted(_KINDS))}")
    if key and (same := _same_job(kind, key, reuse_done)) is not None:
        return same
    # The job speaks the language of the page that started it (its errors, a PDF's labels).
    params = {"language": translation.get_language() or settings.LANGUAGE_CODE, **params}
    job = Job(
        kind=kind,
        params=params,
        tournament=tournament,
        key=key,
        created_by=user if getattr(user, "is_authenticated", False) else None,
    )
    if source is not None:
        job.source.save(os.path.basename(source.name or "upload"), source, save=False)
    job.save()
    if getattr(settings, "JOBS_EAGER", False):
        # The tests: at once, inside the test's transaction (which never commits).
        dispatch(job.pk)
        job.refresh_from_db()
    else:
        transaction.on_commit(lambda: dispatch(job.pk))
    return job


def _same_job(kind: str, key: str, reuse_done: bool) -> Job | None:
    statuses = [Job.Status.QUEUED, Job.Status.RUNNING] + ([Job.Status.DONE] if reuse_done else [])
    return Job.objects.filter(kind=kind, key=key, status__in=statuses).order_by("-pk").first()


def broker_url() -> str:
    return str(getattr(settings, "CELERY_BROKER_URL", "") or "")


def dispatch(job_id: int) -> None:
    """Hand the job to Celery, or run it here: at once with ``JOBS_EAGER`` (the tests), else
    in a background thread (``make run``: no broker, one process; or the broker down)."""
    if getattr(settings, "JOBS_EAGER", False):
        run_job(job_id)
    elif not broker_url() or not _sent_to_broker(job_id):
        threading.Thread(
            target=_run_in_thread, args=(job_id,), name=f"job-{job_id}", daemon=True
        ).start()


def _sent_to_broker(job_id: int) -> bool:
    """Whether the job is on the broker's queue. Its row is committed already: a broker
    that cannot be reached must not leave it waiting for a worker that will never hear of
    it, nor answer the request that started it with an error page, so the job runs in this
    process instead, as without a broker."""
    from arbiter.celery import app  # imported only where a broker is used

    try:
        # No result kept: the job's row is its result (and a result store that cannot be
        # reached would hold the request for many seconds, then refuse every later job).
        app.send_task("jobs.run", args=[job_id], ignore_result=True)
    except Exception as error:  # whatever the broker's client raises, the job must run
        logger.warning(
            "job %s runs in this process: the broker cannot be reached (%s: %s)",
            job_id,
            type(error).__name__,
            error,
        )
        return False
    return True


def _run_in_thread(job_id: int) -> None:
    try:
        run_job(job_id)
    finally:
        connection.close()  # the thread's own connection


def run_job(job_id: int, worker: str = "") -> None:
    """Run a job unless it is finished (a retry of a finished job does nothing). ``worker``:
    the name of the Celery worker running it, for its heartbeat (else this machine's)."""
    started = Job.objects.filter(pk=job_id, status__in=[Job.Status.QUEUED, Job.Status.RUNNING])
    if not started.update(
        status=Job.Status.RUNNING, started_at=timezone.now(), attempts=F("attempts") + 1
    ):
        return
    # Which process runs it, for whoever must stop it (the production-stack test kills it).
    cache.set(runner_key(job_id), f"{socket.gethostname()}:{os.getpid()}", 24 * 3600)
    name = f"{worker or socket.gethostname()} (pid {os.getpid()})"
    with Beating(job_id, name) as beating:
        try:
            ended = _run_started(job_id, beating)
        except DatabaseLost:
            beating.keep = True  # for the look-out, should the database stay away
            done, total = beating.figures()
        else:
            if ended:
                discard_source(job_id)
            return
    if run_again_after_database_loss(job_id, name, done, total):
        run_job(job_id, worker)


class DatabaseLost(Exception):
    """The database connection failed under a run (a restart, a network cut): the run's
    transaction is rolled back and nothing of it was committed, so it can run again."""


def _run_started(job_id: int, beating: Beating) -> bool:
    """Run the job marked running; whether this run ended it (done or failed) and its
    uploaded file may go (not when the job failed keeping it, :class:`JobError`)."""
    try:
        with transaction.atomic():
            job = Job.objects.select_for_update().get(pk=job_id)
            if job.finished:  # another worker finished it while this one waited for the lock
                return False
            progress = Progress(job)
            beating.progress = progress
            with translation.override(job.params.get("language") or settings.LANGUAGE_CODE):
                result = _KINDS[job.kind].handler(job, progress)
            if progress.handed_over:
                return False  # running until its last part finishes it
            Job.objects.filter(pk=job_id).update(
                status=Job.Status.DONE,
                result=result,
                errors=[],
                done=progress.done,
                total=progress.total or progress.done,  # counted as it went: now known
                finished_at=timezone.now(),
            )
    except JobError as error:
        fail_job(job_id, error.problems, result=error.result)
        if error.keep_source:
            return False
    except (OperationalError, InterfaceError) as error:
        logger.warning("job %s: the database failed under it: %s", job_id, error)
        raise DatabaseLost from error
    except Exception as error:  # a bug: recorded on the job, logged with its traceback
        logger.exception("job %s failed", job_id)
        fail_job(job_id, [f"{type(error).__name__}: {error}"])
    finally:
        cache.delete(progress_key(job_id))
    return True


def discard_source(job_id: int) -> None:
    """The ended job's uploaded file is read no more (a job that ended is not run again)."""
    job = Job.objects.filter(pk=job_id).only("source").first()
    if job is not None and job.source:
        job.source.delete(save=False)
        Job.objects.filter(pk=job_id).update(source="")


def join_parts(
    part: Job, results: Any, *, count: int | None = None
) -> tuple[Job, list[Any]] | None:
    """Count a part's ``results`` (``count`` items, else as many as the list holds) as done
    on the job it is part of, inside the part's transaction. For the last part to finish:
    that job, locked until the part commits, and every part's results in the parts' order
    (the others' rows are emptied: the caller joins them and finish the job with
    :func:`finish_parent`). For any other part, or when another part has failed the job:
    None, and the part returns ``{"part": results}`` to keep them on its row. Parts
    finishing at once take turns on the job's row, so the last of them sees every other
    part done."""
    parent = Job.objects.select_for_update().get(pk=part.params["part_of"])
    done = len(results) if count is None else count
    Job.objects.filter(pk=parent.pk).update(done=F("done") + done)
    parent.refresh_from_db(fields=["done"])
    if parent.status != Job.Status.RUNNING:
        return None  # another part failed it
    others = Job.objects.filter(
        kind=part.kind, params__part_of=parent.pk, status=Job.Status.DONE
    ).exclude(pk=part.pk)
    if others.count() < part.params["parts"] - 1:
        return None
    by_index = {other.params["index"]: other.result["part"] for other in others}
    by_index[part.params["index"]] = results
    others.update(result={})  # joined into the job's own result now
    return parent, [by_index[index] for index in range(part.params["parts"])]


def finish_parent(parent: Job, result: dict[str, Any]) -> None:
    """Mark a job whose parts are all done as done, with its result."""
    Job.objects.filter(pk=parent.pk, status=Job.Status.RUNNING).update(
        status=Job.Status.DONE, result=result, errors=[], finished_at=timezone.now()
    )


def runner_key(job_id: int) -> str:
    return f"job-runner:{job_id}"


def fail_job(job_id: int, problems: list[str], *, result: dict[str, Any] | None = None) -> None:
    """Mark the job failed with ``problems`` (and ``result``, when the failure leaves one),
    and the job it is a part of with it."""
    kept = {} if result is None else {"result": result}
    Job.objects.filter(pk=job_id).update(
        status=Job.Status.FAILED, errors=problems, finished_at=timezone.now(), **kept
    )
    params = Job.objects.filter(pk=job_id).values_list("params", flat=True).first()
    if isinstance(params, dict) and params.get("part_of"):
        Job.objects.filter(
            pk=params["part_of"], status__in=[Job.Status.QUEUED, Job.Status.RUNNING]
        ).update(status=Job.Status.FAILED, errors=problems, finished_at=timezone.now())


DEFAULT_RETENTION_DAYS = 30


def purge_finished_jobs(older_than: timedelta) -> int:
    """Delete the jobs that finished more than ``older_than`` ago, with the files they kept
    (an upload not yet discarded, a report they made); a job still waiting or running is
    kept whatever its age. Returns how many were deleted."""
    old = Job.objects.filter(
        status__in=[Job.Status.DONE, Job.Status.FAILED],
        finished_at__lt=timezone.now() - older_than,
    )
    storage = Job._meta.get_field("file").storage
    for names in old.values_list("source", "file"):
        for name in names:
            if name:
                storage.delete(name)
    deleted, _rows = old.delete()
    return deleted
