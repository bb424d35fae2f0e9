"""``purge_jobs``: jobs that finished long ago go, with the files they kept; a job still
waiting or running stays whatever its age."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import CommandError, call_command
from django.utils import timezone

from jobs.models import Job

pytestmark = pytest.mark.django_db


def _job(status: str, days_ago: int | None, name: str) -> Job:
    job = Job(kind="crosstest", status=status, params={})
    job.file.save(f"{name}.txt", ContentFile(b"report"), save=False)
    if days_ago is not None:
        job.finished_at = timezone.now() - timedelta(days=days_ago)
    job.save()
    return job


def test_old_finished_jobs_and_their_files_are_deleted(capsys):
    old_done = _job(Job.Status.DONE, 40, "old-done")
    old_failed = _job(Job.Status.FAILED, 31, "old-failed")
    recent = _job(Job.Status.DONE, 5, "recent")
    running = _job(Job.Status.RUNNING, None, "running")
    running.created_at = timezone.now() - timedelta(days=90)
    running.save(update_fields=["created_at"])
    gone = [old_done.file.name, old_failed.file.name]
    call_command("purge_jobs")
    assert "2 finished jobs older than 30 days deleted." in capsys.readouterr().out
    assert set(Job.objects.values_list("pk", flat=True)) == {recent.pk, running.pk}
    assert not any(default_storage.exists(name) for name in gone)
    assert default_storage.exists(recent.file.name)
    call_command("purge_jobs", "--older-than", "1")
    assert set(Job.objects.values_list("pk", flat=True)) == {running.pk}


def test_a_wrong_age_is_refused():
    with pytest.raises(CommandError, match="not a whole number of days") as refused:
        call_command("purge_jobs", "--older-than", "0")
    assert refused.value.returncode == 2
