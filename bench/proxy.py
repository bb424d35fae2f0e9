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

Measured on the shared 2-core machine while other work ran (load average about 5), 1,000
players, 32 clients, 10 s each way, 2 gunicorn workers, one run:

=====  ======================  ========================  =======  ==========
read   direct req/s            proxy req/s               ratio    p99 ratio
=====  ======================  ========================  =======  ==========
JSON   73.6 / 90.9 (p99 637 /  1,747.6 (p50 11 ms,       21.3x    0.17x
       456 ms)                 p99 95 ms)
HTML   44.7 / 56.7 (p99 1,110  1,446.8 (p50 15 ms,       28.5x    0.12x
       / 738 ms)               p99 110 ms)
=====  ======================  ========================  =======  ==========

A second run minutes later (load average 4 to 5): JSON 2,139.3 a second through the proxy
against 57.0 / 55.6 direct (38.0x, p99 75 ms), HTML 1,878.0 against 41.2 / 40.1 (46.2x, p99
92 ms). The p99 target of 50 ms is not met here: the 32 client threads are Python threads on
the same two cores as nginx, gunicorn and PostgreSQL, and their own scheduling shows in the
tail.

Every answer a 200. The HTML page is kept since a reader's page sets no cookie (before, its
CSRF cookie kept nginx from keeping it: every read reached Django). An earlier run under a
load of 8 to 10 read the JSON at 1,025 a second through the proxy (p99 156 ms).

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

from bench._timing import Outcomes, expect
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


def compare(players: int, seconds: float, clients: int, web_workers: int, nginx: str) -> None:
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
        f"each way; 1 web process of {web_workers} gunicorn workers"
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
                    figures[kind, way] = load(partial(_get, url), seconds, clients, answers)
                    rate, p50, p99 = figures[kind, way]
                    print(
                        f"{kind:5s} {way:8s} {rate:6.1f}  {p50:7.0f}  {p99:7.0f}   "
                        f"{answers.summary()}",
                        flush=True,
                    )
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--web-workers", type=int, default=2)
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
        compare(options.players, options.seconds, options.clients, options.web_workers, nginx)
    finally:
        _empty_database()


if __name__ == "__main__":
    main(sys.argv[1:])
