"""The same Idempotency-Key sent twice at once, from two threads with a connection each, in a
child process on the database ``DATABASE_URL`` names (an SQLite file, or PostgreSQL).

Run by ``test_idempotency_race.py``; prints one line of JSON with what each request got.
"""

from __future__ import annotations

import json
import os
import threading
from typing import Any

PAIRS = 10
WAIT = 0.2  # seconds the second request waits for the first reply before its 409


def main() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "arbiter.settings"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connections

    from tests.factories import UserFactory
    from tournaments.api.tokens import create_api_token
    from tournaments.models import PairingSystem
    from tournaments.services import create_tournament

    settings.IDEMPOTENCY_WAIT = WAIT
    call_command("migrate", verbosity=0)
    chief = UserFactory(username="race-chief")
    tournament = create_tournament(
        name="Race", system=PairingSystem.SWISS, number_of_rounds=5, user=chief
    )
    key = create_api_token(tournament, name="race", scope="pairing", user=chief)[1]
    connections.close_all()
    url = f"/api/v1/tournaments/{tournament.slug}/players/"
    # A first use of the token notes it (a write); done here, not by the held requests:
    # on SQLite a write waits for the held write's lock.
    _client(key).get(url)
    report = {
        "held": _held_write(url, key),
        "free": [_pair(url, key, f"free-{n}", f"Free, {n}") for n in range(PAIRS)],
        "players": {
            name: tournament.players.filter(name=name).count()
            for name in ["Held, Hal", *(f"Free, {n}" for n in range(PAIRS))]
        },
    }
    print(json.dumps(report))


def _client(key: str) -> Any:
    from rest_framework.test import APIClient

    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _send(url: str, key: str, idempotency_key: str, name: str) -> dict[str, Any]:
    from django.db import connections

    client = _client(key)
    try:
        response = client.post(
            url, {"name": name}, format="json", HTTP_IDEMPOTENCY_KEY=idempotency_key
        )
        return {
            "status": response.status_code,
            "retry_after": response.get("Retry-After"),
            "replayed": response.get("Idempotent-Replayed") == "true",
            "code": response.json().get("code") if response.status_code >= 400 else None,
        }
    finally:
        connections.close_all()


def _together(*calls: Any) -> list[dict[str, Any]]:
    """Run the calls in threads started at the same moment; their replies in order."""
    start = threading.Barrier(len(calls))
    replies: list[dict[str, Any]] = [{} for _ in calls]

    def run(index: int) -> None:
        start.wait()
        replies[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return replies


def _pair(url: str, key: str, idempotency_key: str, name: str) -> list[dict[str, Any]]:
    return _together(*[lambda: _send(url, key, idempotency_key, name)] * 2)


def _held_write(url: str, key: str) -> dict[str, Any]:
    """The first request is held inside its write; the second is sent with the same key
    meanwhile, and the first is let go once the second has its reply. Then the key is sent
    a third time."""
    from tournaments.api.views import players

    real_add_player = players.add_player
    writes: list[int] = []
    writing, answered = threading.Event(), threading.Event()

    def held_add_player(*args: Any, **kwargs: Any) -> Any:
        writes.append(threading.get_ident())
        if len(writes) == 1:
            writing.set()
            answered.wait(timeout=60)
        return real_add_player(*args, **kwargs)

    def first() -> dict[str, Any]:
        try:
            return _send(url, key, "held", "Held, Hal")
        finally:
            writing.set()  # never leave the second waiting

    def second() -> dict[str, Any]:
        writing.wait(timeout=60)
        try:
            return _send(url, key, "held", "Held, Hal")
        finally:
            answered.set()

    players.add_player = held_add_player
    try:
        replies = _together(first, second)
    finally:
        players.add_player = real_add_player
    return {
        "replies": replies,
        "writes": len(writes),
        "third": _send(url, key, "held", "Held, Hal"),
    }


if __name__ == "__main__":
    main()
