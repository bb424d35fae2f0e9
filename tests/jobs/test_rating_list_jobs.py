"""FIDE rating-list imports as background jobs: progress in players stored, all or nothing,
a retry imports once, and the job acts with its user's rights only."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

import tournaments.services.ratings as ratings
from jobs.models import Job, progress_key
from jobs.runner import run_job
from tests.factories import TournamentFactory, UserFactory
from tournaments.jobs import start_rating_list_import
from tournaments.models import ListedRating, RatingList, TournamentRole

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parents[1] / "data" / "ratinglist"
STANDARD = DATA / "standard_sep26frl.txt"
"""FIDE's standard list of September 2026, six players (tests/data/ratinglist/SOURCE.md)."""


@pytest.fixture
def arbiter():
    """A chief arbiter (who may import lists), not staff."""
    user = UserFactory(username="arbiter")
    TournamentRole.objects.create(
        tournament=TournamentFactory(), user=user, role=TournamentRole.Role.CHIEF_ARBITER
    )
    return user


def _standard_upload() -> SimpleUploadedFile:
    return SimpleUploadedFile(STANDARD.name, STANDARD.read_bytes())


def test_a_worker_dying_mid_list_stores_nothing_and_the_retry_stores_it_once(
    arbiter, monkeypatch, settings
):
    settings.JOBS_EAGER = False  # queued only: the test's transaction never commits
    job = start_rating_list_import(user=arbiter, upload=_standard_upload())
    assert start_rating_list_import(user=arbiter, upload=_standard_upload()).pk == job.pk
    monkeypatch.setattr(ratings, "BATCH", 2)  # six players: three batches
    real_bulk_create = ListedRating.objects.bulk_create
    written = []

    def dies_after_two_batches(batch, *args, **kwargs):
        if len(written) == 2:
            raise SystemExit("the worker is killed")  # not an Exception: nothing catches it
        written.append(len(batch))
        return real_bulk_create(batch, *args, **kwargs)

    monkeypatch.setattr(ListedRating.objects, "bulk_create", dies_after_two_batches)
    with pytest.raises(SystemExit):
        run_job(job.pk)
    assert not RatingList.objects.exists() and not ListedRating.objects.exists()
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("running", 1) and job.source

    monkeypatch.setattr(ListedRating.objects, "bulk_create", real_bulk_create)
    run_job(job.pk)  # the broker hands the message to another worker
    run_job(job.pk)  # and, delivered once more, it is not run again
    job.refresh_from_db()
    assert (job.status, job.attempts, job.done) == ("done", 2, 6)
    assert RatingList.objects.get().player_count == ListedRating.objects.count() == 6
    assert not job.source  # the uploaded copy is gone once imported


def test_the_page_of_a_running_import_counts_the_players_stored(client, arbiter):
    job = Job.objects.create(kind="rating_list_import", status="running", created_by=arbiter)
    cache.set(progress_key(job.pk), (10000, 0))  # what the worker publishes per batch
    client.force_login(arbiter)
    page = client.get(reverse("jobs:detail", args=[job.pk])).content.decode()
    assert "<h1>Importing a FIDE rating list</h1>" in page
    assert "Running: 10000 players stored so far" in page
    assert '<progress aria-label="Progress">' in page  # no total yet: an indeterminate bar
    assert 'http-equiv="refresh"' in page
    client.force_login(UserFactory(username="another"))
    assert client.get(reverse("jobs:detail", args=[job.pk])).status_code == 403


def test_the_job_fetches_with_its_users_rights_only(arbiter, served):
    # 127.0.0.1 is inside the server's network: an arbiter's job may not fetch from it.
    api = APIClient()
    api.force_authenticate(arbiter)
    reply = api.post("/api/v1/rating-lists/fetch/", {"url": served + STANDARD.name}, format="json")
    assert reply.status_code == 202
    job = api.get(reply["Location"]).json()
    assert job["status"] == "failed"
    assert job["errors"] == [
        f"{served}{STANDARD.name} could not be read: only staff may fetch from an address "
        "inside this network"
    ]
    refused = api.post("/api/v1/rating-lists/fetch/", {"url": f"file://{STANDARD}"}, format="json")
    assert refused.status_code == 422  # a file on the server: refused before any job
    assert not RatingList.objects.exists()


def test_a_job_whose_user_is_gone_is_not_run_with_a_commands_rights(arbiter, settings):
    settings.JOBS_EAGER = False
    job = start_rating_list_import(user=arbiter, url=f"http://example.org/{STANDARD.name}")
    arbiter.delete()
    run_job(job.pk)
    job.refresh_from_db()
    assert job.status == "failed"
    assert job.errors == ["The account that asked for this import no longer exists."]


def test_the_job_speaks_the_language_of_the_page_that_started_it(arbiter, settings):
    settings.JOBS_EAGER = False
    foa = SimpleUploadedFile("players_list_foa.txt", (DATA / "players_list_foa.txt").read_bytes())
    with translation.override("zh-hans"):
        job = start_rating_list_import(user=arbiter, upload=foa)
    run_job(job.pk)  # on a worker, whose own language is English
    job.refresh_from_db()
    assert job.errors == ["players_list_foa.txt 未注明等级分表的月份；请给出等级分表日期。"]
