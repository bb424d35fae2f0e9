"""``crosstest --engine COMMAND --count N [--jobs J] [--seed S]``: the cross-test (FIDE
checklist A9) against another pairing engine speaking the bbpPairings/JaVaFo command line.

N random tournaments each way: ours generate and the engine checks (``-c``); the engine
generates (``-g``) and ``checktrf``'s checker checks. Every discrepancy is printed with its
round and the rule involved, the running totals as the run goes, then each way's totals and
throughput. Exit status 0 without discrepancies, 1 with some, 2 when the engine cannot be
run or the options are wrong.

``crosstest --ledger-append --slices K --engine COMMAND``: the campaign in slices, run here
(at low priority, ``nice``, while other work goes on): the K slices after the ledger's last
(``docs/crosstest-ledger.tsv``, or ``--ledger FILE``), each line appended as its slice ends, so
it resumes where it stopped. ``crosstest --verify-ledger [--sample N] --engine COMMAND``: N
random slices of the ledger run again from their seeds and checked line for line (the digest
of what was compared included); its last line is the ledger's totals; exit status 1 when a
slice does not give its line again.

``crosstest --campaign --count N``: the same run as a campaign that Celery workers share in
parts (the engine is the one the workers are configured with, ``CROSSTEST_ENGINE``); the
command follows it, printing its totals every ``--interval`` seconds, and prints its report
when it ends. ``crosstest --resume ID`` sends the parts of campaign ID not done to the
workers again and follows it.
"""

import random
import time
from pathlib import Path

from django.conf import settings as django_settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from jobs.models import Job
from jobs.runner import broker_url
from tournaments.crosstest_campaign import campaign_progress, resume_crosstest
from tournaments.jobs import CROSSTEST_MOST, CROSSTEST_PART, start_crosstest
from tournaments.pairing.crosstest import (
    CrossTestError,
    Direction,
    Engine,
    Tally,
    compared,
    duration,
    probe,
    run_crosstest,
    tournament_seeds,
    unfinishable_lines,
)
from tournaments.pairing.generator import GeneratorError, GeneratorSettings, new_seed
from tournaments.pairing.ledger import (
    SLICE,
    LedgerError,
    Totals,
    append_slices,
    read_ledger,
    verify_slice,
)

from ._common import bad_input

DISCREPANCIES = 1
CAMPAIGN = CROSSTEST_MOST
"""The number of tournaments each way FIDE's checklist asks for (A9)."""
LEDGER = Path(django_settings.BASE_DIR) / "docs" / "crosstest-ledger.tsv"
"""The campaign's committed ledger."""


