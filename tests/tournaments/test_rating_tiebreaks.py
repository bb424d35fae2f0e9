"""Rating tie-breaks use the tournament rating (FIDE checklist C22): the rating the event's
lists and rating method give each player, and the event's method for unrated players — not
the raw official rating of the rate of play. Standings page, API and command alike."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.factories import PairingFactory, PlayerFactory, RoundFactory, TournamentFactory
from tournaments.models import RatingMethod, Result
from tournaments.selectors import rating_changes, sheet_and_standings, tournament_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def rapid():
    """A rapid event of four. Anand has only a standard rating (his effective rapid rating),
    Borges and Chen rapid ratings, Diaz none at all; unrated players count as 1000.

    Round 1: Anand 1-0 Borges, Chen ½-½ Diaz. Round 2: Anand 1-0 Chen, Borges 0-1 Diaz."""
    tournament = TournamentFactory(
        rating_type="rapid", unrated_rating=1000, number_of_rounds=2, tiebreaks=["ARO"]
    )
    anand = PlayerFactory(tournament=tournament, name="Anand", rating_standard=2000)
    borges = PlayerFactory(
        tournament=tournament, name="Borges", rating_standard=None, rating_rapid=1800
    )
    chen = PlayerFactory(
        tournament=tournament, name="Chen", rating_standard=None, rating_rapid=1600
    )
    diaz = PlayerFactory(tournament=tournament, name="Diaz", rating_standard=None)
    first = RoundFactory(tournament=tournament, number=1)
    PairingFactory(round=first, board=1, white=anand, black=borges, result=Result.WHITE_WINS)
    PairingFactory(round=first, board=2, white=chen, black=diaz, result=Result.DRAW)
    second = RoundFactory(tournament=tournament, number=2)
    PairingFactory(round=second, board=1, white=anand, black=chen, result=Result.WHITE_WINS)
    PairingFactory(round=second, board=2, white=borges, black=diaz, result=Result.BLACK_WINS)
    return tournament


def _values(tournament, tiebreak: str) -> dict[str, str]:
    standings = tournament_standings(tournament, tiebreaks=[tiebreak])
    return {row.name: row.tiebreaks[0].display for row in standings.rows}


def test_rating_tie_breaks_use_the_effective_rapid_rating(rapid) -> None:
    """Anand's tournament rating is his standard 2000 (the effective rapid rating); before,
    his empty rapid rating made him count as unrated (1000) in his opponents' ARO."""
    assert _values(rapid, "RTNG") == {
        "Anand": "2000",
        "Borges": "1800",
        "Chen": "1600",
        "Diaz": "1000",
    }
    # Borges met Anand (2000) and Diaz (unrated: 1000); Chen met Diaz and Anand.
    assert _values(rapid, "ARO") == {
        "Anand": "1700",
        "Borges": "1500",
        "Chen": "1500",
        "Diaz": "1700",
    }
    # TPR: ARO + dp; Anand 2/2 (dp +800), Borges 0/2 (-800), Chen ½/2 (25%: -193), Diaz 1½/2.
    assert _values(rapid, "TPR") == {
        "Anand": "2500",
        "Borges": "700",
        "Chen": "1307",
        "Diaz": "1893",
    }


def test_the_rating_method_decides_the_rating_tie_breaks(rapid) -> None:
    """NRO: national ratings only; Diaz, nationally rated, is rated for the tie-breaks."""
    rapid.players.filter(name="Diaz").update(rating_national=1500)
    rapid.players.filter(name="Anand").update(rating_national=1900)
    rapid.rating_method = RatingMethod.NRO
    rapid.save()
    assert _values(rapid, "RTNG") == {
        "Anand": "1900",
        "Borges": "1000",
        "Chen": "1000",
        "Diaz": "1500",
    }
    rapid.rating_method = RatingMethod.FIDON  # FIDE if any, else national
    rapid.save()
    assert _values(rapid, "RTNG") == {
        "Anand": "2000",
        "Borges": "1800",
        "Chen": "1600",
        "Diaz": "1500",
    }


def test_unrated_players_are_left_out_by_the_second_method(rapid) -> None:
    rapid.unrated_rating = None
    rapid.save()
    assert set(_values(rapid, "ARO").values()) == {"-"}  # C.07 needs a method for unrated
    rapid.unrated_left_out = True
    rapid.save()
    # Borges: only Anand (2000) counts; Diaz: Chen and Borges.
    assert _values(rapid, "ARO") == {
        "Anand": "1700",
        "Borges": "2000",
        "Chen": "2000",
        "Diaz": "1700",
    }


def test_rating_changes_still_use_the_official_rating(rapid) -> None:
    """The tournament rating ranks and breaks ties; FIDE rates a rapid game by rapid ratings:
    Anand has none, so his game with Borges changes no rapid rating."""
    sheet, _standings = sheet_and_standings(rapid)
    assert set(rating_changes(rapid, sheet)) == {2, 3}  # Borges and Chen
    assert rating_changes(rapid, sheet)[2] == 0  # his only rated-vs-rated game: none


def test_the_command_and_the_api_show_the_tournament_rating_values(rapid) -> None:
    out = StringIO()
    call_command("standings", str(rapid.pk), "--tiebreaks", "ARO", "--format", "json", stdout=out)
    rows = {row["name"]: row["tiebreaks"]["ARO"] for row in json.loads(out.getvalue())["standings"]}
    assert rows["Borges"] == "1500"
    response = APIClient().get(f"/api/v1/tournaments/{rapid.slug}/standings/")
    api = {row["name"]: row["tiebreaks"][0]["display"] for row in response.json()["rows"]}
    assert api["Borges"] == "1500"
    page = APIClient().get(f"/tournaments/{rapid.pk}/standings/")
    assert page.status_code == 200
    assert "1500" in page.content.decode()
