"""``import_players ID FILE.csv``: add a player list to a tournament."""

from django.core.management.base import BaseCommand

from tournaments.services import TournamentError
from tournaments.services.csv_players import COLUMNS, import_players_csv

from ._common import bad_input, get_tournament, read_text


class Command(BaseCommand):
    help = (
        "Add the players of a CSV file (header line required; columns: "
        + ", ".join(COLUMNS)
        + ") to a tournament. Nothing is added if any line is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("file", help="CSV file, UTF-8, comma- or semicolon-separated")

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        text = read_text(options["file"])
        try:
            players = import_players_csv(tournament, text)
        except TournamentError as error:
            raise bad_input(
                f"{options['file']}:\n" + "\n".join(f"  {p}" for p in error.problems)
            ) from None
        self.stdout.write(f"{len(players)} players added to {tournament.name}.")
