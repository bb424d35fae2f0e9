"""Load the demo event into the database (``make run`` calls it with ``--if-empty``)."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Load the demo tournaments. With --if-empty, only when no tournament exists yet."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if any tournament exists"
        )

    def handle(self, *args, **options):
        self.stdout.write("No demo data defined yet.")
