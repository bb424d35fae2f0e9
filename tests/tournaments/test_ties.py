"""Ties left after the tie-breaks: the arbiter's order, then lots drawn once and repeatable
(FIDE checklist I47), logged and written to the TRF; service, command, page and API."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.factories import UserFactory
from tournaments.models import Tournament, TournamentLog, TournamentRole
from tournaments.scoring.lots import lot
from tournaments.selectors import tournament_standings
from tournaments.services import TournamentError
from tournaments.services.ties import draw_lots, set_tie_order, tied_groups
from tournaments.services.trf_exchange import export_trf, import_trf

pytestmark = pytest.mark.django_db

HELD = Path(__file__).resolve().parents[1] / "data" / "tiebreak" / "held_round_robin.trf"


@pytest.fixture
def event() -> Tournament:
    """Held's round robin ranked by points alone: Alyx, Bruno, Charline share 1st-3rd;
    David, Franck, Helene 4th-6th."""
    tournament = import_trf(HELD.read_bytes(), filename="held_round_robin.trf")
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=[])
    tournament.refresh_from_db()
    return tournament


def _places(tournament: Tournament) -> dict[int, str]:
    return {row.start_rank: row.place for row in tournament_standings(tournament).rows}


def test_the_arbiters_order_ranks_the_players_he_names(event) -> None:
    assert tied_groups(event) == [[1, 2, 3], [4, 5, 6]]
    set_tie_order(event, [3, 1], reason="play-off for first place")
    event.refresh_from_db()
    assert _places(event) == {3: "1", 1: "2", 2: "3", 4: "4–6", 5: "4–6", 6: "4–6"}
    entry = event.log.get(kind=TournamentLog.Kind.TIES)
    assert entry.message == "Tied players ranked by hand, by starting rank: 3, 1."
    assert entry.reason == "play-off for first place"
    with pytest.raises(TournamentError, match="No player has starting rank 9"):
        set_tie_order(event, [9], reason="x")
    with pytest.raises(TournamentError, match="needs a reason"):
        set_tie_order(event, [2, 1])


def test_lots_are_drawn_once_and_give_the_same_order_every_time(event) -> None:
    draw_lots(event)
    event.refresh_from_db()
    seed = event.lots_seed
    assert len(seed) == 16
    first = _places(event)
    assert sorted(first.values()) == ["1", "2", "3", "4", "5", "6"]
    # The order is the lots' own: each player's lot is SHA-256 of the draw and his number.
    leaders = sorted([1, 2, 3], key=lambda rank: lot(seed, rank))
    assert [first[rank] for rank in leaders] == ["1", "2", "3"]
    assert _places(Tournament.objects.get(pk=event.pk)) == first  # repeated identically
    with pytest.raises(TournamentError, match="already drawn"):
        draw_lots(event)
    entry = event.log.get(kind=TournamentLog.Kind.TIES)
    assert entry.message.startswith(f"Lots drawn (draw {seed}) for the players still level: ")
    trf = export_trf(event, version=2026)
    assert f"Lots drawn (draw {seed})" in trf


def test_command_lists_orders_and_draws(event) -> None:
    out = StringIO()
    call_command("break_ties", str(event.pk), stdout=out)
    assert out.getvalue() == "Level: 1, 2, 3\nLevel: 4, 5, 6\n"
    out = StringIO()
    call_command(
        "break_ties", str(event.pk), "--order", "2", "1", "3", "--reason", "play-off", stdout=out
    )
    assert out.getvalue() == "Level: 4, 5, 6\n"
    with pytest.raises(CommandError) as error:
        call_command("break_ties", str(event.pk), "--order", "7", "--reason", "x")
    assert error.value.returncode == 2


def test_page_and_api(client, event) -> None:
    chief = UserFactory(username="chief-ties")
    TournamentRole.objects.create(
        tournament=event, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client.force_login(chief)
    url = reverse("tournaments:ties", kwargs={"tournament_id": event.pk})
    page = client.get(url).content.decode()
    assert "Alyx" in page and "Draw lots" in page
    client.post(url, {"order": "3, 2", "reason": "play-off"})
    event.refresh_from_db()
    assert event.tie_order == [3, 2]
    reply = client.post(
        f"/api/v1/tournaments/{event.slug}/ties/",
        {"draw_lots": True},
        content_type="application/json",
    )
    assert reply.status_code == 200, reply.content
    event.refresh_from_db()
    assert reply.json()["lots_seed"] == event.lots_seed != ""
    assert reply.json()["tied"] == []
