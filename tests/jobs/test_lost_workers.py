"""A job whose worker stops answering (killed as a whole, its machine gone, the web process
that ran it in a thread restarted) is found by its heartbeat, recorded on the job and sent to
be run again once per loss; the job's page and the API say what happened, in both
languages; a job lost too often fails, saying so (issue #27)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import OperationalError
from django.urls import reverse
from django.utils import timezone

import jobs.heartbeat as heartbeat
import jobs.runner as runner
from jobs.heartbeat import find_lost_jobs, interruptions
from jobs.models import Heartbeat, Job
from jobs.runner import JobKind, run_job
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

STARTED = datetime(2026, 12, 3, 10, 0, tzinfo=UTC)
STOPPED = datetime(2026, 12, 3, 10, 2, 30, tzinfo=UTC)


@pytest.fixture
def watched(settings, monkeypatch):
    """Heartbeats on (as on PostgreSQL), the jobs sent to a worker rather than run in the
    request; what is sent is recorded."""
    settings.JOBS_EAGER = False
    settings.JOBS_LOST_AFTER = 60
    settings.JOBS_HEARTBEAT = 3600  # no beat of its own during a test: the test writes them
    settings.JOBS_MAX_LOSSES = 3
    settings.TIME_ZONE = "UTC"
    sent: list[int] = []
    monkeypatch.setattr(runner, "dispatch", sent.append)
    return sent


def _running(owner: Any, *, beat_at: datetime, **fields: Any) -> Job:
    job = Job.objects.create(
        kind="pgn_import",
        status=Job.Status.RUNNING,
        started_at=STARTED,
        attempts=1,
        created_by=owner,
        **fields,
    )
    Heartbeat.objects.create(
        job=job, worker="w1@hall (pid 4242)", beat_at=beat_at, done=4750, total=5000
    )
    return job


def test_a_job_whose_worker_stopped_answering_is_sent_again_once(
    watched, django_capture_on_commit_callbacks
):
    job = _running(UserFactory(), beat_at=timezone.now() - timedelta(seconds=61))
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == [job.pk]
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == []  # found once: the heartbeat is gone with the loss
    job.refresh_from_db()
    assert watched == [job.pk]
    assert job.status == Job.Status.QUEUED
    assert not Heartbeat.objects.filter(job=job).exists()
    (lost,) = job.interruptions
    assert (lost["worker"], lost["done"], lost["total"]) == ("w1@hall (pid 4242)", 4750, 5000)
    assert lost["started_at"] == STARTED.isoformat()


def test_a_job_heard_from_lately_is_left_alone(watched, django_capture_on_commit_callbacks):
    job = _running(UserFactory(), beat_at=timezone.now() - timedelta(seconds=30))
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == []
    job.refresh_from_db()
    assert (job.status, job.interruptions, watched) == (Job.Status.RUNNING, [], [])


def test_a_finished_job_with_a_heartbeat_left_behind_is_not_run_again(
    watched, django_capture_on_commit_callbacks
):
    job = _running(UserFactory(), beat_at=timezone.now() - timedelta(hours=1))
    Job.objects.filter(pk=job.pk).update(status=Job.Status.DONE)
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == []
    assert watched == []
    assert not Heartbeat.objects.filter(job=job).exists()


def test_without_heartbeats_configured_nothing_is_looked_for(
    watched, settings, django_capture_on_commit_callbacks
):
    settings.JOBS_LOST_AFTER = 0  # SQLite's default: no heartbeat while a job writes
    _running(UserFactory(), beat_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == []
    assert watched == []


def test_a_job_lost_more_times_than_allowed_fails_saying_so(
    watched, django_capture_on_commit_callbacks
):
    earlier = [
        {
            "worker": "w1@hall (pid 1)",
            "stopped_at": STOPPED.isoformat(),
            "done": 10,
            "total": 5000,
            "started_at": STARTED.isoformat(),
        }
    ] * 3
    job = _running(
        UserFactory(),
        beat_at=timezone.now() - timedelta(seconds=90),
        interruptions=earlier,
        params={"language": "en"},
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == [job.pk]
    job.refresh_from_db()
    assert watched == []  # not sent again
    assert job.status == Job.Status.FAILED
    assert job.finished_at is not None
    assert len(job.interruptions) == 4
    assert job.errors[0].startswith("Worker w1@hall (pid 4242) stopped answering at ")
    assert job.errors[0].endswith(" while at 4750 of 5000 games.")
    assert job.errors[1] == "It was interrupted 4 times: the job is not started again."


def test_a_lost_part_fails_the_job_it_is_part_of_when_lost_too_often(
    watched, settings, django_capture_on_commit_callbacks
):
    settings.JOBS_MAX_LOSSES = 0
    user = UserFactory()
    parent = Job.objects.create(kind="pgn_check", status=Job.Status.RUNNING, created_by=user)
    part = _running(user, beat_at=timezone.now() - timedelta(seconds=90))
    Job.objects.filter(pk=part.pk).update(kind="pgn_check_part", params={"part_of": parent.pk})
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == [part.pk]
    parent.refresh_from_db()
    assert parent.status == Job.Status.FAILED
    assert parent.errors[-1] == "It was interrupted 1 time: the job is not started again."


def _lost_once(owner: Any) -> Job:
    """A job lost at 10:02 at 4,750 of 5,000 games, running again since 10:04."""
    job = _running(
        owner,
        beat_at=timezone.now(),
        interruptions=[
            {
                "worker": "w1@hall (pid 4242)",
                "stopped_at": STOPPED.isoformat(),
                "done": 4750,
                "total": 5000,
                "started_at": STARTED.isoformat(),
            }
        ],
    )
    Job.objects.filter(pk=job.pk).update(started_at=STARTED + timedelta(minutes=4))
    return job


def test_the_job_page_says_which_worker_stopped_where_and_when_it_started_again(client, watched):
    owner = UserFactory()
    job = _lost_once(owner)
    client.force_login(owner)
    page = client.get(reverse("jobs:detail", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert (
        "Worker w1@hall (pid 4242) stopped answering at 10:02 while at 4750 of 5000 games. "
        "Started again at 10:04."
    ) in page.content.decode()
    page = client.get(reverse("jobs:detail", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert (
        "工作进程 w1@hall (pid 4242) 于 10:02 停止响应，当时进度：5000 局中的 4750 局。"
        "已于 10:04 重新开始。"
    ) in page.content.decode()


def test_the_api_gives_each_interruption_with_its_sentence(client, watched):
    owner = UserFactory()
    job = _lost_once(owner)
    client.force_login(owner)
    reply = client.get(f"/api/v1/jobs/{job.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert reply.status_code == 200
    assert reply.json()["interruptions"] == [
        {
            "worker": "w1@hall (pid 4242)",
            "stopped_at": STOPPED.isoformat(),
            "done": 4750,
            "total": 5000,
            "started_again_at": (STARTED + timedelta(minutes=4)).isoformat(),
            "cause": "worker",
            "part": None,
            "parts": None,
            "message": "Worker w1@hall (pid 4242) stopped answering at 10:02 while at 4750 of "
            "5000 games. Started again at 10:04.",
        }
    ]


def test_reading_the_page_of_a_job_whose_worker_stopped_answering_sends_it_again(
    client, watched, django_capture_on_commit_callbacks
):
    """The web process finds it too: a job its own thread ran (no broker) before a restart."""
    owner = UserFactory()
    job = _running(owner, beat_at=timezone.now() - timedelta(minutes=5))
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        page = client.get(reverse("jobs:detail", args=[job.pk]), HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert watched == [job.pk]
    assert "Waiting to start" in text
    assert "while at 4750 of 5000 games. Waiting for a worker to start it again." in text


def test_a_run_beats_while_it_runs_and_leaves_no_heartbeat_when_it_ends(watched, monkeypatch):
    seen: list[tuple[str, int]] = []

    def handler(job: Job, progress: runner.Progress) -> dict[str, Any]:
        beat = Heartbeat.objects.get(job=job)
        seen.append((beat.worker, beat.total))
        return {}

    monkeypatch.setitem(runner._KINDS, "beating", JobKind(handler))
    job = Job.objects.create(kind="beating")
    run_job(job.pk, worker="w2@hall")
    job.refresh_from_db()
    assert job.status == Job.Status.DONE
    assert seen and seen[0][0].startswith("w2@hall (pid ")
    assert not Heartbeat.objects.filter(job=job).exists()


def _cut_by_the_database_first(failures: int) -> tuple[JobKind, list[int]]:
    """A kind of job whose first ``failures`` runs lose their database connection half-way
    (after writing a row that the rollback must take away)."""
    runs: list[int] = []

    def handler(job: Job, progress: runner.Progress) -> dict[str, Any]:
        progress.start(10)
        progress.advance(4)
        UserFactory(username=f"written-by-run-{len(runs)}")
        runs.append(len(runs))
        if len(runs) <= failures:
            raise OperationalError("terminating connection due to administrator command")
        return {"runs": len(runs)}

    return JobKind(handler), runs


def _database_back_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The database answers again at once. The real wait reconnects, which would close the
    test's own transaction on PostgreSQL: the stack test (tests/stack/) restarts a real one."""
    monkeypatch.setattr(heartbeat, "database_came_back", lambda: True)


