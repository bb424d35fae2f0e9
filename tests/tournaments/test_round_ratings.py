"""Events over 30 days (FIDE checklist C23): several ratings per player tied to rounds; the
first rating the tie-breaks' default, each round's rating the arbiter's choice; rating
changes use each round's rating. Service, page, API and command."""

from __future__ import annotations

import datetime
from fractions import Fraction
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import (
    PairingFactory,
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Result, RoundRating, TournamentLog
from tournaments.selectors import rating_changes, sheet_and_standings, tournament_standings
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    remove_round_rating,
    set_round_rating,
    update_tournament,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_event():
    """Ten weeks, one round a fortnight or so; four players rated 2000, 1800, 1600, 1400.

    Round 1: A 1-0 B, C ½-½ D. Round 2: A 1-0 C, B 0-1 D. A new list rates C 1700 from
    round 2."""
    tournament = TournamentFactory(
        start_date=datetime.date(2026, 9, 5),
        end_date=datetime.date(2026, 11, 14),
        number_of_rounds=5,
        tiebreaks=["ARO"],
    )
    a, b, c, d = (
        PlayerFactory(tournament=tournament, name=name, rating_standard=rating)
        for name, rating in (("A", 2000), ("B", 1800), ("C", 1600), ("D", 1400))
    )
    first = RoundFactory(tournament=tournament, number=1)
    PairingFactory(round=first, board=1, white=a, black=b, result=Result.WHITE_WINS)
    PairingFactory(round=first, board=2, white=c, black=d, result=Result.DRAW)
    second = RoundFactory(tournament=tournament, number=2)
    PairingFactory(round=second, board=1, white=a, black=c, result=Result.WHITE_WINS)
    PairingFactory(round=second, board=2, white=b, black=d, result=Result.BLACK_WINS)
    return tournament


def _player(tournament, name):
    return tournament.players.get(name=name)


def _values(tournament, tiebreak):
    standings = tournament_standings(tournament, tiebreaks=[tiebreak])
    return {row.name: row.tiebreaks[0].display for row in standings.rows}


def test_tie_breaks_use_the_first_rating_unless_the_arbiter_chooses_each_rounds(
    long_event,
) -> None:
    set_round_rating(
        _player(long_event, "C"), 2, 1700, source="FIDE list 2026-10", confirm="confirm"
    )
    # The default (Q215): everybody's first rating. A met B (1800) and C (1600).
    assert _values(long_event, "ARO")["A"] == "1700"
    assert _values(long_event, "RTNG")["C"] == "1600"
    long_event.round_ratings_in_tiebreaks = True  # the arbiter's choice (Q214, Q216)
    long_event.save()
    # A met C in round 2, when C was rated 1700; D met C in round 1, at 1600.
    assert _values(long_event, "ARO") == {"A": "1750", "B": "1700", "C": "1700", "D": "1700"}
    assert _values(long_event, "RTNG")["C"] == "1700"


def test_rating_changes_use_the_rating_of_each_round(long_event) -> None:
    """B.02 table 8.1b, K 20. A: 1-0.76 against B, then against C rated 1700 (300 below:
    expected 0.85) 1-0.85 — with C's first rating (400 below: 0.92) it would be 1-0.92. C:
    ½-0.76 against D (200 below him), then 0-0.15 as a 1700 against A."""
    sheet, _ = sheet_and_standings(long_event)
    before = rating_changes(long_event, sheet)
    assert before[1] == 20 * (Fraction(24, 100) + Fraction(8, 100))
    assert before[3] == 20 * (Fraction(-26, 100) - Fraction(8, 100))
    set_round_rating(_player(long_event, "C"), 2, 1700, confirm="confirm")
    sheet, _ = sheet_and_standings(long_event)
    after = rating_changes(long_event, sheet)
    assert after[1] == 20 * (Fraction(24, 100) + Fraction(15, 100))  # +7.8
    assert after[3] == 20 * (Fraction(-26, 100) - Fraction(15, 100))  # -8.2


def test_the_service_checks_rounds_and_ratings_and_logs(long_event) -> None:
    c = _player(long_event, "C")
    with pytest.raises(TournamentError, match="starts in round 2 to 5"):
        set_round_rating(c, 1, 1700)
    with pytest.raises(TournamentError, match="starts in round 2 to 5"):
        set_round_rating(c, 6, 1700)
    with pytest.raises(TournamentError, match="from 1 to 3500"):
        set_round_rating(c, 3, 4000)
    set_round_rating(c, 3, 1700, source="October list")  # round 3 is not paired: no question
    with pytest.raises(NeedsConfirmation) as question:
        set_round_rating(c, 2, 1650)  # round 2 is paired: its games are re-rated
    assert question.value.level == 3 and question.value.answer == "confirm"
    assert "Round 2 is already paired" in question.value.problems[0]
    set_round_rating(c, 2, 1650, confirm="confirm")
    assert list(c.round_ratings.values_list("from_round", "rating")) == [(2, 1650), (3, 1700)]
    log = TournamentLog.objects.filter(kind=TournamentLog.Kind.RATING_CORRECTION)
    assert [entry.message for entry in log.order_by("id")] == [
        "Rating of C from round 3 on: 1700.",
        "Rating of C from round 2 on: 1650.",
    ]
    remove_round_rating(c, 3)
    with pytest.raises(TournamentError, match="no rating set from round 3"):
        remove_round_rating(c, 3)
    assert log.count() == 3


def test_the_choice_is_a_setting_locked_once_round_1_is_paired(long_event) -> None:
    with pytest.raises(TournamentError, match="cannot change once round 1 is paired"):
        update_tournament(long_event, round_ratings_in_tiebreaks=True)


def test_the_player_page_sets_and_removes_a_rating(client, long_event) -> None:
    client.force_login(UserFactory(is_staff=True))
    c = _player(long_event, "C")
    card_url = reverse("tournaments:player", args=[long_event.pk, c.pk])
    card = client.get(card_url).text
    assert "Ratings from a round on" in card  # the event lasts over 30 days
    url = reverse("tournaments:player_round_rating", args=[long_event.pk, c.pk])
    client.post(url, {"from_round": 3, "rating": 1700, "source": "October list"})
    assert c.round_ratings.get().rating == 1700
    asked = client.post(url, {"from_round": 2, "rating": 1650})
    assert asked.status_code == 409 and "Round 2 is already paired" in asked.text
    client.post(url, {"from_round": 2, "rating": 1650, "confirm": "confirm"})
    card = client.get(card_url).text
    assert "From round 2: 1650" in card and "From round 3: 1700" in card
    refused = client.post(url, {"from_round": 1, "rating": 1650}, follow=True)
    assert "From round" in refused.text and c.round_ratings.count() == 2
    client.post(url, {"remove": 3})
    assert list(c.round_ratings.values_list("from_round", flat=True)) == [2]


def test_a_short_event_shows_no_section_to_an_arbiter(client, long_event) -> None:
    long_event.end_date = long_event.start_date + datetime.timedelta(days=9)
    long_event.save()
    client.force_login(UserFactory(is_staff=True))
    c = _player(long_event, "C")
    card = client.get(reverse("tournaments:player", args=[long_event.pk, c.pk])).text
    assert "Ratings from a round on" not in card


def test_the_api_sets_lists_and_removes_a_rating(long_event) -> None:
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    c = _player(long_event, "C")
    url = f"/api/v1/tournaments/{long_event.slug}/players/{c.pk}/round-ratings/"
    created = api.post(url, {"from_round": 3, "rating": 1700, "source": "Oct"}, format="json")
    assert created.status_code == 201
    assert created.json() == [{"from_round": 3, "rating": 1700, "source": "Oct"}]
    asked = api.post(url, {"from_round": 2, "rating": 1650}, format="json")
    assert asked.status_code == 409 and asked.json()["confirm"] == "confirm"
    done = api.post(url, {"from_round": 2, "rating": 1650, "confirm": "confirm"}, format="json")
    assert [r["from_round"] for r in done.json()] == [2, 3]
    assert api.post(url, {"from_round": 1, "rating": 1650}, format="json").status_code == 400
    assert api.delete(f"{url}3/").status_code == 204
    assert api.delete(f"{url}2/").status_code == 409
    assert api.delete(f"{url}2/?confirm=confirm").status_code == 204
    assert api.get(url).json() == []


def test_the_command_sets_asks_and_lists(long_event) -> None:
    out = StringIO()
    call_command(
        "round_ratings", str(long_event.pk), "--player", "3", "--set", "3", "1700", stdout=out
    )
    assert "3  C  from round 3: 1700" in out.getvalue()
    with pytest.raises(CommandError) as asked:
        call_command("round_ratings", str(long_event.pk), "--player", "3", "--set", "2", "1650")
    assert asked.value.returncode == 3 and "--confirm confirm" in str(asked.value)
    out = StringIO()
    call_command(
        "round_ratings",
        str(long_event.pk),
        "--player",
        "3",
        "--set",
        "2",
        "1650",
        "--confirm",
        "confirm",
        stdout=out,
    )
    assert out.getvalue().splitlines() == ["3  C  from round 2: 1650", "3  C  from round 3: 1700"]
    with pytest.raises(CommandError) as refused:
        call_command("round_ratings", str(long_event.pk), "--player", "3", "--set", "1", "1650")
    assert refused.value.returncode == 2
    assert RoundRating.objects.count() == 2


@pytest.mark.django_db(transaction=True)  # real commits: the version is bumped on commit
def test_the_cached_standings_follow_a_new_rating(long_event) -> None:
    """A rating from a round on changes what the standings show: the cached reply goes."""
    long_event.round_ratings_in_tiebreaks = True
    long_event.save()
    url = f"/api/v1/tournaments/{long_event.slug}/standings/"

    def aro_of_a() -> str:
        rows = APIClient().get(url).json()["rows"]
        return next(row["tiebreaks"][0]["display"] for row in rows if row["name"] == "A")

    assert aro_of_a() == "1700"
    set_round_rating(_player(long_event, "C"), 2, 1700, confirm="confirm")
    assert aro_of_a() == "1750"
    remove_round_rating(_player(long_event, "C"), 2, confirm="confirm")
    assert aro_of_a() == "1700"
