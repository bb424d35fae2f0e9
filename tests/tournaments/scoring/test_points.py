"""Points from the sheet against the points printed in real and published TRF files, and the
sheet checks that refuse contradictory input."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from tests.tournaments.scoring.tiebreak_data import document
from tournaments.scoring.points import SheetError, check_sheet, pending_games, player_points
from tournaments.scoring.sheet import (
    Outcome,
    PlayerSheet,
    PointSystem,
    RoundEntry,
    TournamentSheet,
)

FILES = [
    "held_swiss_5.trf",
    "held_swiss_9.trf",
    "held_round_robin.trf",
    "swiss_with_many_unplayed_rounds.trf",
    "karl_mala_2005.trf",
]


@pytest.mark.parametrize("name", FILES)
def test_points_agree_with_the_files(name: str) -> None:
    trf = document(name)
    assert player_points(trf.to_sheet()) == {p.start_rank: p.points for p in trf.players}


def _pair(first: Outcome, second: Outcome, *, system: PointSystem | None = None) -> TournamentSheet:
    return TournamentSheet(
        "pair",
        1,
        [
            PlayerSheet(1, "A", rounds=(RoundEntry(1, first, opponent=2),)),
            PlayerSheet(2, "B", rounds=(RoundEntry(1, second, opponent=1),)),
        ],
        points=system or PointSystem(),
    )


@pytest.mark.parametrize(
    ("first", "second", "points"),
    [
        (Outcome.WIN, Outcome.LOSS, (1, 0)),
        (Outcome.DRAW, Outcome.DRAW, (Fraction(1, 2), Fraction(1, 2))),
        (Outcome.LOSS, Outcome.LOSS, (0, 0)),  # 10.17: both lose
        (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, (1, 0)),
        (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS, (0, 0)),  # double forfeit
        (Outcome.UNRATED_DRAW, Outcome.UNRATED_DRAW, (Fraction(1, 2), Fraction(1, 2))),
        (Outcome.ADJOURNED, Outcome.ADJOURNED, (Fraction(1, 2), Fraction(1, 2))),
    ],
)
def test_every_result_kind_scores(
    first: Outcome, second: Outcome, points: tuple[Fraction, Fraction]
) -> None:
    assert player_points(_pair(first, second)) == {1: points[0], 2: points[1]}


def test_byes_of_each_kind_in_one_round() -> None:
    byes = [Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE]
    sheet = TournamentSheet(
        "byes",
        1,
        [PlayerSheet(n, f"P{n}", rounds=(RoundEntry(1, bye),)) for n, bye in enumerate(byes, 1)]
        + [PlayerSheet(5, "absent")],
    )
    assert player_points(sheet) == {1: 1, 2: 1, 3: Fraction(1, 2), 4: 0, 5: 0}


def test_a_three_one_zero_system_stays_exact() -> None:
    three = PointSystem(win=Fraction(3), draw=Fraction(1), pairing_bye=Fraction(3))
    assert player_points(_pair(Outcome.DRAW, Outcome.DRAW, system=three)) == {1: 1, 2: 1}


def test_half_zero_is_a_legal_result() -> None:
    """FIDE checklist F36: the arbiter may score a game ½-0 or 0-½."""
    assert player_points(_pair(Outcome.DRAW, Outcome.LOSS)) == {1: Fraction(1, 2), 2: 0}


def test_an_adjourned_game_is_pending() -> None:
    assert pending_games(_pair(Outcome.ADJOURNED, Outcome.ADJOURNED)) == [(1, 1), (1, 2)]


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (Outcome.WIN, Outcome.WIN, "player 1, round 1: result '1' against 2, who has '1'"),
        (Outcome.DRAW, Outcome.WIN, "player 1, round 1: result '=' against 2, who has '1'"),
        (Outcome.FORFEIT_WIN, Outcome.LOSS, r"result '\+' against 2, who has '0'"),
    ],
)
def test_contradictory_results_are_refused(first: Outcome, second: Outcome, message: str) -> None:
    with pytest.raises(SheetError, match=message):
        check_sheet(_pair(first, second))


def test_a_game_missing_from_the_opponents_line_is_refused() -> None:
    sheet = _pair(Outcome.WIN, Outcome.LOSS)
    lonely = dataclasses.replace(sheet.players[1], rounds=())
    with pytest.raises(SheetError, match="player 1, round 1: the opponent 2 has no opponent"):
        check_sheet(dataclasses.replace(sheet, players=[sheet.players[0], lonely]))


def test_a_bye_with_an_opponent_and_a_game_without_one_are_refused() -> None:
    bye = TournamentSheet(
        "x", 1, [PlayerSheet(1, "A", rounds=(RoundEntry(1, Outcome.HALF_BYE, opponent=2),))]
    )
    with pytest.raises(SheetError, match="result 'H' is a bye but names opponent 2"):
        check_sheet(bye)
    alone = TournamentSheet("x", 1, [PlayerSheet(1, "A", rounds=(RoundEntry(1, Outcome.WIN),))])
    with pytest.raises(SheetError, match="player 1, round 1: result '1' needs an opponent"):
        check_sheet(alone)


def test_an_unknown_opponent_and_a_duplicate_starting_rank_are_refused() -> None:
    ghost = TournamentSheet(
        "x", 1, [PlayerSheet(1, "A", rounds=(RoundEntry(1, Outcome.WIN, opponent=9),))]
    )
    with pytest.raises(SheetError, match="opponent 9 is not in the tournament"):
        check_sheet(ghost)
    twice = TournamentSheet("x", 1, [PlayerSheet(1, "A"), PlayerSheet(1, "B")])
    with pytest.raises(SheetError, match="starting rank 1 is given to two players"):
        check_sheet(twice)
