"""What orders the teams of a team Swiss, by C.04.6 (2026): the primary score alone makes the
scoregroups, the TPN orders a bracket and breaks the bye's ties, and the secondary score
only chooses the first-team for colours.

1.2.1: "The rules of the competition shall state which, between "match points" and "game
points", is called "primary score" (or, more simply, "score"), and whether the other
("secondary score") is used for colour allocation (see Article 4.2.2)." 3.6.1-3.6.3 pair a
bracket by the TPNs of its teams; 3.4 gives the pairing-allocated bye to the team that
"3.4.1 leaves a legal pairing for all teams, 3.4.2 has the lowest score, 3.4.3 has played the
highest number of matches, 3.4.4 has the largest TPN". Game points under match points (or
match points under game points) appear in neither: these tests pin that reading."""

import pytest

from tournaments.pairing.team_swiss import (
    ColourPreferences,
    PrimaryScore,
    TeamSwissEngine,
    TeamSwissState,
    pair_round,
)
from tournaments.scoring.teams.sheet import ByeKind

from .helpers import team_sheet

ENGINE = TeamSwissEngine()

# Round 1 of eight teams, paired by identifier (1-5, 2-6, 3-7, 4-8). The winners are 1, 6, 3
# and 8 with 2.5, 3, 3.5 and 4 game points: by TPN 1 < 3 < 6 < 8, by game points the reverse.
EIGHT_TEAMS_ROUND_ONE = [(1, 5, 2.5), (2, 6, 1), (3, 7, 3.5), (4, 8, 0)]

# Seven teams, three rounds, each a pairing-allocated bye (7, 6, 5: barred from another by
# [C2]). Teams 3 and 4 lost all three matches (no match point), 3 with 1 + 1 + 0.5 = 2.5 game
# points, 4 with 1 + 1.5 + 1.5 = 4; the other candidates, 1 and 2, have 5 match points.
SEVEN_TEAMS_THREE_ROUNDS = [
    [(1, 4, 3), (2, 5, 2), (6, 3, 3)],
    [(7, 4, 2.5), (1, 5, 2), (2, 3, 3)],
    [(1, 3, 3.5), (2, 4, 2.5), (6, 7, 2)],
]
SEVEN_TEAMS_BYES = {1: {7: ByeKind.PAIRING}, 2: {6: ByeKind.PAIRING}, 3: {5: ByeKind.PAIRING}}


def test_a_scoregroup_is_paired_by_tpn_not_by_game_points_3_6() -> None:
    sheet = team_sheet(8, [EIGHT_TEAMS_ROUND_ONE])
    procedure = pair_round(TeamSwissState(sheet, 2, planned_rounds=5))
    winners, losers = procedure.brackets
    # 3.6.2/3.6.3: the first identifier is 1 3 6 8 (top members 1 and 3); by game points
    # (8, 3, 6, 1 in that order) the bracket would pair 8-6 and 3-1.
    assert (winners.residents, winners.upfloaters) == ((1, 3, 6, 8), ())
    assert winners.pairs == ((1, 6), (3, 8))
    assert losers.pairs == ((2, 5), (4, 7))
    # GHR 3.6 tables: the same score and the same sum in both matches of the group, then the
    # smaller TPN of the higher team: 1's match before 3's. Colours: 4.3.5, White to the team
    # with the lower colour difference (6 and 8 had Black in round 1).
    assert procedure.pairing.matches == ((6, 1), (8, 3), (5, 2), (7, 4))


def test_the_bye_between_equal_match_points_goes_to_the_largest_tpn_3_4_4() -> None:
    sheet = team_sheet(7, SEVEN_TEAMS_THREE_ROUNDS, byes=SEVEN_TEAMS_BYES)
    procedure = pair_round(TeamSwissState(sheet, 4, planned_rounds=5))
    three, four = procedure.teams[3], procedure.teams[4]
    assert (three.score, three.secondary, three.matches_played) == (0, 2.5, 3)
    assert (four.score, four.secondary, four.matches_played) == (0, 4, 3)
    # 3.4.2: both have the lowest score (0 match points); 3.4.3: both played three matches;
    # 3.4.4: the larger TPN, 4, though it has more game points than 3.
    assert procedure.bye == 4


def test_with_game_points_primary_the_bye_goes_to_the_fewest_game_points_3_4_2() -> None:
    sheet = team_sheet(7, SEVEN_TEAMS_THREE_ROUNDS, byes=SEVEN_TEAMS_BYES)
    state = TeamSwissState(sheet, 4, planned_rounds=5, primary=PrimaryScore.GAME_POINTS)
    # The score is now game points: 3 (2.5) is below 4 (4), 2 (7.5) and 1 (8.5).
    assert ENGINE.pair(state).bye == 3


def test_with_game_points_primary_the_scoregroups_are_game_points() -> None:
    sheet = team_sheet(8, [EIGHT_TEAMS_ROUND_ONE])
    procedure = pair_round(TeamSwissState(sheet, 2, primary=PrimaryScore.GAME_POINTS))
    # Every team has its own score (4, 3.5, 3, 2.5, 1.5, 1, 0.5, 0 for 8, 3, 6, 1, 5, 2, 7,
    # 4): each top scoregroup of one team takes the best upfloater ([C4], [C5]).
    assert [b.pairs for b in procedure.brackets] == [((3, 8),), ((1, 6),), ((2, 5),), ((4, 7),)]


def test_with_game_points_primary_match_points_do_not_order_a_scoregroup() -> None:
    # After two rounds 1, 2, 3 and 4 have 3 game points each: 1 and 4 won a match and lost
    # one (2 match points), 2 drew and lost (1), 3 lost both (0); 8, 6, 5 and 7 have 6.5, 6, 4
    # and 3.5.
    rounds = [
        [(1, 5, 3), (2, 6, 2), (7, 3, 2.5), (4, 8, 0)],
        [(6, 1, 4), (5, 2, 3), (3, 8, 1.5), (7, 4, 1)],
    ]
    sheet = team_sheet(8, rounds)
    procedure = pair_round(TeamSwissState(sheet, 3, primary=PrimaryScore.GAME_POINTS))
    group = next(b for b in procedure.brackets if 1 in b.residents)
    assert [procedure.teams[t].secondary for t in (1, 2, 3, 4)] == [2, 1, 0, 2]
    assert (group.residents, group.upfloaters) == ((1, 2, 3, 4), ())
    # By TPN: top members 1 and 2 meet 3 and 4 (1-3 2-4); ranked by match points (1, 4, 2,
    # 3) the group would pair 1-2 and 4-3.
    assert group.pairs == ((1, 3), (2, 4))


@pytest.mark.parametrize(
    ("preferences", "by_other_score"),
    [
        (ColourPreferences.TYPE_A, False),
        (ColourPreferences.TYPE_B, True),
        (ColourPreferences.NONE, True),
    ],
)
def test_the_colour_settings_leave_the_bye_alone_3_3_2(
    preferences: ColourPreferences, by_other_score: bool
) -> None:
    # 3.3.2: the bye is the first step, before any bracket; 3.4 names no colour criterion.
    sheet = team_sheet(7, SEVEN_TEAMS_THREE_ROUNDS, byes=SEVEN_TEAMS_BYES)
    state = TeamSwissState(
        sheet,
        4,
        planned_rounds=5,
        preferences=preferences,
        secondary_for_colours=by_other_score,
    )
    assert ENGINE.pair(state).bye == 4
