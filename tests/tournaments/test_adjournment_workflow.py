"""Pairing with results missing (FIDE checklist G40, L2) and an adjourned game decided later
(G41, L3 and ``### Adjournment``), through the round pages, the API and the command."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import Result, Round
from tournaments.services.trf_exchange import export_trf, import_trf

pytestmark = pytest.mark.django_db

HELD_SWISS_5 = Path(__file__).resolve().parent.parent / "data" / "tiebreak" / "held_swiss_5.trf"
MISSING = (
    "Round 5 has no result on board 2, 5: pairing round 6 adjourns these games (a draw for "
    "pairing until their result is entered)."
)


@pytest.fixture
def unfinished():
    """Held's 16-player Swiss after round 5, boards 2 and 5 of round 5 without a result."""
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    tournament.number_of_rounds = 7
    tournament.save(update_fields=["number_of_rounds"])
    round_5 = tournament.rounds.get(number=5)
    round_5.pairings.filter(board__in=[2, 5]).update(result=Result.NOT_PLAYED)
    Round.objects.filter(pk=round_5.pk).update(status=Round.Status.PUBLISHED)
    return tournament


def adjourned_boards(tournament):
    pairings = tournament.rounds.get(number=5).pairings.filter(result=Result.ADJOURNED)
    return sorted(pairings.values_list("board", flat=True))


def test_the_pair_button_asks_to_acknowledge_the_adjournments_and_offers_the_control(
    client, unfinished
):
    """Issue: "Pair round 6" said "…or confirm that these games are adjourned" and offered
    no control to confirm it."""
    client.force_login(UserFactory(is_staff=True))
    pair = reverse("tournaments:round_pair", args=[unfinished.pk])
    asked = client.post(pair)
    assert asked.status_code == 409
    text = asked.content.decode()
    assert MISSING in text and "Warning level L2: Acknowledge" in text
    assert 'name="confirm" value="acknowledge"' in text
    assert f'action="{pair}"' in text
    assert adjourned_boards(unfinished) == [] and unfinished.rounds.count() == 5
    done = client.post(pair, {"confirm": "acknowledge"})
    assert done.status_code == 302 and unfinished.rounds.count() == 6
    assert adjourned_boards(unfinished) == [2, 5]


def test_the_api_answers_409_with_the_acknowledgement_to_send(unfinished):
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    endpoint = f"/api/v1/tournaments/{unfinished.slug}/rounds/next/"
    asked = api.post(endpoint, {}, format="json")
    assert asked.status_code == 409
    assert (asked.json()["level"], asked.json()["confirm"], asked.json()["detail"]) == (
        2,
        "acknowledge",
        MISSING,
    )
    done = api.post(endpoint, {"confirm": "acknowledge"}, format="json")
    assert done.status_code == 201 and done.json()["number"] == 6
    assert adjourned_boards(unfinished) == [2, 5]


def test_the_command_exits_3_until_acknowledged(unfinished):
    with pytest.raises(CommandError) as asked:
        call_command("pair_round", str(unfinished.pk))
    assert asked.value.returncode == 3
    assert MISSING in str(asked.value) and "--confirm acknowledge" in str(asked.value)
    out = io.StringIO()
    err = io.StringIO()
    call_command(
        "pair_round", str(unfinished.pk), "--confirm", "acknowledge", stdout=out, stderr=err
    )
    assert out.getvalue().startswith("Round 6 paired as a draft:")
    assert f"acknowledged: {MISSING}" in err.getvalue()
    assert adjourned_boards(unfinished) == [2, 5]


def adjournment_comments(tournament):
    lines = export_trf(tournament, version=2026).splitlines()
    return [line for line in lines if line.startswith("### Adjournment @ Round 5: Board 5")]


def test_an_adjourned_game_decided_on_the_round_page_asks_to_confirm(client, unfinished):
    client.force_login(UserFactory(is_staff=True))
    client.post(reverse("tournaments:round_pair", args=[unfinished.pk]), {"confirm": "acknowledge"})
    board = reverse("tournaments:result", args=[unfinished.pk, 5, 5])
    row = client.post(board, {"result": "0-1"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Warning level L3: Confirm or cancel" in row
    assert "was adjourned and counted as a draw for pairing" in row
    assert 'name="confirm" value="confirm"' in row and 'name="result" value="0-1"' in row
    assert unfinished.rounds.get(number=5).pairings.get(board=5).result == Result.ADJOURNED
    # Without htmx, the question page.
    assert client.post(board, {"result": "0-1"}).status_code == 409
    client.post(board, {"result": "0-1", "confirm": "confirm"}, HTTP_HX_REQUEST="true")
    assert unfinished.rounds.get(number=5).pairings.get(board=5).result == Result.BLACK_WINS
    decided = "(Helene – Lais): adjourned (pending) → 0-1."
    assert adjournment_comments(unfinished)[-1].endswith(decided)
    # A draw confirms what pairing assumed: nothing asked, nothing written.
    before = len(export_trf(unfinished, version=2026).splitlines())
    draw = reverse("tournaments:result", args=[unfinished.pk, 5, 2])
    assert client.post(draw, {"result": "1/2-1/2"}).status_code == 302
    assert len(export_trf(unfinished, version=2026).splitlines()) == before


def test_an_adjourned_game_decided_through_the_api_asks_to_confirm(unfinished):
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    slug = unfinished.slug
    api.post(f"/api/v1/tournaments/{slug}/rounds/next/", {"confirm": "acknowledge"}, format="json")
    board = f"/api/v1/tournaments/{slug}/rounds/5/pairings/5/"
    asked = api.put(board, {"result": "0-1"}, format="json")
    assert (asked.status_code, asked.json()["level"], asked.json()["confirm"]) == (
        409,
        3,
        "confirm",
    )
    batch = f"/api/v1/tournaments/{slug}/rounds/5/results/"
    also = api.post(batch, {"results": [{"board": 5, "result": "0-1"}]}, format="json")
    assert also.status_code == 409
    assert unfinished.rounds.get(number=5).pairings.get(board=5).result == Result.ADJOURNED
    done = api.put(board, {"result": "0-1", "confirm": "confirm"}, format="json")
    assert done.status_code == 200 and done.json()["result"] == "0-1"
    assert len(adjournment_comments(unfinished)) == 2  # adjourned, then decided
