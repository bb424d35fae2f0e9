"""``break_ties ID [--order 3 5 4 --reason TEXT] [--draw-lots]``: rank the players the
tie-breaks leave level, by hand or by drawing lots (recorded, repeatable)."""

from django.core.management.base import BaseCommand

from tournaments.services import TournamentError
from tournaments.services.ties import draw_lots, set_tie_order, tied_groups

from ._common import bad_input, get_tournament


class Command(BaseCommand):
    help = (
        "List the players still level after every tie-break; with --order rank them by hand "
        "(starting ranks, first ranked first; needs --reason), with --draw-lots draw lots once "
        "for every tie left. Both are logged and written to the TRF-2026 report."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("--order", nargs="+", type=int, metavar="RANK")
        parser.add_argument("--reason", default="")
        parser.add_argument("--draw-lots", action="store_true")

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        try:
            if options["order"]:
                tournament = set_tie_order(tournament, options["order"], reason=options["reason"])
            if options["draw_lots"]:
                tournament = draw_lots(tournament)
                self.stdout.write(f"Lots drawn: draw {tournament.lots_seed}.")
        except TournamentError as error:
            raise bad_input("\n".join(error.problems)) from None
        groups = tied_groups(tournament)
        if not groups:
            self.stdout.write("No players share a place.")
        for group in groups:
            self.stdout.write("Level: " + ", ".join(map(str, group)))
