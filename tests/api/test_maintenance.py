"""Keeping the API's tables small: the purge of stored replies, and the admin of tokens."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import ApiToken, IdempotentRequest, Tournament, TournamentLog

from .conftest import SCOPES

READ, RESULTS, PAIRING = SCOPES


def _register(client: Any, tournament: Tournament, name: str, key: str) -> Any:
    url = f"/api/v1/tournaments/{tournament.slug}/players/"
    return client.post(url, {"name": name}, format="json", HTTP_IDEMPOTENCY_KEY=key)


def _purge(*args: str) -> str:
    out = StringIO()
    call_command("purge_idempotency", *args, stdout=out)
    return out.getvalue().strip()


def test_purge_deletes_the_replies_older_than_48_hours(tournament: Tournament, as_scope):
    client = as_scope(PAIRING)
    assert _register(client, tournament, "Old, Olga", "old-key").status_code == 201
    assert _register(client, tournament, "New, Nina", "new-key").status_code == 201
    IdempotentRequest.objects.filter(key="old-key").update(
        created_at=timezone.now() - timedelta(hours=49)
    )
    assert _purge() == "1 stored replies older than 48 hours deleted."
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["new-key"]
    # The purged key is free again: sent once more it registers a new player, not a replay.
    again = _register(client, tournament, "Old, Olga", "old-key")
    assert again.status_code == 201 and "Idempotent-Replayed" not in again
    assert tournament.players.filter(name="Old, Olga").count() == 2
    # The young reply is still replayed.
    assert _register(client, tournament, "New, Nina", "new-key")["Idempotent-Replayed"] == "true"


def test_purge_takes_the_age_in_hours(tournament: Tournament, as_scope):
    client = as_scope(PAIRING)
    _register(client, tournament, "Three, Hours", "three-hours")
    IdempotentRequest.objects.update(created_at=timezone.now() - timedelta(hours=3))
    assert _purge("--older-than", "4") == "0 stored replies older than 4 hours deleted."
    assert _purge("--older-than", "2") == "1 stored replies older than 2 hours deleted."
    assert not IdempotentRequest.objects.exists()


@pytest.mark.parametrize("value", ["0", "-5", "two", "1.5"])
def test_purge_refuses_an_age_that_is_not_whole_hours(db, value):
    with pytest.raises(CommandError, match=f"--older-than: '{value}' is not a whole number"):
        _purge("--older-than", value)


@pytest.fixture
def staff_client(db: None, client: Any) -> Any:
    client.force_login(UserFactory(username="organiser", is_staff=True, is_superuser=True))
    return client


def test_the_admin_shows_a_token_read_only_without_its_key(staff_client, tournament, chief):
    token, key = create_api_token(tournament, name="Swiss-Manager", scope=PAIRING, user=chief)
    changelist = staff_client.get(reverse("admin:tournaments_apitoken_changelist"))
    assert changelist.status_code == 200 and b"Swiss-Manager" in changelist.content
    page = staff_client.get(reverse("admin:tournaments_apitoken_change", args=[token.pk]))
    assert page.status_code == 200
    assert token.digest.encode() in page.content
    # The secret is never stored. It is what follows "arb_<lookup>_" and may hold "_" itself.
    secret = key.split("_", 2)[2]
    assert secret.encode() not in page.content
    assert b'name="digest"' not in page.content and b'name="scope"' not in page.content
    assert staff_client.get(reverse("admin:tournaments_apitoken_add")).status_code == 403


def test_the_admin_revokes_tokens_and_logs_it(staff_client, tournament, chief):
    kept, _ = create_api_token(tournament, name="Scoreboard", scope=READ, user=chief)
    leaked, key = create_api_token(tournament, name="Leaked laptop", scope=RESULTS, user=chief)
    response = staff_client.post(
        reverse("admin:tournaments_apitoken_changelist"),
        {"action": "revoke", "_selected_action": [leaked.pk]},
        follow=True,
    )
    assert b"1 tokens revoked." in response.content
    leaked.refresh_from_db()
    kept.refresh_from_db()
    assert leaked.revoked_at is not None and kept.revoked_at is None
    log = TournamentLog.objects.filter(tournament=tournament).latest("pk")
    assert log.message == "API token Leaked laptop revoked."
    assert log.user.username == "organiser"
    url = f"/api/v1/tournaments/{tournament.slug}/"
    assert staff_client.get(url, HTTP_AUTHORIZATION=f"Token {key}").status_code == 401


def test_the_admin_lists_stored_replies_read_only(staff_client, tournament, as_scope):
    _register(as_scope(PAIRING), tournament, "Listed, Lee", "listed-key")
    stored = IdempotentRequest.objects.get()
    changelist = staff_client.get(reverse("admin:tournaments_idempotentrequest_changelist"))
    assert changelist.status_code == 200 and b"listed-key" in changelist.content
    page = staff_client.get(reverse("admin:tournaments_idempotentrequest_change", args=[stored.pk]))
    assert page.status_code == 200 and b'name="key"' not in page.content
    assert ApiToken.objects.get().active
