"""PGN checks and imports as background jobs: progress, retries, all or nothing."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.urls import reverse

import games.services.imports as imports_module
from games.models import Game, PgnUpload
from games.services import stored_checks, upload_pgn
from jobs.models import Job
from jobs.runner import run_job, start_job
from tests.factories import UserFactory
from tests.games.conftest import ROUND_ONE

pytestmark = pytest.mark.django_db


def _checked_upload(tournament: Any, user: Any) -> PgnUpload:
    return upload_pgn(
        tournament,
        text=ROUND_ONE.read_text("utf-8"),
        file_name=ROUND_ONE.name,
        round_number=1,
        user=user,
    )


def _matched_decisions(stored: PgnUpload) -> list[tuple[int, int]]:
    checks = stored_checks(stored)
    assert checks is not None
    return [(c.number, c.pairing.pk) for c in checks if c.pairing is not None]


def test_the_upload_answers_with_a_job_that_checks_every_game(client, chebanenko, arbiter):
    client.force_login(arbiter)
    with open(ROUND_ONE, "rb") as stream:
        reply = client.post(
            reverse("games:upload", args=[chebanenko.pk]), {"file": stream, "round_number": ""}
        )
    job = Job.objects.get()
    assert reply.url == reverse("jobs:detail", args=[job.pk])
    assert (job.kind, job.status, job.done, job.total) == ("pgn_check", "done", 5, 5)
    assert job.result["games"] == 5
    report = client.get(reply.url)
    upload = PgnUpload.objects.get(tournament=chebanenko)
    assert report.url.startswith(reverse("games:upload_report", args=[chebanenko.pk, upload.pk]))
    api = client.get(f"/api/v1/jobs/{job.pk}/")
    assert api.status_code == 200
    assert (api.json()["status"], api.json()["done"], api.json()["total"]) == ("done", 5, 5)


def test_a_job_page_shows_the_progress_until_the_job_ends(client, chebanenko, arbiter):
    job = Job.objects.create(kind="pgn_check", tournament=chebanenko, created_by=arbiter, total=8)
    job.done = 3
    job.save()
    client.force_login(arbiter)
    page = client.get(reverse("jobs:detail", args=[job.pk])).content.decode()
    assert '<progress max="8" value="3"' in page
    assert 'http-equiv="refresh"' in page
    outsider = UserFactory(username="outsider")
    client.force_login(outsider)
    assert client.get(reverse("jobs:detail", args=[job.pk])).status_code == 403
    assert client.get(f"/api/v1/jobs/{job.pk}/").status_code == 404


def test_an_import_refused_for_one_game_writes_nothing_and_says_why(chebanenko, arbiter):
    stored = _checked_upload(chebanenko, arbiter)
    decisions = _matched_decisions(stored)
    decisions.append((99, decisions[0][1]))  # no game 99 in the file
    job = start_job(
        "pgn_import",
        params={"upload": stored.pk, "decisions": decisions},
        user=arbiter,
        tournament=chebanenko,
    )
    assert job.status == "failed"
    assert job.errors == ["game 99: there is no such game in the file"]
    assert not Game.objects.exists()


def test_a_worker_dying_mid_import_loses_nothing_and_the_retry_imports_once(
    chebanenko, arbiter, monkeypatch
):
    stored = _checked_upload(chebanenko, arbiter)
    decisions = _matched_decisions(stored)
    real_import = imports_module.import_game
    imported = []

    def dies_after_two(check, pairing, *, user):
        if len(imported) == 2:
            raise SystemExit("the worker is killed")  # not an Exception: nothing catches it
        imported.append(check.number)
        return real_import(check, pairing, user=user)

    monkeypatch.setattr(imports_module, "import_game", dies_after_two)
    job = Job.objects.create(
        kind="pgn_import",
        tournament=chebanenko,
        created_by=arbiter,
        params={"upload": stored.pk, "decisions": decisions},
    )
    with pytest.raises(SystemExit):
        run_job(job.pk)
    assert not Game.objects.exists()  # the two games written went with the transaction
    job.refresh_from_db()
    assert job.status == "running" and job.attempts == 1
    monkeypatch.setattr(imports_module, "import_game", real_import)
    run_job(job.pk)  # the broker hands the message to another worker
    run_job(job.pk)  # and, delivered once more, it is not run again
    job.refresh_from_db()
    assert (job.status, job.attempts, job.result["imported"]) == ("done", 2, len(decisions))
    assert Game.objects.count() == len(decisions) == 4
    assert sorted(Game.objects.values_list("pairing_id", flat=True)) == sorted(
        pairing for _number, pairing in decisions
    )


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_job_runs_in_a_background_thread(settings, chebanenko, arbiter):
    settings.JOBS_EAGER = False
    settings.CELERY_BROKER_URL = ""
    stored = upload_pgn(
        chebanenko,
        text=ROUND_ONE.read_text("utf-8"),
        file_name=ROUND_ONE.name,
        round_number=1,
        user=arbiter,
        check=False,
    )
    job = start_job("pgn_check", params={"upload": stored.pk}, user=arbiter, tournament=chebanenko)
    # Wait for the thread itself: polling the job's row meanwhile made SQLite's in-memory
    # test database (one shared cache, table locks without waiting) refuse the thread's
    # writes now and then ("database table is locked").
    for worker in [t for t in threading.enumerate() if t.name == f"job-{job.pk}"]:
        worker.join(timeout=60)  # none left if it has already finished
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 5, 5), job.errors
    stored.refresh_from_db()
    assert stored.games == 5


def test_the_health_check_answers_for_the_database_and_the_cache(client):
    reply = client.get("/health/")
    assert reply.status_code == 200
    assert reply.json() == {"database": "ok", "cache": "ok"}


def test_the_api_answers_202_with_the_job_that_checks_the_file(client, chebanenko, arbiter):
    client.force_login(arbiter)
    reply = client.post(
        f"/api/v1/tournaments/{chebanenko.slug}/pgn/",
        {"pgn": ROUND_ONE.read_text("utf-8"), "round": 1},
        content_type="application/json",
    )
    assert reply.status_code == 202
    job = reply.json()
    assert reply["Location"] == f"/api/v1/jobs/{job['id']}/"
    followed = client.get(reply["Location"]).json()
    assert (followed["status"], followed["done"], followed["total"]) == ("done", 5, 5)
    assert followed["result"]["games"] == 5


def test_the_api_imports_every_matched_game_of_a_checked_upload(client, chebanenko, arbiter):
    client.force_login(arbiter)
    stored = _checked_upload(chebanenko, arbiter)
    reply = client.post(f"/api/v1/tournaments/{chebanenko.slug}/pgn/{stored.pk}/import/")
    assert reply.status_code == 202
    job = client.get(reply["Location"]).json()
    assert (job["status"], job["result"]["imported"]) == ("done", 4)  # Volkov's is unmatched
    assert Game.objects.count() == 4
