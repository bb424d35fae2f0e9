"""A final TRF-2026 of an event made here omits nothing the format defines (FIDE checklist
J52): record 162 states the scoring even when it is FIDE's, 299 what 162 cannot group, 202
the tie-breaks and 212 the standings; the file imported again gives the same event."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import Absence
from tournaments.services import pair_swiss_round, publish_round, record_result
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf.reader import split_lines

pytestmark = pytest.mark.django_db


def records(text: str, *codes: str) -> list[str]:
    return [line for line in split_lines(text) if line[:3] in codes]


def test_fides_scoring_and_the_standings_definition_are_stated():
    tournament = TournamentFactory(number_of_rounds=3, tiebreaks=["BH/C1", "SB"])
    assert records(export_trf(tournament, version=2026), "162", "299", "202", "212") == [
        "162  W 1.0    D 0.5    L 0.0    P 1.0    A 0.0    X 0.5",
        "202 BH/C1 SB",
        "212 PTS BH/C1 SB",
    ]
    assert records(export_trf(tournament, version=16), "162", "299", "212") == []


def test_a_scoring_162_cannot_group_is_stated_in_299_and_comes_back():
    # 3-1-0 for games played; a forfeit win scores 3 as well, a half-point bye 1, but the
    # pairing-allocated and full-point byes only 1.
    tournament = TournamentFactory(
        number_of_rounds=3,
        points_win=3,
        points_draw=1,
        points_forfeit_win=3,
        points_half_bye=1,
        points_pairing_bye=1,
        points_full_bye=1,
    )
    PlayerFactory.create_batch(5, tournament=tournament)
    round_ = pair_swiss_round(tournament)
    publish_round(round_)
    for board in round_.pairings.filter(black__isnull=False):
        record_result(board, "1-0", source="hand", user=None)
    text = export_trf(tournament, version=2026)
    assert records(text, "162", "299") == [
        "162  W 3.0    D 1.0    L 0.0    P 1.0    A 0.0    X 1.0",
        "299 F         1.0",
    ]
    again = import_trf(text)
    for name in ("win", "draw", "forfeit_win", "half_bye", "pairing_bye", "full_bye"):
        assert getattr(again, f"points_{name}") == getattr(tournament, f"points_{name}"), name
    assert again.points_full_bye == Decimal(1)
    assert export_trf(again, version=2026).count("299 F         1.0") == 1


def test_byes_announced_for_later_rounds_are_records_240_and_come_back():
    tournament = TournamentFactory(number_of_rounds=5)
    PlayerFactory.create_batch(6, tournament=tournament)
    pair_swiss_round(tournament)  # numbers the players; round 1 is a draft
    one, two, three = (tournament.players.get(start_rank=rank) for rank in (1, 2, 3))
    Absence.objects.create(player=three, round_number=3, kind=Absence.Kind.HALF_POINT_BYE)
    Absence.objects.create(player=one, round_number=3, kind=Absence.Kind.HALF_POINT_BYE)
    Absence.objects.create(player=two, round_number=4, kind=Absence.Kind.ZERO_POINT_BYE)
    text = export_trf(tournament, version=2026)
    assert records(text, "240") == ["240 H 003    1    3", "240 Z 004    2"]
    again = import_trf(text)
    announced = {
        (a.player.start_rank, a.round_number, a.kind)
        for a in Absence.objects.filter(player__tournament=again)
    }
    assert announced == {(1, 3, "half"), (3, 3, "half"), (2, 4, "zero")}
    assert records(export_trf(again, version=2026), "240") == records(text, "240")
