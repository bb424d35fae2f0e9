"""The dashboard's status at a glance, on Held's C.07 round robin (six players, five rounds
of three games, one of them a forfeit) imported from its TRF file."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Round
from tournaments.overview import tournament_status
from tournaments.services import adjourn_game
from tournaments.services.trf_exchange import import_trf

DATA = Path(__file__).parent.parent / "data" / "ui"

pytestmark = pytest.mark.django_db


@pytest.fixture
def held():
    return import_trf((DATA / "held_round_robin.trf").read_bytes())


def test_a_finished_round_robin_has_nothing_running_or_pending(held):
    status = tournament_status(held)
    assert (status.players, status.active_players, status.next_round) == (6, 6, 6)
    assert [(s.round.number, s.boards, s.decided, s.adjourned) for s in status.rounds] == [
        (number, 3, 3, 0) for number in range(1, 6)
    ]
    assert list(status.running) == list(status.adjourned) == list(status.pending_incidents) == []


def test_an_adjourned_game_shows_as_adjourned_not_decided(held):
    Round.objects.filter(tournament=held, number=5).update(status=Round.Status.PUBLISHED)
    board = Round.objects.get(tournament=held, number=5).pairings.get(board=1)
    adjourn_game(board, user=None, reason="session over")
    with CaptureQueriesContext(connection) as queries:
        status = tournament_status(held)
        summary = status.rounds[-1]
        adjourned = list(status.adjourned)
    assert (summary.decided, summary.adjourned) == (2, 1)
    assert [(p.round.number, p.board) for p in adjourned] == [(5, 1)]
    assert len(queries.captured_queries) == 3  # rounds, players, adjourned boards
