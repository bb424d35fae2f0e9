"""``pairings ID --round N --pdf FILE [--paper a4|letter] [--result-sheet]``."""

from django.core.management.base import BaseCommand

from tournaments.reports.printed import PRINTED_REPORTS

from ._common import bad_input, get_tournament
from ._reports import add_pdf_arguments, write_pdf


class Command(BaseCommand):
    help = (
        "Print a round's pairings with board numbers as PDF, or with --result-sheet the "
        "result sheet for the arbiter's table."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("--round", type=int, required=True, help="the round number")
        add_pdf_arguments(parser, required=True)
        parser.add_argument(
            "--result-sheet",
            action="store_true",
            help="the arbiter's result sheet (a line per board to sign) instead of the list",
        )

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        number = options["round"]
        if not tournament.rounds.filter(number=number).exists():
            paired = list(tournament.rounds.order_by("number").values_list("number", flat=True))
            have = f"rounds {paired[0]} to {paired[-1]}" if paired else "no round"
            raise bad_input(f"--round {number}: the tournament has {have} paired")
        printed = PRINTED_REPORTS["result_sheet" if options["result_sheet"] else "pairings"]
        report = printed.draw(tournament, paper=options["paper"], number=number)
        self.stdout.write(write_pdf(report, options["pdf"]))
