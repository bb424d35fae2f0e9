"""Load the demo event into the database (``make run`` calls it with ``--if-empty``)."""

from django.core.management.base import BaseCommand

from games.demo import load_demo_games
from tournaments.demo import load_demo
from tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Load the demo tournaments (replacing earlier copies of them). "
        "With --if-empty, only when no tournament exists yet."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if any tournament exists"
        )

    def handle(self, *args, **options):
        if options["if_empty"] and Tournament.objects.exists():
            self.stdout.write("Tournaments exist already; no demo data loaded.")
            return
        tournaments = load_demo()
        load_demo_games(tournaments)
        for tournament in tournaments:
            self.stdout.write(
                f"{tournament.pk}: {tournament.name} ({tournament.players.count()} players, "
                f"{tournament.rounds.count()} rounds)"
            )
