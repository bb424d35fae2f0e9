"""The web login is throttled by account and by address, through Django's cache.

Issue: 30 wrong passwords, then the right one, were all accepted.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"


@pytest.fixture(autouse=True)
def _fresh_cache(settings) -> Iterator[None]:
    # Dozens of logins: a fast hasher keeps the test quick (the limits are what is tested).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    cache.clear()
    yield
    cache.clear()


def _login(client: Client, username: str, password: str, address: str = "192.0.2.1") -> str:
    response = client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )
    return "ok" if response.status_code == 302 else response.content.decode()


def test_an_account_is_locked_after_five_failures_even_for_the_right_password():
    UserFactory(username="chief")
    client = Client()
    for _ in range(5):
        assert "Please enter a correct username and password" in _login(client, "chief", "nope")
    refused = _login(client, "chief", PASSWORD)
    assert "Too many failed logins for this account or from this address." in refused
    assert "_auth_user_id" not in client.session
    # From another address too: the account is what is guarded.
    assert "Too many failed logins" in _login(Client(), "CHIEF", PASSWORD, "198.51.100.7")
    cache.clear()  # the window has passed
    assert _login(client, "chief", PASSWORD) == "ok"


def test_an_address_is_locked_after_twenty_failures_over_any_accounts():
    UserFactory(username="deputy")
    client = Client()
    for number in range(20):
        _login(client, f"guess{number}", "nope")
    assert "Too many failed logins" in _login(client, "deputy", PASSWORD)
    assert _login(Client(), "deputy", PASSWORD, "203.0.113.9") == "ok"


def test_a_successful_login_clears_the_accounts_failures():
    UserFactory(username="viewer")
    client = Client()
    for _ in range(4):
        _login(client, "viewer", "nope")
    assert _login(client, "viewer", PASSWORD) == "ok"
    for _ in range(4):
        _login(Client(), "viewer", "nope")
    assert _login(Client(), "viewer", PASSWORD) == "ok"


def test_the_admin_login_is_throttled_too():
    UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    for _ in range(5):
        client.post("/admin/login/", {"username": "root", "password": "nope"})
    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 200
    assert "Too many failed logins" in response.content.decode()
