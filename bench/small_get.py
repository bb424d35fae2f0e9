"""The CPU a small GET costs Django, in process: the API's tournament details, one player,
a round's list, and the public HTML page of a tournament, each with the application's
serializers (fields built once per class, :mod:`tournaments.api.serializers.model`) against
DRF's own ModelSerializer (fields built from the model for every serializer) in the same run.

CPU time per request (``time.process_time``), the median of ``--repeat`` batches of
``--requests`` requests each, Django's test client, DEBUG off, a fresh SQLite file, the
process's local-memory cache. Every answer is counted by status; any but 200 ends the run.
The two variants run in turns, batch by batch, so that the machine's load falls on both.

Measured on the shared 2-core machine while other work ran (load average 4 to 6), 3 batches
of 100 requests each (the medians):

=====================================  ========  ========  =====
small GET                              DRF's     ours      ratio
=====================================  ========  ========  =====
API tournament details (40 fields)     6.24 ms   3.66 ms   0.59
API one player                         7.28 ms   5.49 ms   0.75
API rounds list (9 rounds)             5.50 ms   4.95 ms   0.90
public tournament page (HTML)          —         11.21 ms  —
=====================================  ========  ========  =====

A profile of the tournament's details on a quiet moment puts the rest (about 2.3 ms) in the
queries' SQL compilation, the middleware and the test client itself. The public HTML page
renders its template and three queries each time; behind the proxy, spectators' pages are
the next thing to keep.

Run: ``python -m bench small_get`` or ``python -m bench.small_get --requests 500``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial

from bench import summary
from bench._timing import Outcomes
from bench.standings_queries import _build, _setup_django


def _cpu_per_request(get: Callable[[], object], requests: int, outcomes: Outcomes) -> float:
    start = time.process_time()
    for _ in range(requests):
        outcomes.count(get())
    elapsed = time.process_time() - start
    outcomes.check()
    return elapsed * 1000 / requests


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.conf import settings
        from django.test import Client
        from rest_framework import serializers

        from tournaments.api.serializers.model import ModelSerializer
        from tournaments.models import Tournament

        settings.ALLOWED_HOSTS = ["*"]
        event = _build(20, 9)
        Tournament.objects.filter(pk=event.pk).update(public=True)
        player = event.players.order_by("start_rank").first()
        client = Client()
        api = f"/api/v1/tournaments/{event.slug}/"
        reads = {
            "API tournament details": (api, True),
            "API one player": (f"{api}players/{player.pk}/", True),
            "API rounds list": (f"{api}rounds/", True),
            "public tournament page (HTML)": (f"/tournaments/{event.pk}/", False),
        }
        ours = ModelSerializer.get_fields
        drfs = serializers.ModelSerializer.get_fields
        print(f"{'small GET':32s} {'DRF':>9s} {'ours':>9s} {'ratio':>6s}   answers")
        for name, (url, api_read) in reads.items():
            figures: dict[str, list[float]] = {"drf": [], "ours": []}
            outcomes = Outcomes(name, (200,))
            variants = {"drf": drfs, "ours": ours} if api_read else {"ours": ours}
            for _ in range(options.repeat):
                for variant, get_fields in variants.items():
                    ModelSerializer.get_fields = get_fields  # type: ignore[method-assign]
                    client.get(url)  # warm: the first read of a variant builds its fields
                    figures[variant].append(
                        _cpu_per_request(partial(client.get, url), options.requests, outcomes)
                    )
            ModelSerializer.get_fields = ours  # type: ignore[method-assign]
            mine = statistics.median(figures["ours"])
            if figures["drf"]:
                theirs = statistics.median(figures["drf"])
                print(
                    f"{name:32s} {theirs:7.2f}ms {mine:7.2f}ms {mine / theirs:6.2f}   "
                    f"{outcomes.summary()}"
                )
            else:
                print(f"{name:32s} {'-':>9s} {mine:7.2f}ms {'-':>6s}   {outcomes.summary()}")


if __name__ == "__main__":
    main(sys.argv[1:])
