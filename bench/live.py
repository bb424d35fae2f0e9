"""The live round page: polling the tournament's version against server-sent events, in
spectators served per core (gunicorn with 2 sync workers, DEBUG off, as ``deploy/arbiter.sh
web`` starts it, on a fresh SQLite file; the clients are asyncio sockets in this process).

* Polling (what the page ships, ``static/js/live-round.js``): the most requests per second
  of ``GET …/version/`` answered ``304`` (the spectator's usual poll), of the same answered
  200, of the round page itself (200, its table cached per version) and of the page's 304 —
  the baseline, so the poll's cost is a ratio to a page view. Then spectators each polling
  every ``--period`` seconds (the page's 5 s), from half to twice as many as the measured
  rate allows: their p50/p99 and failures show whether the server keeps up (served: none
  failed, none late, p99 under 1 s).
* Server-sent events (``bench/_live_stream.py``, not part of the application): ``n`` streams
  opened at once, a result entered, and how many streams see the new version, how fast, and
  whether a plain poll is still answered while they are open; and the memory of a worker,
  which each open stream holds.

Readers per core = spectators served / 2 cores.

Measured on the shared 2-core machine under a load average of 4 to 7 (other work running):

* a poll (version, 304) 170/s, p50 48 ms with 8 clients, against the round page of a
  100-player event 76/s (its 304: 157/s): a poll costs what a 304 of the page costs, 2.2x
  less than a page view — both are Django's per-request work, not the one query;
* 423 spectators polling every 5 s: p99 62 ms; 847: p99 622 ms, none failed; 1,270: 1,929
  polls failed or late (the workers cannot keep up): polling serves about 850 spectators,
  420 per core, a result reaching them 2.5 s after it is entered on average (half the period);
* server-sent events: 1 stream sees a result 1.0 s after it is entered (the stream's
  check), 2 streams take both workers and then nothing else is answered (a poll gets no
  answer in 10 s: the site is down for everyone else); 4 or 8 streams: still 2 served, the
  rest wait in the listen queue. Each stream holds a worker of 87 MB: 1 spectator per core.
* polling / server-sent events: about 420x the spectators per core. Server-sent events would
  need an asynchronous server (ASGI workers, or gunicorn's gevent) and a message bus to push
  the bump to every stream; polling needs neither, and a reverse proxy may answer the polls
  itself (``Cache-Control: public, no-cache`` with the ETag).

Run: ``python -m bench live`` or ``python -m bench.live --seconds 5 --period 5``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORES = 2
WORKERS = 2
TIMEOUT = 10.0
"""Seconds a request may take before it counts as failed."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _setup_django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _event(players: int = 100):
    """A public Swiss of ``players`` whose first round is published, no result entered."""
    from tournaments.models import Pairing as Board
    from tournaments.models import PairingSystem, Player, Round, Tournament

    tournament = Tournament.objects.create(
        name="Live bench", slug="live-bench", system=PairingSystem.SWISS, number_of_rounds=9
    )
    Tournament.objects.filter(pk=tournament.pk).update(public=True)
    field = Player.objects.bulk_create(
        Player(tournament=tournament, name=f"Player {rank:03d}", start_rank=rank)
        for rank in range(1, players + 1)
    )
    round_ = Round.objects.create(
        tournament=tournament, number=1, paired_by=Round.PairedBy.IMPORT, status="published"
    )
    Board.objects.bulk_create(
        Board(round=round_, board=b, white=field[2 * b - 2], black=field[2 * b - 1])
        for b in range(1, players // 2 + 1)
    )
    tournament.refresh_from_db()
    return tournament


def _enter_result(tournament, board: int) -> int:
    """Enter a result as an arbiter does; the tournament's version after it commits."""
    from tournaments.models import Pairing
    from tournaments.services import record_result

    pairing = Pairing.objects.get(round__tournament=tournament, round__number=1, board=board)
    record_result(pairing, "1-0", source="hand", user=None)
    tournament.refresh_from_db()
    return int(tournament.version)


@contextmanager
def web(database: Path, settings: str = "bench._live_settings") -> Iterator[int]:
    """gunicorn as production starts it (``deploy/arbiter.sh web``), on a free port."""
    port = _free_port()
    env = {
        **os.environ,
        "PYTHON": sys.executable,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": settings,
        "DEBUG": "0",
        "WEB_BIND": f"127.0.0.1:{port}",
        "WEB_WORKERS": str(WORKERS),
        "LOG_LEVEL": "WARNING",
    }
    process = subprocess.Popen(
        [str(ROOT / "deploy" / "arbiter.sh"), "web"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while asyncio.run(_get(port, "/health/"))[0] == 0:
            if time.monotonic() > deadline:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.3)
        yield port
    finally:
        # SIGINT: gunicorn's quick shutdown; a graceful one waits for the open streams.
        os.killpg(process.pid, signal.SIGINT)
        process.wait()


async def _get(port: int, path: str, etag: str = "") -> tuple[int, str, float]:
    """Status (0: no answer in time), ETag and seconds of one GET on a fresh connection
    (gunicorn's sync workers close each connection after its reply)."""
    started = time.perf_counter()
    headers = f"If-None-Match: {etag}\r\n" if etag else ""
    try:
        async with asyncio.timeout(TIMEOUT):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                f"{headers}\r\n".encode()
            )
            await writer.drain()
            reply = await reader.read()
            writer.close()
    except (OSError, TimeoutError):
        return 0, "", time.perf_counter() - started
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    tag = next((h.split(":", 1)[1].strip() for h in head if h.lower().startswith("etag:")), "")
    return int(head[0].split()[1]), tag, time.perf_counter() - started


def _percentiles(latencies: list[float]) -> tuple[float, float]:
    if len(latencies) < 2:
        return (latencies[0] * 1000 if latencies else 0.0), 0.0
    cuts = statistics.quantiles(latencies, n=100)
    return cuts[49] * 1000, cuts[98] * 1000


async def _closed_loop(port: int, path: str, etag: str, seconds: float, clients: int):
    """Requests per second, p50, p99 (ms) and failures of ``clients`` back-to-back clients."""
    latencies: list[float] = []
    failures = 0
    stop = time.monotonic() + seconds

    async def client() -> None:
        nonlocal failures
        while time.monotonic() < stop:
            status, _tag, took = await _get(port, path, etag)
            if status in (200, 304):
                latencies.append(took)
            else:
                failures += 1

    begun = time.monotonic()
    await asyncio.gather(*(client() for _ in range(clients)))
    return (len(latencies) / (time.monotonic() - begun), *_percentiles(latencies), failures)


async def _spectators(port: int, path: str, readers: int, period: float, seconds: float):
    """``readers`` spectators each polling every ``period`` s (spread over the period): the
    polls answered per second, p50 and p99 (ms) and the polls that failed or came late."""
    latencies: list[float] = []
    failures = 0
    stop = time.monotonic() + seconds

    async def reader() -> None:
        nonlocal failures
        etag = ""
        await asyncio.sleep(random.uniform(0, period))
        while time.monotonic() < stop:
            due = time.monotonic() + period
            status, tag, took = await _get(port, path, etag)
            if status in (200, 304) and took < period:
                latencies.append(took)
                etag = tag or etag
            else:
                failures += 1
            await asyncio.sleep(max(0.0, due - time.monotonic()))

    begun = time.monotonic()
    await asyncio.gather(*(reader() for _ in range(readers)))
    return (len(latencies) / (time.monotonic() - begun), *_percentiles(latencies), failures)


def polling(database: Path, tournament, seconds: float, period: float, clients: int) -> float:
    """The readers per core polling serves, printed with its figures."""
    version = f"/tournaments/{tournament.pk}/version/"
    page = f"/tournaments/{tournament.pk}/rounds/1/pairings/"
    with web(database) as port:
        _status, version_tag, _ = asyncio.run(_get(port, version))
        _status, page_tag, _ = asyncio.run(_get(port, page))  # computes the cached table
        print(
            f"polling: gunicorn {WORKERS} sync workers, {clients} back-to-back clients, "
            f"{seconds} s each"
        )
        print("request                    req/s   p50 ms   p99 ms  failed   ratio to page 200")
        rates = {}
        for name, path, tag in [
            ("round page 200 (baseline)", page, ""),
            ("round page 304", page, page_tag),
            ("version 200", version, ""),
            ("version 304 (a poll)", version, version_tag),
        ]:
            cpu = time.process_time()
            rate, p50, p99, failed = asyncio.run(_closed_loop(port, path, tag, seconds, clients))
            client_share = (time.process_time() - cpu) / seconds
            rates[name] = rate
            print(
                f"{name:25s}  {rate:6.0f}  {p50:7.1f}  {p99:7.1f}  {failed:6d}   "
                f"{rate / rates['round page 200 (baseline)']:5.1f}"
                f"   (client used {client_share:.0%} of a core)"
            )
        capacity = int(rates["version 304 (a poll)"] * period)
        print(
            f"spectators polling every {period:g} s, {3 * period:g} s each "
            f"(the measured rate allows {capacity})"
        )
        print("spectators  polls/s  p50 ms   p99 ms  failed or late")
        served = 0
        for share in (0.5, 1.0, 1.5, 2.0):
            readers = int(capacity * share)
            rate, p50, p99, failed = asyncio.run(
                _spectators(port, version, readers, period, 3 * period)
            )
            print(f"{readers:10d}  {rate:7.0f}  {p50:6.1f}  {p99:7.1f}  {failed:6d}")
            if failed == 0 and p99 < 1000:
                served = readers
    print(f"polling serves {served} spectators: {served / CORES:.0f} per core")
    return served / CORES


async def _streams(port: int, tournament, count: int) -> tuple[int, list[float], int]:
    """Open ``count`` streams, enter a result, and wait: how many streams answered at all,
    the delays (s) of those that saw the new version, and a plain poll's status meanwhile."""
    path = f"/tournaments/{tournament.pk}/version/stream/"
    seen: dict[int, float] = {}
    answered: set[int] = set()
    entered: dict[str, float | int] = {}

    async def stream(number: int) -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            return
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        await writer.drain()
        try:
            async with asyncio.timeout(12):
                while line := await reader.readline():
                    answered.add(number)
                    text = line.decode().strip()
                    fresh = "version" in entered and text.startswith("data:")
                    if fresh and int(text[5:]) >= int(entered["version"]):
                        seen[number] = time.monotonic() - float(entered["at"])
                        break
        except TimeoutError:
            pass
        writer.close()

    tasks = [asyncio.create_task(stream(n)) for n in range(count)]
    await asyncio.sleep(3)  # every stream that will be served is open
    entered["at"] = time.monotonic()
    entered["version"] = await asyncio.to_thread(_enter_result, tournament, count)
    poll, _tag, _took = await _get(port, f"/tournaments/{tournament.pk}/version/")
    await asyncio.gather(*tasks)
    return len(answered), sorted(seen.values()), poll


def server_sent_events(database: Path, tournament) -> float:
    """The readers per core server-sent events serve, printed with their figures."""
    print(f"server-sent events: gunicorn {WORKERS} sync workers, a result entered after 3 s")
    print("streams  answered  saw the result  delay p50 s   a poll meanwhile")
    served = 0
    memory = 0.0
    for count in (1, 2, 4, 8):
        with web(database) as port:
            answered, delays, poll = asyncio.run(_streams(port, tournament, count))
            memory = memory or _worker_megabytes(port)
        median = statistics.median(delays) if delays else float("nan")
        state = f"HTTP {poll}" if poll else f"no answer in {TIMEOUT:g} s"
        print(f"{count:7d}  {answered:8d}  {len(delays):14d}  {median:11.2f}   {state}")
        served = max(served, len(delays))
    print(
        f"server-sent events serve {served} spectators: {served / CORES:g} per core, and "
        f"nothing else is answered while they watch; each holds a worker of {memory:.0f} MB"
    )
    return served / CORES


def _worker_megabytes(port: int) -> float:
    """The resident memory of one gunicorn worker serving ``port`` (Linux /proc)."""
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
            command = (status.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "gunicorn" in command and f":{port}" in command and "PPid" in text:
            parent = int(text.split("PPid:")[1].split()[0])
            parent_command = Path(f"/proc/{parent}/cmdline").read_bytes()
            if b"gunicorn" in parent_command:  # a worker, not the master
                return int(text.split("VmRSS:")[1].split()[0]) / 1024
    return 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--period", type=float, default=5, help="the page's polling period")
    parser.add_argument("--clients", type=int, default=8)
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        database = Path(directory) / "live.sqlite3"
        _setup_django(database)
        tournament = _event()
        per_core_polling = polling(
            database, tournament, options.seconds, options.period, options.clients
        )
        per_core_streams = server_sent_events(database, tournament)
        if per_core_streams:
            ratio = f"{per_core_polling / per_core_streams:.0f}x"
        else:
            ratio = "no stream served"
        print(f"readers per core, polling / server-sent events: {ratio}")


if __name__ == "__main__":
    main(sys.argv[1:])
