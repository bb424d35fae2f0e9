"""``import_rating_list FILE [--list standard|rapid|blitz] [--date YYYY-MM]``: store a FIDE
rating list downloaded from FIDE (TXT, XML or zip), streamed. ``--url URL`` fetches the file
from an address instead (kept for the update), ``--update LIST_ID`` fetches a list again
from its address (FIDE checklist C20: lists at most a day old while an event runs)."""

import datetime
from pathlib import Path

from django.core.management.base import BaseCommand

from tournaments.models import RatingList
from tournaments.services import TournamentError
from tournaments.services.ratings import (
    import_rating_list,
    import_rating_list_from_url,
    update_rating_list,
)

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
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument(
            "file", nargs="?", help="the downloaded file, e.g. standard_sep26frl.zip"
        )
        source.add_argument("--url", help="fetch the file from this address (kept for --update)")
        source.add_argument(
            "--update", type=int, metavar="LIST_ID", help="fetch a list again from its address"
        )
        parser.add_argument(
            "--list",
            choices=["standard", "rapid", "blitz"],
            help="which list, when neither the file nor its name says",
        )
        parser.add_argument("--date", help="the list's month (YYYY-MM), when the file does not say")

    def handle(self, *args, **options):
        list_date = _month(options["date"]) if options["date"] else None
        try:
            if options["update"] is not None:
                old = RatingList.objects.filter(pk=options["update"]).first()
                if old is None:
                    raise bad_input(f"--update {options['update']}: no such rating list")
                rating_list = update_rating_list(old)
            elif options["url"]:
                rating_list = import_rating_list_from_url(
                    options["url"], kind=options["list"], list_date=list_date
                )
            else:
                rating_list = self._from_file(Path(options["file"]), options["list"], list_date)
        except TournamentError as error:
            raise bad_input("\n".join(error.problems)) from None
        self.stdout.write(
            f"{rating_list.player_count} players imported: {rating_list} (list {rating_list.pk})."
        )

    def _from_file(self, path, kind, list_date):
        try:
            stream = path.open("rb")
        except OSError as error:
            raise bad_input(f"{path}: {error.strerror}") from None
        with stream:
            return import_rating_list(stream, name=path.name, kind=kind, list_date=list_date)
