"""The arbiter's paper: incident report, sealed-move envelope, scoresheets, result sheet, the
list of players, on the demo events: real games, one adjourned at the end of the session,
and Nepomniachtchi–Ding, Astana 2023, game 1, with a wrong threefold-repetition claim."""

from __future__ import annotations

from collections.abc import Iterator

import chess
import pytest
from django.urls import reverse

from games.demo import load_demo_games
from games.models import Incident, SealedEnvelope
from games.rules.clocks import format_seconds
from tests.factories import UserFactory
from tests.module_data import kept_for_the_module
from tournaments.demo import load_demo
from tournaments.models import Tournament, TournamentRole

from .conftest import pdf_cells, pdf_reader

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo_events(django_db_setup, django_db_blocker) -> Iterator[list[int]]:
    with kept_for_the_module(django_db_blocker):
        tournaments = load_demo()
        load_demo_games(tournaments)
        yield [tournament.pk for tournament in tournaments]


@pytest.fixture
def demo(client, demo_events):
    return {t.slug: t for t in Tournament.objects.filter(pk__in=demo_events)}


@pytest.fixture
def deputy(client, demo):
    user = UserFactory(username="deputy")
    for tournament in demo.values():
        TournamentRole.objects.create(
            tournament=tournament, user=user, role=TournamentRole.Role.DEPUTY_ARBITER
        )
    client.force_login(user)
    return user


def get_pdf(client, name, *args, query=""):
    response = client.get(reverse(f"tournaments:{name}", args=args) + query)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return response.content


def test_the_incident_report_prints_each_ruling(client, demo, deputy):
    swiss = demo["demo-swiss"]
    incident = Incident.objects.get(game__pairing__round__tournament=swiss)
    text = "\n".join(pdf_cells(get_pdf(client, "incidents_pdf", swiss.pk)))
    assert "Arbiter's incident report" in text
    assert "Claim: threefold repetition" in text and "Claimant: White" in text
    assert incident.article in text
    assert "the position has occurred once, not three times" in text.replace("\n", " ")
    assert f"Chief arbiter: {swiss.chief_arbiter}" in text


def test_the_envelope_shows_the_position_but_not_the_sealed_move(client, demo, deputy):
    envelope = SealedEnvelope.objects.get()
    tournament = envelope.game.pairing.round.tournament
    data = get_pdf(client, "envelope_pdf", tournament.pk, envelope.pk)
    cells = pdf_cells(data)
    assert envelope.fen in cells
    assert chess.Board(envelope.fen).fullmove_number == envelope.moves_made + 1
    assert envelope.game.white_name in cells and envelope.game.black_name in cells
    assert envelope.sealed_move not in cells
    # The used times, as on the clocks at the adjournment.
    assert format_seconds(envelope.white_used) in cells
    assert format_seconds(envelope.black_used) in cells
    other = demo["demo-swiss"]
    url = reverse("tournaments:envelope_pdf", args=[other.pk, envelope.pk])
    assert client.get(url).status_code == 404  # the envelope of another tournament


def test_scoresheets_result_sheet_and_player_list(client, demo, deputy):
    swiss = demo["demo-swiss"]
    games = swiss.rounds.get(number=3).pairings.exclude(black=None).count()
    sheets = pdf_reader(get_pdf(client, "round_scoresheets_pdf", swiss.pk, 3))
    assert len(sheets.pages) == games
    first = sheets.pages[0].extract_text()
    assert "Scoresheet" in first and "60" in first
    result_sheet = "\n".join(pdf_cells(get_pdf(client, "result_sheet_pdf", swiss.pk, 3)))
    assert "Result sheet, round 3" in result_sheet and "White's signature" in result_sheet
    players = pdf_cells(get_pdf(client, "players_pdf", swiss.pk, query="?paper=letter"))
    for player in swiss.players.exclude(start_rank=None):
        assert player.name in players


def test_arbiters_paper_is_not_public(client, demo):
    swiss = demo["demo-swiss"]
    for name in ["incidents_pdf", "result_sheet_pdf", "round_scoresheets_pdf"]:
        args = [swiss.pk] if name == "incidents_pdf" else [swiss.pk, 1]
        response = client.get(reverse(f"tournaments:{name}", args=args))
        assert response.status_code == 302, name  # to the login page
