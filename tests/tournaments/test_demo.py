"""The demo events: deterministic, idempotent with --if-empty, showing what the app handles."""

import datetime
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import timezone

from tournaments.models import (
    ByeKind,
    Pairing,
    RatingList,
    Result,
    ResultChange,
    Tournament,
    TournamentLog,
)
from tournaments.selectors import tournament_standings
from tournaments.services.ratings import import_rating_list_from_url

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # each test loads the demo events


def load(*args):
    out = StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def snapshot():
    return list(
        Pairing.objects.order_by("round__tournament__slug", "round__number", "board").values_list(
            "round__number", "white__name", "black__name", "bye", "result"
        )
    )


def test_the_demo_is_deterministic_and_loaded_once_with_if_empty():
    load("--if-empty")
    first = snapshot()
    assert load("--if-empty").startswith("Tournaments exist already")
    load()  # replaces the demo events with fresh copies
    assert snapshot() == first
    assert Tournament.objects.count() == 3


def test_the_demo_shows_the_cases_an_arbiter_meets():
    load()
    round_robin = Tournament.objects.get(slug="demo-round-robin")
    swiss = Tournament.objects.get(slug="demo-swiss")
    assert round_robin.players.count() == 10
    assert swiss.players.count() == 40
    assert any(not name.isascii() for name in round_robin.players.values_list("name", flat=True))
    boards = Pairing.objects.filter(round__tournament=swiss)
    assert {ByeKind.PAIRING_ALLOCATED, ByeKind.HALF_POINT, ByeKind.ZERO_POINT} <= set(
        boards.values_list("bye", flat=True)
    )
    assert {Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT} <= set(
        boards.values_list("result", flat=True)
    )
    assert swiss.players.filter(status="withdrawn").count() == 1
    assert swiss.players.filter(first_round=2).count() == 1
    # The round robin has a pending adjourned game and a corrected result in its trail.
    assert tournament_standings(round_robin).pending
    assert ResultChange.objects.filter(reason=ResultChange.Reason.CORRECTION).count() == 1
    assert TournamentLog.objects.filter(kind=TournamentLog.Kind.ADJOURNMENT).exists()


def test_the_demo_has_a_team_league_in_its_fourth_round():
    load()
    league = Tournament.objects.get(slug="demo-team-league")
    assert league.teams.count() == 8
    assert sorted(league.teams.values_list("number", flat=True)) == list(range(1, 9))
    assert all(team.roster.count() == 5 for team in league.teams.all())
    rounds = {r.number: r for r in league.rounds.all()}
    assert sorted(rounds) == [1, 2, 3, 4]
    assert [rounds[n].status for n in (1, 2, 3, 4)] == ["finished"] * 3 + ["published"]
    # Round 3: the half-point bye asked for, and the pairing-allocated bye of the odd team out.
    assert sorted(rounds[3].matches.exclude(bye="").values_list("bye", flat=True)) == [
        "half",
        "pab",
    ]
    # Round 2: a board left empty, the player present winning by forfeit.
    assert rounds[2].pairings.filter(bye="win").count() == 1
    assert rounds[4].pairings.count() == 16 and not rounds[4].pairings.exclude(result="*").exists()


def test_the_demo_loads_beside_a_rating_list_over_a_day_old():
    """Pairing asks to acknowledge an old list (FIDE checklist C20); the demo answers it."""
    lists = Path(__file__).resolve().parent.parent / "data" / "ratinglist"
    old = import_rating_list_from_url((lists / "standard_sep26frl.txt").as_uri())
    RatingList.objects.filter(pk=old.pk).update(
        imported_at=timezone.now() - datetime.timedelta(days=3)
    )
    load()
    assert Tournament.objects.get(slug="demo-swiss").rounds.count() == 5
