"""The games pages link the printed papers (envelope, scoresheets, incident report) to those
who may read them, and every link gives the PDF it names."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.models import Game, SealedEnvelope
from tests.factories import UserFactory
from tests.games.test_pages import FISCHER_12, enter, rule, start
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

SEAL = {
    "sealer": "white",
    "sealed_move": "Qa3",
    "white_used": "6000",
    "black_used": "6500",
    "adjourned_at": "2020-05-23T20:00",
    "resumes_at": "2020-05-24T10:00",
}


def links(page, name: str) -> list[str]:
    """The hrefs of the page's links to the URL pattern ``name`` (any arguments)."""
    prefix = {
        "tournaments:envelope_pdf": r"/tournaments/\d+/envelopes/\d+\.pdf",
        "tournaments:incidents_pdf": r"/tournaments/\d+/incidents\.pdf",
        "tournaments:round_scoresheets_pdf": r"/tournaments/\d+/rounds/\d+/scoresheets\.pdf",
    }[name]
    return re.findall(rf'href="([^"]*{prefix})"', page.content.decode())


def pdf_text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return "\n".join(page.extract_text() for page in reader.pages)


def sealed_game(client, chebanenko) -> tuple[Game, SealedEnvelope]:
    game = start(client, chebanenko)
    enter(client, game, FISCHER_12)
    client.post(reverse("games:seal", args=[game.pk]), SEAL)
    return game, SealedEnvelope.objects.get(game=game)


def test_the_game_and_envelope_pages_link_the_envelope_pdf(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game, envelope = sealed_game(client, chebanenko)
    expected = reverse("tournaments:envelope_pdf", args=[chebanenko.pk, envelope.pk])
    assert links(
        client.get(reverse("games:detail", args=[game.pk])), "tournaments:envelope_pdf"
    ) == [expected]
    envelope_page = client.get(reverse("games:envelope", args=[game.pk, envelope.pk]))
    assert links(envelope_page, "tournaments:envelope_pdf") == [expected]
    text = pdf_text(client, expected)
    # Board 1 of the Chebanenko Memorial's round 1, adjourned after Fischer's 12th move.
    assert "White\nVolkov, Sergey\nBlack\nSmirin,I" in text
    assert "Moves made\n12" in text
    assert "Qa3" not in text  # the deputy may not read the sealed move, nor may its paper


def test_a_viewer_follows_the_envelope_link_and_a_stranger_is_refused(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game, envelope = sealed_game(client, chebanenko)
    url = reverse("tournaments:envelope_pdf", args=[chebanenko.pk, envelope.pk])
    client.force_login(UserFactory(username="stranger"))
    assert client.get(reverse("games:envelope", args=[game.pk, envelope.pk])).status_code == 403
    assert client.get(url).status_code == 403


def test_a_friendly_games_envelope_has_no_tournament_pdf(client):
    client.force_login(UserFactory(username="coach"))
    client.post(reverse("games:new"), {"white_name": "A", "black_name": "B", "ruleset": "classic"})
    game = Game.objects.get()
    enter(client, game, FISCHER_12)
    client.post(reverse("games:seal", args=[game.pk]), SEAL)
    envelope = SealedEnvelope.objects.get(game=game)
    assert (
        links(client.get(reverse("games:detail", args=[game.pk])), "tournaments:envelope_pdf") == []
    )
    page = client.get(reverse("games:envelope", args=[game.pk, envelope.pk]))
    assert page.status_code == 200 and links(page, "tournaments:envelope_pdf") == []


def test_the_games_list_links_the_rounds_scoresheets_and_the_incident_report(
    client, chebanenko, arbiter
):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    enter(client, game, "e4 e5")
    rule(client, game, "knocked_over", {"by": "black"})
    page = client.get(reverse("games:tournament", args=[chebanenko.pk]))
    (scoresheets,) = links(page, "tournaments:round_scoresheets_pdf")
    assert scoresheets == reverse("tournaments:round_scoresheets_pdf", args=[chebanenko.pk, 1])
    sheets = pdf_text(client, scoresheets)
    for pairing in Pairing.objects.filter(round__tournament=chebanenko):
        assert pairing.white.name in sheets and pairing.black.name in sheets
    (incidents,) = links(page, "tournaments:incidents_pdf")
    report = pdf_text(client, incidents)
    assert f"{game.white_name} – {game.black_name}" in report
    assert "8.3" in report
    round_report = client.get(reverse("games:round_incidents", args=[chebanenko.pk, 1]))
    assert links(round_report, "tournaments:incidents_pdf") == [incidents]
