"""The REST API's cost over the selectors it calls, on a 1,000-player, 11-round Swiss.

Measured in one run, on a fresh SQLite file (best of three runs each):

* standings: ``GET /api/v1/tournaments/<slug>/standings/`` (authentication, the permission
  check, JSON rendering) against the baseline ``tournament_standings`` called directly;
* TRF: ``GET …/trf/`` against ``export_trf`` called directly;
* a round's results: one batch ``POST …/rounds/<n>/results/`` of every board (one
  transaction), against the same results entered with ``record_result`` board by board, each
  committed on its own as a client posting board by board gets them.

Run: ``python -m bench api`` or ``python -m bench.api --players 400``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from typing import Any

from bench import summary
from bench._timing import best_answer, expect
from bench.standings_queries import _best, _build, _setup_django


def _once(function: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from django.contrib.auth import get_user_model
        from django.test import Client

        from tournaments.api.tokens import create_api_token
        from tournaments.models import EntrySource, Pairing, Result, TournamentRole
        from tournaments.selectors import tournament_standings
        from tournaments.services import record_result
        from tournaments.services.trf_exchange import export_trf

        tournament = _build(options.players, options.rounds)
        tournament.tiebreaks = ["BH/C1", "BH", "SB", "PS", "ARO"]
        tournament.save()
        # A token does what its creator's role allows: the chief arbiter's, as on the tokens
        # page (one made by nobody may do nothing, and every write would answer 403).
        chief = get_user_model().objects.create_user("bench-chief")
        TournamentRole.objects.create(
            tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
        )
        key = create_api_token(tournament, name="bench", scope="pairing", user=chief)[1]
        client = Client(HTTP_AUTHORIZATION=f"Token {key}")
        url = f"/api/v1/tournaments/{tournament.slug}/"
        print(f"{options.players} players, {options.rounds} rounds")

        _, api = best_answer(3, lambda: client.get(f"{url}standings/"), "API standings")
        _, direct = _best(lambda: tournament_standings(tournament))
        print(f"standings: API {api:.2f} s, selector {direct:.2f} s, ratio {api / direct:.2f}")

        _, api = best_answer(3, lambda: client.get(f"{url}trf/"), "API TRF")
        _, direct = _best(lambda: export_trf(tournament))
        print(f"TRF: API {api:.2f} s, export_trf {direct:.2f} s, ratio {api / direct:.2f}")

        last = tournament.rounds.get(number=options.rounds)
        games = list(last.pairings.filter(black__isnull=False).order_by("board"))
        Pairing.objects.filter(pk__in=[p.pk for p in games]).update(result=Result.NOT_PLAYED)
        last.status = "published"
        last.save()
        batch = {"results": [{"board": p.board, "result": "1-0"} for p in games]}
        answer, api = _once(
            lambda: client.post(f"{url}rounds/{last.number}/results/", batch, "application/json")
        )
        expect("API results batch", answer)
        entered = Pairing.objects.filter(pk__in=[p.pk for p in games], result="1-0").count()
        if entered != len(games):
            raise SystemExit(f"ERROR: the batch entered {entered} results of {len(games)}")
        Pairing.objects.filter(pk__in=[p.pk for p in games]).update(result=Result.NOT_PLAYED)
        _, direct = _once(
            lambda: [record_result(p, "1-0", source=EntrySource.API, user=None) for p in games]
        )
        print(
            f"{len(games)} results: API batch {api:.2f} s, record_result loop {direct:.2f} s, "
            f"ratio {api / direct:.2f}"
        )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
