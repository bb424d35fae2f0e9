"""PDF reports of a 1,000-player, 11-round Swiss through their pages: how long the request
takes when the PDF is drawn in it, and when a background job draws it. The wall chart, and
the pairing list, result sheet and scoresheets of the last round (500 boards; the last two
read by the chief arbiter, whose they are).

Measured in one run per report, on a fresh SQLite file, through Django's test client (no
network):

* the baseline: the PDF drawn in the request (as for an event of up to
  ``REPORT_JOB_PLAYERS`` players), the best of two;
* the first request with the job: the answer is the job's page (the job runs in a thread
  meanwhile, as without a broker), and the time until the job has drawn the file;
* the request once drawn: the kept file, served at once.

Each request's time is a ratio to the baseline. Run: ``python -m bench report_job`` or
``python -m bench.report_job --players 2000``.

On the 2-core development machine (load 2 to 4), 1,000 players, seconds (ratio to the
request that draws the PDF)::

    report                   drawn in the request   job's page      job done       file served
    wall chart, 29 pages     1.13                   0.055 (0.05)    0.99 (0.87)    0.010 (0.009)
    pairings, 10 pages       0.27                   0.007 (0.03)    0.20 (0.75)    0.006 (0.02)
    result sheet, 18 pages   0.29                   0.009 (0.03)    0.24 (0.83)    0.007 (0.02)
    scoresheets, 500 pages   2.67                   0.011 (0.004)   3.00 (1.12)    0.011 (0.004)

The round's scoresheets (a page per game) are the slowest of these, over twice the wall
chart: drawn in the request they hold a web worker for seconds.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time

from bench import summary
from bench._timing import expect
from bench.standings_queries import _build, _setup_django


def _timed(request):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    response = request()
    if getattr(response, "streaming", False):
        b"".join(response.streaming_content)
    return response, time.perf_counter() - start


REPORTS = [
    # (what, address after the tournament's, report's name in its job, read by the chief)
    ("wall chart PDF", "crosstable.pdf?round={rounds}", "crosstable", False),
    ("pairings of the last round", "rounds/{rounds}/pairings.pdf", "pairings", False),
    ("its result sheet", "rounds/{rounds}/result-sheet.pdf", "result_sheet", True),
    ("its scoresheets", "rounds/{rounds}/scoresheets.pdf", "scoresheets", True),
]


def _measure(client, address: str, report: str, players: int):  # type: ignore[no-untyped-def]
    """The request's time drawn in it (the best of two, each computing afresh as a job
    does), then with the job: its page, the job's end, the kept file; and the job."""
    from django.conf import settings
    from django.core.cache import cache

    from jobs.models import Job

    settings.REPORT_JOB_PLAYERS = players  # drawn in the request
    baseline = float("inf")
    for _ in range(2):
        cache.clear()
        drawn, seconds = _timed(lambda: client.get(address))
        expect(f"{report} drawn in the request", drawn)
        baseline = min(baseline, seconds)

    settings.REPORT_JOB_PLAYERS = 200
    answered, first = _timed(lambda: client.get(address))
    expect(f"{report}: the job's page", answered, 302)
    start = time.perf_counter()
    for worker in [t for t in threading.enumerate() if t.name.startswith("job-")]:
        worker.join()
    job = Job.objects.get(params__report=report)
    drawing = time.perf_counter() - start + first
    if job.status != Job.Status.DONE:
        raise SystemExit(f"ERROR: {report}: the job ended {job.status}: {job.errors}")
    served, again = _timed(lambda: client.get(address))
    expect(f"{report}: the drawn file served", served)
    rows = [
        ("drawn in the request (baseline)", baseline),
        ("job's page answered", first),
        ("job done after", drawing),
        ("drawn file served", again),
    ]
    return rows, len(drawn.content), job


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.test import Client

        from tournaments.models import Tournament, TournamentRole

        settings.MEDIA_ROOT = f"{directory}/media"
        settings.ALLOWED_HOSTS = ["testserver"]
        settings.CELERY_BROKER_URL = ""  # no broker: the job runs in a thread of this process
        tournament = _build(options.players, options.rounds)
        Tournament.objects.filter(pk=tournament.pk).update(public=True)
        chief = get_user_model().objects.create_user("chief")
        TournamentRole.objects.create(
            tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
        )
        visitor, arbiter = Client(), Client()
        arbiter.force_login(chief)

        print(f"{options.players} players, {options.rounds} rounds")
        for what, address, report, by_chief in REPORTS:
            page = f"/tournaments/{tournament.pk}/" + address.format(rounds=options.rounds)
            client = arbiter if by_chief else visitor
            rows, size, job = _measure(client, page, report, options.players)
            baseline = rows[0][1]
            print(f"{what}: {size / 1e6:.2f} MB, {job.result['pages']} pages")
            for label, seconds in rows:
                print(f"  {label:34s} {seconds:8.3f} s   ratio {seconds / baseline:6.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
