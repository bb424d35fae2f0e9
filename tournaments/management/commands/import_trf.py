"""``import_trf FILE [--confirm confirm]``: a new tournament from a TRF file; prints its id.
A file whose rounds break the pairing rules asks first (status 3, naming each round and rule)."""

from pathlib import Path

from django.core.management.base import BaseCommand

from tournaments.models import TournamentLog
from tournaments.services import NeedsConfirmation, TournamentError
from tournaments.services.trf_exchange import import_trf

from ._common import add_confirm_argument, bad_input, read_bytes, refusal


class Command(BaseCommand):
    help = "Import a TRF06/TRF16/TRF-2026 file as a new tournament and print its id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the TRF file")
        add_confirm_argument(parser)

    def handle(self, *args, **options):
        path = Path(options["file"])
        data = read_bytes(path)
        try:
            tournament = import_trf(data, filename=str(path), confirm=options["confirm"])
        except NeedsConfirmation as question:
            raise refusal(question) from None
        except TournamentError as error:
            raise bad_input("\n".join(error.problems)) from None
        self.stdout.write(str(tournament.pk))
        # What the import noticed goes to standard error, so that the output stays the id.
        for entry in tournament.log.filter(kind=TournamentLog.Kind.IMPORT):
            self.stderr.write(entry.message)
            for warning in entry.reason.splitlines():
                self.stderr.write(f"  {warning}")
