"""Standings computed in columns equal the standings computed on the sheet, line for line.

The columns (``tournaments.scoring.columns``) compute a Swiss's usual tie-breaks without the
sheet's objects; the sheet's path is the reference, itself checked against FIDE's published
values elsewhere. Random events here hold every result kind, every bye, late entries,
withdrawals, expulsions, adjourned and unplayed games, unrated players and games, other
point systems, rating rules and both tie-break rule sets; each is ranked both ways.
"""

from __future__ import annotations

import random
from datetime import date
from decimal import Decimal

import pytest

from tests.factories import TournamentFactory
from tournaments.models import (
    ByeKind,
    Pairing,
    PairingSystem,
    Player,
    Result,
    Round,
    Tournament,
)
from tournaments.scoring.standings import StandingsNotFinalError
from tournaments.scoring.tiebreaks import parse_tiebreaks
from tournaments.selectors import _columnar_standings, sheet_and_standings, tournament_standings

pytestmark = pytest.mark.django_db

COVERED = [
    ["BH/C1", "BH", "SB", "PS", "ARO"],
    ["BH/M1", "SB/C1", "SB/M2", "PS/C2", "ARO/C1", "ARO/M1"],
    ["BH/C2", "SB/C3", "WIN", "WON", "BPG", "BWG", "REP"],
    ["STD", "RTNG", "RTNG/R", "TPN", "TPN/R", "PS/C1", "BH/C3"],
    [],
]
"""Tie-break lists the columns compute."""

ON_THE_SHEET = [["DE", "BH"], ["FB", "SB"], ["BH/P"], ["TPR", "ARO"], ["AOB"], ["KS"], ["EXT"]]
"""Lists that send the standings through the sheet."""

POINT_SYSTEMS = [
    {},  # FIDE's 1 / ½ / 0
    {
        "points_win": Decimal(3),
        "points_draw": Decimal(1),
        "points_pairing_bye": Decimal(3),
        "points_full_bye": Decimal(3),
        "points_half_bye": Decimal(1),
        "points_forfeit_win": Decimal(3),
    },
    {"points_pairing_bye": Decimal("0.5"), "points_forfeit_win": Decimal("0.75")},
    {"points_forfeit_loss": Decimal(-1), "points_zero_bye": Decimal("-0.5")},
]


def random_event(seed: int) -> Tournament:
    rng = random.Random(seed)
    rounds = rng.randint(1, 9)
    tournament = TournamentFactory(
        number_of_rounds=rounds,
        start_date=rng.choice([date(2025, 5, 1), date(2026, 3, 1), None]),
        unrated_rating=rng.choice([None, None, 1000, 1400]),
        unrated_left_out=rng.random() < 0.3,
        rating_type=rng.choice(["standard", "standard", "rapid", "blitz"]),
        rating_method=rng.choice(["FIDE", "FIDE", "NRO", "HBFN", "FIDON"]),
        **rng.choice(POINT_SYSTEMS),
    )
    size = rng.randint(2, 24)
    players = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            name=f"Player {rank}",
            start_rank=rank,
            rating_standard=rng.choice([None, rng.randint(1000, 2700)]),
            rating_rapid=rng.choice([None, None, rng.randint(1000, 2700)]),
            rating_blitz=rng.choice([None, None, rng.randint(1000, 2700)]),
            rating_national=rng.choice([None, rng.randint(1000, 2700)]),
        )
        for rank in range(1, size + 1)
    )
    # Late entries, withdrawals and expulsions.
    joins = {p.pk: rng.choice([1] * 6 + list(range(1, rounds + 1))) for p in players}
    leaves = {p.pk: rng.choice([None] * 6 + list(range(0, rounds + 1))) for p in players}
    for player in players:
        if leaves[player.pk] is not None:
            player.status = rng.choice([Player.Status.WITHDRAWN, Player.Status.EXPELLED])
            player.withdrawn_after_round = leaves[player.pk]
            player.save()
    results = list(Result)
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, paired_by=Round.PairedBy.IMPORT
        )
        present = [
            p
            for p in players
            if joins[p.pk] <= number
            and (leaves[p.pk] is None or leaves[p.pk] >= number)
            and rng.random() < 0.9
        ]
        absent = [p for p in players if p not in present and rng.random() < 0.5]
        rng.shuffle(present)
        boards = []
        for white, black in zip(present[::2], present[1::2], strict=False):
            boards.append(
                Pairing(
                    round=round_,
                    board=len(boards) + 1,
                    white=white,
                    black=black,
                    result=rng.choice(results),
                    unrated=rng.random() < 0.1,
                )
            )
        if len(present) % 2:
            boards.append(
                Pairing(
                    round=round_,
                    board=len(boards) + 1,
                    white=present[-1],
                    bye=ByeKind.PAIRING_ALLOCATED,
                )
            )
        for player in absent:
            boards.append(
                Pairing(
                    round=round_,
                    board=len(boards) + 1,
                    white=player,
                    bye=rng.choice([kind for kind in ByeKind if kind != ByeKind.PAIRING_ALLOCATED]),
                )
            )
        Pairing.objects.bulk_create(boards)
    return tournament


