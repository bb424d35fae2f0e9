"""The cross-test campaign's throughput with 1, 2 and 4 Celery workers: tournaments per
minute of wall time, and per minute of CPU time (the workers' and the engines' processes),
on the same seed range each time, and the time 50,000 tournaments each way would take.

The campaign is the ``crosstest`` job the page and ``crosstest --campaign`` start, cut into
parts of ``--part`` tournaments; each worker is ``celery -A arbiter worker`` with a
concurrency of one, started and stopped here. It needs what the workers of a real deployment
need: a database they share (``DATABASE_URL``, PostgreSQL), a broker (``CELERY_BROKER_URL``)
and the engine (``CROSSTEST_ENGINE``, e.g. ``"bbpPairings.exe --dutch"``); without them the
benchmark says so and stops. The clock starts once every worker answers (their start-up is
not the campaign's). The CPU time is what the machine gave the workers and the engines they
ran, start-up included: on a shared machine the wall-time rate falls with the load, the
CPU-time rate much less.

On the 2-core development machine while others ran their test suites (load average 9 to
18), 40 random events each way in parts of 4, against bbpPairings::

    workers   tournaments/min   per CPU-minute   50,000 each way   discrepancies
          1               8.3             51.5           8.4 days               0
          2              14.0             50.8           5.0 days               0
          4              11.8             45.7           5.9 days               0

About 50 tournaments per CPU-minute whatever the number of workers: the rate follows the
CPU they get (four workers on two busy cores are no faster than two).

Run: ``python -m bench crosstest_workers`` or
``python -m bench.crosstest_workers --count 24 --part 4 --workers 1 2 4``.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import time

from bench import summary

CAMPAIGN = 50_000


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _start_workers(count: int, tag: str) -> list[subprocess.Popen[bytes]]:
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "arbiter",
                "worker",
                "--concurrency=1",
                "--without-gossip",
                "--without-mingle",
                "--loglevel=WARNING",
                f"--hostname=bench{tag}-{index}@%h",
            ],
            stdout=subprocess.DEVNULL,
        )
        for index in range(count)
    ]


def _wait_until_ready(workers: int) -> None:
    """Until every worker answers: their start-up (Django, the pool) is not the campaign's."""
    from arbiter.celery import app

    while len(app.control.ping(timeout=1.0)) < workers:
        time.sleep(0.5)


def _stop(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        worker.send_signal(signal.SIGTERM)  # warm shutdown: the worker ends its children
    for worker in workers:
        worker.wait(timeout=120)


def measure(
    workers: int, count: int, part: int, seed: int, size: tuple[int | None, int | None]
) -> tuple[float, float, int]:
    """Run one campaign of ``count`` tournaments each way on ``workers`` workers; returns
    (wall minutes, CPU minutes, discrepancies)."""
    from jobs.models import Job
    from tournaments.jobs import start_crosstest

    cpu_before = _children_cpu()
    running = _start_workers(workers, f"{workers}x{seed}")
    try:
        _wait_until_ready(workers)
        started = time.perf_counter()
        campaign = start_crosstest(
            count=count, seed=seed, players=size[0], rounds=size[1], user=None, part=part
        )
        while True:
            campaign.refresh_from_db()
            if campaign.finished:
                break
            time.sleep(0.5)
        wall = (time.perf_counter() - started) / 60
    finally:
        _stop(running)
    cpu = (_children_cpu() - cpu_before) / 60
    if campaign.status != Job.Status.DONE:
        raise SystemExit(f"campaign {campaign.pk} failed: {'; '.join(campaign.errors)}")
    Job.objects.filter(pk=campaign.pk).update(key="")  # the next measurement is a new run
    return wall, cpu, int(campaign.result["discrepancies"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--count", type=int, default=24, help="tournaments each way")
    parser.add_argument("--part", type=int, default=4, help="tournaments per part")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, help="in every event (default: random)")
    parser.add_argument("--rounds", type=int, help="in every event (default: random)")
    options = parser.parse_args(argv)
    missing = [
        name
        for name in ("DATABASE_URL", "CELERY_BROKER_URL", "CROSSTEST_ENGINE")
        if not os.environ.get(name)
    ]
    if missing:
        print(f"skipped: the workers need {', '.join(missing)} (see the module's text)")
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django

    django.setup()
    tournaments = 2 * options.count
    print(
        f"{options.count} random tournaments each way ({options.players or 'random'} players, "
        f"{options.rounds or 'random'} rounds), parts of {options.part}, "
        f"against {os.environ['CROSSTEST_ENGINE']}"
    )
    print("  workers   tournaments/min   per CPU-minute   50,000 each way   discrepancies")
    for workers in options.workers:
        size = (options.players, options.rounds)
        wall, cpu, found = measure(workers, options.count, options.part, options.seed, size)
        per_minute = tournaments / wall
        days = 2 * CAMPAIGN / per_minute / 60 / 24
        print(
            f"  {workers:7d}   {per_minute:15.1f}   {tournaments / cpu:14.1f}   "
            f"{days:11.1f} days   {found:13d}",
            flush=True,
        )


if __name__ == "__main__":
    main()
