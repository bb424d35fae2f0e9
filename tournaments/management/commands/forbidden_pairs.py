"""``forbidden_pairs ID [--add A B [--rounds N-M] | --lift A B] [--reason TEXT]``: players
who must not be paired with each other (FIDE checklist D30), in every round or in some; in
FIDE mode set and lifted only before round 1 is paired. Players are named by starting rank,
or ``id:N`` before numbering. Without an option it lists the pairs."""

import argparse

from django.core.management.base import BaseCommand

from tournaments.models import ForbiddenPair
from tournaments.services import TournamentError, allow_pair, forbid_pair

from ._common import get_tournament, refusal
from ._players import describe, find_player


class Command(BaseCommand):
    help = "List, add or lift forbidden pairs (players never to be paired together)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="tournament id or slug")
        action = parser.add_mutually_exclusive_group()
        action.add_argument("--add", nargs=2, metavar=("A", "B"), help="forbid A and B to meet")
        action.add_argument("--lift", nargs=2, metavar=("A", "B"), help="lift that pair")
        parser.add_argument("--reason", default="", help="kept in the log")
        parser.add_argument(
            "--rounds",
            type=_rounds,
            default=(1, None),
            metavar="N-M",
            help="with --add: only in rounds N to M (N- : from round N on; N: that round)",
        )

    def handle(self, *args, **options):
        tournament = get_tournament(options["tournament"])
        names = options["add"] or options["lift"]
        if names:
            first, second = (find_player(tournament, name) for name in names)
            try:
                if options["add"]:
                    first_round, last_round = options["rounds"]
                    forbid_pair(
                        first,
                        second,
                        reason=options["reason"],
                        from_round=first_round,
                        to_round=last_round,
                    )
                else:
                    allow_pair(first, second, reason=options["reason"])
            except TournamentError as error:
                raise refusal(error) from None
        pairs = ForbiddenPair.objects.filter(tournament=tournament).select_related(
            "first", "second"
        )
        if not pairs:
            self.stdout.write("No forbidden pairs.")
        for pair in pairs:
            reason = f"  — {pair.reason}" if pair.reason else ""
            rounds = f"  ({pair.rounds_label})" if pair.rounds_label else ""
            self.stdout.write(f"{describe(pair.first)}  /  {describe(pair.second)}{rounds}{reason}")


def _rounds(text: str) -> tuple[int, int | None]:
    """``3-5``, ``3-`` or ``3``: the first and last round (``None``: the last)."""
    first, dash, last = text.partition("-")
    try:
        return int(first), (int(last) if last.strip() else None) if dash else int(first)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected rounds such as 3-5, 3- or 3, found {text!r}"
        ) from None
