"""``crosstable ID --pdf FILE [--paper a4|letter] [--order rank|start] [--after-round N]``."""

from django.core.management.base import BaseCommand

from tournaments.reports.printed import PRINTED_REPORTS
from tournaments.scoring.points import SheetError
from tournaments.services.audit import last_round_number

from ._common import bad_input, get_tournament
from ._reports import add_pdf_arguments, write_pdf


def checked_round(tournament, after_round):
    """``after_round`` if the tournament has it paired, else a clear error."""
    last = last_round_number(tournament)
    if after_round is not None and not 1 <= after_round <= last:
        raise bad_input(
            f"--after-round {after_round}: the tournament has rounds 1 to {last} paired"
        )
    return after_round


class Command(BaseCommand):
    help = (
        "Print the crosstable as PDF: the round-robin grid, or a Swiss event's wall chart "
        "(ordered by final rank or by starting rank)."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        add_pdf_arguments(parser, required=True)
        parser.add_argument("--order", choices=["rank", "start"], default="rank")
        parser.add_argument("--after-round", type=int, help="the crosstable after this round")

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        after_round = checked_round(tournament, options["after_round"])
        try:
            report = PRINTED_REPORTS["crosstable"].draw(
                tournament, paper=options["paper"], after_round=after_round, order=options["order"]
            )
        except SheetError as error:
            raise bad_input(f"tournament {tournament.pk}: {error}") from None
        self.stdout.write(write_pdf(report, options["pdf"]))
