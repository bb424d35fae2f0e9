"""A cross-test campaign (FIDE checklist A9) shared by workers: parts (ranges of its
tournaments) each run once, resumed after a worker is lost, its progress, the files of the
events with a discrepancy, unfinishable events counted apart, and who may see it."""

from __future__ import annotations

import datetime
import shlex
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone

import tournaments.crosstest_campaign as campaigns
import tournaments.jobs as tournament_jobs
from jobs.models import Job, progress_key
from jobs.runner import run_job
from tests.factories import UserFactory
from tournaments.crosstest_campaign import (
    campaign_progress,
    discrepancy_files,
    parts_of,
    resume_crosstest,
)
from tournaments.jobs import start_crosstest

pytestmark = pytest.mark.django_db

FAKE = Path(__file__).resolve().parents[1] / "tournaments" / "pairing" / "fake_engine.py"
AGREEING = shlex.join([sys.executable, str(FAKE), "--dutch"])
DISAGREEING = shlex.join([sys.executable, str(FAKE), "--dutch", "--disagree"])


@pytest.fixture
def workers(settings, tmp_path, monkeypatch):
    """A broker, but no job runs until a test runs it as a worker would (run_job)."""
    settings.CELERY_BROKER_URL = "memory://"
    settings.JOBS_EAGER = False
    settings.MEDIA_ROOT = str(tmp_path)
    settings.CROSSTEST_ENGINE = AGREEING
    sent = []
    monkeypatch.setattr(campaigns, "dispatch", sent.append)
    return sent


@pytest.fixture
def counted(monkeypatch):
    """The seeds of the tournaments run, in order."""
    seeds = []
    real = tournament_jobs.run_task

    def run_task(task):
        seeds.append((task.direction.value, task.seed))
        return real(task)

    monkeypatch.setattr(tournament_jobs, "run_task", run_task)
    return seeds


def _campaign(count=2, part=1, **size):
    job = start_crosstest(
        count=count,
        seed=7,
        players=size.get("players", 6),
        rounds=size.get("rounds", 3),
        user=None,
        part=part,
    )
    run_job(job.pk)  # a worker cuts it into parts
    return Job.objects.get(pk=job.pk)


def _parts(job):
    return list(parts_of(job).order_by("pk"))


def test_each_part_is_run_once_and_a_part_done_is_not_run_again(workers, counted):
    job = _campaign(count=2, part=1)
    parts = _parts(job)
    assert [(p.params["first"], p.params["last"]) for p in parts] == [
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 4),
    ]
    for part in parts:
        run_job(part.pk)
    run_job(parts[0].pk)  # delivered again: done already
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 4, 4)
    assert len(counted) == len(set(counted)) == 4
    assert job.result["ours"]["tournaments"] == job.result["theirs"]["tournaments"] == 2


def test_a_part_whose_worker_died_is_run_again_on_resume_and_no_other(workers, counted):
    job = _campaign(count=2, part=1)
    first, lost, *waiting = _parts(job)
    run_job(first.pk)
    # The worker running the second part dies: its row says running, nothing committed.
    Job.objects.filter(pk=lost.pk).update(status=Job.Status.RUNNING, started_at=timezone.now())
    del workers[:]
    assert resume_crosstest(Job.objects.get(pk=job.pk)) == 3
    assert workers == [lost.pk, *(part.pk for part in waiting)]
    for pk in workers:
        run_job(pk)
    job.refresh_from_db()
    assert (job.status, job.done) == ("done", 4)
    assert len(counted) == len(set(counted)) == 4  # the first part was not run again
    assert resume_crosstest(job) == 0


def test_progress_counts_parts_done_and_running_and_the_rate_over_the_time_run(workers):
    job = _campaign(count=2, part=1)
    first, second, *_ = _parts(job)
    run_job(first.pk)
    start = timezone.now() - datetime.timedelta(hours=1)
    minute = datetime.timedelta(minutes=1)
    Job.objects.filter(pk=first.pk).update(started_at=start, finished_at=start + 2 * minute)
    # The second started a minute after the first, and is running; nothing ran in between
    # the first's end and a pause of ten minutes, which the rate leaves out.
    Job.objects.filter(pk=second.pk).update(
        status=Job.Status.RUNNING, started_at=start + 12 * minute
    )
    cache.set(progress_key(second.pk), (1, 1))  # its worker's count: not committed
    progress = campaign_progress(Job.objects.get(pk=job.pk), now=start + 14 * minute)
    assert (progress.done, progress.total) == (2, 4)
    assert progress.parts == {"queued": 2, "running": 1, "done": 1, "failed": 0}
    assert progress.per_minute == pytest.approx(2 / 4)  # 2 tournaments in 4 minutes run
    assert progress.ends_at == start + 18 * minute  # 2 more at that rate
    ways = progress.as_dict()["ways"]
    assert ways["ours"]["tournaments"] == 1 and ways["theirs"]["tournaments"] == 0


