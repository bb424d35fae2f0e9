"""The Celery task that runs a job (loaded by the worker: ``celery -A arbiter worker``)."""

from __future__ import annotations

from celery import shared_task

from .runner import run_job


@shared_task(name="jobs.run", acks_late=True, reject_on_worker_lost=True)
def run(job_id: int) -> None:
    # Acknowledged only when done: a worker killed mid-job leaves the message to another.
    run_job(job_id)
