"""A cross-test campaign (FIDE checklist A9) while it runs and after: its progress (tournaments
done of the total, the rate, the time it should end, each way's totals so far), the files of
the events with a discrepancy, and resuming a campaign whose workers stopped.

The campaign is a ``crosstest`` job; with workers it is cut into ``crosstest_part`` jobs
(:mod:`tournaments.jobs`). A part's row is the truth of its range of tournaments: done (its
totals kept on it), or not done (waiting, or run by a worker that may have died, which
committed nothing). Resuming sends every part not done to the workers again: a part done is
never run again, and one delivered twice runs once (its row is locked while it runs).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db.models import QuerySet
from django.db.models.signals import post_delete
from django.utils import timezone

from jobs.models import Job, progress_key
from jobs.runner import dispatch
from tournaments.pairing.crosstest import Direction, Tally

FILES = "crosstests"
"""The folder of the file storage that keeps each campaign's discrepancy files."""


def files_folder(campaign_id: int) -> str:
    return f"{FILES}/{campaign_id}"


def keep_discrepancy_files(campaign_id: int, folder: Path) -> None:
    """Keep the TRF files of an event with a discrepancy (those in ``folder``) with the
    campaign, under their own names; a part run again replaces them rather than adding
    copies."""
    for path in sorted(folder.glob("*.trf")):
        name = f"{files_folder(campaign_id)}/{path.name}"
        if default_storage.exists(name):
            default_storage.delete(name)
        default_storage.save(name, ContentFile(path.read_bytes()))


def discrepancy_files(campaign_id: int) -> list[str]:
    """The names of the campaign's discrepancy files, sorted."""
    try:
        _folders, names = default_storage.listdir(files_folder(campaign_id))
    except FileNotFoundError:
        return []
    return sorted(name for name in names if name.endswith(".trf"))


def open_discrepancy_file(campaign_id: int, name: str) -> Any:
    """The named discrepancy file of the campaign, opened; ``None`` unless the campaign
    keeps a file of that name (a name is never a path)."""
    if name not in discrepancy_files(campaign_id):
        return None
    return default_storage.open(f"{files_folder(campaign_id)}/{name}", "rb")


def delete_discrepancy_files(campaign_id: int) -> None:
    for name in discrepancy_files(campaign_id):
        default_storage.delete(f"{files_folder(campaign_id)}/{name}")


def _campaign_deleted(sender: type[Job], instance: Job, **kwargs: Any) -> None:
    if instance.kind == "crosstest":
        delete_discrepancy_files(instance.pk)


def connect() -> None:
    """A campaign deleted (``purge_jobs``, the admin) takes its discrepancy files along."""
    post_delete.connect(_campaign_deleted, sender=Job, dispatch_uid="crosstest-files")


def parts_of(campaign: Job) -> QuerySet[Job]:
    return Job.objects.filter(kind="crosstest_part", params__part_of=campaign.pk)


@dataclass
class CampaignProgress:
    """Where a campaign stands."""

    status: str
    done: int
    total: int
    per_minute: float
    """Tournaments a minute over the time the workers ran it (pauses not counted)."""
    ends_at: datetime.datetime | None
    """When it should end at that rate (``None``: finished, or no rate yet)."""
    parts: dict[str, int] = field(default_factory=dict)
    """Parts waiting, running, done and failed (none: run without workers, in one piece)."""
    tallies: dict[Direction, Tally] = field(default_factory=dict)
    """Each way's totals over the tournaments whose part is done."""
    files: list[str] = field(default_factory=list)

    @property
    def discrepancies(self) -> int:
        return sum(tally.discrepancies for tally in self.tallies.values())

    @property
    def reading_differences(self) -> int:
        return sum(tally.reading_differences for tally in self.tallies.values())

    @property
    def unfinishable(self) -> int:
        return sum(tally.unfinishable for tally in self.tallies.values())

    @property
    def resumable(self) -> bool:
        """Whether some of its work is left that workers may take again."""
        return self.status in (Job.Status.QUEUED, Job.Status.RUNNING, Job.Status.FAILED) and (
            self.done < self.total or not self.total
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "per_minute": round(self.per_minute, 2),
            "ends_at": self.ends_at,
            "parts": self.parts,
            "discrepancies": self.discrepancies,
            "reading_differences": self.reading_differences,
            "unfinishable": self.unfinishable,
            "ways": {
                direction.value: {
                    "tournaments": tally.tournaments,
                    "unfinishable": tally.unfinishable,
                    "rounds": tally.rounds,
                    "discrepancies": tally.discrepancies,
                    "reading_differences": tally.reading_differences,
                }
                for direction, tally in self.tallies.items()
            },
            "files": self.files,
        }


