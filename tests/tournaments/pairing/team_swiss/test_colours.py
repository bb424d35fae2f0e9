"""Colour preferences of type A and B (1.7) and the colour allocation of article 4."""

from fractions import Fraction

import pytest

from tournaments.pairing.team_swiss.colours import allocate_colours
from tournaments.pairing.team_swiss.preferences import Preference, colour_preference
from tournaments.pairing.team_swiss.state import ColourPreferences
from tournaments.pairing.team_swiss.teams import PairingTeam
from tournaments.scoring.sheet import Color

W, B = Color.WHITE, Color.BLACK
A, TB, NONE = ColourPreferences.TYPE_A, ColourPreferences.TYPE_B, ColourPreferences.NONE


@pytest.mark.parametrize(
    ("colours", "kind", "last", "expected"),
    [
        ((), A, False, None),  # yet to play
        ((B, B), A, False, Preference(W, False)),  # CD -2: simple
        ((W, B, B), A, False, Preference(W, False)),  # CD -1, two Blacks
        ((W, W, B, B), A, True, Preference(W, False)),  # CD 0, two Blacks, even last round
        ((B, W, W), A, False, Preference(B, False)),  # CD +1, two Whites
        ((W, B, W), A, False, None),  # type A knows no mild preference
        ((W, B, W), TB, False, Preference(B, False)),  # CD +1: mild for Black
        ((B, W, W), TB, False, Preference(B, True)),  # strong
        ((W, W, B, B), TB, True, Preference(W, True)),  # strong, even in the last round
        ((B,), TB, False, Preference(W, False)),  # CD -1
        ((W, B), TB, False, Preference(W, False)),  # CD 0: alternate from the last
        ((W, B), TB, True, None),  # CD 0 in the last round: none
        ((B, B), NONE, False, None),  # preferences not used
    ],
)
def test_colour_preference_1_7(
    colours: tuple[Color, ...], kind: ColourPreferences, last: bool, expected: Preference | None
) -> None:
    assert colour_preference(colours, kind, last) == expected


def team(
    number: int,
    score: int = 0,
    colours: tuple[Color, ...] = (),
    kind: ColourPreferences = A,
    secondary: int = 0,
) -> PairingTeam:
    return PairingTeam(
        number=number,
        score=Fraction(score),
        secondary=Fraction(secondary),
        met=frozenset(),
        colours=tuple(colours),
        matches_played=len(colours),
        bye_barred=False,
        floated_last=False,
        preference=colour_preference(tuple(colours), kind, False),
    )


@pytest.mark.parametrize(
    ("a", "b", "expected", "article"),
    [
        (team(1), team(2), (1, 2), "4.3.1"),  # odd TPN first-team: initial-colour
        (team(2), team(3), (3, 2), "4.3.1"),  # even TPN first-team: the other colour
        (team(2, 1, (B, B)), team(1, 0, (B, W)), (2, 1), "4.3.2"),  # only 2 has one
        (team(1, 2, (W, W)), team(2, 2, (B, B)), (2, 1), "4.3.3"),  # opposite ones
        (team(1, 2, (W, W), TB), team(2, 2, (W, B, W), TB), (2, 1), "4.3.4"),  # strong one
        (team(1, 2, (W, B, W, W, B), A), team(2, 2, (B, W), A), (2, 1), "4.3.5"),  # CD
        (team(1, 2, (W, B, B, W)), team(2, 2, (B, W, W, B)), (2, 1), "4.3.6"),  # alternate
        (team(1, 2, (W,)), team(2, 2, (W,)), (2, 1), "4.3.8"),  # alternate the first-team's
        (team(1, 2, ()), team(2, 2, (W, B)), (2, 1), "4.3.9"),  # the other team's
    ],
)
def test_colour_allocation_4_3(
    a: PairingTeam, b: PairingTeam, expected: tuple[int, int], article: str
) -> None:
    assert allocate_colours(a, b, Color.WHITE, True) == (expected, article)


def test_4_2_the_first_team_has_the_higher_score_then_secondary_score() -> None:
    a, b = team(1, 2, (W,), secondary=5), team(2, 2, (W,), secondary=6)
    assert allocate_colours(a, b, W, True) == ((1, 2), "4.3.8")  # 2 is first-team: Black
    assert allocate_colours(a, b, W, False) == ((2, 1), "4.3.8")  # 1 is, without it
