"""The web login is throttled by address and by account-and-address, through Django's cache.

Issues: 30 wrong passwords, then the right one, were all accepted; then five wrong
passwords from anywhere locked the account's owner out.
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


class Clock:
    """The login throttle's clock, moved by hand: the delays are checked, never slept."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr("arbiter.login._now", clock)
    return clock


def test_guessing_from_anywhere_never_locks_the_owner_out():
    # Issue: five wrong passwords from anywhere locked the chief arbiter out for 15 minutes,
    # the right password included.
    UserFactory(username="chief")
    for number in range(30):
        _login(Client(), "chief", "nope", f"198.51.100.{number}")
    assert _login(Client(), "chief", PASSWORD, "192.0.2.1") == "ok"


def test_an_address_that_guesses_waits_longer_after_each_failure(clock):
    UserFactory(username="chief")
    client = Client()
    for _ in range(5):  # LOGIN_FREE_FAILURES: a fumbling owner is not slowed
        assert "Please enter a correct username and password" in _login(client, "chief", "no")
    for delay in (1, 2, 4, 8):
        assert "Please enter a correct username and password" in _login(client, "chief", "no")
        refused = _login(client, "chief", PASSWORD)  # unchecked while it waits
        plural = "second" if delay == 1 else "seconds"
        assert f"Wait {delay} {plural}, then try again." in refused
        assert "_auth_user_id" not in client.session
        clock.now += delay
    # Meanwhile the owner, from an address that has not failed, logs in.
    assert _login(Client(), "chief", PASSWORD, "203.0.113.5") == "ok"
    assert _login(client, "chief", PASSWORD) == "ok"


def test_the_delay_stops_at_its_ceiling(clock, settings):
    settings.LOGIN_FREE_FAILURES, settings.LOGIN_MAX_DELAY = 0, 3
    settings.LOGIN_FAILURES_PER_ACCOUNT = 100
    UserFactory(username="chief")
    client = Client()
    for _ in range(6):
        _login(client, "chief", "no")
        clock.now += 3
    _login(client, "chief", "no")
    assert "Wait 3 seconds" in _login(client, "chief", PASSWORD)


def test_an_account_guessed_at_from_many_addresses_slows_every_new_address(clock):
    UserFactory(username="chief")
    for number in range(6):  # more than LOGIN_FAILURES_PER_ACCOUNT
        _login(Client(), "chief", "nope", f"198.51.100.{number}")
    # A new address pays the delay from its first failure.
    client = Client()
    _login(client, "chief", "nope", "198.51.100.99")
    assert "Wait 1 second" in _login(client, "chief", PASSWORD, "198.51.100.99")
    # Never the owner at an address that has not failed.
    assert _login(Client(), "chief", PASSWORD, "192.0.2.1") == "ok"


def test_an_address_over_twenty_failures_refuses_guesses_not_the_right_password():
    # Issue: behind one NAT address a guesser's 20 failures locked the whole hall out, the
    # chief arbiter's right password included.
    UserFactory(username="deputy")
    client = Client()
    for number in range(20):
        _login(client, f"guess{number}", "nope")
    assert "Too many failed logins from this address" in _login(client, "deputy", "nope")
    assert "Too many failed logins from this address" in _login(client, "guess21", "nope")
    assert _login(client, "deputy", PASSWORD) == "ok"
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


def test_the_admin_login_is_throttled_too(clock):
    UserFactory(username="root", is_staff=True, is_superuser=True)
    client = Client()
    for _ in range(6):
        client.post("/admin/login/", {"username": "root", "password": "nope"})
    response = client.post("/admin/login/", {"username": "root", "password": PASSWORD})
    assert response.status_code == 200
    assert "Too many failed logins" in response.content.decode()
