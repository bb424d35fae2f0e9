"""Clock readings survive every change of a game's moves that leaves their moves in place.

Issue: saving moves on a game with clock times deleted every reading (30 plies with clocks,
one move added: 31 moves, 0 clocks; the PGN lost every ``[%clk]``), and the resumption of an
adjourned game set all its readings to NULL. A reading belongs to the move it was taken after;
it goes only with a move that changes or goes, and only when the arbiter confirms.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game, GameChange, Incident
from games.pgn_export import export_pgn
from games.services import ReadingsWouldBeLost, create_game, save_moves
from tests.games.test_pages import FISCHER_12, RESUMED_ON_TIME, apply, rule, seal
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

MOVES = FISCHER_12.split()
"""Fischer–Spassky 1972 game 6, moves 1-12 (24 plies)."""


def readings(plies: int) -> dict[int, tuple[float, float]]:
    """Readings as a DGT board writes them under 40/7200:1800: each side 50 s a move."""
    return {ply: (7200.0 - 50 * ((ply + 1) // 2), 50.0) for ply in range(1, plies + 1)}


@pytest.fixture
def timed_game(chebanenko):
    """Board 1's game, 24 plies recorded with a reading each."""
    pairing = Pairing.objects.get(round__tournament=chebanenko, board=1)
    game = create_game(pairing=pairing, user=None)
    return save_moves(game, MOVES, user=None, clocks=readings(len(MOVES)))


def stored_readings(game: Game) -> dict[int, tuple[float | None, float | None]]:
    return {move.ply: (move.clock, move.elapsed) for move in game.moves.all()}


def test_a_move_added_on_the_entry_page_keeps_every_reading(client, arbiter, timed_game):
    client.force_login(arbiter)
    url = reverse("games:moves", args=[timed_game.pk])
    page = client.get(url).content.decode()
    assert "24 moves have clock readings." in page
    saved = client.post(url, {"moves": f"{FISCHER_12} Qa3", "save": ""}, follow=True)
    assert "Saved: 13 moves (25 plies)." in saved.content.decode()
    after = stored_readings(timed_game)
    assert len(after) == 25
    assert {ply: after[ply] for ply in range(1, 25)} == readings(24)
    assert after[25] == (None, None)
    pgn = export_pgn([Game.objects.get(pk=timed_game.pk)])
    assert pgn.count("[%clk") == 24
    assert "12. Qa4 { [%clk 1:50:00] [%emt 0:00:50] }" in pgn


def test_a_corrected_move_asks_before_its_reading_goes(client, arbiter, timed_game):
    """The arbiter corrects 11... Be6 to 11... Bd7: only that move's reading is at risk; the
    page lists it and saves nothing until the arbiter confirms."""
    client.force_login(arbiter)
    url = reverse("games:moves", args=[timed_game.pk])
    corrected = FISCHER_12.replace("Be6", "Bd7")
    form = {"moves": corrected, "save": "", "reason": "scoresheet reread"}
    refused = client.post(url, form).content.decode()
    assert "These clock readings would be discarded" in refused
    assert "11... Be6 1:50:50 (0:00:50 spent)" in refused
    assert 'type="checkbox" name="discard_readings"' in refused
    assert timed_game.moves.get(ply=22).san == "Be6"  # nothing saved
    assert stored_readings(timed_game) == readings(24)

    saved = client.post(url, {**form, "discard_readings": "on"})
    assert saved.status_code == 302
    after = stored_readings(timed_game)
    assert after[22] == (None, None)
    assert {ply: reading for ply, reading in after.items() if ply != 22} == {
        ply: reading for ply, reading in readings(24).items() if ply != 22
    }
    trail = GameChange.objects.get(game=timed_game, field=GameChange.Field.READINGS)
    assert trail.old_value == [[22, "Be6", 6650.0, 50.0]]
    assert trail.reason == "scoresheet reread"
    game_page = client.get(reverse("games:detail", args=[timed_game.pk])).content.decode()
    assert "11... Be6 1:50:50 (0:00:50 spent)" in game_page


def test_the_service_refuses_to_drop_readings_unasked(timed_game):
    with pytest.raises(ReadingsWouldBeLost) as refusal:
        save_moves(timed_game, MOVES[:20], user=None, reason="the last two moves were not played")
    assert [move.ply for move in refusal.value.readings] == [21, 22, 23, 24]
    assert timed_game.moves.count() == 24
    save_moves(timed_game, MOVES[:20], user=None, reason="not played", discard_readings=True)
    assert stored_readings(timed_game) == readings(20)


def test_the_resumption_of_an_adjourned_game_keeps_its_readings(client, arbiter, chief, timed_game):
    client.force_login(arbiter)
    seal(client, timed_game)
    client.force_login(chief)
    client.post(reverse("games:resume", args=[timed_game.pk]), RESUMED_ON_TIME)
    apply(client, Incident.objects.get(game=timed_game, kind="resumption"))
    timed_game.refresh_from_db()
    assert timed_game.sans() == [*MOVES, "Qa3"]  # the sealed move is played
    after = stored_readings(timed_game)
    assert {ply: after[ply] for ply in range(1, 25)} == readings(24)
    assert not GameChange.objects.filter(game=timed_game, field=GameChange.Field.READINGS)


def test_a_ruling_that_voids_moves_names_the_readings_it_discards(client, arbiter, timed_game):
    """Recorded: 13. Qb3 Kh8 with readings. The scoresheets, read for an illegal-move claim,
    say 13... Rd8 14. Bc7 (illegal): the ruling keeps the moves before 14. Bc7 as written,
    so 13... Kh8 and its reading go. The page says so before the arbiter applies it."""
    save_moves(timed_game, [*MOVES, "Qb3", "Kh8"], user=None, clocks=readings(26))
    client.force_login(arbiter)
    written = f"{FISCHER_12} Qb3 Rd8 Bc7"
    page, incident = rule(client, timed_game, "illegal_move", {"moves": written})
    assert incident.ruling["void_plies"] == [27]
    assert "13... Kh8 1:49:10 (0:00:50 spent)" in page.content.decode()
    apply(client, incident)
    timed_game.refresh_from_db()
    assert timed_game.sans()[-2:] == ["Qb3", "Rd8"]
    after = stored_readings(timed_game)
    assert after[26] == (None, None)
    assert {ply: after[ply] for ply in range(1, 26)} == readings(25)
    trail = GameChange.objects.get(game=timed_game, field=GameChange.Field.READINGS)
    assert (trail.old_value, trail.incident) == ([[26, "Kh8", 6550.0, 50.0]], incident)
