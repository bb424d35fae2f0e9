"""The chief arbiter's token page: a key is shown once, works, and stops working on revoke."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import ApiToken, Tournament, TournamentLog, TournamentRole


def test_chief_creates_uses_and_revokes_a_token(chief: Any, tournament: Tournament) -> None:
    browser = Client()
    browser.force_login(chief)
    page = f"/tournaments/{tournament.pk}/api-tokens/"
    assert browser.get(page).status_code == 200
    created = browser.post(page, {"name": "Swiss-Manager", "scope": "results"})
    assert created.status_code == 200
    key = re.search(r'<code id="new-key">([^<]+)</code>', created.content.decode())[1]
    token = ApiToken.objects.get()
    assert (token.name, token.scope, token.created_by) == ("Swiss-Manager", "results", chief)
    assert key.split("_")[2] not in browser.get(page).content.decode()  # shown once only

    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    state = f"/api/v1/tournaments/{tournament.slug}/state/"
    assert api.get(state).status_code == 200
    revoked = browser.post(f"{page}{token.pk}/revoke/")
    assert revoked.status_code == 302
    assert api.get(state).status_code == 401
    assert list(
        TournamentLog.objects.filter(tournament=tournament).values_list("message", flat=True)
    ) == [
        "API token Swiss-Manager (Read and enter results) created.",
        "API token Swiss-Manager revoked.",
    ]


def test_only_the_chief_arbiter_manages_tokens(tournament: Tournament) -> None:
    deputy = UserFactory(username="deputy")
    TournamentRole.objects.create(
        tournament=tournament, user=deputy, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    browser = Client()
    page = f"/tournaments/{tournament.pk}/api-tokens/"
    assert browser.get(page).status_code == 302  # to the login page
    browser.force_login(deputy)
    assert browser.get(page).status_code == 403
    assert browser.post(page, {"name": "x", "scope": "pairing"}).status_code == 403
    assert not ApiToken.objects.exists()


def test_a_token_without_a_name_is_refused_on_the_page(chief: Any, tournament: Tournament) -> None:
    browser = Client()
    browser.force_login(chief)
    response = browser.post(
        f"/tournaments/{tournament.pk}/api-tokens/", {"name": " ", "scope": "read"}
    )
    assert response.status_code == 200
    assert "form-errors" in response.content.decode()
    assert not ApiToken.objects.exists()


def test_the_roles_page_links_the_token_page(chief: Any, tournament: Tournament) -> None:
    browser = Client()
    browser.force_login(chief)
    roles = browser.get(f"/tournaments/{tournament.pk}/roles/").content.decode()
    assert f'href="/tournaments/{tournament.pk}/api-tokens/"' in roles
