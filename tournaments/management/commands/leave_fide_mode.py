"""``leave_fide_mode ID --reason TEXT [--confirm ANSWER]``: leave FIDE mode for good.

FIDE checklist A5, warning level L4: the first run prints the consequences and asks for
``--confirm understood``; the second prints a token; the third, with ``--confirm TOKEN``,
leaves FIDE mode (a ``###`` line with the round; every page and report marked).
"""

from django.core.management.base import BaseCommand

from tournaments.services import TournamentError, leave_fide_mode

from ._common import add_confirm_argument, get_tournament, refusal


class Command(BaseCommand):
    help = "Leave FIDE mode for good (two confirmations, a reason)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("--reason", required=True, help="kept in the log and the TRF")
        add_confirm_argument(parser)

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        try:
            leave_fide_mode(
                tournament, user=None, reason=options["reason"], confirm=options["confirm"]
            )
        except TournamentError as error:
            raise refusal(error) from None
        self.stdout.write(f"{tournament.name} has left FIDE mode.")
