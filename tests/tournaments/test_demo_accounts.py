"""`make run` gives a newcomer accounts to see the arbiters' pages; production never does."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tournaments.models import Tournament


@pytest.mark.django_db
def test_demo_accounts_open_the_arbiter_pages(client):
    call_command("load_demo", "--if-empty", stdout=StringIO())
    swiss = Tournament.objects.get(slug="demo-swiss")
    assert client.login(username="chief", password="chief-demo")
    assert client.get(reverse("tournaments:dashboard", args=[swiss.pk])).status_code == 200
    client.logout()
    assert client.login(username="deputy", password="deputy-demo")
    # A deputy enters results but does not manage the tournament's settings.
    assert client.get(reverse("tournaments:edit", args=[swiss.pk])).status_code == 403


@pytest.mark.django_db
def test_no_demo_accounts_in_production(settings):
    settings.PRODUCTION = True
    call_command("load_demo", "--if-empty", stdout=StringIO())
    assert Tournament.objects.count() == 2
    assert not get_user_model().objects.filter(username__in=["chief", "deputy"]).exists()
