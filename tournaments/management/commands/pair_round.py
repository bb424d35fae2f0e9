"""``pair_round ID [--confirm acknowledge]``: pair the next round as a draft.

Berger tables for a round robin, the built-in engine for a Swiss, as on the arbiter's page.
Results still missing (adjourned by the pairing) and adjourned games still open are
acknowledged first (FIDE checklist G40, L2): the first run names them and exits with 3.
"""

from django.core.management.base import BaseCommand

from tournaments.services import TournamentError, generate_round_robin_round, pair_swiss_round

from ._common import add_confirm_argument, get_tournament, refusal


class Command(BaseCommand):
    help = "Pair the next round of a tournament as a draft and print its boards."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        add_confirm_argument(parser)

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        pair = generate_round_robin_round if tournament.is_round_robin else pair_swiss_round
        try:
            round_ = pair(tournament, user=None, confirm=options["confirm"])
        except TournamentError as error:
            raise refusal(error) from None
        for warning in round_.warnings:
            self.stderr.write(f"acknowledged: {warning}")
        self.stdout.write(f"Round {round_.number} paired as a draft:")
        for board in round_.pairings.select_related("white", "black").order_by("board"):
            if board.black is None:
                self.stdout.write(f"{board.board:3}  {board.white.start_rank:4} {board.bye}")
            else:
                self.stdout.write(
                    f"{board.board:3}  {board.white.start_rank:4} - {board.black.start_rank:<4}"
                    f"  {board.white.name} - {board.black.name}"
                )