def campaign_progress(campaign: Job, now: datetime.datetime | None = None) -> CampaignProgress:
    """The campaign's progress as of ``now``: tournaments done (the parts committed, and how
    far the running ones have got), each way's totals, the rate and the expected end."""
    now = now or timezone.now()
    tallies = {direction: Tally(direction) for direction in Direction}
    files = discrepancy_files(campaign.pk)
    if campaign.status == Job.Status.DONE and campaign.result:
        for direction, tally in tallies.items():
            tally.merge(Tally.from_dict(direction, campaign.result.get(direction.value, {})))
    parts = list(
        parts_of(campaign).values_list("pk", "status", "started_at", "finished_at", "total")
    )
    if not parts:
        done, total = campaign.progress()
        if campaign.status != Job.Status.DONE:
            tallies = {}  # counted as one piece: known when it ends
        spans = [(campaign.started_at, campaign.finished_at or now)] if campaign.started_at else []
        return _progress(campaign, done, total, spans, now, {}, tallies, files)
    counts = {status: 0 for status in Job.Status.values}
    done, spans = 0, []
    for pk, status, started_at, finished_at, size in parts:
        counts[status] += 1
        if status == Job.Status.DONE:
            done += size
        elif status == Job.Status.RUNNING:
            live = cache.get(progress_key(pk))
            done += live[0] if live else 0
        if started_at is not None and status in (Job.Status.DONE, Job.Status.RUNNING):
            spans.append((started_at, finished_at or now))
    if campaign.status != Job.Status.DONE:
        for totals in (
            parts_of(campaign)
            .filter(status=Job.Status.DONE)
            .values_list("result__part__totals", flat=True)
        ):
            for direction, tally in tallies.items():
                if totals:
                    tally.merge(Tally.from_dict(direction, totals[direction.value]))
    total = campaign.total or 2 * int(campaign.params.get("count", 0))
    return _progress(campaign, done, total, spans, now, counts, tallies, files)


def _progress(
    campaign: Job,
    done: int,
    total: int,
    spans: list[tuple[datetime.datetime, datetime.datetime]],
    now: datetime.datetime,
    parts: dict[str, int],
    tallies: dict[Direction, Tally],
    files: list[str],
) -> CampaignProgress:
    minutes = busy_seconds(spans) / 60
    per_minute = done / minutes if minutes and done else 0.0
    finished = campaign.status in (Job.Status.DONE, Job.Status.FAILED)
    ends_at = None
    if per_minute and not finished and done < total:
        ends_at = now + datetime.timedelta(minutes=(total - done) / per_minute)
    return CampaignProgress(
        campaign.status, done, total, per_minute, ends_at, parts, tallies, files
    )


def busy_seconds(spans: Iterable[tuple[datetime.datetime, datetime.datetime]]) -> float:
    """The time covered by at least one of the spans (a part running): parts running side by
    side count once, and a pause with no worker running counts not at all."""
    covered = 0.0
    end: datetime.datetime | None = None
    for start, stop in sorted(spans):
        if end is None or start > end:
            covered += (stop - start).total_seconds()
            end = stop
        elif stop > end:
            covered += (stop - end).total_seconds()
            end = stop
    return covered


def resume_crosstest(campaign: Job) -> int:
    """Send the campaign's unfinished work to the workers again: every part not done (a
    failed one waits again, and so does the campaign it failed), or the campaign itself if
    it has not been cut into parts yet. Returns how many jobs were sent."""
    if campaign.status == Job.Status.DONE:
        return 0
    unfinished = list(parts_of(campaign).exclude(status=Job.Status.DONE).order_by("pk"))
    if campaign.status == Job.Status.FAILED:
        if not unfinished and parts_of(campaign).exists():
            return 0  # every part done: nothing is left to run
        Job.objects.filter(pk=campaign.pk).update(
            status=Job.Status.RUNNING if unfinished else Job.Status.QUEUED,
            errors=[],
            finished_at=None,
        )
    if not unfinished:
        dispatch(campaign.pk)
        return 1
    Job.objects.filter(pk__in=[part.pk for part in unfinished], status=Job.Status.FAILED).update(
        status=Job.Status.QUEUED, errors=[], finished_at=None
    )
    for part in unfinished:
        dispatch(part.pk)
    return len(unfinished)
