"""`make run` gives a newcomer accounts to see the arbiters' pages; production never does."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments.models import Tournament


@pytest.mark.slow  # each of the three loads the demo events
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


@pytest.mark.slow
@pytest.mark.django_db
def test_no_demo_accounts_in_production(settings):
    settings.PRODUCTION = True
    call_command("load_demo", "--if-empty", stdout=StringIO())
    assert Tournament.objects.count() == 3
    assert not get_user_model().objects.filter(username__in=["chief", "deputy"]).exists()


@pytest.mark.slow
@pytest.mark.django_db
def test_the_demo_chief_arbiter_creates_and_imports_tournaments(client):
    call_command("load_demo", "--if-empty", stdout=StringIO())
    assert client.login(username="chief", password="chief-demo")
    home = client.get(reverse("tournaments:home")).content.decode()
    assert reverse("tournaments:create") in home
    assert client.get(reverse("tournaments:create")).status_code == 200
    assert client.get(reverse("tournaments:import_trf")).status_code == 200
    client.logout()
    # The deputy runs no events of his own.
    assert client.login(username="deputy", password="deputy-demo")
    assert client.get(reverse("tournaments:create")).status_code == 403


@pytest.mark.django_db
def test_organiser_command_lets_an_account_create_tournaments(client):
    out = StringIO()
    call_command("organiser", "wang", "--password", "a long passphrase 7", stdout=out)
    assert "wang" in out.getvalue()
    assert client.login(username="wang", password="a long passphrase 7")
    assert client.get(reverse("tournaments:create")).status_code == 200
    # An existing account keeps its password and gains the permission.
    get_user_model().objects.create_user("li", password="li's own password")
    call_command("organiser", "li", stdout=StringIO())
    assert client.login(username="li", password="li's own password")
    assert client.get(reverse("tournaments:import_trf")).status_code == 200
    call_command("organiser", "li", "--remove", stdout=StringIO())
    assert client.get(reverse("tournaments:create")).status_code == 403


@pytest.mark.django_db
def test_organiser_command_without_a_terminal_names_the_option_to_pass(monkeypatch):
    """Issue: run from a script (no terminal), a new account's password prompt ended in an
    EOFError traceback. The command says to pass --password, and creates nothing."""
    monkeypatch.setattr("sys.stdin", StringIO(""))
    with pytest.raises(CommandError) as refused:
        call_command("organiser", "zhao", stdout=StringIO())
    assert refused.value.returncode == 2
    assert "no terminal to ask for the new account's password" in str(refused.value)
    assert "--password" in str(refused.value)
    assert not get_user_model().objects.filter(username="zhao").exists()
