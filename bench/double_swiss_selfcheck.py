"""The Double-Swiss engine (C.04.5) against itself: N random events generated with it, each
written to TRF-2026 and read back, then every match re-paired from the file and validated.

Each event draws its size (9 to 60 players), its number of matches (4 to 9, at most half
the players), its rates of single-game forfeits, whole-match forfeits, byes and withdrawals,
and its initial-colour from its seed. Each match must be re-paired with the pairs, colours
and bye the file records, and break no absolute rule. Prints the events, matches,
differences and errors, the time, and exits non-zero on any difference or error.

Run: ``python -m bench double_swiss_selfcheck`` (100 events, about a minute) or
``python -m bench.double_swiss_selfcheck --count 500`` (about 4 minutes).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bench import summary
from tournaments.pairing.base import PairingError
from tournaments.pairing.double_swiss.check import check_document
from tournaments.pairing.double_swiss.generator import DoubleSwissSettings, generate_event
from tournaments.scoring.sheet import Color
from tournaments.trf import read_trf


def event_settings(seed: int) -> DoubleSwissSettings:
    rng = random.Random(f"double-swiss settings {seed}")
    players = rng.randint(9, 60)
    return DoubleSwissSettings(
        players=players,
        # At most half as many matches as players, as Swiss events are planned: 9 players
        # over 7 matches can run out of opponents (3.3.3, the Chief Arbiter decides).
        matches=rng.randint(4, max(4, min(9, players // 2))),
        seed=seed,
        draw_rate=round(rng.uniform(0.1, 0.6), 2),
        game_forfeit_rate=round(rng.uniform(0.0, 0.05), 3),
        match_forfeit_rate=round(rng.uniform(0.0, 0.05), 3),
        bye_rate=round(rng.uniform(0.0, 0.06), 3),
        withdraw_rate=round(rng.uniform(0.0, 0.03), 3),
        initial_color=rng.choice((Color.WHITE, Color.BLACK)),
    )


def check_event(seed: int) -> tuple[int, list[str], list[str]]:
    """Matches checked, the differences and the errors of the event of ``seed``."""
    settings = event_settings(seed)
    try:
        event = generate_event(settings)
    except PairingError as error:
        return 0, [], [f"seed {seed}: not generated: {error}"]
    found = check_document(read_trf(event.text))
    differences = [
        f"seed {seed} match {m.round}: file {m.only_in_file}, engine {m.only_by_engine}"
        for m in found.matches
        if m.engine is not None and not m.pairing_matches
    ]
    errors = [
        f"seed {seed} match {m.round}: {'; '.join(m.errors) or m.engine_error}"
        for m in found.matches
        if m.errors or m.engine_error
    ]
    return len(found.matches), differences, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    matches, differences, errors = 0, [], []
    for seed in range(args.first_seed, args.first_seed + args.count):
        checked, different, wrong = check_event(seed)
        matches += checked
        differences += different
        errors += wrong
    elapsed = time.perf_counter() - started
    for line in [*differences, *errors][:20]:
        print(line)
    print(
        f"events {args.count}, matches {matches}, differences {len(differences)}, "
        f"errors {len(errors)}, {elapsed:.1f} s"
    )
    return 1 if differences or errors else 0


if __name__ == "__main__":
    sys.exit(main())
