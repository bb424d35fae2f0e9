"""The public API reads a crowd makes of a 1,000-player Swiss and of a 50-team team Swiss,
kept per tournament version: each read answered from the cache (the reply's JSON bytes
kept), against the same read computed afresh (the cache emptied before each), and both
against a small GET (the tournament's details) in the same run. In process (Django's test
client, DEBUG off, local memory cache, a fresh SQLite file), best of ``--repeat``:

* standings with BH/C1, BH, SB, PS and ARO;
* the last round's boards (``rounds/11/pairings/``, 500 boards) and the round itself;

and the same of a team event, a 50-team, 4-board, 9-round team Swiss (the team Swiss
generator's, seed 7, imported from its TRF-2026 file):

* the last round's matches with their lineups, boards and points (``rounds/9/matches/``);
* the team standings with the event's team tie-breaks;
* the teams with their rosters.

Measured on the shared 2-core machine (load average 3.5, other work running), one run:

=======================  =========  ======  ===============  ================
read                     computed   kept    computed / kept  kept / small GET
=======================  =========  ======  ===============  ================
standings (377 KB)       38.8 ms    2.0 ms  19x              1.3x
pairings (120 KB)        36.8 ms    1.8 ms  21x              1.1x
round (120 KB)           57.5 ms    1.8 ms  32x              1.2x
matches (33 KB)          68.6 ms    2.0 ms  35x              1.2x
team standings (7 KB)    54.1 ms    2.0 ms  27x              1.2x
teams (29 KB)            11.1 ms    1.3 ms  9x               0.8x
small GET                1.6 ms
=======================  =========  ======  ===============  ================

Before the bytes were kept, a kept standings read rendered its 337 KB of JSON again for
each reader (28.6 ms, 7x a small GET, in an earlier run), and the round's reads were not
kept at all (126–144 ms each, and no ``304``); the team reads were computed for each
request (the figures of the column "computed"). A kept read now costs about as much as a
small GET, which reads the tournament's row and serializes it.

Run: ``python -m bench cached_reads``, ``python -m bench.cached_reads --players 2000`` or
``python -m bench.cached_reads --only team``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from typing import Any

from bench import summary
from bench._timing import best_of, expect
from bench.standings_queries import TIEBREAKS, _build, _setup_django


def _team_event(teams: int, rounds: int) -> Any:
    """A finished team Swiss of ``teams`` teams of four boards (the team Swiss generator's,
    seed 7), imported from its TRF-2026 file as a public event."""
    from tournaments.models import Tournament
    from tournaments.pairing.team_swiss.generator import (
        TeamSwissSettings,
        generate_team_swiss_event,
    )
    from tournaments.services.trf_exchange import import_trf

    settings = TeamSwissSettings(teams=teams, boards=4, rounds=rounds, seed=7)
    text = generate_team_swiss_event(settings).text
    event = import_trf(text, filename="team-swiss.trf", confirm="confirm")
    Tournament.objects.filter(pk=event.pk).update(public=True)
    return event


def _measure(
    client: Any, base: str, reads: list[tuple[str, str]], repeat: int, small: float
) -> None:
    from django.core.cache import cache

    def read(url: str) -> None:
        expect(f"GET {url}", client.get(url))

    def afresh(url: str) -> None:
        cache.clear()
        read(url)

    for name, path in reads:
        url = base + path
        size = len(expect(f"GET {url}", client.get(url)).content)
        computed = best_of(repeat, lambda u=url: afresh(u))
        read(url)
        kept = best_of(repeat, lambda u=url: read(u))
        print(
            f"  {name:14s} {size / 1000:6.0f} KB  computed {computed * 1000:7.1f} ms  "
            f"kept {kept * 1000:6.1f} ms  computed / kept {computed / kept:5.1f}x  "
            f"kept / small GET {kept / small:4.1f}x"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--teams", type=int, default=50, help="of the team event (at most 50)")
    parser.add_argument("--team-rounds", type=int, default=9)
    parser.add_argument("--only", choices=("individual", "team"), help="one event's reads")
    parser.add_argument("--repeat", type=int, default=10)
    options = parser.parse_args(argv or [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.conf import settings
        from django.test import Client

        from tournaments.models import Tournament

        settings.ALLOWED_HOSTS = ["*"]
        client = Client()
        if options.only != "team":
            event = _build(options.players, options.rounds)
            Tournament.objects.filter(pk=event.pk).update(public=True, tiebreaks=TIEBREAKS)
            base = f"/api/v1/tournaments/{event.slug}/"
            small = best_of(options.repeat, lambda: expect(f"GET {base}", client.get(base)))
            size = f"{options.players} players, {options.rounds} rounds"
            print(f"{size}; small GET {small * 1000:.1f} ms")
            last = options.rounds
            reads = [
                ("standings", "standings/"),
                ("pairings", f"rounds/{last}/pairings/"),
                ("round", f"rounds/{last}/"),
            ]
            _measure(client, base, reads, options.repeat, small)
        if options.only != "individual":
            event = _team_event(options.teams, options.team_rounds)
            base = f"/api/v1/tournaments/{event.slug}/"
            small = best_of(options.repeat, lambda: expect(f"GET {base}", client.get(base)))
            size = f"{options.teams} teams of 4 boards, {options.team_rounds} rounds"
            print(f"{size}; small GET {small * 1000:.1f} ms")
            reads = [
                ("matches", f"rounds/{options.team_rounds}/matches/"),
                ("team standings", "team-standings/"),
                ("teams", "teams/"),
            ]
            _measure(client, base, reads, options.repeat, small)


if __name__ == "__main__":
    main(sys.argv[1:])
