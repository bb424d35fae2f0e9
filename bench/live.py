"""The live round page: polling the tournament's version against server-sent events, in
spectators served per core, each way as production serves it (DEBUG off, a fresh SQLite
file; the clients are asyncio sockets in this process).

* Polling (``deploy/arbiter.sh web``: gunicorn, 2 sync workers, both cores): the most
  requests per second of ``GET …/version/`` answered ``304`` (the spectator's usual poll),
  of the same answered 200, of the round page itself (200, its table cached per version)
  and of the page's 304 — the baseline, so the poll's cost is a ratio to a page view. Then
  spectators each polling every ``--period`` seconds (the page's 5 s), from half to twice as
  many as the measured rate allows: served when none failed, none was late and p99 < 1 s.
  Per core: served / 2.
* Server-sent events (``deploy/arbiter.sh live``: one uvicorn process, one core, the
  application under ASGI): ``--streams`` streams opened, ``--at-once`` at a time; the memory
  and threads of the process with them open, its CPU while they are held past a keep-alive,
  the round page read from the same process meanwhile, then a result entered and the time
  until each stream sees it (p50/p99). Served when every stream opened and saw the result
  within one polling period (no later than a poller would) and no page request failed.
  Per core: the most served by the one process.

Measured on the shared 2-core machine (load average 1.1 to 1.9 through the run; an earlier
run under a load of 4 and more, before the stream let go of its request's thread, gave
polling 456 per core and server-sent events 5,000, 11x):

* polling: a poll (version, 304) 543/s against the round page of a 100-player event 309/s
  (1.8x); 1,357 spectators polling every 5 s: p99 23 ms; 2,715: p99 383 ms, none failed;
  4,072: 2,460 polls failed or late. Polling serves 2,715 spectators, **1,358 per core**,
  who see a result 2.5 s after it is entered on average (half the period);
* server-sent events, one process: the round page 96/s with no stream open;

    streams   KB/stream  idle CPU  pages/s (p99 ms)  saw the result  p50 / p99 ms
        500        62        3%       96 (212)          500/500        431 / 447
      1,000        15        6%       86 (345)        1,000/1,000      956 / 982
      2,000        16        7%       88 (317)        2,000/2,000      111 / 159
      5,000        22       16%       96 (272)        5,000/5,000    1,046 / 1,170
     10,000        10       51%       19 (3,654)     10,000/10,000     554 / 798

  so one process serves **10,000 spectators**, the most tried (the open-files limit here is
  20,000 for the server and the clients each): every stream saw the result within the
  watcher's second, and pages were still answered, if slowly at 10,000. A stream costs
  15-20 KB (the first rows count the process's own growth), no thread once open, a
  keep-alive every 15 s (most of the idle CPU: 51% of the core at 10,000) and its share of
  one query a second per process; the result's broadcast took 610 ms of CPU for 10,000.
  Streams open at 110-140 a second (each is a Django request); when thousands leave at
  once, the server briefly runs a thread for each closing request.
* server-sent events / polling: at least **7.4x** the spectators per core (10,000 against
  1,358), and a result seen within about a second instead of 2.5 s on average. The round
  page itself costs more under ASGI (96/s on one core against 309/s on two sync workers):
  the stream wins by holding a spectator for almost nothing, not by answering faster.

Run: ``python -m bench live``, or ``python -m bench.live --streams 500,1000,2000,5000,10000``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
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

from bench import summary
from bench._timing import NO_ANSWER, Outcomes, expect

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
def _deployed(role: str, database: Path, settings: dict[str, str]) -> Iterator[tuple[int, int]]:
    """``deploy/arbiter.sh <role>`` as production starts it, on a free port (``settings``
    name it with ``{port}``): its port and process id."""
    port = _free_port()
    env = {
        **os.environ,
        "PYTHON": sys.executable,
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "arbiter.settings",
        "DEBUG": "0",
        "LOG_LEVEL": "WARNING",
        **{name: value.format(port=port) for name, value in settings.items()},
    }
    process = subprocess.Popen(
        [str(ROOT / "deploy" / "arbiter.sh"), role],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while asyncio.run(_get(port, "/health/"))[0] == 0:
            if time.monotonic() > deadline:
                raise SystemExit(f"deploy/arbiter.sh {role} did not start")
            time.sleep(0.3)
        yield port, process.pid
    finally:
        # SIGINT: gunicorn's quick shutdown (a graceful one waits for open streams); uvicorn
        # stops on either.
        os.killpg(process.pid, signal.SIGINT)
        process.wait()


@contextmanager
def web(database: Path) -> Iterator[int]:
    """gunicorn as production starts it (``deploy/arbiter.sh web``), on a free port."""
    settings = {"WEB_BIND": "127.0.0.1:{port}", "WEB_WORKERS": str(WORKERS)}
    with _deployed("web", database, settings) as (port, _pid):
        yield port


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
        return NO_ANSWER, "", time.perf_counter() - started
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    if not head[0].startswith("HTTP/"):  # the connection closed without a reply
        return NO_ANSWER, "", time.perf_counter() - started
    tag = next((h.split(":", 1)[1].strip() for h in head if h.lower().startswith("etag:")), "")
    return int(head[0].split()[1]), tag, time.perf_counter() - started


def _percentiles(latencies: list[float]) -> tuple[float, float]:
    if len(latencies) < 2:
        return (latencies[0] * 1000 if latencies else 0.0), 0.0
    cuts = statistics.quantiles(latencies, n=100)
    return cuts[49] * 1000, cuts[98] * 1000


async def _closed_loop(
    port: int, path: str, etag: str, seconds: float, clients: int, expected: int = 200
):
    """Requests per second, p50, p99 (ms) and failures (no answer in time) of ``clients``
    back-to-back clients. Every answer is counted; any status but ``expected`` ends the
    benchmark with an error (a 200 where a 304 was asked for measures another request)."""
    latencies: list[float] = []
    answers = Outcomes(f"GET {path}" + (" (If-None-Match)" if etag else ""), {expected, NO_ANSWER})
    stop = time.monotonic() + seconds

    async def client() -> None:
        while time.monotonic() < stop:
            status, _tag, took = await _get(port, path, etag)
            if answers.count(status) and status != NO_ANSWER:
                latencies.append(took)

    begun = time.monotonic()
    await asyncio.gather(*(client() for _ in range(clients)))
    rate = len(latencies) / (time.monotonic() - begun)
    answers.check()
    return (rate, *_percentiles(latencies), answers.by_status[NO_ANSWER])


async def _spectators(port: int, path: str, readers: int, period: float, seconds: float):
    """``readers`` spectators each polling every ``period`` s (spread over the period): the
    polls answered per second, p50 and p99 (ms) and the polls that failed or came late."""
    latencies: list[float] = []
    failures = 0
    # A spectator's first poll reads the version (200), the next ones find it unchanged
    # (304); no answer in time is a failed poll, any other status an error.
    answers = Outcomes(f"{readers} spectators polling {path}", {200, 304, NO_ANSWER})
    stop = time.monotonic() + seconds

    async def reader() -> None:
        nonlocal failures
        etag = ""
        await asyncio.sleep(random.uniform(0, period))
        while time.monotonic() < stop:
            due = time.monotonic() + period
            status, tag, took = await _get(port, path, etag)
            answers.count(status)
            if status in (200, 304) and took < period:
                latencies.append(took)
                etag = tag or etag
            else:
                failures += 1
            await asyncio.sleep(max(0.0, due - time.monotonic()))

    begun = time.monotonic()
    await asyncio.gather(*(reader() for _ in range(readers)))
    rate = len(latencies) / (time.monotonic() - begun)
    answers.check()
    return (rate, *_percentiles(latencies), failures)


def polling(database: Path, tournament, seconds: float, period: float, clients: int) -> float:
    """The readers per core polling serves, printed with its figures."""
    version = f"/tournaments/{tournament.pk}/version/"
    page = f"/tournaments/{tournament.pk}/rounds/1/pairings/"
    with web(database) as port:
        version_tag = _tagged(asyncio.run(_get(port, version)), version)
        page_tag = _tagged(asyncio.run(_get(port, page)), page)  # computes the cached table
        print(
            f"polling: gunicorn {WORKERS} sync workers, {clients} back-to-back clients, "
            f"{seconds} s each"
        )
        print("request                    req/s   p50 ms   p99 ms  failed   ratio to page 200")
        rates = {}
        for name, path, tag, status in [
            ("round page 200 (baseline)", page, "", 200),
            ("round page 304", page, page_tag, 304),
            ("version 200", version, "", 200),
            ("version 304 (a poll)", version, version_tag, 304),
        ]:
            cpu = time.process_time()
            rate, p50, p99, failed = asyncio.run(
                _closed_loop(port, path, tag, seconds, clients, status)
            )
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


def _tagged(answer: tuple[int, str, float], path: str) -> str:
    """The ETag of a first read of ``path``, which must answer 200 with one."""
    status, tag, _took = answer
    expect(f"first GET {path}", status)
    if not tag:
        raise SystemExit(f"ERROR: GET {path} answered no ETag: its 304s cannot be measured")
    return tag


class _Streams:
    """``count`` spectators' event streams on one connection each, read line by line."""

    def __init__(self, port: int, path: str, count: int) -> None:
        self.port, self.path, self.count = port, path, count
        self.opened: list[float] = []
        """Seconds from asking to the first event, of each stream that got one."""
        self.refused = 0
        """Streams that got no answer or lost it before their first event (load)."""
        self.answers = Outcomes(f"event streams of {path}", {200})
        """The status each stream was answered: any but 200 is an error, not a refusal."""
        self.target = 0
        """The version to wait for; ``seen`` gets the moment each stream saw it."""
        self.seen: dict[int, float] = {}
        self.all_seen = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []

    async def _one(self, number: int, gate: asyncio.Semaphore) -> None:
        writer = None
        try:
            async with gate:
                asked = time.monotonic()
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.write(
                    f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Accept: text/event-stream\r\n\r\n".encode()
                )
                await writer.drain()
                status_line = (await reader.readline()).split()
                if len(status_line) < 2 or not status_line[0].startswith(b"HTTP/"):
                    self.refused += 1
                    return
                if not self.answers.count(int(status_line[1])):
                    return
                while not (line := await reader.readline()).startswith(b"data:"):
                    if not line:
                        self.refused += 1
                        return
                self.opened.append(time.monotonic() - asked)
            while line := await reader.readline():
                # Uvicorn sends each event as one chunk: its size line, then the event.
                version = line.startswith(b"data:") and json.loads(line[5:])["version"]
                if version and self.target and version >= self.target:
                    self.seen.setdefault(number, time.monotonic())
                    if len(self.seen) == len(self.opened):
                        self.all_seen.set()
        except (OSError, TimeoutError):
            self.refused += 1
        finally:
            if writer is not None:
                writer.close()

    async def open(self, at_once: int) -> float:
        """Open every stream, ``at_once`` being opened at a time (a crowd arriving); the
        seconds it took until each had its first event."""
        gate = asyncio.Semaphore(at_once)
        begun = time.monotonic()
        self.tasks = [asyncio.create_task(self._one(n, gate)) for n in range(self.count)]
        while len(self.opened) + self.refused < self.count and not self.answers.unexpected:
            await asyncio.sleep(0.05)
        seconds = time.monotonic() - begun
        if self.answers.unexpected:
            await self.close()
            self.answers.check()
        return seconds

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


