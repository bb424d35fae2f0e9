"""Delete the API's stored replies to ``Idempotency-Key`` requests once retries are over.

Run it daily (cron or a systemd timer): ``python manage.py purge_idempotency``.
"""

from datetime import timedelta

from django.core.management.base import BaseCommand

from tournaments.api.idempotency import DEFAULT_RETENTION, purge_idempotent_requests

from ._common import bad_input

DEFAULT_HOURS = int(DEFAULT_RETENTION.total_seconds() // 3600)


def _hours(value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise bad_input(f"--older-than: {value!r} is not a whole number of hours (1 or more).")
    return int(value)


class Command(BaseCommand):
    help = (
        "Delete the replies kept for retried API writes (Idempotency-Key) that are older than "
        f"--older-than hours (default {DEFAULT_HOURS}) and print how many were deleted."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--older-than",
            default=str(DEFAULT_HOURS),
            metavar="HOURS",
            help=f"age in hours above which a stored reply is deleted (default {DEFAULT_HOURS})",
        )

    def handle(self, *args, **options):
        hours = _hours(options["older_than"])
        deleted = purge_idempotent_requests(older_than=timedelta(hours=hours))
        self.stdout.write(f"{deleted} stored replies older than {hours} hours deleted.")
