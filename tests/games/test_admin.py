"""The games models in the admin: every list page answers; the sealed move stays hidden."""

import pytest
from django.urls import reverse

from games.demo import load_demo_games
from games.models import SealedEnvelope
from tests.factories import UserFactory
from tournaments.demo import load_demo

MODELS = ["game", "move", "incident", "sealedenvelope", "gamechange", "pgnupload"]


@pytest.mark.slow  # loads the demo events and their games
@pytest.mark.django_db
def test_admin_pages(client):
    load_demo_games(load_demo())
    client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))
    for model in MODELS:
        assert client.get(reverse(f"admin:games_{model}_changelist")).status_code == 200, model
    envelope = SealedEnvelope.objects.get()
    page = client.get(reverse("admin:games_sealedenvelope_change", args=[envelope.pk]))
    assert page.status_code == 200
    assert "sealed_move" not in page.content.decode()
    assert envelope.sealed_move  # kept, but not on the page
