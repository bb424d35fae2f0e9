"""``forbidden_pairs ID [--add A B | --lift A B] [--reason TEXT]``: players who must not be
paired with each other (FIDE checklist D30); in FIDE mode set and lifted only before round 1
is paired. Players are named by starting rank, or ``id:N`` before numbering. Without an
option it lists the pairs."""

from django.core.management.base import BaseCommand

from tournaments.models import ForbiddenPair
from tournaments.services import TournamentError, allow_pair, forbid_pair

from ._common import get_tournament, refusal
from ._players import describe, find_player


class Command(BaseCommand):
    help = "List, add or lift forbidden pairs (players never to be paired together)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        action = parser.add_mutually_exclusive_group()
        action.add_argument("--add", nargs=2, metavar=("A", "B"), help="forbid A and B to meet")
        action.add_argument("--lift", nargs=2, metavar=("A", "B"), help="lift that pair")
        parser.add_argument("--reason", default="", help="kept in the log")

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        names = options["add"] or options["lift"]
        if names:
            first, second = (find_player(tournament, name) for name in names)
            try:
                if options["add"]:
                    forbid_pair(first, second, reason=options["reason"])
                else:
                    allow_pair(first, second, reason=options["reason"])
            except TournamentError as error:
                raise refusal(error) from None
        pairs = ForbiddenPair.objects.filter(tournament=tournament).select_related(
            "first", "second"
        )
        if not pairs:
            self.stdout.write("No forbidden pairs.")
        for pair in pairs:
            reason = f"  — {pair.reason}" if pair.reason else ""
            self.stdout.write(f"{describe(pair.first)}  /  {describe(pair.second)}{reason}")
