"""0-0, ½-0 and 0-½ are never rated (FIDE checklist F36, Q185–186): FIDE rates only the 1-0,
½-½ and 0-1 of games played. Entered without the *not rated* flag, on any path, they are
stored with it, written to TRF as ``L``/``L``, ``D``/``L``, ``L``/``D``, left out of the
rating changes, and read back from our own export as they were."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import ResultChange, Round
from tournaments.selectors import rating_changes, tournament_sheet
from tournaments.services import record_result
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import export_trf, import_trf, import_warnings
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    """Six rated players, round 1 published: boards 1–3 waiting for their results."""
    tournament = TournamentFactory(number_of_rounds=3)
    players = [PlayerFactory(tournament=tournament) for _ in range(6)]
    round_ = store_round(
        tournament,
        1,
        [(players[0], players[1]), (players[2], players[3]), (players[4], players[5])],
        [],
        paired_by=Round.PairedBy.MANUAL,
        status=Round.Status.PUBLISHED,
    )
    return tournament, round_


def enter(round_, results):
    for board, result in enumerate(results, start=1):
        record_result(round_.pairings.get(board=board), result, source="hand", user=None)


def codes(text):
    return {p.start_rank: p.games[0].result for p in read_trf(text).players}


def test_they_are_stored_as_not_rated_and_the_audit_trail_says_so(event):
    _tournament, round_ = event
    enter(round_, ["0-0", "1/2-0", "0-1/2"])
    assert all(round_.pairings.values_list("unrated", flat=True))
    assert set(ResultChange.objects.values_list("new_unrated", flat=True)) == {True}


@pytest.mark.parametrize("version", [16, 2026])
def test_the_trf_report_writes_them_with_the_codes_of_games_not_rated(event, version):
    tournament, round_ = event
    enter(round_, ["0-0", "1/2-0", "0-1/2"])
    assert codes(export_trf(tournament, version=version)) == {
        1: "L",
        2: "L",
        3: "D",
        4: "L",
        5: "L",
        6: "D",
    }


def test_they_change_no_rating(event):
    tournament, round_ = event
    enter(round_, ["0-0", "1/2-0", "0-1/2"])
    assert set(rating_changes(tournament, tournament_sheet(tournament)).values()) == {0}


def test_stored_before_without_the_flag_they_are_still_not_rated(event):
    """A board saved before the flag was set for them (or by a path that left it off)."""
    tournament, round_ = event
    enter(round_, ["0-0", "1/2-0", "1-0"])
    round_.pairings.update(unrated=False)
    changes = rating_changes(tournament, tournament_sheet(tournament))
    assert changes[1] == changes[2] == changes[3] == changes[4] == 0
    assert changes[5] > 0 > changes[6]
    assert set(codes(export_trf(tournament)).values()) == {"L", "D", "1", "0"}


def test_the_api_stores_them_as_not_rated(event, client, django_user_model):
    tournament, round_ = event
    user = django_user_model.objects.create_superuser("chief", password="pw")
    client.force_login(user)
    url = reverse("api:board", kwargs={"slug": tournament.slug, "number": 1, "board": 1})
    response = client.put(
        url, {"result": "1/2-0", "unrated": False}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["unrated"] is True
    assert round_.pairings.get(board=1).unrated


def test_our_own_export_is_read_back_as_it_was(event):
    tournament, round_ = event
    enter(round_, ["0-0", "1/2-0", "0-1/2"])
    for version in (16, 2026):
        exported = export_trf(tournament, version=version)
        again = import_trf(exported)
        boards = Round.objects.get(tournament=again, number=1).pairings.order_by("board")
        assert [(b.result, b.unrated) for b in boards] == [
            ("0-0", True),
            ("1/2-0", True),
            ("0-1/2", True),
        ]
        assert not [w for w in import_warnings(again) if "written as a rated game" in w]
        assert export_trf(again, version=version) == exported


def test_a_file_that_writes_them_as_rated_games_is_imported_as_not_rated(event):
    """Another program's ``0``/``0`` and ``=``/``0``: stored and exported as not rated, and
    the import says so."""
    tournament, round_ = event
    enter(round_, ["1-0", "1/2-1/2", "0-1"])
    lines = export_trf(tournament).splitlines()
    rated = {"1": "0", "2": "0", "3": "=", "4": "0"}  # board 1 0-0, board 2 ½-0
    for index, line in enumerate(lines):
        rank = line[4:8].strip() if line.startswith("001") else ""
        if rank in rated:
            lines[index] = line[:98] + rated[rank] + line[99:]
    imported = import_trf("\n".join(lines) + "\n")
    boards = Round.objects.get(tournament=imported, number=1).pairings.order_by("board")
    assert [(b.result, b.unrated) for b in boards] == [
        ("0-0", True),
        ("1/2-0", True),
        ("0-1", False),
    ]
    notes = [w for w in import_warnings(imported) if "written as a rated game" in w]
    assert len(notes) == 2
    assert codes(export_trf(imported)) == {1: "L", 2: "L", 3: "D", 4: "L", 5: "0", 6: "1"}
