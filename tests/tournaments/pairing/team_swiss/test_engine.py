"""The engine against the articles of C.04.6: each test builds a position in which the
article it names decides, and fails on any other pairing."""

from fractions import Fraction

import pytest

from tournaments.pairing.base import PairingError
from tournaments.pairing.team_swiss import (
    ColourPreferences,
    PrimaryScore,
    TeamSwissEngine,
    TeamSwissState,
    pair_round,
)
from tournaments.pairing.team_swiss.bracket import identifier
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.sheet import ByeKind, MatchForfeit

from .helpers import team_sheet

ENGINE = TeamSwissEngine()

# The position of the example under 3.5.4: residents 4, 7 and 9 (4 game points) may not meet
# one another, so three upfloaters are needed; 2, 6 and 8 have 3 points, 1, 3 and 5 have 2.5.
ROUND_ONE = [
    (4, 10, 4),
    (7, 11, 4),
    (9, 12, 4),
    (2, 13, 3),
    (6, 14, 3),
    (8, 15, 3),
    (1, 16, 2.5),
    (3, 17, 2.5),
    (5, 18, 2.5),
]
RESIDENTS_APART = ((4, 7), (4, 9), (7, 9))


def example_state(forbidden: tuple[tuple[int, int], ...]) -> TeamSwissState:
    return TeamSwissState(
        team_sheet(18, [ROUND_ONE]),
        2,
        planned_rounds=7,
        forbidden=RESIDENTS_APART + forbidden,
        primary=PrimaryScore.GAME_POINTS,
    )


def test_c5_takes_the_three_best_scores_when_they_can_be_paired() -> None:
    first = pair_round(example_state(())).brackets[0]
    assert (first.residents, first.upfloaters) == ((4, 7, 9), (2, 6, 8))


def test_the_3_5_4_example_two_upfloaters_of_3_points_and_one_of_2_5_first_set_2_6_1() -> None:
    # 8 cannot meet any resident: the sets of two 3-pointers and one 2.5 come in the order
    # {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < ... (3.5.4), and the first is legal.
    eight_apart = ((4, 8), (7, 8), (8, 9))
    first = pair_round(example_state(eight_apart)).brackets[0]
    assert first.upfloaters == (2, 6, 1)
    # 3.6: top members 1, 2, 4 (the first set), then the first bottom member of each.
    assert first.pairs == ((1, 7), (2, 9), (4, 6))


def test_the_3_5_4_order_goes_on_to_2_6_3_when_2_6_1_cannot_be_paired() -> None:
    apart = ((4, 8), (7, 8), (8, 9), (1, 4), (1, 7), (1, 9))
    assert pair_round(example_state(apart)).brackets[0].upfloaters == (2, 6, 3)


def test_the_identifier_of_3_6_2() -> None:
    assert identifier([(11, 24), (16, 6), (10, 9), (8, 4)]) == (4, 6, 9, 11, 8, 16, 10, 24)


def test_round_one_pairs_by_identifier_and_colours_by_4_3_1() -> None:
    sheet = team_sheet(7, [])
    white = ENGINE.pair(TeamSwissState(sheet, 1))
    assert (white.matches, white.bye) == (((1, 4), (5, 2), (3, 6)), 7)
    black = ENGINE.pair(TeamSwissState(sheet, 1, initial_colour=Color.BLACK))
    assert (black.matches, black.bye) == (((4, 1), (2, 5), (6, 3)), 7)


def test_the_bye_goes_to_the_lowest_score_3_4_2_and_never_twice_c2() -> None:
    sheet = team_sheet(5, [[(1, 4, 3), (2, 3, 2.5)]], byes={1: {5: ByeKind.PAIRING}})
    pairing = ENGINE.pair(TeamSwissState(sheet, 2))
    # 3 and 4 have no match point; 5 had the bye ([C2]); 3.4.4: the larger TPN, 4.
    assert pairing.bye == 4


def test_the_bye_follows_the_primary_score() -> None:
    # Both lost (no match point), but 3 scored 1.5 game points and 4 only 1.
    sheet = team_sheet(5, [[(1, 4, 3), (2, 3, 2.5)]], byes={1: {5: ByeKind.PAIRING}})
    by_mp = ENGINE.pair(TeamSwissState(sheet, 2, primary=PrimaryScore.MATCH_POINTS))
    by_gp = ENGINE.pair(TeamSwissState(sheet, 2, primary=PrimaryScore.GAME_POINTS))
    assert (by_mp.bye, by_gp.bye) == (4, 4)
    sheet = team_sheet(5, [[(1, 4, 2.5), (2, 3, 4)]], byes={1: {5: ByeKind.PAIRING}})
    by_mp = ENGINE.pair(TeamSwissState(sheet, 2, primary=PrimaryScore.MATCH_POINTS))
    by_gp = ENGINE.pair(TeamSwissState(sheet, 2, primary=PrimaryScore.GAME_POINTS))
    assert (by_mp.bye, by_gp.bye) == (4, 3)  # GP: 3 has 0, 4 has 1.5


