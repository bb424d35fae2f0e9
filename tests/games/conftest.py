"""A real event for the games tests: the Chebanenko Memorial 2020 round 1, from a TWIC file."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.rules.records import read_pgn_file
from tests.factories import PlayerFactory, RoundFactory, TournamentFactory, UserFactory
from tournaments.models import Pairing, PairingSystem, TournamentRole

DATA = Path(__file__).resolve().parents[1] / "data" / "games"
TWIC = DATA / "twic-01-232games.pgn"
ROUND_ONE = DATA / "chebanenko-memorial-2020-round1.pgn"
VOLKOV_REGISTERED_AS = "Volkov, Sergey"
"""TWIC writes him ``Volkov,Sergey1``; the tournament registered him without the digit."""


def chebanenko_round_one() -> list[dict[str, str]]:
    return [
        record.headers
        for record in read_pgn_file(str(ROUND_ONE))
        if record.headers.get("Event") == "Chebanenko Memorial"
        and record.headers.get("Round", "").startswith("1.")
    ]


@pytest.fixture
def chebanenko(db):
    """The tournament with its ten players and round 1 paired as played (5 boards)."""
    tournament = TournamentFactory(
        name="Chebanenko Memorial",
        system=PairingSystem.ROUND_ROBIN,
        number_of_rounds=9,
        ruleset="classic",
        time_control="40/7200:1800",
    )
    round_one = RoundFactory(tournament=tournament, number=1)
    for headers in chebanenko_round_one():
        board = int(headers["Round"].split(".")[1])
        names = [headers["White"], headers["Black"]]
        names = [VOLKOV_REGISTERED_AS if n == "Volkov,Sergey1" else n for n in names]
        white, black = (PlayerFactory(tournament=tournament, name=name) for name in names)
        Pairing.objects.create(round=round_one, board=board, white=white, black=black)
    return tournament


@pytest.fixture
def arbiter(chebanenko):
    user = UserFactory(username="deputy")
    TournamentRole.objects.create(
        tournament=chebanenko, user=user, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    return user


@pytest.fixture
def chief(chebanenko):
    user = UserFactory(username="chief")
    TournamentRole.objects.create(
        tournament=chebanenko, user=user, role=TournamentRole.Role.CHIEF_ARBITER
    )
    return user
