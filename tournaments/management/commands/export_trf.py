"""``export_trf ID [--version 16|2026] [--final]``: a tournament as TRF on standard output."""

from django.core.management.base import BaseCommand

from tournaments.services import TournamentError
from tournaments.services.trf_exchange import export_trf

from ._common import bad_input, get_tournament


class Command(BaseCommand):
    help = "Write a tournament as TRF16 (default) or TRF-2026 to standard output."

    def create_parser(self, prog_name, subcommand, **kwargs):
        # --version names the TRF version here, not the program's: replace Django's option.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("--version", type=int, choices=[16, 2026], default=16)
        parser.add_argument(
            "--final",
            action="store_true",
            help="the final file: refused while a game is adjourned or a result is missing",
        )

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        try:
            text = export_trf(tournament, version=options["version"], final=options["final"])
        except TournamentError as error:
            raise bad_input("\n".join(error.problems)) from None
        self.stdout.write(text, ending="")
