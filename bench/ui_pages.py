"""The arbiters' pages of a 1,000-player, 11-round Swiss: milliseconds and SQL queries per page.

Measured in one run on a fresh SQLite file (best of three renders each), through Django's test
client as a staff user, so that middleware, permissions and templates are all counted:

* the round page with its 500 boards and result controls, the dashboard, the tournament
  page (1,000 players), a player's card (11 rounds, rating change);
* the baseline: reading the round's 500 boards with their players from the database alone,
  so each ratio is what the page adds to the bare read;
* the same pages for a 100-player event, to show the query count does not grow with the field.

Run: ``python -m bench ui_pages`` or ``python -m bench.ui_pages --players 2000``.
"""

from __future__ import annotations

import argparse
import tempfile

from bench import summary
from bench._timing import best_answer, expect
from bench.standings_queries import _best, _build, _setup_django


def _pages(tournament) -> dict[str, str]:
    from django.urls import reverse

    player = tournament.players.order_by("start_rank").first()
    ids = {"tournament_id": tournament.pk}
    return {
        "round page": reverse("tournaments:round", kwargs={**ids, "number": 11}),
        "dashboard": reverse("tournaments:dashboard", kwargs=ids),
        "tournament page": reverse("tournaments:tournament", kwargs=ids),
        "player card": reverse("tournaments:player", kwargs={**ids, "player_id": player.pk}),
    }


def _measure(client, path: str) -> tuple[float, int]:
    from django.db import connection

    queries = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        expect(f"GET {path}", client.get(path))
    _, seconds = best_answer(3, lambda: client.get(path), f"GET {path}")
    return seconds, len(queries)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.contrib.auth import get_user_model
        from django.test import Client

        from tournaments.models import Round

        big = _build(options.players, options.rounds)
        small = _build(100, options.rounds)
        Round.objects.update(status=Round.Status.PUBLISHED)
        client = Client()
        client.force_login(get_user_model().objects.create(username="bench", is_staff=True))

        last_round = Round.objects.get(tournament=big, number=options.rounds)
        _, baseline = _best(
            lambda: list(last_round.pairings.select_related("white", "black").order_by("board"))
        )
        print(f"baseline (read {last_round.pairings.count()} boards): {baseline * 1000:.1f} ms")
        small_pages = _pages(small)
        for name, path in _pages(big).items():
            seconds, queries = _measure(client, path)
            _, small_queries = _measure(client, small_pages[name])
            print(
                f"{name}: {seconds * 1000:.1f} ms, {queries} SQL queries "
                f"(100 players: {small_queries}); page / baseline = {seconds / baseline:.1f}"
            )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
