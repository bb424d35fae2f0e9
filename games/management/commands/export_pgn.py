"""``python manage.py export_pgn TOURNAMENT_ID [--round N]``: the games as standard PGN."""

from __future__ import annotations

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from games.pgn_export import export_pgn
from games.selectors import games_of_tournament
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament's games (or one round's) as PGN to standard output."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("tournament_id", type=int)
        parser.add_argument("--round", type=int, dest="round_number")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(pk=options["tournament_id"])
        except Tournament.DoesNotExist:
            raise CommandError(
                _("There is no tournament %(id)s.") % {"id": options["tournament_id"]}, returncode=2
            ) from None
        games = games_of_tournament(tournament, options["round_number"]).prefetch_related("moves")
        self.stdout.write(export_pgn(games), ending="")