def _process(pid: int) -> tuple[float, int, float]:
    """Resident MB, threads and CPU seconds of a process (Linux /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    resident = int(status.split("VmRSS:")[1].split()[0]) / 1024
    threads = int(status.split("Threads:")[1].split()[0])
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return resident, threads, cpu


@contextmanager
def live_server(database: Path) -> Iterator[tuple[int, int]]:
    """One uvicorn process as production starts it (``deploy/arbiter.sh live``): its port
    and process id."""
    with _deployed("live", database, {"LIVE_BIND": "127.0.0.1:{port}", "LIVE_WORKERS": "1"}) as run:
        yield run


async def _sse_round(port: int, pid: int, tournament, count: int, board: int, options) -> dict:
    """Open ``count`` streams, hold them, read pages meanwhile, enter a result: the figures."""
    page = f"/tournaments/{tournament.pk}/rounds/1/pairings/"
    figures: dict = {"count": count}
    memory0, threads0, _cpu = _process(pid)
    streams = _Streams(port, f"/live/tournaments/{tournament.pk}/", count)
    figures["open_s"] = await streams.open(options.at_once)
    figures["opened"] = len(streams.opened)
    figures["open_p99_ms"] = _percentiles(streams.opened)[1]
    await asyncio.sleep(1)
    memory1, threads1, cpu1 = _process(pid)
    figures["kb_per_stream"] = (memory1 - memory0) * 1024 / max(1, len(streams.opened))
    figures["threads"] = threads1 - threads0
    # Held quietly past a keep-alive: what the open streams cost the server's core.
    await asyncio.sleep(options.hold)
    _memory, _threads, cpu2 = _process(pid)
    figures["idle_cpu"] = (cpu2 - cpu1) / options.hold
    rate, p50, p99, failed = await _closed_loop(port, page, "", options.seconds, options.clients)
    figures["pages"] = (rate, p50, p99, failed)
    _memory, _threads, cpu3 = _process(pid)
    started = time.monotonic()
    streams.target = await asyncio.to_thread(_enter_result, tournament, board)
    try:
        async with asyncio.timeout(TIMEOUT * 3):
            await streams.all_seen.wait()
    except TimeoutError:
        pass
    delays = [seen - started for seen in streams.seen.values()]
    figures["saw"] = len(delays)
    figures["delay_ms"] = _percentiles(delays)
    figures["broadcast_cpu_ms"] = (_process(pid)[2] - cpu3) * 1000
    await streams.close()
    await asyncio.sleep(5)  # the server notices each client leave and ends its stream
    figures["threads_after"] = _process(pid)[1] - threads0
    return figures


def server_sent_events(database: Path, tournament, options) -> float:
    """The spectators one core serves by server-sent events, printed with the figures."""
    page = f"/tournaments/{tournament.pk}/rounds/1/pairings/"
    print(
        f"server-sent events: one uvicorn process (one core), {options.at_once} streams opened "
        f"at a time, held {options.hold:g} s, a result entered"
    )
    with live_server(database) as (port, pid):
        expect(f"first GET {page}", asyncio.run(_get(port, page))[0])  # computes the table
        rate, p50, p99, failed = asyncio.run(
            _closed_loop(port, page, "", options.seconds, options.clients)
        )
        print(
            f"the round page with no stream open: {rate:.0f}/s, p50 {p50:.0f} ms, "
            f"p99 {p99:.0f} ms, {failed} failed"
        )
        print(
            "streams  opened in s  open p99 ms  KB/stream  threads  idle CPU  "
            "pages/s p50 ms p99 ms failed  saw result  p50 ms  p99 ms  CPU ms  threads after"
        )
        served = 0
        for board, count in enumerate(options.streams, start=1):
            # A result on another board each time: each one moves the version.
            f = asyncio.run(_sse_round(port, pid, tournament, count, board, options))
            page_rate, page_p50, page_p99, page_failed = f["pages"]
            print(
                f"{count:7d}  {f['open_s']:10.1f}  {f['open_p99_ms']:11.0f}  "
                f"{f['kb_per_stream']:9.1f}  {f['threads']:7d}  {f['idle_cpu']:8.0%}  "
                f"{page_rate:7.0f} {page_p50:6.0f} {page_p99:6.0f} {page_failed:6d}  "
                f"{f['saw']:5d}/{f['opened']:<5d}  {f['delay_ms'][0]:6.0f}  "
                f"{f['delay_ms'][1]:6.0f}  {f['broadcast_cpu_ms']:6.0f}  {f['threads_after']:13d}"
            )
            # Served: every stream opened and saw the result no later than a poller would
            # (one period), and pages were still answered.
            if (
                f["saw"] == f["opened"] == count
                and f["delay_ms"][1] <= options.period * 1000
                and page_failed == 0
            ):
                served = count
    print(f"server-sent events serve at least {served} spectators on one core")
    return float(served)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--period", type=float, default=5, help="the page's polling period")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument(
        "--streams",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[500, 1000, 2000, 5000],
        help="numbers of open streams to try, comma-separated",
    )
    parser.add_argument("--at-once", type=int, default=100, help="streams opened at a time")
    parser.add_argument("--hold", type=float, default=16, help="seconds the streams are held")
    options = parser.parse_args(argv if argv is not None else [])
    _allow_open_files(max(options.streams) + 1000)
    print(f"load average before: {' '.join(f'{n:.1f}' for n in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as directory:
        database = Path(directory) / "live.sqlite3"
        _setup_django(database)
        tournament = _event()
        per_core_polling = polling(
            database, tournament, options.seconds, options.period, options.clients
        )
        print(f"load average: {' '.join(f'{n:.1f}' for n in os.getloadavg())}")
        per_core_streams = server_sent_events(database, tournament, options)
        print(f"load average after: {' '.join(f'{n:.1f}' for n in os.getloadavg())}")
        if per_core_polling:
            ratio = f"{per_core_streams / per_core_polling:.1f}x"
        else:
            ratio = "polling served nobody"
        print(
            f"spectators per core: server-sent events {per_core_streams:.0f}, polling "
            f"{per_core_polling:.0f}: {ratio}"
        )


def _allow_open_files(needed: int) -> None:
    """Each stream is a socket here and one in the server: raise this process's limit of
    open files (the server raises its own, ``deploy/arbiter.sh live``)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))
    if hard != resource.RLIM_INFINITY and hard < needed:
        print(f"only {hard} open files allowed (ulimit -Hn): fewer streams will open")


if __name__ == "__main__":
    main(sys.argv[1:])
