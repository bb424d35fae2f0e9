"""Public standings of a large event read by a crowd through nginx (``deploy/arbiter.sh
proxy``, which keeps anonymous public reads 1 second) against the same reads sent straight
to gunicorn, in the same run: requests per second and p50/p99 latency, the ratio proxy /
direct, for the standings JSON and the standings page (HTML).

The standings of a public ``--players``-player, 11-round Swiss with five tie-breaks
(PostgreSQL, Redis, one gunicorn web process of ``--web-workers`` workers, DEBUG off), read
anonymously by ``--clients`` threads for ``--seconds`` each way, direct first, then through
the proxy, then direct again (the direct figure is the mean of both, so a machine whose load
changes during the run does not favour either side). Every answer is counted by status and
any but 200 ends the run with an error.

The clients are ``wrk`` (written in C: 2 threads keep the connections) when it is
installed, else Python threads (``--clients-by``): Python threads cost more CPU than the
nginx they measure, and on a small machine their own scheduling shows in the tail.

Measured on the shared 2-core machine while other work ran (load average 2 to 4), 1,000
players, 32 clients by wrk, 10 s each way, 2 gunicorn workers, one run:

=====  ======================  ========================  =======  ==========
read   direct req/s            proxy req/s               ratio    p99 ratio
=====  ======================  ========================  =======  ==========
JSON   139.7 / 111.6 (p99      3,757.3 (p50 6 ms,        29.9x    0.04x
       346 / 400 ms)           p99 14 ms)
HTML   77.4 / 71.5 (p99 625    2,255.7 (p50 8 ms,        30.3x    0.04x
       / 662 ms)               p99 27 ms)
=====  ======================  ========================  =======  ==========

A second run minutes later: JSON 3,222.1 a second through the proxy against 124.0 / 121.0
direct (26.3x, p99 15 ms), HTML 4,352.8 against 113.6 / 100.3 (40.7x, p99 12 ms). Before
the proxy refreshed its copy in the background (``proxy_cache_use_stale updating``), each
expiry held a second's readers behind the refresh: 3,959.6 and 4,762.2 a second, p99 126
and 94 ms. With Python threads (``--clients-by threads``) in the same hour: 2,666.1 and
2,389.4 a second, p99 39 and 52 ms.

With wrk, each read is also sent straight to gunicorn with the ETag of the current reply
(``If-None-Match``), every answer a ``304``: the other way to keep readers current, by
revalidation instead of a copy kept a second. A third run (load average 2 to 4): JSON 289.4
a second (p99 138 ms) against 204.2 / 211.6 for the full read and 3,126.4 through the proxy
(p99 17 ms); HTML 455.8 (p99 89 ms) against 121.8 / 138.8 and 2,844.2 (p99 16 ms): the
proxy's copy served 10.8x and 6.2x the revalidated reads.

Every answer a 200, or a 304 where revalidated (counted by status; wrk's socket errors
count as no answer).

Needs ``BENCH_DATABASE_URL`` (a PostgreSQL database it may fill and empty),
``BENCH_REDIS_URL`` and nginx; without them it says so and skips. Run:
``python -m bench proxy`` or ``python -m bench.proxy --players 1000 --clients 32``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from functools import partial
from pathlib import Path

from bench import summary
from bench._timing import Outcomes, expect
from bench._wrk import wrk_load, wrk_path
from bench.stack import (
    TIEBREAKS,
    _empty_database,
    _free_port,
    _get,
    _setup_django,
    _wait_healthy,
    load,
    processes,
)


def _nginx() -> str | None:
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


def compare(
    players: int, seconds: float, clients: int, web_workers: int, nginx: str, by_wrk: bool
) -> None:
    from bench.standings_queries import _build

    event = _build(players, 11)
    event.tiebreaks = TIEBREAKS
    event.public = True
    event.save()
    reads = {
        "JSON": f"/api/v1/tournaments/{event.slug}/standings/",
        "HTML": f"/tournaments/{event.pk}/standings/",
    }
    web_bind, proxy_bind = f"127.0.0.1:{_free_port()}", f"127.0.0.1:{_free_port()}"
    # Started as root, nginx's workers run as an unprivileged user: a folder they may enter.
    folder = Path(tempfile.mkdtemp(prefix="arbiter-proxy-bench-"))
    folder.chmod(0o755)
    proxy_env = {
        "PROXY_BIND": proxy_bind,
        "PROXY_WEB": web_bind,
        "PROXY_DIR": str(folder),
        "PROXY_NGINX": nginx,
    }
    print(
        f"standings of {players:,} players x 11 rounds ({', '.join(TIEBREAKS)}), public, "
        f"read anonymously as JSON and as the HTML page; {clients} clients, {seconds:g} s "
        f"each way; 1 web process of {web_workers} gunicorn workers; the clients: "
        + ("wrk, 2 threads" if by_wrk else "Python threads")
    )
    print("read  way      req/s   p50 ms   p99 ms   answers")
    figures: dict[tuple[str, str], tuple[float, float, float]] = {}
    try:
        with processes(
            ("web", {"WEB_BIND": web_bind, "WEB_WORKERS": str(web_workers)}),
            ("proxy", proxy_env),
        ):
            _wait_healthy(f"http://{web_bind}")
            _wait_healthy(f"http://{proxy_bind}")
            for kind, path in reads.items():
                for way, address in (
                    ("direct", web_bind),
                    ("proxy", proxy_bind),
                    ("direct 2", web_bind),
                ):
                    url = f"http://{address}{path}"
                    expect(f"first {kind} read, {way}", _get(url))  # computed and kept
                    answers = Outcomes(f"standings {kind}, {way}")
                    if by_wrk:
                        figures[kind, way] = wrk_load(url, seconds, clients, answers)
                    else:
                        figures[kind, way] = load(partial(_get, url), seconds, clients, answers)
                    rate, p50, p99 = figures[kind, way]
                    print(
                        f"{kind:5s} {way:8s} {rate:6.1f}  {p50:7.0f}  {p99:7.0f}   "
                        f"{answers.summary()}",
                        flush=True,
                    )
                if by_wrk:
                    direct_url = f"http://{web_bind}{path}"
                    figures[kind, "304"] = _revalidated(direct_url, seconds, clients)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for kind in reads:
        direct = [
            (a + b) / 2
            for a, b in zip(figures[kind, "direct"], figures[kind, "direct 2"], strict=True)
        ]
        proxy = figures[kind, "proxy"]
        print(
            f"{kind} proxy / direct: {proxy[0] / direct[0]:.1f}x the requests per second, "
            f"p50 {proxy[1] / direct[1]:.2f}x, p99 {proxy[2] / direct[2]:.2f}x"
        )
        if (kind, "304") in figures:
            revalidated = figures[kind, "304"]
            print(
                f"{kind} revalidated by ETag (304, straight to gunicorn) / direct: "
                f"{revalidated[0] / direct[0]:.1f}x the requests per second, p99 "
                f"{revalidated[2] / direct[2]:.2f}x; the proxy's 1 s copy / revalidated: "
                f"{proxy[0] / revalidated[0]:.1f}x"
            )


def _revalidated(url: str, seconds: float, clients: int) -> tuple[float, float, float]:
    """The other way to keep spectators current: every reader asks the application again
    with the ETag it holds (``If-None-Match``), and the application answers ``304`` from the
    tournament's version without computing anything. Sent straight to gunicorn, each answer
    must be a 304."""
    etag = _etag(url)
    answers = Outcomes("standings revalidated", expected=(304,))
    rate, p50, p99 = wrk_load(url, seconds, clients, answers, headers={"If-None-Match": etag})
    print(f"{'':5s} {'304':8s} {rate:6.1f}  {p50:7.0f}  {p99:7.0f}   {answers.summary()}")
    return rate, p50, p99


def _etag(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=120) as reply:
        reply.read()
        return str(reply.headers["ETag"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument(
        "--clients-by",
        choices=("wrk", "threads"),
        default="wrk" if wrk_path() else "threads",
        help="the load generator: wrk (C, the default when installed) or Python threads",
    )
    options = parser.parse_args(argv if argv is not None else [])
    nginx = _nginx()
    if not (os.environ.get("BENCH_DATABASE_URL") and os.environ.get("BENCH_REDIS_URL")):
        print("bench.proxy: set BENCH_DATABASE_URL (PostgreSQL) and BENCH_REDIS_URL; skipped")
        return
    if nginx is None:
        print("bench.proxy: nginx is not installed; skipped")
        return
    _setup_django()
    _empty_database()
    try:
        compare(
            options.players,
            options.seconds,
            options.clients,
            options.web_workers,
            nginx,
            by_wrk=options.clients_by == "wrk",
        )
    finally:
        _empty_database()


if __name__ == "__main__":
    main(sys.argv[1:])
