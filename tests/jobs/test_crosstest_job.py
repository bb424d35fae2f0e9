"""The cross-test (FIDE checklist A9) as a background job, from a staff page: both ways'
tournaments against the reference engine the server is configured with, shared among the
workers in parts when there are workers, and a report with every discrepancy."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from django.urls import reverse

import tournaments.jobs as tournament_jobs
from jobs.models import Job
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

FAKE = Path(__file__).resolve().parents[1] / "tournaments" / "pairing" / "fake_engine.py"
AGREEING = shlex.join([sys.executable, str(FAKE), "--dutch"])
DISAGREEING = shlex.join([sys.executable, str(FAKE), "--dutch", "--disagree"])
RUN = {"count": "3", "players": "8", "rounds": "4", "seed": "11"}
PAGE = reverse("tournaments:crosstests")


@pytest.fixture
def staff(client):
    client.force_login(UserFactory(is_staff=True))
    return client


def _report(job: Job) -> str:
    with job.file.open("rb") as stream:
        return stream.read().decode()


def test_only_staff_may_run_it_and_only_with_an_engine_configured(client, staff, settings):
    settings.CROSSTEST_ENGINE = ""
    page = staff.get(PAGE).content.decode()
    assert "No reference engine is configured on this server" in page
    assert staff.post(PAGE, RUN).status_code == 200 and not Job.objects.exists()
    settings.CROSSTEST_ENGINE = "no-such-engine --dutch"
    assert "no-such-engine" in staff.get(PAGE).content.decode()
    client.force_login(UserFactory())
    assert client.get(PAGE).status_code == 403


def test_an_agreeing_engine_gives_a_report_without_discrepancies(staff, settings):
    settings.CROSSTEST_ENGINE = AGREEING
    reply = staff.post(PAGE, RUN)
    job = Job.objects.get(kind="crosstest")
    assert reply.url == reverse("tournaments:crosstest", args=[job.pk])
    assert (job.status, job.done, job.total) == ("done", 6, 6)
    assert job.result["discrepancies"] == 0
    assert job.result["ours"]["tournaments"] == job.result["theirs"]["tournaments"] == 3
    report = _report(job)
    assert report.startswith(f"Cross-test against {AGREEING}: 3 tournaments each way, seed 11")
    assert report.rstrip().endswith("No discrepancies.")
    assert str(job.created_at.year) in staff.get(PAGE).content.decode()
    verdict = staff.get(reverse("jobs:detail", args=[job.pk]), follow=True).content.decode()
    assert "No discrepancies between the engines in 3 tournaments each way." in verdict
    assert "Open the report" in verdict and "6 of 6 tournaments" in verdict
    # The same form sent again while the run is kept gives the same job, not a second run.
    job.status = Job.Status.RUNNING
    job.save(update_fields=["status"])
    assert staff.post(PAGE, RUN).url == reply.url


def test_a_disagreeing_engine_gives_every_discrepancy_by_round(staff, settings):
    settings.CROSSTEST_ENGINE = DISAGREEING
    staff.post(PAGE, RUN)
    job = Job.objects.get(kind="crosstest")
    assert job.status == "done" and job.result["discrepancies"] >= 3
    report = _report(job)
    assert "ours → theirs, seed" in report and ", round 2:" in report
    assert "discrepancies between the engines" in report
    verdict = staff.get(reverse("jobs:detail", args=[job.pk]), follow=True).content.decode()
    assert f"{job.result['discrepancies']} discrepancies between the engines" in verdict


def test_with_workers_the_run_is_shared_in_parts_with_the_same_report(staff, settings, monkeypatch):
    settings.CROSSTEST_ENGINE = DISAGREEING
    staff.post(PAGE, RUN)
    alone = Job.objects.get(kind="crosstest")
    expected = _report(alone).splitlines()
    alone.delete()
    settings.CELERY_BROKER_URL = "memory://"
    monkeypatch.setattr(tournament_jobs, "CROSSTEST_PART", 4)
    staff.post(PAGE, RUN)
    shared = Job.objects.get(kind="crosstest")
    parts = Job.objects.filter(kind="crosstest_part", params__part_of=shared.pk)
    assert sorted((p.params["first"], p.params["last"]) for p in parts) == [(0, 4), (4, 6)]
    assert (shared.status, shared.done, shared.total) == ("done", 6, 6)
    lines = _report(shared).splitlines()
    # The same events and findings; only the measured rates differ.
    assert [line for line in lines if "tournaments/min" not in line] == [
        line for line in expected if "tournaments/min" not in line
    ]


def test_wrong_settings_are_refused_on_the_form(staff, settings):
    settings.CROSSTEST_ENGINE = AGREEING
    page = staff.post(PAGE, {**RUN, "players": "1"}).content.decode()
    assert "Ensure this value is greater than or equal to 2" in page
    assert not Job.objects.exists()
