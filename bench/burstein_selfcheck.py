"""The Burstein engine (C.04.4.2) against its own generated events: every round of every event
re-paired by the engine from the file's state and compared with the file, checked by the basic
rules (C.04.1, ``validate_round``) and by the system's own absolute criteria ([C1]-[C4]).

Prints the events, rounds, differences and errors, and exits non-zero on any difference or
error. The events are seeded (1 .. N) and their other settings drawn from the seed: 9 to 150
players, 5 to 11 rounds, byes, forfeits, withdrawals and accelerated events at the generator's
rates.

Run: ``python -m bench burstein_selfcheck`` (20 events, about a minute) or
``python -m bench.burstein_selfcheck --count 500`` (about 30 minutes).
"""

from __future__ import annotations

import argparse
import sys
import time

from bench import summary
from tournaments.pairing import Pairing
from tournaments.pairing.base import recorded_pairing
from tournaments.pairing.burstein import BursteinEngine
from tournaments.pairing.burstein.explain import absolute_violation
from tournaments.pairing.burstein.players import round_players
from tournaments.pairing.burstein.seeding import is_seeding_round
from tournaments.pairing.checker import file_round_state
from tournaments.pairing.generator import GeneratorSettings, generate_tournament
from tournaments.pairing.validate import validate_round


def _boards(pairing: Pairing) -> set[tuple[int, int]]:
    return set(pairing.pairs) | {(bye, 0) for bye in pairing.byes}


def check_event(seed: int, engine: BursteinEngine) -> tuple[int, list[str], list[str]]:
    """Rounds checked, the rounds that differ, the errors found."""
    generated = generate_tournament(GeneratorSettings(seed=seed), engine=engine)
    document, sheet = generated.document, generated.sheet
    differences, errors = [], []
    for number in range(1, sheet.rounds + 1):
        state = file_round_state(document, number, sheet)
        recorded = recorded_pairing(sheet, number)
        if _boards(engine.pair(state)) != _boards(recorded):
            differences.append(f"event {seed} round {number}: the re-pairing differs")
        check = validate_round(state, recorded)
        errors += [f"event {seed} round {number}: {e}" for e in check.errors]
        if not is_seeding_round(state):
            players, facts = round_players(state, state.accelerations)
            broken = absolute_violation(recorded, {p.start_rank: p for p in players}, facts)
            if broken is not None:
                errors.append(f"event {seed} round {number}: {broken.describe()}")
    return sheet.rounds, differences, errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    options = parser.parse_args(argv)
    engine = BursteinEngine()
    rounds = 0
    differences: list[str] = []
    errors: list[str] = []
    started = time.perf_counter()
    for seed in range(options.first_seed, options.first_seed + options.count):
        checked, differ, wrong = check_event(seed, engine)
        rounds += checked
        differences += differ
        errors += wrong
    for line in [*differences, *errors][:50]:
        print(line)
    elapsed = time.perf_counter() - started
    print(
        f"{options.count} events, {rounds} rounds: {len(differences)} differences, "
        f"{len(errors)} errors ({elapsed:.0f} s)"
    )
    return 1 if differences or errors else 0


if __name__ == "__main__":
    sys.exit(main())
