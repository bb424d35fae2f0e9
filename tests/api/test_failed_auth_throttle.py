"""Failed authentications are throttled per account and address, and per address only as a
back-stop that never refuses valid credentials: behind one NAT address a guesser must not
lock a whole hall out (issue: once the address had failed 20 times, the chief arbiter's
valid token and password from it were refused 429 too)."""

from __future__ import annotations

import base64
from typing import Any

from rest_framework.test import APIClient

from tournaments.models import Tournament

from .conftest import PASSWORD, SCOPES

READ = SCOPES[0]
HALL = "198.51.100.20"  # one NAT address for everyone in the playing hall


def _basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def _get(url: str, authorization: str, address: str = HALL) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=authorization)
    return client.get(url, REMOTE_ADDR=address).status_code


def _state(tournament: Tournament) -> str:
    return f"/api/v1/tournaments/{tournament.slug}/state/"


def test_guessed_tokens_do_not_lock_out_a_valid_token_or_password_from_the_same_address(
    numbered: Tournament, token_for: Any, chief: Any, settings: Any
) -> None:
    settings.API_FAILED_AUTH_RATE = settings.API_FAILED_AUTH_ADDRESS_RATE = "5/min"
    url = _state(numbered)
    guesses = [_get(url, f"Token arb_{n:016d}_guess") for n in range(6)]
    assert guesses == [401] * 5 + [429]  # the guesser is told to stop
    assert _get(url, f"Token {token_for(READ)}") == 200
    assert _get(url, _basic("chief", PASSWORD)) == 200
    # A wrong one from that address is refused 429 now, not checked as a new guess.
    assert _get(url, "Token arb_9999999999999999_guess") == 429


def test_a_password_guesser_locks_out_only_the_account_he_guesses_from_his_address(
    numbered: Tournament, chief: Any, settings: Any
) -> None:
    settings.API_FAILED_AUTH_RATE = "3/min"
    url = _state(numbered)
    assert [_get(url, _basic("deputy", f"guess {n}")) for n in range(4)] == [401] * 3 + [429]
    # The chief arbiter, from the same address, with his password.
    assert _get(url, _basic("chief", PASSWORD)) == 200
    # The guessed account from that address is refused unchecked, the right password included:
    # guessing it stops there; from another address it is the owner's.
    assert [_get(url, _basic("chief", f"guess {n}")) for n in range(3)] == [401] * 3
    assert _get(url, _basic("chief", PASSWORD)) == 429
    assert _get(url, _basic("chief", PASSWORD), address="192.0.2.7") == 200


def test_a_password_guesser_spraying_accounts_is_stopped_per_address_not_the_owner(
    numbered: Tournament, chief: Any, settings: Any
) -> None:
    settings.API_FAILED_AUTH_RATE = settings.API_FAILED_AUTH_ADDRESS_RATE = "4/min"
    url = _state(numbered)
    sprayed = [_get(url, _basic(f"user{n}", "guess")) for n in range(5)]
    assert sprayed == [401] * 4 + [429]
    assert _get(url, _basic("chief", PASSWORD)) == 200
