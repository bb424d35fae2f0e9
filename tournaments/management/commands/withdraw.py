"""``withdraw ID PLAYER --after-round N [--expel] [--reason TEXT]``: a player leaves the
tournament after round N (0: before round 1).

He withdraws, and stays in the standings, marked; with ``--expel`` the arbiter expels him
(a reason is required): never paired again and, in a Swiss, listed without a place
(FIDE checklist B14, I48). PLAYER is his starting rank, or ``id:N`` before numbering.
"""

from django.core.management.base import BaseCommand

from tournaments.limits import MAX_ROUNDS
from tournaments.services import TournamentError, expel_player, withdraw_player

from ._common import bad_input, get_tournament, refusal
from ._players import describe, find_player


class Command(BaseCommand):
    help = "Withdraw a player after a round, or expel him (--expel, with a reason)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("player", help="starting rank, or id:N")
        parser.add_argument(
            "--after-round", type=int, required=True, help="the last round he took part in"
        )
        parser.add_argument("--expel", action="store_true", help="the arbiter expels him")
        parser.add_argument("--reason", default="", help="kept in the log; required to expel")

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        player = find_player(tournament, options["player"])
        after_round = options["after_round"]
        if not 0 <= after_round <= MAX_ROUNDS:
            raise bad_input(f"--after-round: a round from 0 to {MAX_ROUNDS}")
        leave = expel_player if options["expel"] else withdraw_player
        try:
            player = leave(player, after_round=after_round, user=None, reason=options["reason"])
        except TournamentError as error:
            raise refusal(error) from None
        done = "expelled" if options["expel"] else "withdrawn"
        self.stdout.write(f"{describe(player)}: {done} after round {after_round}")
