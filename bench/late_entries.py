"""Late entries imported from CSV after round 1: time against the number of entrants.

The import numbered the whole field once per late entrant (quadratic: 200,000 rows ran 40
minutes); it now numbers them in one pass. Measured in one run, on a fresh SQLite file: a
CSV of N late entrants, then of 4N, into a 400-player Swiss after round 1, and the same
CSVs imported before round 1 (no late-entry numbering) as the baseline. Linear work keeps
the ratio of the two times near 4 for both; quadratic work made it near 16.

Measured (2 shared cores, 400 players, 100 and 400 entrants): before the one-pass numbering
62 s and 327 s after round 1 (baseline 2.5 s and 7.7 s); with it 2.2 s and 7.3 s (baseline
1.9 s and 5.7 s).

Run: ``python -m bench late_entries`` or ``python -m bench.late_entries --entrants 250``.
"""

from __future__ import annotations

import argparse
import tempfile
import time

from bench import summary
from bench.standings_queries import _build, _setup_django


def _csv(count: int, offset: int) -> str:
    rows = "".join(f'"Entrant, {offset + n}",{2300 - (n * 7) % 900}\n' for n in range(count))
    return "name,rating\n" + rows


def _import_time(players: int, entrants: int, *, after_round_1: bool, tag: str) -> float:
    from tournaments.services.csv_players import import_players_csv
    from tournaments.services.warnings import ANSWERS, Level

    tournament = _build(players, 1, seed=len(tag))
    tournament.slug = f"{tournament.slug}-{tag}"
    tournament.save()
    if not after_round_1:
        tournament.rounds.all().delete()
    start = time.perf_counter()
    # Late entrants who move numbered players ask first (L3): the arbiter confirms.
    added = import_players_csv(tournament, _csv(entrants, 0), confirm=ANSWERS[Level.CONFIRM])
    seconds = time.perf_counter() - start
    if len(added) != entrants:
        raise SystemExit(f"ERROR: {len(added)} entrants added of {entrants}")
    return seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--entrants", type=int, default=100)
    options = parser.parse_args(argv if argv is not None else [])
    small, large = options.entrants, 4 * options.entrants
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        late = [
            _import_time(options.players, n, after_round_1=True, tag=f"late{n}")
            for n in (small, large)
        ]
        early = [
            _import_time(options.players, n, after_round_1=False, tag=f"early{n}")
            for n in (small, large)
        ]
    print(f"{options.players} players; CSV of {small} and of {large} entrants")
    print(
        f"after round 1: {late[0]:.2f} s and {late[1]:.2f} s, ratio {late[1] / late[0]:.1f}; "
        f"before round 1 (baseline): {early[0]:.2f} s and {early[1]:.2f} s, "
        f"ratio {early[1] / early[0]:.1f} (linear: about 4)"
    )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
