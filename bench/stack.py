"""The production stack under load, on PostgreSQL and Redis. Each figure is a ratio to a
baseline measured in the same run:

* public standings reads (JSON) of a 1,000-player, 11-round Swiss with five tie-breaks,
  cached (the default) against uncached (``ARBITER_CACHE=off``), with 1, 2 and 4 gunicorn
  web processes: requests per second and p50/p99 latency, the baseline a small GET (the
  tournament's details) in the same run;
* result writes (``PUT`` of a board's result with a token) with 1, 2 and 4 web processes;
* how a small GET, a cached and an uncached standings read of one 100-player event and a
  result write grow with the number of events in the database (10, 100, 1,000 events of
  100 players x 9 rounds): rates, p50, and the CPU each request costs the web process and
  PostgreSQL, each a ratio to the same figure with 10 events;
* the PGN import (check, then import, as background jobs) of ``--games`` games, sent as
  files of at most 5,000 games (the upload limit) all at once, with 1 and 2 Celery
  workers, the 1-worker time the baseline.
* the CPU a small GET (the tournament's details) costs the web process and PostgreSQL,
  each apart, with a database connection per request against one kept by the worker
  (``CONN_MAX_AGE`` 0 and 60), the first the baseline.

Every answer is counted by status (printed beside each figure) and any but the expected
one (200; 202 for a job posted) ends the run with an error. The figures an earlier version
printed are void: the writes used a token whose creator held no role, every ``PUT``
answered 403 and the loop dropped the errors (the "80 / 125 / 125 writes a second" and
"result PUT 8.9-12.7 ms of CPU" were refusals), and no read's status was looked at.

Measured on a shared 2-core machine, 8 clients, 5 s each, while other work ran (a long
low-priority job, others' test suites), so the absolute figures are low and the ratios
count; reads and writes the median of three runs (load average 3 to 10):

* standings reads, cached / uncached: 33.1 / 5.1 req/s with 1 web process (p50 236 ms /
  1,635 ms), 30.5 / 6.0 with 2, 34.4 / 5.7 with 4: 5.8x, 4.8x and 6.0x (the median of each
  run's ratio); a small GET in the same runs 14.5-26.4 req/s, so a cached standings read
  of 1,000 players costs about what a small GET does (0.88x its rate with 1 process; with
  2 and 4 the small GET, measured first, pays the new workers' start and reads lower);
* result writes (a deputy arbiter's results token, every answer 200): 7.4 /s with 1
  process (p50 1,024 ms), 7.5 with 2 (p50 895 ms), 2.5 with 4 (p50 2,550 ms; 1.9-8.6 in
  the three runs): a quarter to a third of a small GET's rate in the same run; the
  round's lock serialises the writes of one round, so p50 is about the 8 clients over the
  rate;
* with 10 / 100 / 1,000 events in the database (best of 3 passes; load average 7 to 10),
  the CPU per request (web process and PostgreSQL): small GET 18.4 / 18.0 / 18.1 ms,
  cached standings 18.2 / 18.8 / 18.8, uncached 30.4 / 29.8 / 30.7, result PUT 50.2 /
  53.2 / 55.5: 0.99x to 1.03x from 10 to 1,000 events for the reads, 1.10x for the write
  (its rate 9.1 / 7.4 / 7.3 a second, 0.80x; the reads' 0.99x-1.14x): the reads do not
  grow with the events (every query is by tournament), the write a little, or within this
  run's noise;
* 10,000 games as two files of 5,000 sent at once (load average about 2), check / import /
  total: 15.1 / 192.9 / 208.0 s with 1 worker, 8.6 / 83.6 / 92.2 s with 2 (0.44x; check
  1.76x faster, import 2.31x): about 19 ms a game with one worker (python-chess replays it,
  then it is written). Earlier runs under a load of 4 to 10 found 87 and 29 ms a game: the
  worker had a fraction of a core.

The small GET (``--only small``, 4 clients, 5 s, least of 3 passes, load average 4):
2.90 ms in the web process and 3.90 ms in PostgreSQL with a connection per request (111
a second on one worker), 2.18 + 0.26 = 2.44 ms with the connection kept (242 a second):
0.36x together, PostgreSQL 0.07x. ``deploy/arbiter.sh web`` keeps it (60 s) since. The
reads and writes above were measured with a connection per request.

Needs ``BENCH_DATABASE_URL`` (a PostgreSQL database it may fill and empty) and
``BENCH_REDIS_URL``. Run: ``python -m bench stack`` or ``python -m bench.stack --seconds 5``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import http.client
import itertools
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
from functools import partial
from pathlib import Path
from typing import Any

from bench import summary
from bench._timing import NO_ANSWER, Outcomes, expect

ROOT = Path(__file__).resolve().parent.parent
TIEBREAKS = ["BH/C1", "BH", "SB", "PS", "ARO"]
PASSWORD = "bench-password"
BOARDS = 500
"""Boards of the round the writes enter results on, each write a board of its own: a run of
writes ends after ``--seconds`` or when every board is entered, whichever comes first."""


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
def processes(*commands: tuple[str, dict[str, str]]) -> Iterator[list[int]]:
    """The processes started (their ids yielded), stopped at the end."""
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
        yield [process.pid for process in started]
    finally:
        for process in started:
            os.killpg(process.pid, signal.SIGTERM)
        for process in started:
            process.wait()


def _status(request: urllib.request.Request | str) -> int:
    """The HTTP status of one request, its body read; ``NO_ANSWER`` when none came."""
    try:
        with urllib.request.urlopen(request, timeout=120) as reply:
            reply.read()
            return int(reply.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (OSError, http.client.HTTPException):
        return NO_ANSWER


def _get(url: str, _number: int = 0) -> int:
    return _status(url)


def _wait_healthy(web: str) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if _get(f"{web}/health/") != NO_ANSWER:  # any answer (503 without a cache) says it serves
            return
        time.sleep(0.3)
    raise SystemExit(f"{web} did not start")


def load(
    request: Callable[[int], int],
    seconds: float,
    clients: int,
    outcomes: Outcomes,
    limit: int | None = None,
) -> tuple[float, float, float]:
    """Requests per second, p50 and p99 latency (ms) of ``clients`` threads for ``seconds``
    (or until ``limit`` requests are made). ``request(n)`` makes the ``n``-th request of the
    run (from 0) and returns its status: every answer is counted in ``outcomes``, and any
    it does not expect ends the benchmark with an error."""
    latencies: list[float] = []
    lock = threading.Lock()
    numbers = itertools.count()
    stop = time.monotonic() + seconds

    def client() -> None:
        while time.monotonic() < stop:
            with lock:
                number = next(numbers)
            if limit is not None and number >= limit:
                return
            started = time.perf_counter()
            status = request(number)
            took = time.perf_counter() - started
            outcomes.count(status)
            with lock:
                latencies.append(took)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    begun = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - begun
    outcomes.check()
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
    """TRUNCATE … CASCADE: deleting 1,000 events through the ORM sends a signal per row
    and took longer than the benchmark."""
    from django.db import connection

    from games.models import PgnUpload
    from jobs.models import Job
    from tournaments.models import Tournament

    tables = ", ".join(model._meta.db_table for model in (Job, PgnUpload, Tournament))
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {tables} CASCADE")


def _writes_round(tournament: object, boards: int) -> int:
    """An extra published round of unplayed boards, for the writes to enter results on: its
    number."""
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
    return int(number)


def _token(tournament: object) -> str:
    """A results token that may enter results: made by a deputy arbiter of the tournament
    (the role that enters results), as an arbiter makes one on the tokens page. A token
    whose creator holds no role may do nothing (every write answers 403)."""
    from django.contrib.auth import get_user_model

    from tournaments.api.tokens import create_api_token
    from tournaments.models import TournamentRole

    writer, _ = get_user_model().objects.get_or_create(username="bench-writer")
    TournamentRole.objects.get_or_create(
        tournament=tournament, user=writer, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    return str(create_api_token(tournament, name="bench", scope="results", user=writer)[1])


def _put_results(web: str, slug: str, number: int, key: str) -> Callable[[int], int]:
    """The ``n``-th write of a run enters 1-0 on board ``n + 1`` of round ``number``: each
    write a board not yet entered (the run stops when every board is)."""

    def write(n: int) -> int:
        request = urllib.request.Request(
            f"{web}/api/v1/tournaments/{slug}/rounds/{number}/pairings/{n + 1}/",
            method="PUT",
            data=json.dumps({"result": "1-0"}).encode(),
            headers={"Authorization": f"Token {key}", "Content-Type": "application/json"},
        )
        return _status(request)

    return write


def reads_and_writes(seconds: float, clients: int) -> None:
    from bench.standings_queries import _build
    from tournaments.models import Pairing

    big = _build(1000, 11)
    big.tiebreaks = TIEBREAKS
    big.save()
    writes_round = _writes_round(big, BOARDS)
    key = _token(big)
    api = f"/api/v1/tournaments/{big.slug}/"
    print(f"standings of 1,000 x 11 ({', '.join(TIEBREAKS)}), {clients} clients, {seconds} s each")
    print(
        "web  cache   small GET /s   standings /s  p50 ms  p99 ms   ratio to small GET"
        "   answers (small GET; standings)"
    )
    for webs in (1, 2, 4):
        for cache in ("on", "off"):
            port = _free_port()
            web = f"http://127.0.0.1:{port}"
            env = {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": str(webs)}
            if cache == "off":
                env["ARBITER_CACHE"] = "off"
            with processes(("web", env)):
                _wait_healthy(web)
                # warm: the first computes the cached reply
                expect("first standings read", _get(f"{web}{api}standings/"))
                small_answers = Outcomes(f"small GET, {webs} web, cache {cache}")
                small = load(partial(_get, f"{web}{api}"), seconds, clients, small_answers)
                read_answers = Outcomes(f"standings, {webs} web, cache {cache}")
                reads = load(partial(_get, f"{web}{api}standings/"), seconds, clients, read_answers)
                print(
                    f"{webs:3d}  {cache:5s}  {small[0]:12.1f}  {reads[0]:13.1f}  "
                    f"{reads[1]:6.0f}  {reads[2]:6.0f}   {reads[0] / small[0]:6.2f}"
                    f"   {small_answers.summary()}; {read_answers.summary()}"
                )
    print(
        f"result writes (PUT, a deputy arbiter's results token), each to a board not yet "
        f"entered (at most {BOARDS})"
    )
    print("web   writes /s  p50 ms  p99 ms   answers")
    for webs in (1, 2, 4):
        Pairing.objects.filter(round__tournament=big, round__number=writes_round).update(result="*")
        port = _free_port()
        web = f"http://127.0.0.1:{port}"
        with processes(("web", {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": str(webs)})):
            _wait_healthy(web)
            answers = Outcomes(f"result PUT, {webs} web")
            write = _put_results(web, big.slug, writes_round, key)
            writes = load(write, seconds, clients, answers, limit=BOARDS)
            print(
                f"{webs:3d}  {writes[0]:10.1f}  {writes[1]:6.0f}  {writes[2]:6.0f}   "
                f"{answers.summary()}"
            )


def _bulk_events(first: int, count: int, players: int = 100, rounds: int = 9) -> None:
    """``count`` finished Swiss events of ``players`` and ``rounds``, a few bulk INSERTs for
    all of them (building them one by one took most of the benchmark's time)."""
    import random

    from tournaments.models import Pairing, PairingSystem, Player, Round, Tournament

    rng = random.Random(first)
    events = Tournament.objects.bulk_create(
        Tournament(
            name=f"Growth {n}",
            slug=f"growth-{n}",
            system=PairingSystem.SWISS,
            number_of_rounds=rounds,
            unrated_rating=1000,
            tiebreaks=TIEBREAKS,
            public=True,
        )
        for n in range(first, first + count)
    )
    field = Player.objects.bulk_create(
        (
            Player(tournament=event, name=f"Player {rank:03d}", start_rank=rank)
            for event in events
            for rank in range(1, players + 1)
        ),
        batch_size=5000,
    )
    fields = [field[n * players : (n + 1) * players] for n in range(count)]
    round_rows = Round.objects.bulk_create(
        (
            Round(tournament=event, number=r, paired_by=Round.PairedBy.IMPORT, status="finished")
            for event in events
            for r in range(1, rounds + 1)
        ),
        batch_size=5000,
    )
    boards = []
    for n, event_players in enumerate(fields):
        for r in range(rounds):
            shift = (2 * r + 1) % players
            order = event_players[shift:] + event_players[:shift]
            boards.extend(
                Pairing(
                    round=round_rows[n * rounds + r],
                    board=b,
                    white=order[2 * b - 2],
                    black=order[2 * b - 1],
                    result=rng.choice(["1-0", "1/2-1/2", "0-1"]),
                )
                for b in range(1, players // 2 + 1)
            )
    Pairing.objects.bulk_create(boards, batch_size=10000)


def _writes_event() -> object:
    """A 1,000-player event with one published round of 500 boards not yet played, for the
    writes to enter results on (each write a board of its own)."""
    from tournaments.models import Pairing, PairingSystem, Player, Round, Tournament

    event = Tournament.objects.create(
        name="Growth writes", slug="growth-writes", system=PairingSystem.SWISS, number_of_rounds=9
    )
    players = Player.objects.bulk_create(
        Player(tournament=event, name=f"Player {n:04d}", start_rank=n)
        for n in range(1, 2 * BOARDS + 1)
    )
    round_ = Round.objects.create(
        tournament=event, number=1, status="published", paired_by=Round.PairedBy.IMPORT
    )
    Pairing.objects.bulk_create(
        Pairing(round=round_, board=b, white=players[2 * b - 2], black=players[2 * b - 1])
        for b in range(1, BOARDS + 1)
    )
    return event


PASSES = 3
"""Each figure of the growth is the best of this many passes, taken in turn with the others:
on a shared machine the other work comes and goes, and the best pass is the one it
disturbed least."""


def _ticks(pid: int) -> int:
    """CPU clock ticks of a process, with those of the children it has reaped."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # it ended meanwhile
        return 0
    return sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime


def _cpu_seconds(parents: list[int]) -> float:
    """CPU seconds used so far by these processes and their children (living or reaped):
    the web workers, or PostgreSQL's postmaster with a backend per connection."""
    ticks = 0
    for pid in parents:
        ticks += _ticks(pid)
        with contextlib.suppress(OSError):
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
            ticks += sum(_ticks(int(child)) for child in children)
    return ticks / os.sysconf("SC_CLK_TCK")


def _postmaster() -> list[int]:
    """PostgreSQL's postmaster, when it runs on this machine (else nothing is counted)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    try:
        status = Path(f"/proc/{backend}/status").read_text()
    except OSError:
        return []
    return [int(status.split("PPid:")[1].split()[0])]


def _best_passes(
    operations: dict[str, Callable[[], tuple[float, ...]]], servers: list[int]
) -> dict[str, tuple[float, ...]]:
    """Per operation: the best rate with its p50 (ms), and the least CPU (ms) the web
    process and the database spent per request, over ``PASSES`` passes."""
    best: dict[str, tuple[float, ...]] = {}
    for _ in range(PASSES):
        for name, operation in operations.items():
            before = _cpu_seconds(servers)
            started = time.monotonic()
            rate, p50, _p99 = operation()
            requests = rate * (time.monotonic() - started)
            cpu = (_cpu_seconds(servers) - before) * 1000 / max(requests, 1)
            old = best.get(name, (0.0, 0.0, float("inf")))
            best[name] = (
                *((rate, p50) if rate > old[0] else old[:2]),
                min(cpu, old[2]),
            )
    return best


def growth(seconds: float, clients: int) -> None:
    """Reads and writes as the database grows: rates and latency (load-sensitive on a shared
    machine) and the CPU each request costs the web process and PostgreSQL (much less so),
    each a ratio to the same figure with 10 events, the baseline of the same run."""
    from tournaments.models import Pairing

    writes_event = _writes_event()
    key = _token(writes_event)
    postmaster = _postmaster()
    print(
        "as the database grows by events of 100 players x 9 rounds (1 web process; best of "
        f"{PASSES} passes; CPU of the web process{' and PostgreSQL' if postmaster else ''})"
    )
    print("events  built s  request              req/s  p50 ms  CPU ms/req   ratios to 10 events")
    built = 0
    baseline: dict[str, tuple[float, ...]] = {}
    for events in (10, 100, 1000):
        started = time.perf_counter()
        while built < events:
            batch = min(100, events - built)
            _bulk_events(built, batch)
            built += batch
        build_seconds = time.perf_counter() - started
        api = "/api/v1/tournaments/growth-0/"
        figures: dict[str, tuple[float, ...]] = {}
        answers = {
            name: Outcomes(f"{name}, {events} events")
            for name in ("small GET", "standings cached", "standings uncached", "result PUT")
        }
        for cache in ("on", "off"):
            port = _free_port()
            web = f"http://127.0.0.1:{port}"
            env = {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": "1"}
            if cache == "off":
                env["ARBITER_CACHE"] = "off"
            with processes(("web", env)) as servers:
                _wait_healthy(web)
                expect("first standings read", _get(f"{web}{api}standings/"))
                name = f"standings {'cached' if cache == 'on' else 'uncached'}"
                standings = partial(
                    load, partial(_get, f"{web}{api}standings/"), seconds, clients, answers[name]
                )
                if cache == "off":
                    figures |= _best_passes({name: standings}, servers + postmaster)
                    continue

                def writes(
                    web: str = web, answers: Outcomes = answers["result PUT"]
                ) -> tuple[float, ...]:
                    Pairing.objects.filter(round__tournament=writes_event).update(result="*")
                    write = _put_results(web, "growth-writes", 1, key)
                    return load(write, seconds, clients, answers, limit=BOARDS)

                operations: dict[str, Callable[[], tuple[float, ...]]] = {
                    "small GET": partial(
                        load, partial(_get, web + api), seconds, clients, answers["small GET"]
                    ),
                    name: standings,
                    "result PUT": writes,
                }
                figures |= _best_passes(operations, servers + postmaster)
        for name in ("small GET", "standings cached", "standings uncached", "result PUT"):
            rate, p50, cpu = figures[name]
            base = baseline.setdefault(name, figures[name])
            print(
                f"{events:6d}  {build_seconds:7.0f}  {name:18s}  {rate:6.1f}  {p50:6.0f}  "
                f"{cpu:10.1f}   rate {rate / base[0]:.2f}, CPU {cpu / base[2]:.2f}   "
                f"{answers[name].summary()}",
                flush=True,
            )


def _files(pgn: str, per_file: int) -> list[str]:
    """The PGN text cut into files of at most ``per_file`` games."""
    games = ["[Event" + game for game in pgn.split("[Event")[1:]]
    return ["".join(games[n : n + per_file]) for n in range(0, len(games), per_file)]


def pgn_import(games: int) -> None:
    """``games`` games in files of at most 5,000 (the upload limit), every file sent at
    once: checked, then imported, as jobs on 1 and 2 Celery workers; the 1-worker time is
    the baseline."""
    from django.contrib.auth.models import User

    import tests.stack.test_production_stack as stack_test
    from games.models import Game
    from tournaments.limits import MAX_GAMES_PER_FILE
    from tournaments.models import Tournament

    print(
        f"PGN of {games} games in files of at most {MAX_GAMES_PER_FILE:,} (the upload "
        "limit), all sent at once: check and import as jobs"
    )
    print("workers  files  check s  import s  total s  ratio to 1 worker")
    baseline = 0.0
    for workers in (1, 2):
        _empty_database()
        User.objects.filter(username="stack").delete()
        chief = User.objects.create_user("stack", password=PASSWORD)
        tournament, pgn = stack_test._event(chief, games)
        files = _files(pgn, MAX_GAMES_PER_FILE)
        port = _free_port()
        web = f"http://127.0.0.1:{port}"
        commands = [("web", {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": "1"})]
        commands += [("worker", {"WORKER_NAME": f"b{n}"}) for n in range(workers)]
        api = f"/api/v1/tournaments/{tournament.slug}/pgn/"
        with processes(*commands):
            _wait_healthy(web)
            check_seconds, uploads = _timed_jobs(web, [(api, {"pgn": text}) for text in files])
            import_seconds, _ = _timed_jobs(web, [(f"{api}{u}/import/", {}) for u in uploads])
        total = check_seconds + import_seconds
        baseline = baseline or total
        print(
            f"{workers:7d}  {len(files):5d}  {check_seconds:7.1f}  {import_seconds:8.1f}  "
            f"{total:7.1f}  {total / baseline:6.2f}",
            flush=True,
        )
        imported = Game.objects.filter(pairing__round__tournament=tournament).count()
        if imported != games:
            raise SystemExit(f"{imported} games imported of {games}")
        Tournament.objects.filter(pk=tournament.pk).delete()


def _json(request: urllib.request.Request, what: str, status: int = 200) -> dict[str, Any]:
    """The JSON body of the answer, which must have ``status`` (else the benchmark fails)."""
    try:
        with urllib.request.urlopen(request, timeout=300) as reply:
            expect(what, int(reply.status), status)
            return dict(json.load(reply))
    except urllib.error.HTTPError as error:
        expect(what, int(error.code), status)
        raise


def _timed_jobs(web: str, posts: list[tuple[str, dict[str, object]]]) -> tuple[float, list[int]]:
    """Seconds until every job posted is done, and the upload each one names."""
    credentials = base64.b64encode(f"stack:{PASSWORD}".encode()).decode()
    headers = {"Authorization": f"Basic {credentials}", "Content-Type": "application/json"}
    started = time.perf_counter()
    jobs = []
    for path, body in posts:
        request = urllib.request.Request(
            web + path, method="POST", data=json.dumps(body).encode(), headers=headers
        )
        jobs.append(_json(request, "PGN job posted", 202)["id"])
    results = []
    for job in jobs:
        while True:
            state = _json(
                urllib.request.Request(f"{web}/api/v1/jobs/{job}/", headers=headers), "job read"
            )
            if state["status"] in ("done", "failed"):
                break
            time.sleep(0.5)
        if state["status"] != "done":
            raise SystemExit(f"job failed: {state['errors'][:3]}")
        results.append(int(state["result"].get("upload", 0)))
    return time.perf_counter() - started, results


def small_get_cpu(seconds: float, clients: int) -> None:
    """The CPU a small GET (the API's tournament details) costs the web process and
    PostgreSQL, each apart, with a database connection per request (``CONN_MAX_AGE=0``)
    against one kept by each worker (``CONN_MAX_AGE=60``), in turns, best of ``PASSES``."""
    _build_small_event()
    postmaster = _postmaster()
    print(
        f"a small GET on the production stack: 1 web process of 1 worker, {clients} clients, "
        f"{seconds:g} s; CPU per request, the least of {PASSES} passes"
    )
    print("connections          req/s  web ms  PostgreSQL ms  total ms   answers")
    best: dict[str, tuple[float, float, float]] = {}
    answers = {age: Outcomes(f"small GET, CONN_MAX_AGE={age}") for age in ("0", "60")}
    for _ in range(PASSES):
        for age in ("0", "60"):
            port = _free_port()
            web = f"http://127.0.0.1:{port}"
            env = {"WEB_BIND": f"127.0.0.1:{port}", "WEB_WORKERS": "1", "CONN_MAX_AGE": age}
            with processes(("web", env)) as servers:
                _wait_healthy(web)
                url = f"{web}/api/v1/tournaments/small-get/"
                expect("first small GET", _get(url))
                web_before, pg_before = _cpu_seconds(servers), _cpu_seconds(postmaster)
                answered = answers[age].total
                rate, _p50, _p99 = load(partial(_get, url), seconds, clients, answers[age])
                requests = answers[age].total - answered  # every one answered 200
                web_ms = (_cpu_seconds(servers) - web_before) * 1000 / max(requests, 1)
                pg_ms = (_cpu_seconds(postmaster) - pg_before) * 1000 / max(requests, 1)
            old = best.get(age, (0.0, float("inf"), float("inf")))
            best[age] = (max(rate, old[0]), min(web_ms, old[1]), min(pg_ms, old[2]))
    for age, label in (("0", "one per request"), ("60", "kept (60 s)")):
        rate, web_ms, pg_ms = best[age]
        print(
            f"{label:18s}  {rate:6.1f}  {web_ms:6.2f}  {pg_ms:13.2f}  {web_ms + pg_ms:8.2f}   "
            f"{answers[age].summary()}"
        )
    kept, fresh = best["60"], best["0"]
    print(
        f"kept / one per request: web {kept[1] / fresh[1]:.2f}x, PostgreSQL "
        f"{kept[2] / fresh[2]:.2f}x, together {(kept[1] + kept[2]) / (fresh[1] + fresh[2]):.2f}x"
    )


def _build_small_event() -> None:
    from bench.standings_queries import _build

    event = _build(40, 5)
    event.slug = "small-get"
    event.public = True
    event.save()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument(
        "--only",
        choices=["reads", "growth", "import", "small"],
        action="append",
        default=None,
    )
    options = parser.parse_args(argv if argv is not None else [])
    if not (os.environ.get("BENCH_DATABASE_URL") and os.environ.get("BENCH_REDIS_URL")):
        print("bench.stack: set BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL; skipped")
        return
    _setup_django()
    _empty_database()
    parts = options.only or ["reads", "growth", "import", "small"]
    if "reads" in parts:
        reads_and_writes(options.seconds, options.clients)
        _empty_database()
    if "growth" in parts:
        growth(options.seconds, options.clients)
        _empty_database()
    if "import" in parts:
        pgn_import(options.games)
        _empty_database()
    if "small" in parts:
        small_get_cpu(options.seconds, options.clients)
        _empty_database()


if __name__ == "__main__":
    main(sys.argv[1:])