@pytest.mark.parametrize("seed", range(40))
def test_the_columns_rank_as_the_sheet_does(seed: int) -> None:
    tournament = random_event(seed)
    for tiebreaks in COVERED:
        for after_round in (None, max(1, tournament.number_of_rounds - 1)):
            in_columns = _columnar_standings(
                tournament, after_round, parse_tiebreaks(tiebreaks), final=False
            )
            assert in_columns is not None, tiebreaks  # computed in columns, not on the sheet
            on_sheet = sheet_and_standings(
                tournament, after_round=after_round, tiebreaks=tiebreaks
            )[1]
            assert (
                tournament_standings(tournament, after_round=after_round, tiebreaks=tiebreaks)
                == on_sheet
            ), (seed, tiebreaks, after_round)


@pytest.mark.parametrize("tiebreaks", ON_THE_SHEET, ids=lambda names: "+".join(names))
def test_other_tie_breaks_are_computed_on_the_sheet(tiebreaks: list[str]) -> None:
    tournament = random_event(7)
    assert _columnar_standings(tournament, None, parse_tiebreaks(tiebreaks), final=False) is None
    assert (
        tournament_standings(tournament, tiebreaks=tiebreaks)
        == sheet_and_standings(tournament, tiebreaks=tiebreaks)[1]
    )


@pytest.mark.parametrize(
    "setting",
    [{"round_ratings_in_tiebreaks": True}, {"system": PairingSystem.ROUND_ROBIN}],
    ids=["per-round ratings", "round robin"],
)
def test_other_settings_are_computed_on_the_sheet(setting: dict[str, object]) -> None:
    tournament = random_event(7)
    Tournament.objects.filter(pk=tournament.pk).update(**setting)
    tournament.refresh_from_db()
    assert _columnar_standings(tournament, None, parse_tiebreaks(["ARO"]), final=False) is None
    assert (
        tournament_standings(tournament, tiebreaks=["ARO"])
        == sheet_and_standings(tournament, tiebreaks=["ARO"])[1]
    )


def test_no_player_ranked_when_every_player_is_expelled() -> None:
    tournament = random_event(5)
    tournament.players.update(status=Player.Status.EXPELLED, withdrawn_after_round=1)
    standings = tournament_standings(tournament, tiebreaks=["BH/C1", "ARO"])
    assert standings == sheet_and_standings(tournament, tiebreaks=["BH/C1", "ARO"])[1]
    assert [row.place for row in standings.rows] == ["-"] * tournament.players.count()


def test_lots_and_the_arbiters_order_apply_after_the_columns() -> None:
    tournament = random_event(3)
    tournament.tie_order = [5, 2]
    tournament.lots_seed = "0f1e2d3c"
    tournament.save()
    for tiebreaks in (["BH"], []):
        assert (
            tournament_standings(tournament, tiebreaks=tiebreaks)
            == sheet_and_standings(tournament, tiebreaks=tiebreaks)[1]
        )


def test_final_standings_with_an_adjourned_game_are_refused_as_on_the_sheet() -> None:
    tournament = random_event(11)
    board = Pairing.objects.filter(round__tournament=tournament, black__isnull=False).first()
    board.result = Result.ADJOURNED
    board.save()
    with pytest.raises(StandingsNotFinalError) as on_sheet:
        sheet_and_standings(tournament, tiebreaks=["BH"], final=True)
    with pytest.raises(StandingsNotFinalError) as in_columns:
        tournament_standings(tournament, tiebreaks=["BH"], final=True)
    assert str(in_columns.value) == str(on_sheet.value)
