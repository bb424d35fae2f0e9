"""``round_ratings ID [--player RANK] [--set ROUND RATING [--source TEXT]] [--remove ROUND]
[--reason TEXT] [--confirm ANSWER]``: ratings from a round on (FIDE checklist C23).

Without ``--set`` or ``--remove`` it lists the ratings set (of one player, or of all). A round
already paired asks L3: the command exits with status 3 and names ``--confirm confirm``.
"""

from django.core.management.base import BaseCommand

from tournaments.models import Player, RoundRating
from tournaments.services import TournamentError, remove_round_rating, set_round_rating

from ._common import add_confirm_argument, bad_input, get_tournament, refusal


class Command(BaseCommand):
    help = "List, set or remove players' ratings from a round on (events over 30 days)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("--player", type=int, metavar="RANK", help="starting rank")
        action = parser.add_mutually_exclusive_group()
        action.add_argument(
            "--set", nargs=2, type=int, metavar=("ROUND", "RATING"), help="the rating from ROUND on"
        )
        action.add_argument("--remove", type=int, metavar="ROUND", help="remove it")
        parser.add_argument("--source", default="", help="e.g. the list it is from")
        parser.add_argument("--reason", default="", help="kept in the log")
        add_confirm_argument(parser)

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        player = None
        if options["player"] is not None:
            player = Player.objects.filter(
                tournament=tournament, start_rank=options["player"]
            ).first()
            if player is None:
                raise bad_input(f"--player {options['player']}: no player with that starting rank")
        if (options["set"] or options["remove"] is not None) and player is None:
            raise bad_input("--set and --remove need --player RANK")
        try:
            if options["set"]:
                from_round, rating = options["set"]
                set_round_rating(
                    player,
                    from_round,
                    rating,
                    source=options["source"],
                    reason=options["reason"],
                    confirm=options["confirm"],
                )
            elif options["remove"] is not None:
                remove_round_rating(
                    player, options["remove"], reason=options["reason"], confirm=options["confirm"]
                )
        except TournamentError as error:
            raise refusal(error) from None
        ratings = RoundRating.objects.filter(player__tournament=tournament).select_related("player")
        if player is not None:
            ratings = ratings.filter(player=player)
        for later in ratings.order_by("player__start_rank", "from_round"):
            source = f"  ({later.source})" if later.source else ""
            self.stdout.write(
                f"{later.player.start_rank or '-'}  {later.player.name}  from round "
                f"{later.from_round}: {later.rating}{source}"
            )
