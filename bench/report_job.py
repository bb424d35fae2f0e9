"""The wall chart PDF of a 1,000-player, 11-round Swiss through its page: how long the
request takes when the PDF is drawn in it, and when a background job draws it.

Measured in one run, on a fresh SQLite file, through Django's test client (no network):

* the baseline: ``crosstable.pdf`` drawn in the request (as for an event of up to
  ``REPORT_JOB_PLAYERS`` players);
* the first request with the job: the answer is the job's page (the job runs in a thread
  meanwhile, as without a broker), and the time until the job has drawn the file;
* the request once drawn: the kept file, served at once.

Each request's time is a ratio to the baseline. Run: ``python -m bench report_job`` or
``python -m bench.report_job --players 2000``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time

from bench.standings_queries import _build, _setup_django


def _timed(request):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    response = request()
    if getattr(response, "streaming", False):
        b"".join(response.streaming_content)
    return response, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.conf import settings
        from django.core.cache import cache
        from django.test import Client

        from jobs.models import Job
        from tournaments.models import Tournament

        settings.MEDIA_ROOT = f"{directory}/media"
        settings.ALLOWED_HOSTS = ["testserver"]
        settings.CELERY_BROKER_URL = ""  # no broker: the job runs in a thread of this process
        tournament = _build(options.players, options.rounds)
        Tournament.objects.filter(pk=tournament.pk).update(public=True)
        address = f"/tournaments/{tournament.pk}/crosstable.pdf?round={options.rounds}"
        client = Client()

        settings.REPORT_JOB_PLAYERS = options.players  # drawn in the request
        baseline = float("inf")
        for _ in range(2):  # the best of two, each computing the table afresh as a job does
            cache.clear()
            drawn, seconds = _timed(lambda: client.get(address))
            assert drawn.status_code == 200, drawn.status_code
            baseline = min(baseline, seconds)
        size = len(drawn.content)

        settings.REPORT_JOB_PLAYERS = 200
        answered, first = _timed(lambda: client.get(address))
        assert answered.status_code == 302, answered.status_code
        start = time.perf_counter()
        for worker in [t for t in threading.enumerate() if t.name.startswith("job-")]:
            worker.join()
        job = Job.objects.get()
        drawing = time.perf_counter() - start + first
        assert job.status == Job.Status.DONE, job.errors
        served, again = _timed(lambda: client.get(address))
        assert served.status_code == 200, served.status_code

        print(f"{options.players} players, {options.rounds} rounds: wall chart PDF")
        print(f"  {size / 1e6:.2f} MB, {job.result['pages']} pages")
        rows = [
            ("drawn in the request (baseline)", baseline),
            ("job's page answered", first),
            ("job done after", drawing),
            ("drawn file served", again),
        ]
        for label, seconds in rows:
            print(f"  {label:34s} {seconds:8.3f} s   ratio {seconds / baseline:6.3f}")


if __name__ == "__main__":
    main(sys.argv[1:])
