"""PDF reports of large events drawn by background jobs: the page answers at once with the
job, the file is kept and served once drawn, one job per tournament version."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db.models import F
from django.urls import reverse
from rest_framework.test import APIClient

from jobs.models import Job
from jobs.runner import run_job
from tests.factories import UserFactory
from tests.tournaments.reports.conftest import pdf_cells
from tournaments.models import Tournament
from tournaments.services.trf_exchange import import_trf

pytestmark = pytest.mark.django_db

HELD = Path(__file__).parents[1] / "data" / "ui" / "held_round_robin.trf"
"""Mario Held's 6-player round robin with one forfeit (tests/data/ui/SOURCE.md)."""


@pytest.fixture
def held(db):
    tournament = import_trf(HELD.read_text("utf-8"), user=UserFactory(username="chief"))
    Tournament.objects.filter(pk=tournament.pk).update(public=True)
    tournament.refresh_from_db()
    return tournament


def _content(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_a_small_events_pdf_is_drawn_in_the_request(client, held):
    reply = client.get(reverse("tournaments:standings_pdf", args=[held.pk]) + "?round=5")
    assert reply.status_code == 200 and reply["Content-Type"] == "application/pdf"
    assert not Job.objects.exists()


def test_a_large_events_pdf_is_drawn_by_a_job_anyone_may_follow(client, held, settings):
    address = reverse("tournaments:standings_pdf", args=[held.pk]) + "?round=5"
    drawn_here = pdf_cells(_content(client.get(address)))
    settings.REPORT_JOB_PLAYERS = 5  # six players: a large event
    settings.JOBS_EAGER = False  # queued only: the test's transaction never commits

    reply = client.get(address)  # an anonymous reader of the public tournament
    job = Job.objects.get()
    assert reply.status_code == 302 and reply.url == reverse("jobs:detail", args=[job.pk])
    assert (job.kind, job.status, job.created_by) == ("report_pdf", "queued", None)
    page = client.get(reply.url).content.decode()
    assert "<h1>Standings after round 5 (PDF)</h1>" in page and 'http-equiv="refresh"' in page
    assert f'href="{reverse("tournaments:tournament", args=[held.pk])}"' in page
    assert client.get(address).url == reply.url  # every reader meanwhile: the same job

    run_job(job.pk)
    job.refresh_from_db()
    assert (job.status, job.errors) == ("done", [])
    assert job.result["pages"] == job.done == 1
    served = client.get(address)  # now the file, at once
    assert served.status_code == 200 and served["Content-Type"] == "application/pdf"
    assert served["Content-Disposition"] == f'inline; filename="{job.result["file_name"]}"'
    served_pdf = _content(served)
    assert pdf_cells(served_pdf) == drawn_here  # the same report as drawn in a request
    assert "Alyx" in drawn_here
    page = client.get(reverse("jobs:detail", args=[job.pk])).content.decode()
    assert f'href="{reverse("jobs:file", args=[job.pk])}"' in page
    assert "refresh" not in page
    assert _content(client.get(reverse("jobs:file", args=[job.pk]))) == served_pdf
    assert Job.objects.count() == 1


def test_a_change_to_the_tournament_draws_the_report_again(
    client, held, settings, django_capture_on_commit_callbacks
):
    settings.REPORT_JOB_PLAYERS = 5
    address = reverse("tournaments:crosstable_pdf", args=[held.pk]) + "?round=5"
    first = client.get(address)  # jobs run at once in the tests: drawn and served
    assert first.status_code == 200 and first["Content-Type"] == "application/pdf"
    assert Job.objects.get().params == {
        "report": "crosstable",
        "options": {"after_round": 5, "order": "rank"},
        "paper": "a4",
        "language": "en",
        "readers": "view",
    }
    old_file = Job.objects.get().file
    assert old_file.storage.exists(old_file.name)
    Tournament.objects.filter(pk=held.pk).update(version=F("version") + 1)  # a result entered
    with django_capture_on_commit_callbacks(execute=True):  # as when the job commits
        assert client.get(address).status_code == 200
    # Drawn again for the new version; the old version's PDF is read no more: gone.
    assert Job.objects.get().file.name != old_file.name
    assert not old_file.storage.exists(old_file.name)


def test_the_api_answers_202_until_the_crosstable_is_drawn(held, settings):
    settings.REPORT_JOB_PLAYERS = 5
    settings.JOBS_EAGER = False
    api = APIClient()
    address = f"/api/v1/tournaments/{held.slug}/crosstable/pdf/"
    reply = api.get(address)
    assert reply.status_code == 202
    job = api.get(reply["Location"]).json()
    assert (job["kind"], job["status"], job["file"]) == ("report_pdf", "queued", None)
    run_job(job["id"])
    job = api.get(reply["Location"]).json()
    assert job["status"] == "done" and job["file"] == f"/api/v1/jobs/{job['id']}/file/"
    pdf = _content(api.get(job["file"]))
    assert pdf.startswith(b"%PDF") and "Alyx" in pdf_cells(pdf)
    again = api.get(address)
    assert again.status_code == 200 and _content(again) == pdf


def test_the_page_and_the_api_share_one_job_for_the_same_pdf(client, held, settings):
    # Issue: the page (paper A4 unless asked) and the API (no paper) started a job each.
    settings.REPORT_JOB_PLAYERS = 5
    settings.JOBS_EAGER = False
    page = client.get(reverse("tournaments:crosstable_pdf", args=[held.pk]))
    api = APIClient().get(f"/api/v1/tournaments/{held.slug}/crosstable/pdf/")
    job = Job.objects.get()
    assert page.url == reverse("jobs:detail", args=[job.pk])
    assert api.status_code == 202 and api["Location"] == f"/api/v1/jobs/{job.pk}/"
    # Another paper is another report.
    client.get(reverse("tournaments:crosstable_pdf", args=[held.pk]) + "?paper=letter")
    assert Job.objects.count() == 2


def test_readers_of_a_private_tournament_cannot_follow_its_report_job(client, held, settings):
    settings.REPORT_JOB_PLAYERS = 5
    settings.JOBS_EAGER = False
    client.force_login(held.roles.get().user)
    job_page = client.get(reverse("tournaments:standings_pdf", args=[held.pk]) + "?round=5").url
    Tournament.objects.filter(pk=held.pk).update(public=False)
    client.logout()
    assert client.get(job_page).url.startswith(reverse("login"))
    client.force_login(UserFactory(username="stranger"))
    assert client.get(job_page).status_code == 403
