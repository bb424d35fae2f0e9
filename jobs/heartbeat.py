"""Heartbeats of the jobs being run, and what becomes of a job whose worker is lost.

A job's message is acknowledged to the broker only once the job has ended, so a job whose
worker dies is given to another worker; but a worker killed as a whole (not one of its pool
processes, which the worker itself reports at once), or its machine gone, leaves its message
with the broker until the visibility timeout (an hour), and a web process that ran a job in
a thread (no broker) and restarted leaves it to no one. Meanwhile the job reads "Running"
with the figures of its last minute.

So each run writes a heartbeat (:class:`Beating`): which worker, when, how far it had got,
every ``JOBS_HEARTBEAT`` seconds. A job not heard from for ``JOBS_LOST_AFTER`` seconds is
found (:func:`find_lost_jobs`) by each Celery worker when it starts and every
``JOBS_HEARTBEAT`` seconds after, and by the job's page and API resource when they are
read: the interruption is recorded on the job and the job is sent to be run again, once per
loss. The lost run committed nothing (a job runs in one transaction), so the job is run
afresh and done once; a message of the lost run that the broker delivers later finds the
job done or running and leaves it. A job lost more than ``JOBS_MAX_LOSSES`` times fails,
saying so, rather than being sent round for ever.

A running job's transaction holds its row locked: a job whose row is locked has a live
run, whatever its heartbeat says (a worker too busy to write it, a database that was slow to
take it), and is left alone.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection, transaction
from django.db.models import Q
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import runner
from .models import Heartbeat, Job, progress_key

logger = logging.getLogger(__name__)


def enabled() -> bool:
    """Whether runs beat and lost jobs are looked for: ``JOBS_LOST_AFTER`` set (it is not on
    SQLite), and the jobs not run at once in the request (the tests' ``JOBS_EAGER``)."""
    return settings.JOBS_LOST_AFTER > 0 and not getattr(settings, "JOBS_EAGER", False)


class Beating:
    """The heartbeat of one run of a job, for a ``with`` block around the run: the first beat
    when it begins, then one every ``JOBS_HEARTBEAT`` seconds from a thread of its own (with
    the figures of :attr:`progress`, once the run has one), and none left when it ends."""

    def __init__(self, job_id: int, worker: str) -> None:
        self.job_id = job_id
        self.worker = worker[:200]
        self.progress: runner.Progress | None = None
        self.keep = False
        """Leave the last heartbeat when the run ends (cut by the database: if it does not
        come back soon, the look-out finds the job by that heartbeat)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Beating:
        if enabled():
            self._beat()
            self._thread = threading.Thread(
                target=self._keep_beating, name=f"job-{self.job_id}-heartbeat", daemon=True
            )
            self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join(timeout=settings.JOBS_HEARTBEAT + 5)
        if self.keep:
            return
        try:
            Heartbeat.objects.filter(job_id=self.job_id).delete()
        except DatabaseError as error:  # left behind, it is removed once found stale
            logger.warning("job %s: its heartbeat could not be removed (%s)", self.job_id, error)

    def _keep_beating(self) -> None:
        try:
            while not self._stop.wait(settings.JOBS_HEARTBEAT):
                try:
                    self._beat()
                except DatabaseError as error:  # the database restarting: beat again later
                    logger.warning("job %s: no heartbeat written (%s)", self.job_id, error)
                    connection.close()
        finally:
            connection.close()  # the thread's own connection

    def figures(self) -> tuple[int, int]:
        """How far the run got: done, of total (0, 0 before it has a progress)."""
        return (self.progress.done, self.progress.total) if self.progress else (0, 0)

    def _beat(self) -> None:
        done, total = self.figures()
        figures = {"worker": self.worker, "beat_at": timezone.now(), "done": done, "total": total}
        if not Heartbeat.objects.filter(job_id=self.job_id).update(**figures):
            Heartbeat.objects.create(job_id=self.job_id, **figures)


def find_lost_jobs(job_id: int | None = None) -> list[int]:
    """Record and send to be run again each job not heard from for ``JOBS_LOST_AFTER``
    seconds (or fail it, lost too often); only ``job_id`` and its part jobs if given (a job
    handed over to its parts beats no more: they do). Returns their ids."""
    if not enabled():
        return []
    cutoff = timezone.now() - timedelta(seconds=settings.JOBS_LOST_AFTER)
    stale = Heartbeat.objects.filter(beat_at__lt=cutoff)
    if job_id is not None:
        stale = stale.filter(Q(job_id=job_id) | Q(job__params__part_of=job_id))
    return [lost for lost in stale.values_list("job_id", flat=True) if _recover(lost, cutoff)]


def _recover(job_id: int, cutoff: datetime) -> bool:
    with transaction.atomic():
        # Locked: its run is alive (or another process is recovering it).
        job = Job.objects.select_for_update(skip_locked=True).filter(pk=job_id).first()
        beat = (
            Heartbeat.objects.select_for_update().filter(job_id=job_id, beat_at__lt=cutoff).first()
        )
        if job is None or beat is None:  # locked, deleted, or it beat again meanwhile
            return False
        beat.delete()
        if job.status != Job.Status.RUNNING:
            return False  # its run ended without removing its heartbeat
        done, total = cache.get(progress_key(job_id)) or (beat.done, beat.total)
        _add_interruption(job, beat.worker, beat.beat_at, done, total)
        if _give_up(job):
            transaction.on_commit(lambda: runner.discard_source(job_id))
        else:
            Job.objects.filter(pk=job_id).update(
                status=Job.Status.QUEUED, interruptions=job.interruptions
            )
            transaction.on_commit(lambda: runner.dispatch(job_id))
    cache.delete(progress_key(job_id))  # the lost run's figures
    logger.warning(
        "job %s: worker %s stopped answering at %s at %s of %s; %s",
        job_id,
        beat.worker,
        beat.beat_at.isoformat(timespec="seconds"),
        done,
        total,
        "failed" if len(job.interruptions) > settings.JOBS_MAX_LOSSES else "sent to run again",
    )
    return True


def _add_interruption(
    job: Job, worker: str, stopped_at: datetime, done: int, total: int, cause: str = "worker"
) -> None:
    """Note on ``job`` (not saved) that its run stopped: ``cause`` "worker" (lost) or
    "database" (its connection failed under it)."""
    job.interruptions = [
        *job.interruptions,
        {
            "worker": worker,
            "stopped_at": stopped_at.isoformat(),
            "done": done,
            "total": total,
            "started_at": job.started_at.isoformat() if job.started_at else None,
            "cause": cause,
        },
    ]


def _give_up(job: Job) -> bool:
    """Fail ``job`` if it has been interrupted more than ``JOBS_MAX_LOSSES`` times, saying
    so; whether it failed."""
    if len(job.interruptions) <= settings.JOBS_MAX_LOSSES:
        return False
    job.status = Job.Status.FAILED  # for the wording of the last interruption
    with translation.override(job.params.get("language") or settings.LANGUAGE_CODE):
        problems = [*interruptions(job)[-1:], given_up(job)]
    Job.objects.filter(pk=job.pk).update(interruptions=job.interruptions)
    runner.fail_job(job.pk, problems)
    return True


DATABASE_WAIT = 30.0
"""Seconds a run cut by the database waits for it to answer again before leaving the job to
the look-out for lost jobs."""


def database_came_back(wait: float = DATABASE_WAIT) -> bool:
    """Whether the database answers again within ``wait`` seconds (a restart's)."""
    deadline = time.monotonic() + wait
    delay = 0.5
    while True:
        connection.close()  # the broken connection: a new one is opened below
        try:
            connection.ensure_connection()
            return True
        except DatabaseError:
            if time.monotonic() + delay > deadline:
                return False
        time.sleep(delay)
        delay = min(delay * 2, 5.0)


def run_again_after_database_loss(job_id: int, worker: str, done: int, total: int) -> bool:
    """A run whose database connection failed under it (its transaction rolled back, so it
    committed nothing): once the database answers again, the interruption is recorded and
    the job is to be run again here at once (``True``), unless it has been interrupted too
    often (failed). If the database stays away, ``False``: the run's last heartbeat stays,
    and the look-out for lost jobs sends the job again once the database is back."""
    stopped_at = timezone.now()
    if not database_came_back():
        logger.warning("job %s: the database did not come back; left to the look-out", job_id)
        return False
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != Job.Status.RUNNING:
            return False  # deleted, or another worker took it meanwhile
        _add_interruption(job, worker, stopped_at, done, total, cause="database")
        if _give_up(job):
            transaction.on_commit(lambda: runner.discard_source(job_id))
            return False
        Job.objects.filter(pk=job_id).update(interruptions=job.interruptions)
    logger.warning(
        "job %s: the database stopped answering at %s of %s; run again", job_id, done, total
    )
    return True


def watch_in_background() -> threading.Thread | None:
    """Look for lost jobs now and every ``JOBS_HEARTBEAT`` seconds, from a thread of this
    process (a Celery worker's)."""
    if not enabled():
        return None
    thread = threading.Thread(target=_watch, name="lost-jobs", daemon=True)
    thread.start()
    return thread


def _watch() -> None:
    while True:
        try:
            find_lost_jobs()
        except DatabaseError as error:  # the database restarting: look again later
            logger.warning("lost jobs not looked for: %s: %s", type(error).__name__, error)
            connection.close()
        except Exception:  # a bug: logged, and the look-out goes on
            logger.exception("looking for lost jobs failed")
            connection.close()
        time.sleep(settings.JOBS_HEARTBEAT)


# ---- how an interruption reads ---------------------------------------------------------------


def _clock(moment: str | datetime) -> str:
    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    return formats.time_format(timezone.localtime(moment), "H:i")


def interruptions(job: Job) -> list[str]:
    """Each time the job's worker stopped answering, in words: "Worker w1@host (pid 42)
    stopped answering at 10:02 while at 4750 of 5000 games. Started again at 10:03." """
    lines = []
    for index, lost in enumerate(job.interruptions):
        counted = runner.counted_text(job, lost["done"], lost["total"])
        numbers = {"worker": lost["worker"], "time": _clock(lost["stopped_at"])}
        if lost.get("cause") == "database":
            if counted:
                line = _(
                    "The database stopped answering %(worker)s at %(time)s while at %(counted)s."
                ) % {**numbers, "counted": counted}
            else:
                line = _("The database stopped answering %(worker)s at %(time)s.") % numbers
        elif counted:
            line = _("Worker %(worker)s stopped answering at %(time)s while at %(counted)s.") % {
                **numbers,
                "counted": counted,
            }
        else:
            line = _("Worker %(worker)s stopped answering at %(time)s.") % numbers
        again = _started_again(job, index)
        then = ""
        if again is not None:
            then = _("Started again at %(time)s.") % {"time": _clock(again)}
        elif job.status == Job.Status.QUEUED and index == len(job.interruptions) - 1:
            then = _("Waiting for a worker to start it again.")
        if then:
            # Translators: two sentences, one after the other (no space between them in Chinese).
            line = _("%(stopped)s %(then)s") % {"stopped": line, "then": then}
        lines.append(line)
    return lines


def _started_again(job: Job, index: int) -> datetime | None:
    """When the run after the ``index``-th interruption began: the start of the run lost
    next, or for the last one the job's latest start if it came after."""
    if index + 1 < len(job.interruptions):
        started = job.interruptions[index + 1]["started_at"]
        return datetime.fromisoformat(started) if started else None
    lost_start = job.interruptions[index]["started_at"]
    if job.status == Job.Status.QUEUED or job.started_at is None:
        return None
    if lost_start and job.started_at <= datetime.fromisoformat(lost_start):
        return None  # not started since
    return job.started_at


def given_up(job: Job) -> str:
    count = len(job.interruptions)
    return ngettext(
        "It was interrupted %(count)s time: the job is not started again.",
        "It was interrupted %(count)s times: the job is not started again.",
        count,
    ) % {"count": count}


def as_data(job: Job) -> list[dict[str, Any]]:
    """The interruptions as the API gives them: the facts, and the sentence the page shows;
    for a job cut into part jobs, its parts' too (the job's page and resource are the only
    ones its starter sees), each saying which part, all in the order they happened."""
    reported = _own_data(job)
    if not job.params.get("part_of"):
        for part in Job.objects.filter(params__part_of=job.pk).order_by("pk"):
            numbers = {"part": part.params["index"] + 1, "parts": part.params["parts"]}
            reported += [
                {
                    **lost,
                    **numbers,
                    # Translators: which part of a job cut into parts an interruption was
                    # in, then the sentence saying what happened.
                    "message": _("Part %(part)s of %(parts)s: %(interruption)s")
                    % {**numbers, "interruption": lost["message"]},
                }
                for lost in _own_data(part)
            ]
    return sorted(reported, key=lambda lost: datetime.fromisoformat(lost["stopped_at"]))


def _own_data(job: Job) -> list[dict[str, Any]]:
    """The job's own interruptions (not its parts'), as :func:`as_data` gives them."""
    return [
        {
            "worker": lost["worker"],
            "stopped_at": lost["stopped_at"],
            "done": lost["done"],
            "total": lost["total"],
            "started_again_at": again.isoformat() if again else None,
            "cause": lost.get("cause", "worker"),
            "part": None,
            "parts": None,
            "message": message,
        }
        for index, (lost, message) in enumerate(
            zip(job.interruptions, interruptions(job), strict=True)
        )
        for again in [_started_again(job, index)]
    ]
