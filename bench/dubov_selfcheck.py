"""The Dubov engine (C.04.4.1) against itself: N random events generated with it, then every
round re-paired from the file's own state and checked.

Each round of each event: the engine re-pairs it from the TRF file (``file_round_state``) and
must give the pairs, colours and bye the file records; ``validate_round`` must find no error
(C.04.1 basic rules); and the Dubov checker must find no absolute criterion broken ([C1]–[C4],
C.04.4.1 articles 2.1–2.2). Prints the events, rounds, differences and errors, the time, and
exits non-zero on any difference or error.

Run: ``python -m bench dubov_selfcheck`` (20 events, about a minute) or
``python -m bench.dubov_selfcheck --count 500`` (the figure of the issue: about 26 minutes).
"""

from __future__ import annotations

import argparse
import sys
import time

from bench import summary
from tournaments.pairing.base import Pairing, recorded_pairing
from tournaments.pairing.checker import file_round_state
from tournaments.pairing.dubov import DubovEngine
from tournaments.pairing.dubov.explain import absolute_violation
from tournaments.pairing.dubov.players import round_players
from tournaments.pairing.generator import GeneratorSettings, generate_tournament
from tournaments.pairing.validate import validate_round


def _boards(pairing: Pairing) -> set[tuple[int, int]]:
    return set(pairing.pairs) | {(bye, 0) for bye in pairing.byes}


def check_event(seed: int, engine: DubovEngine) -> tuple[int, list[str], list[str]]:
    """Rounds checked, the differences and the errors of the event generated from ``seed``."""
    event = generate_tournament(GeneratorSettings(seed=seed), engine=engine)
    document, sheet = event.document, event.sheet
    differences, errors = [], []
    for number in range(1, sheet.rounds + 1):
        state = file_round_state(document, number, sheet)
        recorded = recorded_pairing(sheet, number)
        ours = engine.pair(state)
        if _boards(ours) != _boards(recorded):
            differences.append(f"seed {seed} round {number}: {ours} against {recorded}")
        errors += [f"seed {seed} round {number}: {e}" for e in validate_round(state, ours).errors]
        by_rank = {p.start_rank: p for p in round_players(state, state.accelerations)}
        broken = absolute_violation(state, ours, by_rank)
        if broken is not None:
            errors.append(f"seed {seed} round {number}: {broken.describe()}")
    return sheet.rounds, differences, errors


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--count", type=int, default=20, help="events to generate")
    parser.add_argument("--first-seed", type=int, default=1, help="the first event's seed")
    options = parser.parse_args(argv)
    engine = DubovEngine()
    rounds = 0
    differences: list[str] = []
    errors: list[str] = []
    started = time.perf_counter()
    for seed in range(options.first_seed, options.first_seed + options.count):
        checked, differing, wrong = check_event(seed, engine)
        rounds, differences, errors = rounds + checked, differences + differing, errors + wrong
    elapsed = time.perf_counter() - started
    for line in (differences + errors)[:20]:
        print(line)
    print(
        f"{options.count} events, {rounds} rounds: {len(differences)} differences, "
        f"{len(errors)} errors ({elapsed:.1f} s, {rounds / elapsed:.1f} rounds per second)"
    )
    if differences or errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
