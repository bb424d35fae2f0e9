"""The cross-test's throughput: tournaments per minute each way on two cores, against
bbpPairings, and the time 50,000 tournaments each way would take at that rate; and its cost,
tournaments per minute of CPU time (this program's and the engine's), with the engine's share.

``run_crosstest`` with two jobs (the two cores of the reference machine): random events as
``crosstest`` makes them (9–150 players, 5–11 rounds), ours generated and bbpPairings
checking, then bbpPairings generating and our checker checking. CPU time is counted for
this process and the processes it waited for (the workers, and the engine runs they made),
so it holds on a busy machine where the wall time does not; the campaign's ledger
(``crosstest --ledger-append``) records each slice's CPU time the same way. The baseline is
bbpPairings alone generating the same number of events (its ``-g``, one process): what the
other engine costs by itself. Needs bbpPairings on the PATH (or ``--engine``); without it the
benchmark says so and stops.

Run: ``python -m bench crosstest`` or ``python -m bench.crosstest --count 40 --jobs 2``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

from bench import summary
from tournaments.pairing.crosstest import (
    CrossTestError,
    Direction,
    Engine,
    generator_config,
    probe,
    run_crosstest,
    tournament_seeds,
)
from tournaments.pairing.generator import GeneratorSettings, make_plan

CAMPAIGN = 50_000


def _default_engine() -> str | None:
    for name in ("bbpPairings", "bbpPairings.exe"):
        if shutil.which(name):
            return f"{name} --dutch"
    return None


def _their_generation_rate(engine: Engine, seeds: list[int]) -> float:
    """bbpPairings alone: events generated per minute, one process."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        config, output = Path(folder) / "config.txt", Path(folder) / "event.trf"
        for seed in seeds:
            config.write_text(generator_config(make_plan(GeneratorSettings(seed=seed))))
            engine.generate(config, output, seed)
    return len(seeds) / (time.perf_counter() - started) * 60


def _cpu() -> tuple[float, float]:
    """CPU seconds so far: this process with the processes it waited for, and those alone
    (the engine's runs when one job runs in this process)."""
    times = os.times()
    children = times.children_user + times.children_system
    return times.user + times.system + children, children


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--engine", default=None, help='default: "bbpPairings --dutch"')
    parser.add_argument("--count", type=int, default=12, help="tournaments each way")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args(argv)
    command = options.engine or _default_engine()
    if command is None:
        print("skipped: no bbpPairings on the PATH (give --engine)")
        return
    try:
        engine = Engine.from_command(command)
        probe(engine)
    except CrossTestError as error:  # an engine that is there but does not answer
        raise SystemExit(f"ERROR: {command}: {error}") from None
    print(f"{options.count} random tournaments each way, {options.jobs} jobs, against {command}")
    minutes_each = 0.0
    for direction in Direction:
        seeds = tournament_seeds(options.seed, direction, options.count)
        started, (cpu, children) = time.perf_counter(), _cpu()
        outcomes = list(run_crosstest(engine, direction, seeds, jobs=options.jobs))
        minutes = (time.perf_counter() - started) / 60
        cpu_after, children_after = _cpu()
        cpu_minutes = (cpu_after - cpu) / 60
        rounds = sum(outcome.rounds for outcome in outcomes)
        found = sum(len(outcome.discrepancies) for outcome in outcomes)
        skipped = sum(1 for outcome in outcomes if outcome.skipped)
        if len(outcomes) != options.count:
            raise SystemExit(f"ERROR: {len(outcomes)} outcomes of {options.count} tournaments")
        print(
            f"  {direction.label}: {options.count / minutes:7.1f} tournaments/min "
            f"({rounds} rounds, {found} discrepancies, {skipped} unfinishable, not compared)"
        )
        engine_share = ""
        if options.jobs == 1 and cpu_minutes:
            share = (children_after - children) / 60 / cpu_minutes
            engine_share = f", bbpPairings {share:.0%} of it"
        print(
            f"    {options.count / cpu_minutes:7.1f} tournaments per CPU-minute "
            f"({cpu_minutes * 60 / rounds:.3f} CPU-s a round{engine_share})"
        )
        minutes_each += CAMPAIGN * minutes / options.count
    seeds = tournament_seeds(options.seed, Direction.THEIRS, options.count)
    alone = _their_generation_rate(engine, seeds)
    print(f"  baseline, bbpPairings generating alone: {alone:7.1f} tournaments/min")
    print(
        f"  {CAMPAIGN:,} tournaments each way: about {minutes_each / 60:.1f} h "
        f"({minutes_each / 60 / 24:.1f} days) with {options.jobs} jobs"
    )


if __name__ == "__main__":
    main()
