"""Load the demo event into the database (``make run`` calls it with ``--if-empty``)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.utils import timezone

from games.demo import load_demo_games
from tournaments.demo import load_demo
from tournaments.models import Tournament, TournamentRole
from tournaments.services.roles import grant_role, set_organiser

# Accounts a newcomer logs in with after `make run`. Development mode only: a known password
# must never exist on a production site.
DEMO_ACCOUNTS = (
    ("chief", "chief-demo", TournamentRole.Role.CHIEF_ARBITER),
    ("deputy", "deputy-demo", TournamentRole.Role.DEPUTY_ARBITER),
)


class Command(BaseCommand):
    help = (
        "Load the demo tournaments (replacing earlier copies of them). "
        "With --if-empty, only when no tournament exists yet."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty", action="store_true", help="do nothing if any tournament exists"
        )

    def handle(self, *args, **options):
        if options["if_empty"] and Tournament.objects.exists():
            self.stdout.write("Tournaments exist already; no demo data loaded.")
            return
        now = timezone.now()
        tournaments = load_demo(now)
        load_demo_games(tournaments, now)
        for tournament in tournaments:
            self.stdout.write(
                f"{tournament.pk}: {tournament.name} ({tournament.players.count()} players, "
                f"{tournament.rounds.count()} rounds)"
            )
        if not settings.PRODUCTION:
            self.add_demo_accounts(tournaments)

    def add_demo_accounts(self, tournaments):
        users = get_user_model()
        for username, password, role in DEMO_ACCOUNTS:
            account, created = users.objects.get_or_create(username=username)
            if created:
                account.set_password(password)
                account.save()
            for tournament in tournaments:
                grant_role(tournament, account, role, user=None)
            if role == TournamentRole.Role.CHIEF_ARBITER:
                # A chief arbiter runs events: he creates and imports his own.
                set_organiser(account)
            self.stdout.write(f"Log in as {username} / {password} ({role.label}, demo events)")
