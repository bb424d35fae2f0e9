"""``manual_pairing ID ROUND STEP [NUMBERS] [--confirm confirm]``: pair a draft round by hand.

Steps (FIDE checklist D29): ``start``; ``show`` (each board beside the engine's); ``swap
BOARD``; ``colours BOARD WHITE``; ``exchange FIRST SECOND`` (two starting ranks change
places); ``end`` (asks, exit status 3, for every rule broken and every board differing from
the engine's; each such board becomes a ``### MPA`` line).
"""

from django.core.management.base import BaseCommand

from tournaments.models import Round
from tournaments.services import (
    TournamentError,
    end_manual_pairing,
    exchange_players,
    set_colours,
    start_manual_pairing,
    swap_colours,
)
from tournaments.services.manual_pairing import comparison

from ._common import add_confirm_argument, bad_input, get_tournament, refusal

ARGUMENTS = {"start": 0, "show": 0, "swap": 1, "colours": 2, "exchange": 2, "end": 0}


def _board(row):
    if row is None:
        return "-"
    return f"{row[0]} - {row[1]}" if row[1] is not None else f"{row[0]} bye"


class Command(BaseCommand):
    help = "Pair a draft round by hand in a session compared with the engine's pairing."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        parser.add_argument("round", type=int)
        parser.add_argument("step", choices=list(ARGUMENTS))
        parser.add_argument("numbers", nargs="*", type=int, help="board or starting ranks")
        add_confirm_argument(parser)

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        round_ = Round.objects.filter(tournament=tournament, number=options["round"]).first()
        if round_ is None:
            raise bad_input(f"{tournament.name} has no round {options['round']}")
        step, numbers = options["step"], options["numbers"]
        if len(numbers) != ARGUMENTS[step]:
            raise bad_input(f"{step} takes {ARGUMENTS[step]} number(s)")
        try:
            if step == "start":
                start_manual_pairing(round_)
            elif step == "swap":
                swap_colours(round_, numbers[0])
            elif step == "colours":
                set_colours(round_, numbers[0], numbers[1])
            elif step == "exchange":
                exchange_players(round_, numbers[0], numbers[1])
            elif step == "end":
                end_manual_pairing(round_, confirm=options["confirm"])
                self.stdout.write(f"Round {round_.number}: manual pairing session ended.")
                return
        except TournamentError as error:
            raise refusal(error) from None
        round_.refresh_from_db()
        if round_.manual_session is None:
            raise bad_input(f"no manual pairing session is open on round {round_.number}")
        for row in comparison(round_):
            mark = "" if row.same else "   differs"
            line = f"{row.board:3}  {_board(row.current):12} engine: {_board(row.engine)}{mark}"
            self.stdout.write(line)
