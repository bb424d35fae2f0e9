"""A result corrected from the game page in a round a later round was paired on asks first
(L3, FIDE checklist F37) and is saved once the arbiter confirms.

Issue: the game page's correction turned the board's question into a refusal ("Round 5 was
paired on the result entered before…"), so the arbiter could not correct such a result from
the game page at all.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from games.services import create_game
from tests.tournaments.test_integrity_events import chief, held  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def test_the_game_page_asks_before_correcting_an_earlier_round(client, held, chief):  # noqa: F811
    board = held.rounds.get(number=4).pairings.get(board=1)  # Bruno – Stephan 1-0
    game = create_game(pairing=board, user=chief)
    client.force_login(chief)
    correction = {"result": "1/2-1/2", "reason": "scoresheets"}
    url = reverse("games:correct", args=[game.pk])

    asked = client.post(url, correction)
    assert asked.status_code == 409
    page = asked.content.decode()
    assert "Round 5 was paired on the result entered before" in page
    assert "Warning level L3: Confirm or cancel" in page
    assert 'name="confirm" value="confirm"' in page
    assert 'name="reason" value="scoresheets"' in page  # the correction, sent again unchanged
    board.refresh_from_db()
    assert board.result == "1-0"

    assert client.post(url, {**correction, "confirm": "confirm"}).status_code == 302
    board.refresh_from_db()
    assert board.result == "1/2-1/2"
    assert Game.objects.get(pk=game.pk).result == "1/2-1/2"
