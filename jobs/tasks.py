"""The Celery task that runs a job (loaded by the worker: ``celery -A arbiter worker``), and
the worker's look-out for jobs whose worker was lost (:mod:`jobs.heartbeat`)."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_ready

from .heartbeat import watch_in_background
from .runner import run_job


@shared_task(name="jobs.run", bind=True, acks_late=True, reject_on_worker_lost=True)
def run(self: Any, job_id: int) -> None:
    # Acknowledged only when done: a worker killed mid-job leaves the message to another.
    run_job(job_id, worker=self.request.hostname or "")


@worker_ready.connect
def look_for_lost_jobs(**_kwargs: Any) -> None:
    # A worker killed as a whole leaves its job's message to the broker's visibility timeout
    # (an hour): every worker, from its start, finds such a job by its heartbeat instead.
    watch_in_background()
