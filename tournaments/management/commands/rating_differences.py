"""``rating_differences ID [--list N] [--accept KEY ...|--accept-all]``: compare a tournament's
players with an imported FIDE list and apply the differences the arbiter chooses."""

from django.core.management.base import BaseCommand

from tournaments.models import RatingList
from tournaments.services import TournamentError
from tournaments.services.ratings import (
    apply_list_differences,
    compare_with_list,
    newest_list,
    rating_check,
)

from ._common import bad_input, get_tournament


class Command(BaseCommand):
    help = (
        "List the differences (rating, title, federation, birth year) between a tournament's "
        "players and a FIDE rating list, matched by FIDE id; with --accept, apply the chosen "
        "ones. Nothing is applied unless named."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("--list", type=int, help="rating list id (default: the newest)")
        parser.add_argument(
            "--accept", nargs="+", default=[], metavar="KEY", help="differences to apply"
        )
        parser.add_argument("--accept-all", action="store_true", help="apply every difference")

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        if options["list"]:
            rating_list = RatingList.objects.filter(pk=options["list"]).first()
            if rating_list is None:
                raise bad_input(f"no rating list {options['list']}")
        else:
            rating_list = newest_list(tournament.rating_type)
            if rating_list is None:
                raise bad_input("no FIDE rating list of the tournament's rate of play imported")
        comparison = compare_with_list(tournament, rating_list)
        accepted = (
            [d.key for d in comparison.differences] if options["accept_all"] else options["accept"]
        )
        if accepted:
            try:
                applied = apply_list_differences(tournament, rating_list, accepted)
            except TournamentError as error:
                raise bad_input("\n".join(error.problems)) from None
            self.stdout.write(f"{len(applied)} changes applied from {rating_list}.")
            return
        self.stdout.write(f"{rating_list}: {comparison.matched} players matched by FIDE id.")
        for d in comparison.differences:
            self.stdout.write(
                f"  {d.key:<12} {d.player.name}: {d.label} {d.current or '-'} -> {d.listed or '-'}"
            )
        for player in comparison.not_listed:
            self.stdout.write(f"  not on the list: {player.name} ({player.fide_id})")
        for warning in rating_check(tournament):
            self.stdout.write(f"Note: {warning}")
