"""``start_ranks ID [--number | --exchange A B [--reason TEXT]] [--confirm ANSWER]``: the
starting ranks (FIDE checklist B10–B12).

``--number`` numbers (or regenerates) every player by rating, title and the announced
criterion: L3 when two or more numbers move, L4 once a round is paired. ``--exchange``
swaps two players' numbers: L3 each time; in FIDE mode only at equal ratings and not once
round 4 is paired. A question exits with status 3 and names the ``--confirm`` answer.
Without an option it lists the players by starting rank.
"""

from django.core.management.base import BaseCommand
from django.db.models import F

from tournaments.models import Player
from tournaments.services import TournamentError, assign_start_ranks, exchange_start_ranks

from ._common import add_confirm_argument, get_tournament, refusal
from ._players import describe, find_player


class Command(BaseCommand):
    help = "List, number (regenerate) or exchange starting ranks."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        action = parser.add_mutually_exclusive_group()
        action.add_argument("--number", action="store_true", help="number by rating (again)")
        action.add_argument("--exchange", nargs=2, metavar=("A", "B"), help="two starting ranks")
        parser.add_argument("--reason", default="", help="kept in the log")
        add_confirm_argument(parser)

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        try:
            if options["number"]:
                assign_start_ranks(tournament, confirm=options["confirm"])
            elif options["exchange"]:
                first, second = (find_player(tournament, name) for name in options["exchange"])
                exchange_start_ranks(
                    first, second, reason=options["reason"], confirm=options["confirm"]
                )
        except TournamentError as error:
            raise refusal(error) from None
        players = Player.objects.filter(tournament=tournament).order_by(
            F("start_rank").asc(nulls_last=True), "name"
        )
        for player in players:
            self.stdout.write(describe(player))