def test_a_run_cut_by_the_database_runs_again_once_it_is_back_and_commits_once(
    settings, monkeypatch
):
    settings.JOBS_MAX_LOSSES = 3
    kind, runs = _cut_by_the_database_first(1)
    monkeypatch.setitem(runner._KINDS, "cut", kind)
    _database_back_at_once(monkeypatch)
    job = Job.objects.create(kind="cut", params={"language": "en"})
    run_job(job.pk, worker="w3@hall")
    job.refresh_from_db()
    assert (job.status, job.result, job.attempts) == (Job.Status.DONE, {"runs": 2}, 2)
    assert runs == [0, 1]
    # The first run's write was rolled back with it; the second's committed.
    assert not User.objects.filter(username="written-by-run-0").exists()
    assert User.objects.filter(username="written-by-run-1").exists()
    (cut,) = job.interruptions
    assert cut["cause"] == "database" and cut["worker"].startswith("w3@hall (pid ")
    assert (cut["done"], cut["total"]) == (4, 10)
    (message,) = interruptions(job)
    assert message.startswith(f"The database stopped answering {cut['worker']} at ")


def test_a_run_cut_by_the_database_too_often_fails_saying_so(settings, monkeypatch):
    settings.JOBS_MAX_LOSSES = 1
    kind, runs = _cut_by_the_database_first(5)
    monkeypatch.setitem(runner._KINDS, "cut", kind)
    _database_back_at_once(monkeypatch)
    job = Job.objects.create(kind="cut", params={"language": "en"})
    run_job(job.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and len(runs) == 2
    assert job.errors[-1] == "It was interrupted 2 times: the job is not started again."
    assert job.errors[0].startswith("The database stopped answering ")


def test_a_database_that_stays_away_leaves_the_job_to_the_look_out(watched, settings, monkeypatch):
    kind, runs = _cut_by_the_database_first(1)
    monkeypatch.setitem(runner._KINDS, "cut", kind)
    monkeypatch.setattr(heartbeat, "database_came_back", lambda: False)
    job = Job.objects.create(kind="cut", params={"language": "en"})
    run_job(job.pk, worker="w4@hall")
    job.refresh_from_db()
    assert (job.status, runs) == (Job.Status.RUNNING, [0])
    # Its last heartbeat stays: once stale, the look-out sends the job again.
    assert Heartbeat.objects.get(job=job).worker.startswith("w4@hall")


def _split_check_with_a_lost_part(owner: Any) -> tuple[Job, Job]:
    """A PGN check cut into two parts, the second's worker silent since 10:02:30 at 4,750 of
    5,000 games; the check itself, handed over to its parts, has no heartbeat of its own."""
    parent = Job.objects.create(
        kind="pgn_check", status=Job.Status.RUNNING, started_at=STARTED, created_by=owner
    )
    part = _running(owner, beat_at=STOPPED)
    Job.objects.filter(pk=part.pk).update(
        kind="pgn_check_part", params={"part_of": parent.pk, "index": 1, "parts": 2}
    )
    return parent, part


def test_a_split_check_reports_the_interruptions_of_its_parts(
    client, watched, django_capture_on_commit_callbacks
):
    """Its page and the API are the check's, not its parts': a part's worker killed shows
    on the check, saying which part (issue 35, item 19)."""
    owner = UserFactory()
    parent, part = _split_check_with_a_lost_part(owner)
    with django_capture_on_commit_callbacks(execute=True):
        assert find_lost_jobs() == [part.pk]
    client.force_login(owner)
    reply = client.get(f"/api/v1/jobs/{parent.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert reply.json()["interruptions"] == [
        {
            "worker": "w1@hall (pid 4242)",
            "stopped_at": STOPPED.isoformat(),
            "done": 4750,
            "total": 5000,
            "started_again_at": None,
            "cause": "worker",
            "part": 2,
            "parts": 2,
            "message": "Part 2 of 2: Worker w1@hall (pid 4242) stopped answering at 10:02 "
            "while at 4750 of 5000 games. Waiting for a worker to start it again.",
        }
    ]
    page = client.get(reverse("jobs:detail", args=[parent.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert (
        "第 2 部分（共 2 部分）：工作进程 w1@hall (pid 4242) 于 10:02 停止响应，"
        "当时进度：5000 局中的 4750 局。正在等待工作进程重新开始该任务。"
    ) in page.content.decode()


def test_reading_a_split_check_finds_a_part_whose_worker_stopped_answering(
    client, watched, django_capture_on_commit_callbacks
):
    owner = UserFactory()
    parent, part = _split_check_with_a_lost_part(owner)
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        reply = client.get(f"/api/v1/jobs/{parent.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert watched == [part.pk]
    assert [lost["part"] for lost in reply.json()["interruptions"]] == [2]
