"""The round page marks a result not rated, as the API can (FIDE checklist F36, Q185): a box
beside each board's result, kept in the audit trail, shown on the page and in the tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import ResultChange, Round, TournamentLog
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import export_trf
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    tournament = TournamentFactory(number_of_rounds=3)
    players = [PlayerFactory(tournament=tournament) for _ in range(4)]
    store_round(
        tournament,
        1,
        [(players[0], players[1]), (players[2], players[3])],
        [],
        paired_by=Round.PairedBy.MANUAL,
        status=Round.Status.PUBLISHED,
    )
    return tournament


@pytest.fixture
def chief(client):
    client.force_login(UserFactory(is_staff=True))
    return client


def board(tournament, number=1):
    return tournament.rounds.get(number=1).pairings.get(board=number)


def test_the_round_page_offers_the_box_per_board(chief, event):
    page = chief.get(reverse("tournaments:round", args=[event.pk, 1])).content.decode()
    assert page.count('name="unrated"') == 2


def test_a_result_entered_not_rated_is_stored_logged_and_exported_so(chief, event):
    url = reverse("tournaments:result", args=[event.pk, 1, 1])
    response = chief.post(url, {"result": "1-0", "unrated": "on"}, HTTP_HX_REQUEST="true")
    row = response.content.decode()
    assert "Saved: 1-0 (not rated)" in row
    assert 'name="unrated" value="1" class="unrated-box" checked' in row
    assert (board(event).result, board(event).unrated) == ("1-0", True)
    change = ResultChange.objects.get(pairing=board(event))
    assert (change.new_result, change.old_unrated, change.new_unrated) == ("1-0", False, True)
    cells = {p.start_rank: p.games[0].result for p in read_trf(export_trf(event)).players}
    assert (cells[1], cells[2]) == ("W", "L")


def test_clearing_the_mark_later_is_a_correction_with_a_reason(chief, event):
    url = reverse("tournaments:result", args=[event.pk, 1, 1])
    chief.post(url, {"result": "1-0", "unrated": "on"})
    refused = chief.post(url, {"result": "1-0"}, HTTP_HX_REQUEST="true").content.decode()
    assert "needs a reason" in refused
    assert board(event).unrated
    chief.post(url, {"result": "1-0", "reason": "two moves were played"})
    assert not board(event).unrated
    entry = event.log.filter(kind=TournamentLog.Kind.CORRECTION).get()
    assert entry.message.endswith("1-0 (not rated) → 1-0.")
    assert entry.reason == "two moves were played"
    changes = ResultChange.objects.filter(pairing=board(event)).order_by("pk")
    assert [(c.old_unrated, c.new_unrated) for c in changes] == [(False, True), (True, False)]


def test_a_confirmation_keeps_the_mark(chief, event):
    """A question asked on the row (here: a correction of an earlier round) carries the box
    into its Confirm button."""
    store_round(
        event,
        2,
        [tuple(event.players.order_by("start_rank")[:2])],
        [],
        paired_by=Round.PairedBy.MANUAL,
        status=Round.Status.PUBLISHED,
    )
    url = reverse("tournaments:result", args=[event.pk, 1, 1])
    chief.post(url, {"result": "1-0"})
    asked = chief.post(
        url, {"result": "0-1", "unrated": "on", "reason": "typo"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'name="confirm" value="confirm"' in asked
    assert '<input type="hidden" name="unrated" value="1">' in asked
    chief.post(url, {"result": "0-1", "unrated": "1", "reason": "typo", "confirm": "confirm"})
    assert (board(event).result, board(event).unrated) == ("0-1", True)


def test_the_crosstable_and_wall_chart_mark_games_not_rated(chief, event):
    chief.post(
        reverse("tournaments:result", args=[event.pk, 1, 1]), {"result": "1-0", "unrated": "on"}
    )
    chief.post(reverse("tournaments:result", args=[event.pk, 1, 2]), {"result": "1/2-0"})
    page = chief.get(reverse("tournaments:crosstable", args=[event.pk])).content.decode()
    assert "1*" in page and "0*" in page and "½*" in page
    assert "* not rated: the game is scored but does not count for rating" in page
