"""``crosstest --engine COMMAND --count N [--jobs J] [--seed S]``: the cross-test (FIDE
checklist A9) against another pairing engine speaking the bbpPairings/JaVaFo command line.

N random tournaments each way: ours generate and the engine checks (``-c``); the engine
generates (``-g``) and ``checktrf``'s checker checks. Every discrepancy is printed with its
round and the rule involved, then each way's totals and throughput. Exit status 0 without
discrepancies, 1 with some, 2 when the engine cannot be run or the options are wrong.
"""

import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.pairing.crosstest import (
    CrossTestError,
    Direction,
    Engine,
    Tally,
    probe,
    run_crosstest,
    tournament_seeds,
)
from tournaments.pairing.generator import GeneratorError, GeneratorSettings, new_seed

from ._common import bad_input

DISCREPANCIES = 1
CAMPAIGN = 50_000
"""The number of tournaments each way FIDE's checklist asks for (A9)."""


class Command(BaseCommand):
    help = (
        "Cross-test the built-in engine against another (bbpPairings, JaVaFo): N random "
        "tournaments each way, every discrepancy reported by round with the rule involved."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--engine",
            required=True,
            metavar="COMMAND",
            help='the other engine as a command line, e.g. "bbpPairings.exe --dutch"',
        )
        parser.add_argument("--count", type=int, required=True, metavar="N", help="each way")
        parser.add_argument("--jobs", type=int, default=1, metavar="J", help="processes")
        parser.add_argument("--seed", type=int, metavar="S", help="repeat an earlier run")
        parser.add_argument("--players", type=int, metavar="N", help="in every event (random)")
        parser.add_argument("--rounds", type=int, metavar="R", help="in every event (random)")
        parser.add_argument(
            "--keep", metavar="FOLDER", help="copy there the file of each event with a discrepancy"
        )
        parser.add_argument(
            "--timeout", type=float, default=600.0, help="seconds per engine run (600)"
        )

    def handle(self, *args, **options):
        count, jobs = options["count"], options["jobs"]
        if count < 1:
            raise bad_input(f"--count: at least one tournament, not {count}")
        if jobs < 1:
            raise bad_input(f"--jobs: at least one process, not {jobs}")
        keep = Path(options["keep"]) if options["keep"] else None
        if keep is not None and not keep.is_dir():
            raise bad_input(f"--keep: no folder {keep}")
        seed = options["seed"] if options["seed"] is not None else new_seed()
        try:
            settings = GeneratorSettings(players=options["players"], rounds=options["rounds"])
        except GeneratorError as error:
            raise bad_input(str(error)) from None
        try:
            engine = Engine.from_command(options["engine"], options["timeout"])
            probe(engine)
            self.stdout.write(
                f"Cross-test against {engine.name}: {count} tournaments each way, "
                f"{jobs} job{'s' if jobs > 1 else ''}, seed {seed}"
            )
            totals = [
                self._direction(engine, direction, seed, options, settings, keep)
                for direction in Direction
            ]
        except CrossTestError as error:
            raise bad_input(str(error)) from None
        per_minute = [done for done, _ in totals]
        slowest = min(per_minute)
        if slowest > 0:
            minutes = CAMPAIGN / per_minute[0] + CAMPAIGN / per_minute[1]
            self.stdout.write(
                f"{CAMPAIGN:,} tournaments each way would take about "
                f"{_duration(minutes)} at these rates ({jobs} job{'s' if jobs > 1 else ''})"
            )
        found = sum(discrepancies for _, discrepancies in totals)
        if found:
            raise CommandError(
                f"{found} discrepanc{'ies' if found > 1 else 'y'} between the engines",
                returncode=DISCREPANCIES,
            )
        self.stdout.write("No discrepancies.")

    def _direction(self, engine, direction, seed, options, settings, keep):
        """Run one way; prints each discrepancy and the totals, returns (per minute, found)."""
        count, jobs, fixed = options["count"], options["jobs"], options["seed"] is not None
        seeds = tournament_seeds(seed, direction, count)
        started = time.perf_counter()
        tally = Tally(direction)
        for outcome in run_crosstest(
            engine, direction, seeds, jobs=jobs, fixed_seed=fixed, keep=keep, settings=settings
        ):
            tally.add(outcome)
            for line in outcome.report():
                self.stdout.write(line)
        minutes = (time.perf_counter() - started) / 60
        per_minute = count / minutes if minutes else 0.0
        self.stdout.write(tally.summary(per_minute))
        return per_minute, tally.discrepancies


def _duration(minutes: float) -> str:
    if minutes < 120:
        return f"{minutes:.0f} min"
    if minutes < 48 * 60:
        return f"{minutes / 60:.1f} h"
    return f"{minutes / 60 / 24:.1f} days"
