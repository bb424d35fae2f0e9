"""TRF imports as background jobs: the page and the API answer at once, the job imports all
or nothing, a retry imports once."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from rest_framework.test import APIClient

import tournaments.services.trf_exchange.importing as trf_importing
from jobs.models import Job
from jobs.runner import run_job
from tests.factories import UserFactory
from tournaments.jobs import start_trf_import
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db

HELD = Path(__file__).parents[1] / "data" / "ui" / "held_round_robin.trf"
"""Mario Held's 6-player round robin with one forfeit (tests/data/ui/SOURCE.md)."""


@pytest.fixture
def organiser():
    user = UserFactory(username="organiser")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.fixture
def api(organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    return client


def test_the_api_answers_202_with_the_job_and_the_job_names_the_new_tournament(api, organiser):
    reply = api.post(
        "/api/v1/trf-imports/",
        {"trf": HELD.read_text("utf-8"), "file_name": "held.trf"},
        format="json",
    )
    assert reply.status_code == 202
    assert reply["Location"] == f"/api/v1/jobs/{reply.json()['id']}/"
    job = api.get(reply["Location"]).json()
    tournament = Tournament.objects.get()
    assert (job["kind"], job["status"], job["errors"]) == ("trf_import", "done", [])
    assert job["result"]["tournament"] == tournament.pk
    assert job["result"]["slug"] == tournament.slug
    assert job["result"]["players"] == 6
    assert tournament.roles.get().user == organiser
    assert sorted(tournament.players.values_list("name", flat=True)) == [
        "Alyx",
        "Bruno",
        "Charline",
        "David",
        "Franck",
        "Helene",
    ]
    assert not Job.objects.get().source  # the uploaded copy is gone once imported


def test_a_bad_file_fails_its_job_naming_the_line_and_stores_nothing(api):
    text = HELD.read_text("utf-8").replace("1990/01/01  3.5    1", "1990/01/01  3.x    1")
    reply = api.post("/api/v1/trf-imports/", {"trf": text, "file_name": "held.trf"}, format="json")
    assert reply.status_code == 202
    job = api.get(reply["Location"]).json()
    assert job["status"] == "failed"
    assert job["errors"] == [
        "held.trf: line 5, column 81: expected the points (e.g. 4.5) in columns 81-84, found '3.x'"
    ]
    assert not Tournament.objects.exists()


def test_only_organisers_may_import_and_only_they_follow_the_job(api, client):
    stranger = APIClient()
    stranger.force_authenticate(UserFactory(username="stranger"))
    refused = stranger.post("/api/v1/trf-imports/", {"trf": HELD.read_text()}, format="json")
    assert refused.status_code == 403
    job_id = api.post("/api/v1/trf-imports/", {"trf": HELD.read_text()}, format="json").json()["id"]
    assert stranger.get(f"/api/v1/jobs/{job_id}/").status_code == 404


def test_a_worker_dying_mid_import_stores_nothing_and_the_retry_imports_once(
    organiser, monkeypatch, settings
):
    settings.JOBS_EAGER = False  # queued only: no broker, and the test's transaction never commits
    job = start_trf_import(HELD.read_text("utf-8"), file_name="held.trf", user=organiser)
    assert job.status == "queued"
    again = start_trf_import(HELD.read_text("utf-8"), file_name="held.trf", user=organiser)
    assert again.pk == job.pk  # the form sent twice: one job

    real_store_rounds = trf_importing._store_rounds

    def killed(*args, **kwargs):
        raise SystemExit("the worker is killed")  # not an Exception: nothing catches it

    monkeypatch.setattr(trf_importing, "_store_rounds", killed)
    with pytest.raises(SystemExit):
        run_job(job.pk)
    assert not Tournament.objects.exists() and not Player.objects.exists()
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("running", 1)
    assert job.source  # kept for the retry

    monkeypatch.setattr(trf_importing, "_store_rounds", real_store_rounds)
    run_job(job.pk)  # the broker hands the message to another worker
    run_job(job.pk)  # and, delivered once more, it is not run again
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)
    assert Tournament.objects.count() == 1 and Player.objects.count() == 6
    assert not job.source


def test_the_page_follows_the_job_to_the_new_tournament(client, organiser):
    client.force_login(organiser)
    with open(HELD, "rb") as stream:
        reply = client.post(reverse("tournaments:import_trf"), {"file": stream})
    job = Job.objects.get()
    assert reply.url == reverse("jobs:detail", args=[job.pk])
    followed = client.get(reply.url, follow=True)
    tournament = Tournament.objects.get()
    assert followed.redirect_chain[-1][0] == reverse("tournaments:dashboard", args=[tournament.pk])
    shown = [str(message) for message in followed.context["messages"]]
    assert f"Imported {tournament.name} with 6 players." in shown
