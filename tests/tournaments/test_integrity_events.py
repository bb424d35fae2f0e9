"""Expelling a player (FIDE checklist B14, I48) from the page, the API and the command, and
how the standings show him; integrity events (K54): imported rounds that break the pairing
rules (J51), corrections of earlier rounds (F37) and undoing an event from the log."""

from __future__ import annotations

import io
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import Player
from tournaments.services.trf_exchange import export_trf, import_trf

pytestmark = pytest.mark.django_db

HELD_SWISS_5 = Path(__file__).resolve().parent.parent / "data/tiebreak/held_swiss_5.trf"


@pytest.fixture
def chief():
    return UserFactory(username="chief")


@pytest.fixture
def held(chief):
    """Held's Swiss of 5 rounds, all played, imported by the chief arbiter."""
    tournament = import_trf(HELD_SWISS_5.read_bytes(), user=chief, filename="held.trf")
    tournament.public = True
    tournament.save(update_fields=["public"])
    return tournament


def comments(tournament):
    return [line for line in export_trf(tournament).splitlines() if line.startswith("###")]


# ---- B14, I48: expelling a player -----------------------------------------------------------


def test_the_withdraw_page_expels_a_player_with_a_reason_only(client, held, chief):
    bruno = held.players.get(start_rank=2)
    page = reverse("tournaments:player_withdraw", args=[held.pk, bruno.pk])
    client.force_login(chief)
    form = client.get(page).content.decode()
    assert "is expelled by the arbiter" in form
    refused = client.post(page, {"how": "expelled", "after_round": 5, "reason": " "})
    assert "Expelling a player needs a reason." in refused.content.decode()
    bruno.refresh_from_db()
    assert bruno.status == Player.Status.ACTIVE
    client.post(page, {"how": "expelled", "after_round": 5, "reason": "misconduct"})
    bruno.refresh_from_db()
    assert (bruno.status, bruno.withdrawn_after_round) == (Player.Status.EXPELLED, 5)
    assert comments(held)[-1] == (
        "### Withdrawal @ Round 5: Bruno is expelled after round 5. (misconduct)"
    )


def test_the_withdraw_page_still_withdraws_without_a_reason(client, held, chief):
    david = held.players.get(start_rank=4)
    client.force_login(chief)
    page = reverse("tournaments:player_withdraw", args=[held.pk, david.pk])
    client.post(page, {"how": "withdraws", "after_round": 5, "reason": ""})
    david.refresh_from_db()
    assert david.status == Player.Status.WITHDRAWN


def test_the_api_expels_a_player_and_its_standings_say_so(held, chief):
    api = APIClient()
    api.force_authenticate(chief)
    bruno = held.players.get(start_rank=2)
    url = f"/api/v1/tournaments/{held.slug}/players/{bruno.pk}/expel/"
    refused = api.post(url, {"after_round": 5}, format="json")
    assert refused.status_code == 400
    expelled = api.post(url, {"after_round": 5, "reason": "misconduct"}, format="json")
    assert expelled.status_code == 200
    bruno.refresh_from_db()
    assert bruno.status == Player.Status.EXPELLED
    rows = api.get(f"/api/v1/tournaments/{held.slug}/standings/").json()["rows"]
    last = rows[-1]
    assert (last["name"], last["place"], last["excluded"], last["left_after_round"]) == (
        "Bruno",
        "-",
        "expelled",
        5,
    )
    assert all(row["excluded"] is None for row in rows[:-1])
    crosstable = api.get(f"/api/v1/tournaments/{held.slug}/crosstable/").json()["rows"]
    assert crosstable[-1]["excluded"] == "expelled"


def test_the_command_expels_a_player_and_refuses_without_a_reason(held):
    with pytest.raises(CommandError, match="needs a reason") as refused:
        call_command("withdraw", str(held.pk), "2", "--after-round", "5", "--expel")
    assert refused.value.returncode == 2
    out = StringIO()
    call_command(
        "withdraw",
        str(held.pk),
        "2",
        "--after-round",
        "5",
        "--expel",
        "--reason",
        "misconduct",
        stdout=out,
    )
    assert "Bruno" in out.getvalue() and "expelled after round 5" in out.getvalue()
    assert held.players.get(start_rank=2).status == Player.Status.EXPELLED
    call_command("withdraw", str(held.pk), "16", "--after-round", "5", stdout=StringIO())
    assert held.players.get(start_rank=16).status == Player.Status.WITHDRAWN


def test_standings_crosstable_and_printed_standings_mark_the_expelled_player(client, held):
    held.players.filter(start_rank=2).update(status=Player.Status.EXPELLED, withdrawn_after_round=5)
    for name in ("standings", "crosstable"):
        page = client.get(reverse(f"tournaments:{name}", args=[held.pk])).content.decode()
        assert "Bruno (expelled)" in page, name
    pdf = client.get(reverse("tournaments:standings_pdf", args=[held.pk]))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Bruno (expelled)" in text
    assert "Bruno (no. 2) was expelled after round 5." in " ".join(text.split())
