"""Run in a child process by ``tests/test_sqlite_writers.py``: the writers of a team event
at once on an SQLite file configured as ``make run`` configures it. Prints what was lost
and what failed other than by a refusal, as JSON."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from functools import partial
from typing import Any

RACES = 8


def main() -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "arbiter.settings"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    from tournaments.models import Pairing, Player, Result, ResultChange
    from tournaments.services import (
        TournamentError,
        add_player,
        create_team,
        create_tournament,
        generate_round_robin_round,
        number_teams,
        publish_round,
        record_result,
        set_lineup,
        set_roster,
    )

    call_command("migrate", verbosity=0)
    event = create_tournament(
        name="Hall", system="round_robin", number_of_rounds=3, boards_per_match=2
    )
    for index in range(4):
        team = create_team(event, name=f"Team {index}")
        roster = [
            Player.objects.create(tournament=event, name=f"P{index}{b}", rating_standard=2000 - b)
            for b in range(3)
        ]
        set_roster(team, roster)
    number_teams(event)
    round_ = generate_round_robin_round(event)
    publish_round(round_)
    match = round_.matches.get(table=1)
    for team in (match.team_a, match.team_b):
        set_lineup(match, team, list(team.roster.order_by("board_order"))[:2])
    connections.close_all()
    failures: list[str] = []
    lost: list[str] = []

    def race(*calls: Callable[[], Any]) -> list[Any]:
        """Each call's value, or the refusal (a TournamentError) it raised."""
        start = threading.Barrier(len(calls))
        answers: list[Any] = [None] * len(calls)

        def run(index: int) -> None:
            start.wait()
            try:
                answers[index] = calls[index]()
            except TournamentError as refusal:
                answers[index] = refusal
            except Exception as error:  # a 500 on a page or the API
                failures.append(f"{type(error).__name__}: {error}")
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return answers

    team_a, team_b = match.team_a, match.team_b
    reserve_lineups = [team_a.roster.order_by("board_order")[i] for i in (0, 2)]
    lineups = [list(team_a.roster.order_by("board_order"))[:2], reserve_lineups]
    for number in range(RACES):
        ResultChange.objects.filter(pairing__match=match).delete()
        Pairing.objects.filter(match=match).update(result=Result.NOT_PLAYED)
        board = Pairing.objects.get(round=round_, board=1)
        result, _ = race(
            lambda board=board: record_result(board, "1-0", source="hand", user=None),
            lambda n=number: set_lineup(match, team_a, lineups[n % 2]),
        )
        if (
            isinstance(result, Pairing)
            and not Pairing.objects.filter(round=round_, board=1, result=Result.WHITE_WINS).exists()
        ):
            lost.append(f"result {number}")

    for number in range(RACES):
        free = Player.objects.create(tournament=event, name=f"Free {number}")
        first, second = ([*team.roster.order_by("board_order"), free] for team in (team_a, team_b))
        one, two = race(partial(set_roster, team_a, first), partial(set_roster, team_b, second))
        free.refresh_from_db()
        taken = [t for t, answer in ((team_a, one), (team_b, two)) if isinstance(answer, list)]
        if len(taken) != 1 or free.team_id != taken[0].pk:
            lost.append(f"roster {number}: {taken}")

    for number in range(RACES):
        race(*(partial(add_player, event, name=f"Late {number}-{i}") for i in range(3)))
    ranks = sorted(event.players.values_list("start_rank", flat=True))
    if ranks != list(range(1, len(ranks) + 1)):
        lost.append(f"ranks {ranks}")
    print(json.dumps({"failures": failures, "lost": lost}))
