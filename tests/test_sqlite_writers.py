"""SQLite, the default database of ``make run``: several arbiters saving results at once.

Arbiters typing results about 150 ms apart, and two API clients writing together, got a 500
"database is locked": a deferred transaction that read before writing cannot wait for the
write lock. The settings make SQLite wait instead (write-ahead log, a busy timeout, write
transactions that take the lock when they begin). Run in a child process on a real SQLite
file, configured exactly as ``make run`` configures it.
"""

from __future__ import annotations

import json

import pytest

from tests.test_foundation import run_python

WRITERS = 4
RESULTS_EACH = 12

SCRIPT = f"""
import json, os, threading
os.environ["DJANGO_SETTINGS_MODULE"] = "arbiter.settings"
import django
django.setup()
from django.core.management import call_command
from django.db import connection, connections
from tournaments.models import Pairing, Player, Round, Tournament
from tournaments.services import record_result

call_command("migrate", verbosity=0)
tournament = Tournament.objects.create(name="Hall", slug="hall", system="swiss", number_of_rounds=5)
round_ = Round.objects.create(tournament=tournament, number=1, status="published")
for board in range(1, {WRITERS * RESULTS_EACH} + 1):
    white = Player.objects.create(tournament=tournament, name=f"W{{board}}")
    black = Player.objects.create(tournament=tournament, name=f"B{{board}}")
    Pairing.objects.create(round=round_, board=board, white=white, black=black)
connections.close_all()
errors = []
start = threading.Barrier({WRITERS})

def arbiter(first):
    start.wait()
    try:
        for board in range(first, first + {RESULTS_EACH}):
            try:
                pairing = Pairing.objects.get(round=round_, board=board)
                record_result(pairing, "1-0", source="hand", user=None)
            except Exception as error:
                errors.append(f"board {{board}}: {{type(error).__name__}}: {{error}}")
    finally:
        connections.close_all()

firsts = [1 + i * {RESULTS_EACH} for i in range({WRITERS})]
threads = [threading.Thread(target=arbiter, args=(first,)) for first in firsts]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    journal = cursor.fetchone()[0]
stored = Pairing.objects.filter(result="1-0").count()
print(json.dumps({{"errors": errors, "stored": stored, "journal": journal}}))
"""


@pytest.mark.slow
def test_arbiters_saving_at_once_on_sqlite_all_get_their_results_stored(tmp_path):
    database = tmp_path / "hall.sqlite3"
    run = run_python(SCRIPT, DATABASE_URL=f"sqlite:///{database}")
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["errors"] == []
    assert report["stored"] == WRITERS * RESULTS_EACH
    assert report["journal"] == "wal"


@pytest.mark.slow
def test_a_team_events_writers_at_once_on_sqlite_lose_nothing_and_never_fail(tmp_path):
    """A result and a lineup change on the same match, two rosters taking the same player,
    three registrations after round 1, each pair at once (as on PostgreSQL in
    ``tests/tournaments/test_team_races.py``): every write acknowledged is kept, the others
    are refused, none fails."""
    database = tmp_path / "team.sqlite3"
    run = run_python(
        "from tests.tournaments.team_writers_sqlite import main; main()",
        DATABASE_URL=f"sqlite:///{database}",
    )
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report == {"failures": [], "lost": []}
