"""The check report page of a 10,000-game upload: milliseconds and bytes per page.

Measured in one run on a fresh SQLite file, through Django's test client as the event's
arbiter (best of three renders each): the first page, a page in the middle and the games to
look at, against the baseline of reading the file's games once (what a page that lists
every game must do at least). The upload's kept results are those of checking TWIC's 232
games, repeated as checking the repeated file gives them.

Run: ``python -m bench checkgames_report`` or ``python -m bench.checkgames_report --copies 100``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench import summary
from bench._timing import best_answer, expect
from bench.standings_queries import _best, _setup_django

TWIC = Path(__file__).resolve().parent.parent / "tests" / "data" / "games" / "twic-01-232games.pgn"


def _upload(copies: int):
    from django.contrib.auth import get_user_model

    from games.services import upload_pgn
    from games.services.imports import upload_digest
    from tournaments.models import PairingSystem, Tournament

    tournament = Tournament.objects.create(
        name="Bench season", slug="bench-season", system=PairingSystem.SWISS, number_of_rounds=9
    )
    block = TWIC.read_text("utf-8").strip() + "\n\n"
    user = get_user_model().objects.create(username="bench", is_staff=True)
    stored = upload_pgn(
        tournament, text=block, file_name="season.pgn", round_number=None, user=user
    )
    one = stored.checks
    stored.text = block * copies
    stored.checks = [
        {**result, "number": copy * len(one) + result["number"]}
        for copy in range(copies)
        for result in one
    ]
    stored.games = len(stored.checks)
    stored.checked_digest = upload_digest(stored)
    stored.save()
    return stored, user


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--copies", type=int, default=44, help="copies of TWIC (44: 10,208 games)")
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.test import Client
        from django.urls import reverse

        from games.services.imports import _records

        stored, user = _upload(options.copies)
        client = Client()
        client.force_login(user)
        _, baseline = _best(lambda: sum(1 for _ in _records(stored.text)))
        print(f"{stored.games} games; baseline (read the games once): {baseline * 1000:.0f} ms")
        url = reverse("games:upload_report", args=[stored.tournament_id, stored.pk])
        middle = stored.games // 100
        for label, query in (
            ("first page", ""),
            (f"page {middle}", f"?page={middle}"),
            ("games to look at", "?show=problems"),
        ):
            response = expect(f"GET {label}", client.get(url + query))
            _, seconds = best_answer(3, lambda query=query: client.get(url + query), label)
            print(
                f"{label}: {seconds * 1000:.0f} ms ({seconds / baseline:.2f}x the baseline), "
                f"{len(response.content) / 1000:.0f} KB"
            )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
