"""The tournament's page form shows every setting it saves, so posting it back keeps them.

Issue: the edit page did not render the acceleration, so saving any change of a Baku event
posted it blank: outside FIDE mode Baku was silently removed, in FIDE mode every save was
refused. The new-tournament page could not set it at all.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory, UserFactory
from tests.html_forms import form_values
from tournaments.models import Tournament, TournamentRole
from tournaments.views.forms import TournamentForm

pytestmark = pytest.mark.django_db


def test_every_field_the_form_saves_is_on_the_page():
    shown = {name for _legend, names in TournamentForm.FIELDSETS for name in names}
    assert set(TournamentForm.base_fields) - shown == set()


@pytest.mark.parametrize("fide_mode", [True, False])
def test_saving_the_edit_page_keeps_baku_acceleration(client, fide_mode):
    tournament = TournamentFactory(acceleration="baku", number_of_rounds=9, fide_mode=fide_mode)
    chief = UserFactory()
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client.force_login(chief)
    edit = reverse("tournaments:edit", kwargs={"tournament_id": tournament.pk})
    shown = form_values(client.get(edit).content.decode(), containing="name")
    assert shown["acceleration"] == ["baku"]
    assert client.post(edit, {**shown, "place": ["Baku"]}).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.place, tournament.acceleration) == ("Baku", "baku")


def test_a_new_swiss_is_made_with_baku_acceleration_from_the_page(client):
    client.force_login(UserFactory(is_staff=True))
    create = reverse("tournaments:create")
    shown = form_values(client.get(create).content.decode(), containing="name")
    assert "baku" in client.get(create).content.decode()
    shown.update(
        name=["Baku Open"], system=["swiss"], number_of_rounds=["9"], acceleration=["baku"]
    )
    response = client.post(create, shown)
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert Tournament.objects.get(name="Baku Open").acceleration == "baku"


def test_the_files_virtual_points_are_offered_only_where_a_file_brought_them():
    assert "file" not in dict(TournamentForm().fields["acceleration"].choices)
    imported = TournamentFactory(acceleration="file", virtual_points={"1": [1.0, 1.0]})
    assert "file" in dict(TournamentForm(instance=imported).fields["acceleration"].choices)
