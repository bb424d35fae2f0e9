"""The public API reads a crowd makes of a 1,000-player, 11-round Swiss, kept per tournament
version: each read answered from the cache (the reply's JSON bytes kept), against the same
read computed afresh (the cache emptied before each), and both against a small GET (the
tournament's details) in the same run. In process (Django's test client, DEBUG off, local
memory cache, a fresh SQLite file), best of ``--repeat``:

* standings with BH/C1, BH, SB, PS and ARO;
* the last round's boards (``rounds/11/pairings/``, 500 boards) and the round itself.

Measured on the shared 2-core machine (load average 4.4, other work running):

=======================  =========  ======  ===============  ================
read                     computed   kept    computed / kept  kept / small GET
=======================  =========  ======  ===============  ================
standings (337 KB)       114.9 ms   1.9 ms  61x              0.5x
pairings (107 KB)        62.1 ms    2.0 ms  32x              0.6x
round (107 KB)           70.2 ms    1.9 ms  37x              0.5x
small GET                3.5 ms
=======================  =========  ======  ===============  ================

Before the bytes were kept, a kept standings read rendered its 337 KB of JSON again for
each reader (28.6 ms, 7x a small GET, in an earlier run), and the round's reads were not
kept at all (126–144 ms each, and no ``304``): a kept read now costs less than a small GET,
which reads the tournament's row and serializes it.

Run: ``python -m bench cached_reads`` or ``python -m bench.cached_reads --players 2000``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile

from bench._timing import best_of, expect
from bench.standings_queries import TIEBREAKS, _build, _setup_django


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=10)
    options = parser.parse_args(argv or [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.conf import settings
        from django.core.cache import cache
        from django.test import Client

        from tournaments.models import Tournament

        settings.ALLOWED_HOSTS = ["*"]
        event = _build(options.players, options.rounds)
        Tournament.objects.filter(pk=event.pk).update(public=True, tiebreaks=TIEBREAKS)
        client = Client()
        base = f"/api/v1/tournaments/{event.slug}/"

        def read(url: str) -> None:
            expect(f"GET {url}", client.get(url))

        def afresh(url: str) -> None:
            cache.clear()
            read(url)

        small = best_of(options.repeat, lambda: read(base))
        size = f"{options.players} players, {options.rounds} rounds"
        print(f"{size}; small GET {small * 1000:.1f} ms")
        last = options.rounds
        for name, path in [
            ("standings", "standings/"),
            ("pairings", f"rounds/{last}/pairings/"),
            ("round", f"rounds/{last}/"),
        ]:
            url = base + path
            size = len(expect(f"GET {url}", client.get(url)).content)
            computed = best_of(options.repeat, lambda u=url: afresh(u))
            read(url)
            kept = best_of(options.repeat, lambda u=url: read(u))
            print(
                f"  {name:10s} {size / 1000:6.0f} KB  computed {computed * 1000:7.1f} ms  "
                f"kept {kept * 1000:6.1f} ms  computed / kept {computed / kept:5.1f}x  "
                f"kept / small GET {kept / small:4.1f}x"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
