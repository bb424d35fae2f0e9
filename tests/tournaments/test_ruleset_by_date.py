"""A new event's ruleset, when none is chosen, is the Laws in force on its start date: the
2023 Laws (``fide2023``) from 1 January 2023, the adjournment-era Laws (``classic``) before;
today's date when the event has none. The form, the API and a TRF import without dates
all give it, and say which applies."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from games.rules.rulesets import ruleset_in_force
from tests.factories import UserFactory
from tournaments.models import PairingSystem, Tournament
from tournaments.services import create_tournament
from tournaments.services.trf_exchange import import_trf

pytestmark = pytest.mark.django_db


def _chief():  # type: ignore[no-untyped-def]
    user = UserFactory()
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def test_the_laws_in_force_change_on_the_first_of_january_2023() -> None:
    assert ruleset_in_force(date(2022, 12, 31)) == "classic"
    assert ruleset_in_force(date(2023, 1, 1)) == "fide2023"
    assert ruleset_in_force(date(2026, 12, 7)) == "fide2023"


def test_a_new_event_takes_the_laws_in_force_on_its_start_date() -> None:
    def new(**fields):  # type: ignore[no-untyped-def]
        return create_tournament(
            name="Open", system=PairingSystem.SWISS, number_of_rounds=5, **fields
        )

    assert new(start_date=date(2026, 3, 1)).ruleset == "fide2023"
    assert new(start_date=date(2019, 3, 1)).ruleset == "classic"
    # No start date: the Laws in force today.
    assert new().ruleset == ruleset_in_force(timezone.localdate()) == "fide2023"
    # A ruleset chosen is kept, whatever the date.
    assert new(start_date=date(2026, 3, 1), ruleset="classic").ruleset == "classic"
    assert new(start_date=date(2026, 3, 1), ruleset="online").ruleset == "online"


def test_an_event_created_through_the_api_without_a_ruleset_has_the_2023_laws() -> None:
    client = APIClient()
    client.force_authenticate(_chief())
    body = {"name": "API Open", "system": "swiss", "number_of_rounds": 5}
    response = client.post("/api/v1/tournaments/", {**body, "start_date": "2026-05-01"})
    assert response.status_code == 201, response.content
    assert response.json()["ruleset"] == "fide2023"
    response = client.post("/api/v1/tournaments/", {**body, "name": "Undated"}, format="json")
    assert response.status_code == 201 and response.json()["ruleset"] == "fide2023"
    schema = client.get("/api/schema/", {"format": "json"}).json()
    create = schema["components"]["schemas"]["TournamentCreate"]["properties"]
    assert "Laws in force on the start date" in create["ruleset"]["description"]


def test_a_trf_file_without_dates_is_imported_under_the_2023_laws() -> None:
    players = [
        f"001 {rank:>4}     {name:<33} {rating:>4} {'':3} {'':>11} {'':10} {'0.0':>4} {rank:>4}"
        for rank, name, rating in ((1, "Alpha, Anna", 2000), (2, "Beta, Bea", 1900))
    ]
    tournament = import_trf("\n".join(["012 Undated Open", *players, ""]).encode())
    assert tournament.start_date is None
    assert tournament.ruleset == "fide2023"


def test_the_new_event_form_offers_the_laws_in_force_and_saves_them(client) -> None:
    client.force_login(_chief())
    page = client.get(reverse("tournaments:create"))
    form = page.context["form"]
    assert form["ruleset"].value() in ("", None)
    html = page.content.decode()
    assert "The Laws in force on the start date" in html
    defaults = {field.name: field.value() for field in form if field.value() is not None}
    fields = {"name": "Form Open", "system": "swiss", "number_of_rounds": 5}
    response = client.post(
        reverse("tournaments:create"), {**defaults, **fields, "start_date": "2026-06-01"}
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Form Open")
    assert tournament.ruleset == "fide2023"
    # The settings page then names the ruleset that applies.
    settings = client.get(reverse("tournaments:edit", args=[tournament.pk]))
    assert settings.context["form"]["ruleset"].value() == "fide2023"
