"""The admin pages of the tournaments models answer, and results are read-only there."""

import pytest
from django.urls import reverse

from tests.factories import PairingFactory

pytestmark = pytest.mark.django_db

MODELS = ["tournament", "player", "absence", "round", "pairing", "resultchange", "tournamentlog"]


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_answers(admin_client, model):
    PairingFactory()
    assert admin_client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200


def test_a_boards_result_cannot_be_edited_in_the_admin(admin_client):
    pairing = PairingFactory()
    page = admin_client.get(reverse("admin:tournaments_pairing_change", args=[pairing.pk]))
    assert page.status_code == 200
    assert b'name="result"' not in page.content
    response = admin_client.get(reverse("admin:tournaments_resultchange_add"))
    assert response.status_code == 403
