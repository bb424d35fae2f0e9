"""Standings of a 1,000-player, 11-round Swiss from the database: seconds and SQL queries.

Measured in one run, on a fresh SQLite file:

* the first standings read of the process, which also imports numpy and makes the values
  the next reads share;
* the database path: ``tournament_standings`` with five tie-breaks (BH/C1, BH, SB, PS, ARO),
  computed in columns (its queries counted), best of three;
* the same standings computed on the sheet (``sheet_and_standings``: the sheet's objects
  built and ranked, as the crosstable and the reports do), timed by turns with it;
* the query count of a 100-player event of the same length, to show it does not grow;
* the floor: reading the event's pairing rows alone (the standings' own query), against
  which the whole uncached standings are a ratio (the target: at most 2); the two are timed
  by turns, best of fifteen each, so that the machine's load weighs on both.

Run: ``python -m bench standings_queries`` or ``python -m bench.standings_queries --players 2000``.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from bench import summary

TIEBREAKS = ["BH/C1", "BH", "SB", "PS", "ARO"]


def _setup_django(directory: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(directory) / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _build(players: int, rounds: int, seed: int = 11):
    """A Swiss-shaped event: each round pairs neighbours of a rotating order, seeded results,
    one pairing-allocated bye when the field is odd, a forfeit every fifty boards."""
    from tournaments.models import ByeKind, Pairing, PairingSystem, Player, Round, Tournament

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name=f"Bench {players}x{rounds}",
        slug=f"bench-{players}-{rounds}",
        system=PairingSystem.SWISS,
        number_of_rounds=rounds,
        unrated_rating=1000,
    )
    field = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            name=f"Player {rank:04d}",
            start_rank=rank,
            rating_standard=2700 - rank * 1200 // players,
        )
        for rank in range(1, players + 1)
    )
    results = ["1-0", "1/2-1/2", "0-1"]
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, paired_by=Round.PairedBy.IMPORT, status="finished"
        )
        step = 2 * number - 1
        order = field[step % players :] + field[: step % players]
        boards = []
        for board, index in enumerate(range(0, players - 1, 2), start=1):
            white, black = order[index : index + 2]
            if number % 2:
                white, black = black, white
            result = "+/-" if board % 50 == 0 else rng.choice(results)
            boards.append(
                Pairing(round=round_, board=board, white=white, black=black, result=result)
            )
        if players % 2:
            boards.append(
                Pairing(
                    round=round_,
                    board=len(boards) + 1,
                    white=order[-1],
                    bye=ByeKind.PAIRING_ALLOCATED,
                )
            )
        Pairing.objects.bulk_create(boards)
    return tournament


REPEAT = 3


def _best(function):
    """The function's result and its best time of ``REPEAT`` runs."""
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return result, min(times)


def _alternating(first, second, repeat: int = 15):
    """The best times of two tasks run by turns: on a shared machine, a burst of load
    slows both alike, so their ratio holds."""
    first_times, second_times = [], []
    for _ in range(repeat):
        for task, times in ((first, first_times), (second, second_times)):
            start = time.perf_counter()
            task()
            times.append(time.perf_counter() - start)
    return min(first_times), min(second_times)


def _measure(tournament):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.selectors import tournament_standings

    with CaptureQueriesContext(connection) as queries:
        tournament_standings(tournament, tiebreaks=TIEBREAKS)
    standings, seconds = _best(lambda: tournament_standings(tournament, tiebreaks=TIEBREAKS))
    return standings, seconds, len(queries.captured_queries)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    options = parser.parse_args(argv if argv is not None else [])
    with tempfile.TemporaryDirectory() as directory:
        _setup_django(directory)
        from tournaments.selectors import sheet_and_standings, tournament_standings

        start = time.perf_counter()
        big = _build(options.players, options.rounds)
        small = _build(100, options.rounds)
        print(
            f"built {options.players}x{options.rounds} and 100x{options.rounds} "
            f"in {time.perf_counter() - start:.1f} s"
        )
        start = time.perf_counter()
        tournament_standings(big, tiebreaks=TIEBREAKS)
        first = time.perf_counter() - start

        standings, seconds, queries = _measure(big)
        _, small_seconds, small_queries = _measure(small)
        print(f"tie-breaks: {', '.join(TIEBREAKS)}")
        print(f"first read of the process (numpy imported, values made): {first * 1000:.1f} ms")
        for players, took, count in [
            (options.players, seconds, queries),
            (100, small_seconds, small_queries),
        ]:
            print(
                f"{players} players, {options.rounds} rounds: {took * 1000:.1f} ms, "
                f"{count} SQL queries"
            )
        in_columns, on_sheet = _alternating(
            lambda: tournament_standings(big, tiebreaks=TIEBREAKS),
            lambda: sheet_and_standings(big, tiebreaks=TIEBREAKS),
            repeat=5,
        )
        print(
            f"computed in columns {in_columns * 1000:.1f} ms; on the sheet "
            f"{on_sheet * 1000:.1f} ms; columns / sheet = {in_columns / on_sheet:.2f}"
        )
        uncached, rows = _alternating(
            lambda: tournament_standings(big, tiebreaks=TIEBREAKS),
            lambda: list(_pairing_rows(big)),
        )
        print(
            f"reading the pairing rows alone: {rows * 1000:.1f} ms; uncached standings "
            f"{uncached * 1000:.1f} ms; standings / pairing rows = {uncached / rows:.2f} "
            "(target: at most 2)"
        )
        print(f"leader: {standings.rows[0].name} with {standings.rows[0].points_display} points")


def _pairing_rows(tournament):
    """The rows the standings are computed from, read as the standings read them (the same
    query), and nothing else."""
    from tournaments.models import Pairing
    from tournaments.selectors import STANDINGS_BOARD_COLUMNS

    return Pairing.objects.filter(round__tournament=tournament).values_list(
        *STANDINGS_BOARD_COLUMNS
    )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
