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
    secret = key.split("_", 2)[2]  # the secret itself may hold "_" (URL-safe alphabet)
    assert secret not in browser.get(page).content.decode()  # shown once only

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


def _paired_round(tournament: Tournament, chief: Any) -> None:
    from tournaments.services import generate_round_robin_round, publish_round

    for rank, name in enumerate(["Alyx", "Bruno", "Charline", "David"], start=1):
        tournament.players.create(name=name, start_rank=rank, rating_standard=2300 - rank)
    tournament.number_of_rounds = 3
    tournament.save()
    publish_round(generate_round_robin_round(tournament, user=chief), user=chief)


def test_a_token_stops_writing_when_its_creator_loses_his_role_or_account(
    chief: Any, tournament: Tournament
) -> None:
    """Issue: after his role was removed and his account deactivated, a chief arbiter's
    pairing token still changed results and registered players."""
    from tournaments.api.tokens import create_api_token
    from tournaments.services.roles import grant_role, revoke_role

    _paired_round(tournament, chief)
    colleague = UserFactory(username="colleague")
    grant_role(tournament, colleague, TournamentRole.Role.CHIEF_ARBITER, user=chief)
    key = create_api_token(tournament, name="Swiss-Manager", scope="pairing", user=chief)[1]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    assert (
        api.put(f"{url}rounds/1/pairings/1/", {"result": "1-0"}, format="json").status_code == 200
    )

    revoke_role(tournament, chief, user=colleague)
    assert api.put(f"{url}rounds/1/pairings/2/", {"result": "1-0"}, format="json").status_code in (
        403,
        404,
    )
    assert api.post(f"{url}players/", {"name": "Late, Entry"}, format="json").status_code in (
        403,
        404,
    )
    chief.is_active = False
    chief.save()
    assert api.put(f"{url}rounds/1/pairings/2/", {"result": "1-0"}, format="json").status_code in (
        403,
        404,
    )
    assert not tournament.players.filter(name="Late, Entry").exists()
    assert tournament.rounds.get(number=1).pairings.get(board=2).result == "*"
    # A public tournament's token still reads what anyone may read.
    tournament.public = True
    tournament.save()
    assert api.get(f"{url}rounds/1/").status_code == 200

    browser = Client()
    browser.force_login(colleague)
    page = browser.get(f"/tournaments/{tournament.pk}/api-tokens/").content.decode()
    assert "Not in force: its creator (chief) may no longer do everything it allows." in page
    assert "only while he may still do what it allows" in page


def test_a_deputy_granted_token_acts_only_within_the_creators_rights(
    chief: Any, tournament: Tournament
) -> None:
    """A creator demoted to deputy keeps his token's result entry, not its pairing rights."""
    from tournaments.api.tokens import create_api_token
    from tournaments.services.roles import grant_role

    _paired_round(tournament, chief)
    colleague = UserFactory(username="colleague")
    grant_role(tournament, colleague, TournamentRole.Role.CHIEF_ARBITER, user=chief)
    key = create_api_token(tournament, name="Swiss-Manager", scope="pairing", user=chief)[1]
    grant_role(tournament, chief, TournamentRole.Role.DEPUTY_ARBITER, user=colleague)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    url = f"/api/v1/tournaments/{tournament.slug}/"
    assert (
        api.put(f"{url}rounds/1/pairings/1/", {"result": "1-0"}, format="json").status_code == 200
    )
    assert api.post(f"{url}players/", {"name": "Late, Entry"}, format="json").status_code == 403