class Command(BaseCommand):
    help = (
        "Cross-test the built-in engine against another (bbpPairings, JaVaFo): N random "
        "tournaments each way, every discrepancy reported by round with the rule involved."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--engine",
            metavar="COMMAND",
            help='the other engine as a command line, e.g. "bbpPairings.exe --dutch"',
        )
        parser.add_argument("--count", type=int, metavar="N", help="each way")
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
        parser.add_argument(
            "--tiebreak-engine",
            metavar="COMMAND",
            help="compare every event's final standings with this tie-break reference too",
        )
        parser.add_argument(
            "--every", type=int, default=100, metavar="N", help="totals every N tournaments"
        )
        parser.add_argument(
            "--campaign", action="store_true", help="run it on the Celery workers, in parts"
        )
        parser.add_argument(
            "--part",
            type=int,
            default=CROSSTEST_PART,
            metavar="N",
            help=f"tournaments per part of a campaign ({CROSSTEST_PART})",
        )
        parser.add_argument(
            "--resume", type=int, metavar="ID", help="send campaign ID's unfinished parts again"
        )
        parser.add_argument(
            "--interval",
            type=float,
            default=60.0,
            metavar="SECONDS",
            help="a campaign's totals every SECONDS (60)",
        )

        parser.add_argument(
            "--ledger-append",
            action="store_true",
            help="run the ledger's next slices and append their lines (--slices K)",
        )
        parser.add_argument(
            "--slices", type=int, default=1, metavar="K", help="slices to run and append (1)"
        )
        parser.add_argument(
            "--slice-size",
            type=int,
            default=SLICE,
            metavar="N",
            help=f"tournaments each way in a slice ({SLICE})",
        )
        parser.add_argument(
            "--verify-ledger",
            action="store_true",
            help="run random slices of the ledger again and check their lines (--sample N)",
        )
        parser.add_argument(
            "--sample", type=int, default=1, metavar="N", help="slices to check again (1)"
        )
        parser.add_argument(
            "--ledger",
            metavar="FILE",
            help="the ledger (default: docs/crosstest-ledger.tsv)",
        )

    def handle(self, *args, **options):
        if options["ledger_append"] and options["verify_ledger"]:
            raise bad_input("--ledger-append and --verify-ledger: one at a time")
        if options["ledger_append"]:
            return self._ledger_append(options)
        if options["verify_ledger"]:
            return self._verify_ledger(options)
        if options["campaign"] or options["resume"] is not None:
            return self._campaign(options)
        if options["engine"] is None or options["count"] is None:
            raise bad_input("--engine and --count are needed (or --campaign, --resume)")
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
            tiebreaks = options["tiebreak_engine"]
            if tiebreaks is not None:
                options["tiebreaks"] = Engine.from_command(tiebreaks, options["timeout"])
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
                f"{duration(minutes)} at these rates ({jobs} job{'s' if jobs > 1 else ''})"
            )
        self.stdout.write(compared(options.get("tiebreaks")))
        found = sum(discrepancies for _, discrepancies in totals)
        if found:
            raise CommandError(
                f"{found} discrepanc{'ies' if found > 1 else 'y'} between the engines",
                returncode=DISCREPANCIES,
            )
        self.stdout.write("No discrepancies.")

    def _engines(self, options):
        """The engine (tried on a small event) and the tie-break reference, if any."""
        if options["engine"] is None:
            raise bad_input("--engine is needed")
        try:
            engine = Engine.from_command(options["engine"], options["timeout"])
            probe(engine)
            tiebreaks = options["tiebreak_engine"]
            if tiebreaks is not None:
                tiebreaks = Engine.from_command(tiebreaks, options["timeout"])
        except CrossTestError as error:
            raise bad_input(str(error)) from None
        return engine, tiebreaks

    def _ledger_path(self, options):
        return Path(options["ledger"]) if options["ledger"] else LEDGER

    def _ledger_append(self, options):
        """Run the ledger's next slices, appending each line as its slice ends."""
        slices, size = options["slices"], options["slice_size"]
        if slices < 1:
            raise bad_input(f"--slices: at least one slice, not {slices}")
        if size < 1:
            raise bad_input(f"--slice-size: at least one tournament, not {size}")
        try:
            settings = GeneratorSettings(players=options["players"], rounds=options["rounds"])
        except GeneratorError as error:
            raise bad_input(str(error)) from None
        path = self._ledger_path(options)
        engine, tiebreaks = self._engines(options)

        def report(outcome):
            for line in outcome.report():
                self.stdout.write(line)

        try:
            for line in append_slices(
                path,
                engine,
                slices,
                size=size,
                settings=settings,
                tiebreaks=tiebreaks,
                report=report,
            ):
                self.stdout.write(
                    f"slice {line.slice} (seed {line.seed}): {line.ours_to_theirs} + "
                    f"{line.theirs_to_ours} tournaments, {line.rounds} rounds, "
                    f"{line.discrepancies} discrepancies, {line.reading_differences} reading "
                    f"differences, tie-breaks {line.tiebreak_differences}, "
                    f"{line.cpu_seconds} s CPU"
                )
            totals = Totals.of(read_ledger(path))
        except (LedgerError, CrossTestError) as error:
            raise bad_input(str(error)) from None
        self.stdout.write(totals.text())

    def _verify_ledger(self, options):
        """Run ``--sample`` random slices again from their seeds and check their lines."""
        sample = options["sample"]
        if sample < 1:
            raise bad_input(f"--sample: at least one slice, not {sample}")
        path = self._ledger_path(options)
        try:
            lines = read_ledger(path)
        except LedgerError as error:
            raise bad_input(str(error)) from None
        if not lines:
            raise bad_input(f"{path}: no slices in the ledger")
        engine, tiebreaks = self._engines(options)
        chosen = sorted(
            random.SystemRandom().sample(lines, min(sample, len(lines))),
            key=lambda line: line.slice,
        )
        wrong = 0
        for line in chosen:
            try:
                _again, problems = verify_slice(line, engine, tiebreaks)
            except CrossTestError as error:
                raise bad_input(str(error)) from None
            if problems:
                wrong += 1
                self.stdout.write(f"slice {line.slice} (seed {line.seed}): DOES NOT MATCH")
                for problem in problems:
                    self.stdout.write(f"    {problem}")
            else:
                self.stdout.write(
                    f"slice {line.slice} (seed {line.seed}): matches ({line.sha256[:16]}…)"
                )
        self.stdout.write(Totals.of(lines).text())
        if wrong:
            raise CommandError(
                f"{wrong} of {len(chosen)} slice{'s' if len(chosen) > 1 else ''} checked "
                "do not match the ledger",
                returncode=DISCREPANCIES,
            )

    def _campaign(self, options):
        """Start (or resume) a campaign on the workers, then follow it to its end."""
        if not broker_url():
            raise bad_input("a campaign needs Celery workers: set CELERY_BROKER_URL")
        if options["resume"] is not None:
            campaign = Job.objects.filter(kind="crosstest", pk=options["resume"]).first()
            if campaign is None:
                raise bad_input(f"--resume: no cross-test campaign {options['resume']}")
            sent = resume_crosstest(campaign)
            self.stdout.write(f"Campaign {campaign.pk}: {sent} unfinished job(s) sent again")
        else:
            campaign = self._start_campaign(options)
        return self._follow(campaign, options["interval"])

    def _start_campaign(self, options):
        count, part = options["count"], options["part"]
        if count is None or not 1 <= count <= CAMPAIGN:
            raise bad_input(f"--count: 1 to {CAMPAIGN} tournaments each way, not {count}")
        if part < 1:
            raise bad_input(f"--part: at least one tournament, not {part}")
        if not django_settings.CROSSTEST_ENGINE:
            raise bad_input("the workers' engine is not configured: set CROSSTEST_ENGINE")
        try:
            GeneratorSettings(players=options["players"], rounds=options["rounds"])
        except GeneratorError as error:
            raise bad_input(str(error)) from None
        seed = options["seed"] if options["seed"] is not None else new_seed()
        campaign = start_crosstest(
            count=count,
            seed=seed,
            players=options["players"],
            rounds=options["rounds"],
            user=None,
            part=part,
        )
        self.stdout.write(
            f"Campaign {campaign.pk} against {django_settings.CROSSTEST_ENGINE}: {count} "
            f"tournaments each way in parts of {part}, seed {seed} "
            f"(resume it with --resume {campaign.pk})"
        )
        return campaign

    def _follow(self, campaign, interval):
        """Print the campaign's totals every ``interval`` seconds until it ends; then its
        report. Interrupted, it leaves the campaign to the workers."""
        try:
            while True:
                campaign.refresh_from_db()
                progress = campaign_progress(campaign)
                self.stdout.write(_campaign_line(campaign, progress))
                if campaign.finished:
                    break
                time.sleep(interval)
        except KeyboardInterrupt:
            self.stdout.write(f"Left to the workers; follow it with --resume {campaign.pk}")
            return
        if campaign.status == Job.Status.FAILED:
            raise CommandError("; ".join(campaign.errors), returncode=2)
        with campaign.file.open("rb") as report:
            self.stdout.write(report.read().decode().rstrip())
        found = campaign.result["discrepancies"]
        if found:
            raise CommandError(
                f"{found} discrepanc{'ies' if found > 1 else 'y'} between the engines",
                returncode=DISCREPANCIES,
            )

    def _direction(self, engine, direction, seed, options, settings, keep):
        """Run one way; prints each discrepancy and the totals, returns (per minute, found)."""
        count, jobs, fixed = options["count"], options["jobs"], options["seed"] is not None
        seeds = tournament_seeds(seed, direction, count)
        started = time.perf_counter()
        tally = Tally(direction)
        unfinishable = []
        for outcome in run_crosstest(
            engine,
            direction,
            seeds,
            jobs=jobs,
            fixed_seed=fixed,
            keep=keep,
            settings=settings,
            tiebreaks=options.get("tiebreaks"),
        ):
            tally.add(outcome)
            if outcome.skipped:
                unfinishable.append(outcome)
            else:
                for line in outcome.report():
                    self.stdout.write(line)
            if tally.tournaments % options["every"] == 0 and tally.tournaments < count:
                minutes = (time.perf_counter() - started) / 60
                self.stdout.write(tally.running(count, tally.tournaments / minutes))
        for line in unfinishable_lines(unfinishable):
            self.stdout.write(line)
        minutes = (time.perf_counter() - started) / 60
        per_minute = count / minutes if minutes else 0.0
        self.stdout.write(tally.summary(per_minute))
        return per_minute, tally.discrepancies


def _campaign_line(campaign, progress):
    """A campaign's totals in one line: done of the total, each way's findings, the rate
    and the end expected at that rate."""
    ways = "; ".join(
        f"{direction.label} {tally.tournaments} done, {tally.discrepancies} discrepancies, "
        f"{tally.reading_differences} reading differences, {tally.unfinishable} unfinishable"
        for direction, tally in progress.tallies.items()
    )
    line = f"Campaign {campaign.pk} ({progress.status}): {progress.done} of {progress.total}"
    if ways:
        line += f" ({ways})"
    if progress.per_minute:
        line += f"; {progress.per_minute:.1f} tournaments/min"
    if progress.ends_at is not None:
        left = (progress.ends_at - timezone.now()).total_seconds() / 60
        ends = timezone.localtime(progress.ends_at).strftime("%Y-%m-%d %H:%M")
        line += f", about {duration(max(left, 0))} left (ends about {ends})"
    return line