def test_the_bye_prefers_the_team_with_more_matches_played_3_4_3() -> None:
    # 5 had a zero-point bye in round 1, 4 lost its match: both 0, 4 played more.
    sheet = team_sheet(5, [[(1, 2, 2), (3, 4, 4)]], byes={1: {5: ByeKind.ZERO}})
    assert ENGINE.pair(TeamSwissState(sheet, 2)).bye == 4


def test_a_match_won_by_forfeit_bars_the_bye_c2_and_is_no_meeting_c1() -> None:
    sheet = team_sheet(
        3,
        [[(2, 3, 0)]],
        byes={1: {1: ByeKind.ZERO}},
        forfeits={1: {(2, 3): MatchForfeit.B_WINS}},
    )
    pairing = ENGINE.pair(TeamSwissState(sheet, 2))
    # 3 won by forfeit (barred), 2 and 1 have 0: 1 played no match, 2 neither (forfeit);
    # the larger TPN of the two, 2, gets it; 1 meets 3.
    assert pairing.bye == 2
    assert set(pairing.matches[0]) == {1, 3}
    again = ENGINE.pair(TeamSwissState(sheet, 2, requested_byes={1: ByeKind.ZERO}))
    assert set(again.matches[0]) == {2, 3}  # the forfeited match was no meeting


def test_forbidden_pairs_are_kept_apart() -> None:
    sheet = team_sheet(4, [])
    assert ENGINE.pair(TeamSwissState(sheet, 1)).matches == ((1, 3), (4, 2))
    apart = ENGINE.pair(TeamSwissState(sheet, 1, forbidden=((1, 3),)))
    assert apart.matches == ((1, 4), (3, 2))


def test_a_round_without_a_legal_pairing_raises() -> None:
    sheet = team_sheet(2, [[(1, 2, 3)]])
    with pytest.raises(PairingError, match=r"C\.04\.6 3\.3\.3"):
        ENGINE.pair(TeamSwissState(sheet, 2))


def test_withdrawn_and_requested_byes_are_not_paired() -> None:
    sheet = team_sheet(6, [])
    state = TeamSwissState(sheet, 1, requested_byes={2: ByeKind.HALF}, withdrawn=frozenset({5}))
    pairing = ENGINE.pair(state)
    assert sorted(pairing.teams) == [1, 3, 4, 6]
    assert pairing.bye is None


def test_c8_avoids_two_teams_wanting_the_same_colour() -> None:
    # 1 and 3 won twice with Black (type A: a preference for White), 2 and 4 twice with
    # White (for Black). The first pairing by identifier, 1-3 2-4, leaves two teams without
    # their colour; of those that leave none, 1-4 2-3 comes first (3.6.4).
    rounds = [
        [(5, 1, 0), (6, 3, 0), (2, 7, 4), (4, 8, 4)],
        [(7, 1, 0), (8, 3, 0), (2, 5, 4), (4, 6, 4)],
    ]
    sheet = team_sheet(8, rounds)
    procedure = pair_round(TeamSwissState(sheet, 3, planned_rounds=5))
    assert procedure.brackets[0].pairs == ((1, 4), (2, 3))
    assert procedure.pairing.matches[:2] == ((1, 4), (3, 2))
    assert procedure.colour_articles[(1, 4)] == "4.3.3"
    none = TeamSwissState(sheet, 3, planned_rounds=5, preferences=ColourPreferences.NONE)
    assert pair_round(none).brackets[0].pairs == ((1, 3), (2, 4))


def test_the_scores_are_fractions_of_the_chosen_score() -> None:
    sheet = team_sheet(4, [[(1, 2, 2.5), (3, 4, 2)]])
    teams = pair_round(TeamSwissState(sheet, 2, primary=PrimaryScore.GAME_POINTS)).teams
    assert [teams[t].score for t in (1, 2, 3, 4)] == [Fraction(5, 2), Fraction(3, 2), 2, 2]
    assert [teams[t].secondary for t in (1, 2, 3, 4)] == [2, 0, 1, 1]
