"""The random tournament generator: generated rounds per second.

``generate_tournament`` makes seeded events (every other setting fixed: 100 players, 9 rounds,
the usual rates) with the default engine, and the same events with py4swiss's Dutch engine as
the baseline, in the same run; the ratio says what the engine changes. The rate counts every
round generated: the pairing, the results, and at the end the standings and the TRF file.

Run: ``python -m bench generator`` or ``python -m bench.generator --players 300 --events 2``.
"""

from __future__ import annotations

import argparse
import time

from bench import summary
from tournaments.pairing import PairingEngine, Py4SwissEngine
from tournaments.pairing.generator import GeneratorSettings, generate_tournament


def rounds_per_second(
    settings: GeneratorSettings, seeds: range, engine: PairingEngine | None
) -> float:
    started = time.perf_counter()
    rounds = 0
    for seed in seeds:
        generated = generate_tournament(
            GeneratorSettings(**{**settings.__dict__, "seed": seed}), engine=engine
        )
        rounds += generated.plan.rounds
    return rounds / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--events", type=int, default=3, help="seeded events per engine")
    options = parser.parse_args(argv)
    settings = GeneratorSettings(
        players=options.players,
        rounds=options.rounds,
        draw_rate=0.3,
        forfeit_rate=0.02,
        bye_rate=0.03,
        withdraw_rate=0.01,
    )
    seeds = range(1, options.events + 1)
    # Warm up: each engine's first round pays for its imports.
    for engine in (None, Py4SwissEngine()):
        rounds_per_second(GeneratorSettings(players=10, rounds=2), range(1), engine)
    ours = rounds_per_second(settings, seeds, None)
    baseline = rounds_per_second(settings, seeds, Py4SwissEngine())
    print(f"{options.events} events of {options.players} players, {options.rounds} rounds")
    print(
        f"  default engine {ours:8.2f} rounds/s   py4swiss {baseline:8.2f} rounds/s   "
        f"ratio {ours / baseline:5.2f}"
    )


if __name__ == "__main__":
    main()
