"""The match as the Preface of C.04.5 defines it: results, forfeits, byes, meetings."""

from fractions import Fraction

import pytest

from tournaments.pairing.base import Pairing
from tournaments.pairing.double_swiss import (
    MatchRecordError,
    game_columns,
    game_pairings,
    match_result,
    met_pairs,
    recorded_match_pairing,
)
from tournaments.pairing.double_swiss.matches import match_of_column
from tournaments.scoring.sheet import Outcome, PlayerSheet, RoundEntry, TournamentSheet

from .helpers import sheet_of

W, D, L, FW, FL = Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
HALF_ZERO, ZERO_ZERO = Outcome.UNRATED_DRAW, Outcome.UNRATED_LOSS


def test_match_k_is_game_columns_2k_minus_1_and_2k() -> None:
    assert [game_columns(k) for k in (1, 2, 5)] == [(1, 2), (3, 4), (9, 10)]
    assert [match_of_column(c) for c in (1, 2, 3, 10)] == [1, 1, 2, 5]
    with pytest.raises(ValueError):
        game_columns(0)


# Every match result the Preface lists, from the two games of the first player and their
# opposites for the second.
PREFACE_RESULTS = [
    ((W, W), (L, L), "2-0"),
    ((W, D), (L, D), "1½-½"),
    ((W, L), (L, W), "1-1"),
    ((D, D), (D, D), "1-1"),
    ((D, L), (D, W), "½-1½"),
    ((L, L), (W, W), "0-2"),
    ((W, HALF_ZERO), (L, ZERO_ZERO), "1½-0"),
    ((W, ZERO_ZERO), (L, HALF_ZERO), "1-½"),
    ((HALF_ZERO, ZERO_ZERO), (ZERO_ZERO, W), "½-1"),
    ((ZERO_ZERO, ZERO_ZERO), (W, HALF_ZERO), "0-1½"),
    ((W, ZERO_ZERO), (L, ZERO_ZERO), "1-0"),
    ((HALF_ZERO, ZERO_ZERO), (ZERO_ZERO, HALF_ZERO), "½-½"),
    ((L, ZERO_ZERO), (W, ZERO_ZERO), "0-1"),
    ((HALF_ZERO, ZERO_ZERO), (ZERO_ZERO, ZERO_ZERO), "½-0"),
    ((ZERO_ZERO, ZERO_ZERO), (HALF_ZERO, ZERO_ZERO), "0-½"),
    ((ZERO_ZERO, ZERO_ZERO), (ZERO_ZERO, ZERO_ZERO), "0-0"),
]


@pytest.mark.parametrize(("mine", "theirs", "score"), PREFACE_RESULTS)
def test_every_match_result_of_the_preface(mine, theirs, score) -> None:
    result = match_result(mine, theirs)
    assert result.score == score
    assert not result.forfeited


def test_a_single_forfeited_game_leaves_the_match_played() -> None:
    result = match_result((FW, W), (FL, L))
    assert (result.points, result.forfeited, result.won_by_forfeit) == (2, False, False)


def test_forfeiting_both_games_forfeits_the_match() -> None:
    result = match_result((FW, FW), (FL, FL))
    assert result.forfeited and result.won_by_forfeit and result.score == "2-0"
    loser = match_result((FL, FL), (FW, FW))
    assert loser.forfeited and not loser.won_by_forfeit


def test_both_players_absent_forfeit_the_match_and_neither_wins_it() -> None:
    result = match_result((FL, FL), (FL, FL))
    assert result.forfeited and not result.won_by_forfeit and result.score == "0-0"


def test_one_forfeit_each_is_a_played_match() -> None:
    """Each player forfeits one game: nobody forfeited both, so the match counts as played."""
    assert not match_result((FW, FL), (FL, FW)).forfeited


def test_a_forfeited_match_is_no_meeting_but_a_single_forfeit_is() -> None:
    sheet = sheet_of(4, [[(1, 3, "+", "+"), (2, 4, "1", "+")]])
    assert met_pairs(sheet, 2) == {frozenset((2, 4))}


def test_game_two_reverses_the_colours_and_keeps_the_bye() -> None:
    one, two = game_pairings(Pairing(pairs=((1, 4), (3, 2)), byes=(5,)))
    assert one.pairs == ((1, 4), (3, 2)) and two.pairs == ((4, 1), (2, 3))
    assert two.byes == (5,)


def test_the_pairing_allocated_bye_is_worth_a_game_won_and_a_game_drawn() -> None:
    sheet = sheet_of(3, [[(1, 2, "1", "1")]], byes=[[3]])
    points = sum(sheet.points.points(e.outcome) for e in sheet.player(3).rounds)
    assert points == Fraction(3, 2)
    assert [e.outcome for e in sheet.player(3).rounds] == [Outcome.PAIRING_BYE] * 2


def test_the_recorded_match_pairing_is_read_from_game_one() -> None:
    sheet = sheet_of(5, [[(4, 1, "1", "="), (2, 3, "0", "0")]], byes=[[5]])
    assert recorded_match_pairing(sheet, 1) == Pairing(pairs=((2, 3), (4, 1)), byes=(5,))


def test_two_columns_that_are_not_one_match_are_refused() -> None:
    players = [
        PlayerSheet(1, "A", rounds=(RoundEntry(1, W, 2, None), RoundEntry(2, W, 3, None))),
        PlayerSheet(2, "B", rounds=(RoundEntry(1, L, 1, None),)),
        PlayerSheet(3, "C", rounds=(RoundEntry(2, L, 1, None),)),
    ]
    with pytest.raises(MatchRecordError, match="another opponent"):
        recorded_match_pairing(TournamentSheet("t", 2, players), 1)
