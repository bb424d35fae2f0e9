"""The production stack under load, on PostgreSQL and Redis (each figure a ratio to a
baseline measured in the same run):

* public standings reads (JSON) of a 1,000-player, 11-round Swiss with five tie-breaks,
  cached (the default) against uncached (``ARBITER_CACHE=off``), with 1, 2 and 4 gunicorn
  web processes: requests per second and p50/p99 latency, the baseline a small GET (the
  tournament's details) in the same run;
* result writes (``PUT`` of a board's result with a token) with 1, 2 and 4 web processes;
* how a cached and an uncached read of one 100-player event grow with the number of
  events in the database (10, 100, 1,000);
* the PGN import (check, then import, as background jobs) of ``--games`` games with 1 and
  2 Celery workers.

Measured on a shared 2-core machine under a load average of 8 to 12 (other work running:
absolute figures are low, the ratios are what counts), 8 clients, 5 s each:

* standings reads, cached / uncached: 6.9 / 0.7 req/s with 1 web process (p50 1.0 s /
  8.3 s), 7.2 / 0.7 with 2, 10.3 / 1.0 with 4: about 10x; a small GET in the same runs
  15-24 req/s, so a cached standings read of 1,000 players costs 2.5x a small GET;
* result writes: 20.1 /s with 1 process (p50 419 ms), 20.6 with 2, 5.4 with 4 (the
  round's lock serialises the writes of one round; four processes on two busy cores);
* one 100-player event's standings with 10 / 100 / 1,000 events in the database: cached
  15.4 / 17.9 / 17.8 req/s, uncached 6.7 / 9.8 / 7.5: flat, the reads are by tournament.

Needs ``BENCH_DATABASE_URL`` (a PostgreSQL database it may fill and empty) and
``BENCH_REDIS_URL``. Run: ``python -m bench stack`` or ``python -m bench.stack --seconds 5``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIEBREAKS = ["BH/C1", "BH", "SB", "PS", "ARO"]
PASSWORD = "bench-password"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _env(**extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHON": sys.executable,
        "DATABASE_URL": os.environ["BENCH_DATABASE_URL"],
        "REDIS_URL": os.environ["BENCH_REDIS_URL"],
        "CACHE_KEY_PREFIX": "bench",
        "DEBUG": "0",
        "API_WRITE_RATE": "1000000/min",
        "LOG_LEVEL": "WARNING",
        **extra,
    }


@contextmanager
def processes(*commands: tuple[str, dict[str, str]]) -> Iterator[None]:
    started = [
        subprocess.Popen(
            [str(ROOT / "deploy" / "arbiter.sh"), role],
            env=_env(**env),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        for role, env in commands
    ]
    try:
        yield
    finally:
        for process in started:
            os.killpg(process.pid, signal.SIGTERM)
        for process in started:
            process.wait()


def _get(url: str, headers: dict[str, str] | None = None) -> int:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=120) as reply:
            reply.read()
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def _wait_healthy(web: str) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            _get(f"{web}/health/")  # any answer (503 without a cache) says it serves
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"{web} did not start")


def load(request: Callable[[int], object], seconds: float, clients: int) -> tuple[float, ...]:
    """Requests per second, p50 and p99 latency (ms) of ``clients`` threads for ``seconds``."""
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(number: int) -> None:
        count = 0
        while time.monotonic() < stop:
            started = time.perf_counter()
            request(number * 1_000_000 + count)
            took = time.perf_counter() - started
            count += 1
            with lock:
                latencies.append(took)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    begun = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - begun
    cuts = statistics.quantiles(latencies, n=100)
    return len(latencies) / elapsed, cuts[49] * 1000, cuts[98] * 1000


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _empty_database() -> None:
    from games.models import PgnUpload
    from jobs.models import Job
    from tournaments.models import Tournament

    Job.objects.all().delete()
    PgnUpload.objects.all().delete()
    Tournament.objects.all().delete()


def _writes_round(tournament: object, boards: int) -> None:
    """An extra published round of unplayed boards, for the writes to enter results on."""
    from tournaments.models import Pairing, Player, Round

    players = list(Player.objects.filter(tournament=tournament).order_by("start_rank"))
    number = Round.objects.filter(tournament=tournament).count() + 1
    round_ = Round.objects.create(
        tournament=tournament, number=number, status="published", paired_by="import"
    )
    Pairing.objects.bulk_create(
        Pairing(round=round_, board=b, white=players[2 * b - 2], black=players[2 * b - 1])
        for b in range(1, boards + 1)
    )


def _token(tournament: object) -> str:
    from tournaments.api.tokens import create_api_token

    return create_api_token(tournament, name="bench", scope="results", user=None)[1]


def reads_and_writes(seconds: float, clients: int) -> None:
    from bench.standings_queries import _build
    from tournaments.models import Pairing

    big = _build(1000, 11)
    big.tiebreaks = TIEBREAKS
    big.save()
    _writes_round(big, 500)
    key = _token(big)
    api = f"/api/v1/tournaments/{big.slug}/"
    print(f"standings of 1,000 x 11 ({', '.join(TIEBREAKS)}), {clients} clients, {seconds} s each")
    print("web  cache   small GET /s   standings /s  p50 ms  p99 ms   ratio to small GET")
    for webs in (1, 2, 4):
        for cache in ("on", "off"):
            port = _free_port()
            web = f"http://127.0.0.1:{port}"
            env = {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": str(webs)}
            if cache == "off":
                env["ARBITER_CACHE"] = "off"
            with processes(("web", env)):
                _wait_healthy(web)
                _get(f"{web}{api}standings/")  # warm: the first computes the cached reply
                small = load(lambda _n, web=web: _get(f"{web}{api}"), seconds, clients)
                reads = load(lambda _n, web=web: _get(f"{web}{api}standings/"), seconds, clients)
                print(
                    f"{webs:3d}  {cache:5s}  {small[0]:12.1f}  {reads[0]:13.1f}  "
                    f"{reads[1]:6.0f}  {reads[2]:6.0f}   {reads[0] / small[0]:6.2f}"
                )
    print("result writes (PUT, token), each to a board not yet entered")
    print("web   writes /s  p50 ms  p99 ms")
    for webs in (1, 2, 4):
        Pairing.objects.filter(round__tournament=big, round__number=12).update(result="*")
        port = _free_port()
        web = f"http://127.0.0.1:{port}"
        with processes(("web", {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": str(webs)})):
            _wait_healthy(web)

            def write(n: int, web: str = web) -> None:
                client, count = divmod(n, 1_000_000)
                board = 1 + (count * clients + client) % 500  # each write a board of its own
                request = urllib.request.Request(
                    f"{web}{api}rounds/12/pairings/{board}/",
                    method="PUT",
                    data=json.dumps({"result": "1-0"}).encode(),
                    headers={"Authorization": f"Token {key}", "Content-Type": "application/json"},
                )
                with contextlib.suppress(urllib.error.HTTPError):
                    urllib.request.urlopen(request, timeout=120).read()

            writes = load(write, seconds, clients)
            print(f"{webs:3d}  {writes[0]:10.1f}  {writes[1]:6.0f}  {writes[2]:6.0f}")


def growth(seconds: float, clients: int) -> None:
    from bench.standings_queries import _build

    print("one 100-player event's standings as the database grows (1 web process)")
    print("events  cached /s  p50 ms   uncached /s  p50 ms")
    built = 0
    for events in (10, 100, 1000):
        while built < events:
            tournament = _build(100, 9, seed=built)
            tournament.slug = f"growth-{built}"
            tournament.save()
            built += 1
        api = "/api/v1/tournaments/growth-0/standings/"
        figures = []
        for cache in ("on", "off"):
            port = _free_port()
            web = f"http://127.0.0.1:{port}"
            env = {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": "1"}
            if cache == "off":
                env["ARBITER_CACHE"] = "off"
            with processes(("web", env)):
                _wait_healthy(web)
                _get(web + api)
                figures.append(load(lambda _n, url=web + api: _get(url), seconds, clients))
        cached, uncached = figures
        print(
            f"{events:6d}  {cached[0]:9.1f}  {cached[1]:6.0f}   {uncached[0]:11.1f}  "
            f"{uncached[1]:6.0f}"
        )


def pgn_import(games: int) -> None:
    from django.contrib.auth.models import User

    from tests.stack.test_production_stack import _event
    from tournaments.models import Tournament

    print(f"PGN of {games} games: check and import as jobs")
    print("workers  check s  import s")
    for workers in (1, 2):
        _empty_database()
        User.objects.filter(username="stack").delete()
        chief = User.objects.create_user("stack", password=PASSWORD)
        import tests.stack.test_production_stack as stack_test

        stack_test.GAMES = games
        tournament, pgn = _event(chief)
        port = _free_port()
        web = f"http://127.0.0.1:{port}"
        commands = [("web", {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": "1"})]
        commands += [("worker", {"WORKER_NAME": f"b{n}"}) for n in range(workers)]
        with processes(*commands):
            _wait_healthy(web)
            check_seconds, upload = _timed_job(
                web, f"/api/v1/tournaments/{tournament.slug}/pgn/", {"pgn": pgn}
            )
            import_seconds, _ = _timed_job(
                web, f"/api/v1/tournaments/{tournament.slug}/pgn/{upload}/import/", {}
            )
        print(f"{workers:7d}  {check_seconds:7.1f}  {import_seconds:8.1f}")
        Tournament.objects.filter(pk=tournament.pk).delete()


def _timed_job(web: str, path: str, body: dict[str, object]) -> tuple[float, int]:
    credentials = base64.b64encode(f"stack:{PASSWORD}".encode()).decode()
    headers = {"Authorization": f"Basic {credentials}", "Content-Type": "application/json"}
    started = time.perf_counter()
    request = urllib.request.Request(
        web + path, method="POST", data=json.dumps(body).encode(), headers=headers
    )
    job = json.load(urllib.request.urlopen(request, timeout=300))
    while True:
        state = json.load(
            urllib.request.urlopen(
                urllib.request.Request(f"{web}/api/v1/jobs/{job['id']}/", headers=headers)
            )
        )
        if state["status"] in ("done", "failed"):
            break
        time.sleep(0.5)
    if state["status"] != "done":
        raise SystemExit(f"job failed: {state['errors'][:3]}")
    return time.perf_counter() - started, int(state["result"].get("upload", 0))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument(
        "--only", choices=["reads", "growth", "import"], action="append", default=None
    )
    options = parser.parse_args(argv if argv is not None else [])
    if not (os.environ.get("BENCH_DATABASE_URL") and os.environ.get("BENCH_REDIS_URL")):
        print("bench.stack: set BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL; skipped")
        return
    _setup_django()
    _empty_database()
    parts = options.only or ["reads", "growth", "import"]
    if "reads" in parts:
        reads_and_writes(options.seconds, options.clients)
        _empty_database()
    if "growth" in parts:
        growth(options.seconds, options.clients)
        _empty_database()
    if "import" in parts:
        pgn_import(options.games)
        _empty_database()


if __name__ == "__main__":
    main(sys.argv[1:])
