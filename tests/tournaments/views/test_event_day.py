"""Defects an arbiter met running a whole event through the pages (one test per defect)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory, UserFactory
from tests.html_forms import form_values
from tournaments.models import TournamentRole

pytestmark = pytest.mark.django_db
Role = TournamentRole.Role


def url(name, tournament, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **kwargs})


def chief_of(tournament):
    user = UserFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=Role.CHIEF_ARBITER)
    return user


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_saving_the_tournament_form_as_shown_keeps_its_dates_in_every_language(client, language):
    tournament = TournamentFactory(
        start_date=datetime.date(2026, 12, 10), end_date=datetime.date(2026, 12, 14)
    )
    client.force_login(chief_of(tournament))
    page = client.get(url("edit", tournament), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    shown = form_values(page, containing="start_date")
    # A date input understands only ISO values; anything else shows blank.
    assert shown["start_date"] == ["2026-12-10"]
    assert shown["end_date"] == ["2026-12-14"]
    response = client.post(url("edit", tournament), shown, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert tournament.start_date == datetime.date(2026, 12, 10)
    assert tournament.end_date == datetime.date(2026, 12, 14)


def test_a_time_control_the_clocks_cannot_read_is_refused_on_the_form(client):
    tournament = TournamentFactory(time_control="40/7200:3600")
    client.force_login(chief_of(tournament))
    page = client.get(url("edit", tournament)).content.decode()
    shown = form_values(page, containing="time_control")
    fide = client.post(url("edit", tournament), {**shown, "time_control": "90'/40 + 30' + 30\""})
    assert fide.status_code == 302
    refused = client.post(url("edit", tournament), {**shown, "time_control": "90 then some"})
    assert refused.status_code == 200
    assert "The time control 90 then some cannot be read" in refused.content.decode()
    tournament.refresh_from_db()
    assert tournament.time_control == "90'/40 + 30' + 30\""
