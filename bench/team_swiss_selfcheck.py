"""The Swiss Team engine (C.04.6) against itself: N random team Swiss events generated with
it, each written to TRF-2026 and read back, then every round re-paired from the file and
validated.

Each event draws its size (5 to 20 teams, 4 to 6 boards), its rounds, its primary score
(match or game points), its colour preferences (type A, type B, none), its board colours, its
initial-colour, its rates of board and match forfeits, byes and withdrawals and its
forbidden pairs from its seed. Each round must be re-paired with the matches, colours and bye
the file records, and break no absolute rule. Prints the events, rounds, differences and
errors (and the events that could not be generated: a round no pairing completes, 3.3.3),
the time, and exits non-zero on any difference or error.

Run: ``python -m bench.team_swiss_selfcheck`` (50 events) or ``--count 500``.
"""

from __future__ import annotations

import argparse
import sys
import time

from bench import summary
from tournaments.pairing.base import PairingError
from tournaments.pairing.team_swiss.check import check_team_document
from tournaments.pairing.team_swiss.generator import (
    generate_team_swiss_event,
    random_team_swiss_settings,
)
from tournaments.trf import read_trf


def check_event(seed: int) -> tuple[int, list[str], list[str], bool]:
    """Rounds checked, the differences, the errors, and whether the event was generated."""
    settings = random_team_swiss_settings(seed)
    try:
        event = generate_team_swiss_event(settings)
    except PairingError:
        return 0, [], [], False
    found = check_team_document(read_trf(event.text))
    differences = [
        f"seed {seed} round {r.round}: file {r.only_in_file}, engine {r.only_by_engine}"
        f" ({r.explanation})"
        for r in found.rounds
        if r.engine is not None and not r.pairing_matches
    ]
    errors = [
        f"seed {seed} round {r.round}: {'; '.join(r.errors) or r.engine_error}"
        for r in found.rounds
        if r.errors or r.engine_error
    ]
    if len(found.rounds) != settings.rounds:
        errors.append(f"seed {seed}: {len(found.rounds)} rounds read, {settings.rounds} made")
    return len(found.rounds), differences, errors, True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    rounds, differences, errors, not_generated = 0, [], [], 0
    for seed in range(args.first_seed, args.first_seed + args.count):
        checked, different, wrong, generated = check_event(seed)
        rounds += checked
        differences += different
        errors += wrong
        not_generated += 0 if generated else 1
    elapsed = time.perf_counter() - started
    for line in [*differences, *errors][:20]:
        print(line)
    print(
        f"events {args.count} (not generated {not_generated}), rounds {rounds}, "
        f"differences {len(differences)}, errors {len(errors)}, {elapsed:.1f} s"
    )
    return 1 if differences or errors else 0


if __name__ == "__main__":
    sys.exit(main())
