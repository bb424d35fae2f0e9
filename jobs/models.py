"""The record of a background job: what to do, how far it got, what came of it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class Job(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting to start")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    kind = models.CharField(_("kind"), max_length=40)
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, null=True, blank=True, related_name="jobs"
    )
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    key = models.CharField(
        _("key"),
        max_length=100,
        blank=True,
        db_index=True,
        help_text=_("What the job does, so that the same request gets the same job."),
    )
    source = models.FileField(
        _("file to read"),
        upload_to="jobs/sources/%Y/%m/",
        blank=True,
        help_text=_("The uploaded file the job reads; deleted once the job has ended."),
    )
    file = models.FileField(
        _("file made"),
        upload_to="jobs/files/%Y/%m/",
        blank=True,
        help_text=_("What the job produced (a PDF report), served until the job is deleted."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    done = models.PositiveIntegerField(_("done"), default=0)
    total = models.PositiveIntegerField(_("total"), default=0)
    result = models.JSONField(_("result"), null=True, blank=True)
    errors = models.JSONField(_("errors"), default=list, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    interruptions = models.JSONField(
        _("interruptions"),
        default=list,
        blank=True,
        help_text=_(
            "Each time the job's run was interrupted (its worker stopped answering, or its "
            "database connection failed): which worker, when, how far it had got, why "
            "(jobs.heartbeat)."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("background job")
        verbose_name_plural = _("background jobs")

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    def progress(self) -> tuple[int, int]:
        """``(done, total)``: the worker's latest figures, which it keeps in the shared cache
        while its work is still an uncommitted transaction, else the row's."""
        if not self.finished:
            live = cache.get(progress_key(self.pk))
            if live is not None:
                return live  # type: ignore[no-any-return]
        return self.done, self.total

    def as_dict(self) -> dict[str, Any]:
        # Imported here: the heartbeats' module speaks of the job kinds, which need this one.
        from .heartbeat import as_data

        done, total = self.progress()
        return {
            "id": self.pk,
            "kind": self.kind,
            "status": self.status,
            "done": done,
            "total": total,
            "result": self.result,
            "file": reverse("api:job-file", args=[self.pk]) if self.file else None,
            "errors": self.errors,
            "interruptions": as_data(self),
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
        }


def progress_key(job_id: int) -> str:
    return f"job-progress:{job_id}"


class Heartbeat(models.Model):
    """The sign of life of a job being run: which worker runs it, when it last said so and
    how far it had got. Written outside the job's transaction (which holds the job's row
    until it ends), so that every process sees it; deleted when the run ends."""

    # No foreign key in the database: checking one would wait for the lock the running
    # job's transaction holds on its row, the very thing a heartbeat must not wait for.
    job = models.OneToOneField(
        Job,
        on_delete=models.CASCADE,
        primary_key=True,
        db_constraint=False,
        related_name="heartbeat",
    )
    worker = models.CharField(_("worker"), max_length=200)
    beat_at = models.DateTimeField(_("last heard"), db_index=True)
    done = models.PositiveIntegerField(_("done"), default=0)
    total = models.PositiveIntegerField(_("total"), default=0)

    class Meta:
        verbose_name = _("heartbeat")
        verbose_name_plural = _("heartbeats")

    def __str__(self) -> str:
        return f"{self.worker} @ {self.beat_at:%H:%M:%S}"
