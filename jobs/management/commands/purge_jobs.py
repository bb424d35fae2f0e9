"""Delete background jobs that finished long ago, with the files they kept.

Run it daily (cron or a systemd timer): ``python manage.py purge_jobs [--older-than DAYS]``.
"""

from datetime import timedelta

from django.core.management.base import BaseCommand, CommandError

from jobs.runner import DEFAULT_RETENTION_DAYS, purge_finished_jobs


def _days(value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise CommandError(
            f"--older-than: {value!r} is not a whole number of days (1 or more).", returncode=2
        )
    return int(value)


class Command(BaseCommand):
    help = (
        "Delete the background jobs (imports, checks, reports, cross-tests) that finished more "
        f"than --older-than days ago (default {DEFAULT_RETENTION_DAYS}), with their files, and "
        "print how many were deleted. Jobs waiting or running are kept."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--older-than",
            default=str(DEFAULT_RETENTION_DAYS),
            metavar="DAYS",
            help=f"age in days above which a finished job is deleted ({DEFAULT_RETENTION_DAYS})",
        )

    def handle(self, *args, **options):
        days = _days(options["older_than"])
        deleted = purge_finished_jobs(timedelta(days=days))
        self.stdout.write(f"{deleted} finished jobs older than {days} days deleted.")
