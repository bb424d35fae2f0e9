"""``import_rating_list FILE [--list standard|rapid|blitz] [--date YYYY-MM]``: store a FIDE
rating list downloaded from FIDE (TXT, XML or zip), streamed."""

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand

from tournaments.services import TournamentError
from tournaments.services.ratings import import_rating_list

from ._common import bad_input


def _month(text: str) -> datetime.date:
    try:
        return datetime.datetime.strptime(text, "%Y-%m").date()
    except ValueError:
        raise bad_input(f"--date {text!r}: expected YYYY-MM, e.g. 2026-09") from None


class Command(BaseCommand):
    help = (
        "Import a FIDE rating list file as downloaded (standard, rapid, blitz or the combined "
        "list; TXT, XML, or either zipped). Large files are read as a stream. Nothing is "
        "stored if any line is wrong."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the downloaded file, e.g. standard_sep26frl.zip")
        parser.add_argument(
            "--list",
            choices=["standard", "rapid", "blitz"],
            help="which list, when neither the file nor its name says",
        )
        parser.add_argument("--date", help="the list's month (YYYY-MM), when the file does not say")

    def handle(self, *args, **options):
        path = Path(options["file"])
        list_date = _month(options["date"]) if options["date"] else None
        try:
            stream = path.open("rb")
        except OSError as error:
            raise bad_input(f"{path}: {error.strerror}") from None
        with stream:
            try:
                rating_list = import_rating_list(
                    stream, name=path.name, kind=options["list"], list_date=list_date
                )
            except TournamentError as error:
                raise bad_input("\n".join(error.problems)) from None
        self.stdout.write(
            f"{rating_list.player_count} players imported: {rating_list} (list {rating_list.pk})."
        )
