"""``break_ties ID [--order 3 5 4 --reason TEXT] [--external FILE | --external-value RANK
VALUE ...] [--draw-lots]``: rank the players the tie-breaks leave level, by hand or by drawing
lots (recorded, repeatable), and set the external tie-break values (EXT)."""

from django.core.management.base import BaseCommand

from tournaments.services import TournamentError
from tournaments.services.ties import (
    draw_lots,
    external_values,
    parse_external_values,
    set_external_values,
    set_tie_order,
    tied_groups,
)

from ._common import bad_input, get_tournament, read_text


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
        external = parser.add_mutually_exclusive_group()
        external.add_argument(
            "--external",
            metavar="FILE",
            help="external tie-break values (EXT): a line per player, starting rank and value "
            "(needs --reason)",
        )
        external.add_argument(
            "--external-value",
            nargs=2,
            action="append",
            metavar=("RANK", "VALUE"),
            help="one player's external value ('-' clears it); may be repeated",
        )

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        try:
            values = None
            if options["external"]:
                values = parse_external_values(read_text(options["external"]))
            elif options["external_value"]:
                lines = [
                    f"{rank} {'' if value == '-' else value}"
                    for rank, value in options["external_value"]
                ]
                values = parse_external_values("\n".join(lines))
            if values is not None:
                tournament = set_external_values(tournament, values, reason=options["reason"])
            if options["order"]:
                tournament = set_tie_order(tournament, options["order"], reason=options["reason"])
            if options["draw_lots"]:
                tournament = draw_lots(tournament)
                self.stdout.write(f"Lots drawn: draw {tournament.lots_seed}.")
        except TournamentError as error:
            raise bad_input("\n".join(error.problems)) from None
        values = external_values(tournament)
        if values:
            self.stdout.write(
                "External values (EXT): "
                + ", ".join(f"{rank}: {format(v.normalize(), 'f')}" for rank, v in values.items())
            )
        groups = tied_groups(tournament)
        if not groups:
            self.stdout.write("No players share a place.")
        for group in groups:
            self.stdout.write("Level: " + ", ".join(map(str, group)))
