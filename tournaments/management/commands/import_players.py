"""``import_players ID FILE.csv [--confirm ANSWER]``: add a player list to a tournament; late
entrants who move numbered players ask first (status 3, naming who moves)."""

from django.core.management.base import BaseCommand

from tournaments.services import NeedsConfirmation, TournamentError
from tournaments.services.csv_players import COLUMNS, import_players_csv

from ._common import add_confirm_argument, bad_input, get_tournament, read_text, refusal


class Command(BaseCommand):
    help = (
        "Add the players of a CSV file (header line required; columns: "
        + ", ".join(COLUMNS)
        + ") to a tournament. Nothing is added if any line is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("file", help="CSV file, UTF-8, comma- or semicolon-separated")
        add_confirm_argument(parser)

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        text = read_text(options["file"])
        try:
            players = import_players_csv(tournament, text, confirm=options["confirm"])
        except NeedsConfirmation as question:
            # Late entrants who move numbered players: the question, with the answer to give.
            raise refusal(question) from None
        except TournamentError as error:
            raise bad_input(
                f"{options['file']}:\n" + "\n".join(f"  {p}" for p in error.problems)
            ) from None
        self.stdout.write(f"{len(players)} players added to {tournament.name}.")
