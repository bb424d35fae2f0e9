"""A large PGN check shared among the workers: the file is cut into part jobs of whole
games, each checked on its own; the last part to finish joins the results, which are the
same as one worker's, and finishes the check. Parts may run in any order, be delivered
twice, or die half-way: nothing is lost or counted twice."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

import games.jobs as games_jobs
import games.services.imports as imports_module
from games.models import PgnUpload
from games.services import upload_pgn
from jobs.models import Job
from jobs.runner import run_job, start_job
from tests.games.conftest import TWIC

pytestmark = pytest.mark.django_db

PART_GAMES = 40  # TWIC's 232 games make six parts


@pytest.fixture
def workers(settings, monkeypatch):
    """A broker is configured (so a large check is shared); the jobs still run in this
    process, at once (JOBS_EAGER) unless a test turns that off and runs them itself."""
    settings.CELERY_BROKER_URL = "memory://"
    monkeypatch.setattr(games_jobs, "PART_GAMES", PART_GAMES)


def _upload(tournament: Any, user: Any, *, check: bool) -> PgnUpload:
    return upload_pgn(
        tournament,
        text=TWIC.read_text("utf-8"),
        file_name=TWIC.name,
        round_number=None,
        user=user,
        check=check,
    )


def _one_worker_checks(tournament: Any, user: Any) -> list[dict[str, Any]]:
    """The results of the same file checked in one go."""
    return _upload(tournament, user, check=True).checks


def _parts(parent: Job) -> list[Job]:
    return list(Job.objects.filter(kind="pgn_check_part", params__part_of=parent.pk).order_by("pk"))


def test_a_large_upload_is_checked_in_parts_as_one_worker_checks_it(
    client, chebanenko, arbiter, workers
):
    expected = _one_worker_checks(chebanenko, arbiter)
    client.force_login(arbiter)
    with open(TWIC, "rb") as stream:
        reply = client.post(
            reverse("games:upload", args=[chebanenko.pk]), {"file": stream, "round_number": ""}
        )
    parent = Job.objects.get(kind="pgn_check")
    assert reply.url == reverse("jobs:detail", args=[parent.pk])
    assert (parent.status, parent.done, parent.total) == ("done", 232, 232)
    parts = _parts(parent)
    assert len(parts) == 6 and all(part.status == "done" for part in parts)
    assert [part.params["games"] for part in parts] == [40] * 5 + [32]
    stored = PgnUpload.objects.get(pk=parent.result["upload"])
    assert stored.checks == expected
    assert stored.games == 232
    report = client.get(client.get(reply.url).url)
    assert "232 games: 232 clean" in report.content.decode()


def test_parts_run_in_any_order_twice_over_and_count_each_game_once(
    settings, chebanenko, arbiter, workers
):
    expected = _one_worker_checks(chebanenko, arbiter)
    settings.JOBS_EAGER = False  # the jobs wait for this test to run them, as workers would
    stored = _upload(chebanenko, arbiter, check=False)
    parent = start_job("pgn_check", params={"upload": stored.pk}, user=arbiter)
    run_job(parent.pk)
    run_job(parent.pk)  # delivered again after it had started its parts: none started twice
    parts = _parts(parent)
    assert len(parts) == 6
    parent.refresh_from_db()
    assert (parent.status, parent.done, parent.total) == ("running", 0, 232)
    done = 0
    for part in reversed(parts[1:]):
        run_job(part.pk)
        run_job(part.pk)  # a second delivery of a finished part does nothing
        done += part.params["games"]
        parent.refresh_from_db()
        assert (parent.status, parent.done, parent.total) == ("running", done, 232)
        assert parent.as_dict()["done"] == done  # what the job page and the API show
    run_job(parts[0].pk)
    parent.refresh_from_db()
    assert (parent.status, parent.done, parent.total) == ("done", 232, 232)
    stored.refresh_from_db()
    assert stored.checks == expected
    # The parts' own copies of the results are gone: the upload keeps them.
    assert all(part.result == {} for part in Job.objects.filter(kind="pgn_check_part"))


def test_a_part_whose_worker_dies_is_checked_again_and_counted_once(
    settings, chebanenko, arbiter, workers, monkeypatch
):
    expected = _one_worker_checks(chebanenko, arbiter)
    settings.JOBS_EAGER = False
    stored = _upload(chebanenko, arbiter, check=False)
    parent = start_job("pgn_check", params={"upload": stored.pk}, user=arbiter)
    run_job(parent.pk)
    *first, last = _parts(parent)
    for part in first:
        run_job(part.pk)
    real_keep = games_jobs.keep_checks

    def killed(upload, results):
        raise SystemExit("the worker is killed")  # not an Exception: nothing catches it

    monkeypatch.setattr(games_jobs, "keep_checks", killed)
    with pytest.raises(SystemExit):
        run_job(last.pk)  # killed while joining the parts, after counting its games
    parent.refresh_from_db()
    assert (parent.status, parent.done) == ("running", 200)  # its count went with it
    monkeypatch.setattr(games_jobs, "keep_checks", real_keep)
    run_job(last.pk)  # the broker hands it to another worker
    parent.refresh_from_db()
    assert (parent.status, parent.done, parent.total) == ("done", 232, 232)
    stored.refresh_from_db()
    assert stored.checks == expected


def test_a_part_that_fails_fails_the_check(settings, chebanenko, arbiter, workers):
    settings.JOBS_EAGER = False
    stored = _upload(chebanenko, arbiter, check=False)
    parent = start_job("pgn_check", params={"upload": stored.pk}, user=arbiter)
    run_job(parent.pk)
    first, second, *others = _parts(parent)
    run_job(first.pk)
    PgnUpload.objects.filter(pk=stored.pk).update(text=stored.text + "\n1. e4 *\n")
    run_job(second.pk)
    parent.refresh_from_db()
    assert parent.status == "failed"
    assert "has changed since the games were checked" in parent.errors[0]
    for part in others:
        run_job(part.pk)  # the rest finish, each refused alike, and leave the check failed
    parent.refresh_from_db()
    assert parent.status == "failed"
    stored.refresh_from_db()
    assert stored.checks == [] and not stored.checked_digest


def test_without_a_broker_a_large_file_is_one_job(chebanenko, arbiter, monkeypatch):
    """With no workers of their own (make run: a thread of the web process), parts would
    only queue for the same process: the file is checked in one job."""
    monkeypatch.setattr(games_jobs, "PART_GAMES", PART_GAMES)
    stored = _upload(chebanenko, arbiter, check=False)
    job = start_job("pgn_check", params={"upload": stored.pk}, user=arbiter)
    assert (job.status, job.done, job.total) == ("done", 232, 232)
    assert not Job.objects.filter(kind="pgn_check_part").exists()


def test_the_parts_are_numbered_as_the_whole_file(chebanenko, arbiter):
    """Game and line numbers, the move errors' game numbers included, are the file's."""
    text = (TWIC.parent / "fischer-spassky-1972-game6.move20-corrupted.pgn").read_text("utf-8")
    stored = upload_pgn(
        chebanenko, text=text * 3, file_name="x.pgn", round_number=None, user=arbiter
    )
    one_go = stored.checks
    lines = imports_module.text_lines(stored.text)
    per_game = len(lines) // 3
    parts = [
        imports_module.check_part(stored, start, per_game)
        for start in range(0, len(lines), per_game)
    ]
    assert [r["number"] for part in parts for r in part] == [1, 1, 1]
    joined = imports_module.joined_parts(parts)
    assert joined == one_go
    assert [r["error"]["game"] for r in joined] == [1, 2, 3]
    assert [r["line"] for r in joined] == [1, 1 + per_game, 1 + 2 * per_game]