def test_the_two_ways_take_turns_so_that_a_campaign_stopped_early_covers_both(workers, counted):
    job = _campaign(count=2, part=2)
    first, _second = _parts(job)
    run_job(first.pk)
    assert [direction for direction, _seed in counted] == ["ours", "theirs"]
    ways = campaign_progress(Job.objects.get(pk=job.pk)).as_dict()["ways"]
    assert ways["ours"]["tournaments"] == ways["theirs"]["tournaments"] == 1


def test_unfinishable_events_are_counted_apart_not_as_discrepancies():
    # 6 players, 5 rounds, seed 5: neither engine can pair round 5 of either event ours
    # generate; the engine (pairing as we do) is asked, and agrees.
    out = StringIO()
    call_command(
        "crosstest",
        *("--engine", AGREEING, "--count", "2", "--players", "6", "--rounds", "5"),
        *("--seed", "5"),
        stdout=out,
    )
    lines = out.getvalue().splitlines()
    totals = next(line for line in lines if line.startswith("ours → theirs: "))
    assert totals.startswith(
        "ours → theirs: 2 tournaments (2 unfinishable, not compared), 0 rounds, "
        "0 discrepancies in 0 tournaments"
    )
    header = lines.index(
        "Unfinishable events (2: a round neither engine can pair; not discrepancies, not compared):"
    )
    assert lines.index(totals) == header + 3  # listed apart, before the totals
    assert sum("unfinishable: neither engine can pair round 5" in line for line in lines) == 2
    assert lines[-1] == "No discrepancies."


def test_discrepancy_files_are_kept_listed_and_served_to_staff(workers, client, settings):
    settings.CROSSTEST_ENGINE = DISAGREEING
    job = _campaign(count=1, part=1, players=8, rounds=4)
    for part in _parts(job):
        run_job(part.pk)
    job.refresh_from_db()
    files = campaign_progress(job).files
    assert job.result["discrepancies"] >= 2 and len(files) == 2
    assert any(name.startswith("ours_") for name in files)
    client.force_login(UserFactory(is_staff=True))
    page = client.get(reverse("tournaments:crosstest", args=[job.pk])).content.decode()
    assert all(name in page for name in files)
    reply = client.get(reverse("tournaments:crosstest_file", args=[job.pk, files[0]]))
    assert b"".join(reply.streaming_content).startswith(b"012 ")
    missing = reverse("tournaments:crosstest_file", args=[job.pk, "other.trf"])
    assert client.get(missing).status_code == 404
    api = client.get(reverse("api:cross-test", args=[job.pk])).json()
    assert [entry["name"] for entry in api["files"]] == files
    assert api["done"] == api["total"] == 2 and api["status"] == "done"
    assert client.get(api["files"][0]["url"]).status_code == 200
    campaign_id = job.pk
    job.delete()  # as purge_jobs does: the files go with the campaign
    assert discrepancy_files(campaign_id) == []


def test_only_staff_see_a_campaign_on_its_page_and_in_the_api(workers, client):
    job = _campaign(count=1, part=1)
    page = reverse("tournaments:crosstest", args=[job.pk])
    api = reverse("api:cross-test", args=[job.pk])
    assert client.get(api).status_code in (401, 403)
    assert client.get(page).status_code == 302  # to log in
    client.force_login(UserFactory())
    assert client.get(page).status_code == 403
    assert client.get(api).status_code == 403
    assert client.post(reverse("tournaments:crosstest_resume", args=[job.pk])).status_code == 403
    client.force_login(UserFactory(is_staff=True))
    shown = client.get(page).content.decode()
    assert "0 of 2 tournaments" in shown and "Resume" in shown
    data = client.get(api).json()
    assert (data["done"], data["total"], data["parts"]["queued"]) == (0, 2, 2)
    reply = client.post(reverse("tournaments:crosstest_resume", args=[job.pk]))
    assert reply.status_code == 302 and len(workers) == 2  # both parts sent again


def test_a_campaign_needs_workers_and_the_engine_they_run(settings):
    settings.CELERY_BROKER_URL = ""
    with pytest.raises(CommandError, match="a campaign needs Celery workers"):
        call_command("crosstest", "--campaign", "--count", "2", stdout=StringIO())
    with pytest.raises(CommandError, match="no cross-test campaign 999"):
        settings.CELERY_BROKER_URL = "memory://"
        call_command("crosstest", "--resume", "999", stdout=StringIO())
